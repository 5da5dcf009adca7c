import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "../support/app";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { startServer, type RunningServer } from "../support/server-process";

/** Two app processes on one PostgreSQL, sharing nothing but the database. */
describe.skipIf(!process.env.DATABASE_URL)("two app servers on one PostgreSQL", () => {
  let database: TestDatabase;
  let one: RunningServer;
  let two: RunningServer;

  beforeAll(async () => {
    database = await createTestDatabase({ migrated: false });
    // Started together: the migrations are applied once, under the advisory lock.
    [one, two] = await Promise.all([
      startServer({ DATABASE_URL: database.url!, DEMO_DATA: "true" }),
      startServer({ DATABASE_URL: database.url!, DEMO_DATA: "true" }),
    ]);
  });
  afterAll(async () => {
    for (const server of [one, two]) {
      if (server && server.child.exitCode === null) {
        server.child.kill("SIGTERM");
        await server.exited;
      }
    }
    await database?.destroy();
  });

  it("apply the migrations and the demo data once", async () => {
    const feed = await new Client(`${two.baseUrl}/adopet`).get("/api/pets?limit=50");
    expect(feed.json.total).toBe(9);
  });

  it("share sessions: a login on one is valid on the other, and a logout on one ends it on both", async () => {
    const onOne = new Client(`${one.baseUrl}/adopet`);
    expect(
      (await onOne.post("/api/users", { email: "dupla@exemplo.com", nome: "Dupla", senha: "Abc@123" })).status,
    ).toBe(201);
    expect((await onOne.post("/api/session", { email: "dupla@exemplo.com", senha: "Abc@123" })).status).toBe(200);
    const cookie = `adopet_sessao=${onOne.cookie("adopet_sessao")}`;
    const onTwo = await fetch(`${two.baseUrl}/adopet/api/session`, { headers: { Cookie: cookie } });
    expect(onTwo.status).toBe(200);
    expect((await onOne.delete("/api/session")).status).toBe(204);
    expect((await fetch(`${two.baseUrl}/adopet/api/session`, { headers: { Cookie: cookie } })).status).toBe(401);
  });

  it("share rate limits: failed logins counted on both add up", async () => {
    const onOne = new Client(`${one.baseUrl}/adopet`);
    const onTwo = new Client(`${two.baseUrl}/adopet`);
    await onOne.post("/api/users", { email: "alvo2@exemplo.com", nome: "Alvo", senha: "Abc@123" });
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const client = attempt % 2 ? onTwo : onOne;
      expect((await client.post("/api/session", { email: "alvo2@exemplo.com", senha: "Errada@1" })).status).toBe(400);
    }
    expect((await onOne.post("/api/session", { email: "alvo2@exemplo.com", senha: "Abc@123" })).status).toBe(429);
    expect((await onTwo.post("/api/session", { email: "alvo2@exemplo.com", senha: "Abc@123" })).status).toBe(429);
  });

  it("share photos: one uploaded through one server is served by the other", async () => {
    const onOne = new Client(`${one.baseUrl}/adopet`);
    await onOne.post("/api/users", { email: "foto@exemplo.com", nome: "Foto", senha: "Abc@123" });
    const login = await onOne.post("/api/session", { email: "foto@exemplo.com", senha: "Abc@123" });
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#3772ff" } })
      .png()
      .toBuffer();
    const updated = await onOne.patch(`/api/users/${login.json.id}`, {
      foto__upload: `data:image/png;base64,${png.toString("base64")}`,
    });
    expect(updated.status).toBe(200);
    const image = await fetch(`${two.baseUrl}${updated.json.foto}`);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/webp");
  });
});
