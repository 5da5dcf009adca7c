import { and, asc, count, desc, eq, inArray, like, ne, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "~/db/client.server";
import { isUniqueViolation } from "~/db/errors.server";
import { organizations, pets, petTransfers, users } from "~/db/schema";
import { TransferRequestedEmail, transferRequestedSubject } from "~/emails/organization-transfer.server";
import { renderEmail } from "~/emails/render.server";
import { APPLICATION_STATUS_JOB, applicationsOfPet, listedStatus, moveAll } from "~/domain/adoptions/lifecycle.server";
import { publicDataChanged } from "~/domain/pets/public-reads.server";
import type { Jobs } from "~/services/jobs.server";
import { composeAndSendOnce, type Mailer } from "~/services/mail.server";
import { fail, invalid, notFound, ok, type Result } from "~/services/outcome.server";
import { takeAllowance } from "~/services/rate-limits.server";
import { isId } from "~/lib/ids";
import { likePattern } from "~/lib/like";
import { searchKey } from "~/lib/pets";
import { TRANSFER_MANY_MAX } from "~/lib/organizations";
import { recordActivity } from "./activity-records.server";
import { membersIn, requirePower, roleIn } from "./membership.server";
import { endPlacementsLeft } from "~/domain/foster/placements.server";
import { queueSponsorshipTransferNotices, SPONSORSHIP_TRANSFERRED_JOB } from "~/domain/giving/sponsorships.server";

/**
 * Transfers (issue 43): an administrador of the organisation that has an animal passes it to
 * another; an administrador of that one accepts or declines. Accepted, the animal moves with its
 * record and photos, and the one who accepted becomes its caretaker of record; its open applications are closed with the reason below (they stay, closed,
 * with the team that received them). Both organisations' logs say so.
 */

type TransferStatus = "pendente" | "aceita" | "recusada" | "cancelada";

/** Why the open applications of a transferred animal were declined (the adopters read it). */
export const TRANSFER_REASON = "O animal foi transferido para outra organização, que vai cuidar da adoção dele.";

export type TransferView = {
  id: string;
  status: TransferStatus;
  pet: { id: string; nome: string };
  from: { id: string; nome: string };
  to: { id: string; nome: string };
  createdAt: Date;
  decidedAt: Date | null;
};

const fromOrganization = alias(organizations, "from_organization");
const toOrganization = alias(organizations, "to_organization");

function transfers(db: Db) {
  return db
    .select({
      id: petTransfers.id,
      status: petTransfers.status,
      petId: pets.id,
      petNome: pets.nome,
      fromId: fromOrganization.id,
      fromNome: fromOrganization.nome,
      toId: toOrganization.id,
      toNome: toOrganization.nome,
      createdAt: petTransfers.createdAt,
      decidedAt: petTransfers.decidedAt,
    })
    .from(petTransfers)
    .innerJoin(pets, eq(pets.id, petTransfers.petId))
    .innerJoin(fromOrganization, eq(fromOrganization.id, petTransfers.fromOrganizationId))
    .innerJoin(toOrganization, eq(toOrganization.id, petTransfers.toOrganizationId))
    .$dynamic();
}

type TransferRow = Awaited<ReturnType<ReturnType<typeof transfers>["execute"]>>[number];

function toView(row: TransferRow): TransferView {
  return {
    id: row.id,
    status: row.status,
    pet: { id: row.petId, nome: row.petNome },
    from: { id: row.fromId, nome: row.fromNome },
    to: { id: row.toId, nome: row.toNome },
    createdAt: new Date(row.createdAt),
    decidedAt: row.decidedAt ? new Date(row.decidedAt) : null,
  };
}

async function transferById(db: Db, id: string): Promise<TransferView | null> {
  const [row] = await transfers(db).where(eq(petTransfers.id, id)).limit(1);
  return row ? toView(row) : null;
}

/**
 * An administrador asks to pass one of the organisation's animals to another organisation. Not
 * the organisation's animal (or a stranger asking): not found; a member who is no administrador:
 * forbidden; an animal adopted, removed or promised to an approved application: not now.
 */
export async function requestTransfer(
  db: Db,
  jobs: Jobs,
  userId: string,
  petId: string,
  toOrganizationId: string,
): Promise<Result<TransferView>> {
  const [pet] = await db.select({ organizationId: pets.organizationId }).from(pets).where(eq(pets.id, petId)).limit(1);
  if (!pet || !(await roleIn(db, userId, pet.organizationId))) return notFound("pet");
  const made = await requestTransfers(db, jobs, userId, pet.organizationId, [petId], toOrganizationId);
  return made.ok ? ok(made.value[0]!) : made;
}

/**
 * Several of the organisation's animals to one organisation (issue 62: a litter, a shelter's
 * move), from the selection on `Animais`: a transfer each, all or none, as `requestTransfer`
 * refuses one. Each counts against the hourly allowance of transfers.
 */
export async function requestTransfers(
  db: Db,
  jobs: Jobs,
  userId: string,
  organizationId: string,
  petIds: string[],
  toOrganizationId: string,
): Promise<Result<TransferView[]>> {
  const power = await requirePower(db, userId, organizationId, "administrar");
  if (!power.ok) return power;
  const chosen = [...new Set(petIds)];
  if (chosen.length === 0 || chosen.length > TRANSFER_MANY_MAX) return invalid("animais", "animals-choice");
  const found = await db
    .select({ id: pets.id, nome: pets.nome, status: listedStatus, reservedAt: pets.reservedAt })
    .from(pets)
    .where(and(inArray(pets.id, chosen), eq(pets.organizationId, organizationId)));
  if (found.length !== chosen.length) return invalid("animais", "animals-choice");
  if (found.some((pet) => pet.status === "removido" || pet.status === "adotado")) {
    return fail({ kind: "gone", subject: "pet" });
  }
  if (found.some((pet) => pet.reservedAt)) return fail({ kind: "conflict", reason: "pet-reserved" });
  if (toOrganizationId === organizationId) return invalid("organizacao_id", "transfer-same-organization");
  const [target] = await db
    .select({ nome: organizations.nome })
    .from(organizations)
    .where(eq(organizations.id, toOrganizationId))
    .limit(1);
  if (!target) return notFound("organization");
  const allowed = await takeAllowance(db, "transfer-account", userId, found.length);
  if (!allowed.ok) return allowed;
  try {
    const ids = await db.transaction(async (tx) => {
      const made = await tx
        .insert(petTransfers)
        .values(
          found.map((pet) => ({
            petId: pet.id,
            fromOrganizationId: organizationId,
            toOrganizationId,
            requestedBy: userId,
          })),
        )
        .returning({ id: petTransfers.id });
      for (const pet of found) {
        await recordActivity(tx, {
          organizationId,
          actorId: userId,
          acao: "transferencia_pedida",
          alvoId: pet.id,
          alvoNome: pet.nome,
          detalhe: target.nome,
        });
      }
      // One e-mail for the whole request, however many animals.
      const transferIds = made.map(({ id }) => id);
      await jobs.send(TRANSFER_REQUESTED_JOB, { transferIds }, { tx: tx as unknown as Db });
      return transferIds;
    });
    return ok(
      await transfers(db)
        .where(inArray(petTransfers.id, ids))
        .then((rows) => rows.map(toView)),
    );
  } catch (error) {
    if (isUniqueViolation(error)) return fail({ kind: "conflict", reason: "transfer-pending" });
    throw error;
  }
}

export type TransferTarget = {
  id: string;
  nome: string;
  cidade: string | null;
  uf: string | null;
  verificada: boolean;
};

/** The organisations' names as searchKey folds what is typed: lower case, without accents. */
const foldedName = sql`translate(lower(${organizations.nome}), 'áàâãäéèêëíìîïóòôõöúùûüçñ', 'aaaaaeeeeiiiiooooouuuucn')`;
/** How many organisations a search names: enough to choose from, few enough to read on a phone. */
const TARGETS_SHOWN = 10;

/**
 * The organisations an administrador may send animals to (issue 62): by its code (the id), its
 * CNPJ (with or without the mask) or a part of its name; verified ones first, never their own.
 * What the transfer page offers, each with its city, to be confirmed before the request goes.
 */
export async function transferTargets(
  db: Db,
  userId: string,
  organizationId: string,
  query: string,
): Promise<Result<TransferTarget[]>> {
  const power = await requirePower(db, userId, organizationId, "administrar");
  if (!power.ok) return power;
  const typed = query.trim();
  const cnpj = typed.replace(/[\s./-]/g, "").toUpperCase();
  const name = searchKey(typed);
  const matches = isId(typed.toLowerCase())
    ? eq(organizations.id, typed.toLowerCase())
    : /^[0-9A-Z]{14}$/.test(cnpj) && /\d/.test(cnpj)
      ? eq(organizations.cnpj, cnpj)
      : name.length >= 2
        ? like(foldedName, likePattern(name, { anywhere: true }))
        : null;
  if (!matches) return ok([]);
  const rows = await db
    .select({
      id: organizations.id,
      nome: organizations.nome,
      cidade: organizations.cidade,
      uf: organizations.uf,
      verificada: sql<boolean>`${organizations.verifiedAt} is not null`,
    })
    .from(organizations)
    .where(and(matches, ne(organizations.id, organizationId)))
    .orderBy(sql`${organizations.verifiedAt} is null`, asc(organizations.nome))
    .limit(TARGETS_SHOWN);
  return ok(rows);
}

/** E-mails a transfer's request to the receiving organisation's administradores. */
export const TRANSFER_REQUESTED_JOB = "transfer-requested";

/**
 * Each administrador of the receiving organisation gets the request by e-mail, once, while it
 * is still waiting for an answer: one e-mail for the animals of one request.
 */
export async function sendTransferRequested(db: Db, mailer: Mailer, transferIds: string[], publicUrl: string) {
  const [row] = await db
    .select({ requestedBy: users.nome })
    .from(petTransfers)
    .leftJoin(users, eq(users.id, petTransfers.requestedBy))
    .where(eq(petTransfers.id, transferIds[0]!));
  // Those still waiting: one cancelled meanwhile is left out.
  const waiting = (await transfers(db).where(inArray(petTransfers.id, transferIds)))
    .map(toView)
    .filter((transfer) => transfer.status === "pendente")
    .sort((a, b) => a.pet.nome.localeCompare(b.pet.nome));
  const first = waiting[0];
  if (!row || !first) return;
  const names = waiting.map((transfer) => transfer.pet.nome);
  for (const admin of await membersIn(db, first.to.id, ["administrador"])) {
    await composeAndSendOnce(db, mailer, `transferencia-pedida.${transferIds[0]}.${admin.id}`, async () => ({
      to: admin.email,
      subject: transferRequestedSubject(names, first.from.nome),
      ...(await renderEmail(
        TransferRequestedEmail({
          pets: names,
          de: first.from.nome,
          para: first.to.nome,
          pedidoPor: row.requestedBy,
          url: `${publicUrl}/adopet/organizacoes/${first.to.id}/configuracoes#transferencias`,
        }),
      )),
    }));
  }
}

/**
 * An administrador of the receiving organisation accepts: the animal becomes theirs, its open
 * applications are declined with TRANSFER_REASON (each adopter e-mailed). Refused when the
 * animal was promised to an approved application meanwhile, or already moved.
 */
export async function acceptTransfer(db: Db, jobs: Jobs, userId: string, id: string): Promise<Result<TransferView>> {
  const transfer = await transferById(db, id);
  if (!transfer || !(await roleIn(db, userId, transfer.to.id))) return notFound("transfer");
  const power = await requirePower(db, userId, transfer.to.id, "administrar");
  if (!power.ok) return power;
  let sponsored = false;
  const accepted = await db.transaction(async (tx): Promise<Result<boolean>> => {
    // The pet first, as every move of its applications locks it (changeApplication).
    const [pet] = await tx
      .select({ organizationId: pets.organizationId, reservedAt: pets.reservedAt, status: listedStatus })
      .from(pets)
      .where(eq(pets.id, transfer.pet.id))
      .for("update");
    const [still] = await tx
      .select({ status: petTransfers.status })
      .from(petTransfers)
      .where(eq(petTransfers.id, id))
      .for("update");
    if (!pet || still?.status !== "pendente" || pet.organizationId !== transfer.from.id) {
      return fail({ kind: "conflict", reason: "transfer-closed" });
    }
    if (pet.reservedAt) return fail({ kind: "conflict", reason: "pet-reserved" });
    if (pet.status === "removido" || pet.status === "adotado") return fail({ kind: "gone", subject: "pet" });
    const open = await applicationsOfPet(tx, transfer.pet.id, [
      "nova",
      "em_analise",
      "entrevista",
      "visita",
      "em_espera",
    ]);
    await moveAll(tx, jobs, open, "recusada", "responsavel", TRANSFER_REASON);
    // The administradora who accepted answers for it from now on: its page names her, as it named who published it.
    await tx
      .update(pets)
      .set({ organizationId: transfer.to.id, caretakerId: userId })
      .where(eq(pets.id, transfer.pet.id));
    // Its foster was the other organisation's: the placement ends with the transfer.
    await endPlacementsLeft(tx, { petId: transfer.pet.id });
    // Its padrinhos paid the other organisation: each is asked to continue with this one or stop.
    sponsored = await queueSponsorshipTransferNotices(tx, jobs, transfer.pet.id);
    await tx
      .update(petTransfers)
      .set({ status: "aceita", decidedBy: userId, decidedAt: sql`now()` })
      .where(eq(petTransfers.id, id));
    const about = { actorId: userId, alvoId: transfer.pet.id, alvoNome: transfer.pet.nome };
    await recordActivity(tx, {
      ...about,
      organizationId: transfer.from.id,
      acao: "animal_transferido",
      detalhe: transfer.to.nome,
    });
    await recordActivity(tx, {
      ...about,
      organizationId: transfer.to.id,
      acao: "animal_recebido",
      detalhe: transfer.from.nome,
    });
    return ok(open.length > 0);
  });
  if (!accepted.ok) return accepted;
  if (accepted.value) jobs.wake(APPLICATION_STATUS_JOB);
  if (sponsored) jobs.wake(SPONSORSHIP_TRANSFERRED_JOB);
  publicDataChanged(db);
  return ok((await transferById(db, id))!);
}

/**
 * A pending transfer ends unanswered: declined by an administrador of the receiving
 * organisation, or cancelled by one of the organisation that asked.
 */
export async function closeTransfer(
  db: Db,
  userId: string,
  id: string,
  how: "recusada" | "cancelada",
): Promise<Result<TransferView>> {
  const transfer = await transferById(db, id);
  const side = how === "recusada" ? transfer?.to : transfer?.from;
  if (!transfer || !side || !(await roleIn(db, userId, side.id))) return notFound("transfer");
  const power = await requirePower(db, userId, side.id, "administrar");
  if (!power.ok) return power;
  const closed = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(petTransfers)
      .set({ status: how, decidedBy: userId, decidedAt: sql`now()` })
      .where(and(eq(petTransfers.id, id), eq(petTransfers.status, "pendente")))
      .returning({ id: petTransfers.id });
    if (row && how === "recusada") {
      await recordActivity(tx, {
        organizationId: transfer.to.id,
        actorId: userId,
        acao: "transferencia_recusada",
        alvoId: transfer.pet.id,
        alvoNome: transfer.pet.nome,
        detalhe: transfer.from.nome,
      });
    }
    return row !== undefined;
  });
  if (!closed) return fail({ kind: "conflict", reason: "transfer-closed" });
  return ok((await transferById(db, id))!);
}

