import { randomInt } from "node:crypto";
import { expectNoAxeViolations, expectNoHorizontalScroll, WIDTHS, expect, test, saveScreenshot } from "./support";
import { createAccount, SENHA } from "./accounts-support";
import { waitForMail } from "./mail-support";
import { newCaretaker, publishPet } from "./pets-support";

test.describe("alerts", () => {
  test("a search saved from the feed (signed out: login and back), managed, e-mailed and cancelled from the e-mail", async ({
    page,
    playwright,
    browser,
  }) => {
    const marker = `alertinha${randomInt(1_000_000)}`;
    const { email } = await createAccount(page.request, "Lia Alerta");
    // A fresh context: signed out.
    await page.context().clearCookies();

    await page.goto(`/adopet/home?especie=gato&q=${marker}`);
    await page.getByRole("button", { name: "Avise-me sobre novos animais" }).click();
    await expect(page).toHaveURL(/\/adopet\/login\?voltar=/);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Senha", { exact: true }).fill(SENHA);
    await page.getByRole("button", { name: "Entrar" }).click();
    // Back to the same search, to press again.
    await expect(page).toHaveURL(new RegExp(`/adopet/home\\?especie=gato&q=${marker}$`));
    await page.getByLabel("Receber").selectOption({ label: "Assim que forem publicados" });
    await page.getByRole("button", { name: "Avise-me sobre novos animais" }).click();

    await expect(page).toHaveURL(/\/adopet\/alertas$/);
    await expect(page.getByText("Alerta criado! Você receberá um e-mail quando chegarem animais assim.")).toBeVisible();
    const search = `Gatos · “${marker}”`;
    await expect(page.getByRole("heading", { level: 2, name: search })).toBeVisible();
    await expect(page.getByLabel("Receber")).toHaveValue("imediata");
    await expectNoAxeViolations(page);

    // Daily instead, then at once again: each change is saved and said.
    await page.getByLabel("Receber").selectOption("diaria");
    await page.getByRole("button", { name: "Salvar" }).click();
    await expect(page.getByText("Alerta atualizado.")).toBeVisible();
    await expect(page.getByLabel("Receber")).toHaveValue("diaria");
    await page.getByLabel("Receber").selectOption("imediata");
    await page.getByRole("button", { name: "Salvar" }).click();
    await expect(page.getByLabel("Receber")).toHaveValue("imediata");
    // "Ver animais" is the feed with that search.
    await expect(page.getByRole("link", { name: "Ver animais" })).toHaveAttribute(
      "href",
      `/adopet/home?q=${marker}&especie=gato`,
    );

    // A caretaker publishes a matching cat: the e-mail comes, with the cat and a way out.
    const ong = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    await newCaretaker(ong, "ONG Miados");
    await publishPet(ong, { nome: "Jabuticaba", especie: "gato", sexo: "femea", perfil: `Dengosa, ${marker}` });
    await ong.dispose();
    const mail = await waitForMail(email, /^Jabuticaba está esperando um lar/);
    const cancelLink = /href="([^"]*\/adopet\/alertas\/cancelar\?token=[^"]+)"/.exec(String(mail.html))![1]!;

    // The link works without a login, and asks before cancelling.
    const stranger = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const outside = await stranger.newPage();
    await outside.goto(cancelLink.replace(/&amp;/g, "&"));
    await expect(outside.getByRole("heading", { level: 1, name: "Cancelar alerta" })).toBeVisible();
    await expect(outside.getByText(search)).toBeVisible();
    await expectNoAxeViolations(outside);
    for (const width of WIDTHS) {
      await outside.setViewportSize({ width, height: 740 });
      await expectNoHorizontalScroll(outside);
      await saveScreenshot(outside, `alertas-cancelar-${width}.png`, { fullPage: true });
    }
    await outside.getByRole("button", { name: "Cancelar alerta" }).click();
    await expect(outside.getByText("Alerta cancelado. Você não receberá mais e-mails dele.")).toBeVisible();
    await expectNoAxeViolations(outside);
    await stranger.close();

    await page.goto("/adopet/alertas");
    await expect(page.getByText("Você ainda não tem alertas.")).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("an alert is deleted from its page, and a link not signed here says so", async ({ page }) => {
    const { email } = await createAccount(page.request, "Rui Remove");
    expect((await page.request.post("/adopet/api/session", { data: { email, senha: SENHA } })).status()).toBe(200);
    const created = await page.request.post("/adopet/api/alertas", {
      data: { filtros: { especie: "cao", porte: "grande", perto: "Niterói (RJ)", raio: 50 } },
    });
    expect(created.status()).toBe(201);
    await page.goto("/adopet/alertas");
    const search = "Cães · porte Grande · até 50 km de Niterói (RJ)";
    await expect(page.getByRole("heading", { level: 2, name: search })).toBeVisible();
    await page.getByRole("button", { name: `Excluir o alerta ${search}` }).click();
    await expect(page.getByText("Alerta excluído.")).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: search })).toHaveCount(0);

    await page.goto("/adopet/alertas/cancelar?token=nao-assinado.xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx");
    await expect(page.getByRole("alert")).toHaveText(
      "Este link de cancelamento não é válido. Você pode gerenciar seus alertas em Alertas, depois de entrar.",
    );
    await expectNoAxeViolations(page);
  });
});
