import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, DEFAULT_PASSWORD } from "../support/factories";
import { Client, startTestApp, type TestApp } from "../support/app";

let app: TestApp;
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

beforeAll(async () => {
  app = await startTestApp();
  await createUser(app.db, { email: "volta@exemplo.com", nome: "Volta" });
});
afterAll(async () => {
  await app.close();
});

const login = (client: Client, voltar: string) =>
  client.post(
    "/login",
    new URLSearchParams({ email: "volta@exemplo.com", senha: DEFAULT_PASSWORD, voltar }).toString(),
    FORM,
  );

describe("a guarded page", () => {
  it("sends a visitor to login, and back to the page once signed in", async () => {
    const visitor = new Client(app.baseUrl);
    const guarded = await visitor.get("/meus-pets/novo");
    expect(guarded.status).toBe(302);
    expect(guarded.headers.get("location")).toBe("/adopet/login?voltar=%2Fmeus-pets%2Fnovo");
    const page = await visitor.get("/login?voltar=%2Fmeus-pets%2Fnovo");
    expect(page.text).toContain('<input type="hidden" name="voltar" value="/meus-pets/novo"/>');
    const signedIn = await login(visitor, "/meus-pets/novo");
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe("/adopet/meus-pets/novo");
    // Signed in already, the login page sends straight back.
    expect((await visitor.get("/login?voltar=%2Fperfil")).headers.get("location")).toBe("/adopet/perfil");
  });

  it("never sends anyone off the site, whatever `voltar` says", async () => {
    for (const voltar of [
      "//evil.example/x",
      "https://evil.example",
      "/\\evil.example",
      "/login",
      "javascript:alert(1)",
    ]) {
      const signedIn = await login(new Client(app.baseUrl), voltar);
      expect(signedIn.headers.get("location"), voltar).toBe("/adopet/home");
      const page = await new Client(app.baseUrl).get(`/login?voltar=${encodeURIComponent(voltar)}`);
      expect(page.text).not.toContain('name="voltar"');
    }
  });

  it("normalises `voltar` before judging it: dot segments never climb out to another host (issue 41)", async () => {
    const signedIn = new Client(app.baseUrl);
    expect((await login(signedIn, "/perfil")).headers.get("location")).toBe("/adopet/perfil");
    for (const voltar of ["/..//evil.example/phish", "/x/../..//evil.example", "/%2e%2e//evil.example"]) {
      // Signed out: the login's answer.
      const loggedIn = await login(new Client(app.baseUrl), voltar);
      expect(loggedIn.status, voltar).toBe(302);
      expect(loggedIn.headers.get("location"), voltar).toBe("/adopet/home");
      // Signed in: the login page sends straight on.
      const sent = await signedIn.get(`/login?voltar=${encodeURIComponent(voltar)}`);
      expect(sent.status, voltar).toBe(302);
      expect(sent.headers.get("location"), voltar).toBe("/adopet/home");
    }
    // The query exactly as it came in the finding, not encoded once more.
    const raw = await signedIn.get("/login?voltar=%2F..%2F%2Fevil.example%2Fphish");
    expect(raw.headers.get("location")).toBe("/adopet/home");
    // A legitimate path keeps its query, signed in and out.
    const back = "/pets?especie=gato&porte=pequeno";
    expect((await signedIn.get(`/login?voltar=${encodeURIComponent(back)}`)).headers.get("location")).toBe(
      `/adopet${back}`,
    );
    expect((await login(new Client(app.baseUrl), back)).headers.get("location")).toBe(`/adopet${back}`);
  });

  it("answers the API with a 401 in Portuguese, not a redirect", async () => {
    const response = await new Client(app.baseUrl).get("/api/messages");
    expect(response.status).toBe(401);
    expect(response.json).toEqual({ message: "Faça login para continuar." });
    expect(response.headers.get("cache-control")).toBe("no-store");
  });
});
