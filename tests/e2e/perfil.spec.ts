import { readFile } from "node:fs/promises";
import sharp from "sharp";
import { MESSAGES } from "../../app/validation/messages";
import { expectNoAxeViolations, expect, test } from "./support";
import { logIn, createAccount, logInThroughForm, SENHA, storedUser } from "./accounts-support";

async function pngFile(name = "foto.png") {
  const buffer = await sharp({ create: { width: 400, height: 400, channels: 3, background: "#fc7071" } })
    .png()
    .toBuffer();
  return { name, mimeType: "image/png", buffer };
}

test.describe("perfil", () => {
  test("is guarded: a visitor who is not signed in goes to login", async ({ page }) => {
    await page.goto("/adopet/perfil");
    await expect(page).toHaveURL(/\/adopet\/login\?voltar=%2Fperfil$/);
  });

  test("the whole journey: sign up, log in, edit the profile with a photo, log out", async ({ page }) => {
    // Sign up.
    await page.goto("/adopet/cadastro");
    const email = `jornada-${Date.now()}@exemplo.com`;
    await page.getByLabel("Email*").fill(email);
    await page.getByLabel("Nome*").fill("Beatriz Souza");
    await page.getByLabel("Senha*", { exact: true }).fill("Abc@123");
    await page.getByLabel("Confirma sua senha*").fill("Abc@123");
    await page.getByRole("button", { name: "Cadastrar" }).click();
    await expect(page.getByRole("status")).toHaveText("Usuário cadastrado com sucesso!");

    // Log in; the header of home shows the avatar placeholder and Sair.
    await logInThroughForm(page, email);
    const { id } = JSON.parse((await storedUser(page))!) as { id: string };
    await expect(page.getByRole("button", { name: "Sair" })).toBeVisible();

    // Perfil, prefilled with what we know.
    await page.getByRole("link", { name: "Perfil de Beatriz Souza" }).click();
    await expect(page).toHaveURL(/\/adopet\/perfil$/);
    await expect(
      page.getByText("Esse é o perfil que aparece para responsáveis ou ONGs que recebem sua mensagem."),
    ).toBeVisible();
    await expect(page.getByRole("heading", { name: "Perfil" })).toBeVisible();
    await expect(page.getByText("Clique na foto para editar")).toBeVisible();
    await expect(page.getByLabel("Nome")).toHaveValue("Beatriz Souza");
    await expect(page.getByLabel("Sobre")).toHaveAttribute("maxlength", "300");

    // A photo, previewed before saving.
    await page.getByLabel("Foto").setInputFiles(await pngFile());
    await expect(page.getByRole("img", { name: "Sua foto de perfil" })).toHaveAttribute("src", /^blob:/);
    await page.getByLabel("Telefone").fill("(21) 98765-4321");
    await page.getByLabel("Cidade").fill("Niterói");
    await page.getByLabel("Sobre").fill("Tenho quintal e muito carinho para dar.");
    await page.getByRole("button", { name: "Salvar" }).click();
    await expect(page.getByRole("status")).toHaveText("Usuário modificado com sucesso!");

    // Saved: the form shows the new values, and the photo is served resized by the app.
    await page.reload();
    await expect(page.getByLabel("Cidade")).toHaveValue("Niterói (RJ)");
    await expect(page.getByLabel("Telefone")).toHaveValue("(21) 98765-4321");
    await expect(page.getByRole("img", { name: "Sua foto de perfil" })).toHaveAttribute(
      "src",
      /^\/adopet\/imagens\/[0-9a-f-]{36}\/320\.webp$/,
    );
    await expect(page.locator(".site-header img.avatar")).toHaveAttribute("src", /\/160\.webp$/);

    // Log out: signed out everywhere, local storage overwritten with empty values.
    await page.getByRole("button", { name: "Sair" }).click();
    await expect(page).toHaveURL(/\/adopet\/$/);
    await expect(page.getByRole("status")).toHaveText("Você saiu da sua conta.");
    expect(JSON.parse((await storedUser(page))!)).toEqual({ id: "", email: "" });
    expect(id).not.toBe("");
    await page.goto("/adopet/perfil");
    await expect(page).toHaveURL(/\/adopet\/login\?voltar=%2Fperfil$/);
  });

  test("says 'Carregando...' while the signed-in user's profile loads", async ({ page, request }) => {
    const { email, nome } = await createAccount(request);
    await logInThroughForm(page, email);
    // Hold the profile's data for a moment, as a slow network would.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/adopet\/perfil\.data/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("link", { name: `Perfil de ${nome}` }).click();
    await expect(page.getByText("Carregando...")).toBeVisible();
    release();
    await expect(page.getByLabel("Nome")).toHaveValue(nome);
    await expect(page.getByText("Carregando...")).toBeHidden();
  });

  test("shows each rule's message", async ({ page, request }) => {
    const { email } = await createAccount(request);
    await logIn(page, email);
    await page.goto("/adopet/perfil");
    await page.getByLabel("Nome").fill("");
    await page.getByRole("button", { name: "Salvar" }).click();
    await expect(page.getByLabel("Nome")).toHaveAccessibleDescription(MESSAGES.nome.required);
    await expect(page.getByLabel("Nome")).toBeFocused();
    await expect(page.getByLabel("Telefone")).toHaveAccessibleDescription(MESSAGES.telefone.required);
    await expect(page.getByLabel("Cidade")).toHaveAccessibleDescription(MESSAGES.cidade.required);
    await expect(page.getByLabel("Sobre")).toHaveAccessibleDescription(MESSAGES.perfilSobre.required);
    await expectNoAxeViolations(page);

    const cases: [string, string, string][] = [
      ["Nome", "B", MESSAGES.nome.min],
      ["Nome", "B".repeat(51), MESSAGES.nome.max],
      ["Nome", "B3atriz", MESSAGES.nome.pattern],
      ["Telefone", "(02) 98765-4321", MESSAGES.telefone.pattern],
      ["Telefone", "20 98765-4321", MESSAGES.telefone.pattern],
      ["Telefone", "21 1234-5678", MESSAGES.telefone.pattern],
      ["Cidade", "R", MESSAGES.cidade.min],
      ["Cidade", "R".repeat(51), MESSAGES.cidade.max],
    ];
    for (const [label, value, message] of cases) {
      await page.getByLabel(label).fill(value);
      await expect(page.getByLabel(label), `${label}: ${value}`).toHaveAccessibleDescription(message);
    }
    // Valid phones: with or without parentheses, space and hyphen; mobiles and landlines.
    for (const phone of ["21987654321", "(11) 3456-7890", "85 99876-5432", "(61)34567890"]) {
      await page.getByLabel("Telefone").fill(phone);
      await expect(page.getByLabel("Telefone"), phone).not.toHaveAttribute("aria-invalid", "true");
    }
  });

  test("refuses a photo that is not jpeg or png at once, and a disguised one on the server", async ({
    page,
    request,
  }) => {
    const { email } = await createAccount(request);
    await logIn(page, email);
    await page.goto("/adopet/perfil");
    const gif = { name: "gato.gif", mimeType: "image/gif", buffer: Buffer.from("GIF89a") };
    await page.getByLabel("Foto").setInputFiles(gif);
    await expect(page.getByText(MESSAGES.foto.type)).toBeVisible();

    // A text file named .png with the PNG type passes the browser's check, not the server's.
    await page
      .getByLabel("Foto")
      .setInputFiles({ name: "foto.png", mimeType: "image/png", buffer: Buffer.from("not an image") });
    await expect(page.getByText(MESSAGES.foto.type)).toBeHidden();
    await page.getByLabel("Telefone").fill("21 98765-4321");
    await page.getByLabel("Cidade").fill("Rio de Janeiro");
    await page.getByLabel("Sobre").fill("Oi");
    await page.getByRole("button", { name: "Salvar" }).click();
    await expect(page.getByText(MESSAGES.foto.type)).toBeVisible();
    await expect(page.getByText("Usuário modificado com sucesso!")).toBeHidden();
  });

  test("the photo picker works from the keyboard", async ({ page, request }) => {
    // Playwright has the browser intercept file choosers once a listener is added, without waiting
    // for it: added just before the key press, under load the press won and no chooser was seen.
    const chooser = page.waitForEvent("filechooser");
    const { email } = await createAccount(request);
    await logIn(page, email);
    await page.goto("/adopet/perfil");
    // Once the page is live: a key pressed while React attaches to the page once opened no chooser.
    await expect(page.locator("html[data-hydrated]")).toBeAttached();
    await page.getByRole("heading", { name: "Perfil" }).click();
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Foto")).toBeFocused();
    await page.keyboard.press("Enter");
    await (await chooser).setFiles(await pngFile());
    await expect(page.getByRole("img", { name: "Sua foto de perfil" })).toHaveAttribute("src", /^blob:/);
  });
});

