import { and, desc, eq, inArray, isNull, lte, notExists, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "~/db/client.server";
import { donations, organizations, pets, sponsorshipCharges, sponsorships, users } from "~/db/schema";
import {
  SponsorshipEndedEmail,
  SponsorshipMonthEmail,
  SponsorshipTransferredEmail,
  sponsorshipEndedSubject,
  sponsorshipMonthSubject,
  sponsorshipTransferredSubject,
} from "~/emails/sponsorship.server";
import { renderEmail } from "~/emails/render.server";
import { dayInBrasilia } from "~/lib/dates";
import { monthOf } from "~/lib/panel";
import { formatReais } from "~/lib/pix";
import { requireConfirmedEmail } from "~/domain/accounts/email-confirmation.server";
import { requirePower } from "~/domain/organizations/membership.server";
import type { Jobs } from "~/services/jobs.server";
import { sendMailOnce, type Mailer } from "~/services/mail.server";
import { fail, invalid, notFound, ok, type Result } from "~/services/outcome.server";
import { takeAllowance } from "~/services/rate-limits.server";
import { signToken, verifyToken } from "~/services/signing.server";
import type { SponsorshipInput } from "~/validation/pix";
import { pixCodeForCharge, receivesPix, type PixCode } from "./pix.server";

/**
 * Padrinhos (issue 46): a person gives monthly towards one animal. Each month, on their day, an
 * e-mail brings a fresh code whose `txid` names that month's gift; they stop at any time, from
 * their page or by the e-mail's signed link. When the animal is adopted or leaves the site, the
 * sponsorship ends and the padrinho is told, with other animals to sponsor.
 */

export const SPONSORSHIP_SWEEP_JOB = "sponsorship-sweep";
export const SPONSORSHIP_MONTH_JOB = "sponsorship-month";
export const SPONSORSHIP_ENDED_JOB = "sponsorship-ended";
const STOP_PURPOSE = "apadrinhamento-parar";

export type SponsorshipView = {
  id: string;
  pet: { id: string; nome: string };
  organizacao: { id: string; nome: string };
  valorMensalCentavos: number;
  dia: number;
  createdAt: Date;
  endedAt: Date | null;
  motivoFim: "padrinho" | "adotado" | "removido" | null;
  /**
   * Active, of an animal transferred to another organisation (issue 60): paused, no code made,
   * until the padrinho continues with that one (`moveSponsorship`) or stops.
   */
  transferidoPara: { id: string; nome: string; verificada: boolean } | null;
  /** The months the organisation confirmed, newest first: each one's receipt is the gift's. */
  recibos: { doacaoId: string; mes: string }[];
};

/** A month's gift's `txid`: `PM`, the sponsorship's id's first 12 hex digits, the month (AAAAMM). */
const chargeTxid = (sponsorshipId: string, mes: string) =>
  `PM${sponsorshipId.replace(/-/g, "").slice(0, 12).toUpperCase()}${mes.replace("-", "")}`;

/**
 * A person with a confirmed e-mail sponsors an animal waiting for a home whose organisation
 * receives gifts by Pix. The first month's code is e-mailed at once; later ones on `dia`.
 */
export async function startSponsorship(
  db: Db,
  jobs: Jobs,
  userId: string,
  petId: string,
  input: SponsorshipInput,
  now = new Date(),
): Promise<Result<string>> {
  const [pet] = await db
    .select({ organizationId: pets.organizationId })
    .from(pets)
    .where(and(eq(pets.id, petId), eq(pets.status, "disponivel")));
  if (!pet) return notFound("pet");
  if (!(await receivesPix(db, pet.organizationId))) return notFound("pix");
  const confirmed = await requireConfirmedEmail(db, userId);
  if (!confirmed.ok) return confirmed;
  const allowed = await takeAllowance(db, "sponsorship-account", userId);
  if (!allowed.ok) return allowed;
  const made = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(sponsorships)
      .values({
        petId,
        organizationId: pet.organizationId,
        userId,
        valorMensalCentavos: input.valor_mensal,
        dia: input.dia,
        nomePublico: input.nome_publico,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: sponsorships.id });
    if (!row) return null;
    const chargeId = await addCharge(tx as unknown as Db, row.id, monthOf(now), input.valor_mensal, now);
    await jobs.send(SPONSORSHIP_MONTH_JOB, { chargeId }, { tx: tx as unknown as Db });
    return row.id;
  });
  if (!made) return fail({ kind: "conflict", reason: "already-sponsor" });
  jobs.wake(SPONSORSHIP_MONTH_JOB);
  return ok(made);
}

