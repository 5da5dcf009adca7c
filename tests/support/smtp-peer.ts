import net from "node:net";
import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";

/**
 * A mail server on a free port that speaks just enough SMTP (RFC 5321, no extensions) to
 * accept what nodemailer sends, and keeps each message. `greetingDelayMs` makes every
 * delivery slow, as a distant mail server is. `decide`, given, is asked about each message
 * once its data has arrived and before the answer: the test holds the send as long as it
 * likes, then has it accepted (kept) or refused (554, not kept).
 */
export type SmtpPeer = {
  url: string;
  received: { to: string[]; data: string }[];
  /** Connections opened to it so far. */
  connections: () => number;
  close(): Promise<void>;
};

export async function startSmtpPeer({
  greetingDelayMs = 0,
  port = 0,
  onMessage,
  decide,
}: {
  greetingDelayMs?: number;
  /** A fixed port (a peer another process is told about); a free one by default. */
  port?: number;
  onMessage?: (message: { to: string[]; data: string }) => void;
  decide?: (message: { to: string[]; data: string }) => Promise<"accept" | "refuse">;
} = {}): Promise<SmtpPeer> {
  const received: SmtpPeer["received"] = [];
  const sockets = new Set<net.Socket>();
  let connections = 0;
  const server = net.createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
    socket.on("error", () => undefined);
    let buffer = "";
    let to: string[] = [];
    let inData = false;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end < 0) return;
          const message = { to, data: buffer.slice(0, end) };
          buffer = buffer.slice(end + 5);
          inData = false;
          to = [];
          const accept = () => {
            received.push(message);
            onMessage?.(message);
            reply("250 2.0.0 Aceita");
          };
          if (decide) {
            // nodemailer waits for this answer before its next command: nothing else arrives meanwhile.
            void decide(message).then((verdict) =>
              verdict === "accept" ? accept() : reply("554 5.0.0 Recusada pelo teste"),
            );
            return;
          }
          accept();
          continue;
        }
        const end = buffer.indexOf("\r\n");
        if (end < 0) return;
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO" || verb === "HELO") reply("250 smtp.teste");
        else if (verb === "RCPT") {
          to.push(/<([^>]*)>/.exec(line)?.[1] ?? "");
          reply("250 2.1.5 OK");
        } else if (verb === "DATA") {
          inData = true;
          reply("354 Pode enviar");
        } else if (verb === "QUIT") {
          reply("221 2.0.0 Tchau");
          socket.end();
        } else reply("250 2.0.0 OK"); // MAIL, RSET, NOOP
      }
    });
    setTimeout(() => reply("220 smtp.teste ESMTP"), greetingDelayMs);
  });
  server.listen(port, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return {
    url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    connections: () => connections,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * What reached `address` (the demo caretaker's, say) from the work under test. A server with the
 * demo data also sends mail of its own when its jobs start: the demo adopter's check-in, and past
 * 07:00 in Brasília each demo member's morning summary, which is left out here (its stop link
 * names it in a header, unencoded).
 */
export function receivedBy(peer: SmtpPeer, address: string): SmtpPeer["received"] {
  return peer.received.filter(
    (message) => message.to.includes(address) && !message.data.includes("/organizacoes/resumo-diario/cancelar?token="),
  );
}

/** The messages `peer` received for `to`, parsed (subject, text, html). */
export function mailsTo(peer: SmtpPeer, to: string): Promise<ParsedMail[]> {
  return Promise.all(
    peer.received.filter((message) => message.to.includes(to)).map((message) => simpleParser(message.data)),
  );
}
