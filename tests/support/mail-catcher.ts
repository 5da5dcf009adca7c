import fs from "node:fs";
import path from "node:path";
import { startSmtpPeer } from "./smtp-peer";

/**
 * The end-to-end suite's mail server (a webServer of playwright.config.ts): every message the
 * app sends is written to MAIL_DIR as a file, for tests to read (tests/e2e/mail-support.ts).
 */
const port = Number(process.env.SMTP_PORT);
const dir = process.env.MAIL_DIR!;
fs.mkdirSync(dir, { recursive: true });
let count = 0;
await startSmtpPeer({
  port,
  onMessage: ({ data }) => {
    count += 1;
    // Written whole, then renamed: a reader never sees half a message.
    const name = `${Date.now()}-${String(count).padStart(5, "0")}.eml`;
    fs.writeFileSync(path.join(dir, `.${name}`), data);
    fs.renameSync(path.join(dir, `.${name}`), path.join(dir, name));
  },
});
