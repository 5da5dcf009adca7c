import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPet, createUser } from "../support/factories";
import { Client, startAppWithMail, type TestApp } from "../support/app";
import type { SmtpPeer } from "../support/smtp-peer";

/**
 * Headers any client can write (Host, X-Forwarded-Host, X-Forwarded-For, Origin) shape
 * nothing the app writes for someone else: absolute URLs come from PUBLIC_URL alone.
 */
let app: TestApp;
let smtp: SmtpPeer;
let petId: string;

const PUBLIC_URL = "https://adote.exemplo.org";
const FORGED = { Host: "evil.example", "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "http" };

beforeAll(async () => {
  ({ app, smtp } = await startAppWithMail({ PUBLIC_URL }));
  const caretaker = await createUser(app.db, { email: "cuida@exemplo.com", nome: "Cuidadora" });
  petId = await createPet(app.db, { caretakerId: caretaker.id, nome: "Farofa" });
});
afterAll(() => app.close());

/** A request with headers fetch would not let us forge (Host). */
function rawRequest(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${app.baseUrl}${path}`, { method, headers }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, text }));
    });
    request.on("error", reject);
    request.end(body);
  });
}

const absoluteUrls = (html: string) =>
  [...html.matchAll(/(?:href|content)="(https?:\/\/[^"]+)"/g)].map((match) => match[1]!);

describe("absolute URLs", () => {
  it("in the caretaker's e-mail come from PUBLIC_URL, whatever Host the sender forged", async () => {
    const response = await rawRequest(
      "POST",
      "/api/messages",
      { ...FORGED, "Content-Type": "application/json" },
      JSON.stringify({
        petId,
        nome: "Joana Silva",
        telefone: "21 98888-7777",
        nome__animal: "Farofa",
        contato__texto: "Posso visitar?",
      }),
    );
    expect(response.status).toBe(201);
    await expect.poll(() => smtp.received.length, { timeout: 20_000 }).toBeGreaterThan(0);
    const mail = smtp.received.at(-1)!.data;
    expect(mail).toContain(`${PUBLIC_URL}/adopet/mensagens`);
    expect(mail).not.toContain("evil.example");
  });

  it("of a cached pet page come from PUBLIC_URL: forged Hosts neither shape it nor reach the next visitors", async () => {
    const path = `/pets/${petId}`;
    for (let time = 0; time < 3; time += 1) {
      const forged = await rawRequest("GET", path, FORGED);
      expect(forged.status).toBe(200);
      expect(forged.text).not.toContain("evil.example");
    }
    const visitor = await new Client(app.baseUrl).get(path);
    expect(visitor.headers.get("x-cache")).toBe("HIT");
    const urls = absoluteUrls(visitor.text);
    expect(urls).toContain(`${PUBLIC_URL}/adopet/pets/${petId}`);
    expect(urls.length).toBeGreaterThanOrEqual(3); // canonical, og:url, og:image
    for (const url of urls) {
      // The share link goes to WhatsApp, carrying the page's address, which is ours too.
      const ours = url.startsWith("https://wa.me/") ? decodeURIComponent(url).split(" ").at(-1)! : url;
      expect(ours.startsWith(`${PUBLIC_URL}/`), url).toBe(true);
    }
  });
});

describe("the same-origin check", () => {
  it("compares the whole origin: another scheme on the same host and port is another site", async () => {
    const host = new URL(app.baseUrl).host;
    const client = new Client(app.baseUrl);
    const otherScheme = await client.post(
      "/api/session",
      { email: "a@b.com", senha: "x" },
      { "Content-Type": "application/json", Origin: `https://${host}` },
    );
    expect(otherScheme.status).toBe(403);
    const same = await client.post(
      "/api/session",
      { email: "a@b.com", senha: "Abc@123" },
      { "Content-Type": "application/json", Origin: `http://${host}` },
    );
    expect(same.status).toBe(400);
  });
});
