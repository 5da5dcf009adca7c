import { eq } from "drizzle-orm";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expenses, petHealthFiles, trashItems } from "~/db/schema";
import { purgeExpired } from "~/jobs/maintenance.server";
import { addDays, dayInBrasilia } from "~/lib/dates";
import { createPet } from "../support/factories";
import { startTestApp, type TestApp } from "../support/app";
import { organizationTeam } from "../support/organizations";

/**
 * The organisation's Lixeira (issue 63), through the API and its page: an expense and a health
 * entry deleted go there whole (the receipt, the files), are listed for the team, brought back
 * by an administrador under their own id, logged, and erased after 30 days.
 */

let app: TestApp;
let team: Awaited<ReturnType<typeof organizationTeam>>;
let base: string;
const today = () => dayInBrasilia(new Date());
const DAY = 24 * 60 * 60 * 1000;
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

beforeAll(async () => {
  app = await startTestApp();
  team = await organizationTeam(app, "lixeira");
  base = `/api/organizacoes/${team.organizationId}`;
});
afterAll(() => app?.close());

type Item = { id: string; tipo: string; registro_id: string; resumo: string; apagado_por: string };

describe("the Lixeira", () => {
  it("keeps a deleted expense with its receipt; an administrador restores it, and the accounts count it again", async () => {
    const { admin, team: caio, foster, outsider } = team;
    const body = new FormData();
    body.set("categoria", "racao");
    body.set("valor", "89,90");
    body.set("data", today());
    body.set("comprovante", new Blob([new Uint8Array(PDF)], { type: "application/pdf" }), "nota.pdf");
    const spent = await caio.client.post(`${base}/despesas`, body);
    expect(spent.status).toBe(201);
    const expenseId = spent.json.id as string;
    const spentTotal = async () =>
      ((await admin.client.get(`${base}/transparencia`)).json.total as { gasto: string }).gasto;
    expect(await spentTotal()).toBe("89.90");

    expect((await caio.client.delete(`${base}/despesas/${expenseId}`)).status).toBe(204);
    expect(await spentTotal()).toBe("0.00");
    const listed = await caio.client.get(`${base}/lixeira`);
    expect(listed.status).toBe(200);
    const [item] = listed.json.itens as Item[];
    expect(item).toMatchObject({
      tipo: "despesa",
      registro_id: expenseId,
      resumo: `Despesa de R$ 89,90 (Ração) em ${today().split("-").reverse().join("/")}`,
      apagado_por: "Caio Equipe",
    });
    // The team and the log see it; a foster home, or anyone outside, does not.
    expect((await foster.client.get(`${base}/lixeira`)).status).toBe(403);
    expect((await outsider.client.get(`${base}/lixeira`)).status).toBe(404);
    const page = `/organizacoes/${team.organizationId}/lixeira`;
    expect((await foster.client.get(page)).status).toBe(403);
    expect((await outsider.client.get(page)).status).toBe(404);
    expect(
      (
        await outsider.client.post(`${page}?acao=restaurar&item=${(listed.json.itens as Item[])[0]!.id}`, "", {
          "Content-Type": "application/x-www-form-urlencoded",
        })
      ).status,
    ).toBe(404);
    const log = (await admin.client.page(`/organizacoes/${team.organizationId}/atividade`)).text;
    expect(log).toContain("apagou: Despesa de R$ 89,90 (Ração)");

    // Only an administrador restores; under the same id, with its receipt.
    const restore = `${base}/lixeira/${item!.id}/restaurar`;
    expect((await caio.client.post(restore)).status).toBe(403);
    const restored = await admin.client.post(restore);
    expect([restored.status, restored.json]).toEqual([200, { tipo: "despesa", registro_id: expenseId }]);
    expect(await spentTotal()).toBe("89.90");
    const receipt = await admin.client.get(`${base}/despesas/${expenseId}/comprovante`);
    expect(receipt.bytes.equals(PDF)).toBe(true);
    expect((await admin.client.get(`${base}/lixeira`)).json.itens).toEqual([]);
    expect((await admin.client.post(restore)).status).toBe(404);
    expect((await admin.client.page(`/organizacoes/${team.organizationId}/atividade`)).text).toContain(
      "restaurou da Lixeira: Despesa de R$ 89,90 (Ração)",
    );
  });

  it("keeps a deleted health entry with its files, brings it back with its next dose, and erases it after 30 days", async () => {
    const { admin } = team;
    const tom = await createPet(app.db, { caretakerId: admin.id, organizationId: team.organizationId, nome: "Tom" });
    const entry = new FormData();
    entry.set("tipo", "vacina");
    entry.set("nome", "V10");
    entry.set("data", today());
    entry.set("proxima_dose", addDays(today(), 21));
    entry.set("arquivos", new Blob([new Uint8Array(PDF)], { type: "application/pdf" }), "carteira.pdf");
    const made = await admin.client.post(`/api/pets/${tom}/saude`, entry);
    expect(made.status, made.text).toBe(201);
    const entryId = made.json.id as string;
    const doses = async () => (await admin.client.get(`/api/pets/${tom}/saude`)).json.proximas_doses as unknown[];
    expect(await doses()).toHaveLength(1);

    // Deleted from the record's page, after its confirmation.
    const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
    const asked = await admin.client.get(`/pets/${tom}/saude?apagar=${entryId}`);
    expect(asked.text).toContain(`Apagar o registro de`);
    expect(asked.text).toContain("Lixeira da organização");
    expect((await admin.client.post(`/pets/${tom}/saude?acao=apagar&registro=${entryId}`, "", FORM)).status).toBe(302);
    expect(await doses()).toEqual([]);
    const page = await admin.client.page(`/organizacoes/${team.organizationId}/lixeira`);
    expect(page.text).toContain("Vacina V10 de Tom");
    const [item] = (await admin.client.get(`${base}/lixeira`)).json.itens as Item[];

    // Restored by the page's button: the entry, its file, its next dose.
    const back = await admin.client.post(
      `/organizacoes/${team.organizationId}/lixeira?acao=restaurar&item=${item!.id}`,
      "",
      FORM,
    );
    expect(back.status).toBe(302);
    expect(await doses()).toHaveLength(1);
    const files = await app.db.select().from(petHealthFiles).where(eq(petHealthFiles.entryId, entryId));
    expect(files).toHaveLength(1);

    // Deleted again and left: gone for good 30 days on.
    expect((await admin.client.delete(`/api/pets/${tom}/saude/${entryId}`)).status).toBe(204);
    expect(await app.db.select().from(trashItems).where(eq(trashItems.registroId, entryId))).toHaveLength(1);
    expect((await purgeExpired(app.db, new Date(Date.now() + 29 * DAY))).trash).toBe(0);
    expect((await purgeExpired(app.db, new Date(Date.now() + 31 * DAY))).trash).toBeGreaterThanOrEqual(1);
    expect(await app.db.select().from(trashItems).where(eq(trashItems.registroId, entryId))).toEqual([]);
    expect(await app.db.select().from(expenses).where(eq(expenses.organizationId, team.organizationId))).toHaveLength(
      1,
    );
  });
});

