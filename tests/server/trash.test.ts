import { eq } from "drizzle-orm";
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
