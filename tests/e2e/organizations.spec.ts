import fs from "node:fs";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { NOTICES } from "../../app/validation/messages";
import { CONFIRMATION_MESSAGES, ONG_MESSAGES } from "../../app/validation/accounts";
import { ORGANIZATION_MESSAGES, PANEL_MESSAGES } from "../../app/validation/organizations";
import { expectNoAxeViolations, expect, test } from "./support";
import { createAccount, logIn, signInThroughApi } from "./accounts-support";

/** Organisations (issue 43) in the browser: creating one, its page for its members only. */

/** A CNPJ of its own, with right check digits (another test may hold any fixed one). */
function newCnpj(): string {
  const digits = Array.from({ length: 8 }, () => Math.floor(Math.random() * 10)).concat([0, 0, 0, 1]);
  const check = (base: number[]) => {
    const weights = base.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const rest = base.reduce((total, digit, index) => total + digit * weights[index]!, 0) % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  const first = check(digits);
  const all = [...digits, first, check([...digits, first])].join("");
  return `${all.slice(0, 2)}.${all.slice(2, 5)}.${all.slice(5, 8)}/${all.slice(8, 12)}-${all.slice(12)}`;
}

/** A new organisation in Niterói, made through the API by the page's signed-in account; its id. */
async function createOrganization(page: Page, nome: string): Promise<string> {
  const created = await page.request.post("/adopet/api/organizacoes", { data: { nome, cidade: "Niterói", uf: "RJ" } });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

const SETTINGS = /\/adopet\/organizacoes\/([0-9a-f-]{36})\/configuracoes$/;

test("a person creates an organisation, is its administrador, changes its name; anyone else is told it does not exist", async ({
  page,
}) => {
  const { nome } = await signInThroughApi(page);
  await page.goto("/adopet/perfil");
  await page.getByRole("navigation", { name: "Conta" }).getByRole("link", { name: "Criar organização" }).click();
  await expect(page).toHaveURL(/\/adopet\/organizacoes\/nova$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Criar organização");
  await expectNoAxeViolations(page);

  // Everything refused at once: the name is asked for, and the first error is focused.
  await page.getByRole("button", { name: "Criar organização" }).click();
  await expect(page.getByLabel("Nome")).toBeFocused();
  await expect(page.getByLabel("Nome")).toHaveAccessibleDescription(ORGANIZATION_MESSAGES.nomeRequired);
  await expect(page.getByLabel("Estado (UF)")).toHaveAccessibleDescription(ORGANIZATION_MESSAGES.uf);

  await page.getByLabel("Nome").fill("Patas Unidas");
  await page.getByLabel("CNPJ (opcional)").fill("11.222.333/0001-82");
  await page.getByLabel("Cidade").fill("Niterói");
  await page.getByLabel("Cidade").press("Escape");
  await page.getByLabel("Estado (UF)").selectOption("RJ");
  await page.getByLabel("Sobre (opcional)").fill("Resgatamos cães e gatos em Niterói desde 2019.");
  await expect(page.getByLabel("Sobre (opcional)")).toHaveAttribute("maxlength", "1000");
  await page.getByRole("button", { name: "Criar organização" }).click();
  await expect(page.getByLabel("CNPJ (opcional)")).toBeFocused();
  await expect(page.getByText(ONG_MESSAGES.cnpj)).toBeVisible();
  await expectNoAxeViolations(page);

  // A right CNPJ, and the form sent with Enter from a text field.
  const cnpj = newCnpj();
  await page.getByLabel("CNPJ (opcional)").fill(cnpj);
  await page.getByLabel("Nome").press("Enter");
  await expect(page).toHaveURL(SETTINGS);
  const id = SETTINGS.exec(page.url())![1]!;
  await expect(page.getByRole("status")).toHaveText(NOTICES.organizationCreated);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Patas Unidas");
  await expect(page.getByText("Seu papel: Administrador")).toBeVisible();
  await expect(page.getByText(/Ainda não verificada: a equipe da Adopet dá o selo/)).toBeVisible();
  await expect(page.getByLabel("Nome", { exact: true })).toHaveValue("Patas Unidas");
  await expect(page.getByLabel("CNPJ (opcional)")).toHaveValue(cnpj);
  await expect(page.getByLabel("Cidade", { exact: true })).toHaveValue("Niterói");
  await expect(page.getByLabel("Estado (UF)")).toHaveValue("RJ");
  await expect(page.getByLabel("Sobre (opcional)")).toHaveValue("Resgatamos cães e gatos em Niterói desde 2019.");
  const members = page.getByRole("region", { name: "Membros" }).getByRole("listitem");
  await expect(members).toHaveCount(1);
  await expect(members.first()).toContainText(nome);
  await expect(members.first()).toContainText(/Administrador · desde \d{2}\/\d{2}\/\d{4}/);
  await expectNoAxeViolations(page);

  // The administrador changes the name; the CNPJ emptied is removed.
  await page.getByLabel("Nome", { exact: true }).fill("Patas Unidas de Niterói");
  await page.getByLabel("CNPJ (opcional)").fill("");
  await page.getByRole("button", { name: "Salvar", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText(NOTICES.organizationSaved);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Patas Unidas de Niterói");
  await expect(page.getByLabel("CNPJ (opcional)")).toHaveValue("");
  const api = (await (await page.request.get(`/adopet/api/organizacoes/${id}`)).json()) as Record<string, unknown>;
  expect(api).toMatchObject({ nome: "Patas Unidas de Niterói", cnpj: null, cidade: "Niterói", uf: "RJ" });

  // The profile lists it, with the role.
  await page.goto("/adopet/perfil");
  const listed = page.getByRole("navigation", { name: "Suas organizações" });
  await expect(listed).toContainText("Patas Unidas de Niterói · Administrador");
  await listed.getByRole("link", { name: "Patas Unidas de Niterói" }).click();
  await expect(page).toHaveURL(new RegExp(`/adopet/organizacoes/${id}/configuracoes$`));

  // Someone else: not a member, so it does not exist for them, nor may they change it.
  await signInThroughApi(page);
  const response = await page.goto(`/adopet/organizacoes/${id}/configuracoes`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Página não encontrada");
  await expect(page.getByText("Organização não encontrada.")).toBeVisible();
  const posted = await page.request.post(`/adopet/organizacoes/${id}/configuracoes`, {
    form: { nome: "Tomada", cidade: "Niterói", uf: "RJ" },
    maxRedirects: 0,
  });
  expect(posted.status()).toBe(404);
  const after = (await (await page.request.get(`/adopet/api/organizacoes/${id}`)).json()) as Record<string, unknown>;
  expect(after.nome).not.toBe("Tomada");
});

test("an organisation's page answers 404 to a malformed id, and asks who is not signed in to log in", async ({
  page,
}) => {
  const signedOut = await page.goto("/adopet/organizacoes/nova");
  expect(signedOut?.status()).toBe(200);
  await expect(page).toHaveURL(/\/adopet\/login\?voltar=%2Forganizacoes%2Fnova$/);
  await signInThroughApi(page);
  const response = await page.goto("/adopet/organizacoes/nao-e-um-id/configuracoes");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Página não encontrada");
  const unknown = await page.goto("/adopet/organizacoes/00000000-0000-4000-8000-000000000000/configuracoes");
  expect(unknown?.status()).toBe(404);
});

test("an account whose e-mail is not confirmed is told why it cannot create an organisation yet", async ({
  page,
  request,
}) => {
  const { email } = await createAccount(request, "Clara Espera", { confirmed: false });
  await logIn(page, email);
  const response = await page.goto("/adopet/organizacoes/nova");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("alert")).toHaveText(CONFIRMATION_MESSAGES.required);
  await expect(page.getByLabel("Nome", { exact: true })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test("the activity log tells the administrador who did what; a team member is refused it", async ({ page }) => {
  const { nome } = await signInThroughApi(page);
  const id = await createOrganization(page, "Registro Vivo");
  await page.goto(`/adopet/organizacoes/${id}/configuracoes`);
  await page.getByRole("link", { name: "Ver a atividade da organização" }).click();
  await expect(page).toHaveURL(new RegExp(`/adopet/organizacoes/${id}/atividade$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Atividade de Registro Vivo");
  const log = page.getByRole("list", { name: "Registros" }).getByRole("listitem");
  const entries = log.filter({ hasText: "criou a organização" });
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText(nome);
  await expect(entries.first().locator("time")).toHaveText(/\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}/);

  // A change of its data is there too, newest first.
  await page.goto(`/adopet/organizacoes/${id}/configuracoes`);
  await page.getByLabel("Sobre (opcional)").fill("Cães e gatos de Niterói.");
  await page.getByRole("button", { name: "Salvar", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText(NOTICES.organizationSaved);
  await page.goto(`/adopet/organizacoes/${id}/atividade`);
  await expect(log.first()).toContainText(`${nome} alterou os dados da organização (sobre)`);
  await expectNoAxeViolations(page);

  // A page that is no page; and the demo team member, who is not an administrador.
  expect((await page.goto(`/adopet/organizacoes/${id}/atividade?antes=ontem`))?.status()).toBe(400);
  await page.context().clearCookies();
  await logIn(page, "equipe@adopet.example", "Adote@2022");
  await page.goto("/adopet/perfil");
  await page
    .getByRole("navigation", { name: "Suas organizações" })
    .getByRole("link", { name: "ONG Amigos de Quatro Patas" })
    .click();
  // The URL is read once the click has navigated (read before, it was the profile's).
  await expect(page).toHaveURL(/\/configuracoes$/);
  const demoSettings = new URL(page.url()).pathname;
  const refused = await page.goto(demoSettings.replace(/configuracoes$/, "atividade"));
  expect(refused?.status()).toBe(403);
  await expect(page.getByText("Só quem administra a organização pode fazer isso.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Ver a atividade da organização" })).toHaveCount(0);
});

test("the panel shows a team member the organisation's figures month by month, refuses a backwards range beside its field, and gives the CSV", async ({
  page,
}) => {
  await logIn(page, "equipe@adopet.example", "Adote@2022");
  await page.goto("/adopet/perfil");
  await page
    .getByRole("navigation", { name: "Suas organizações" })
    .getByRole("link", { name: "ONG Amigos de Quatro Patas" })
    .click();
  await page.getByRole("link", { name: "Ver o painel da organização" }).click();
  await expect(page).toHaveURL(/\/organizacoes\/[0-9a-f-]{36}\/painel$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Painel de ONG Amigos de Quatro Patas");
  const table = page.getByRole("region", { name: /Números por mês/ }).getByRole("table");
  // Twelve months and the total; the demo's animals were all published this month.
  await expect(table.locator("tbody tr")).toHaveCount(12);
  await expect(table.locator("tfoot th")).toHaveText("Total");
  const intake = page.getByRole("definition").first();
  await expect(intake).not.toHaveText("0");
  await expectNoAxeViolations(page);

  // The table scrolls by keyboard on a phone.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.getByRole("region", { name: /Números por mês/ }).focus();
  await expect(page.getByRole("region", { name: /Números por mês/ })).toBeFocused();
  await page.setViewportSize({ width: 1280, height: 720 });

  await page.getByLabel("De").fill("2026-05");
  await page.getByLabel("Até").fill("2026-04");
  await page.getByRole("button", { name: "Ver período" }).click();
  await expect(page.getByLabel("De")).toHaveAccessibleDescription(PANEL_MESSAGES.ordem);
  await expect(table.locator("tbody tr")).toHaveCount(12);
  await expectNoAxeViolations(page);

  await page.getByLabel("De").fill("2026-01");
  await page.getByRole("button", { name: "Ver período" }).click();
  await expect(page).toHaveURL(/de=2026-01&ate=2026-04$/);
  await expect(table.locator("tbody tr")).toHaveCount(4);
  await expect(table.locator("tbody th").first()).toHaveText("jan/2026");

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Baixar CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("painel-2026-01-a-2026-04.csv");
  // For a spreadsheet in Brazil: a BOM, `;` between cells.
  const csv = fs.readFileSync((await file.path())!, "utf8");
  expect(csv.split("\r\n")[0]).toMatch(/^\uFEFFmes;entradas;adocoes;devolucoes;em_lar_temporario;/);
  expect(
    csv
      .split("\r\n")
      .slice(1, 5)
      .map((row) => row.split(";")[0]),
  ).toEqual(["2026-01", "2026-02", "2026-03", "2026-04"]);
});

test("the header names the organisation a person works in, with its menu, and switches to another of theirs", async ({
  page,
}) => {
  await signInThroughApi(page);
  const bar = page.getByRole("navigation", { name: "Menu da organização" });
  const first = await createOrganization(page, "Abrigo Primeiro");
  await page.goto("/adopet/perfil");
  await expect(bar.getByRole("link", { name: "Abrigo Primeiro" })).toHaveAttribute(
    "href",
    `/adopet/organizacoes/${first}/hoje`,
  );
  // One organisation: nothing to switch to.
  await expect(bar.getByText("Trocar de organização")).toHaveCount(0);
  await expect(bar.getByRole("link")).toHaveText([
    "Abrigo Primeiro",
    "Hoje",
    "Animais",
    "Candidaturas",
    "Mensagens",
    "Lares",
    "Saúde",
    "Contas",
    "Painel",
    "Atividade",
    "Lixeira",
    "Configurações",
  ]);

  const second = await createOrganization(page, "Abrigo Segundo");
  await page.goto("/adopet/perfil");
  await bar.getByText("Trocar de organização").click();
  const others = bar.getByRole("list", { name: "Suas outras organizações" });
  await expect(others.getByRole("link")).toHaveText(["Abrigo Segundo"]);
  await expectNoAxeViolations(page);
  await others.getByRole("link", { name: "Abrigo Segundo" }).click();
  await expect(page).toHaveURL(new RegExp(`/adopet/organizacoes/${second}/hoje$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hoje");
  // The one opened last is the one the header names, from any page.
  await page.goto("/adopet/favoritos");
  await expect(bar.getByRole("link", { name: "Abrigo Segundo" })).toBeVisible();
  await bar.getByText("Trocar de organização").click();
  await expect(others.getByRole("link")).toHaveText(["Abrigo Primeiro"]);
});

test("a person in two organisations chooses whose termo and follow-up days the page shows, and saves them for that one", async ({
  page,
}) => {
  await signInThroughApi(page);
  const first = await createOrganization(page, "Abrigo Aurora");
  const second = await createOrganization(page, "Abrigo Brisa");
  await page.goto("/adopet/meus-pets/termo");
  const picker = page.getByLabel("Organização", { exact: true });
  // The first by name until another is chosen.
  await expect(picker).toHaveValue(first);
  await expectNoAxeViolations(page);
  await picker.selectOption({ label: "Abrigo Brisa" });
  await page.getByRole("button", { name: "Trocar" }).click();
  await expect(page).toHaveURL(new RegExp(`/adopet/meus-pets/termo\\?organizacao=${second}$`));
  // The URL changes a moment before the page shows the new organisation's forms: typing
  // earlier would type into the form about to be replaced.
  await expect(page.locator(`form[action*="organizacao=${second}"]`).first()).toBeAttached();
  await page.getByLabel("Dias do acompanhamento").fill("4, 40");
  await page.getByRole("button", { name: "Salvar os dias" }).click();
  await expect(page.getByText(NOTICES.checkinDaysSaved)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`\\?organizacao=${second}$`));
  await expect(page.getByLabel("Dias do acompanhamento")).toHaveValue("4, 40");
  // The other organisation's days did not change.
  await picker.selectOption({ label: "Abrigo Aurora" });
  await page.getByRole("button", { name: "Trocar" }).click();
  await expect(page).toHaveURL(new RegExp(`\\?organizacao=${first}$`));
  await expect(page.getByLabel("Dias do acompanhamento")).toHaveValue("7, 30, 90");
  // Its activity log says who changed what.
  await page.goto(`/adopet/organizacoes/${second}/atividade`);
  await expect(page.getByText("mudou os dias do acompanhamento para 4, 40")).toBeVisible();
});

test("an administrador gives the organisation a logo from its page, sees it before saving, and takes it off", async ({
  page,
}) => {
  await signInThroughApi(page);
  const id = await createOrganization(page, "Abrigo Logotipo");
  await page.goto(`/adopet/organizacoes/${id}/configuracoes`);
  const logo = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#2e7d32" } })
    .png()
    .toBuffer();
  await page.getByLabel("Imagem do logo").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: logo });
  await expect(page.getByRole("img", { name: "Logo de Abrigo Logotipo" })).toHaveAttribute("src", /^blob:/);
  await page.getByRole("button", { name: "Salvar o logo" }).click();
  await expect(page.getByText(NOTICES.organizationLogoSaved)).toBeVisible();
  await expect(
    page.locator(".organization__header").getByRole("img", { name: "Logo de Abrigo Logotipo" }),
  ).toHaveAttribute("src", /\/adopet\/imagens\/.+\.webp$/);
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Tirar o logo" }).click();
  await expect(page.getByText(NOTICES.organizationLogoRemoved)).toBeVisible();
  await expect(page.locator(".organization__header img")).toHaveCount(0);
});
