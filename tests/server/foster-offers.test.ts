import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_PASSWORD } from "../support/factories";
import { fosterOffers, users } from "~/db/schema";
import { addDays, dayInBrasilia } from "~/lib/dates";
import { FOSTER_MESSAGES } from "~/validation/foster";
import { Client, signedInAccount, startTestApp, type TestApp } from "../support/app";
import { organizationTeam } from "../support/organizations";

/**
 * An offer of a foster home (issue 44), by its owner: made, read, changed, paused, resumed and
 * withdrawn through the API and the page; bad input refused in Portuguese with nothing written;
 * in the person's data export, and gone with the account.
 */

const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
let app: TestApp;

const OFFER = {
  cidade: "Niterói",
  uf: "RJ",
  especies: ["gato"],
  portes: ["pequeno", "medio"],
  quantos: 2,
  disponivel_ate: null,
  tem_animais: true,
  tem_criancas: false,
  tela_nas_janelas: true,
  observacoes: "Apartamento com varanda telada.",
};

const person = (email: string, nome: string, confirmed = true) =>
  signedInAccount(app, { email, nome, emailConfirmed: confirmed });

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe("an offer of a foster home, through the API", () => {
  it("is made, read, changed, paused and withdrawn by its owner only", async () => {
    const bia = await person("bia.lar@exemplo.com", "Bia Lar");
    const none = await bia.client.get("/api/lares/meu");
    expect([none.status, none.json.message]).toEqual([404, "Você ainda não ofereceu um lar temporário."]);
    expect((await new Client(app.baseUrl).get("/api/lares/meu")).status).toBe(401);

    const saved = await bia.client.request("PUT", "/api/lares/meu", OFFER);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json).toMatchObject({ ...OFFER, cidade_ibge: 3303302, pausado: false });
    expect((await bia.client.get("/api/lares/meu")).json).toEqual(saved.json);

    // Paused, and it stays paused when changed without saying otherwise.
    const paused = await bia.client.request("PUT", "/api/lares/meu", { ...OFFER, pausado: true });
    expect(paused.json.pausado).toBe(true);
    const changed = await bia.client.request("PUT", "/api/lares/meu", { ...OFFER, quantos: 3 });
    expect(changed.json).toMatchObject({ quantos: 3, pausado: true });
    // Resumed and paused again as the page's buttons do, without sending the whole offer.
    const resumed = await bia.client.patch("/api/lares/meu", { pausado: false });
    expect([resumed.status, resumed.json.pausado, resumed.json.quantos]).toEqual([200, false, 3]);
    expect((await bia.client.patch("/api/lares/meu", { pausado: true })).json.pausado).toBe(true);
    const bad = await bia.client.patch("/api/lares/meu", { pausado: "sim" });
    expect([bad.status, bad.json.errors]).toEqual([400, { pausado: [FOSTER_MESSAGES.simNao] }]);
    expect((await new Client(app.baseUrl).patch("/api/lares/meu", { pausado: true })).status).toBe(401);

    // Another person has none of their own, and never reads Bia's.
    const caio = await person("caio.lar@exemplo.com", "Caio Lar");
    expect((await caio.client.get("/api/lares/meu")).status).toBe(404);
    expect((await caio.client.request("DELETE", "/api/lares/meu")).status).toBe(404);
    expect((await caio.client.patch("/api/lares/meu", { pausado: false })).status).toBe(404);
    expect((await bia.client.get("/api/lares/meu")).json.pausado).toBe(true);

    expect((await bia.client.request("DELETE", "/api/lares/meu")).status).toBe(204);
    expect((await bia.client.get("/api/lares/meu")).status).toBe(404);
  });

  it("refuses bad input with Portuguese messages, writing nothing", async () => {
    const duda = await person("duda.lar@exemplo.com", "Duda Lar");
    const today = dayInBrasilia(new Date());
    const cases: [Record<string, unknown>, string, string][] = [
      [{ especies: [] }, "especies", FOSTER_MESSAGES.especies],
      [{ especies: ["outro"] }, "especies.0", FOSTER_MESSAGES.especies],
      [{ portes: [] }, "portes", FOSTER_MESSAGES.portes],
      [{ quantos: 0 }, "quantos", FOSTER_MESSAGES.quantos],
      [{ quantos: 11 }, "quantos", FOSTER_MESSAGES.quantos],
      [{ quantos: "2" }, "quantos", FOSTER_MESSAGES.quantos],
      [{ disponivel_ate: "31/12/2026" }, "disponivel_ate", FOSTER_MESSAGES.disponivelAte],
      [{ disponivel_ate: addDays(today, -1) }, "disponivel_ate", FOSTER_MESSAGES.disponivelAte],
      [{ tem_criancas: "sim" }, "tem_criancas", FOSTER_MESSAGES.simNao],
      [{ observacoes: "x".repeat(501) }, "observacoes", FOSTER_MESSAGES.observacoes],
      [{ uf: "XX" }, "uf", FOSTER_MESSAGES.uf],
    ];
    for (const [change, field, message] of cases) {
      const refused = await duda.client.request("PUT", "/api/lares/meu", { ...OFFER, ...change });
      expect(refused.status, JSON.stringify(change)).toBe(400);
      expect(refused.json.errors, JSON.stringify(change)).toMatchObject({ [field]: [message] });
    }
    const unknownCity = await duda.client.request("PUT", "/api/lares/meu", {
      ...OFFER,
      cidade: "Cidade Que Não Existe",
    });
    expect(unknownCity.status).toBe(400);
    expect(unknownCity.json.errors).toHaveProperty("cidade");
    const extra = await duda.client.request("PUT", "/api/lares/meu", { ...OFFER, endereco: "Rua A, 1" });
    expect(extra.status).toBe(400);
    const malformed = await duda.client.request("PUT", "/api/lares/meu", "{", { "Content-Type": "application/json" });
    expect(malformed.status).toBe(400);
    expect(await app.db.select().from(fosterOffers).where(eq(fosterOffers.userId, duda.id))).toEqual([]);
    // Today is still to come.
    const lastDay = await duda.client.request("PUT", "/api/lares/meu", { ...OFFER, disponivel_ate: today });
    expect([lastDay.status, lastDay.json.disponivel_ate]).toEqual([200, today]);
  });

  it("waits for a confirmed e-mail", async () => {
    const eva = await person("eva.lar@exemplo.com", "Eva Lar", false);
    const refused = await eva.client.request("PUT", "/api/lares/meu", OFFER);
    expect(refused.status).toBe(403);
    expect((await eva.client.get("/lar-temporario")).text).toContain(FOSTER_MESSAGES.unconfirmed);
  });
});

