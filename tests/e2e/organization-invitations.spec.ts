import type { Page } from "@playwright/test";
import { NOTICES, MESSAGES } from "../../app/validation/messages";
import { expectNoAxeViolations, expect, test } from "./support";
import { createAccount, logIn, SENHA, signInThroughApi, uniqueEmail } from "./accounts-support";
import { waitForMail } from "./mail-support";

/**
 * Organisations' members in the browser (issue 43): an administrador invites by e-mail, the
 * link's page accepts or declines, roles change, members are removed or leave. The demo's
 * organisation is shared by every spec: only people invited here join it, and leave it.
 */

const DEMO_ADMIN = { email: "ong@adopet.example", senha: "Adote@2022" };
const DEMO_ORGANIZATION = "ONG Amigos de Quatro Patas";
const SETTINGS = /\/adopet\/organizacoes\/([0-9a-f-]{36})\/configuracoes$/;
const NO_LONGER_VALID =
  "Este convite não vale mais: ele já foi respondido, expirou (vale por 7 dias), foi cancelado ou foi substituído por um novo.";
const OTHER_ACCOUNT =
  "Este convite foi enviado para outro e-mail. Entre com a conta desse e-mail para aceitá-lo, ou peça um novo convite.";
const LAST_ADMINISTRATOR = "A organização precisa de ao menos um administrador: dê esse papel a outra pessoa antes.";

