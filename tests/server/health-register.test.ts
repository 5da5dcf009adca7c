import { parse } from "csv-parse/sync";
import { CSV_FORMAT_MESSAGE } from "~/lib/csv";
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPet } from "../support/factories";
import { addDays, dayInBrasilia, formatDay } from "~/lib/dates";
import { Client, startTestApp, type TestApp } from "../support/app";
import { adoptThroughTermo } from "../support/adoptions";
import { organizationTeam } from "../support/organizations";

/**
 * The export for the national register (issue 45, Lei 15.046/2024 art. 2º), on the database the
 * run names: the organisation's animals as CSV for its team, one animal as CSV and PDF for its
 * team and its adopter; an adopted animal's tutor from the signed termo, one still with the
 * organisation the organisation; a foster 403, anyone else 404.
 */

let app: TestApp;
const today = () => dayInBrasilia(new Date());

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

/** A CSV's rows as cells (the export's cells hold no line breaks in these tests). */
/** The register's CSV read back as a spreadsheet in Brazil reads it (`;`, a BOM first). */
function cells(csv: string): string[][] {
  expect(csv.startsWith("\uFEFF")).toBe(true);
  return parse(csv, { bom: true, delimiter: ";" }) as string[][];
}

describe("the SinPatinhas export", () => {
  it("lists the organisation's animals with their tutors, for its team only", async () => {
    const { admin, team, foster, outsider, adopter, organizationId } = await organizationTeam(app, "sinpatinhas");
    const { id: applicationId, petId: adopted } = await adoptThroughTermo(app, {
      caretaker: admin,
      adopter,
      nome: "Brisa",
    });
    expect((await admin.client.patch(`/api/pets/${adopted}`, { raca: "SRD", pelagem: "=1+1" })).status).toBe(200);
    for (const entry of [
      { tipo: "vacina", nome: "V10", data: addDays(today(), -400) },
      { tipo: "vacina", nome: "v10", data: addDays(today(), -30) },
      { tipo: "vacina", nome: "Antirrábica", data: addDays(today(), -30) },
      { tipo: "exame", nome: "Leishmaniose", data: addDays(today(), -20), resultado: "Positivo" },
      { tipo: "exame", nome: "Hemograma", data: addDays(today(), -20), resultado: "Normal" },
    ]) {
      expect((await admin.client.post(`/api/pets/${adopted}/saude`, entry)).status).toBe(201);
    }
    const kept = await createPet(app.db, { caretakerId: admin.id, organizationId, nome: "Garoa", especie: "gato" });
    await admin.client.post(`/api/pets/${kept}/lar`, { lar_id: foster.id, inicio: today() });
    const removed = await createPet(app.db, { caretakerId: admin.id, organizationId, nome: "Sumido" });
    expect((await admin.client.delete(`/api/pets/${removed}`)).status).toBe(204);

    const address = `/api/organizacoes/${organizationId}/sinpatinhas.csv`;
    const got = await admin.client.get(address);
    expect(got.status, got.text).toBe(200);
    expect(got.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(got.headers.get("cache-control")).toBe("private, no-store");
    expect(got.text.startsWith("\uFEFF")).toBe(true);
    const [header, ...rows] = cells(got.text);
    expect(header).toEqual([
      "nome",
      "especie",
      "raca",
      "sexo",
      "idade",
      "idade_tipo",
      "pelagem",
      "castrado",
      "vacinas",
      "doencas",
      "necessidades_especiais",
      "microchip",
      "origem",
      "situacao",
      "tutor_nome",
      "tutor_documento",
      "tutor_endereco",
      "tutor_cep",
    ]);
    const row = (nome: string) =>
      Object.fromEntries(header!.map((column, index) => [column, rows.find((cell) => cell[0] === nome)?.[index]]));
    expect(rows.map((cell) => cell[0]).sort()).toEqual(["Brisa", "Garoa", "Primeiro"]);
    expect(row("Brisa")).toMatchObject({
      especie: "Cão",
      raca: "SRD",
      sexo: "Macho",
      idade_tipo: "Presumida",
      // A cell a spreadsheet would run as a formula is written as text.
      pelagem: "'=1+1",
      vacinas: `Antirrábica (${formatDay(addDays(today(), -30))}); V10 (${formatDay(addDays(today(), -30))})`,
      doencas: `Leishmaniose: Positivo (${formatDay(addDays(today(), -20))})`,
      situacao: `Adotado em ${formatDay(today())}`,
      tutor_nome: "Ana Maria Souza",
      tutor_documento: "529.982.247-25",
      tutor_endereco: "Rua das Laranjeiras, 120, Rio de Janeiro (RJ)",
      tutor_cep: "22240-003",
    });
    expect(row("Garoa")).toMatchObject({
      especie: "Gato",
      situacao: "Em lar temporário, sob a guarda da organização",
      tutor_nome: row("Primeiro").tutor_nome,
      tutor_documento: "",
      tutor_endereco: "",
    });
    expect(row("Brisa").origem).toMatch(/^Organização de proteção animal: /);

    // The administradora's download, with an adopter's data, is in the organisation's log.
    const log = await admin.client.get(`/api/organizacoes/${organizationId}/atividade`);
    expect((log.json.atividade as { texto: string }[]).map((entry) => entry.texto)).toContain(
      "Lia Admin baixou registro do SinPatinhas, com os dados de 1 tutor",
    );
    // Equipe gets the same file with the adopter's columns blank, and leaves nothing in the log.
    const teams = cells((await team.client.get(address)).text);
    const brisaForTeam = Object.fromEntries(
      header!.map((column, index) => [column, teams.find((cell) => cell[0] === "Brisa")![index]]),
    );
    expect(brisaForTeam).toMatchObject({
      situacao: row("Brisa").situacao,
      tutor_nome: "",
      tutor_documento: "",
      tutor_endereco: "",
      tutor_cep: "",
    });
    expect(teams.find((cell) => cell[0] === "Garoa")).toEqual(rows.find((cell) => cell[0] === "Garoa"));
    const logAfter = await admin.client.get(`/api/organizacoes/${organizationId}/atividade`);
    expect(
      (logAfter.json.atividade as { acao: string }[]).filter((entry) => entry.acao === "dados_pessoais_baixados"),
    ).toHaveLength(1);

    // For programs: the same rows, comma-separated; a form it does not write is refused.
    const forPrograms = await admin.client.get(`${address}?formato=csv-virgula`);
    expect(forPrograms.text.startsWith("\uFEFF")).toBe(false);
    expect(parse(forPrograms.text)).toEqual([header, ...rows]);
    const refused = await team.client.get(`${address}?formato=xlsx`);
    expect(refused.status).toBe(400);
    expect(refused.json.errors).toEqual({ formato: [CSV_FORMAT_MESSAGE] });

    // A foster home of the organisation: 403; anyone else: 404; nobody signed in: 401.
    expect((await foster.client.get(address)).status).toBe(403);
    expect((await outsider.client.get(address)).status).toBe(404);
    expect((await new Client(app.baseUrl).get(address)).status).toBe(401);

    // Returned, the animal's tutor is the organisation again.
    await adopter.client.post(`/api/candidaturas/${applicationId}/devolucao`, { motivo: "Alergia na família." });
    const after = cells((await admin.client.get(address)).text);
    const brisa = after.find((cell) => cell[0] === "Brisa")!;
    expect(brisa).not.toContain("529.982.247-25");
  });

  it("gives one animal as CSV and PDF to its team and its adopter", async () => {
    const { admin, team, foster, outsider, adopter, organizationId } = await organizationTeam(app, "sinpatinhas-um");
    const { petId } = await adoptThroughTermo(app, { caretaker: admin, adopter, nome: "Nuvem" });
    await admin.client.post(`/api/pets/${petId}/saude`, { tipo: "vacina", nome: "V8", data: today() });
    const csv = await adopter.client.get(`/api/pets/${petId}/sinpatinhas.csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-disposition")).toBe('attachment; filename="sinpatinhas-nuvem.csv"');
    expect(cells(csv.text)[1]).toContain("529.982.247-25");
    // Of the team, equipe reads the animal without its adopter.
    const teams = await team.client.get(`/api/pets/${petId}/sinpatinhas.csv`);
    expect(teams.status).toBe(200);
    expect(cells(teams.text)[1]).not.toContain("529.982.247-25");
    const pdf = await admin.client.get(`/api/pets/${petId}/sinpatinhas.pdf`);
    expect([pdf.status, pdf.headers.get("content-type")]).toEqual([200, "application/pdf"]);
    const file = path.join(os.tmpdir(), `sinpatinhas-${randomUUID()}.pdf`);
    fs.writeFileSync(file, pdf.bytes);
    const text = execFileSync("pdftotext", [file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
    fs.rmSync(file);
    for (const expected of [
      "Dados de Nuvem para o SinPatinhas",
      "Lei nº 15.046/2024",
      "CPF ou CNPJ do tutor 529.982.247-25",
      `V8 (${formatDay(today())})`,
    ]) {
      expect(text, expected).toContain(expected);
    }
    // Another animal in a foster home: its foster does not export it; a stranger finds nothing.
    const other = await createPet(app.db, { caretakerId: admin.id, organizationId, nome: "Neblina" });
    await admin.client.post(`/api/pets/${other}/lar`, { lar_id: foster.id, inicio: today() });
    expect((await foster.client.get(`/api/pets/${other}/sinpatinhas.pdf`)).status).toBe(403);
    expect((await outsider.client.get(`/api/pets/${petId}/sinpatinhas.csv`)).status).toBe(404);
    expect((await outsider.client.get(`/api/pets/${petId}/sinpatinhas.pdf`)).status).toBe(404);
  });
});
