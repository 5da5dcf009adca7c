import { dayInBrasilia } from "../../app/lib/dates";
import { NOTICES } from "../../app/validation/messages";
import { PET_MESSAGES } from "../../app/validation/pets";
import { animalPhoto } from "../support/animal-photos";
import { createAccount, SENHA } from "./accounts-support";
import { waitForMail } from "./mail-support";
import { expect, expectNoAxeViolations, test } from "./support";

/**
 * Lost and found (issue 47) in the browser: a family reports its lost dog with a photo; someone
 * who found him reports him with the same photo; both are e-mailed, they talk in an Adopet
 * conversation, the family sees him among the likely matches and marks him reencontrado, with
 * the happy ending.
 */

/** A photo of Farofa: a caramel dog with a white patch on his head, as a phone would send it. */
const farofa = () => animalPhoto(42, { bodyX: 380, patches: [{ x: 710, y: 310, r: 40, color: "#ffffff" }] });

test("a lost dog and the same dog found meet: both are e-mailed, they talk, and the family marks him reencontrado", async ({
  page,
  browser,
}) => {
  test.slow();
  const photo = await farofa();
  const { email: familyEmail } = await createAccount(page.request, "Joana Família");
  expect(
    (await page.request.post("/adopet/api/session", { data: { email: familyEmail, senha: SENHA } })).status(),
  ).toBe(200);

  // The family asks to be told at once of every animal found near Niterói.
  await page.goto("/adopet/perdidos-e-achados");
  await expectNoAxeViolations(page);
  const filters = page.getByRole("form", { name: "Filtrar anúncios" });
  await filters.getByLabel("Tipo", { exact: true }).selectOption("encontrado");
  await filters.getByLabel("Perto de", { exact: true }).fill("Niterói (RJ)");
  await filters.getByRole("button", { name: "Filtrar" }).click();
  await page.getByLabel("Receber", { exact: true }).selectOption("imediata");
  await page.getByRole("button", { name: "Avise-me de animais encontrados aqui" }).click();
  await expect(page.getByText(NOTICES.alertCreated)).toBeVisible();
  await expect(page.getByText("Todos os animais encontrados · até 30 km de Niterói (RJ)")).toBeVisible();

  await page.goto("/adopet/perdidos-e-achados");
  await page.getByRole("link", { name: "Anunciar um animal perdido ou encontrado" }).click();
  const form = page.getByRole("form", { name: "Anúncio" });
  await form.getByLabel("Está perdido (é meu, ou de quem eu conheço)").check();
  await form.getByLabel("Espécie", { exact: true }).selectOption("cao");
  await form.getByLabel("Porte", { exact: true }).selectOption("medio");
  await form.getByLabel("Sexo", { exact: true }).selectOption("macho");
  await form.getByLabel("Caramelo", { exact: true }).check();
  await form.getByLabel("Nome do animal (só se está perdido)").fill("Farofa");
  await form.getByLabel("Cidade", { exact: true }).fill("Niterói (RJ)");
  await form.getByLabel("Bairro (opcional)").fill("Icaraí");
  // The map (the operator's tiles: the suite's own server) follows the city; a tap marks the
  // point, rounded to about 500 m; the keyboard's way is the map's centre.
  const map = form.getByRole("application", { name: /^Mapa/ });
  await expect(map.locator("img.leaflet-tile-loaded").first()).toBeVisible();
  const latitude = form.getByLabel("Latitude", { exact: true });
  const longitude = form.getByLabel("Longitude", { exact: true });
  await expect(form.getByRole("status").filter({ hasText: "O mapa mostra Niterói (RJ)." })).toBeVisible();
  const box = (await map.boundingBox())!;
  // Off the centre (Niterói's seat, -22.88, -43.10), away from the zoom buttons and the credit.
  await map.click({ position: { x: box.width / 2 + 40, y: box.height / 2 + 30 } });
  expect(Math.abs(Number(await latitude.inputValue()) + 22.88)).toBeLessThan(0.2);
  expect(Math.abs(Number(await longitude.inputValue()) + 43.1)).toBeLessThan(0.2);
  expect(Number(await latitude.inputValue()) * 200).toBeCloseTo(
    Math.round(Number(await latitude.inputValue()) * 200),
    6,
  );
  await expect(form.getByRole("status").filter({ hasText: "Ponto marcado no mapa" })).toBeVisible();
  await form.getByRole("button", { name: "Limpar o ponto" }).click();
  await expect(latitude).toHaveValue("");
  // The device's location (the browser asks; here it is granted), rounded as any point.
  await page.context().grantPermissions(["geolocation"]);
  await page.context().setGeolocation({ latitude: -22.90312, longitude: -43.10841 });
  await form.getByRole("button", { name: "Usar a minha localização" }).click();
  await expect(form.getByRole("status").filter({ hasText: "Ponto marcado pela sua localização" })).toBeVisible();
  await expect(latitude).toHaveValue("-22.905");
  await expect(longitude).toHaveValue("-43.11");
  await form.getByRole("button", { name: "Limpar o ponto" }).click();
  await form.getByRole("button", { name: "Marcar o centro do mapa" }).click();
  await expect(form.getByRole("status").filter({ hasText: "Ponto marcado no centro do mapa" })).toBeVisible();
  const marked = { latitude: await latitude.inputValue(), longitude: await longitude.inputValue() };
  expect(Math.abs(Number(marked.latitude) + 22.88)).toBeLessThan(0.05);
  // Without a photo: refused, the photos' field says why.
  await form.getByRole("button", { name: "Publicar anúncio" }).click();
  await expect(form.getByText(PET_MESSAGES.fotos.required)).toBeVisible();
  await expectNoAxeViolations(page);
  await form
    .getByLabel(/^Fotos do animal/)
    .setInputFiles({ name: "farofa.jpg", mimeType: "image/jpeg", buffer: photo });
  await form.getByRole("button", { name: "Publicar anúncio" }).click();
  await expect(page.getByText(NOTICES.reportPublished)).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Procura-se: Farofa");
  const lostUrl = page.url();
  // The report shows the area on the map, and the point as stored.
  await expect(
    page
      .getByRole("region", { name: "Mapa: onde o animal se perdeu, por perto" })
      .locator("img.leaflet-tile-loaded")
      .first(),
  ).toBeVisible();
  await expect(
    page.getByText(
      `Ponto aproximado (cerca de 500 m): latitude ${Number(marked.latitude).toLocaleString("pt-BR")}, longitude `,
    ),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  // Someone found him in the next neighbourhood and posts the same photo.
  const finderContext = await browser.newContext();
  const finder = await finderContext.newPage();
  const { email: finderEmail } = await createAccount(finder.request, "Rui Achou");
  expect(
    (await finder.request.post("/adopet/api/session", { data: { email: finderEmail, senha: SENHA } })).status(),
  ).toBe(200);
  const found = await finder.request.post("/adopet/api/perdidos-e-achados", {
    multipart: {
      tipo: "encontrado",
      especie: "cao",
      porte: "medio",
      cores: "caramelo",
      data: dayInBrasilia(new Date()),
      cidade: "Niterói (RJ)",
      bairro: "Santa Rosa",
      fotos: { name: "achei.jpg", mimeType: "image/jpeg", buffer: photo },
    },
  });
  expect(found.status(), await found.text()).toBe(201);

  // Both are told.
  const toFamily = await waitForMail(familyEmail, /^Um animal encontrado pode ser o seu$/);
  expect(toFamily.text).toContain("/adopet/perdidos-e-achados/");
  await waitForMail(finderEmail, /^Alguém procura um animal parecido com o que você encontrou$/);
  // And the family's alert tells of the dog found near them.
  await waitForMail(familyEmail, /^Cão encontrado em Niterói: novo anúncio de perdidos e achados na Adopet$/);

  // The finder writes to the family from the lost report; no phone is shown to either.
  await finder.goto(lostUrl);
  const write = finder.getByRole("region", { name: "Viu este animal?" });
  await expectNoAxeViolations(finder);
  await write.getByLabel("Mensagem para Joana").fill("Oi! Acho que o cão que está comigo é o Farofa.");
  await write.getByRole("button", { name: "Enviar mensagem" }).click();
  await expect(finder.getByText(NOTICES.conversationSent)).toBeVisible();
  await expect(finder.getByRole("heading", { level: 1 })).toHaveText("Conversa com Joana Família");
  await expect(finder.getByText("Sobre Farofa")).toBeVisible();
  const threadUrl = finder.url();

  // The family reads it in Mensagens and answers.
  await page.goto("/adopet/mensagens");
  await page.getByRole("link", { name: "Rui Achou · Farofa" }).click();
  await expect(page.getByText("Oi! Acho que o cão que está comigo é o Farofa.")).toBeVisible();
  await page.getByLabel("Mensagem para Rui Achou").fill("É ele! Posso buscar hoje?");
  await page.getByRole("button", { name: "Enviar mensagem" }).click();
  await expect(page.getByText(NOTICES.conversationSent)).toBeVisible();
  await expectNoAxeViolations(page);
  await finder.goto(threadUrl);
  await expect(finder.getByText("É ele! Posso buscar hoje?")).toBeVisible();

  // The family sees him among the likely matches, opens his report, and marks Farofa reencontrado.
  await page.goto(lostUrl);
  const matches = page.getByRole("region", { name: "Possíveis correspondências" });
  await expect(matches.getByText("Encontrado · Muito parecido")).toBeVisible();
  await matches.getByRole("link", { name: "Cão encontrado em Niterói" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cão encontrado em Niterói");
  await expectNoAxeViolations(page);
  await page.goto(lostUrl);
  const mine = page.getByRole("region", { name: "Seu anúncio" });
  await mine.getByLabel("Final feliz (opcional)").fill("O Rui achou o Farofa na Santa Rosa. Está em casa!");
  await mine.getByRole("button", { name: "Reencontrado" }).click();
  await expect(page.getByText(NOTICES.reportReunited)).toBeVisible();
  await expect(page.getByText("Reencontrado! O Rui achou o Farofa na Santa Rosa. Está em casa!")).toBeVisible();
  await expectNoAxeViolations(page);

  // No longer among the open reports.
  await finder.goto("/adopet/perdidos-e-achados?tipo=perdido&perto=Niter%C3%B3i%20(RJ)");
  await expect(finder.getByRole("link", { name: "Procura-se: Farofa" })).toHaveCount(0);
  await finderContext.close();
});