/** A month's code, made when its e-mail is due: a statement's line pays it from that day. */
async function addCharge(
  db: Db,
  sponsorshipId: string,
  mes: string,
  valorCentavos: number,
  now: Date,
): Promise<string | null> {
  const [charge] = await db
    .insert(sponsorshipCharges)
    .values({ sponsorshipId, mes, valorCentavos, txid: chargeTxid(sponsorshipId, mes), createdAt: now })
    .onConflictDoNothing()
    .returning({ id: sponsorshipCharges.id });
  return charge?.id ?? null;
}

/** The organisation the animal is with now, beside the one the sponsorship pays. */
const petOrganization = alias(organizations, "pet_organization");

const viewColumns = {
  id: sponsorships.id,
  petId: pets.id,
  petNome: pets.nome,
  organizacaoId: organizations.id,
  organizacaoNome: organizations.nome,
  valorMensalCentavos: sponsorships.valorMensalCentavos,
  dia: sponsorships.dia,
  createdAt: sponsorships.createdAt,
  endedAt: sponsorships.endedAt,
  motivoFim: sponsorships.motivoFim,
  petOrganizacaoId: pets.organizationId,
  petOrganizacaoNome: petOrganization.nome,
  petOrganizacaoVerificada: sql<boolean>`${petOrganization.verifiedAt} is not null`,
};

const toView = (row: {
  id: string;
  petId: string;
  petNome: string;
  organizacaoId: string;
  organizacaoNome: string;
  valorMensalCentavos: number;
  dia: number;
  createdAt: Date;
  endedAt: Date | null;
  motivoFim: SponsorshipView["motivoFim"] | null;
  petOrganizacaoId: string;
  petOrganizacaoNome: string;
  petOrganizacaoVerificada: boolean;
}): SponsorshipView => ({
  id: row.id,
  pet: { id: row.petId, nome: row.petNome },
  organizacao: { id: row.organizacaoId, nome: row.organizacaoNome },
  valorMensalCentavos: row.valorMensalCentavos,
  dia: row.dia,
  createdAt: row.createdAt,
  endedAt: row.endedAt,
  motivoFim: row.motivoFim ?? null,
  transferidoPara:
    row.endedAt === null && row.petOrganizacaoId !== row.organizacaoId
      ? { id: row.petOrganizacaoId, nome: row.petOrganizacaoNome, verificada: row.petOrganizacaoVerificada }
      : null,
  recibos: [],
});

/** The person's sponsorships, the active ones first, then the newest. */
export async function listSponsorships(db: Db, userId: string): Promise<SponsorshipView[]> {
  const rows = await db
    .select(viewColumns)
    .from(sponsorships)
    .innerJoin(pets, eq(pets.id, sponsorships.petId))
    .innerJoin(petOrganization, eq(petOrganization.id, pets.organizationId))
    .innerJoin(organizations, eq(organizations.id, sponsorships.organizationId))
    .where(eq(sponsorships.userId, userId))
    .orderBy(desc(isNull(sponsorships.endedAt)), desc(sponsorships.createdAt));
  const paid = await db
    .select({ sponsorshipId: sponsorshipCharges.sponsorshipId, doacaoId: donations.id, mes: sponsorshipCharges.mes })
    .from(donations)
    .innerJoin(sponsorshipCharges, eq(sponsorshipCharges.id, donations.chargeId))
    .innerJoin(sponsorships, eq(sponsorships.id, sponsorshipCharges.sponsorshipId))
    .where(eq(sponsorships.userId, userId))
    .orderBy(desc(sponsorshipCharges.mes));
  return rows.map((row) => ({
    ...toView(row),
    recibos: paid.filter((receipt) => receipt.sponsorshipId === row.id).map(({ doacaoId, mes }) => ({ doacaoId, mes })),
  }));
}

