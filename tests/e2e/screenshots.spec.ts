import sharp from "sharp";
import type { Page } from "@playwright/test";
import { expectNoAxeViolations, expectNoHorizontalScroll, WIDTHS, expect, test, saveScreenshot } from "./support";
import {
  confirmationPath,
  createAccount,
  logIn,
  OPERATOR,
  SENHA,
  signInThroughApi,
  uniqueEmail,
} from "./accounts-support";
import { waitForMail } from "./mail-support";

/**
 * Every page at 360, 768 and 1440 px: it fits the width and axe finds nothing. With
 * SCREENSHOTS_DIR set, each is also saved there as a full-page PNG, to be looked at
 * (SCREENSHOTS_DIR=test-results/screenshots, which git does not see; SCREENSHOTS_DIR=docs/screenshots
 * refreshes the committed ones, on purpose). CI reads no picture, and writes none.
 */

const SIGNED_OUT = [
  { name: "boas-vindas", path: "/adopet/" },
  { name: "cadastro", path: "/adopet/cadastro" },
  { name: "login", path: "/adopet/login" },
  { name: "senha-esqueci", path: "/adopet/senha/esqueci" },
  { name: "senha-nova", path: `/adopet/senha/nova?token=${"A".repeat(43)}` },
  { name: "home", path: "/adopet/home" },
  { name: "contato", path: "/adopet/contato" },
  { name: "404", path: "/adopet/pagina-que-nao-existe" },
  { name: "privacidade", path: "/adopet/privacidade" },
  { name: "termos-de-uso", path: "/adopet/termos-de-uso" },
  { name: "termos-verificar", path: "/adopet/termos/verificar" },
  { name: "finais-felizes", path: "/adopet/finais-felizes" },
  { name: "lar-temporario-visitante", path: "/adopet/lar-temporario" },
  { name: "lar-temporario-precisam", path: "/adopet/lar-temporario/precisam" },
];
const SIGNED_IN = [
  { name: "perfil", path: "/adopet/perfil" },
  { name: "perfil-senha", path: "/adopet/perfil/senha" },
  { name: "perfil-excluir", path: "/adopet/perfil/excluir" },
  { name: "meus-pets-novo", path: "/adopet/meus-pets/novo" },
  { name: "meus-pets", path: "/adopet/meus-pets" },
  { name: "favoritos", path: "/adopet/favoritos" },
  { name: "alertas", path: "/adopet/alertas" },
  { name: "mensagens", path: "/adopet/mensagens" },
  { name: "meus-pets-termo", path: "/adopet/meus-pets/termo" },
  { name: "organizacoes-nova", path: "/adopet/organizacoes/nova" },
  { name: "lar-temporario", path: "/adopet/lar-temporario" },
];

/**
 * The page as it stands, at each width in turn (narrowest first, the widest last, so what the
 * test does next happens at the desktop's): it fits, axe finds nothing, and it is saved.
 * Resizing one loaded page instead of loading it three times keeps the suite short.
 */
async function capture(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready);
  for (const width of WIDTHS) {
    await page.setViewportSize(viewportOf(width));
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, `${name}-${width}.png`, { fullPage: true });
  }
}

const viewportOf = (width: number) => ({ width, height: width < 768 ? 740 : 900 });

