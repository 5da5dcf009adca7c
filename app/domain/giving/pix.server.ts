import { randomBytes } from "node:crypto";
import { and, eq, gte, inArray, isNull, or } from "drizzle-orm";
import QRCode from "qrcode";
import type { Db } from "~/db/client.server";
import { formerAdministrators, organizationPix, organizations, pets, users } from "~/db/schema";
import { PixKeyChangedEmail, pixKeyChangedSubject } from "~/emails/pix.server";
import { renderEmail } from "~/emails/render.server";
import { formatPixKey, PIX_KEY_TYPE_LABEL, staticBrCode, type PixKeyType } from "~/lib/pix";
import { recordActivity } from "~/domain/organizations/activity-records.server";
import { membersIn, requirePower, requireSettledAdministrator } from "~/domain/organizations/membership.server";
import type { Jobs } from "~/services/jobs.server";
import { sendMailOnce, type Mailer } from "~/services/mail.server";
import { notFound, ok, type Result } from "~/services/outcome.server";
import { takeAllowance } from "~/services/rate-limits.server";
import type { PixKeyInput } from "~/validation/pix";

/**
 * Where an organisation receives gifts (issue 46, docs/decisions/0039-pix-static-codes.md): its
 * key, set by its administradores, and the static BR Codes made from it. A code goes straight to
 * the organisation's account: no payment passes through Adopet, nothing of the giver is kept.
 */

export const PIX_KEY_CHANGED_JOB = "pix-key-changed";

export type PixKey = {
  tipo: PixKeyType;
  chave: string;
  nomeRecebedor: string;
  cidadeRecebedor: string;
  updatedAt: Date;
};

/** The organisation's key, for its administradores and equipe; null when it has none. */
export async function pixKeyForMember(db: Db, userId: string, organizationId: string): Promise<Result<PixKey | null>> {
  const power = await requirePower(db, userId, organizationId, "cuidar");
  if (!power.ok) return power;
  return ok(await pixKeyOf(db, organizationId));
}

/** A key's columns, as `PixKey` names them. */
const KEY_COLUMNS = {
  tipo: organizationPix.tipo,
  chave: organizationPix.chave,
  nomeRecebedor: organizationPix.nomeRecebedor,
  cidadeRecebedor: organizationPix.cidadeRecebedor,
  updatedAt: organizationPix.updatedAt,
};

async function pixKeyOf(db: Db, organizationId: string): Promise<PixKey | null> {
  const [row] = await db
    .select(KEY_COLUMNS)
    .from(organizationPix)
    .where(eq(organizationPix.organizationId, organizationId));
  return row ?? null;
}

/**
 * An organisation receives no gift while it is the own organisation of a suspended account: its
 * page and listings are hidden then (issue 22), and so are its `Doe`, `Apadrinhe` and monthly codes.
 */
const notSuspended = isNull(users.suspendedAt);

type KeyChange = {
  organizationId: string;
  /** When it changed (ISO): with each administrador, the e-mail's idempotency key. */
  alteradaEm: string;
  por: string;
  tipo: PixKeyType;
  chave: string;
  nomeRecebedor: string;
  cidadeRecebedor: string;
};

/**
 * An administrador sets the key, the receiver's name and city. Any change e-mails every
 * administrador (a hijacked account redirecting the gifts is seen at once) and is logged.
 */
export async function setPixKey(
  db: Db,
  jobs: Jobs,
  userId: string,
  organizationId: string,
  input: PixKeyInput,
  now = new Date(),
): Promise<Result<PixKey>> {
  // Where the gifts go: not for an administrador of less than 72 hours (issue 60).
  const power = await requireSettledAdministrator(db, userId, organizationId, now);
  if (!power.ok) return power;
  const next = {
    tipo: input.chave.tipo,
    chave: input.chave.chave,
    nomeRecebedor: input.nome_recebedor,
    cidadeRecebedor: input.cidade_recebedor,
  };
  const current = await pixKeyOf(db, organizationId);
  if (
    current &&
    current.chave === next.chave &&
    current.nomeRecebedor === next.nomeRecebedor &&
    current.cidadeRecebedor === next.cidadeRecebedor
  ) {
    return ok(current);
  }
  const allowed = await takeAllowance(db, "pix-account", userId);
  if (!allowed.ok) return allowed;
  const [actor] = await db.select({ nome: users.nome }).from(users).where(eq(users.id, userId));
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    await tx
      .insert(organizationPix)
      .values({ organizationId, ...next, updatedBy: userId, updatedAt: now })
      .onConflictDoUpdate({
        target: organizationPix.organizationId,
        set: { ...next, updatedBy: userId, updatedAt: now },
      });
    const change: KeyChange = { organizationId, alteradaEm: now.toISOString(), por: actor?.nome ?? "", ...next };
    await jobs.send(PIX_KEY_CHANGED_JOB, change, { tx: txDb });
    await recordActivity(txDb, {
      organizationId,
      actorId: userId,
      acao: "pix_alterado",
      detalhe: current
        ? PIX_KEY_TYPE_LABEL[next.tipo].toLowerCase()
        : `${PIX_KEY_TYPE_LABEL[next.tipo].toLowerCase()}, a primeira`,
    });
  });
  jobs.wake(PIX_KEY_CHANGED_JOB);
  return ok({ ...next, updatedAt: now });
}