/** This month's code of one of the person's active sponsorships (as its page shows it). */
export async function currentCharge(
  db: Db,
  userId: string,
  sponsorshipId: string,
): Promise<Result<{ mes: string; code: PixCode }>> {
  const [charge] = await db
    .select({
      mes: sponsorshipCharges.mes,
      txid: sponsorshipCharges.txid,
      valor: sponsorshipCharges.valorCentavos,
      organizationId: sponsorships.organizationId,
    })
    .from(sponsorshipCharges)
    .innerJoin(sponsorships, eq(sponsorships.id, sponsorshipCharges.sponsorshipId))
    .where(and(eq(sponsorships.id, sponsorshipId), eq(sponsorships.userId, userId), isNull(sponsorships.endedAt)))
    .orderBy(desc(sponsorshipCharges.mes))
    .limit(1);
  if (!charge) return notFound("sponsorship");
  const code = await pixCodeForCharge(db, charge.organizationId, charge.valor, charge.txid);
  return code.ok ? ok({ mes: charge.mes, code: code.value }) : code;
}

/**
 * The padrinho continues a sponsorship with the organisation the animal was transferred to
 * (issue 60): its codes pay that one from the next month. Their own only; nothing to do for one
 * not transferred.
 */
export async function moveSponsorship(db: Db, userId: string, sponsorshipId: string): Promise<Result> {
  const [row] = await db
    .select({ id: sponsorships.id, endedAt: sponsorships.endedAt, petOrganizationId: pets.organizationId })
    .from(sponsorships)
    .innerJoin(pets, eq(pets.id, sponsorships.petId))
    .where(and(eq(sponsorships.id, sponsorshipId), eq(sponsorships.userId, userId)));
  if (!row) return notFound("sponsorship");
  if (row.endedAt) return fail({ kind: "conflict", reason: "sponsorship-ended" });
  await db
    .update(sponsorships)
    .set({ organizationId: row.petOrganizationId })
    .where(eq(sponsorships.id, sponsorshipId));
  return ok();
}

/** E-mailed to a padrinho when the animal goes to another organisation: continue with it, or stop. */
export const SPONSORSHIP_TRANSFERRED_JOB = "sponsorship-transferred";

/** Inside a transfer's transaction: each active padrinho of the animal is told (and asked). */
export async function queueSponsorshipTransferNotices(tx: Db, jobs: Jobs, petId: string): Promise<boolean> {
  const active = await tx
    .select({ id: sponsorships.id })
    .from(sponsorships)
    .where(and(eq(sponsorships.petId, petId), isNull(sponsorships.endedAt)));
  for (const sponsorship of active) {
    await jobs.send(SPONSORSHIP_TRANSFERRED_JOB, { sponsorshipId: sponsorship.id }, { tx });
  }
  return active.length > 0;
}

/** The job `SPONSORSHIP_TRANSFERRED_JOB`: the e-mail, once. */
export async function sendSponsorshipTransferred(
  db: Db,
  mailer: Mailer,
  sponsorshipId: string,
  publicUrl: string,
): Promise<void> {
  const [row] = await db
    .select({
      email: users.email,
      nome: users.nome,
      pet: pets.nome,
      sexo: pets.sexo,
      antes: organizations.nome,
      endedAt: sponsorships.endedAt,
      agora: petOrganization.nome,
      verificada: sql<boolean>`${petOrganization.verifiedAt} is not null`,
    })
    .from(sponsorships)
    .innerJoin(users, eq(users.id, sponsorships.userId))
    .innerJoin(pets, eq(pets.id, sponsorships.petId))
    .innerJoin(petOrganization, eq(petOrganization.id, pets.organizationId))
    .innerJoin(organizations, eq(organizations.id, sponsorships.organizationId))
    .where(eq(sponsorships.id, sponsorshipId));
  if (!row || row.endedAt) return;
  const content = await renderEmail(
    SponsorshipTransferredEmail({
      nome: row.nome.split(" ")[0]!,
      pet: row.pet,
      femea: row.sexo === "femea",
      antes: row.antes,
      agora: row.agora,
      verificada: row.verificada,
      url: `${publicUrl}/adopet/apadrinhamentos`,
    }),
  );
  await sendMailOnce(db, mailer, {
    to: row.email,
    subject: sponsorshipTransferredSubject(row.pet, row.agora),
    ...content,
    idempotencyKey: `apadrinhamento-transferido.${sponsorshipId}.${row.agora}`,
  });
}

