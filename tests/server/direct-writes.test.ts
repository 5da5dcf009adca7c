import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADOPTER, DEMO_CARETAKER } from "~/demo/seed.server";
import { startServer, type RunningServer } from "../support/server-process";

// The API's busiest write (an adoption application) is answered by its action, past React
// Router's request handling (server/tuning/direct-writes.ts). Its answers must be React
// Router's (status, headers, body) in every outcome: the same database is served once with
// RUNTIME_TUNING=off (every request through React Router) and once with it on, each time with
// a pet of its own, and each answer compared with the ids in them set aside.
type Answer = { status: number; headers: Record<string, string>; body: string; encoding: string | null };

// Headers of one response only (its time, id and nonce), and whether it was compressed (the
// body is compared decoded): React Router streams its answer, so compression cannot see that
// a refusal is under its threshold, and compresses it all the same.
const OWN_HEADERS = new Set(["date", "x-request-id", "content-security-policy", "content-encoding"]);

type Attempt = {
  what: string;
  who: "adotante" | "responsavel" | "visitante";
  path: (pet: string) => string;
  body: string;
  type?: string;
};

const ANSWERS = {
  moradia: "Casa",
  imovel: "Próprio",
  permite_animais: true,
  telas: true,
  moradores: "Eu e minha esposa.",
  outros_animais: "Uma gata castrada e vacinada.",
  animais_antes: "Sim, um cão que viveu 15 anos.",
  horas_sozinho: "Quatro horas",
  viagens: "Minha mãe",
  motivo: "Queremos dar um lar a um cão.",
  acompanhamento: true,
};
const valid = JSON.stringify({ respostas: ANSWERS });
const submit = (pet: string) => `/api/pets/${pet}/candidaturas`;

const ATTEMPTS: Attempt[] = [
  { what: "without a session", who: "visitante", path: submit, body: valid },
  { what: "a pet that is no id", who: "adotante", path: () => submit("nao-e-um-id"), body: valid },
  {
    what: "a pet that does not exist",
    who: "adotante",
    path: () => submit("00000000-0000-4000-8000-000000000000"),
    body: valid,
  },
  { what: "not JSON", who: "adotante", path: submit, body: valid, type: "text/plain" },
  { what: "malformed JSON", who: "adotante", path: submit, body: "{" },
  { what: "answers missing", who: "adotante", path: submit, body: JSON.stringify({ respostas: {} }) },
  { what: "a body too large", who: "adotante", path: submit, body: JSON.stringify({ x: "a".repeat(20_000) }) },
  { what: "the caretaker's own pet", who: "responsavel", path: submit, body: valid },
  { what: "an application", who: "adotante", path: submit, body: valid },
  { what: "a second one", who: "adotante", path: submit, body: valid },
];

async function login(server: RunningServer, account: { email: string; senha: string }) {
  const response = await fetch(`${server.baseUrl}/adopet/api/session`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: account.email, senha: account.senha }),
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

async function answersOf(server: RunningServer, pet: string): Promise<Answer[]> {
  const cookies = {
    adotante: await login(server, DEMO_ADOPTER),
    responsavel: await login(server, DEMO_CARETAKER),
    visitante: "",
  };
  const answers: Answer[] = [];
  for (const attempt of ATTEMPTS) {
    const response = await fetch(`${server.baseUrl}/adopet${attempt.path(pet)}`, {
      method: "POST",
      headers: { "content-type": attempt.type ?? "application/json", cookie: cookies[attempt.who] },
      body: attempt.body,
    });
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (!OWN_HEADERS.has(name)) headers[name] = value;
    });
    const encoding = response.headers.get("content-encoding");
    answers.push({ status: response.status, headers, body: await response.text(), encoding });
  }
  // The ids each run made its own: the pet's, and its application's.
  const created = (JSON.parse(answers[8]!.body) as { id: string }).id;
  return answers.map((answer) =>
    JSON.parse(JSON.stringify(answer).replaceAll(pet, "<pet>").replaceAll(created, "<candidatura>")),
  );
}

async function stop(server: RunningServer) {
  server.child.kill("SIGTERM");
  await server.exited;
}

describe("the API's busiest write answered by its action", () => {
  let tempDir: string;
  let plain: Answer[];
  let tuned: Answer[];
  let tunedOutput: string;

  beforeAll(async () => {
    tempDir = fs.mkdtempSync(path.join(os.tmpdir(), "adopet-direct-writes-"));
    const env = { DATA_DIR: path.join(tempDir, "data"), DEMO_DATA: "true", REQUEST_LOG: "off" };
    const first = await startServer({ ...env, RUNTIME_TUNING: "off" });
    // Two available pets of the demo caretaker: one for each run.
    const session = await fetch(`${first.baseUrl}/adopet/api/session`, {
      headers: { cookie: await login(first, DEMO_CARETAKER) },
    });
    const caretakerId = ((await session.json()) as { id: string }).id;
    const feed = (await (await fetch(`${first.baseUrl}/adopet/api/pets?limit=50`)).json()) as {
      pets: { id: string; status: string; responsavel: { id: string } }[];
    };
    // Not ones the demo adopter applied for already.
    const sent = await fetch(`${first.baseUrl}/adopet/api/candidaturas`, {
      headers: { cookie: await login(first, DEMO_ADOPTER) },
    });
    const applied = new Set(
      ((await sent.json()) as { enviadas: { pet: { id: string } }[] }).enviadas.map((a) => a.pet.id),
    );
    const [forPlain, forTuned] = feed.pets.filter(
      (pet) => pet.responsavel.id === caretakerId && pet.status === "disponivel" && !applied.has(pet.id),
    );
    plain = await answersOf(first, forPlain!.id);
    await stop(first);
    const second = await startServer({ ...env, RUNTIME_TUNING: "on" });
    tuned = await answersOf(second, forTuned!.id);
    tunedOutput = second.output();
    await stop(second);
  }, 120_000);

  afterAll(() => fs.rmSync(tempDir, { recursive: true, force: true }));

  it("runs with the trick on, the build and React Router having the shape it relies on", () => {
    expect(tunedOutput).not.toContain("RUNTIME_TUNING=off");
    expect(tunedOutput).not.toContain("desligado");
  });

  it("gives every answer React Router gives: status, headers and body", () => {
    expect(plain.map((answer) => answer.status)).toEqual([401, 404, 404, 415, 400, 400, 413, 403, 201, 409]);
    expect(plain[8]!.headers.location).toBe("/adopet/api/candidaturas/<candidatura>");
    for (const [index, attempt] of ATTEMPTS.entries()) {
      const { encoding: _plainEncoding, ...plainAnswer } = plain[index]!;
      const { encoding: _tunedEncoding, ...tunedAnswer } = tuned[index]!;
      expect({ what: attempt.what, ...tunedAnswer }).toEqual({ what: attempt.what, ...plainAnswer });
    }
  });

  it("answered them itself: a small answer goes uncompressed, which React Router's stream cannot", () => {
    for (const index of [0, 8, 9]) {
      const { what } = ATTEMPTS[index]!;
      expect({ what, plain: plain[index]!.encoding, tuned: tuned[index]!.encoding }).toEqual({
        what,
        plain: "gzip",
        tuned: null,
      });
    }
  });
});