test.describe("seus dados (LGPD)", () => {
  test("downloads a copy of one's data, then deletes the account after confirming the password", async ({
    page,
    request,
  }) => {
    const account = await createAccount(request, "Davi Rocha");
    await logIn(page, account.email);
    await page.goto("/adopet/perfil");

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Baixar meus dados" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^adopet-meus-dados-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(await readFile(await download.path(), "utf8"));
    expect(exported.conta).toMatchObject({ id: account.id, email: account.email, nome: "Davi Rocha" });

    await page.getByRole("link", { name: "Excluir minha conta" }).click();
    await expect(page).toHaveURL(/\/adopet\/perfil\/excluir$/);
    await expect(page.getByRole("heading", { level: 1, name: "Excluir conta" })).toBeVisible();
    await expectNoAxeViolations(page);

    // Empty, then wrong: messages under the field, and the account stays.
    const senha = page.getByLabel("Digite sua senha para confirmar");
    await page.getByRole("button", { name: "Excluir minha conta" }).click();
    await expect(page.getByText("O campo senha atual não pode estar vazio.")).toBeVisible();
    await senha.fill("Errada@1");
    await page.getByRole("button", { name: "Excluir minha conta" }).click();
    await expect(page.getByText("A senha atual não confere.")).toBeVisible();
    await expect(senha).toHaveAttribute("aria-invalid", "true");

    await senha.fill(SENHA);
    await page.getByRole("button", { name: "Excluir minha conta" }).click();
    await expect(page).toHaveURL(/\/adopet\/$/);
    await expect(page.getByRole("status")).toHaveText("Sua conta e os seus dados foram excluídos da Adopet.");
    expect(JSON.parse((await storedUser(page))!)).toEqual({ id: "", email: "" });

    // The account no longer exists.
    await page.goto("/adopet/login");
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Senha", { exact: true }).fill(SENHA);
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page.getByText(MESSAGES.email.unknown)).toBeVisible();
  });
});
