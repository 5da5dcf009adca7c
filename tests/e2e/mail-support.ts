import fs from "node:fs";
import path from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";
import { expect } from "./support";

/** Set by playwright.config.ts for the run; its mail server writes here. */
const MAIL_DIR = path.join(process.env.ADOPET_E2E_DIR!, "mail");

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
    files.map(async (name) => simpleParser(fs.readFileSync(path.join(MAIL_DIR, name)))),
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
