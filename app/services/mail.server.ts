import type { Transporter } from "nodemailer";
import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { emailDeliveries } from "~/db/schema";
import { forLog, logger } from "~/services/log.server";

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
        messageId: mail.idempotencyKey ? `<${mail.idempotencyKey}@${domain}>` : undefined,
      });
    },
  };
}

/**
 * Sends `mail` unless an e-mail with its key already went out. The key is recorded once the
 * mail server has accepted it; a crash between the two sends it again, with the same
 * Message-ID, which mail programs show once.
 */
export async function sendMailOnce(db: Db, mailer: Mailer, mail: Mail & { idempotencyKey: string }): Promise<boolean> {
  if (await wasSent(db, mail.idempotencyKey)) return false;
  await mailer.send(mail);
  await db.insert(emailDeliveries).values({ idempotencyKey: mail.idempotencyKey }).onConflictDoNothing();
  return true;
}

/** Whether the e-mail with this idempotency key already went out. */
export async function wasSent(db: Db, idempotencyKey: string): Promise<boolean> {
  const [sent] = await db
    .select({ key: emailDeliveries.idempotencyKey })
    .from(emailDeliveries)
    .where(eq(emailDeliveries.idempotencyKey, idempotencyKey))
    .limit(1);
  return Boolean(sent);
}
