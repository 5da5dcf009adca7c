import { randomBytes } from "node:crypto";
import { and, eq, isNotNull, ne, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { takeAllowance } from "~/services/rate-limits.server";
import { isUniqueViolation } from "~/db/errors.server";
import { sessions, users } from "~/db/schema";
import { hashPassword, verifyPassword } from "~/domain/accounts/passwords.server";
import { deleteUnusedImages, imageRefusal, InvalidImageError, prepareImage, saveImage } from "~/services/images.server";
import { fail, forbidden, invalid, notFound, ok, unlessStorageFull, type Result } from "~/services/outcome.server";
import { publicDataChanged } from "~/domain/pets/public-reads.server";
import { resolveCity, type City } from "~/domain/places/cities.server";
import { EMAIL_CONFIRMATION_JOB, queueEmailConfirmation } from "~/domain/accounts/email-confirmation.server";
import type { Jobs } from "~/services/jobs.server";
import { isVerifiedName } from "~/domain/accounts/verified-names.server";

/** An account as stored (the API's shapes of it are in app/presenters/accounts.ts). */
export type UserRow = typeof users.$inferSelect;

const byEmail = (email: string) => sql`lower(${users.email}) = lower(${email.trim()})`;

const emailTaken = () => fail({ kind: "conflict", reason: "email-taken", field: "email" });

/**
 * Creates an account, within the sign-ups allowed to one client address: every attempt
 * counts, a taken e-mail too, so sign-ups cannot be used to find out who has an account
 * faster than the limit. The account and the e-mail that confirms its address are made
 * together.
 */
export async function registerUser(
  db: Db,
  jobs: Jobs,
  input: { email: string; nome: string; senha: string },
  clientKey: string,
): Promise<Result<UserRow>> {
  const allowed = await takeAllowance(db, "signup-client", clientKey);
  if (!allowed.ok) return allowed;
  const [existing] = await db.select({ id: users.id }).from(users).where(byEmail(input.email)).limit(1);
  if (existing) return emailTaken();
  if (await isVerifiedName(db, input.nome)) return invalid("nome", "verified-name");
  const passwordHash = await hashPassword(input.senha);
  try {
    const row = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(users)
        .values({ email: input.email.trim(), nome: input.nome.trim(), passwordHash })
        .returning();
      await queueEmailConfirmation(jobs, inserted!.id, tx as unknown as Db);
      return inserted!;
    });
    jobs.wake(EMAIL_CONFIRMATION_JOB);
    return ok(row);
  } catch (error) {
    // Two submits at once: the unique index decides, the loser is told as usual.
    if (isUniqueViolation(error)) return emailTaken();
    throw error;
  }
}

/** The id of the account with this e-mail (any case), if there is one. */
export async function findAccountId(db: Db, email: string): Promise<string | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(byEmail(email)).limit(1);
  return row?.id ?? null;
}

/** Checks the password of the account with that e-mail (and only that one). */
let decoy: Promise<string> | undefined;
/** A hash made once per process with the accounts' cost, of a password nobody knows. */
function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(32).toString("base64url"));
  return decoy;
}

export async function authenticate(db: Db, email: string, senha: string): Promise<Result<UserRow>> {
  const [row] = await db.select().from(users).where(byEmail(email)).limit(1);
  if (!row) {
    // The specification's "Usuário não cadastrado!" stays, but the answer takes as long as a
    // wrong password's (issue 60): the same hash work, on a hash nobody's password matches.
    await verifyPassword(await decoyHash(), senha);
    return invalid("email", "unknown-email");
  }
  if (!(await verifyPassword(row.passwordHash, senha))) return invalid("senha", "wrong-password");
  // Said only to whoever knows the password.
  if (row.suspendedAt) return forbidden("account-suspended");
  return ok(row);
}

