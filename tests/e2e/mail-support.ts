import fs from "node:fs";
import path from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";
import { expect } from "./support";

/** Set by playwright.config.ts for the run; its mail server writes here. */
const MAIL_DIR = path.join(process.env.ADOPET_E2E_DIR!, "mail");

/**
 * Each message file, parsed once: a file is whole when seen (it is renamed into place) and never
 * changes, and a poll would otherwise parse every message of the run again, each time.
 */
const parsed = new Map<string, Promise<ParsedMail>>();

/** The e-mails the app sent to `to` so far (tests/support/mail-catcher.ts keeps them), oldest first. */
async function mailTo(to: string): Promise<ParsedMail[]> {
  const files = fs.existsSync(MAIL_DIR)
    ? fs
        .readdirSync(MAIL_DIR)
        // A name starting with a dot is a message still being written (it is renamed when whole).
        .filter((name) => name.endsWith(".eml") && !name.startsWith("."))
        .sort()
    : [];
  const messages = await Promise.all(
    files.map((name) => {
      let message = parsed.get(name);
      if (!message) {
        message = simpleParser(fs.readFileSync(path.join(MAIL_DIR, name)));
        parsed.set(name, message);
      }
      return message;
    }),
  );
  return messages.filter((message) => JSON.stringify(message.to).includes(to));
}

/** Waits for the first e-mail to `to` whose subject matches. */
export async function waitForMail(to: string, subject: RegExp): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailTo(to)).find((message) => subject.test(message.subject ?? ""));
        return Boolean(found);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return found!;
}