test.describe("at 360, 768 and 1440 px", () => {
  test.use({ viewport: viewportOf(WIDTHS.at(-1)!) });
  // Every page is checked by axe and saved three times; a test of seven pages took two minutes
  // on a CI runner beside the other worker.
  test.describe.configure({ timeout: 300_000 });

  for (const { name, path } of SIGNED_OUT) {
    test(`${name} fits, passes axe, and is saved`, async ({ page }) => {
      await page.goto(path);
      await capture(page, name);
    });
  }

  test("a pet's page fits, passes axe, and is saved", async ({ page, request }) => {
    const feed = (await (await request.get("/adopet/api/pets?cidade=Rio%20de%20Janeiro")).json()) as {
      pets: { id: string; nome: string }[];
    };
    const dunga = feed.pets.find((pet) => pet.nome === "Dunga")!;
    await page.goto(`/adopet/pets/${dunga.id}`);
    await capture(page, "pet");
    // The report form, with Maus-tratos chosen (its explanation shows); not sent.
    await page.getByRole("link", { name: "Denunciar" }).click();
    await page.getByLabel("Maus-tratos").check();
    await expect(page.getByRole("note")).toContainText("Lei 14.064/2020");
    await capture(page, "denunciar");
    await page.goBack();
    // Gifts by Pix (issue 46): sponsoring Dunga with a suggested amount, then the NGO's own page.
    await page.getByRole("link", { name: "Apadrinhe", exact: true }).click();
    await page.getByRole("link", { name: "R$ 50" }).click();
    await expect(page.getByLabel("Pix copia e cola")).toBeVisible();
    await capture(page, "apadrinhe");
    await page.goto(`/adopet/pets/${dunga.id}`);
    await page.getByRole("link", { name: "ONG Amigos de Quatro Patas" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("ONG Amigos de Quatro Patas");
    await capture(page, "responsavel");
    await page.getByRole("link", { name: "Doe", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Doe para ONG Amigos de Quatro Patas");
    await capture(page, "doe");
  });

  test("the feed searched near a city fits, passes axe, and is saved", async ({ page }) => {
    await page.goto("/adopet/home?perto=3304557&raio=50");
    await expect(page.getByRole("combobox", { name: "Perto de" })).toHaveValue("Rio de Janeiro (RJ)");
    await capture(page, "home-perto");
  });

  test("the demo adopter's alerts and sponsorship fit, pass axe, and are saved", async ({ page }) => {
    await logIn(page, "adotante@adopet.example", "Adote@2022");
    await page.goto("/adopet/alertas");
    await expect(page.getByRole("heading", { level: 2, name: "Gatos · até 25 km de Niterói (RJ)" })).toBeVisible();
    await capture(page, "alertas-demo");
    // Her sponsorship of Dunga (issue 46), with the month's code shown.
    await page.goto("/adopet/apadrinhamentos");
    await page.getByRole("link", { name: "Ver o código Pix do mês" }).click();
    await expect(page.getByLabel("Pix copia e cola")).toBeVisible();
    await capture(page, "apadrinhamentos");
  });

  test("the demo adopter's applications fit, pass axe, and are saved", async ({ page }) => {
    await logIn(page, "adotante@adopet.example", "Adote@2022");
    await page.goto("/adopet/candidaturas");
    await expect(page.getByRole("heading", { level: 2, name: "Dunga" })).toBeVisible();
    await capture(page, "candidaturas");
    await page.getByRole("link", { name: "Dunga" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sua candidatura para Dunga");
    await capture(page, "candidatura-adotante");
    // The form, for a pet the adopter has not applied for.
    // Found by name: other tests publish pets, and the feed's first page changes.
    await page.goto("/adopet/home?q=Felícia");
    await page.getByRole("link", { name: "Felícia", exact: true }).click();
    await page.getByRole("link", { name: "Quero adotar" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Quero adotar Felícia");
    await capture(page, "pet-adotar");
  });

  test("the demo NGO's pipeline and questionnaire fit, pass axe, and are saved", async ({ page }) => {
    await logIn(page, "ong@adopet.example", "Adote@2022");
    await page.goto("/adopet/candidaturas/recebidas");
    await expect(page.getByText("5 candidaturas")).toBeVisible();
    await capture(page, "candidaturas-recebidas");
    // The filter by animal, its suggestions open.
    await page.getByLabel("Animal", { exact: true }).fill("d");
    await expect(page.getByRole("option", { name: "Dunga" })).toBeVisible();
    await capture(page, "candidaturas-recebidas-animal");
    await page.getByRole("link", { name: "Carla Souza · Dunga" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Carla Souza quer adotar Dunga");
    await capture(page, "candidatura-responsavel");
    await page.goto("/adopet/meus-pets/questionario");
    await expect(page.getByRole("group", { name: "Pergunta 11" })).toBeVisible();
    await capture(page, "meus-pets-questionario");
    // Sirius's termo, issued and waiting for the adopter (the demo's).
    await page.goto("/adopet/candidaturas/recebidas");
    await page.getByRole("link", { name: "Carla Souza · Sirius" }).click();
    await page.getByRole("link", { name: "Abrir o termo de adoção" }).click();
    await expect(page.getByText("Aguardando a assinatura de quem adota")).toBeVisible();
    await capture(page, "candidatura-termo");
    // Bolota's adoption (the demo's): its follow-up, its happy ending published, the return's form.
    await page.goto("/adopet/candidaturas/recebidas");
    await page.getByRole("link", { name: "Carla Souza · Bolota" }).click();
    await expect(page.getByRole("region", { name: "Final feliz" })).toContainText("Publicada em");
    await capture(page, "candidatura-adotada");
    // Sid's, whose visit is at his foster home (the demo's): the step's own form.
    await page.goto("/adopet/candidaturas/recebidas");
    await page.getByRole("link", { name: "Carla Souza · Sid" }).click();
    await expect(page.getByRole("region", { name: "Visita", exact: true })).toContainText("No lar temporário de");
    await capture(page, "candidatura-visita-lar");
  });

  test("the demo NGO's volunteer: his applications (Minhas), the team's conversation and the panel fit, pass axe, and are saved", async ({
    page,
  }) => {
    await logIn(page, "equipe@adopet.example", "Adote@2022");
    await page.goto("/adopet/candidaturas/recebidas?minhas=1");
    await expect(page.getByText("Atribuída a Lucas Voluntário")).toBeVisible();
    await capture(page, "candidaturas-minhas");
    await page.goto("/adopet/mensagens?minhas=1");
    await page.getByRole("link", { name: "Carla Souza · Dunga" }).click();
    await expect(page.getByLabel("Atribuída a")).toBeVisible();
    await capture(page, "mensagem-equipe");
    await page.goto("/adopet/perfil");
    await page
      .getByRole("navigation", { name: "Suas organizações" })
      .getByRole("link", { name: "ONG Amigos de Quatro Patas" })
      .click();
    await page.getByRole("link", { name: "Ver o painel da organização" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Painel de ONG Amigos de Quatro Patas");
    await capture(page, "organizacao-painel");
  });

  test("the questionnaire of a person in two organisations, with whose it is, fits, passes axe, and is saved", async ({
    page,
  }) => {
    const account = await createAccount(page.request, "Bia Dupla");
    await logIn(page, account.email);
    for (const nome of ["Abrigo Aurora", "Abrigo Brisa"]) {
      const created = await page.request.post("/adopet/api/organizacoes", {
        data: { nome, cidade: "Niterói", uf: "RJ" },
      });
      expect(created.status()).toBe(201);
    }
    await page.goto("/adopet/meus-pets/questionario");
    await expect(page.getByLabel("Organização", { exact: true })).toBeVisible();
    await capture(page, "meus-pets-questionario-organizacoes");
  });

  test("the transfer page of one of the demo NGO's animals fits, passes axe, and is saved", async ({ page }) => {
    await logIn(page, "ong@adopet.example", "Adote@2022");
    // Dunga, found through its application (the feed's first page may be other tests' animals by now).
    await page.goto("/adopet/candidaturas/recebidas");
    await page.getByRole("link", { name: "Carla Souza · Dunga" }).click();
    const href = await page.getByRole("link", { name: "ver o animal" }).getAttribute("href");
    await page.goto(`/adopet/meus-pets/${href!.split("/").pop()}/transferir`);
    await expect(page.getByLabel("Nome, CNPJ ou código da organização")).toBeVisible();
    await capture(page, "pet-transferir");
  });

  test("the foster network's pages (an animal in a foster home, one that needs one, the team's and the foster's, an animal's health record) fit, pass axe, and are saved", async ({
    page,
    request,
  }) => {
    // By name: the other tests publish many animals, and the demo's are no longer the newest.
    const byName = async (nome: string) => {
      const found = (await (await request.get(`/adopet/api/pets?q=${nome}&limit=50`)).json()) as {
        pets: { id: string; nome: string; organizacao: { id: string } }[];
      };
      return found.pets.find((pet) => pet.nome === nome)!;
    };
    const sid = await byName("Sid");
    const yoda = await byName("Yoda");
    await page.goto(`/adopet/pets/${sid.id}`);
    await expect(page.getByText("Em lar temporário", { exact: true })).toBeVisible();
    await capture(page, "pet-em-lar-temporario");
    await page.goto(`/adopet/pets/${yoda.id}`);
    await expect(page.getByRole("heading", { name: "Precisa de lar temporário" })).toBeVisible();
    await capture(page, "pet-precisa-lar");
    await logIn(page, "lar@adopet.example", "Adote@2022");
    await page.goto("/adopet/meus-lares");
    await expect(page.getByRole("link", { name: "Sid", exact: true })).toBeVisible();
    await capture(page, "meus-lares");
    // Sid's health record (issue 45), kept by the team and Marta: a dose due, a course of medicine.
    await page.getByRole("link", { name: "Saúde de Sid" }).click();
    await expect(page.getByRole("region", { name: "Próximas doses" })).toContainText("V10");
    await capture(page, "pet-saude");
    await page.goto(`/adopet/pets/${sid.id}/saude?tipo=medicamento`);
    await expect(page.getByLabel("Horários")).toBeVisible();
    await capture(page, "pet-saude-medicamento");
    await page.context().clearCookies();
    await logIn(page, "ong@adopet.example", "Adote@2022");
    await page.goto(`/adopet/organizacoes/${sid.organizacao.id}/lares?perto=3304557`);
    await expect(page.getByRole("heading", { name: "Animais em lares temporários" })).toBeVisible();
    await capture(page, "organizacao-lares");
  });

  test("the demo NGO's accounts (its padrinhos, a line to decide, a month of gifts and expenses) and its public transparency page fit, pass axe, and are saved", async ({
    page,
    request,
  }) => {
    const found = (await (await request.get("/adopet/api/pets?q=Dunga&limit=50")).json()) as {
      pets: { nome: string; organizacao: { id: string } }[];
    };
    const organizationId = found.pets.find((pet) => pet.nome === "Dunga")!.organizacao.id;
    await page.goto(`/adopet/organizacoes/${organizationId}/transparencia`);
    await expect(page.getByRole("heading", { name: "Por animal" })).toBeVisible();
    await capture(page, "organizacao-transparencia");
    await logIn(page, "ong@adopet.example", "Adote@2022");
    await page.goto(`/adopet/organizacoes/${organizationId}/contas`);
    await expect(page.getByText("Transferência recebida pelo Pix - JOAO PEREIRA", { exact: false })).toBeVisible();
    await capture(page, "organizacao-contas");
    await page.goto(`/adopet/organizacoes/${organizationId}/contas?registrar=despesa`);
    await expect(page.getByLabel("Categoria", { exact: true })).toBeVisible();
    await capture(page, "organizacao-contas-despesa");
  });

  test("lost and found: the list, a report with its likely match, and the form fit, pass axe, and are saved", async ({
    page,
  }) => {
    await page.goto("/adopet/perdidos-e-achados");
    await page.getByRole("link", { name: "Procura-se: Mingau" }).click();
    await expect(page.getByRole("heading", { name: "Possíveis correspondências" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Gato encontrado em Niterói" })).toBeVisible();
    await expect(
      page
        .getByRole("region", { name: "Mapa: onde o animal se perdeu, por perto" })
        .locator("img.leaflet-tile-loaded")
        .first(),
    ).toBeVisible();
    await capture(page, "perdido-anuncio");
    await page.goto("/adopet/perdidos-e-achados");
    await expect(page.getByRole("link", { name: "Procura-se: Mingau" })).toBeVisible();
    await capture(page, "perdidos-e-achados");
    await logIn(page, "adotante@adopet.example", "Adote@2022");
    // The cat the foster home found, as Mingau's family reads it: the box to write to her.
    await page.goto("/adopet/perdidos-e-achados?tipo=encontrado");
    await page.getByRole("link", { name: "Gato encontrado em Niterói" }).click();
    await expect(page.getByRole("heading", { name: "É o seu animal?" })).toBeVisible();
    await capture(page, "encontrado-anuncio-escrever");
    await page.goto("/adopet/perdidos-e-achados/novo");
    await expect(page.getByRole("group", { name: "Cores (até 3)" })).toBeVisible();
    await page.getByLabel("Cidade", { exact: true }).fill("Niterói (RJ)");
    await expect(page.getByText("O mapa mostra Niterói (RJ).")).toBeVisible();
    await page.getByRole("button", { name: "Marcar o centro do mapa" }).click();
    await capture(page, "perdidos-e-achados-novo");

    // The demo's emergency: a family searches the sheltered animals by a photo of theirs.
    await page.goto("/adopet/perdidos-e-achados");
    await page.getByRole("link", { name: "Animais acolhidos: Chuvas de novembro no Rio (demonstração)" }).click();
    const search = page.getByRole("form", { name: "Procurar pela foto" });
    await search.getByLabel("Foto do seu animal").setInputFiles({
      name: "minha-cadela.jpg",
      mimeType: "image/jpeg",
      buffer: await sharp({ create: { width: 640, height: 480, channels: 3, background: "#2b2b2b" } })
        .jpeg()
        .toBuffer(),
    });
    await search.getByRole("button", { name: "Procurar" }).click();
    await expect(page.getByRole("heading", { name: "Os mais parecidos com a sua foto" })).toBeVisible();
    await capture(page, "emergencia-busca-por-foto");
    // Its shelter's team registers more animals.
    await page.context().clearCookies();
    await logIn(page, "equipe@adopet.example", "Adote@2022");
    await page.goto("/adopet/perdidos-e-achados");
    await page.getByRole("link", { name: "Animais acolhidos: Chuvas de novembro no Rio (demonstração)" }).click();
    await page.getByRole("link", { name: "Registrar animais acolhidos" }).click();
    await expect(page.getByRole("group", { name: "Animal 1", exact: true })).toBeVisible();
    await capture(page, "emergencia-animais");
  });

  test("an operator's page to open an emergency fits, passes axe, and is saved", async ({ page }) => {
    await logIn(page, OPERATOR.email, OPERATOR.senha);
    await page.goto("/adopet/perdidos-e-achados/emergencias/nova");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Abrir uma emergência");
    await capture(page, "emergencia-nova");
  });

  test("an organisation's page, for its administrador and verified (the demo NGO's), fits, passes axe, and is saved", async ({
    page,
    request,
  }) => {
    const { email } = await createAccount(request, "Renata Protetora");
    await logIn(page, email);
    const created = await page.request.post("/adopet/api/organizacoes", {
      data: {
        nome: "Grupo Patas Solidárias",
        cidade: "Niterói",
        uf: "RJ",
        sobre: "Protetores independentes de Niterói: resgate, castração e adoção responsável.",
      },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    // A logo: a green paw-coloured square, as an ONG's might be.
    const logo = await sharp({ create: { width: 240, height: 240, channels: 3, background: "#2e7d32" } })
      .png()
      .toBuffer();
    const withLogo = await page.request.patch(`/adopet/api/organizacoes/${id}`, {
      data: { logo__upload: `data:image/png;base64,${logo.toString("base64")}` },
    });
    expect(withLogo.status()).toBe(204);
    await page.goto(`/adopet/organizacoes/${id}/configuracoes`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Grupo Patas Solidárias");
    await capture(page, "organizacao-configuracoes");
    await page.context().clearCookies();
    await logIn(page, "ong@adopet.example", "Adote@2022");
    await page.goto("/adopet/perfil");
    await page.getByRole("navigation", { name: "Suas organizações" }).getByRole("link").first().click();
    await expect(page.getByText("Seu papel: Administrador")).toBeVisible();
    await capture(page, "organizacao-verificada");
  });

  test("an organisation with members and an invitation pending, and the invitation's page, fit, pass axe, and are saved", async ({
    page,
    request,
  }) => {
    const { email } = await createAccount(request, "Renata Protetora");
    await logIn(page, email);
    const created = await page.request.post("/adopet/api/organizacoes", {
      data: { nome: "Grupo Patas Solidárias", cidade: "Niterói", uf: "RJ" },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    // One invited person accepts (through the API, in `request`'s session); another is still to answer.
    const joining = await createAccount(request, "Joana Voluntária de Niterói");
    const pending = uniqueEmail("convite");
    for (const [to, papel] of [
      [joining.email, "equipe"],
      [pending, "lar_temporario"],
    ] as const) {
      expect(
        (await page.request.post(`/adopet/api/organizacoes/${id}/convites`, { data: { email: to, papel } })).status(),
      ).toBe(201);
    }
    const tokenOf = async (to: string) => {
      const mail = await waitForMail(to, /^Convite para a equipe de Grupo Patas Solidárias$/);
      return /\/adopet\/convites\/([A-Za-z0-9_-]{43})/.exec(mail.text ?? "")![1]!;
    };
    expect((await request.post("/adopet/api/session", { data: { email: joining.email, senha: SENHA } })).status()).toBe(
      200,
    );
    expect((await request.post(`/adopet/api/convites/${await tokenOf(joining.email)}/aceitar`)).status()).toBe(200);
    await page.goto(`/adopet/organizacoes/${id}/configuracoes`);
    await expect(page.getByRole("region", { name: "Convites pendentes" })).toContainText(pending);
    await capture(page, "organizacao-membros");
    await page.goto(`/adopet/organizacoes/${id}/atividade`);
    await expect(page.getByRole("list", { name: "Registros" })).toContainText("entrou na organização como equipe");
    await capture(page, "organizacao-atividade");
    await page.context().clearCookies();
    await page.goto(`/adopet/convites/${await tokenOf(pending)}`);
    await expect(page.getByRole("button", { name: "Recusar" })).toBeVisible();
    await capture(page, "convite");
  });

  test("the moderation page (the demo ONG to verify) fits, passes axe, and is saved", async ({ page }) => {
    await logIn(page, OPERATOR.email, OPERATOR.senha);
    await page.goto("/adopet/moderacao");
    await expect(page.getByRole("heading", { level: 3, name: "Patinhas de Maricá" })).toBeVisible();
    await capture(page, "moderacao");
  });

  test("an account waiting for its e-mail: the confirmation link's page and the profile's notice fit, pass axe, and are saved", async ({
    page,
    request,
  }) => {
    const { email } = await createAccount(request, "Clara Espera", { confirmed: false });
    await page.goto(await confirmationPath(email));
    await expect(page.getByRole("button", { name: "Confirmar meu e-mail" })).toBeVisible();
    await capture(page, "email-confirmar");
    await logIn(page, email);
    await page.goto("/adopet/perfil");
    await expect(page.getByRole("button", { name: "Reenviar e-mail de confirmação" })).toBeVisible();
    await capture(page, "perfil-sem-confirmacao");
  });

  // One test a page, so that the two workers share them.
  for (const { name, path } of SIGNED_IN) {
    test(`signed in, ${name} fits, passes axe, and is saved`, async ({ page }) => {
      await signInThroughApi(page);
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await capture(page, name);
    });
  }
});