describe("an offer of a foster home, from its page", () => {
  it("says what fostering is to anyone, and lets a person offer, pause, resume and withdraw their home", async () => {
    const visitor = await new Client(app.baseUrl).get("/lar-temporario");
    expect(visitor.status).toBe(200);
    expect(visitor.text).toContain("Um lar temporário recebe em casa");
    expect(visitor.text).toContain("/adopet/login?voltar=%2Fadopet%2Flar-temporario");

    const gil = await person("gil.lar@exemplo.com", "Gil Lar");
    const form = new URLSearchParams({
      cidade: "Niterói",
      uf: "RJ",
      quantos: "1",
      tem_animais: "nao",
      tem_criancas: "sim",
      tela_nas_janelas: "sim",
      observacoes: "<b>Casa</b> com quintal.",
    });
    form.append("especies", "cao");
    form.append("portes", "grande");
    const refused = await gil.client.post(
      "/lar-temporario?acao=salvar",
      new URLSearchParams({ cidade: "Niterói" }).toString(),
      FORM,
    );
    expect(refused.status).toBe(400);
    expect(refused.text).toContain(FOSTER_MESSAGES.especies);
    expect((await gil.client.post("/lar-temporario?acao=salvar", form.toString(), FORM)).status).toBe(302);
    const page = await gil.client.get("/lar-temporario");
    expect(page.text).toContain("Ativa: organizações perto de você podem encontrá-la e convidar você.");
    expect(page.text).toContain("&lt;b&gt;Casa&lt;/b&gt; com quintal.");
    expect((await gil.client.get("/api/lares/meu")).json).toMatchObject({
      especies: ["cao"],
      portes: ["grande"],
      tem_animais: false,
      tem_criancas: true,
      observacoes: "<b>Casa</b> com quintal.",
    });

    expect((await gil.client.post("/lar-temporario?acao=pausar", "", FORM)).status).toBe(302);
    expect((await gil.client.get("/api/lares/meu")).json.pausado).toBe(true);
    expect((await gil.client.post("/lar-temporario?acao=retomar", "", FORM)).status).toBe(302);
    expect((await gil.client.get("/api/lares/meu")).json.pausado).toBe(false);
    expect((await gil.client.post("/lar-temporario?acao=retirar", "", FORM)).status).toBe(302);
    expect((await gil.client.get("/api/lares/meu")).status).toBe(404);
    expect((await gil.client.post("/lar-temporario?acao=retirar", "", FORM)).status).toBe(404);
    expect((await gil.client.post("/lar-temporario?acao=outra", "", FORM)).status).toBe(400);
  });
});

