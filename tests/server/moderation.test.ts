import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, users } from "~/db/schema";
import { setOperator } from "~/domain/moderation/operators.server";
import { Client, signedInAccount, startTestApp, type TestApp } from "../support/app";

/** `/moderacao` (issue 22): operators only, everyone else a 404; each action with its reason, logged. */
let app: TestApp;
let operator: Client;
let person: Client;
let ongId: string;

const signedIn = (email: string, nome: string) => signedInAccount(app, { email, nome });

beforeAll(async () => {
  app = await startTestApp();
  ({ client: operator } = await signedIn("olga.moderacao@exemplo.com", "Olga"));
  expect((await setOperator(app.db, "olga.moderacao@exemplo.com", true)).ok).toBe(true);
  ({ client: person } = await signedIn("pedro.moderacao@exemplo.com", "Pedro"));
  const ong = await signedIn("ong.moderacao@exemplo.com", "Marta");
  ongId = ong.id;
  const saved = await ong.client.patch(`/api/users/${ongId}`, {
    tipo: "ong",
    cnpj: "11.222.333/0001-81",
    nome_publico: "Focinhos",
  });
  expect(saved.status).toBe(200);
});
afterAll(() => app?.close());

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

describe("/moderacao", () => {
  it("is a 404 for everyone but operators, to read and to act", async () => {
    for (const client of [new Client(app.baseUrl), person]) {
      expect((await client.get("/moderacao")).status).toBe(404);
      const acted = await client.post(
        "/moderacao",
        form({ intent: `verificar_ong:${ongId}`, form: `ong-${ongId}`, motivo: "Conferido" }),
        FORM,
      );
      expect(acted.status).toBe(404);
    }
    const [row] = await app.db.select({ at: users.verifiedAt }).from(users).where(eq(users.id, ongId));
    expect(row!.at).toBeNull();
  });

  it("lets an operator verify an ONG with a reason, and shows it in the log", async () => {
    const page = await operator.get("/moderacao");
    expect(page.status).toBe(200);
    expect(page.text).toContain("Focinhos");
    expect(page.text).toContain("11.222.333/0001-81");
    const noReason = await operator.post(
      "/moderacao",
      form({ intent: `verificar_ong:${ongId}`, form: `ong-${ongId}`, motivo: " " }),
      FORM,
    );
    expect(noReason.status).toBe(400);
    expect(noReason.text).toContain("Diga o motivo: ele fica no registro de ações.");
    const verified = await operator.post(
      "/moderacao",
      form({ intent: `verificar_ong:${ongId}`, form: `ong-${ongId}`, motivo: "CNPJ ativo, conferido na Receita" }),
      FORM,
    );
    expect(verified.status).toBe(302);
    expect((await new Client(app.baseUrl).get(`/api/users/${ongId}`)).json.verificada).toBe(true);
    const log = await app.db.select().from(auditLog).where(eq(auditLog.alvoId, ongId));
    expect(log).toHaveLength(1);
    const after = await operator.get("/moderacao");
    expect(after.text).toContain("Verificou a ONG");
    expect(after.text).toContain("CNPJ ativo, conferido na Receita");
  });
});