/** The padrinho stops (their own only: anyone else's is not found). */
export async function stopSponsorship(
  db: Db,
  userId: string,
  sponsorshipId: string,
  now = new Date(),
): Promise<Result> {
  const [stopped] = await db
    .update(sponsorships)
    .set({ endedAt: now, motivoFim: "padrinho" })
    .where(and(eq(sponsorships.id, sponsorshipId), eq(sponsorships.userId, userId), isNull(sponsorships.endedAt)))
    .returning({ id: sponsorships.id });
  if (stopped) return ok();
  const [mine] = await db
    .select({ id: sponsorships.id })
    .from(sponsorships)
    .where(and(eq(sponsorships.id, sponsorshipId), eq(sponsorships.userId, userId)));
  // Stopped already: stopping again is what they asked for.
  return mine ? ok() : notFound("sponsorship");
}

/** The e-mail's one-click link to stop, signed for that purpose only. */
const stopToken = (db: Db, sponsorshipId: string) => signToken(db, STOP_PURPOSE, sponsorshipId);

/** The sponsorship a stop link names, with the animal's name; null for a link that is none. */
export async function sponsorshipOfStopToken(
  db: Db,
  token: string,
): Promise<{ id: string; pet: string; ativo: boolean; userId: string } | null> {
  const id = await verifyToken(db, STOP_PURPOSE, token);
  if (!id) return null;
  const [row] = await db
    .select({ id: sponsorships.id, pet: pets.nome, endedAt: sponsorships.endedAt, userId: sponsorships.userId })
    .from(sponsorships)
    .innerJoin(pets, eq(pets.id, sponsorships.petId))
    .where(eq(sponsorships.id, id));
  return row ? { id: row.id, pet: row.pet, ativo: row.endedAt === null, userId: row.userId } : null;
}

/** Stops the sponsorship of a stop link, without a login: the signature is the authority. */
export async function stopSponsorshipByToken(db: Db, token: string, now = new Date()): Promise<Result> {
  const found = await sponsorshipOfStopToken(db, token);
  if (!found) return invalid("token", "sponsorship-token");
  return stopSponsorship(db, found.userId, found.id, now);
}

/**
 * The daily sweep (`SPONSORSHIP_SWEEP_JOB`): each active sponsorship of an animal adopted or
 * removed ends, and its padrinho is told; of one whose day has come this month, the month's code
 * is made and e-mailed (once: a charge is unique per month, and the month of a sponsorship's
 * start has its code from the start). An animal hidden by moderation waits.
 */
