import type { Transporter } from "nodemailer";
import { and, eq, lt } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { emailDeliveries } from "~/db/schema";
import { forLog, logger } from "~/lib/log.server";

/**
 * Outgoing mail. With SMTP_URL set, mail goes through that server; without it, the log
 * says that an e-mail was due and its subject, so a fresh install works and an operator
 * sees that mail is not configured. Never its recipient or its text: those are personal
 * data (an e-mail address, a phone, what someone wrote), which never reach a log.
 */
export type Mail = {
  to: string;
  subject: string;
  text: string;
  /** The same content as accessible HTML (the e-mail is then multipart/alternative). */
  html?: string;
  /** Names this e-mail for good: a second send with the same key is the same e-mail. */
  idempotencyKey?: string;
  /** Extra header fields (List-Unsubscribe, RFC 8058). */
  headers?: Record<string, string>;
};
export type Mailer = { send(mail: Mail): Promise<void>; kind: "smtp" | "log" };

/** A silent mail server is given up on well within the notice job's expiry (60 s), which then retries. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/**
 * nodemailer's transport options from SMTP_URL (smtp[s]://user:password@host:port), with our
 * timeouts and a pool: a few connections kept open (closed after 20 s idle), so that a digest's
 * e-mails do not each open their own. Given as a URL string, nodemailer would take the
 * options of its second argument for every message's defaults, not for the connection.
 */
function transportOptions(smtpUrl: string) {
  const url = new URL(smtpUrl);
  const secure = url.protocol === "smtps:";
  return {
    host: url.hostname.replace(/^\[|\]$/g, ""),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    ...(url.username && {
      auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) },
    }),
    ...SMTP_TIMEOUTS,
    pool: true as const,
    maxConnections: 4,
  };
}

/**
 * The Message-ID of the e-mail sent under `key`. Its left part is an RFC 5322 dot-atom: a
 * character outside it (the `:` of a time, issue 60) is written as `=` and its hex code, so two
 * keys never share an id and every mail program reads it.
 */
function messageIdFor(key: string, domain: string): string {
  const local = key.replace(/[^A-Za-z0-9!#$%&'*+\-/?^_`{|}~.]/g, (char) =>
    [...Buffer.from(char)].map((byte) => `=${byte.toString(16).toUpperCase().padStart(2, "0")}`).join(""),
  );
  return `<${local.replace(/^\.|\.$|\.(?=\.)/g, "=2E")}@${domain}>`;
}

export function createMailer({
  smtpUrl,
  from,
  log = (line: string) => logger.info(line),
}: {
  smtpUrl?: string;
  from: string;
  log?: (line: string) => void;
}): Mailer {
  if (!smtpUrl) {
    return {
      kind: "log",
      send: async (mail) => {
        log(`[email não enviado: SMTP_URL não configurado] Assunto: ${forLog(mail.subject)}`);
      },
    };
  }
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? "adopet.local";
  // nodemailer is loaded only where mail really goes out.
  let transport: Promise<Transporter> | undefined;
  return {
    kind: "smtp",
    send: async (mail) => {
      transport ??= import("nodemailer").then(({ default: nodemailer }) =>
        nodemailer.createTransport(transportOptions(smtpUrl)),
      );
      await (
        await transport
      ).sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.headers,
        // The same key, the same Message-ID: a copy that still gets through is recognised as one.
        messageId: mail.idempotencyKey ? messageIdFor(mail.idempotencyKey, domain) : undefined,
      });
    },
  };
}

/**
 * How long a run's claim on an e-mail holds it from every other run: longer than a send can
 * take (SMTP_TIMEOUTS), so only a claim left by a run that died mid-send (a crash) outlives it.
 */
const CLAIM_MS = 2 * 60_000;
/** The claim on an e-mail being sent: a row of its own beside the record of the e-mail sent. */
const claimKey = (idempotencyKey: string) => `envio:${idempotencyKey}`;

/**
 * Sends `mail` unless an e-mail with its key already went out. A run claims the key (one atomic
 * upsert) before sending, so two runs at once never both send: the second is refused while the
 * first sends (it throws, and its job retries later, when the e-mail is sent or its claim given
 * back) and finds the e-mail sent afterwards. A failed send gives the claim back, so a retry
 * sends; a crash mid-send leaves it until it lapses (CLAIM_MS), then a retry sends again, with
 * the same Message-ID, which mail programs show once.
 */
export function sendMailOnce(
  db: Db,
  mailer: Mailer,
  mail: Mail & { idempotencyKey: string },
  now = new Date(),
): Promise<boolean> {
  return composeAndSendOnce(db, mailer, mail.idempotencyKey, () => Promise.resolve(mail), now);
}

/**
 * sendMailOnce for an e-mail composed only once its key is claimed: one that carries a secret
 * made for it (a link's token), which a run refused the key must never make. `compose` answers
 * null when there is nothing to send after all (the claim is given back).
 */
export async function composeAndSendOnce(
  db: Db,
  mailer: Mailer,
  key: string,
  compose: () => Promise<Mail | null>,
  now = new Date(),
): Promise<boolean> {
  if (await wasSent(db, key)) return false;
  const [claimed] = await db
    .insert(emailDeliveries)
    .values({ idempotencyKey: claimKey(key), sentAt: now })
    .onConflictDoUpdate({
      target: emailDeliveries.idempotencyKey,
      set: { sentAt: now },
      where: lt(emailDeliveries.sentAt, new Date(now.getTime() - CLAIM_MS)),
    })
    .returning({ key: emailDeliveries.idempotencyKey });
  if (!claimed) throw new Error("Este e-mail já está sendo enviado por outra execução; a tarefa tenta de novo depois.");
  // Ours only: a claim taken over after ours lapsed is left to its run.
  const ours = and(eq(emailDeliveries.idempotencyKey, claimKey(key)), eq(emailDeliveries.sentAt, now));
  try {
    // A run that finished between our check and our claim has recorded the e-mail by now.
    const mail = (await wasSent(db, key)) ? null : await compose();
    if (!mail) {
      await db.delete(emailDeliveries).where(ours);
      return false;
    }
    await mailer.send({ ...mail, idempotencyKey: key });
  } catch (error) {
    await db.delete(emailDeliveries).where(ours);
    throw error;
  }
  await db.transaction(async (tx) => {
    await tx.insert(emailDeliveries).values({ idempotencyKey: key }).onConflictDoNothing();
    await tx.delete(emailDeliveries).where(ours);
  });
  return true;
}

/** Whether the e-mail with this idempotency key already went out. */
async function wasSent(db: Db, idempotencyKey: string): Promise<boolean> {
  const [sent] = await db
    .select({ key: emailDeliveries.idempotencyKey })
    .from(emailDeliveries)
    .where(eq(emailDeliveries.idempotencyKey, idempotencyKey))
    .limit(1);
  return Boolean(sent);
}
