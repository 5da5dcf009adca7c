import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createVault, openVault, parseKey } from "~/services/vault.server";

/** The vault that keeps personal data encrypted at rest (issue 21). */
const KEY = Buffer.alloc(32, 7);
const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "adopet-vault-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

describe("the vault", () => {
  it("opens what it sealed, never the same bytes twice, and refuses a changed bit or another key", () => {
    const vault = createVault(KEY);
    const secret = '{"cpf":"52998224725","endereco":"Rua São João, 10"}';
    const sealed = vault.seal(secret);
    expect(vault.open(sealed).toString("utf8")).toBe(secret);
    expect(sealed.includes("52998224725")).toBe(false);
    expect(vault.seal(secret).equals(sealed)).toBe(false);
    for (const at of [0, 2, 10, 20, sealed.length - 1]) {
      const changed = Buffer.from(sealed);
      changed[at] = changed[at]! ^ 1;
      expect(() => vault.open(changed)).toThrow();
    }
    expect(() => createVault(Buffer.alloc(32, 8)).open(sealed)).toThrow("Dado cifrado com outra chave");
    expect(() => createVault(Buffer.alloc(16))).toThrow("32 bytes");
  });

  it("reads DATA_ENCRYPTION_KEY as hexadecimal or base64, and nothing else", () => {
    expect(parseKey("ab".repeat(32))).toEqual(Buffer.alloc(32, 0xab));
    expect(parseKey(KEY.toString("base64"))).toEqual(KEY);
    expect(parseKey("ab".repeat(31))).toBeNull();
    expect(parseKey("uma senha qualquer")).toBeNull();
  });

  it("without the variable, keeps a key file beside the embedded database, and demands the variable on PostgreSQL", () => {
    const dataDir = path.join(tempDir(), "data");
    const first = openVault({ key: undefined, dataDir, embedded: true });
    // Beside the data directory, not in it: a copy of the directory does not carry the key.
    const file = `${dataDir}.chave-de-dados.key`;
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.existsSync(path.join(dataDir, "chave-de-dados.key"))).toBe(false);
    // The next start reads the same key back.
    const again = openVault({ key: undefined, dataDir, embedded: true });
    expect(again.open(first.seal("olá")).toString()).toBe("olá");
    fs.writeFileSync(file, "não é uma chave");
    expect(() => openVault({ key: undefined, dataDir, embedded: true })).toThrow("não é válida");
    expect(() => openVault({ key: undefined, dataDir, embedded: false })).toThrow("DATA_ENCRYPTION_KEY: obrigatória");
    expect(openVault({ key: KEY, dataDir: "", embedded: false }).open(createVault(KEY).seal("x")).toString()).toBe("x");
  });

  it("moves a key file an older installation kept inside the data directory out of it, keeping the key", () => {
    const dataDir = path.join(tempDir(), "data");
    fs.mkdirSync(dataDir);
    fs.writeFileSync(path.join(dataDir, "chave-de-dados.key"), `${KEY.toString("hex")}\n`, { mode: 0o600 });
    const vault = openVault({ key: undefined, dataDir, embedded: true });
    expect(createVault(KEY).open(vault.seal("olá")).toString()).toBe("olá");
    expect(fs.existsSync(path.join(dataDir, "chave-de-dados.key"))).toBe(false);
    expect(fs.readFileSync(`${dataDir}.chave-de-dados.key`, "utf8").trim()).toBe(KEY.toString("hex"));
  });
});