export async function findUser(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** The account `userId`, if it is `actorId`'s own: nobody changes or deletes another's. */
export async function findOwnAccount(db: Db, actorId: string, userId: string): Promise<Result<UserRow>> {
  const row = await findUser(db, userId);
  if (!row) return notFound("user");
  if (row.id !== actorId) return forbidden("own-profile-only");
  return ok(row);
}

export type ProfileChanges = {
  nome?: string;
  telefone?: string;
  cidade?: string;
  perfil__sobre?: string;
  tipo?: "pessoa" | "ong";
  /** The CNPJ's 14 characters (validated by the schema). */
  cnpj?: string;
  nome_publico?: string;
  /** New photo bytes (checked by content here), or null to remove the photo. */
  photo?: Buffer | null;
};

/**
 * Changes a user's own profile. The photo (the `photo` input) is checked and resized before
 * the transaction; the old photo is deleted with the change, or kept if it fails.
 */
export function updateProfile(db: Db, userId: string, changes: ProfileChanges): Promise<Result<UserRow>> {
  return unlessStorageFull(() => changeProfile(db, userId, changes));
}

async function changeProfile(db: Db, userId: string, changes: ProfileChanges): Promise<Result<UserRow>> {
  if (changes.photo) {
    const allowed = await takeAllowance(db, "upload-account", userId);
    if (!allowed.ok) return allowed;
  }
  let city: City | undefined;
  if (changes.cidade !== undefined) {
    const resolved = await resolveCity(db, changes.cidade);
    if (!resolved.ok) return resolved;
    city = resolved.value;
  }
  let prepared: Awaited<ReturnType<typeof prepareImage>> | null;
  try {
    prepared = changes.photo ? await prepareImage(changes.photo, ["jpeg", "png"], userId) : null;
  } catch (error) {
    if (error instanceof InvalidImageError) return invalid("photo", imageRefusal(error));
    throw error;
  }
  let updated: Result<UserRow>;
  try {
    updated = await saveProfile(db, userId, changes, city, prepared);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return fail({ kind: "conflict", reason: "cnpj-taken", field: "cnpj" });
  }
  // Pets show their caretaker's name.
  if (updated.ok) publicDataChanged(db);
  return updated;
}

function saveProfile(
  db: Db,
  userId: string,
  changes: ProfileChanges,
  city: City | undefined,
  prepared: Awaited<ReturnType<typeof prepareImage>> | null,
): Promise<Result<UserRow>> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(users).where(eq(users.id, userId)).for("update").limit(1);
    if (!current) return notFound("user");
    const ong = ongColumns(current, changes);
    if (!ong.ok) return ong;
    const txDb = tx as unknown as Db;
    // A CNPJ an operator verified for another account is that ONG's alone; unchecked claims share.
    if (ong.value.cnpj && ong.value.cnpj !== current.cnpj) {
      const [holder] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.cnpj, ong.value.cnpj), isNotNull(users.verifiedAt), ne(users.id, userId)))
        .limit(1);
      if (holder) return fail({ kind: "conflict", reason: "cnpj-taken", field: "cnpj" });
    }
    for (const [field, name, before] of [
      ["nome_publico", ong.value.nomePublico, current.nomePublico],
      ["nome", changes.nome?.trim(), current.nome],
    ] as const) {
      if (name && name !== before && (await isVerifiedName(txDb, name, { userId }))) {
        return invalid(field, "verified-name");
      }
    }
    let photoId = current.photoId;
    if (prepared) photoId = await saveImage(tx as unknown as Db, prepared);
    else if (changes.photo === null) photoId = null;
    const [row] = await tx
      .update(users)
      .set({
        nome: changes.nome?.trim() ?? current.nome,
        telefone: changes.telefone?.trim() ?? current.telefone,
        ...(city && { cidade: city.nome, uf: city.uf, cidadeIbge: city.codigo }),
        perfilSobre: changes.perfil__sobre?.trim() ?? current.perfilSobre,
        ...ong.value,
        photoId,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId))
      .returning();
    if (current.photoId && current.photoId !== photoId) {
      await deleteUnusedImages(tx as unknown as Db, [current.photoId]);
    }
    return ok(row!);
  });
}

/**
 * The account's kind after a change: an ONG keeps its CNPJ and public name (given now or
 * before) and needs both; a person has neither. A change of them ends an operator's check.
 * Only a confirmed e-mail claims a CNPJ.
 */
function ongColumns(current: UserRow, changes: ProfileChanges) {
  const tipo = changes.tipo ?? current.tipo;
  const cnpj = tipo === "ong" ? (changes.cnpj ?? current.cnpj) : null;
  const nomePublico = tipo === "ong" ? (changes.nome_publico?.trim() ?? current.nomePublico) : null;
  if (tipo === "ong" && !cnpj) return invalid("cnpj", "cnpj-required");
  if (tipo === "ong" && !nomePublico) return invalid("nome_publico", "public-name-required");
  // Claiming a CNPJ waits for the e-mail's confirmation (issue 41); an ONG made before keeps its own.
  const claims = tipo === "ong" && (current.tipo !== "ong" || cnpj !== current.cnpj);
  if (claims && !current.emailConfirmedAt) return forbidden("email-unconfirmed");
  const same = tipo === current.tipo && cnpj === current.cnpj && nomePublico === current.nomePublico;
  return ok({ tipo, cnpj, nomePublico, verifiedAt: same ? current.verifiedAt : null });
}

/** Whether `senha` is the account's current password. */
export async function verifyUserPassword(db: Db, userId: string, senha: string): Promise<boolean> {
  const row = await findUser(db, userId);
  return Boolean(row) && (await verifyPassword(row!.passwordHash, senha));
}

/**
 * Sets a new password (the caller has confirmed the current one) and ends
 * every session of the account: a stolen session dies with the old password;
 * the caller starts a new one for the browser that made the change.
 */
export async function changePassword(db: Db, userId: string, next: string): Promise<void> {
  const passwordHash = await hashPassword(next);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
  });
}
