import { and, desc, eq, gte, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { donations, expenses, pets, sponsorshipCharges, sponsorships, statementLines, users } from "~/db/schema";
import { payerOf } from "~/lib/statements";
import { dayInBrasilia, formatDay } from "~/lib/dates";
import { EXPENSE_CATEGORY_LABEL, type ExpenseCategory } from "~/lib/giving";
import { formatReais } from "~/lib/pix";
import { recordActivity } from "~/domain/organizations/activity-records.server";
import { requirePower } from "~/domain/organizations/membership.server";
import { trashExpense } from "~/domain/organizations/trash-records.server";
import { prepareDocuments, type PreparedDocument } from "~/services/documents.server";
import type { Jobs } from "~/services/jobs.server";
import { fail, invalid, notFound, ok, unlessStorageFull, type Failure, type Result } from "~/services/outcome.server";
import { takeAllowance } from "~/services/rate-limits.server";
import type { DonationInput, ExpenseInput } from "~/validation/giving";

/**
 * An organisation's accounts (issue 46): the gifts it received and what it spent, kept by its
 * administradores and equipe. A gift that pays a padrinho's month confirms it (once) and sends
 * the padrinho a receipt. Amounts are integer centavos end to end.
 */

export const DONATION_RECEIPT_JOB = "donation-receipt";

export type DonationView = {
  id: string;
  data: string;
  valorCentavos: number;
  origem: "manual" | "extrato";
  pet: { id: string; nome: string } | null;
  doador: string | null;
  txid: string | null;
  /** The padrinho's month it paid. */
  apadrinhamento: { id: string; mes: string } | null;
};

export type ExpenseView = {
  id: string;
  data: string;
  valorCentavos: number;
  categoria: ExpenseCategory;
  pet: { id: string; nome: string } | null;
  descricao: string | null;
  comprovante: "pdf" | "imagem" | null;
};

/** A year's days, for a filter: from its first day to the next year's; every day for none. */
const yearRange = (ano: number | null) =>
  ano === null ? { from: "0001-01-01", to: "9999-12-31" } : { from: `${ano}-01-01`, to: `${ano + 1}-01-01` };

/** The day a gift or an expense happened: today (in Brasília) or before. */
const notFuture = (day: string, now: Date) => day <= dayInBrasilia(now);

/** An animal of the organisation (any status: a gift may come after the adoption). */
async function petOf(db: Db, organizationId: string, petId: string): Promise<boolean> {
  const [pet] = await db
    .select({ id: pets.id })
    .from(pets)
    .where(and(eq(pets.id, petId), eq(pets.organizationId, organizationId)));
  return Boolean(pet);
}

type GiftTarget = { petId: string | null; chargeId: string | null };

/**
 * What a `txid` names in the organisation: a padrinho's month (not yet confirmed), an animal
 * (a gift's code made on its page), or the organisation (`DO`).
 */
export async function targetOfTxid(db: Db, organizationId: string, txid: string): Promise<Result<GiftTarget>> {
  if (txid.startsWith("PM")) {
    const [charge] = await db
      .select({
        id: sponsorshipCharges.id,
        confirmadaEm: sponsorshipCharges.confirmadaEm,
        petId: sponsorships.petId,
      })
      .from(sponsorshipCharges)
      .innerJoin(sponsorships, eq(sponsorships.id, sponsorshipCharges.sponsorshipId))
      .where(and(eq(sponsorshipCharges.txid, txid), eq(sponsorships.organizationId, organizationId)));
    if (!charge) return invalid("txid", "unknown-txid");
    if (charge.confirmadaEm) return fail({ kind: "conflict", reason: "charge-confirmed", field: "txid" });
    return ok({ petId: charge.petId, chargeId: charge.id });
  }
  if (txid.startsWith("AP")) {
    const prefix = txid.slice(2, 14).toLowerCase();
    const [pet] = await db
      .select({ id: pets.id })
      .from(pets)
      .where(and(eq(pets.organizationId, organizationId), sql`replace(${pets.id}::text, '-', '') like ${`${prefix}%`}`))
      .limit(1);
    if (!pet || prefix.length !== 12) return invalid("txid", "unknown-txid");
    return ok({ petId: pet.id, chargeId: null });
  }
  return ok({ petId: null, chargeId: null });
}

type NewDonation = {
  organizationId: string;
  petId: string | null;
  chargeId: string | null;
  valorCentavos: number;
  data: string;
  origem: "manual" | "extrato";
  txid: string | null;
  doador: string | null;
  createdBy: string;
};

/**
 * Writes a gift in the caller's transaction. One that pays a padrinho's month confirms it, and
 * its receipt is e-mailed; null when that month was confirmed meanwhile (nothing written).
 */
export async function addDonation(tx: Db, jobs: Jobs, gift: NewDonation, now: Date): Promise<string | null> {
  if (gift.chargeId) {
    const [confirmed] = await tx
      .update(sponsorshipCharges)
      .set({ confirmadaEm: now })
      .where(and(eq(sponsorshipCharges.id, gift.chargeId), isNull(sponsorshipCharges.confirmadaEm)))
      .returning({ id: sponsorshipCharges.id });
    if (!confirmed) return null;
  }
  const [row] = await tx
    .insert(donations)
    .values({ ...gift, createdAt: now })
    .returning({ id: donations.id });
  if (gift.chargeId) await jobs.send(DONATION_RECEIPT_JOB, { donationId: row!.id }, { tx });
  return row!.id;
}

/**
 * A gift confirmed by the team: typed in (`valor`, `data`), or a pending statement line made one
 * (administradores only: a statement shows every payer). `txid` confirms a padrinho's month.
 */
export async function recordDonation(
  db: Db,
  jobs: Jobs,
  userId: string,
  organizationId: string,
  input: DonationInput,
  now = new Date(),
): Promise<Result<string>> {
  const power = await requirePower(db, userId, organizationId, input.linha_id ? "administrar" : "cuidar");
  if (!power.ok) return power;
  let target: GiftTarget = { petId: null, chargeId: null };
  if (input.txid) {
    const named = await targetOfTxid(db, organizationId, input.txid);
    if (!named.ok) return named;
    target = named.value;
  }
  const petId = target.petId ?? input.pet_id ?? null;
  if (input.pet_id && !target.petId && !(await petOf(db, organizationId, input.pet_id))) return notFound("pet");
  if (input.data && !notFuture(input.data, now)) return invalid("data", "future-date");
  const allowed = await takeAllowance(db, "ledger-account", userId);
  if (!allowed.ok) return allowed;
  const made = await db
    .transaction(async (tx) => {
      const txDb = tx as unknown as Db;
      let line: { id: string; data: string; valorCentavos: number; descricao: string } | undefined;
      if (input.linha_id) {
        // Claimed first: two people assigning one line make one gift.
        [line] = await tx
          .update(statementLines)
          .set({ status: "conciliada" })
          .where(
            and(
              eq(statementLines.id, input.linha_id),
              eq(statementLines.organizationId, organizationId),
              eq(statementLines.status, "pendente"),
            ),
          )
          .returning({
            id: statementLines.id,
            data: statementLines.data,
            valorCentavos: statementLines.valorCentavos,
            descricao: statementLines.descricao,
          });
        if (!line) throw new Refused(await lineFailure(txDb, organizationId, input.linha_id));
      }
      const donationId = await addDonation(
        txDb,
        jobs,
        {
          organizationId,
          petId,
          chargeId: target.chargeId,
          valorCentavos: line?.valorCentavos ?? input.valor!,
          data: line?.data ?? input.data!,
          origem: line ? "extrato" : "manual",
          txid: input.txid ?? null,
          // A line's payer, as the statement names them, unless the team typed the name.
          doador: input.doador ?? (line ? payerOf(line.descricao) : null),
          createdBy: userId,
        },
        now,
      );
      if (!donationId) throw new Refused({ kind: "conflict", reason: "charge-confirmed", field: "txid" });
      if (line) await tx.update(statementLines).set({ donationId }).where(eq(statementLines.id, line.id));
      await recordActivity(txDb, {
        organizationId,
        actorId: userId,
        acao: "doacao_registrada",
        alvoId: donationId,
        detalhe: donationSummary(
          line?.valorCentavos ?? input.valor!,
          line?.data ?? input.data!,
          input.doador ?? (line ? payerOf(line.descricao) : null),
        ),
      });
      return ok(donationId);
    })
    .catch((error: unknown) => {
      if (error instanceof Refused) return fail(error.failure);
      throw error;
    });
  if (made.ok && target.chargeId) jobs.wake(DONATION_RECEIPT_JOB);
  return made;
}

/** Thrown in a transaction to roll it back with the failure to answer. */
class Refused extends Error {
  constructor(readonly failure: Failure) {
    super(failure.kind);
  }
}

/** Why a statement line could not be assigned: not the organisation's, or decided already. */
async function lineFailure(db: Db, organizationId: string, lineId: string): Promise<Failure> {
  const [line] = await db
    .select({ id: statementLines.id })
    .from(statementLines)
    .where(and(eq(statementLines.id, lineId), eq(statementLines.organizationId, organizationId)));
  return line
    ? { kind: "conflict", reason: "line-decided", field: "linha_id" }
    : { kind: "not-found", subject: "statement-line" };
}

const donationColumns = {
  id: donations.id,
  data: donations.data,
  valorCentavos: donations.valorCentavos,
  origem: donations.origem,
  petId: donations.petId,
  petNome: pets.nome,
  doador: donations.doador,
  padrinho: users.nome,
  txid: donations.txid,
  sponsorshipId: sponsorshipCharges.sponsorshipId,
  mes: sponsorshipCharges.mes,
};

/** The organisation's gifts of a year (of every year: null), the newest first (administradores and equipe). */
export async function listDonations(
  db: Db,
  userId: string,
  organizationId: string,
  ano: number | null,
): Promise<Result<DonationView[]>> {
  const power = await requirePower(db, userId, organizationId, "cuidar");
  if (!power.ok) return power;
  const { from, to } = yearRange(ano);
  const rows = await db
    .select(donationColumns)
    .from(donations)
    .leftJoin(pets, eq(pets.id, donations.petId))
    .leftJoin(sponsorshipCharges, eq(sponsorshipCharges.id, donations.chargeId))
    .leftJoin(sponsorships, eq(sponsorships.id, sponsorshipCharges.sponsorshipId))
    .leftJoin(users, eq(users.id, sponsorships.userId))
    .where(and(eq(donations.organizationId, organizationId), gte(donations.data, from), lt(donations.data, to)))
    .orderBy(desc(donations.data), desc(donations.createdAt));
  return ok(
    rows.map((row) => ({
      id: row.id,
      data: row.data,
      valorCentavos: row.valorCentavos,
      origem: row.origem,
      pet: row.petId && row.petNome ? { id: row.petId, nome: row.petNome } : null,
      // A padrinho's name is read from their account, never copied: it goes when the account does.
      doador: row.doador ?? row.padrinho,
      txid: row.txid,
      apadrinhamento: row.sponsorshipId && row.mes ? { id: row.sponsorshipId, mes: row.mes } : null,
    })),
  );
}

/**
 * A gift taken back (typed by mistake, or matched wrongly): its padrinho's month waits again,
 * and its statement line is pending again.
 */
export async function deleteDonation(
  db: Db,
  userId: string,
  organizationId: string,
  donationId: string,
): Promise<Result> {
  const power = await requirePower(db, userId, organizationId, "cuidar");
  if (!power.ok) return power;
  return db.transaction(async (tx) => {
    // The line first: the gift's deletion would clear its link.
    await tx
      .update(statementLines)
      .set({ status: "pendente", donationId: null })
      .where(and(eq(statementLines.organizationId, organizationId), eq(statementLines.donationId, donationId)));
    const [gone] = await tx
      .delete(donations)
      .where(and(eq(donations.id, donationId), eq(donations.organizationId, organizationId)))
      .returning({
        chargeId: donations.chargeId,
        valor: donations.valorCentavos,
        data: donations.data,
        doador: donations.doador,
      });
    if (!gone) return notFound("donation");
    if (gone.chargeId)
      await tx.update(sponsorshipCharges).set({ confirmadaEm: null }).where(eq(sponsorshipCharges.id, gone.chargeId));
    await recordActivity(tx as unknown as Db, {
      organizationId,
      actorId: userId,
      acao: "doacao_apagada",
      alvoId: donationId,
      detalhe: donationSummary(gone.valor, gone.data, gone.doador),
    });
    return ok();
  });
}

/** An expense in a few words, as the log and the Lixeira name it. */
const expenseSummary = (valor: number, categoria: ExpenseCategory, data: string) =>
  `Despesa de ${formatReais(valor)} (${EXPENSE_CATEGORY_LABEL[categoria]}) em ${formatDay(data)}`;

/** A gift in a few words, as the log names it. */
const donationSummary = (valor: number, data: string, doador: string | null) =>
  `Doação de ${formatReais(valor)} em ${formatDay(data)}${doador ? `, de ${doador}` : ""}`;

/** An expense, with its receipt (a PDF, or a photo re-encoded without its metadata). */
export async function recordExpense(
  db: Db,
  userId: string,
  organizationId: string,
  input: ExpenseInput,
  receipt: Buffer | null,
  now = new Date(),
): Promise<Result<string>> {
  const power = await requirePower(db, userId, organizationId, "cuidar");
  if (!power.ok) return power;
  if (input.pet_id && !(await petOf(db, organizationId, input.pet_id))) return notFound("pet");
  if (!notFuture(input.data, now)) return invalid("data", "future-date");
  let file: PreparedDocument | null = null;
  if (receipt) {
    const prepared = await prepareDocuments([receipt], userId, "comprovante");
    if (!prepared.ok) return prepared;
    file = prepared.value[0]!;
  }
  const allowed = await takeAllowance(db, "ledger-account", userId);
  if (!allowed.ok) return allowed;
  return unlessStorageFull(async () => {
    const [row] = await db
      .insert(expenses)
      .values({
        organizationId,
        petId: input.pet_id ?? null,
        categoria: input.categoria,
        valorCentavos: input.valor,
        data: input.data,
        descricao: input.descricao ?? null,
        comprovanteTipo: file?.tipo ?? null,
        comprovante: file?.conteudo ?? null,
        createdBy: userId,
        createdAt: now,
      })
      .returning({ id: expenses.id });
    await recordActivity(db, {
      organizationId,
      actorId: userId,
      acao: "despesa_registrada",
      alvoId: row!.id,
      detalhe: expenseSummary(input.valor, input.categoria, input.data),
    });
    return ok(row!.id);
  });
}

/** The organisation's expenses of a year (of every year: null), the newest first (administradores and equipe). */
export async function listExpenses(
  db: Db,
  userId: string,
  organizationId: string,
  ano: number | null,
): Promise<Result<ExpenseView[]>> {
  const power = await requirePower(db, userId, organizationId, "cuidar");
  if (!power.ok) return power;
  const { from, to } = yearRange(ano);
  const rows = await db
    .select({
      id: expenses.id,
      data: expenses.data,
      valorCentavos: expenses.valorCentavos,
      categoria: expenses.categoria,
      petId: expenses.petId,
      petNome: pets.nome,
      descricao: expenses.descricao,
      comprovante: expenses.comprovanteTipo,
    })
    .from(expenses)
    .leftJoin(pets, eq(pets.id, expenses.petId))
    .where(and(eq(expenses.organizationId, organizationId), gte(expenses.data, from), lt(expenses.data, to)))
    .orderBy(desc(expenses.data), desc(expenses.createdAt));
  return ok(
    rows.map(({ petId, petNome, ...row }) => ({
      ...row,
      pet: petId && petNome ? { id: petId, nome: petNome } : null,
    })),
  );
}

export async function deleteExpense(
  db: Db,
  userId: string,
  organizationId: string,
  expenseId: string,
  now = new Date(),
): Promise<Result> {
  const power = await requirePower(db, userId, organizationId, "cuidar");
  if (!power.ok) return power;
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const mine = and(eq(expenses.id, expenseId), eq(expenses.organizationId, organizationId));
    const [row] = await tx
      .select({ valor: expenses.valorCentavos, categoria: expenses.categoria, data: expenses.data })
      .from(expenses)
      .where(mine)
      .for("update");
    if (!row) return notFound("expense");
    // To the Lixeira first (issue 63): an administrador may bring it back for 30 days.
    const resumo = expenseSummary(row.valor, row.categoria, row.data);
    await trashExpense(txDb, { organizationId, actorId: userId, registroId: expenseId, resumo, now });
    await tx.delete(expenses).where(mine);
    await recordActivity(txDb, {
      organizationId,
      actorId: userId,
      acao: "despesa_apagada",
      alvoId: expenseId,
      detalhe: resumo,
    });
    return ok();
  });
}

/** An expense's receipt, for the organisation's administradores and equipe. */
export async function expenseReceipt(
  db: Db,
  userId: string,
  organizationId: string,
  expenseId: string,
): Promise<Result<PreparedDocument>> {
  const power = await requirePower(db, userId, organizationId, "cuidar");
  if (!power.ok) return power;
  const [row] = await db
    .select({ tipo: expenses.comprovanteTipo, conteudo: expenses.comprovante })
    .from(expenses)
    .where(and(eq(expenses.id, expenseId), eq(expenses.organizationId, organizationId)));
  if (!row?.tipo || !row.conteudo) return notFound("expense");
  return ok({ tipo: row.tipo, conteudo: row.conteudo });
}
