import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { createMailer } from "~/services/mail.server";
import { startSmtpPeer, type SmtpPeer } from "../support/smtp-peer";

/** The SMTP transport as configured: a pool of kept connections, and our timeouts (not nodemailer's minutes). */
let peer: SmtpPeer | undefined;
let silent: net.Server | undefined;
afterAll(async () => {
  await peer?.close();
  silent?.close();
});

describe("the mailer", () => {
  it("sends a burst of e-mails over kept connections, not one connection each", async () => {
    peer = await startSmtpPeer();
    const mailer = createMailer({ smtpUrl: peer.url, from: "Adopet <nao-responda@adopet.example>" });
    for (let index = 0; index < 6; index += 1) {
      await mailer.send({ to: `pessoa${index}@exemplo.com`, subject: `Aviso ${index}`, text: "Olá" });
    }
    expect(peer.received).toHaveLength(6);
    expect(peer.connections()).toBe(1);
  });

  it(
    "gives up on a mail server that never greets within its 10 s, not nodemailer's 30",
    { timeout: 30_000 },
    async () => {
      silent = net.createServer(() => undefined);
      silent.listen(0, "127.0.0.1");
      await new Promise((resolve) => silent!.once("listening", resolve));
      const url = `smtp://127.0.0.1:${(silent.address() as AddressInfo).port}`;
      const mailer = createMailer({ smtpUrl: url, from: "Adopet <nao-responda@adopet.example>" });
      const started = Date.now();
      await expect(mailer.send({ to: "pessoa@exemplo.com", subject: "Aviso", text: "Olá" })).rejects.toThrow(
        /greeting/i,
      );
      expect(Date.now() - started).toBeLessThan(15_000);
    },
  );
});