/** The invitation's link e-mailed to `email`, as a path within the site. */
async function invitationPath(email: string, organizacao: string): Promise<string> {
  const mail = await waitForMail(email, new RegExp(`^Convite para a equipe de ${organizacao}$`));
  const link = /https?:\/\/[^\s"]+(\/adopet\/convites\/[A-Za-z0-9_-]{43})/.exec(mail.text ?? "");
  expect(link).not.toBeNull();
  return link![1]!;
}

/** `email` without its middle, as the link's page shows it to anyone but its account. */
const masked = (email: string) => `${email[0]}…${email.slice(email.indexOf("@"))}`;

async function openDemoOrganization(page: Page) {
  await page.goto("/adopet/perfil");
  await page
    .getByRole("navigation", { name: "Suas organizações" })
    .getByRole("link", { name: DEMO_ORGANIZATION })
    .click();
  await expect(page).toHaveURL(SETTINGS);
}

test("an administrador invites by e-mail; the person signs up from the link, accepts, gets another role and is removed", async ({
  page,
}) => {
  await logIn(page, DEMO_ADMIN.email, DEMO_ADMIN.senha);
  await openDemoOrganization(page);
  const settings = new URL(page.url()).pathname;
  const invite = page.getByRole("form", { name: "Convidar" });
  await expect(invite.getByLabel("Papel")).toHaveValue("equipe");

  // Refusals on their fields: an address that is none, then someone already in.
  await invite.getByLabel("Email").fill("nao-e-um-email");
  await invite.getByRole("button", { name: "Enviar convite" }).click();
  await expect(invite.getByLabel("Email")).toHaveAccessibleDescription(MESSAGES.email.format);
  await invite.getByLabel("Email").fill("equipe@adopet.example");
  await invite.getByRole("button", { name: "Enviar convite" }).click();
  await expect(invite.getByLabel("Email")).toHaveAccessibleDescription("Esta pessoa já faz parte da organização.");
  await expectNoAxeViolations(page);

  const email = uniqueEmail("convidada");
  await invite.getByLabel("Email").fill(email);
  await invite.getByLabel("Papel").selectOption({ label: "Equipe" });
  await invite.getByRole("button", { name: "Enviar convite" }).click();
  await expect(page.getByRole("status")).toHaveText(NOTICES.invitationSent);
  const pending = page.getByRole("region", { name: "Convites pendentes" }).getByRole("listitem").filter({
    hasText: email,
  });
  await expect(pending).toContainText(/Equipe · vale até \d{2}\/\d{2}\/\d{4}/);
  await expectNoAxeViolations(page);

  // An invitation sent by mistake is cancelled, behind a confirmation (issue 60).
  const mistaken = uniqueEmail("engano");
  await invite.getByLabel("Email").fill(mistaken);
  await invite.getByRole("button", { name: "Enviar convite" }).click();
  await expect(page.getByRole("status")).toHaveText(NOTICES.invitationSent);
  const wrong = page.getByRole("region", { name: "Convites pendentes" }).getByRole("listitem").filter({
    hasText: mistaken,
  });
  await wrong.getByText("Cancelar convite").click();
  await wrong.getByRole("button", { name: `Cancelar o convite de ${mistaken}` }).click();
  await expect(page.getByRole("status")).toHaveText(NOTICES.invitationCancelled);
  await expect(page.getByRole("region", { name: "Convites pendentes" })).not.toContainText(mistaken);
  await expect(pending).toBeVisible();

  // The link, opened signed out: who invites, to what; the address only hinted at.
  const link = await invitationPath(email, DEMO_ORGANIZATION);
  await page.context().clearCookies();
  await page.goto(link);
  await expect(page).toHaveTitle(`Convite para ${DEMO_ORGANIZATION} | Adopet`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Convite para ${DEMO_ORGANIZATION}`);
  await expect(page.getByText(`convidou você para ${DEMO_ORGANIZATION} como equipe.`)).toBeVisible();
  await expect(page.getByText(email)).toHaveCount(0);
  await expect(page.getByText(masked(email))).toBeVisible();
  await expect(page.getByRole("button", { name: "Aceitar convite" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Recusar" })).toBeVisible();
  await expectNoAxeViolations(page);

  // A new account with that e-mail, and back to the link after login.
  await page.getByRole("link", { name: "Criar conta" }).click();
  await expect(page).toHaveURL(/\/adopet\/cadastro\?voltar=%2Fconvites%2F/);
  await page.getByLabel("Email*").fill(email);
  await page.getByLabel("Nome*").fill("Paula Convidada");
  await page.getByLabel("Senha*", { exact: true }).fill(SENHA);
  await page.getByLabel("Confirma sua senha*").fill(SENHA);
  await page.getByRole("button", { name: "Cadastrar" }).click();
  await expect(page).toHaveURL(/\/adopet\/login\?voltar=%2Fconvites%2F/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Senha", { exact: true }).fill(SENHA);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(new RegExp(`${link}$`));
  await expect(page.getByText(`O convite foi enviado para ${email}, o e-mail da sua conta.`)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Aceitar convite" }).click();
  await expect(page).toHaveURL(new RegExp(`${settings}$`));
  await expect(page.getByRole("status")).toHaveText(NOTICES.invitationAccepted);
  await expect(page.getByText("Seu papel: Equipe")).toBeVisible();
  const members = page.getByRole("region", { name: "Membros" });
  await expect(members.getByRole("listitem").filter({ hasText: "Paula Convidada" })).toContainText(
    /Equipe · desde \d{2}\/\d{2}\/\d{4}/,
  );
  // A member who does not administer reads, and may only leave.
  await expect(page.getByRole("button", { name: "Salvar", exact: true })).toHaveCount(0);
  await expect(page.getByRole("form", { name: "Convidar" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Convites pendentes" })).toHaveCount(0);
  await expect(members.getByRole("combobox")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Sair da organização" })).toBeVisible();

  // The link, used: it says so, and leads to the organisation.
  await page.goto(link);
  await expect(page.getByText(NO_LONGER_VALID)).toBeVisible();
  await expect(page.getByRole("link", { name: "Abrir a organização" })).toHaveAttribute("href", settings);

  // The administrador: the invitation is no longer pending; the new member becomes a foster home.
  await page.context().clearCookies();
  await logIn(page, DEMO_ADMIN.email, DEMO_ADMIN.senha);
  await page.goto(settings);
  await expect(page.getByRole("region", { name: "Convites pendentes" })).not.toContainText(email);
  const row = page
    .getByRole("region", { name: "Membros" })
    .getByRole("listitem")
    .filter({ hasText: "Paula Convidada" });
  // Made administradora, she waits 72 hours for the key and the others (issue 60), unless let through.
  await row.getByLabel("Papel de Paula Convidada").selectOption({ label: "Administrador" });
  await row.getByRole("button", { name: "Salvar papel" }).click();
  await expect(page.getByRole("status")).toHaveText(NOTICES.memberRoleChanged);
  await expect(row).toContainText(/Administrador novo: até \d{2}\/\d{2}\/\d{4}/);
  await row.getByRole("button", { name: "Liberar Paula Convidada agora" }).click();
  await expect(page.getByRole("status")).toHaveText(NOTICES.administratorTrusted);
  await expect(row).not.toContainText("Administrador novo");
  await row.getByLabel("Papel de Paula Convidada").selectOption({ label: "Lar temporário" });
  await row.getByRole("button", { name: "Salvar papel" }).click();
  await expect(page.getByRole("status")).toHaveText(NOTICES.memberRoleChanged);
  await expect(row).toContainText(/Lar temporário · desde/);

  // The only administrador can neither step down nor leave: the refusal is said where it was asked.
  const own = page.getByRole("region", { name: "Membros" }).getByRole("listitem").filter({ hasText: "(você)" });
  await own.getByLabel(/^Papel de /).selectOption({ label: "Equipe" });
  await own.getByRole("button", { name: "Salvar papel" }).click();
  await expect(own.getByRole("alert")).toHaveText(LAST_ADMINISTRATOR);
  await expect(page.getByText("Seu papel: Administrador")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Sair da organização" }).click();
  await expect(page.getByRole("form", { name: "Sair da organização" }).getByRole("alert")).toHaveText(
    LAST_ADMINISTRATOR,
  );

  // Removing is behind a second click.
  await row.getByText("Remover", { exact: true }).click();
  await row.getByRole("button", { name: "Remover Paula Convidada" }).click();
  await expect(page.getByRole("status")).toHaveText(NOTICES.memberRemoved);
  await expect(page.getByRole("region", { name: "Membros" })).not.toContainText("Paula Convidada");
});

test("a demo team member reads the organisation without its administrador's forms", async ({ page }) => {
  await logIn(page, "equipe@adopet.example", "Adote@2022");
  await openDemoOrganization(page);
  await expect(page.getByText("Seu papel: Equipe")).toBeVisible();
  await expect(page.getByText("Só quem administra a organização altera os dados dela.")).toBeVisible();
  await expect(page.getByRole("form", { name: "Convidar" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Membros" }).getByRole("button")).toHaveCount(0);
  // Leaving is offered (and tried by a member of its own below: the demo's team stays as seeded).
  await expect(page.getByRole("button", { name: "Sair da organização" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("an invitation: another account is told it is not theirs, a member leaves, a declined link says so", async ({
  page,
  request,
}) => {
  // An organisation of its own, and two people invited to it through the API.
  const admin = await createAccount(request, "Rita Fundadora");
  const login = await request.post("/adopet/api/session", { data: { email: admin.email, senha: SENHA } });
  expect(login.status()).toBe(200);
  const created = await request.post("/adopet/api/organizacoes", {
    data: { nome: "Gatos do Cachambi", cidade: "Rio de Janeiro", uf: "RJ" },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const member = await createAccount(page.request, "Tiago Voluntário");
  const declining = uniqueEmail("recusa");
  for (const email of [member.email, declining]) {
    const invited = await request.post(`/adopet/api/organizacoes/${id}/convites`, {
      data: { email, papel: "lar_temporario" },
    });
    expect(invited.status()).toBe(201);
  }
  const memberLink = await invitationPath(member.email, "Gatos do Cachambi");
  const declinedLink = await invitationPath(declining, "Gatos do Cachambi");

  // Signed in as someone else: not theirs to accept; the way to change accounts comes back here.
  await signInThroughApi(page);
  await page.goto(memberLink);
  await expect(page.getByText(OTHER_ACCOUNT)).toBeVisible();
  await expect(page.getByText(member.email)).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Aceitar convite" })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Sair e entrar com outra conta" }).click();
  await expect(page).toHaveURL(/\/adopet\/login\?voltar=%2Fconvites%2F/);
  await page.getByLabel("Email").fill(member.email);
  await page.getByLabel("Senha", { exact: true }).fill(SENHA);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(new RegExp(`${memberLink}$`));
  await expect(
    page.getByText("Rita Fundadora convidou você para Gatos do Cachambi como lar temporário."),
  ).toBeVisible();
  await page.getByRole("button", { name: "Aceitar convite" }).click();
  await expect(page.getByText("Seu papel: Lar temporário")).toBeVisible();

  // The member leaves: back to the profile, the organisation no longer theirs.
  await page.getByRole("button", { name: "Sair da organização" }).click();
  await expect(page).toHaveURL(/\/adopet\/perfil$/);
  await expect(page.getByRole("status")).toHaveText(NOTICES.organizationLeft);
  await expect(page.getByRole("navigation", { name: "Suas organizações" })).toHaveCount(0);
  const gone = await page.goto(`/adopet/organizacoes/${id}/configuracoes`);
  expect(gone?.status()).toBe(404);

  // Declined signed out, as the link allows; the link then says it is no longer valid.
  await page.context().clearCookies();
  await page.goto(declinedLink);
  await page.getByRole("button", { name: "Recusar" }).click();
  await expect(page.getByRole("status")).toHaveText(NOTICES.invitationDeclined);
  await expect(page.getByText(NO_LONGER_VALID)).toBeVisible();
  await expect(page.getByRole("button", { name: "Recusar" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Voltar ao início" }).first()).toBeVisible();
  await expectNoAxeViolations(page);
});

test("an invitation's page answers 404 to a malformed or unknown link, without the link in its title", async ({
  page,
}) => {
  const malformed = await page.goto("/adopet/convites/nao-e-um-convite");
  expect(malformed?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Página não encontrada");
  await expect(
    page.getByText("Convite não encontrado. Confira se o link foi copiado inteiro do e-mail."),
  ).toBeVisible();
  const token = "B".repeat(43);
  const unknown = await page.goto(`/adopet/convites/${token}`);
  expect(unknown?.status()).toBe(404);
  expect(await page.title()).not.toContain(token);
  await expectNoAxeViolations(page);
});
