import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emergencies, lostFoundReports, organizations, users } from "~/db/schema";
import { createUser, DEFAULT_PASSWORD } from "../support/factories";
import { addDays, dayInBrasilia } from "~/lib/dates";
import { animalPhoto } from "../support/animal-photos";
import { Client, signedInAccount, startTestApp, type TestApp } from "../support/app";
import { organizationTeam } from "../support/organizations";

/**
 * The emergency pages (issue 47), for whoever has no API: an operator opens an emergency; a
 * shelter's team registers the animals it took in, a fieldset each, blank ones skipped, all or
 * none, a refusal shown on the fieldset it is about.
 */

let app: TestApp;
const today = () => dayInBrasilia(new Date());

type Animal = Partial<Record<"especie" | "porte" | "sexo" | "data" | "cidade" | "bairro" | "descricao", string>> & {
  cores?: string[];
  foto?: Buffer;
};

/** The shelter form as a browser sends it: every fieldset's fields, empty ones too (a blank day is filled in). */
function animalsForm(organizationId: string, fieldsets: (Animal | null)[]) {
  const form = new FormData();
  form.set("organizacao_id", organizationId);
  for (const [index, animal] of fieldsets.entries()) {
    const { cores = [], foto, ...fields }: Animal = animal ?? { data: today() };
    const name = (field: string) => `animais[${index}].${field}`;
    for (const field of ["especie", "porte", "sexo", "data", "cidade", "bairro", "descricao"] as const)
      form.append(name(field), fields[field] ?? "");
    for (const color of cores) form.append(name("cores"), color);
    if (foto)
      form.append(name("foto"), new Blob([new Uint8Array(foto)], { type: "image/jpeg" }), `animal-${index}.jpg`);
    else form.append(name("foto"), new Blob([], { type: "application/octet-stream" }), "");
  }
  return form;
}

/** The `<input>` named so in a page. */
function inputNamed(html: string, name: string): string {
  return html.match(/<input[^>]*>/g)?.find((tag) => tag.includes(`name="${name}"`)) ?? "";
}

async function operator(): Promise<Client> {
  const user = await createUser(app.db, { email: "operadora.paginas@exemplo.com", nome: "Olga Operadora" });
  await app.db.update(users).set({ operador: true }).where(eq(users.id, user.id));
  const client = new Client(app.baseUrl);
  expect((await client.post("/api/session", { email: user.email, senha: DEFAULT_PASSWORD })).status).toBe(200);
  return client;
}

