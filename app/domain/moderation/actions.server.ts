import { conversationsForModeration } from "~/domain/conversations/conversations.server";
import { and, desc, eq, inArray, isNotNull, isNull, ne, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { auditLog, messages, pets, reports, sessions, users } from "~/db/schema";
import type { Jobs } from "~/services/jobs.server";
import { publicDataChanged } from "~/domain/pets/public-reads.server";
import {
  lostFoundReportNamed,
  MODERATION_NOTICE_JOB,
  openReportsOn,
  type ModerationNotice,
  type TargetRef,
} from "./reports.server";
import type { Operator } from "./operators.server";
import { fail, notFound, ok, type Result } from "~/services/outcome.server";

/**
 * What operators do about reports (issue 22): hide or restore a listing, suspend or restore an
 * account, or close reports that need nothing done. Each action takes a reason, writes a row
 * of the audit log in the same transaction, closes the open reports it answers, and queues
 * the e-mail that tells the person concerned.
 */

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type ModerationAction =
  "ocultar_anuncio" | "restaurar_anuncio" | "arquivar_denuncias" | "suspender_conta" | "restaurar_conta";

/** The log's words for each action (and for the ONG check, written by operators.server.ts). */
export const ACTION_LABEL: Record<ModerationAction | "verificar_ong", string> = {
  verificar_ong: "Verificou a ONG",
  ocultar_anuncio: "Ocultou o anúncio",
  restaurar_anuncio: "Restaurou o anúncio",
  arquivar_denuncias: "Arquivou as denúncias sobre",
  suspender_conta: "Suspendeu a conta",
  restaurar_conta: "Restaurou a conta",
};

const stateConflict = () => fail({ kind: "conflict", reason: "moderation-state" });

async function record(
  tx: Tx,
  jobs: Jobs,
  operator: Operator,
  entry: { acao: ModerationAction; alvoTipo: string; alvoId: string; alvoDescricao: string; motivo: string },
  notify: boolean,
): Promise<void> {
  const [row] = await tx
    .insert(auditLog)
    .values({
      operatorId: operator.id,
      operatorNome: operator.nome,
      ...entry,
      alvoDescricao: entry.alvoDescricao.slice(0, 120),
    })
    .returning({ id: auditLog.id });
  if (notify) await jobs.send(MODERATION_NOTICE_JOB, { auditId: row!.id } satisfies ModerationNotice, { tx });
}

/** Closes the open reports of some targets, saying what was done about them. */
async function resolve(tx: Tx, targets: TargetRef[], resolucao: string, now: Date): Promise<number> {
  if (targets.length === 0) return 0;
  const closed = await tx
    .update(reports)
    .set({ resolvedAt: now, resolucao })
    .where(or(...targets.map(openReportsOn)))
    .returning({ id: reports.id });
  return closed.length;
}

/** After a change the public sees: caches cleared, the e-mail sent now rather than at the next poll. */
function changed(db: Db, jobs: Jobs) {
  publicDataChanged(db);
  jobs.wake(MODERATION_NOTICE_JOB);
}

async function lockPet(tx: Tx, petId: string) {
  const [pet] = await tx
    .select({
      nome: pets.nome,
      status: pets.status,
      hiddenBy: pets.hiddenBy,
      statusBeforeHidden: pets.statusBeforeHidden,
      caretakerNome: users.nome,
      caretakerSuspended: users.suspendedAt,
    })
    .from(pets)
    .innerJoin(users, eq(users.id, pets.caretakerId))
    .where(eq(pets.id, petId))
    .for("update", { of: pets })
    .limit(1);
  return pet && pet.status !== "removido" ? pet : null;
}

const visible = { hiddenAt: null, hiddenBy: null, statusBeforeHidden: null } as const;

type LockedPet = NonNullable<Awaited<ReturnType<typeof lockPet>>>;

/** Shows a hidden listing again, with the status it had (or its caretaker chose meanwhile). */
const showAgain = (tx: Tx, petId: string, pet: LockedPet) =>
  tx
    .update(pets)
    .set({ status: pet.statusBeforeHidden ?? "disponivel", ...visible })
    .where(eq(pets.id, petId));

/** The audit row of an action on a listing. */
const onListing = (acao: ModerationAction, petId: string, pet: LockedPet, motivo: string) => ({
  acao,
  alvoTipo: "pet",
  alvoId: petId,
  alvoDescricao: `${pet.nome}, de ${pet.caretakerNome}`,
  motivo,
});

/** An action in one transaction; once done, what the public sees has changed. */
async function act(db: Db, jobs: Jobs, work: (tx: Tx) => Promise<Result>): Promise<Result> {
  const done = await db.transaction(work);
  if (done.ok) changed(db, jobs);
  return done;
}

/** Hides a listing (or keeps hidden one that reports hid) until an operator restores it. */
export async function hideListing(
  db: Db,
  jobs: Jobs,
  operator: Operator,
  petId: string,
  motivo: string,
  now = new Date(),
): Promise<Result> {
  return act(db, jobs, async (tx) => {
    const pet = await lockPet(tx, petId);
    if (!pet) return notFound("pet");
    if (pet.status === "oculto" && pet.hiddenBy !== "denuncias") return stateConflict();
    await tx
      .update(pets)
      .set({
        status: "oculto",
        statusBeforeHidden: pet.status === "oculto" ? pet.statusBeforeHidden : pet.status,
        hiddenBy: "operador",
        hiddenAt: now,
      })
      .where(eq(pets.id, petId));
    await resolve(tx, [{ tipo: "pet", id: petId }], "ocultado", now);
    await record(tx, jobs, operator, onListing("ocultar_anuncio", petId, pet, motivo), true);
    return ok();
  });
}

/** Shows again a listing hidden by reports or by an operator (not one hidden with its suspended account). */
export async function restoreListing(
  db: Db,
  jobs: Jobs,
  operator: Operator,
  petId: string,
  motivo: string,
  now = new Date(),
): Promise<Result> {
  return act(db, jobs, async (tx) => {
    const pet = await lockPet(tx, petId);
    if (!pet) return notFound("pet");
    if (pet.status !== "oculto" || pet.hiddenBy === "conta_suspensa") return stateConflict();
    // Its account's listings come back with the account, not one by one.
    if (pet.caretakerSuspended) return fail({ kind: "conflict", reason: "owner-suspended" });
    await showAgain(tx, petId, pet);
    await resolve(tx, [{ tipo: "pet", id: petId }], "restaurado", now);
    await record(tx, jobs, operator, onListing("restaurar_anuncio", petId, pet, motivo), true);
    return ok();
  });
}

/**
 * Closes the open reports on a target, nothing being wrong: a listing that reports hid shows
 * again (and its caretaker is told).
 */
export async function dismissReports(
  db: Db,
  jobs: Jobs,
  operator: Operator,
  target: TargetRef,
  motivo: string,
  now = new Date(),
): Promise<Result> {
  return act(db, jobs, async (tx) => {
    const pet = target.tipo === "pet" ? await lockPet(tx, target.id) : null;
    const closed = await resolve(tx, [target], "arquivada", now);
    if (closed === 0) return notFound("report");
    const hiddenByReports = pet?.status === "oculto" && pet.hiddenBy === "denuncias";
    const reopened = hiddenByReports && !pet.caretakerSuspended;
    if (reopened) await showAgain(tx, target.id, pet);
    // Hidden now only with its suspended account: it comes back when the account does.
    else if (hiddenByReports) await tx.update(pets).set({ hiddenBy: "conta_suspensa" }).where(eq(pets.id, target.id));
    const alvoDescricao = await describe(tx, target);
    await record(
      tx,
      jobs,
      operator,
      { acao: "arquivar_denuncias", alvoTipo: target.tipo, alvoId: target.id, alvoDescricao, motivo },
      reopened,
    );
    return ok();
  });
}

/** A target in the log's words, as it is now (a listing, an account, a message). */
async function describe(tx: Tx, target: TargetRef): Promise<string> {
  if (target.tipo === "pet") {
    const [pet] = await tx
      .select({ nome: pets.nome, dono: users.nome })
      .from(pets)
      .innerJoin(users, eq(users.id, pets.caretakerId))
      .where(eq(pets.id, target.id));
    return pet ? `anúncio de ${pet.nome}, de ${pet.dono}` : "anúncio excluído";
  }
  if (target.tipo === "usuario") {
    const [person] = await tx.select({ nome: users.nome }).from(users).where(eq(users.id, target.id));
    return person ? `perfil de ${person.nome}` : "conta excluída";
  }
  if (target.tipo === "anuncio") {
    const report = await lostFoundReportNamed(tx, target.id);
    return report ? `anúncio “${report.titulo}”, de ${report.autor}` : "anúncio excluído";
  }
  const [conversation] = await conversationsForModeration(tx, [target.id]);
  if (conversation) {
    return `conversa entre ${conversation.adopter.nome} e ${conversation.caretaker.nome} sobre ${conversation.petNome}`;
  }
  const [message] = await tx
    .select({ de: messages.senderNome, animal: messages.nomeAnimal })
    .from(messages)
    .where(eq(messages.id, target.id));
  return message ? `mensagem de ${message.de} sobre ${message.animal}` : "conversa excluída";
}

/**
 * Suspends an account: it cannot sign in (its sessions end now), its listings are hidden, and
 * it is told why. An operator does not suspend their own account.
 */
export async function suspendAccount(
  db: Db,
  jobs: Jobs,
  operator: Operator,
  userId: string,
  motivo: string,
  now = new Date(),
): Promise<Result> {
  if (userId === operator.id) return fail({ kind: "conflict", reason: "own-account" });
  return act(db, jobs, async (tx) => {
    const [person] = await tx
      .update(users)
      .set({ suspendedAt: now, suspensionReason: motivo })
      .where(and(eq(users.id, userId), isNull(users.suspendedAt)))
      .returning({ nome: users.nome });
    if (!person) return (await exists(tx, userId)) ? stateConflict() : notFound("user");
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    // Listings hidden already (by reports, by an operator) keep their own reason and reports.
    await tx
      .update(pets)
      .set({ status: "oculto", statusBeforeHidden: sql`${pets.status}`, hiddenBy: "conta_suspensa", hiddenAt: now })
      .where(and(eq(pets.caretakerId, userId), inArray(pets.status, ["disponivel", "adotado"])));
    await resolve(tx, [{ tipo: "usuario", id: userId }], "conta_suspensa", now);
    await record(
      tx,
      jobs,
      operator,
      { acao: "suspender_conta", alvoTipo: "usuario", alvoId: userId, alvoDescricao: person.nome, motivo },
      true,
    );
    return ok();
  });
}

/** Lifts a suspension: the account signs in again and the listings hidden with it show again. */
export async function restoreAccount(
  db: Db,
  jobs: Jobs,
  operator: Operator,
  userId: string,
  motivo: string,
): Promise<Result> {
  return act(db, jobs, async (tx) => {
    const [person] = await tx
      .update(users)
      .set({ suspendedAt: null, suspensionReason: null })
      .where(and(eq(users.id, userId), isNotNull(users.suspendedAt)))
      .returning({ nome: users.nome });
    if (!person) return (await exists(tx, userId)) ? stateConflict() : notFound("user");
    await tx
      .update(pets)
      .set({ status: sql`coalesce(${pets.statusBeforeHidden}, 'disponivel')`, ...visible })
      .where(and(eq(pets.caretakerId, userId), eq(pets.status, "oculto"), eq(pets.hiddenBy, "conta_suspensa")));
    await record(
      tx,
      jobs,
      operator,
      { acao: "restaurar_conta", alvoTipo: "usuario", alvoId: userId, alvoDescricao: person.nome, motivo },
      true,
    );
    return ok();
  });
}

async function exists(tx: Tx, userId: string): Promise<boolean> {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return row !== undefined;
}

export type HiddenListing = { id: string; nome: string; dono: string; por: "denuncias" | "operador"; desde: Date };

/** Listings hidden by reports or by an operator, newest first (those of suspended accounts go with them). */
export async function listHiddenListings(db: Db, limit = 100): Promise<HiddenListing[]> {
  const rows = await db
    .select({ id: pets.id, nome: pets.nome, dono: users.nome, por: pets.hiddenBy, desde: pets.hiddenAt })
    .from(pets)
    .innerJoin(users, eq(users.id, pets.caretakerId))
    .where(and(eq(pets.status, "oculto"), ne(pets.hiddenBy, "conta_suspensa")))
    .orderBy(desc(pets.hiddenAt))
    .limit(limit);
  return rows.map((row) => ({ ...row, por: row.por as HiddenListing["por"], desde: new Date(row.desde!) }));
}

export type SuspendedAccount = { id: string; nome: string; motivo: string; desde: Date };

/** Suspended accounts, newest first. */
export async function listSuspendedAccounts(db: Db, limit = 100): Promise<SuspendedAccount[]> {
  const rows = await db
    .select({ id: users.id, nome: users.nome, motivo: users.suspensionReason, desde: users.suspendedAt })
    .from(users)
    .where(isNotNull(users.suspendedAt))
    .orderBy(desc(users.suspendedAt))
    .limit(limit);
  return rows.map((row) => ({ ...row, motivo: row.motivo ?? "", desde: new Date(row.desde!) }));
}
