import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../support/factories";
import { auditLog, users } from "~/db/schema";
import { verifyOng } from "~/domain/moderation/operators.server";
import { openDatabase } from "~/db/client.server";
import { createTestDatabase, type TestDatabase } from "../support/database";

/** Operators (issue 22): the role from the command line only, and an audit log nobody edits. */
const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../..");
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.destroy());

describe("npm run operador", () => {
  it("grants and removes the role by e-mail, says so, and refuses an unknown address or a wrong command", async () => {
    // A database of its own: on the embedded one, the command is the only process to open it.
    const own = await createTestDatabase();
    const user = await createUser(own.db, { email: "Opera@Exemplo.com", nome: "Olga" });
    const env = { ...process.env, DATABASE_URL: own.url ?? "", DATA_DIR: own.dataDir ?? "", DEMO_DATA: "false" };
    if (!own.url) await own.close();
    const operador = async (...args: string[]) => {
      try {
        const { stdout, stderr } = await run(
          path.join(ROOT, "node_modules/.bin/tsx"),
          ["scripts/operador.ts", ...args],
          {
            cwd: ROOT,
            env,
          },
        );
        return { code: 0, stdout, stderr };
      } catch (error) {
        return error as { code: number; stdout: string; stderr: string };
      }
    };
    try {
      const granted = await operador("adicionar", "opera@exemplo.com");
      expect([granted.code, granted.stdout.trim()]).toEqual([0, "Olga agora é operador(a) da Adopet."]);
      const removed = await operador("remover", "opera@exemplo.com");
      expect([removed.code, removed.stdout.trim()]).toEqual([0, "Olga não é mais operador(a) da Adopet."]);
      expect((await operador("adicionar", "OPERA@exemplo.com")).code).toBe(0);
      const unknown = await operador("adicionar", "ninguem@exemplo.com");
      expect([unknown.code, unknown.stderr.trim()]).toEqual([1, "Nenhuma conta com o e-mail ninguem@exemplo.com."]);
      const wrong = await operador("promover", "opera@exemplo.com");
      expect(wrong.code).toBe(2);
      expect(wrong.stderr).toContain("Uso: npm run operador -- adicionar <email>");
      const check = own.url ? own : await openDatabase({ dataDir: own.dataDir! });
      const [row] = await check.db.select({ on: users.operador }).from(users).where(eq(users.id, user.id));
      expect(row!.on).toBe(true);
      if (check !== own) await check.close();
    } finally {
      if (own.url) await own.destroy();
      else fs.rmSync(path.dirname(own.dataDir!), { recursive: true, force: true });
    }
  });
});

describe("the audit log", () => {
  it("records an ONG's verification with who, what, when and why, and refuses to be changed", async () => {
    const operator = await createUser(database.db, { nome: "Otávio" });
    const ong = await createUser(database.db, { nome: "Marta" });
    await database.db
      .update(users)
      .set({ tipo: "ong", cnpj: "11222333000181", nomePublico: "Focinhos" })
      .where(eq(users.id, ong.id));
    expect(
      (await verifyOng(database.db, { id: operator.id, nome: "Otávio" }, ong.id, "CNPJ ativo na Receita")).ok,
    ).toBe(true);
    // Once: a second verification finds nothing to do.
    expect((await verifyOng(database.db, { id: operator.id, nome: "Otávio" }, ong.id, "de novo")).ok).toBe(false);
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.alvoId, ong.id));
    expect(entry).toMatchObject({
      operatorId: operator.id,
      operatorNome: "Otávio",
      acao: "verificar_ong",
      alvoDescricao: "Focinhos (CNPJ 11.222.333/0001-81)",
      motivo: "CNPJ ativo na Receita",
    });
    await expect(database.db.update(auditLog).set({ motivo: "apagado" })).rejects.toThrow();
    await expect(database.db.delete(auditLog)).rejects.toThrow();
    await expect(database.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    expect(await database.db.select().from(auditLog)).toHaveLength(1);
  });
});