describe("the activity log of money and health", () => {
  it("records each change with who and what, before and after; filters by kind and person; exports CSV", async () => {
    // A team of its own: the Lixeira's test purged a month on, and every session with it.
    const team = await organizationTeam(app, "registro");
    const base = `/api/organizacoes/${team.organizationId}`;
    const { admin, team: caio } = team;
    const teo = await createPet(app.db, { caretakerId: admin.id, organizationId: team.organizationId, nome: "Téo" });
    // Money: a gift typed in and deleted, an expense, a statement imported and a line set aside.
    const gift = await caio.client.post(`${base}/doacoes`, { valor: 50, data: today(), doador: "Roberto Alves Nunes" });
    expect(gift.status).toBe(201);
    expect((await caio.client.delete(`${base}/doacoes/${gift.json.id}`)).status).toBe(204);
    expect((await caio.client.post(`${base}/despesas`, { categoria: "racao", valor: 30, data: today() })).status).toBe(
      201,
    );
    const csv = `Data,Valor,Identificador,Descrição\n${today().split("-").reverse().join("/")},12.00,${crypto.randomUUID()},PIX RECEBIDO LUCAS\n`;
    const body = new FormData();
    body.set("arquivo", new Blob([csv], { type: "text/csv" }), "extrato.csv");
    const imported = await admin.client.post(`${base}/extratos`, body);
    expect(imported.status).toBe(200);
    const [line] = imported.json.pendentes as { id: string }[];
    expect((await admin.client.patch(`${base}/extratos/linhas/${line!.id}`, { status: "ignorada" })).status).toBe(204);
    // Health: an entry made and corrected.
    const made = await caio.client.post(`/api/pets/${teo}/saude`, { tipo: "vacina", nome: "V8", data: today() });
    expect(made.status).toBe(201);
    const next = addDays(today(), 21);
    expect((await caio.client.patch(`/api/pets/${teo}/saude/${made.json.id}`, { proxima_dose: next })).status).toBe(
      200,
    );

    type Entry = { acao: string; membro: { id: string; nome: string }; texto: string };
    const log = async (query = "") => (await admin.client.get(`${base}/atividade${query}`)).json.atividade as Entry[];
    const texts = (await log()).map((entry) => entry.texto);
    const day = today().split("-").reverse().join("/");
    for (const expected of [
      `Caio Equipe registrou: Doação de R$ 50,00 em ${day}, de Roberto Alves Nunes`,
      `Caio Equipe apagou: Doação de R$ 50,00 em ${day}, de Roberto Alves Nunes`,
      `Caio Equipe registrou: Despesa de R$ 30,00 (Ração) em ${day}`,
      "Lia Admin importou um extrato (1 crédito novo: 0 conciliado(s), 1 a decidir)",
      "Lia Admin marcou uma linha do extrato como ignorada",
      `Caio Equipe registrou: Vacina V8 de Téo em ${day}`,
      `Caio Equipe corrigiu o registro de saúde de Téo (próxima dose: — → ${next})`,
    ]) {
      expect(texts).toContain(expected);
    }
    // Narrowed to one kind, to one person.
    const corrections = await log("?acao=registro_de_saude_corrigido");
    expect(corrections.map((entry) => entry.acao)).toEqual(["registro_de_saude_corrigido"]);
    const byAdmin = await log(`?pessoa=${admin.id}`);
    expect(byAdmin.length).toBeGreaterThan(0);
    expect(byAdmin.every((entry) => entry.membro.id === admin.id)).toBe(true);
    expect((await admin.client.get(`${base}/atividade?acao=nada`)).status).toBe(400);
    expect((await caio.client.get(`${base}/atividade`)).status).toBe(403);

    // The page's CSV, with its filter, read back as a spreadsheet would.
    const file = await admin.client.get(`/organizacoes/${team.organizationId}/atividade.csv?acao=despesa_registrada`);
    expect(file.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const rows = parse(file.text.replace(/^\uFEFF/, ""), { delimiter: ";" }) as string[][];
    expect(rows[0]).toEqual(["quando", "quem", "o_que", "tipo", "alvo", "detalhe"]);
    expect(rows.slice(1).map((row) => row[3])).toEqual(["Despesa registrada"]);
    expect(rows[1]![2]).toBe(`Caio Equipe registrou: Despesa de R$ 30,00 (Ração) em ${day}`);
    expect((await caio.client.get(`/organizacoes/${team.organizationId}/atividade.csv`)).status).toBe(403);
    expect((await team.outsider.client.get(`/organizacoes/${team.organizationId}/atividade.csv`)).status).toBe(404);
  });
});
