import type { Transporter } from "nodemailer";
import { forLog, logger } from "./log.server";

/**
 * Outgoing mail. With SMTP_URL set, mail goes through that server; without it, the log
 * says that an e-mail was due and its subject, so a fresh install works and an operator
 * sees that mail is not configured. Never its recipient or its text: those are personal
 * data (an e-mail address, a phone, what someone wrote), which never reach a log.
 */
export type Mail = { to: string; subject: string; text: string };
export type Mailer = { send(mail: Mail): Promise<void>; kind: "smtp" | "log" };

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
  // nodemailer is loaded only where mail really goes out.
  let transport: Promise<Transporter> | undefined;
  return {
    kind: "smtp",
    send: async (mail) => {
      transport ??= import("nodemailer").then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl));
      await (await transport).sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}