/** An organisation's transfers, to or from it, the pending ones and the latest 20 others; for its administradores. */
export async function listTransfers(
  db: Db,
  userId: string,
  organizationId: string,
  { limit = 50 }: { limit?: number | null } = {},
): Promise<Result<TransferView[]>> {
  const power = await requirePower(db, userId, organizationId, "administrar");
  if (!power.ok) return power;
  const query = transfers(db)
    .where(or(eq(petTransfers.fromOrganizationId, organizationId), eq(petTransfers.toOrganizationId, organizationId)))
    .orderBy(sql`${petTransfers.status} = 'pendente' desc`, desc(petTransfers.createdAt))
    .$dynamic();
  const rows = await (limit === null ? query : query.limit(limit));
  return ok(rows.map(toView));
}

/** How many transfers to the organisation wait for its administradores' answer (the first of listTransfers). */
export async function countTransfersToAccept(db: Db, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(petTransfers)
    .where(and(eq(petTransfers.toOrganizationId, organizationId), eq(petTransfers.status, "pendente")));
  return row?.total ?? 0;
}

/**
 * What the transfer page shows of an animal, for an administrador of its organisation (anyone
 * else: null, or forbidden for a member of another role), with its pending transfer if any.
 */
export async function transferablePet(
  db: Db,
  userId: string,
  petId: string,
): Promise<
  Result<{ id: string; nome: string; organizationId: string; organizacao: string; pending: TransferView | null }>