export async function sweepSponsorships(db: Db, jobs: Jobs, now = new Date()): Promise<void> {
  const endings = await db
    .select({ id: sponsorships.id, status: pets.status })
    .from(sponsorships)
    .innerJoin(pets, eq(pets.id, sponsorships.petId))
    .where(and(isNull(sponsorships.endedAt), inArray(pets.status, ["adotado", "removido"])));
  for (const ending of endings) {
    await db.transaction(async (tx) => {
      const [ended] = await tx
        .update(sponsorships)
        .set({ endedAt: now, motivoFim: ending.status === "adotado" ? "adotado" : "removido" })
        .where(and(eq(sponsorships.id, ending.id), isNull(sponsorships.endedAt)))
        .returning({ id: sponsorships.id });
      if (ended) await jobs.send(SPONSORSHIP_ENDED_JOB, { sponsorshipId: ended.id }, { tx: tx as unknown as Db });
    });
  }
  const today = dayInBrasilia(now);
  const month = monthOf(now);
  // Its day or past it this month, without this month's code yet: a day the app was down is made up.
  const due = await db
    .select({ id: sponsorships.id, valor: sponsorships.valorMensalCentavos })
    .from(sponsorships)
    .innerJoin(pets, eq(pets.id, sponsorships.petId))
    .where(
      and(
        isNull(sponsorships.endedAt),
        lte(sponsorships.dia, Number(today.slice(8, 10))),
        eq(pets.status, "disponivel"),
        // A transferred animal's padrinho chooses first (issue 60): no code pays either organisation meanwhile.
        eq(sponsorships.organizationId, pets.organizationId),
        notExists(
          db
            .select({ id: sponsorshipCharges.id })
            .from(sponsorshipCharges)
            .where(and(eq(sponsorshipCharges.sponsorshipId, sponsorships.id), eq(sponsorshipCharges.mes, month))),
        ),
      ),
    );
  for (const sponsorship of due) {
    await db.transaction(async (tx) => {
      const chargeId = await addCharge(tx as unknown as Db, sponsorship.id, month, sponsorship.valor, now);
      if (chargeId) await jobs.send(SPONSORSHIP_MONTH_JOB, { chargeId }, { tx: tx as unknown as Db });
    });
  }
  if (endings.length > 0) jobs.wake(SPONSORSHIP_ENDED_JOB);
  if (due.length > 0) jobs.wake(SPONSORSHIP_MONTH_JOB);
}

