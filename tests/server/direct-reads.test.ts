import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../support/server-process";

// The API's public reads are answered by their loaders, past React Router's request handling
// (server/tuning/direct-reads.ts). Their answers must be React Router's (status, headers, body): the
// same database is served once with RUNTIME_TUNING=off (every request through React Router)
// and once with it on, and each answer compared.
type Answer = { status: number; headers: Record<string, string>; body: string; encoding: string | null };

// Headers of one response only: its time, its id, its nonce. And whether it was compressed
// (the body is compared decoded): React Router streams its answer, so compression cannot see
// that a refusal of 200 bytes is under its threshold, and compresses it all the same. Which
// shows the answer came from the loader directly.
const OWN_HEADERS = new Set(["date", "x-request-id", "content-security-policy", "content-encoding"]);

async function answersOf(server: RunningServer, paths: string[]): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (const path of paths) {
    // A cookie of the app's: the response cache leaves the request to the server.
    const response = await fetch(`${server.baseUrl}/adopet${path}`, { headers: { cookie: "adopet_teste=1" } });
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (!OWN_HEADERS.has(name)) headers[name] = value;
    });
    const encoding = response.headers.get("content-encoding");
    answers.push({ status: response.status, headers, body: await response.text(), encoding });
  }
  return answers;
}

async function stop(server: RunningServer) {
  server.child.kill("SIGTERM");
  await server.exited;
}

describe("the API's public reads answered by their loaders", () => {
  let tempDir: string;
  let env: Record<string, string>;
  let paths: string[];
  let plain: Answer[];
  let tuned: Answer[];
  let tunedOutput: string;

  beforeAll(async () => {
    tempDir = fs.mkdtempSync(path.join(os.tmpdir(), "adopet-direct-"));
    env = { DATA_DIR: path.join(tempDir, "data"), DEMO_DATA: "true", REQUEST_LOG: "off" };
    const first = await startServer({ ...env, RUNTIME_TUNING: "off" });
    const feed = (await (await fetch(`${first.baseUrl}/adopet/api/pets`)).json()) as {
      pets: { id: string; cidade_ibge: number | null }[];
    };
    const pet = feed.pets[0]!;
    const city = feed.pets.find((candidate) => candidate.cidade_ibge)!.cidade_ibge;
    paths = [
      "/api/pets",
      "/api/pets/",
      "/api/pets?page=2&limit=3",
      "/api/pets?especie=gato&porte=pequeno",
      "/api/pets?q=brincalhao",
      `/api/pets?perto=${city}&raio=200`,
      // Refusals, in the API's words.
      "/api/pets?perto=9999999&raio=10",
      "/api/pets?page=abc&limit=-1&especie=<script>",
      `/api/pets/${pet.id}`,
      `/api/pets/${pet.id.toUpperCase()}`,
      "/api/pets/00000000-0000-4000-8000-000000000000",
      "/api/pets/nao-e-um-id",
      // Not theirs: escapes, other routes under the same path.
      `/api/pets/${pet.id}/questionario`,
      `/api/pets/%30${pet.id.slice(1)}`,
    ];
    plain = await answersOf(first, paths);
    await stop(first);
    const second = await startServer({ ...env, RUNTIME_TUNING: "on" });
    tuned = await answersOf(second, paths);
    tunedOutput = second.output();
    await stop(second);
  }, 120_000);

  afterAll(() => fs.rmSync(tempDir, { recursive: true, force: true }));

  it("runs with the trick on, the build and React Router having the shape it relies on", () => {
    expect(tunedOutput).not.toContain("RUNTIME_TUNING=off");
    expect(tunedOutput).not.toContain("desligado");
  });

  it("gives every answer React Router gives: status, headers and body", () => {
    expect(plain[0]!.status).toBe(200);
    expect(plain[6]!.status).toBe(400);
    expect(plain[8]!.status).toBe(200);
    expect([plain[10]!.status, plain[11]!.status]).toEqual([404, 404]);
    for (const [index, path] of paths.entries()) {
      const { encoding: _plainEncoding, ...plainAnswer } = plain[index]!;
      const { encoding: _tunedEncoding, ...tunedAnswer } = tuned[index]!;
      expect({ path, ...tunedAnswer }).toEqual({ path, ...plainAnswer });
    }
  });

  it("answered the reads itself: a small refusal goes uncompressed, which React Router's stream cannot", () => {
    for (const index of [6, 10, 11]) {
      expect({ path: paths[index], plain: plain[index]!.encoding, tuned: tuned[index]!.encoding }).toEqual({
        path: paths[index],
        plain: "gzip",
        tuned: null,
      });
    }
  });
});
