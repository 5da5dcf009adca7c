import type { Transporter } from "nodemailer";

/**
 * Outgoing mail. With SMTP_URL set, mail goes through that server; without it,
 * each message is written to the log instead, so a fresh install works and an
 * operator can still see what would have been sent.
 */
export type Mail = { to: string; subject: string; text: string };
export type Mailer = { send(mail: Mail): Promise<void>; kind: "smtp" | "log" };

export function createMailer({
  smtpUrl,
  from,
  log = console.log,
}: {
  smtpUrl?: string;
  from: string;
  log?: (line: string) => void;
}): Mailer {
  if (!smtpUrl) {
    return {
      kind: "log",
      send: async (mail) => {
        log(
          `[email não enviado: SMTP_URL não configurado]\nPara: ${mail.to}\nAssunto: ${mail.subject}\n\n${mail.text}`,
        );
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