describe("an offer of a foster home, as personal data", () => {
  it("is in its owner's data export, and goes with the account", async () => {
    const ivo = await person("ivo.lar@exemplo.com", "Ivo Lar");
    expect((await ivo.client.request("PUT", "/api/lares/meu", OFFER)).status).toBe(200);
    const exported = await ivo.client.get(`/api/users/${ivo.id}/export`);
    expect(exported.json.lar_temporario).toMatchObject({ cidade: "Niterói", especies: ["gato"], quantos: 2 });
    expect((await ivo.client.delete(`/api/users/${ivo.id}`, { senha: DEFAULT_PASSWORD })).status).toBe(204);
    expect(await app.db.select().from(fosterOffers).where(eq(fosterOffers.userId, ivo.id))).toEqual([]);
  });
});

describe("offers of foster homes, for an organisation", () => {
  it("are found near a city by its administradores and equipe: first name, city and what is offered only", async () => {
    const { admin, team, foster, outsider, organizationId } = await organizationTeam(app, "lares");
    const offer = async (email: string, nome: string, change: Record<string, unknown> = {}) => {
      const someone = await person(email, nome);
      expect((await someone.client.request("PUT", "/api/lares/meu", { ...OFFER, ...change })).status).toBe(200);
      return someone;
    };
    await offer("nina.perto@exemplo.com", "Nina Perto da Silva");
    await offer("rui.rio@exemplo.com", "Rui Rio", { cidade: "Rio de Janeiro" });
    await offer("pia.pausada@exemplo.com", "Pia Pausada", { pausado: true });
    await offer("sol.sp@exemplo.com", "Sol Paulista", { cidade: "São Paulo", uf: "SP" });
    const past = await offer("ana.passou@exemplo.com", "Ana Passou");
    await app.db.update(fosterOffers).set({ disponivelAte: "2020-01-01" }).where(eq(fosterOffers.userId, past.id));
    const suspended = await offer("zeca.suspenso@exemplo.com", "Zeca Suspenso");
    await app.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended.id));

    const url = `/api/organizacoes/${organizationId}/lares?perto=3303302`;
    for (const member of [admin, team]) {
      const found = await member.client.get(url);
      expect(found.status, found.text).toBe(200);
      expect(found.json.perto).toEqual({ codigo: 3303302, cidade: "Niterói (RJ)" });
      // (Offers of this file's other tests are nearby too: only this test's are looked at.)
      const lares = (found.json.lares as { nome: string; cidade: string; distancia_km: number }[]).filter((lar) =>
        ["Nina", "Rui", "Pia", "Sol", "Ana", "Zeca"].includes(lar.nome),
      );
      expect(lares.map((lar) => [lar.nome, lar.cidade])).toEqual([
        ["Nina", "Niterói"],
        ["Rui", "Rio de Janeiro"],
      ]);
      expect(lares[1]!.distancia_km).toBeGreaterThan(0);
      expect(found.text).not.toMatch(/exemplo\.com|Silva|telefone|endereco/);
    }
    // A smaller radius leaves Rio out.
    const close = await team.client.get(`${url}&raio=5`);
    expect((close.json.lares as { nome: string }[]).map((lar) => lar.nome)).not.toContain("Rui");
    // Not any city's fosters (issue 60): São Paulo is far from where this organisation works.
    const far = await team.client.get(`/api/organizacoes/${organizationId}/lares?perto=S%C3%A3o%20Paulo%20(SP)`);
    expect([far.status, far.json.errors]).toEqual([
      400,
      {
        perto: [
          "Procure lares perto de onde a organização atua: a até 50 km da cidade dela ou da cidade de um dos animais dela.",
        ],
      },
    ]);
    expect(far.text).not.toContain("Sol");

    expect((await foster.client.get(url)).status).toBe(403);
    expect((await outsider.client.get(url)).status).toBe(404);
    expect((await new Client(app.baseUrl).get(url)).status).toBe(401);
    expect((await team.client.get(`${url}&raio=51`)).status).toBe(400);
    expect((await team.client.get(`${url}&raio=abc`)).status).toBe(400);
    const unknown = await team.client.get(`/api/organizacoes/${organizationId}/lares?perto=Cidade%20Inexistente`);
    expect(unknown.status).toBe(400);
    // 60 searches an hour per account (issue 60), then 429; another member still searches.
    for (let search = 1; search < 60; search += 1) expect((await admin.client.get(url)).status).toBe(200);
    const limited = await admin.client.get(url);
    expect(limited.status).toBe(429);
    expect(limited.json.message).toMatch(/^Você procurou lares temporários muitas vezes em pouco tempo\./);
    expect((await team.client.get(url)).status).toBe(200);
  });
});