/**
 * The administradores of now and those who stopped being one in the 30 days before `at` (issue
 * 60): a takeover that removed the founder before changing the key still reaches the founder.
 */
async function administratorsOfLast30Days(
  db: Db,
  organizationId: string,
  at: Date,
): Promise<{ id: string; email: string }[]> {
  const current = await membersIn(db, organizationId, ["administrador"]);
  const former = await db
    .select({ id: users.id, email: users.email })
    .from(formerAdministrators)
    .innerJoin(users, eq(users.id, formerAdministrators.userId))
    .where(
      and(
        eq(formerAdministrators.organizationId, organizationId),
        gte(formerAdministrators.endedAt, new Date(at.getTime() - 30 * 24 * 60 * 60 * 1000)),
      ),
    );
  const byId = new Map([...current, ...former].map((person) => [person.id, person]));
  return [...byId.values()];
}

/** The job `PIX_KEY_CHANGED_JOB`: the change, e-mailed once to each administrador of now and of the last 30 days. */
export async function sendPixKeyChanged(db: Db, mailer: Mailer, change: KeyChange, publicUrl: string): Promise<void> {
  const [organization] = await db
    .select({ nome: organizations.nome })
    .from(organizations)
    .where(eq(organizations.id, change.organizationId));
  if (!organization) return;
  const admins = await administratorsOfLast30Days(db, change.organizationId, new Date(change.alteradaEm));
  const content = await renderEmail(
    PixKeyChangedEmail({
      organizacao: organization.nome,
      por: change.por,
      alteradaEm: new Date(change.alteradaEm),
      tipo: PIX_KEY_TYPE_LABEL[change.tipo],
      chave: formatPixKey(change.tipo, change.chave),
      recebedor: `${change.nomeRecebedor}, ${change.cidadeRecebedor}`,
      url: `${publicUrl}/adopet/organizacoes/${change.organizationId}/configuracoes#pix`,
    }),
  );
  for (const admin of admins) {
    await sendMailOnce(db, mailer, {
      to: admin.email,
      subject: pixKeyChangedSubject(organization.nome),
      ...content,
      idempotencyKey: `pix.${change.organizationId}.${change.alteradaEm}.${admin.id}`,
    });
  }
}

/** What a giver's bank app reads: the code, its QR code, the gift's name, the receiver. */
export type PixCode = {
  brCode: string;
  qrSvg: string;
  txid: string;
  valorCentavos: number | null;
  nomeRecebedor: string;
  cidadeRecebedor: string;
  organizacao: { id: string; nome: string; verificada: boolean };
};

const TXID_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const randomTxidPart = (length: number) =>
  Array.from(randomBytes(length), (byte) => TXID_ALPHABET[byte % TXID_ALPHABET.length]).join("");

/**
 * A gift's `txid` (25 letters and digits at most), which names it on the bank statement:
 * `AP` and the animal's id's first 12 hex digits for a gift towards an animal, `DO` for one to
 * the organisation, then random letters so that two gifts never share it.
 */
function giftTxid(petId?: string): string {
  return petId
    ? `AP${petId.replace(/-/g, "").slice(0, 12).toUpperCase()}${randomTxidPart(8)}`
    : `DO${randomTxidPart(16)}`;
}