const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
const NEW = "/perdidos-e-achados/emergencias/nova";

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe("the emergency pages", () => {
  let emergencyId: string;

  it("let an operator open an emergency; anyone else finds no such page", async () => {
    const olga = await operator();
    const stranger = await signedInAccount(app, { email: "curioso.paginas@exemplo.com", nome: "Caio Curioso" });
    const fields = {
      nome: "Enchentes no Vale do Taquari",
      cidades: "Porto Alegre (RS)\r\n\r\n  Canoas (RS)  \r\n",
      inicio: addDays(today(), -10),
      fim: "",
    };
    expect((await stranger.client.get(NEW)).status).toBe(404);
    expect((await new Client(app.baseUrl).get(NEW)).status).toBe(404);
    expect((await stranger.client.post(NEW, new URLSearchParams(fields).toString(), FORM)).status).toBe(404);
    expect(await app.db.select().from(emergencies)).toEqual([]);

    // The operators' page leads to it.
    expect((await olga.get("/moderacao")).text).toContain(`href="/adopet${NEW}"`);
    const page = await olga.get(NEW);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Cidades da área");
    expect(page.text).toContain("Abrir emergência");

    // Each refusal under its field: the city not found, by its name; the days in order.
    const unknown = await olga.post(
      NEW,
      new URLSearchParams({ ...fields, cidades: "Porto Alegre (RS)\nCidade Que Não Existe" }).toString(),
      FORM,
    );
    expect(unknown.status).toBe(400);
    expect(unknown.text).toContain("Cidade não encontrada: “Cidade Que Não Existe”");
    expect(unknown.text).toContain("Cidade Que Não Existe</textarea>");
    const backwards = await olga.post(
      NEW,
      new URLSearchParams({ ...fields, fim: addDays(today(), -20) }).toString(),
      FORM,
    );
    expect(backwards.status).toBe(400);
    expect(backwards.text).toContain("O último dia vem depois do primeiro");
    const noCity = await olga.post(NEW, new URLSearchParams({ ...fields, cidades: " \n " }).toString(), FORM);
    expect(noCity.status).toBe(400);
    expect(noCity.text).toContain("uma por linha");
    expect(await app.db.select().from(emergencies)).toEqual([]);

    const opened = await olga.post(NEW, new URLSearchParams(fields).toString(), FORM);
    expect(opened.status, opened.text).toBe(302);
    const location = opened.headers.get("location")!;
    expect(location).toMatch(/^\/adopet\/perdidos-e-achados\?emergencia=[0-9a-f-]{36}$/);
    emergencyId = location.split("=")[1]!;
    const shown = await new Client(app.baseUrl).get(`/api/emergencias/${emergencyId}`);
    expect(shown.json).toMatchObject({ nome: fields.nome, inicio: fields.inicio, fim: null, ativa: true });
    expect((shown.json.cidades as { nome: string }[]).map((city) => city.nome)).toEqual(["Canoas", "Porto Alegre"]);
    // The list page says it (the notice).
    expect((await olga.get(location.replace("/adopet", ""))).text).toContain("Emergência aberta");
  });

  it("let a shelter's team register its animals, a fieldset each; refuse anyone else", async () => {
    const { admin, team, foster, outsider, organizationId } = await organizationTeam(app, "emergencia-paginas");
    // A shelter the Adopet checked (issue 60: the others need an operator's admission).
    await app.db.update(organizations).set({ verifiedAt: new Date() }).where(eq(organizations.id, organizationId));
    const path = `/perdidos-e-achados/emergencias/${emergencyId}/animais`;
    const written = () => app.db.select().from(lostFoundReports).where(eq(lostFoundReports.emergencyId, emergencyId));

    // Signed out: to the login first. Not an emergency: not found.
    const visitor = await new Client(app.baseUrl).get(path);
    expect([visitor.status, visitor.headers.get("location")]).toEqual([
      302,
      `/adopet/login?voltar=${encodeURIComponent(path)}`,
    ]);
    expect((await team.client.get("/perdidos-e-achados/emergencias/nao-e-id/animais")).status).toBe(404);
    expect((await team.client.get(`/perdidos-e-achados/emergencias/${crypto.randomUUID()}/animais`)).status).toBe(404);

    const page = await team.client.get(path);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Emergência: Enchentes no Vale do Taquari");
    expect(page.text).toContain("Área: Canoas (RS), Porto Alegre (RS).");
    expect(page.text).toContain("Animal 3");
    expect(page.text).not.toContain("Animal 4");
    expect(page.text).toContain(`<option value="${organizationId}" selected="">`);

    const dog: Animal = {
      especie: "cao",
      porte: "grande",
      sexo: "femea",
      cores: ["caramelo"],
      data: addDays(today(), -3),
      cidade: "Canoas (RS)",
      bairro: "Mathias Velho",
      descricao: "Coleira vermelha.",
      foto: await animalPhoto(200),
    };
    const cat: Animal = {
      especie: "gato",
      porte: "pequeno",
      cores: ["preto", "branco"],
      data: addDays(today(), -2),
      cidade: "Porto Alegre (RS)",
      foto: await animalPhoto(40, { coat: "#222222" }),
    };

    // A member who is no team (a foster home), and someone of another organisation: refused, said why.
    const fosterPage = await foster.client.get(path);
    expect(fosterPage.text).toContain("equipe de uma organização");
    expect(fosterPage.text).toContain('href="/adopet/organizacoes/nova"');
    const refused = "Só a equipe da organização (administradores e equipe) registra os animais acolhidos";
    const fromFoster = await foster.client.post(path, animalsForm(organizationId, [dog]));
    expect(fromFoster.status).toBe(403);
    expect(fromFoster.text).toContain(refused);
    const fromOutsider = await outsider.client.post(path, animalsForm(organizationId, [dog]));
    expect(fromOutsider.status).toBe(403);
    expect(fromOutsider.text).toContain(refused);

    // The second animal found outside the area: said on its city, and nothing written.
    const outside = await team.client.post(
      path,
      animalsForm(organizationId, [dog, { ...cat, cidade: "Manaus (AM)" }, null]),
    );
    expect(outside.status).toBe(400);
    expect(outside.text).toContain("A cidade onde o animal foi encontrado não está na área da emergência.");
    expect(inputNamed(outside.text, "animais[1].cidade")).toContain('aria-invalid="true"');
    expect(inputNamed(outside.text, "animais[0].cidade")).not.toContain("aria-invalid");
    // A blank fieldset before it does not shift which one is named.
    const shifted = await team.client.post(
      path,
      animalsForm(organizationId, [dog, null, { ...cat, cidade: "Manaus (AM)" }]),
    );
    expect(shifted.status).toBe(400);
    expect(inputNamed(shifted.text, "animais[2].cidade")).toContain('aria-invalid="true"');
    // A fieldset begun without its photo, and a form with nothing filled in.
    const noPhoto = await team.client.post(path, animalsForm(organizationId, [dog, { ...cat, foto: undefined }]));
    expect(noPhoto.status).toBe(400);
    expect(noPhoto.text).toContain("Envie uma foto do animal.");
    const empty = await team.client.post(path, animalsForm(organizationId, [null, null, null]));
    expect(empty.status).toBe(400);
    expect(empty.text).toContain("Preencha ao menos um animal");
    expect(await written()).toEqual([]);

    // Two animals, a blank fieldset between them: registered, and listed in the emergency.
    const registered = await team.client.post(path, animalsForm(organizationId, [dog, null, cat]));
    expect(registered.status, registered.text).toBe(302);
    expect(registered.headers.get("location")).toBe(`/adopet/perdidos-e-achados?emergencia=${emergencyId}`);
    const rows = await written();
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.tipo === "encontrado" && row.organizationId === organizationId)).toBe(true);
    const listed = await new Client(app.baseUrl).get(`/api/perdidos-e-achados?emergencia=${emergencyId}`);
    expect((listed.json.anuncios as { especie: string }[]).map((item) => item.especie).sort()).toEqual(["cao", "gato"]);
    expect((await team.client.get(`/perdidos-e-achados?emergencia=${emergencyId}`)).text).toContain(
      "Animais registrados",
    );

    // Once the emergency is over, the page says so, and takes no more.
    await app.db
      .update(emergencies)
      .set({ fim: addDays(today(), -1) })
      .where(eq(emergencies.id, emergencyId));
    const ended = "Esta emergência terminou: não recebe mais animais.";
    expect((await admin.client.get(path)).text).toContain(ended);
    const late = await admin.client.post(path, animalsForm(organizationId, [dog]));
    expect(late.status).toBe(409);
    expect(late.text).toContain(ended);
    expect(await written()).toHaveLength(2);
  });
});
