import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADOPTER, DEMO_CARETAKER } from "~/demo/seed.server";
import { ANSWERS } from "../support/adoptions";
import { answerOf, expectSameAnswers, offAndOn, ranTuned, type Answer } from "../support/off-and-on";
import type { RunningServer } from "../support/server-process";

// The API's busiest write (an adoption application) is answered by its action, past React
// Router's request handling (server/tuning/direct-writes.ts). Its answers must be React
// Router's (status, headers, body) in every outcome: the same database is served once with
// RUNTIME_TUNING=off (every request through React Router) and once with it on, each time with
// a pet of its own, and each answer compared with the ids in them set aside.

type Attempt = {
  what: string;
  who: "adotante" | "responsavel" | "visitante";
  path: (pet: string) => string;
  body: string;
  type?: string;
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
    answers.push(await answerOf(response));
  }
  // The ids each run made its own: the pet's, and its application's.
  const created = (JSON.parse(answers[8]!.body) as { id: string }).id;
  return answers.map((answer) =>
    JSON.parse(JSON.stringify(answer).replaceAll(pet, "<pet>").replaceAll(created, "<candidatura>")),
  );
}

describe("the API's busiest write answered by its action", () => {
  let plain: Answer[];
  let tuned: Answer[];
  let tunedOutput: string;

  /** Two available pets of the demo caretaker the demo adopter has not applied for: one for each run. */
  async function petsFrom(server: RunningServer): Promise<[string, string]> {
    const session = await fetch(`${server.baseUrl}/adopet/api/session`, {
      headers: { cookie: await login(server, DEMO_CARETAKER) },
    });
    const caretakerId = ((await session.json()) as { id: string }).id;
    const feed = (await (await fetch(`${server.baseUrl}/adopet/api/pets?limit=50`)).json()) as {
      pets: { id: string; status: string; responsavel: { id: string } }[];
    };
    const sent = await fetch(`${server.baseUrl}/adopet/api/candidaturas`, {
      headers: { cookie: await login(server, DEMO_ADOPTER) },
    });
    const applied = new Set(
      ((await sent.json()) as { enviadas: { pet: { id: string } }[] }).enviadas.map((a) => a.pet.id),
    );
    const [first, second] = feed.pets.filter(
      (pet) => pet.responsavel.id === caretakerId && pet.status === "disponivel" && !applied.has(pet.id),
    );
    return [first!.id, second!.id];
  }

  beforeAll(async () => {
    let pets: [string, string] | undefined;
    ({ plain, tuned, tunedOutput } = await offAndOn(async (server, tuning) => {
      pets ??= await petsFrom(server);
      return answersOf(server, tuning === "off" ? pets[0] : pets[1]);
    }));
  }, 120_000);

  it("runs with the trick on, the build and React Router having the shape it relies on", () => {
    expect(ranTuned(tunedOutput)).toBe(true);
  });

  it("gives every answer React Router gives: status, headers and body", () => {
    expect(plain.map((answer) => answer.status)).toEqual([401, 404, 404, 415, 400, 400, 413, 403, 201, 409]);
    expect(plain[8]!.headers.location).toBe("/adopet/api/candidaturas/<candidatura>");
    expectSameAnswers(
      ATTEMPTS.map((attempt) => attempt.what),
      plain,
      tuned,
    );
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
