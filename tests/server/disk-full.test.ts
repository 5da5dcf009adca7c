import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createUser, DEFAULT_PASSWORD } from "../support/factories";
import { images, pets } from "~/db/schema";
import { STORAGE_FULL } from "~/validation/messages";
import { Client, startTestApp, type TestApp } from "../support/app";
import { adminQuery } from "../support/postgres-admin";
import { describeOnMachine } from "../support/environment";

/**
 * A full disk, for real: the images' table moved to a tablespace on a tiny tmpfs of
 * the local PostgreSQL server. It applies to runs on a PostgreSQL server of this
 * machine, and needs root (to mount) and the server's postgres user.
 */
const serverUrl = process.env.DATABASE_URL;
const local = serverUrl ? ["127.0.0.1", "localhost", "::1"].includes(new URL(serverUrl).hostname) : false;

/** What keeps this machine from mounting a tmpfs for the server's user, or undefined. */
function mountMissing(): string | undefined {
  if (os.platform() !== "linux") return "Linux (to mount a tmpfs)";
  if (process.getuid?.() !== 0) return "root (to mount a tmpfs)";
  try {
    execFileSync("id", ["postgres"], { stdio: "ignore" });
  } catch {
    return "the postgres user (to own the tablespace's directory)";
  }
  const probe = fs.mkdtempSync(path.join(os.tmpdir(), "adopet-mount-"));
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", probe], { stdio: "pipe" });
    execFileSync("umount", [probe], { stdio: "ignore" });
    return undefined;
  } catch (error) {
    return `a mountable tmpfs (mount: ${String((error as { stderr?: Buffer }).stderr ?? error).trim()})`;
  } finally {
    fs.rmSync(probe, { recursive: true, force: true });
  }
}

describeOnMachine("a full disk", { skip: !local, missing: local ? mountMissing() : undefined }, () => {
  let dir: string | undefined;
  let tablespace: string;
  let app: TestApp;
  let client: Client;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "adopet-tiny-"));
    tablespace = `adopet_tiny_${path.basename(dir).replace(/\W/g, "").toLowerCase()}`;
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", dir]);
    execFileSync("chown", ["postgres:postgres", dir]);
    await adminQuery(serverUrl!, `create tablespace ${tablespace} location '${dir}'`);
    app = await startTestApp();
    await app.db.execute(`alter table image_variants set tablespace ${tablespace}`);
    await createUser(app.db, { email: "cheio@exemplo.com", nome: "Disco Cheio" });
    client = new Client(app.baseUrl);
    expect((await client.post("/api/session", { email: "cheio@exemplo.com", senha: DEFAULT_PASSWORD })).status).toBe(
      200,
    );
  });
  afterAll(async () => {
    await app?.close();
    if (!dir) return;
    await adminQuery(serverUrl!, `drop tablespace if exists ${tablespace}`).catch(() => undefined);
    try {
      execFileSync("umount", [dir], { stdio: "ignore" });
    } catch {
      // Not mounted: the set-up failed before (its error is the one to read).
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function petForm(nome: string) {
    // Noise compresses badly: its variants are far larger than the 64 KB the disk has.
    const photo = await sharp({
      create: {
        width: 1200,
        height: 900,
        channels: 3,
        background: "#888",
        noise: { type: "gaussian", mean: 128, sigma: 60 },
      },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    const fields = {
      nome,
      especie: "cao",
      idade: "2",
      idade__unidade: "anos",
      porte: "medio",
      perfil: "Dócil",
      sexo: "macho",
    };
    for (const [key, value] of Object.entries({ ...fields, cidade: "Niterói", uf: "RJ", status: "disponivel" })) {
      form.set(key, value);
    }
    form.append("fotos", new File([new Uint8Array(photo)], "foto.png", { type: "image/png" }));
    return form;
  }

  async function nothingSaved(nome: string) {
    expect(await app.db.select().from(pets).where(eq(pets.nome, nome))).toHaveLength(0);
    const [stored] = await app.db.select({ total: count() }).from(images);
    expect(stored!.total).toBe(0);
  }

  it("the API answers 507 in Portuguese, and no pet is saved half-way", async () => {
    const response = await client.post("/api/pets", await petForm("Sem Espaço"));
    expect(response.status).toBe(507);
    expect(response.json.message).toBe(STORAGE_FULL);
    await nothingSaved("Sem Espaço");
  });

  it("the publishing form says so on the page, and keeps nothing", async () => {
    const response = await client.post("/meus-pets/novo", await petForm("Pelo Form"), {
      Origin: new URL(app.baseUrl).origin,
    });
    expect(response.status).toBe(507);
    expect(response.text).toContain(STORAGE_FULL);
    await nothingSaved("Pelo Form");
  });

  it("the site goes on answering reads", async () => {
    expect((await new Client(app.baseUrl).get("/api/pets")).status).toBe(200);
    expect((await new Client(app.baseUrl).get("/home")).status).toBe(200);
  });
});
