import type { Page } from "@playwright/test";
import { MESSAGES } from "../../app/validation/messages";
import { expectNoAxeViolations, expect, test } from "./support";
import { logIn, logInThroughForm, SENHA } from "./accounts-support";
import { newCaretaker, publishPet, uniqueCity } from "./pets-support";

const TITLE = "Envie uma mensagem para a pessoa ou instituição que está cuidando do animal:";

async function fillSender(page: Page, text = "Olá! Quero conhecer.") {
  await page.getByLabel("Nome", { exact: true }).fill("Carla Souza");
  await page.getByLabel("Telefone").fill("21 98888-7777");
  await page.getByLabel("Mensagem").fill(text);
}

/** A unique pet name (letters only), so the name search finds just this test's pets. */
function uniqueName() {
  return `Bidu${Math.random()
    .toString(36)
    .replace(/[^a-z]/g, "")
    .slice(0, 6)}`.slice(0, 16);
}

test.describe("contato", () => {
  test("shows the specified texts and every field's messages", async ({ page }) => {
    await page.goto("/adopet/contato");
    await expect(page.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
    await expect(page.getByLabel("Nome", { exact: true })).toHaveAttribute("placeholder", "Insira seu nome completo");
    await expect(page.getByLabel("Telefone")).toHaveAttribute("placeholder", "Insira seu telefone e/ou whatsapp");
    await expect(page.getByLabel("Nome do animal")).toHaveAttribute(
      "placeholder",
      "Por qual animal você se interessou?",
    );
    await expect(page.getByLabel("Mensagem")).toHaveAttribute("placeholder", "Escreva sua mensagem");
    await expect(page.getByLabel("Mensagem")).toHaveAttribute("maxlength", "300");

    await page.getByRole("button", { name: "Enviar" }).click();
    await expect(page.getByLabel("Nome", { exact: true })).toHaveAccessibleDescription(MESSAGES.nome.required);
    await expect(page.getByLabel("Nome", { exact: true })).toBeFocused();
    await expect(page.getByLabel("Telefone")).toHaveAccessibleDescription(MESSAGES.telefone.required);
    await expect(page.getByLabel("Nome do animal")).toHaveAccessibleDescription(MESSAGES.nomeAnimal.required);
    await expect(page.getByLabel("Mensagem")).toHaveAccessibleDescription(MESSAGES.contatoTexto.required);
    await expectNoAxeViolations(page);

    const cases: [string, string, string][] = [
      ["Nome", "C", MESSAGES.nome.min],
      ["Nome", "C".repeat(51), MESSAGES.nome.max],
      ["Nome", "Carla 2", MESSAGES.nome.pattern],
      ["Telefone", "021 98888-7777", MESSAGES.telefone.pattern],
      ["Nome do animal", "B", MESSAGES.nomeAnimal.min],
      ["Nome do animal", "B".repeat(21), MESSAGES.nomeAnimal.max],
    ];
    for (const [label, value, message] of cases) {
      const field = page.getByLabel(label, { exact: true });
      await field.fill(value);
      await expect(field, `${label}: ${value}`).toHaveAccessibleDescription(message);
    }
  });

  test("from a pet card: the pet is the recipient, and the caretaker finds the message in the inbox", async ({
    page,
    request,
    browser,
  }) => {
    const { email } = await newCaretaker(request, "ONG Bom Lar");
    const { cidade, uf } = uniqueCity();
    const nome = uniqueName();
    await publishPet(request, { nome, cidade, uf });

    await page.goto(`/adopet/home?cidade=${encodeURIComponent(cidade)}`);
    await page.getByRole("link", { name: `Falar com responsável por ${nome}` }).click();
    await expect(page).toHaveURL(/\/adopet\/contato\?pet=/);
    await expect(page.getByLabel("Nome do animal")).toHaveValue(nome);
    await expect(page.getByText(`${cidade} (${uf})`)).toBeVisible();
    await fillSender(page, "Tenho quintal grande. <b>Posso visitar?</b>");
    await page.getByRole("button", { name: "Enviar" }).click();
    await expect(page.getByRole("status")).toHaveText("Mensagem enviada com sucesso!");
    // The form is empty again.
    await expect(page).toHaveURL(/\/adopet\/contato$/);
    await expect(page.getByLabel("Mensagem")).toHaveValue("");
    await expect(page.getByLabel("Nome do animal")).toHaveValue("");

    // The caretaker: an unread count on the messages icon, the message in the inbox.
    const caretakerContext = await browser.newContext();
    const caretakerPage = await caretakerContext.newPage();
    await logInThroughForm(caretakerPage, email, SENHA);
    const icon = caretakerPage.getByRole("link", { name: /Caixa de mensagens/ });
    await expect(icon).toHaveAccessibleName("Caixa de mensagens, 1 mensagem não lida");
    await icon.click();
    await expect(caretakerPage).toHaveURL(/\/adopet\/mensagens$/);
    const message = caretakerPage.getByRole("article", { name: `Carla Souza sobre ${nome}` });
    await expect(message).toContainText("Tenho quintal grande. <b>Posso visitar?</b>");
    await expect(message).toContainText("21 98888-7777");
    await expect(message).toContainText("Não lida");
    await expectNoAxeViolations(caretakerPage);
    await message.getByRole("button", { name: "Marcar como lida" }).click();
    await expect(caretakerPage.getByRole("article", { name: `Carla Souza sobre ${nome}` })).not.toContainText(
      "Não lida",
    );
    await expect(caretakerPage.getByRole("link", { name: /Caixa de mensagens/ })).toHaveAccessibleName(
      "Caixa de mensagens",
    );
    await caretakerContext.close();
  });

  test("without a pet: one match is the recipient, several are offered, none is refused", async ({ page, request }) => {
    await newCaretaker(request);
    const single = uniqueName();
    const twin = uniqueName();
    await publishPet(request, { nome: single, cidade: "Maricá" });
    await publishPet(request, { nome: twin, cidade: "Niterói" });
    await publishPet(request, { nome: twin, cidade: "Petrópolis" });

    // None.
    await page.goto("/adopet/contato");
    await fillSender(page);
    await page.getByLabel("Nome do animal").fill("Ninguemcomessenome");
    await page.getByRole("button", { name: "Enviar" }).click();
    await expect(page.getByLabel("Nome do animal")).toHaveAccessibleDescription(
      "Não encontramos nenhum animal disponível com esse nome. Confira o nome ou escolha o animal na página inicial.",
    );
    // The server's answer has been applied to the form once the field with the error has focus.
    await expect(page.getByLabel("Nome do animal")).toBeFocused();

    // One, typed in another case: delivered.
    await page.getByLabel("Nome do animal").fill(single.toUpperCase());
    await page.getByRole("button", { name: "Enviar" }).click();
    await expect(page.getByRole("status")).toHaveText("Mensagem enviada com sucesso!");
    await expect(page.getByLabel("Nome do animal")).toHaveValue("");

    // Several: pick by photo and city, then it is delivered to that one.
    await fillSender(page);
    await page.getByLabel("Nome do animal").fill(twin);
    await page.getByRole("button", { name: "Enviar" }).click();
    await expect(page.getByRole("status")).toHaveText("");
    const choices = page.getByRole("group", {
      name: "Há mais de um animal com esse nome. Escolha para quem vai a mensagem:",
    });
    await expect(choices.getByRole("radio")).toHaveCount(2);
    await expect(page.getByRole("alert")).toHaveText("Escolha um dos animais abaixo.");
    await choices.getByRole("radio", { name: /Petrópolis/ }).check();
    await page.getByRole("button", { name: "Enviar" }).click();
    await expect(page.getByRole("status")).toHaveText("Mensagem enviada com sucesso!");
    // Sent: the choices are gone and the form is empty again.
    await expect(choices).toHaveCount(0);
    await expect(page.getByLabel("Nome do animal")).toHaveValue("");

    const inbox = (await (await request.get("/adopet/api/messages")).json()) as {
      recebidas: { pet: { nome: string } }[];
    };
    expect(inbox.recebidas.map((message) => message.pet.nome).sort()).toEqual([single, twin].sort());
  });

  test("a signed-in sender is not asked for a name or a phone: the message opens a conversation", async ({
    page,
    request,
  }) => {
    const email = `remetente-${Date.now()}@exemplo.com`;
    await request.post("/adopet/api/users", { data: { email, nome: "Paulo Lima", senha: SENHA } });
    await logIn(page, email);
    await page.goto("/adopet/contato");
    await expect(page.getByText("Você escreve como Paulo Lima.", { exact: false })).toBeVisible();
    await expect(page.getByLabel("Nome", { exact: true })).toHaveCount(0);
    await expect(page.getByLabel("Telefone")).toHaveCount(0);
    // The browser's own checks skip the fields that are not there.
    await page.getByRole("button", { name: "Enviar" }).click();
    await expect(page.getByLabel("Nome do animal")).toBeFocused();
  });

  test("another user cannot read the caretaker's messages", async ({ page, request }) => {
    await newCaretaker(request);
    const pet = await publishPet(request, { nome: uniqueName() });
    await request.post("/adopet/api/messages", {
      data: {
        petId: pet.id,
        nome: "Segredo",
        telefone: "21 97777-1111",
        nome__animal: pet.nome,
        contato__texto: "Privado",
      },
    });
    const email = `intruso-${Date.now()}@exemplo.com`;
    await page.request.post("/adopet/api/users", { data: { email, nome: "Intruso", senha: SENHA } });
    await logIn(page, email);
    await page.goto("/adopet/mensagens");
    await expect(page.getByText("Nenhuma mensagem recebida ainda.")).toBeVisible();
    await expect(page.getByRole("main")).not.toContainText("97777-1111");
    const api = await page.request.get("/adopet/api/messages");
    expect(await api.text()).not.toContain("97777-1111");
  });
});

test.describe("contato without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("validates on the server and sends", async ({ page, request }) => {
    await newCaretaker(request);
    const pet = await publishPet(request, { nome: uniqueName() });
    await page.goto(`/adopet/contato?pet=${pet.id}`);
    await page.getByRole("button", { name: "Enviar" }).click();
    await expect(page.getByText(MESSAGES.nome.required)).toBeVisible();
    await expect(page.getByText(MESSAGES.contatoTexto.required)).toBeVisible();
    await fillSender(page);
    await page.getByRole("button", { name: "Enviar" }).click();
    await expect(page.getByText("Mensagem enviada com sucesso!")).toBeVisible();
  });
});