> {
  const [pet] = await db
    .select({ id: pets.id, nome: pets.nome, organizationId: pets.organizationId, organizacao: organizations.nome })
    .from(pets)
    .innerJoin(organizations, eq(organizations.id, pets.organizationId))
    .where(eq(pets.id, petId))
    .limit(1);
  if (!pet || !(await roleIn(db, userId, pet.organizationId))) return notFound("pet");
  const power = await requirePower(db, userId, pet.organizationId, "administrar");
  if (!power.ok) return power;
  const [pending] = await transfers(db)
    .where(and(eq(petTransfers.petId, petId), eq(petTransfers.status, "pendente")))
    .limit(1);
  return ok({ ...pet, pending: pending ? toView(pending) : null });
}

export type TransferSelection = {
  organizacao: string;
  /** `pendente`: the organisation it waits for; `disponivel`: false once adopted, removed or reserved. */
  animals: { id: string; nome: string; pendente: string | null; disponivel: boolean }[];
};

/**
 * The animals ticked for a transfer (issue 62), as the transfer page shows them to an
 * administrador: the organisation's only (others are left out), each with whether it may go.
 */
export async function transferSelection(
  db: Db,
  userId: string,
  organizationId: string,
  petIds: string[],
): Promise<Result<TransferSelection>> {
  const power = await requirePower(db, userId, organizationId, "administrar");
  if (!power.ok) return power;
  const [organization] = await db
    .select({ nome: organizations.nome })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  const chosen = [...new Set(petIds)].slice(0, TRANSFER_MANY_MAX);
  if (!organization || chosen.length === 0) return ok({ organizacao: organization?.nome ?? "", animals: [] });
  const waitingFor = alias(organizations, "waiting_for");
  const rows = await db
    .select({
      id: pets.id,
      nome: pets.nome,
      status: listedStatus,
      reservedAt: pets.reservedAt,
      pendente: waitingFor.nome,
    })
    .from(pets)
    .leftJoin(petTransfers, and(eq(petTransfers.petId, pets.id), eq(petTransfers.status, "pendente")))
    .leftJoin(waitingFor, eq(waitingFor.id, petTransfers.toOrganizationId))
    .where(and(inArray(pets.id, chosen), eq(pets.organizationId, organizationId)))
    .orderBy(asc(pets.nome));
  return ok({
    organizacao: organization.nome,
    animals: rows.map((row) => ({
      id: row.id,
      nome: row.nome,
      pendente: row.pendente,
      disponivel: row.status !== "adotado" && row.status !== "removido" && !row.reservedAt,
    })),
  });
}
