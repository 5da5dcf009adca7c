import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { messages, pets, users } from "~/db/schema";
import { formatPlace, searchKey } from "~/lib/pets";
import { sendMailOnce, type Mailer } from "~/services/mail.server";
import type { Jobs } from "~/services/jobs.server";
import { MessageNotice, messageNoticeSubject } from "~/emails/message-notice.server";
import { renderEmail } from "~/emails/render.server";
import {
  fail,
  invalid,
  notFound,
  ok,
  type Conflict,
  type Gone,
  type Invalid,
  type Result,
} from "~/services/outcome.server";
import { takeAllowance } from "~/services/rate-limits.server";
import { checkPhoneNotBlocked } from "~/domain/conversations/blocks.server";

export type ContactInput = { nome: string; telefone: string; nome__animal: string; contato__texto: string };

/** An available pet someone may write about. */
export type Candidate = {
  id: string;
  nome: string;
  local: string;
  photoId: string | null;
  caretakerId: string;
  organizationId: string;
};

const candidateColumns = {
  id: pets.id,
  nome: pets.nome,
  cidade: pets.cidade,
  uf: pets.uf,
  caretakerId: pets.caretakerId,
  organizationId: pets.organizationId,
  photoId: sql<string | null>`(
    select pp.image_id::text from pet_photos pp where pp.pet_id = ${pets.id} order by pp.position limit 1
  )`,
};

function toCandidate(row: {
  id: string;
  nome: string;
  cidade: string;
  uf: string;
  caretakerId: string;
  organizationId: string;
  photoId: string | null;
}) {
  return {
    id: row.id,
    nome: row.nome,
    local: formatPlace(row.cidade, row.uf),
    photoId: row.photoId,
    caretakerId: row.caretakerId,
    organizationId: row.organizationId,
  };
}

export async function findAvailablePet(db: Db, petId: string): Promise<Candidate | null> {
  const [row] = await db
    .select(candidateColumns)
    .from(pets)
    .where(and(eq(pets.id, petId), eq(pets.status, "disponivel")))
    .limit(1);
  return row ? toCandidate(row) : null;
}

/** Several available pets have the name typed: they are offered to choose from. */
type SeveralPets = Conflict & { reason: "several-pets"; candidates: Candidate[] };

/**
 * Who a message goes to: the chosen pet (`petId`), or the one available pet with that
 * name (`nome__animal`, accents and case ignored). Several matches are offered to choose
 * from; nothing is ever delivered to a guessed recipient.
 */
export async function resolveRecipient(
  db: Db,
  { petId, nome__animal }: { petId?: string; nome__animal: string },
): Promise<Result<Candidate, Gone | Invalid | SeveralPets>> {
  if (petId) {
    const pet = await findAvailablePet(db, petId);
    return pet ? ok(pet) : fail({ kind: "gone", subject: "pet", field: "petId" });
  }
  const rows = await db
    .select(candidateColumns)
    .from(pets)
    .where(and(eq(pets.status, "disponivel"), eq(pets.nomeBusca, searchKey(nome__animal))))
    .orderBy(desc(pets.createdAt))
    .limit(12);
  if (rows.length === 0) return invalid("nome__animal", "no-match");
  if (rows.length === 1) return ok(toCandidate(rows[0]!));
  return fail({ kind: "conflict", reason: "several-pets", candidates: rows.map(toCandidate) });
}

/**
 * The contact form's limits, per client and per recipient, taken before anything is stored, so
 * a burst of submits never gets past them; a message refused for the caretaker's limit still
 * counts against its sender's.
 */
export async function takeContactAllowances(db: Db, clientKey: string, caretakerId: string): Promise<Result> {
  const limits: ["message-client" | "message-recipient", string][] = [
    ["message-client", clientKey],
    ["message-recipient", caretakerId],
  ];
  for (const [name, key] of limits) {
    const allowed = await takeAllowance(db, name, key);
    if (!allowed.ok) return allowed;
  }
  return ok();
}

/**
 * Stores a visitor's message for the pet's caretaker (a signed-in person's opens a conversation
 * instead: app/domain/conversations), within the contact limits, unless the caretaker blocked
 * the phone it gives. Storing is the delivery: the e-mail notice is a job stored with the
 * message (both or neither), run after the answer has gone; its failure never loses the message.
 */