/** The job `SPONSORSHIP_MONTH_JOB`: the month's code, e-mailed once; nothing for one stopped meanwhile. */
export async function sendSponsorshipMonth(db: Db, mailer: Mailer, chargeId: string, publicUrl: string): Promise<void> {
  const [row] = await db
    .select({
      sponsorshipId: sponsorships.id,
      organizationId: sponsorships.organizationId,
      endedAt: sponsorships.endedAt,
      mes: sponsorshipCharges.mes,
      txid: sponsorshipCharges.txid,
      valor: sponsorshipCharges.valorCentavos,
      email: users.email,
      nome: users.nome,
      pet: pets.nome,
    })
    .from(sponsorshipCharges)
    .innerJoin(sponsorships, eq(sponsorships.id, sponsorshipCharges.sponsorshipId))
    .innerJoin(users, eq(users.id, sponsorships.userId))
    .innerJoin(pets, eq(pets.id, sponsorships.petId))
    .where(eq(sponsorshipCharges.id, chargeId));
  if (!row || row.endedAt) return;
  const code = await pixCodeForCharge(db, row.organizationId, row.valor, row.txid);
  // The organisation took its key away: no code to send this month.
  if (!code.ok) return;
  const stopUrl = `${publicUrl}/adopet/apadrinhamentos/parar?token=${await stopToken(db, row.sponsorshipId)}`;
  const content = await renderEmail(
    SponsorshipMonthEmail({
      nome: row.nome.split(" ")[0]!,
      pet: row.pet,
      organizacao: code.value.organizacao.nome,
      valor: formatReais(row.valor),
      brCode: code.value.brCode,
      recebedor: `${code.value.nomeRecebedor} (${code.value.cidadeRecebedor})`,
      pageUrl: `${publicUrl}/adopet/apadrinhamentos`,
      stopUrl,
    }),
  );
  await sendMailOnce(db, mailer, {
    to: row.email,
    subject: sponsorshipMonthSubject(row.pet),
    ...content,
    // Mail programs' own "unsubscribe" stops it in one click (RFC 8058), as the link does.
    headers: { "List-Unsubscribe": `<${stopUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    idempotencyKey: `apadrinhamento.${chargeId}`,
  });
}

/** The job `SPONSORSHIP_ENDED_JOB`: the padrinho told why it ended, with other animals to sponsor. */
export async function sendSponsorshipEnded(
  db: Db,
  mailer: Mailer,
  sponsorshipId: string,
  publicUrl: string,
): Promise<void> {
  const [row] = await db
    .select({
      motivo: sponsorships.motivoFim,
      email: users.email,
      nome: users.nome,
      pet: pets.nome,
      organizacao: organizations.nome,
      caretakerId: pets.caretakerId,
      sexo: pets.sexo,
    })
    .from(sponsorships)
    .innerJoin(users, eq(users.id, sponsorships.userId))
    .innerJoin(pets, eq(pets.id, sponsorships.petId))
    .innerJoin(organizations, eq(organizations.id, sponsorships.organizationId))
    .where(eq(sponsorships.id, sponsorshipId));
  if (!row || (row.motivo !== "adotado" && row.motivo !== "removido")) return;
  const content = await renderEmail(
    SponsorshipEndedEmail({
      nome: row.nome.split(" ")[0]!,
      pet: row.pet,
      organizacao: row.organizacao,
      adotado: row.motivo === "adotado",
      femea: row.sexo === "femea",
      othersUrl: `${publicUrl}/adopet/responsaveis/${row.caretakerId}`,
    }),
  );
  await sendMailOnce(db, mailer, {
    to: row.email,
    subject: sponsorshipEndedSubject(row.pet, row.motivo === "adotado", row.sexo === "femea"),
    ...content,
    idempotencyKey: `apadrinhamento-fim.${sponsorshipId}`,
  });
}

/** Whether the person sponsors the animal now. */
export async function isSponsoring(db: Db, userId: string, petId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sponsorships.id })
    .from(sponsorships)
    .where(and(eq(sponsorships.userId, userId), eq(sponsorships.petId, petId), isNull(sponsorships.endedAt)));
  return row !== undefined;
}

export type TeamSponsorshipView = {
  id: string;
  padrinho: string;
  pet: { id: string; nome: string };
  valorMensalCentavos: number;
  dia: number;
  /** The latest month's code: its month, `txid`, and whether its gift arrived. */
  mes: { mes: string; txid: string; valorCentavos: number; confirmado: boolean } | null;
};

/** The organisation's padrinhos now, for its administradores and equipe: each one's month, paid or awaited. */
export async function organizationSponsorships(
  db: Db,
  userId: string,
  organizationId: string,
): Promise<Result<TeamSponsorshipView[]>> {
  const power = await requirePower(db, userId, organizationId, "cuidar");
  if (!power.ok) return power;
  const rows = await db
    .selectDistinctOn([sponsorships.id], {
      id: sponsorships.id,
      padrinho: users.nome,
      petId: pets.id,
      petNome: pets.nome,
      valorMensalCentavos: sponsorships.valorMensalCentavos,
      dia: sponsorships.dia,
      mes: sponsorshipCharges.mes,
      txid: sponsorshipCharges.txid,
      valorCentavos: sponsorshipCharges.valorCentavos,
      confirmadaEm: sponsorshipCharges.confirmadaEm,
    })
    .from(sponsorships)
    .innerJoin(users, eq(users.id, sponsorships.userId))
    .innerJoin(pets, eq(pets.id, sponsorships.petId))
    .leftJoin(sponsorshipCharges, eq(sponsorshipCharges.sponsorshipId, sponsorships.id))
    .where(and(eq(sponsorships.organizationId, organizationId), isNull(sponsorships.endedAt)))
    .orderBy(sponsorships.id, desc(sponsorshipCharges.mes));
  return ok(
    rows
      .map((row) => ({
        id: row.id,
        padrinho: row.padrinho,
        pet: { id: row.petId, nome: row.petNome },
        valorMensalCentavos: row.valorMensalCentavos,
        dia: row.dia,
        mes:
          row.mes && row.txid && row.valorCentavos !== null
            ? { mes: row.mes, txid: row.txid, valorCentavos: row.valorCentavos, confirmado: row.confirmadaEm !== null }
            : null,
      }))
      .sort((a, b) => a.pet.nome.localeCompare(b.pet.nome, "pt-BR") || a.padrinho.localeCompare(b.padrinho, "pt-BR")),
  );
}
