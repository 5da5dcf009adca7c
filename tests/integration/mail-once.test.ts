import { simpleParser } from "mailparser";
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../support/factories";
import { emailDeliveries, passwordResets } from "~/db/schema";
import { sendPasswordReset } from "~/domain/accounts/password-reset.server";
import { createMailer, sendMailOnce } from "~/services/mail.server";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { startSmtpPeer, type SmtpPeer } from "../support/smtp-peer";

/**
 * An e-mail sent once even when two runs of its job overlap (issue 41): a run claims the
 * e-mail's key before sending, so a second run started while the first is still sending sends
 * nothing; a failed send gives the claim back, so a retry sends. The overlap is forced: a real
 * SMTP peer holds the first message until the second run has had its turn.
 */
const FROM = "Adopet <nao-responda@adopet.example>";
let database: TestDatabase;
let peer: SmtpPeer;
/** What the peer does with the next message: held until the test says. */
const verdicts: { arrived: () => void; verdict: Promise<"accept" | "refuse"> }[] = [];
let arrivals = 0;

/** The next message the peer receives waits for `release`; `arrived` resolves once it is there. */
function holdNext() {
  let arrived!: () => void;
  let decide!: (verdict: "accept" | "refuse") => void;
  const reached = new Promise<void>((resolve) => (arrived = resolve));
  verdicts.push({ arrived, verdict: new Promise((resolve) => (decide = resolve)) });
  return { reached, release: decide };
}

beforeAll(async () => {
  database = await createTestDatabase();
  peer = await startSmtpPeer({
    decide: (): Promise<"accept" | "refuse"> => {
      arrivals += 1;
      const held = verdicts.shift();
      if (!held) return Promise.resolve("accept");
      held.arrived();
      return held.verdict;
    },
  });
});
afterAll(async () => {
  await peer?.close();
  await database?.destroy();
});

describe("an e-mail sent once", () => {
  it("two runs of the password-reset job at once send one e-mail, whose link works", async () => {
    const user = await createUser(database.db, { email: "duas.vezes@exemplo.com" });
    const [reset] = await database.db
      .insert(passwordResets)
      .values({ userId: user.id, expiresAt: new Date(Date.now() + 3_600_000) })
      .returning({ id: passwordResets.id });
    const mailer = createMailer({ smtpUrl: peer.url, from: FROM });
    const before = peer.received.length;
    const held = holdNext();
    const first = sendPasswordReset(database.db, mailer, reset!.id, "https://adote.exemplo.org");
    // The first run's e-mail is at the mail server, not yet accepted: the second run starts now.
    await held.reached;
    const second = await sendPasswordReset(database.db, mailer, reset!.id, "https://adote.exemplo.org").then(
      () => "sent or skipped",
      (error: Error) => error.message,
    );
    held.release("accept");
    await first;
    const mails = peer.received.slice(before).filter((mail) => mail.to.includes("duas.vezes@exemplo.com"));
    expect(mails).toHaveLength(1);
    expect(second).toBe("Este e-mail já está sendo enviado por outra execução; a tarefa tenta de novo depois.");
    // The link e-mailed is the one kept (the refused run made no token of its own).
    const { text } = await simpleParser(mails[0]!.data);
    const token = /senha\/nova\?token=([A-Za-z0-9_-]+)/.exec(text ?? "")?.[1];
    expect(token).toBeDefined();
    const [row] = await database.db
      .select({ tokenHash: passwordResets.tokenHash })
      .from(passwordResets)
      .where(eq(passwordResets.id, reset!.id));
    expect(row!.tokenHash).toBe(createHash("sha256").update(token!).digest("hex"));
    // A run afterwards finds it sent.
    await sendPasswordReset(database.db, mailer, reset!.id, "https://adote.exemplo.org");
    expect(peer.received.slice(before)).toHaveLength(1);
  });

  it("two sends of one key at once: one e-mail; a refused send gives the key back and a retry sends", async () => {
    const mailer = createMailer({ smtpUrl: peer.url, from: FROM });
    const mail = {
      to: "aviso@exemplo.com",
      subject: "Aviso",
      text: "Olá",
      idempotencyKey: "teste.uma-vez",
    };
    const before = peer.received.length;
    const startedArrivals = arrivals;

    // The mail server refuses the first attempt, after the second run has been turned away.
    const refused = holdNext();
    const first = sendMailOnce(database.db, mailer, mail).then(
      () => "sent",
      () => "failed",
    );
    await refused.reached;
    await expect(sendMailOnce(database.db, mailer, mail)).rejects.toThrow(/já está sendo enviado/);
    refused.release("refuse");
    expect(await first).toBe("failed");
    expect(peer.received.slice(before)).toHaveLength(0);
    // The claim was given back: the retry sends it, and only then is the key recorded.
    expect(await sendMailOnce(database.db, mailer, mail)).toBe(true);
    expect(await sendMailOnce(database.db, mailer, mail)).toBe(false);
    expect(peer.received.slice(before)).toHaveLength(1);
    expect(arrivals - startedArrivals).toBe(2);
    const keys = await database.db.select({ key: emailDeliveries.idempotencyKey }).from(emailDeliveries);
    expect(keys.map((row) => row.key)).toContain("teste.uma-vez");
    expect(keys.map((row) => row.key)).not.toContain("envio:teste.uma-vez");
  });
});