async function pixCode(
  key: PixKey,
  organizacao: PixCode["organizacao"],
  valorCentavos: number | null,
  txid: string,
): Promise<PixCode> {
  const brCode = staticBrCode({
    chave: key.chave,
    nomeRecebedor: key.nomeRecebedor,
    cidadeRecebedor: key.cidadeRecebedor,
    ...(valorCentavos !== null && { valorCentavos }),
    txid,
  });
  // Level M and a quiet zone of 4 modules: what the Banco Central's examples use, read by any phone.
  const qrSvg = await QRCode.toString(brCode, { type: "svg", errorCorrectionLevel: "M", margin: 4 });
  return {
    brCode,
    qrSvg,
    txid,
    valorCentavos,
    nomeRecebedor: key.nomeRecebedor,
    cidadeRecebedor: key.cidadeRecebedor,
    organizacao,
  };
}

/** The organisation with the key gifts go to: null without a key, or while it is a suspended person's own. */
async function organizationWithKey(db: Db, organizationId: string) {
  const [row] = await db
    .select({ id: organizations.id, nome: organizations.nome, verifiedAt: organizations.verifiedAt, ...KEY_COLUMNS })
    .from(organizations)
    .innerJoin(organizationPix, eq(organizationPix.organizationId, organizations.id))
    .leftJoin(users, eq(users.id, organizations.ownAccountOf))
    .where(and(eq(organizations.id, organizationId), notSuspended));
  if (!row) return null;
  const { id, nome, verifiedAt, ...key } = row;
  return { key, organizacao: { id, nome, verificada: verifiedAt !== null } };
}

/** A gift to the organisation (`Doe`): not found when it has no key. */
export async function organizationPixCode(
  db: Db,
  organizationId: string,
  valorCentavos: number | null,
): Promise<Result<PixCode>> {
  const found = await organizationWithKey(db, organizationId);
  if (!found) return notFound("pix");
  return ok(await pixCode(found.key, found.organizacao, valorCentavos, giftTxid()));
}

/**
 * A gift towards an animal (`Apadrinhe`): one still waiting for a home (not adopted, hidden or
 * removed) of an organisation with a key. Returns its name too, for the page.
 */
export async function petPixCode(
  db: Db,
  petId: string,
  valorCentavos: number | null,
): Promise<Result<PixCode & { pet: { id: string; nome: string; femea: boolean } }>> {
  const [pet] = await db
    .select({ id: pets.id, nome: pets.nome, sexo: pets.sexo, organizationId: pets.organizationId })
    .from(pets)
    .where(and(eq(pets.id, petId), eq(pets.status, "disponivel")));
  if (!pet) return notFound("pet");
  const found = await organizationWithKey(db, pet.organizationId);
  if (!found) return notFound("pix");
  const code = await pixCode(found.key, found.organizacao, valorCentavos, giftTxid(pet.id));
  return ok({ ...code, pet: { id: pet.id, nome: pet.nome, femea: pet.sexo === "femea" } });
}

/** A padrinho's month's code (its `txid` made and kept with the charge): not found without a key. */
export async function pixCodeForCharge(
  db: Db,
  organizationId: string,
  valorCentavos: number,
  txid: string,
): Promise<Result<PixCode>> {
  const found = await organizationWithKey(db, organizationId);
  if (!found) return notFound("pix");
  return ok(await pixCode(found.key, found.organizacao, valorCentavos, txid));
}

/** Whether the organisation receives gifts by Pix: the pages show `Apadrinhe` and `Doe` then. */
export async function receivesPix(db: Db, organizationId: string): Promise<boolean> {
  return (await organizationWithKey(db, organizationId)) !== null;
}

/**
 * Of a caretaker's page (issue 46): the organisations it may show `Doe` for, by id: the
 * person's own (the ONG their page is) and those they publish for, each with a Pix key.
 */
export async function giftReceiversOnPage(db: Db, userId: string, organizationIds: string[]): Promise<string[]> {
  const rows = await db
    .select({ id: organizations.id })
    .from(organizations)
    .innerJoin(organizationPix, eq(organizationPix.organizationId, organizations.id))
    .leftJoin(users, eq(users.id, organizations.ownAccountOf))
    .where(
      and(
        notSuspended,
        or(
          eq(organizations.ownAccountOf, userId),
          organizationIds.length > 0 ? inArray(organizations.id, organizationIds) : undefined,
        ),
      ),
    );
  return rows.map((row) => row.id);
}
