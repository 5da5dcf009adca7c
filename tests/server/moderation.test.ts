import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, users } from "~/db/schema";
import { setOperator } from "~/domain/moderation/operators.server";
import { createPet, DEFAULT_PASSWORD } from "../support/factories";
import { Client, signedInAccount, startTestApp, type TestApp } from "../support/app";

/** `/moderacao` (issue 22): operators only, everyone else a 404; each action with its reason, logged. */
let app: TestApp;
let operator: Client;
let person: Client;
let ongId: string;
let operatorId: string;

const signedIn = (email: string, nome: string) => signedInAccount(app, { email, nome });

/** A new session for an account made before. */
async function signedInAgain(email: string): Promise<Client> {
  const client = new Client(app.baseUrl);
  expect((await client.post("/api/session", { email, senha: DEFAULT_PASSWORD })).status).toBe(200);
  return client;
}

beforeAll(async () => {
  app = await startTestApp();
  ({ client: operator, id: operatorId } = await signedIn("olga.moderacao@exemplo.com", "Olga"));
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

  it("shows competing claims of one CNPJ on each card; verifying one makes the others people again", async () => {
    const cnpj = "60.701.190/0001-04";
    const claim = async (email: string, nome: string, nome_publico: string) => {
      const account = await signedIn(email, nome);
      const saved = await account.client.patch(`/api/users/${account.id}`, { tipo: "ong", cnpj, nome_publico });
      expect(saved.status, saved.text).toBe(200);
      return account.id;
    };
    const squatterId = await claim("posseiro.moderacao@exemplo.com", "Paulo Posseiro", "Patinhas Unidas");
    const realId = await claim("real.moderacao@exemplo.com", "Rita Real", "ONG Patinhas Unidas");
    const page = await operator.get("/moderacao");
    expect(page.text).toContain("Outras contas pedem este CNPJ");
    expect(page.text).toContain("Patinhas Unidas · conta de Paulo Posseiro (posseiro.moderacao@exemplo.com)");
    expect(page.text).toContain("ONG Patinhas Unidas · conta de Rita Real (real.moderacao@exemplo.com)");
    const verified = await operator.post(
      "/moderacao",
      form({ intent: `verificar_ong:${realId}`, form: `ong-${realId}`, motivo: "Estatuto conferido com a ONG" }),
      FORM,
    );
    expect(verified.status).toBe(302);
    const rows = await app.db
      .select({
        id: users.id,
        tipo: users.tipo,
        cnpj: users.cnpj,
        nomePublico: users.nomePublico,
        at: users.verifiedAt,
      })
      .from(users)
      .where(eq(users.cnpj, "60701190000104"));
    expect(rows).toEqual([
      { id: realId, tipo: "ong", cnpj: "60701190000104", nomePublico: "ONG Patinhas Unidas", at: expect.any(Date) },
    ]);
    const [squatter] = await app.db.select().from(users).where(eq(users.id, squatterId));
    expect([squatter!.tipo, squatter!.cnpj, squatter!.nomePublico]).toEqual(["pessoa", null, null]);
    const [logged] = await app.db.select().from(auditLog).where(eq(auditLog.alvoId, realId));
    expect(logged!.alvoDescricao).toContain("1 outro(s) pedido(s) do mesmo CNPJ desfeito(s)");
    // The squatter cannot claim it back.
    const client = await signedInAgain("posseiro.moderacao@exemplo.com");
    const again = await client.patch(`/api/users/${squatterId}`, { tipo: "ong", cnpj, nome_publico: "Patinhas" });
    expect(again.status).toBe(409);
  });
});

type Queue = {
  denuncias: { alvo: { id: string } }[];
  anuncios_ocultos: unknown[];
  contas_suspensas: unknown[];
  ongs_a_verificar: unknown[];
  registro: unknown[];
};
const work = async (query = "") => (await operator.get(`/api/moderacao${query}`)).json as Queue;

