import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { petHealthEntries, pets } from "~/db/schema";
import { recalculateNextDoses } from "~/domain/health/records.server";
import { createPet } from "../support/factories";
import { addDays, dayInBrasilia, formatDay } from "~/lib/dates";
import { HEALTH_MESSAGES } from "~/lib/health";
import { Client, startTestApp, type TestApp } from "../support/app";
import { adoptThroughTermo } from "../support/adoptions";
import { organizationTeam, type Person } from "../support/organizations";

/**
 * An animal's health record (issue 45) through the API, on the database the run names: who
 * reads and writes it (the team, the foster while the animal stays, the adopter after the
 * termo; everyone else 404), each kind's fields and refusals, and the pet's vaccines,
 * castration and deworming derived from it.
 */

let app: TestApp;
const today = () => dayInBrasilia(new Date());
const RANDOM = "7b0c5d0e-8f4a-4b9e-9c1d-2a3b4c5d6e7f";

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe("the health record", () => {
  it("is read and written by the team, the current foster and no one else", async () => {
    const { admin, team, foster, outsider, adopter, organizationId } = await organizationTeam(app, "saude");
    const mel = await createPet(app.db, { caretakerId: admin.id, organizationId, nome: "Mel", especie: "gato" });
    const vaccine = {
      tipo: "vacina",
      nome: "V4",
      data: addDays(today(), -30),
      lote: "A123",
      proxima_dose: addDays(today(), 335),
    };

    const made = await team.client.post(`/api/pets/${mel}/saude`, vaccine);
    expect(made.status, made.text).toBe(201);
    expect(made.json).toMatchObject({ ...vaccine, observacoes: null, registrado_por: "equipe", seu: true });
    const vaccineId = made.json.id as string;

    // Nobody outside the team reads or writes it, not even the organisation's foster before a stay.
    for (const who of [foster, outsider, adopter]) {
      expect((await who.client.get(`/api/pets/${mel}/saude`)).status).toBe(404);
      expect((await who.client.post(`/api/pets/${mel}/saude`, vaccine)).status).toBe(404);
      expect((await who.client.patch(`/api/pets/${mel}/saude/${vaccineId}`, { lote: "X" })).status).toBe(404);
      expect((await who.client.delete(`/api/pets/${mel}/saude/${vaccineId}`)).status).toBe(404);
    }
    const anonymous = await fetch(`${app.baseUrl}/api/pets/${mel}/saude`);
    expect(anonymous.status).toBe(401);

    // In a foster home, the foster reads it and adds to it, and changes only what they wrote.
    expect((await team.client.post(`/api/pets/${mel}/lar`, { lar_id: foster.id, inicio: today() })).status).toBe(201);
    const seen = await foster.client.get(`/api/pets/${mel}/saude`);
    expect(seen.status).toBe(200);
    expect(seen.json.papel).toBe("lar_temporario");
    expect(seen.json.registros).toEqual([
      expect.objectContaining({ id: vaccineId, seu: false, registrado_por: "equipe" }),
    ]);
    const weight = await foster.client.post(`/api/pets/${mel}/saude`, { tipo: "peso", data: today(), kg: 3.25 });
    expect(weight.status, weight.text).toBe(201);
    expect(weight.json).toMatchObject({ tipo: "peso", kg: 3.25, registrado_por: "lar_temporario", seu: true });
    const theirs = await foster.client.patch(`/api/pets/${mel}/saude/${vaccineId}`, { lote: "B9" });
    expect([theirs.status, theirs.json.message]).toEqual([
      403,
      "Você só pode alterar os registros de saúde que você mesmo fez: peça à equipe da organização para corrigir os outros.",
    ]);
    expect((await foster.client.delete(`/api/pets/${mel}/saude/${vaccineId}`)).status).toBe(403);
    const own = await foster.client.patch(`/api/pets/${mel}/saude/${weight.json.id}`, { kg: "3,4" });
    expect([own.status, own.json.kg]).toEqual([200, 3.4]);
    // The team corrects anyone's.
    const corrected = await team.client.patch(`/api/pets/${mel}/saude/${weight.json.id}`, {
      observacoes: "Pesado na clínica.",
    });
    expect(corrected.json).toMatchObject({ kg: 3.4, observacoes: "Pesado na clínica.", seu: false });

    // When the stay ends, the foster no longer reads it.
    expect((await team.client.delete(`/api/pets/${mel}/lar`)).status).toBe(200);
    expect((await foster.client.get(`/api/pets/${mel}/saude`)).status).toBe(404);
    expect((await foster.client.post(`/api/pets/${mel}/saude`, { tipo: "peso", data: today(), kg: 3 })).status).toBe(
      404,
    );
    const record = await admin.client.get(`/api/pets/${mel}/saude`);
    expect((record.json.registros as { tipo: string }[]).map((item) => item.tipo)).toEqual(["peso", "vacina"]);

    expect((await team.client.delete(`/api/pets/${mel}/saude/${weight.json.id}`)).status).toBe(204);
    expect((await team.client.get(`/api/pets/${mel}/saude/${weight.json.id}`)).status).toBe(405);
    expect((await team.client.delete(`/api/pets/${mel}/saude/${weight.json.id}`)).status).toBe(404);
    // Another animal's entry is not found through this one.
    const other = await createPet(app.db, { caretakerId: admin.id, organizationId, nome: "Outro" });
    expect((await team.client.patch(`/api/pets/${other}/saude/${vaccineId}`, { lote: "C" })).status).toBe(404);
  });

  it("goes with the animal to its adopter, and no longer to a returned one", async () => {
    const { admin, adopter, outsider } = await organizationTeam(app, "saude-adocao");
    const { id, petId } = await adoptThroughTermo(app, { caretaker: admin, adopter, nome: "Tom" });
    await admin.client.post(`/api/pets/${petId}/saude`, { tipo: "vermifugo", produto: "Drontal", data: today() });
    const read = await adopter.client.get(`/api/pets/${petId}/saude`);
    expect(read.status).toBe(200);
    expect(read.json.papel).toBe("adotante");
    expect(read.json.registros).toEqual([expect.objectContaining({ tipo: "vermifugo", produto: "Drontal" })]);
    const dose = await adopter.client.post(`/api/pets/${petId}/saude`, {
      tipo: "vacina",
      nome: "Antirrábica",
      data: today(),
      proxima_dose: addDays(today(), 365),
    });
    expect(dose.status, dose.text).toBe(201);
    expect(dose.json.registrado_por).toBe("adotante");
    // The organisation's team still reads it (it follows the adoption up); another organisation does not.
    expect((await admin.client.get(`/api/pets/${petId}/saude`)).json.registros).toHaveLength(2);
    expect((await outsider.client.get(`/api/pets/${petId}/saude`)).status).toBe(404);

    // Returned, the animal's record is its organisation's again, and no longer the adopter's.
    const returned = await adopter.client.post(`/api/candidaturas/${id}/devolucao`, { motivo: "Mudança de cidade." });
    expect(returned.status, returned.text).toBe(201);
    expect((await adopter.client.get(`/api/pets/${petId}/saude`)).status).toBe(404);
    expect((await adopter.client.delete(`/api/pets/${petId}/saude/${dose.json.id}`)).status).toBe(404);
    expect((await admin.client.get(`/api/pets/${petId}/saude`)).json.registros).toHaveLength(2);
  });

  it("refuses what a record cannot hold, writing nothing", async () => {
    const { admin, organizationId } = await organizationTeam(app, "saude-recusas");
    const rex = await createPet(app.db, { caretakerId: admin.id, organizationId, nome: "Rex", especie: "cao" });
    const refusals: [unknown, string, string][] = [
      [{ tipo: "banho", data: today() }, "tipo", HEALTH_MESSAGES.tipo],
      [{ data: today() }, "tipo", HEALTH_MESSAGES.tipo],
      [{ tipo: "vacina", data: today() }, "nome", HEALTH_MESSAGES.nome.required],
      [{ tipo: "vacina", nome: "V10", data: "10/01/2026" }, "data", HEALTH_MESSAGES.data],
      [{ tipo: "vacina", nome: "V10", data: addDays(today(), 1) }, "data", HEALTH_MESSAGES.data],
      [
        { tipo: "vacina", nome: "V10", data: today(), proxima_dose: today() },
        "proxima_dose",
        HEALTH_MESSAGES.proximaDose,
      ],
      [{ tipo: "vacina", nome: "V10", data: today(), clinica: "X" }, "clinica", "Campo desconhecido."],
      [{ tipo: "vacina", nome: "x".repeat(81), data: today() }, "nome", HEALTH_MESSAGES.nome.max],
      [{ tipo: "vacina", nome: "V10\u202e", data: today() }, "nome", "caracteres não permitidos"],
      [{ tipo: "vermifugo", data: today() }, "produto", HEALTH_MESSAGES.produto.required],
      [{ tipo: "consulta", data: today(), motivo: " " }, "motivo", HEALTH_MESSAGES.motivo.required],
      [
        { tipo: "medicamento", nome: "Meloxicam", dose: "1 gota", horarios: ["8h"], de: today() },
        "horarios",
        HEALTH_MESSAGES.horarios,
      ],
      [
        { tipo: "medicamento", nome: "Meloxicam", dose: "1 gota", horarios: [], de: today() },
        "horarios",
        HEALTH_MESSAGES.horarios,
      ],
      [
        {
          tipo: "medicamento",
          nome: "Meloxicam",
          dose: "1 gota",
          horarios: ["08:00"],
          de: today(),
          ate: addDays(today(), -1),
        },
        "ate",
        HEALTH_MESSAGES.ate,
      ],
      [{ tipo: "peso", data: today(), kg: 0 }, "kg", HEALTH_MESSAGES.kg],
      [{ tipo: "peso", data: today(), kg: 151 }, "kg", HEALTH_MESSAGES.kg],
      [{ tipo: "peso", data: today(), kg: "muito" }, "kg", HEALTH_MESSAGES.kg],
      [
        { tipo: "peso", data: today(), kg: 12, observacoes: "y".repeat(501) },
        "observacoes",
        HEALTH_MESSAGES.observacoes,
      ],
    ];
    for (const [body, field, message] of refusals) {
      const refused = await admin.client.post(`/api/pets/${rex}/saude`, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      const errors = refused.json.errors as Record<string, string[]> | undefined;
      expect(JSON.stringify(errors?.[field] ?? refused.json), JSON.stringify(body)).toContain(message);
    }
    expect((await admin.client.get(`/api/pets/${rex}/saude`)).json.registros).toEqual([]);

    // A medication may start later; its times are kept sorted, once each.
    const course = await admin.client.post(`/api/pets/${rex}/saude`, {
      tipo: "medicamento",
      nome: "Meloxicam",
      dose: "1 gota",
      horarios: ["20:00", "08:00", "20:00"],
      de: addDays(today(), 2),
      ate: addDays(today(), 6),
    });
    expect(course.status, course.text).toBe(201);
    expect(course.json.horarios).toEqual(["08:00", "20:00"]);
    const id = course.json.id as string;
    // A change is checked as a whole, of the same kind.
    const patches: [unknown, string, string][] = [
      [{ tipo: "vacina" }, "tipo", HEALTH_MESSAGES.tipoFixed],
      [{ ate: addDays(today(), 1) }, "ate", HEALTH_MESSAGES.ate],
      [{ nome: null }, "nome", HEALTH_MESSAGES.nome.required],
      [{ kg: 3 }, "kg", "Campo desconhecido."],
    ];
    for (const [body, field, message] of patches) {
      const refused = await admin.client.patch(`/api/pets/${rex}/saude/${id}`, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      const errors = refused.json.errors as Record<string, string[]> | undefined;
      expect(JSON.stringify(errors?.[field]), JSON.stringify(body)).toContain(message);
    }
    const cleared = await admin.client.patch(`/api/pets/${rex}/saude/${id}`, { ate: null });
    expect([cleared.status, cleared.json.ate, cleared.json.dose]).toEqual([200, null, "1 gota"]);
  });

  it("decides the pet's vaccines, castration and deworming", async () => {
    const { admin, organizationId } = await organizationTeam(app, "saude-deriva");
    const bob = await createPet(app.db, { caretakerId: admin.id, organizationId, nome: "Bob", especie: "cao" });
    const fields = async () => {
      const [row] = await app.db
        .select({ castrado: pets.castrado, vacinas: pets.vacinas, vermifugado: pets.vermifugado })
        .from(pets)
        .where(eq(pets.id, bob));
      return row!;
    };
    // Without entries of a kind, the pet's field is the team's.
    expect((await admin.client.patch(`/api/pets/${bob}`, { castrado: "nao", vacinas: ["antirrabica"] })).status).toBe(
      200,
    );
    await admin.client.post(`/api/pets/${bob}/saude`, { tipo: "peso", data: today(), kg: 20 });
    expect(await fields()).toMatchObject({ castrado: "nao", vacinas: ["antirrabica"] });

    for (const entry of [
      { tipo: "vacina", nome: "v10", data: today() },
      { tipo: "vacina", nome: "Giárdia", data: today() },
      { tipo: "castracao", data: today(), clinica: "Clínica Patas" },
      { tipo: "vermifugo", produto: "Drontal Plus", data: today() },
    ]) {
      expect((await admin.client.post(`/api/pets/${bob}/saude`, entry)).status).toBe(201);
    }
    expect(await fields()).toEqual({ castrado: "sim", vacinas: ["v10"], vermifugado: true });
    const shown = await fetch(`${app.baseUrl}/api/pets/${bob}`, { headers: { "Cache-Control": "no-cache" } });
    expect(await shown.json()).toMatchObject({ castrado: "sim", vacinas: ["v10"], vermifugado: true });

    // A cat's FIV and FeLV tests, negative, are on its public record; a positive one takes it off.
    const nina = await createPet(app.db, { caretakerId: admin.id, organizationId, nome: "Nina", especie: "gato" });
    const test = await admin.client.post(`/api/pets/${nina}/saude`, {
      tipo: "exame",
      nome: "FIV/FeLV (teste rápido)",
      data: addDays(today(), -10),
      resultado: "Negativo para ambos",
    });
    expect(test.status, test.text).toBe(201);
    const negative = async () =>
      (await (await fetch(`${app.baseUrl}/api/pets/${nina}`, { headers: { "Cache-Control": "no-cache" } })).json())
        .fiv_felv_negativo;
    expect(await negative()).toBe(true);
    await admin.client.post(`/api/pets/${nina}/saude`, {
      tipo: "exame",
      nome: "FIV",
      data: today(),
      resultado: "Positivo",
    });
    expect(await negative()).toBe(false);

    // The pet's form cannot make them disagree.
    const edited = await admin.client.patch(`/api/pets/${bob}`, {
      castrado: "nao",
      vacinas: ["v8"],
      vermifugado: false,
    });
    expect(edited.status).toBe(200);
    expect(await fields()).toEqual({ castrado: "sim", vacinas: ["v10"], vermifugado: true });
  });

  it("reads a vaccine typed with its brand as the catalogue's: a dose closes the earlier one's reminder", async () => {
    const { admin, organizationId } = await organizationTeam(app, "saude-catalogo");
    const rex = await createPet(app.db, { caretakerId: admin.id, organizationId, nome: "Rex", especie: "cao" });
    const path = `/api/pets/${rex}/saude`;
    const add = async (entry: Record<string, unknown>) => {
      const made = await admin.client.post(path, { tipo: "vacina", ...entry });
      expect(made.status, made.text).toBe(201);
      return made.json;
    };
    const record = async () => (await admin.client.get(path)).json;
    await add({ nome: "V10", data: addDays(today(), -365), proxima_dose: addDays(today(), 2) });
    expect((await record()).proximas_doses).toEqual([{ tipo: "vacina", nome: "V10", dia: addDays(today(), 2) }]);

    const brand = await add({ nome: "V10 Vanguard Plus", data: today() });
    expect(brand).toMatchObject({ nome: "V10", vacina: "v10", produto: "Vanguard Plus" });
    expect((await record()).proximas_doses).toEqual([]);
    const [pet] = await app.db.select({ day: pets.proximaDose }).from(pets).where(eq(pets.id, rex));
    expect(pet!.day).toBeNull();

    // A brand given apart is kept; a name that matches no one vaccine is kept as typed, with no code.
    expect(await add({ nome: "Antirrábica", produto: "Defensor", data: today() })).toMatchObject({
      nome: "Antirrábica",
      vacina: "antirrabica",
      produto: "Defensor",
    });
    const unknown = await add({ nome: "V3 ou V4", data: today() });
    expect(unknown).toMatchObject({ nome: "V3 ou V4", vacina: null, produto: null });
    // Corrected, it is matched.
    const corrected = await admin.client.patch(`${path}/${unknown.id}`, { nome: "Giárdia Giardiavax" });
    expect(corrected.json).toMatchObject({ nome: "Giárdia", vacina: "giardia", produto: "Giardiavax" });
  });

  it("matches the vaccines written before the catalogue once, at start, keeping their names as typed", async () => {
    const { admin, organizationId } = await organizationTeam(app, "saude-catalogo-antes");
    const luna = await createPet(app.db, { caretakerId: admin.id, organizationId, nome: "Luna", especie: "gato" });
    const written = (nome: string, data: string, proximaDose: string | null) => ({
      petId: luna,
      tipo: "vacina" as const,
      nome,
      data,
      proximaDose,
      autorPapel: "equipe" as const,
    });
    // As a migration leaves them: no code, the animal marked, its next dose that of the old rule.
    await app.db
      .insert(petHealthEntries)
      .values([
        written("V4", addDays(today(), -40), addDays(today(), -19)),
        written("Quádrupla felina Felocell", addDays(today(), -19), null),
        written("Vacina importada", addDays(today(), -19), null),
      ]);
    await app.db
      .update(pets)
      .set({ proximaDose: addDays(today(), -19), proximaDoseARecalcular: true })
      .where(eq(pets.id, luna));

    expect(await recalculateNextDoses(app.db)).toBeGreaterThanOrEqual(1);
    const entries = await app.db
      .select({ nome: petHealthEntries.nome, vacina: petHealthEntries.vacina })
      .from(petHealthEntries)
      .where(eq(petHealthEntries.petId, luna))
      .orderBy(petHealthEntries.nome);
    expect(entries).toEqual([
      { nome: "Quádrupla felina Felocell", vacina: "v4" },
      { nome: "V4", vacina: "v4" },
      { nome: "Vacina importada", vacina: null },
    ]);
    const [pet] = await app.db.select({ day: pets.proximaDose }).from(pets).where(eq(pets.id, luna));
    expect(pet!.day).toBeNull();
    // The one that matched nothing is listed for the team on `Saúde`.
    const page = await admin.client.page(`/organizacoes/${organizationId}/saude`);
    expect(page.text).toContain("Vacinas fora do catálogo (1)");
    expect(page.text).toContain("Luna: Vacina importada");
  });
});

describe("the health record's page", () => {
  it("shows the record to those who hold the animal, adds, corrects and deletes by its forms", async () => {
    const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
    const post = (who: Person, url: string, fields: Record<string, string>) =>
      who.client.post(url, new URLSearchParams(fields).toString(), FORM);
    const { admin, foster, outsider, organizationId } = await organizationTeam(app, "saude-pagina");
    const luna = await createPet(app.db, { caretakerId: admin.id, organizationId, nome: "Luna", especie: "gato" });
    const address = `/pets/${luna}/saude`;

    // Strangers, and the organisation's foster before a stay, find nothing here.
    for (const who of [outsider, foster]) expect((await who.client.get(address)).status).toBe(404);
    expect((await admin.client.get(`/pets/${RANDOM}/saude`)).status).toBe(404);
    const page = await admin.client.get(address);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Saúde de Luna");
    expect(page.text).toContain("Nada registrado ainda.");
    expect(page.text).toContain("Registrar vacina");

    // A dose recorded: its next one shows among the doses to come.
    const refused = await post(admin, `${address}?acao=registrar`, { tipo: "vacina", nome: "", data: today() });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain(HEALTH_MESSAGES.nome.required);
    const next = addDays(today(), 20);
    const added = await post(admin, `${address}?acao=registrar`, {
      tipo: "vacina",
      nome: "V4",
      data: today(),
      lote: "",
      proxima_dose: next,
    });
    expect(added.status).toBe(302);
    const shown = await admin.client.get(address);
    expect(shown.text).toContain("Vacina V4");
    expect(shown.text).toContain(`<strong>V4</strong>: ${formatDay(next)}`);
    const entryId = ((await admin.client.get(`/api/pets/${luna}/saude`)).json.registros as { id: string }[])[0]!.id;

    // A weight typed the Brazilian way, corrected, then deleted.
    expect((await post(admin, `${address}?acao=registrar`, { tipo: "peso", data: today(), kg: "3,5" })).status).toBe(
      302,
    );
    expect((await admin.client.get(address)).text).toContain("Peso: 3,5 kg");
    const edit = await admin.client.get(`${address}?registro=${entryId}`);
    expect(edit.text).toContain("Corrigir vacina");
    expect(edit.text).toContain('value="V4"');
    const corrected = await post(admin, `${address}?acao=corrigir&registro=${entryId}`, {
      tipo: "vacina",
      nome: "V5",
      data: today(),
    });
    expect(corrected.status).toBe(302);
    expect((await admin.client.get(address)).text).toContain("Vacina V5");
    expect((await admin.client.get(address)).text).toContain("Nenhuma dose prevista.");

    // The foster, during a stay, adds; what the team wrote, they cannot delete.
    await admin.client.post(`/api/pets/${luna}/lar`, { lar_id: foster.id, inicio: today() });
    expect((await foster.client.get(address)).text).toContain("está no seu lar temporário");
    expect((await post(foster, `${address}?acao=apagar&registro=${entryId}`, {})).status).toBe(403);
    expect(
      (await post(foster, `${address}?acao=registrar`, { tipo: "consulta", data: today(), motivo: "Espirros" })).status,
    ).toBe(302);
    expect((await post(outsider, `${address}?acao=registrar`, { tipo: "peso", data: today(), kg: "3" })).status).toBe(
      404,
    );
    expect((await post(admin, `${address}?acao=apagar&registro=${entryId}`, {})).status).toBe(302);
    const after = await admin.client.get(address);
    expect(after.text).not.toContain("Vacina V5");
    expect(after.text).toContain("Motivo: Espirros");
  });

  it("hands out the carteira de saúde as a PDF, read back with poppler, to those who may read the record", async () => {
    const { admin, outsider, organizationId } = await organizationTeam(app, "saude-carteira");
    const fred = await createPet(app.db, { caretakerId: admin.id, organizationId, nome: "Frederico", especie: "cao" });
    const entries = [
      { tipo: "vacina", nome: "V10", data: addDays(today(), -30), lote: "L-778", proxima_dose: addDays(today(), 335) },
      { tipo: "vermifugo", produto: "Drontal Plus", data: addDays(today(), -20) },
      { tipo: "exame", nome: "Leishmaniose", data: addDays(today(), -10), resultado: "Não reagente" },
      { tipo: "consulta", data: addDays(today(), -5), motivo: "Coceira na orelha", clinica: "Clínica São Francisco" },
      { tipo: "medicamento", nome: "Otomax", dose: "3 gotas", horarios: ["09:00", "21:00"], de: today() },
      { tipo: "peso", data: today(), kg: 18.25, observacoes: "Em jejum." },
    ];
    for (const entry of entries) expect((await admin.client.post(`/api/pets/${fred}/saude`, entry)).status).toBe(201);
    for (const url of [`/pets/${fred}/saude.pdf`, `/api/pets/${fred}/saude.pdf`]) {
      const got = await admin.client.get(url);
      expect(got.status, url).toBe(200);
      expect(got.headers.get("content-type")).toBe("application/pdf");
      expect(got.headers.get("cache-control")).toBe("private, no-store");
      expect(got.headers.get("content-disposition")).toBe('attachment; filename="carteira-de-saude-frederico.pdf"');
      const file = path.join(os.tmpdir(), `carteira-${randomUUID()}.pdf`);
      fs.writeFileSync(file, got.bytes);
      const text = execFileSync("pdftotext", [file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
      fs.rmSync(file);
      for (const expected of [
        "Carteira de saúde de Frederico",
        "Espécie: Cão",
        "Vacinas",
        "L-778",
        formatDay(addDays(today(), 335)),
        "Drontal Plus",
        "Leishmaniose",
        "Não reagente",
        "Coceira na orelha",
        "Otomax, 3 gotas",
        "09:00 e 21:00",
        "18,25 kg",
        "Em jejum.",
        `emitida em ${formatDay(today())}`,
      ]) {
        expect(text, expected).toContain(expected);
      }
    }
    expect((await outsider.client.get(`/pets/${fred}/saude.pdf`)).status).toBe(404);
    expect((await outsider.client.get(`/api/pets/${fred}/saude.pdf`)).status).toBe(404);
  });

  it("keeps an entry's files (a card's photo without its metadata, an exam's PDF) for the record's readers only", async () => {
    const { admin, foster, outsider, organizationId } = await organizationTeam(app, "saude-arquivos");
    const kira = await createPet(app.db, { caretakerId: admin.id, organizationId, nome: "Kira", especie: "gato" });
    await admin.client.post(`/api/pets/${kira}/lar`, { lar_id: foster.id, inicio: today() });
    // A phone's photo of the card, with its GPS in the EXIF; an exam's PDF.
    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#f5e6c8" } })
      .jpeg()
      .withExif({ IFD0: { Make: "Celular" }, IFD3: { GPSLatitudeRef: "S", GPSLatitude: "22/1 54/1 0/1" } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
    const form = (files: [Buffer, string, string][]) => {
      const body = new FormData();
      body.set("tipo", "vacina");
      body.set("nome", "V4");
      body.set("data", today());
      for (const [bytes, type, name] of files)
        body.append("arquivos", new Blob([new Uint8Array(bytes)], { type }), name);
      return body;
    };

    // A file that lies about its type is refused by its content, nothing written.
    const lying = await foster.client.post(
      `/api/pets/${kira}/saude`,
      form([
        [photo, "image/jpeg", "carteira.jpg"],
        [Buffer.from("não sou um PDF"), "application/pdf", "exame.pdf"],
      ]),
    );
    expect([lying.status, lying.json.errors]).toEqual([
      400,
      { arquivos: ["O arquivo 2 não é um PDF, JPEG ou PNG válido."] },
    ]);
    expect((await foster.client.get(`/api/pets/${kira}/saude`)).json.registros).toEqual([]);
    const tooMany = await foster.client.post(
      `/api/pets/${kira}/saude`,
      form([0, 1, 2, 3].map(() => [pdf, "application/pdf", "exame.pdf"] as [Buffer, string, string])),
    );
    expect(tooMany.status).toBe(413);

    const made = await foster.client.post(
      `/api/pets/${kira}/saude`,
      form([
        [photo, "image/jpeg", "carteira.jpg"],
        [pdf, "application/pdf", "exame.pdf"],
      ]),
    );
    expect(made.status, made.text).toBe(201);
    const files = made.json.arquivos as { id: string; tipo: string; url: string }[];
    expect(files.map((file) => file.tipo)).toEqual(["imagem", "pdf"]);
    expect(files[0]!.url).toBe(`/adopet/pets/${kira}/saude/arquivos/${files[0]!.id}`);
    const address = (file: { url: string }) => file.url.slice("/adopet".length);

    // The photo: WebP, without the EXIF; the PDF as sent, downloaded; both private.
    const image = await foster.client.get(address(files[0]!));
    expect([image.status, image.headers.get("content-type")]).toEqual([200, "image/webp"]);
    expect(image.headers.get("cache-control")).toBe("private, no-store");
    // The file's own policy is sent beside the site's, not replaced by it: a browser enforces
    // every policy it gets, so opened directly, the file runs nothing.
    expect(image.headers.get("content-security-policy")?.split(", ")).toContain("sandbox; default-src 'none'");
    const metadata = await sharp(image.bytes).metadata();
    expect([metadata.format, metadata.width, metadata.exif]).toEqual(["webp", 1200, undefined]);
    const document = await admin.client.get(address(files[1]!));
    expect(document.headers.get("content-disposition")).toMatch(/^attachment;/);
    expect(document.bytes.equals(pdf)).toBe(true);
    // Anyone else, and the foster once the stay ended: 404.
    expect((await outsider.client.get(address(files[0]!))).status).toBe(404);
    expect((await new Client(app.baseUrl).get(address(files[0]!))).status).toBe(302);
    await admin.client.delete(`/api/pets/${kira}/lar`);
    expect((await foster.client.get(address(files[1]!))).status).toBe(404);
    // Another animal's address for the file: 404.
    const other = await createPet(app.db, { caretakerId: admin.id, organizationId, nome: "Outra" });
    expect((await admin.client.get(`/pets/${other}/saude/arquivos/${files[0]!.id}`)).status).toBe(404);
    // The page lists them; deleting the entry takes them with it.
    expect((await admin.client.get(`/pets/${kira}/saude`)).text).toContain("Arquivo 1 (foto)");
    expect((await admin.client.delete(`/api/pets/${kira}/saude/${made.json.id}`)).status).toBe(204);
    expect((await admin.client.get(address(files[0]!))).status).toBe(404);
  });
});

describe("one submission, one entry", () => {
  it("makes one entry of the same form sent twice at once with its key, and of an API retry with Idempotency-Key", async () => {
    const { admin, team, organizationId } = await organizationTeam(app, "saude-uma-vez");
    const nino = await createPet(app.db, { caretakerId: admin.id, organizationId, nome: "Nino", especie: "gato" });
    const count = async () => ((await admin.client.get(`/api/pets/${nino}/saude`)).json.registros as unknown[]).length;

    // The page's form, tapped twice: both posts carry the page's key; one entry, the same redirect.
    const page = await admin.client.get(`/pets/${nino}/saude`);
    const key = /name="chave_de_envio" value="([^"]+)"/.exec(page.text)![1]!;
    const form = new URLSearchParams({ tipo: "peso", data: today(), kg: "4,1", chave_de_envio: key }).toString();
    const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
    const taps = await Promise.all(
      [1, 2].map(() => admin.client.post(`/pets/${nino}/saude?acao=registrar`, form, FORM)),
    );
    const [first, second] = taps.map((tap) => [tap.status, tap.headers.get("location")]);
    expect(first).toEqual([
      302,
      expect.stringMatching(new RegExp(`^/adopet/pets/${nino}/saude\\?tipo=peso#registro-`)),
    ]);
    expect(second).toEqual(first);
    expect(await count()).toBe(1);
    // The page shown after has a new key: the next entry is made.
    const after = await admin.client.get(`/pets/${nino}/saude`);
    expect(after.text).not.toContain(key);

    // The API, sent twice at once with one key: one 201, the other its replay.
    const dose = { tipo: "vacina", nome: "V4", data: today() };
    const headers = { "Content-Type": "application/json", "Idempotency-Key": "c2b0a7e4-5e1f-4a8e-9d3c-7f6b5a4e3d2c" };
    const sent = await Promise.all([1, 2].map(() => admin.client.post(`/api/pets/${nino}/saude`, dose, headers)));
    expect(sent.map((answer) => answer.status)).toEqual([201, 201]);
    expect(sent[0]!.json.id).toBe(sent[1]!.json.id);
    expect(sent.map((answer) => answer.headers.get("idempotent-replayed")).sort()).toEqual(["true", null].sort());
    expect(await count()).toBe(2);
    // Another member's same key is theirs; the key on another path, or malformed, is refused.
    expect((await team.client.post(`/api/pets/${nino}/saude`, dose, headers)).status).toBe(201);
    expect(await count()).toBe(3);
    const elsewhere = await admin.client.post(
      `/api/organizacoes/${organizationId}/saude`,
      { ...dose, animais: [nino] },
      headers,
    );
    expect([elsewhere.status, elsewhere.json.message]).toEqual([
      422,
      "Esta Idempotency-Key já foi usada em outro pedido: use uma chave nova para cada envio.",
    ]);
    const malformed = await admin.client.post(`/api/pets/${nino}/saude`, dose, {
      ...headers,
      "Idempotency-Key": "a b",
    });
    expect(malformed.status).toBe(400);
    expect(await count()).toBe(3);
  });
});
