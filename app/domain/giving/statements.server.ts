import { and, asc, count, eq, isNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { organizations, pets, sponsorshipCharges, sponsorships, statementLines, users } from "~/db/schema";
import { addDays, dayInBrasilia, daysBetween } from "~/lib/dates";
import { parseStatement, payerOf, type StatementFormat, type StatementLine } from "~/lib/statements";
import { recordActivity } from "~/domain/organizations/activity-records.server";
import { requirePower } from "~/domain/organizations/membership.server";
import type { Jobs } from "~/services/jobs.server";
import { fail, invalid, notFound, ok, type Result } from "~/services/outcome.server";
import { takeAllowance } from "~/services/rate-limits.server";
import { addDonation, DONATION_RECEIPT_JOB, targetOfTxid } from "./ledger.server";

/**
 * An organisation's bank statement, imported (issue 46, docs/decisions/0040-statement-matching.md).
 * No Brazilian bank's export carries a Pix's `txid`, so a credit line pays a padrinho's month when
 * its amount is the month's, its day falls from the code's day to 45 days after, and its
 * description names the padrinho; a `txid` written in the description, when a bank gives one,
 * decides alone. Every other credit is listed as pending, for the team to make a gift of or to
 * ignore; a line that fits one month by amount and day but names nobody is suggested, not taken.
 * Debits are not gifts: they are counted, not kept (expenses are recorded with their receipts).
 */

/** A padrinho pays a month's code from a few days before it arrives (the last one's, reused) to 45 days after. */
const EARLY_DAYS = 3;
const LATE_DAYS = 45;
/**
 * A line of a month's amount this near the padrinho's planned day pays it, when it is the only
 * open month it fits (issue 63: a Pix a day late, from another person's account); this near, it
 * is suggested.
 */
const MATCH_NEAR_DAYS = 5;
const SUGGEST_NEAR_DAYS = 10;

type OpenCharge = {
  id: string;
  txid: string;
  valorCentavos: number;
  day: string;
  /** The padrinho's day of the month, in the charge's month. */
  planned: string;
  mes: string;
  sponsorshipId: string;
  padrinho: string;
  pet: { id: string; nome: string };
};

export type ChargeSummary = { txid: string; apadrinhamentoId: string; mes: string; padrinho: string; pet: string };

type ImportedLine = {
  id: string;
  data: string;
  valorCentavos: number;
  descricao: string;
};
type MatchedLine = ImportedLine & { doacaoId: string; apadrinhamento: ChargeSummary | null };
export type PendingLine = ImportedLine & { sugestao: ChargeSummary | null };
export type StatementImport = {
  formato: StatementFormat;
  conciliados: MatchedLine[];
  pendentes: PendingLine[];
  /** Credit lines imported before (the same file again, or periods that overlap). */
  jaImportadas: number;
  /** Debit lines, not kept. */
  saidas: number;
};

const CONNECTORS = new Set(["DA", "DE", "DO", "DAS", "DOS", "E"]);
const words = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toUpperCase()
    .split(/[^A-Z]+/)
    .filter((word) => word.length >= 2 && !CONNECTORS.has(word));

/** Whether a line's description names the person: their first name and, if they gave one, another of their names. */
function namesPerson(description: string, name: string): boolean {
  const said = new Set(words(description));
  const [first, ...rest] = words(name);
  if (!first || !said.has(first)) return false;
  return rest.length === 0 || rest.some((word) => said.has(word));
}

const TXID_IN_TEXT = /\b(PM[0-9A-F]{12}\d{6}|AP[0-9A-F]{12}[0-9A-Z]{8}|DO[0-9A-Z]{16})\b/i;

/** Each credit line's key: the bank's id when the file gives it once, else its day, amount, text and rank. */
function lineKeys(lines: StatementLine[]): string[] {
  const idCount = new Map<string, number>();
  for (const line of lines) if (line.idBanco) idCount.set(line.idBanco, (idCount.get(line.idBanco) ?? 0) + 1);
  const rank = new Map<string, number>();
  return lines.map((line) => {
    if (line.idBanco && idCount.get(line.idBanco) === 1) return `id:${line.idBanco}`.slice(0, 400);
    const same = `${line.data}|${line.valorCentavos}|${line.descricao}`;
    const nth = (rank.get(same) ?? 0) + 1;
    rank.set(same, nth);
    return `${same}|${nth}`.slice(0, 400);
  });
}

const summary = (charge: OpenCharge): ChargeSummary => ({
  txid: charge.txid,
  apadrinhamentoId: charge.sponsorshipId,
  mes: charge.mes,
  padrinho: charge.padrinho,
  pet: charge.pet.nome,
});

async function openCharges(db: Db, organizationId: string): Promise<OpenCharge[]> {
  const rows = await db
    .select({
      id: sponsorshipCharges.id,
      txid: sponsorshipCharges.txid,
      valorCentavos: sponsorshipCharges.valorCentavos,
      createdAt: sponsorshipCharges.createdAt,
      mes: sponsorshipCharges.mes,
      dia: sponsorships.dia,
      sponsorshipId: sponsorships.id,
      padrinho: users.nome,
      petId: pets.id,
      petNome: pets.nome,
    })
    .from(sponsorshipCharges)
    .innerJoin(sponsorships, eq(sponsorships.id, sponsorshipCharges.sponsorshipId))
    .innerJoin(users, eq(users.id, sponsorships.userId))
    .innerJoin(pets, eq(pets.id, sponsorships.petId))
    .where(and(eq(sponsorships.organizationId, organizationId), isNull(sponsorshipCharges.confirmadaEm)))
    .orderBy(asc(sponsorshipCharges.createdAt));
  return rows.map(({ createdAt, petId, petNome, dia, ...row }) => ({
    ...row,
    day: dayInBrasilia(createdAt),
    planned: dayOfMonth(row.mes, dia),
    pet: { id: petId, nome: petNome },
  }));
}

/** The day `dia` of a month (`AAAA-MM`), the month's last when it has fewer days. */
function dayOfMonth(mes: string, dia: number): string {
  const [year, month] = mes.split("-").map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${mes}-${String(Math.min(dia, last)).padStart(2, "0")}`;
}

/** The open months a line may pay: its amount, and its day within the month's window. */
const fitting = (line: ImportedLine, charges: OpenCharge[]) =>
  charges.filter(
    (charge) =>
      charge.valorCentavos === line.valorCentavos &&
      line.data >= addDays(charge.day, -EARLY_DAYS) &&
      line.data <= addDays(charge.day, LATE_DAYS),
  );

/** The open months of the line's amount whose planned day is at most `days` from the line's. */
const near = (line: ImportedLine, charges: OpenCharge[], days: number) =>
  charges.filter(
    (charge) => charge.valorCentavos === line.valorCentavos && Math.abs(daysBetween(charge.planned, line.data)) <= days,
  );

/** The one open month a line that pays none may pay, to be confirmed by the team, or null. */
function suggestionFor(line: ImportedLine, charges: OpenCharge[]): ChargeSummary | null {
  const candidates = new Set([...fitting(line, charges), ...near(line, charges, SUGGEST_NEAR_DAYS)]);
  return candidates.size === 1 ? summary([...candidates][0]!) : null;
}

function parseFailure(parsed: Extract<ReturnType<typeof parseStatement>, { ok: false }>) {
  switch (parsed.motivo) {
    case "vazio":
      return invalid("arquivo", "statement-empty");
    case "grande":
      return invalid("arquivo", "statement-too-long");
    case "linha":
      return invalid("arquivo", "statement-line", parsed.linha ?? 1);
    default:
      return invalid("arquivo", "statement-format");
  }
}

/** An administrador imports a statement: its credits are kept once each, and matched. */
export async function importStatement(
  db: Db,
  jobs: Jobs,
  userId: string,
  organizationId: string,
  bytes: Uint8Array,
  now = new Date(),
): Promise<Result<StatementImport>> {
  const power = await requirePower(db, userId, organizationId, "administrar");
  if (!power.ok) return power;
  const parsed = parseStatement(bytes);
  if (!parsed.ok) return parseFailure(parsed);
  const allowed = await takeAllowance(db, "ledger-account", userId);
  if (!allowed.ok) return allowed;
  // Each line read is work (parsing, matching): counted one by one, per organisation.
  const lines = await takeAllowance(db, "statement-lines-organization", organizationId, parsed.linhas.length);
  if (!lines.ok) return lines;
  const credits = parsed.linhas.filter((line) => line.valorCentavos > 0);
  const keys = lineKeys(credits);
  const result = await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    // One import at a time per organisation: two of one file keep each line once.
    await tx
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.id, organizationId))
      .for("update");
    const inserted =
      credits.length === 0
        ? []
        : await tx
            .insert(statementLines)
            .values(
              credits.map((line, index) => ({
                organizationId,
                chave: keys[index]!,
                data: line.data,
                valorCentavos: line.valorCentavos,
                descricao: line.descricao,
                status: "pendente" as const,
                importedBy: userId,
                createdAt: now,
              })),
            )
            .onConflictDoNothing()
            .returning({
              id: statementLines.id,
              data: statementLines.data,
              valorCentavos: statementLines.valorCentavos,
              descricao: statementLines.descricao,
            });
    let charges = await openCharges(txDb, organizationId);
    const conciliados: MatchedLine[] = [];
    const pendentes: PendingLine[] = [];
    const byDay = [...inserted].sort((a, b) => a.data.localeCompare(b.data));
    for (const line of byDay) {
      const match = await matchLine(txDb, organizationId, line, charges);
      if (!match) {
        pendentes.push({ ...line, sugestao: suggestionFor(line, charges) });
        continue;
      }
      const donationId = await addDonation(
        txDb,
        jobs,
        {
          organizationId,
          petId: match.petId,
          chargeId: match.charge?.id ?? null,
          valorCentavos: line.valorCentavos,
          data: line.data,
          origem: "extrato",
          txid: match.txid,
          // Who paid, as the statement names them (the list and the receipt say who), unless it is
          // the padrinho: their own name is kept as they wrote it, accents and all.
          doador: match.charge && namesPerson(line.descricao, match.charge.padrinho) ? null : payerOf(line.descricao),
          createdBy: userId,
        },
        now,
      );
      if (!donationId) {
        pendentes.push({ ...line, sugestao: null });
        continue;
      }
      await tx.update(statementLines).set({ status: "conciliada", donationId }).where(eq(statementLines.id, line.id));
      charges = charges.filter((charge) => charge.id !== match.charge?.id);
      conciliados.push({ ...line, doacaoId: donationId, apadrinhamento: match.charge ? summary(match.charge) : null });
    }
    await recordActivity(txDb, {
      organizationId,
      actorId: userId,
      acao: "extrato_importado",
      detalhe: `${inserted.length} ${inserted.length === 1 ? "crédito novo" : "créditos novos"}: ${conciliados.length} conciliado(s), ${pendentes.length} a decidir`,
    });
    return {
      formato: parsed.formato,
      conciliados,
      pendentes,
      jaImportadas: credits.length - inserted.length,
      saidas: parsed.linhas.length - credits.length,
    };
  });
  if (result.conciliados.some((line) => line.apadrinhamento)) jobs.wake(DONATION_RECEIPT_JOB);
  return ok(result);
}

type Match = { petId: string | null; txid: string | null; charge: OpenCharge | null };

/** What a new credit line pays: the code its `txid` names, or the one month its amount, day and payer fit. */
async function matchLine(
  db: Db,
  organizationId: string,
  line: ImportedLine,
  charges: OpenCharge[],
): Promise<Match | null> {
  const txid = TXID_IN_TEXT.exec(line.descricao)?.[1]?.toUpperCase();
  if (txid) {
    const target = await targetOfTxid(db, organizationId, txid);
    if (target.ok) {
      const charge = charges.find((open) => open.id === target.value.chargeId) ?? null;
      if (!target.value.chargeId || charge) return { petId: target.value.petId, txid, charge };
    }
  }
  const named = fitting(line, charges).filter((charge) => namesPerson(line.descricao, charge.padrinho));
  const nearby = near(line, charges, MATCH_NEAR_DAYS);
  const charge = named[0] ?? (nearby.length === 1 ? nearby[0] : undefined);
  return charge ? { petId: charge.pet.id, txid: charge.txid, charge } : null;
}

/** How many of the organisation's statement lines wait to be decided (those pendingLines lists). */
export async function countPendingLines(db: Db, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(statementLines)
    .where(and(eq(statementLines.organizationId, organizationId), eq(statementLines.status, "pendente")));
  return row?.total ?? 0;
}

/** The organisation's pending lines, the oldest first, each with the month it may pay (administradores). */
export async function pendingLines(db: Db, userId: string, organizationId: string): Promise<Result<PendingLine[]>> {
  const power = await requirePower(db, userId, organizationId, "administrar");
  if (!power.ok) return power;
  const [lines, charges] = await Promise.all([
    db
      .select({
        id: statementLines.id,
        data: statementLines.data,
        valorCentavos: statementLines.valorCentavos,
        descricao: statementLines.descricao,
      })
      .from(statementLines)
      .where(and(eq(statementLines.organizationId, organizationId), eq(statementLines.status, "pendente")))
      .orderBy(asc(statementLines.data), asc(statementLines.createdAt))
      .limit(500),
    openCharges(db, organizationId),
  ]);
  return ok(lines.map((line) => ({ ...line, sugestao: suggestionFor(line, charges) })));
}

/** A pending line set aside (not a gift: a transfer between the organisation's accounts), or back to decide. */
export async function setLineStatus(
  db: Db,
  userId: string,
  organizationId: string,
  lineId: string,
  status: "ignorada" | "pendente",
): Promise<Result> {
  const power = await requirePower(db, userId, organizationId, "administrar");
  if (!power.ok) return power;
  const [line] = await db
    .select({ status: statementLines.status })
    .from(statementLines)
    .where(and(eq(statementLines.id, lineId), eq(statementLines.organizationId, organizationId)));
  if (!line) return notFound("statement-line");
  if (line.status === status) return ok();
  if (line.status === "conciliada") return fail({ kind: "conflict", reason: "line-decided" });
  const [changed] = await db
    .update(statementLines)
    .set({ status })
    .where(and(eq(statementLines.id, lineId), eq(statementLines.status, line.status)))
    .returning({ id: statementLines.id });
  if (!changed) return fail({ kind: "conflict", reason: "line-decided" });
  await recordActivity(db, {
    organizationId,
    actorId: userId,
    acao: "linha_do_extrato_decidida",
    alvoId: lineId,
    detalhe: status === "ignorada" ? "ignorada" : "pendente de novo",
  });
  return ok();
}