describe("the moderation API (issue 61: what the page does)", () => {
  it("is for operators: a visitor gets 401, anyone else the 404 of what they named", async () => {
    const visitor = new Client(app.baseUrl);
    expect((await visitor.get("/api/moderacao")).status).toBe(401);
    expect((await person.get("/api/moderacao")).status).toBe(404);
    const acted = await person.post(`/api/moderacao/contas/${ongId}/suspender`, { motivo: "Tentativa" });
    expect(acted.status).toBe(404);
    expect(acted.json.message).toBe("Usuário não encontrado.");
    const [row] = await app.db.select({ at: users.suspendedAt }).from(users).where(eq(users.id, ongId));
    expect(row!.at).toBeNull();
  });

  it("lets an operator read the queue and act on a listing and its account, each with a reason", async () => {
    const caretaker = await signedIn("caio.moderacao@exemplo.com", "Caio");
    const petId = await createPet(app.db, { caretakerId: caretaker.id, nome: "Pipoca" });
    const reported = await person.post("/api/denuncias", {
      alvo: { tipo: "pet", id: petId },
      categoria: "venda_ou_golpe",
      texto: "Pede dinheiro pelo animal",
    });
    expect(reported.status).toBe(201);

    const queue = await operator.get("/api/moderacao?ordem=recentes");
    expect(queue.status).toBe(200);
    expect(queue.headers.get("cache-control")).toBe("private, no-store");
    const target = (queue.json as Queue).denuncias.find((entry) => entry.alvo.id === petId);
    expect(target).toMatchObject({
      alvo: { tipo: "pet", id: petId },
      endereco: `/adopet/pets/${petId}`,
      oculto: null,
      conta: { id: caretaker.id, nome: "Caio", suspensa: false },
      pessoas: 1,
      relatos: [
        { categoria: "venda_ou_golpe", texto: "Pede dinheiro pelo animal", quem: expect.stringContaining("Pedro") },
      ],
    });
    expect((await operator.get("/api/moderacao?ordem=qualquer")).status).toBe(400);

    // The reason is required, the body strict.
    const noReason = await operator.post(`/api/moderacao/anuncios/${petId}/ocultar`, { motivo: "  " });
    expect(noReason.status).toBe(400);
    expect((noReason.json.errors as Record<string, string[]>).motivo).toEqual([
      "Diga o motivo: ele fica no registro de ações.",
    ]);
    const extra = await operator.post(`/api/moderacao/anuncios/${petId}/ocultar`, { motivo: "Golpe", oculto: true });
    expect(extra.status).toBe(400);

    const hidden = await operator.post(`/api/moderacao/anuncios/${petId}/ocultar`, { motivo: "Venda confirmada" });
    expect(hidden.status).toBe(204);
    expect((await new Client(app.baseUrl).get(`/api/pets/${petId}`)).status).toBe(404);
    expect((await operator.post(`/api/moderacao/anuncios/${petId}/ocultar`, { motivo: "De novo" })).status).toBe(409);
    const after = await work();
    expect(after.anuncios_ocultos).toContainEqual(expect.objectContaining({ id: petId, por: "operador" }));
    expect(after.denuncias.some((entry) => entry.alvo.id === petId)).toBe(false);
    expect(after.registro[0]).toMatchObject({ acao: "Ocultou o anúncio", motivo: "Venda confirmada" });

    const restored = await operator.post(`/api/moderacao/anuncios/${petId}/restaurar`, { motivo: "Era engano" });
    expect(restored.status).toBe(204);
    expect((await new Client(app.baseUrl).get(`/api/pets/${petId}`)).status).toBe(200);

    const suspended = await operator.post(`/api/moderacao/contas/${caretaker.id}/suspender`, { motivo: "Golpes" });
    expect(suspended.status).toBe(204);
    expect((await caretaker.client.get("/api/session")).status).toBe(401);
    expect((await work()).contas_suspensas).toContainEqual(
      expect.objectContaining({ id: caretaker.id, motivo: "Golpes" }),
    );
    const self = await operator.post(`/api/moderacao/contas/${operatorId}/suspender`, { motivo: "Teste" });
    expect(self.status).toBe(409);
    expect((await operator.post(`/api/moderacao/contas/${caretaker.id}/restaurar`, { motivo: "Ok" })).status).toBe(204);
  });

  it("archives the reports on a target once, and verifies an ONG", async () => {
    const caretaker = await signedIn("clara.moderacao@exemplo.com", "Clara");
    const reported = await person.post("/api/denuncias", {
      alvo: { tipo: "usuario", id: caretaker.id },
      categoria: "outro",
      texto: "Perfil estranho",
    });
    expect(reported.status).toBe(201);
    const alvo = { tipo: "usuario", id: caretaker.id };
    expect(
      (await operator.post("/api/moderacao/denuncias/arquivamento", { alvo: { tipo: "x", id: "1" }, motivo: "Ok" }))
        .status,
    ).toBe(400);
    const archived = await operator.post("/api/moderacao/denuncias/arquivamento", { alvo, motivo: "Nada a fazer" });
    expect(archived.status).toBe(204);
    const again = await operator.post("/api/moderacao/denuncias/arquivamento", { alvo, motivo: "Nada a fazer" });
    expect(again.status).toBe(404);

    const ong = await signedIn("ong2.moderacao@exemplo.com", "Ana");
    const claimed = await ong.client.patch(`/api/users/${ong.id}`, {
      tipo: "ong",
      cnpj: "33.000.167/0001-01",
      nome_publico: "Rabo Abanando",
    });
    expect(claimed.status).toBe(200);
    expect((await work()).ongs_a_verificar).toContainEqual(
      expect.objectContaining({ id: ong.id, nome_publico: "Rabo Abanando", cnpj: "33.000.167/0001-01" }),
    );
    const verified = await operator.post(`/api/moderacao/ongs/${ong.id}/verificar`, { motivo: "CNPJ conferido" });
    expect(verified.status).toBe(204);
    expect((await new Client(app.baseUrl).get(`/api/users/${ong.id}`)).json.verificada).toBe(true);
    expect((await operator.post(`/api/moderacao/ongs/${ong.id}/verificar`, { motivo: "De novo" })).status).toBe(404);
  });
});