export async function sendMessage(
  db: Db,
  { pet, input, clientKey, jobs }: { pet: Candidate; input: ContactInput; clientKey: string; jobs: Jobs },
): Promise<Result<string>> {
  // A blocked phone is refused before the limits: its attempts use up nobody's allowance.
  const unblocked = await checkPhoneNotBlocked(db, pet.caretakerId, input.telefone);
  if (!unblocked.ok) return unblocked;
  const allowed = await takeContactAllowances(db, clientKey, pet.caretakerId);
  if (!allowed.ok) return allowed;
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(messages)
      .values({
        petId: pet.id,
        recipientId: pet.caretakerId,
        senderId: null,
        senderNome: input.nome.trim(),
        senderTelefone: input.telefone.trim(),
        nomeAnimal: pet.nome,
        texto: input.contato__texto.trim(),
      })
      .returning({ id: messages.id });
    await jobs.send(MESSAGE_NOTICE_JOB, { messageId: row!.id }, { tx });
    return row!.id;
  });
  jobs.wake(MESSAGE_NOTICE_JOB);
  return ok(id);
}

export type ReceivedMessage = {
  id: string;
  petId: string;
  petNome: string;
  petPhotoId: string | null;
  senderNome: string;
  senderTelefone: string;
  texto: string;
  createdAt: Date;
  read: boolean;
};

export type SentMessage = { id: string; petId: string; petNome: string; texto: string; createdAt: Date };

const photoOfPet = sql<string | null>`(
  select pp.image_id::text from pet_photos pp where pp.pet_id = ${messages.petId} order by pp.position limit 1
)`;

/**
 * A caretaker's received messages, newest first (the latest `limit`, or all with null).
 * Only the recipient ever sees the sender's phone.
 */
export async function listReceived(db: Db, userId: string, limit: number | null = 200): Promise<ReceivedMessage[]> {
  const query = db
    .select({
      id: messages.id,
      petId: messages.petId,
      petNome: pets.nome,
      petPhotoId: photoOfPet,
      senderNome: messages.senderNome,
      senderTelefone: messages.senderTelefone,
      texto: messages.texto,
      createdAt: messages.createdAt,
      readAt: messages.readAt,
    })
    .from(messages)
    .innerJoin(pets, eq(pets.id, messages.petId))
    // Visitors' messages: a signed-in person's are in their conversations.
    .where(and(eq(messages.recipientId, userId), isNull(messages.senderId)))
    .orderBy(desc(messages.createdAt))
    .$dynamic();
  const rows = await (limit === null ? query : query.limit(limit));
  return rows.map(({ readAt, ...row }) => ({ ...row, createdAt: new Date(row.createdAt), read: readAt !== null }));
}

/** What a signed-in person sent, newest first. */
export async function listSent(db: Db, userId: string, limit: number | null = 200): Promise<SentMessage[]> {
  const query = db
    .select({
      id: messages.id,
      petId: messages.petId,
      petNome: pets.nome,
      texto: messages.texto,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .innerJoin(pets, eq(pets.id, messages.petId))
    .where(eq(messages.senderId, userId))
    .orderBy(desc(messages.createdAt))
    .$dynamic();
  const rows = await (limit === null ? query : query.limit(limit));
  return rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt) }));
}

/** Marks one received message (or all, without an id) as read. Someone else's message is not found. */
export async function markRead(db: Db, userId: string, messageId?: string): Promise<Result> {
  const conditions = [eq(messages.recipientId, userId), isNull(messages.readAt)];
  if (messageId) {
    const [mine] = await db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.id, messageId), eq(messages.recipientId, userId)))
      .limit(1);
    if (!mine) return notFound("message");
    conditions.push(eq(messages.id, messageId));
  }
  await db
    .update(messages)
    .set({ readAt: new Date() })
    .where(and(...conditions));
  return ok();
}

export const MESSAGE_NOTICE_JOB = "message-notice";

/**
 * E-mails the caretaker about a stored message (the job `MESSAGE_NOTICE_JOB`), once: the
 * e-mail's idempotency key and `notified_at` record it, so a run again after a crash or a
 * retry sends nothing more.
 */
export async function sendMessageNotice(db: Db, mailer: Mailer, messageId: string, publicUrl: string): Promise<void> {
  const [row] = await db
    .select({
      email: users.email,
      recipientNome: users.nome,
      petNome: messages.nomeAnimal,
      senderNome: messages.senderNome,
      senderTelefone: messages.senderTelefone,
      texto: messages.texto,
    })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.recipientId))
    .where(and(eq(messages.id, messageId), isNull(messages.notifiedAt)))
    .limit(1);
  // Deleted since (the account, the pet), or already notified.
  if (!row) return;
  const { email, ...props } = row;
  const content = await renderEmail(MessageNotice({ ...props, inboxUrl: `${publicUrl}/adopet/mensagens` }));
  await sendMailOnce(db, mailer, {
    to: email,
    subject: messageNoticeSubject(props),
    ...content,
    idempotencyKey: `aviso-mensagem.${messageId}`,
  });
  await db.update(messages).set({ notifiedAt: new Date() }).where(eq(messages.id, messageId));
}
