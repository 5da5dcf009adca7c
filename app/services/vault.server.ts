import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * Personal data kept encrypted at rest (issue 21: the adopter's CPF and address, the signed
 * termo's PDF): AES-256-GCM under a key from the environment (DATA_ENCRYPTION_KEY), never
 * stored in the database, so a copy of the database alone reveals none of it
 * (docs/decisions/0025-termo-de-adocao.md).
 *
 * A sealed value is: version (1 byte), the key's id (4 bytes), the nonce (12), the
 * authentication tag (16), the ciphertext. A value sealed under another key, or changed by
 * one bit, does not open.
 */
export type Vault = {
  seal(plain: Buffer | string): Buffer;
  open(sealed: Buffer): Buffer;
};

const VERSION = 1;

class VaultError extends Error {}

export function createVault(key: Buffer): Vault {
  if (key.length !== 32) throw new VaultError("A chave de criptografia deve ter 32 bytes.");
  const keyId = createHash("sha256").update(key).digest().subarray(0, 4);
  return {
    seal(plain) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, nonce);
      cipher.setAAD(keyId);
      const body = Buffer.concat([cipher.update(plain), cipher.final()]);
      return Buffer.concat([Buffer.of(VERSION), keyId, nonce, cipher.getAuthTag(), body]);
    },
    open(sealed) {
      if (sealed.length < 33 || sealed[0] !== VERSION) throw new VaultError("Dado cifrado em formato desconhecido.");
      if (!sealed.subarray(1, 5).equals(keyId)) {
        throw new VaultError("Dado cifrado com outra chave: confira DATA_ENCRYPTION_KEY.");
      }
      const decipher = createDecipheriv("aes-256-gcm", key, sealed.subarray(5, 17));
      decipher.setAAD(keyId);
      decipher.setAuthTag(sealed.subarray(17, 33));
      return Buffer.concat([decipher.update(sealed.subarray(33)), decipher.final()]);
    },
  };
}

/** DATA_ENCRYPTION_KEY: 64 hexadecimal digits, or 32 bytes in base64. */
export function parseKey(text: string): Buffer | null {
  const trimmed = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, "hex");
  if (/^[A-Za-z0-9+/]{43}=?$/.test(trimmed)) {
    const key = Buffer.from(trimmed, "base64");
    if (key.length === 32) return key;
  }
  return null;
}

const KEY_FILE = "chave-de-dados.key";

/**
 * Where the embedded database's key file lives: beside the data directory, never inside it
 * (`./data` → `./data.chave-de-dados.key`), so a copy of the directory (a backup) does not
 * carry the key that opens what it holds.
 */
function keyFileOf(dataDir: string): string {
  return `${path.resolve(dataDir)}.${KEY_FILE}`;
}

/**
 * The vault of this installation: the key from DATA_ENCRYPTION_KEY; without it, on the
 * embedded database only, a key file made on first start beside the data directory (so a
 * single-machine installation works out of the box; docs/deployment.md says how to keep it).
 * PostgreSQL serves several app servers, which must share one key: there the variable is
 * required.
 */
export function openVault(options: { key: Buffer | undefined; dataDir: string; embedded: boolean }): Vault {
  if (options.key) return createVault(options.key);
  if (!options.embedded) {
    throw new VaultError(
      "Configuração inválida:\n  DATA_ENCRYPTION_KEY: obrigatória com DATABASE_URL (64 dígitos hexadecimais; gere com `openssl rand -hex 32`).",
    );
  }
  const file = keyFileOf(options.dataDir);
  // Installations from before kept the key inside the data directory: it moves out, once.
  const inside = path.join(options.dataDir, KEY_FILE);
  if (!existsSync(file) && existsSync(inside)) renameSync(inside, file);
  try {
    return createVault(parseKeyFile(readFileSync(file, "utf8"), file));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const key = randomBytes(32);
  // "wx": two processes starting at once cannot both write one (the database's lock lets one run).
  writeFileSync(file, `${key.toString("hex")}\n`, { mode: 0o600, flag: "wx" });
  return createVault(key);
}

function parseKeyFile(text: string, file: string): Buffer {
  const key = parseKey(text);
  if (!key) throw new VaultError(`A chave em ${file} não é válida (64 dígitos hexadecimais).`);
  return key;
}
