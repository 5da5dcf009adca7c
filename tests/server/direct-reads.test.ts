import { beforeAll, describe, expect, it } from "vitest";
import { answerOf, expectSameAnswers, offAndOn, ranTuned, type Answer } from "../support/off-and-on";

// The API's public reads are answered by their loaders, past React Router's request handling
// (server/tuning/direct-reads.ts). Their answers must be React Router's (status, headers, body):
// the same database is served once with RUNTIME_TUNING=off and once with it on, and each answer
// compared.
async function answersOf(baseUrl: string, paths: string[]): Promise<Answer[]> {
  const answers: Answer[] = [];
  // A cookie of the app's: the response cache leaves the request to the server.
  for (const path of paths)
    answers.push(await answerOf(await fetch(`${baseUrl}/adopet${path}`, { headers: { cookie: "adopet_teste=1" } })));
  return answers;
}

describe("the API's public reads answered by their loaders", () => {
  let paths: string[] | undefined;
  let plain: Answer[];
  let tuned: Answer[];
  let tunedOutput: string;

  /** The paths, from the first server's feed: the same for both. */
  async function pathsFrom(server: { baseUrl: string }): Promise<string[]> {
    const feed = (await (await fetch(`${server.baseUrl}/adopet/api/pets`)).json()) as {
      pets: { id: string; cidade_ibge: number | null }[];
    };
    const pet = feed.pets[0]!;
    const city = feed.pets.find((candidate) => candidate.cidade_ibge)!.cidade_ibge;
    return [
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
  }

  beforeAll(async () => {
    ({ plain, tuned, tunedOutput } = await offAndOn(async (server) =>
      answersOf(server.baseUrl, (paths ??= await pathsFrom(server))),
    ));
  }, 120_000);

  it("runs with the trick on, the build and React Router having the shape it relies on", () => {
    expect(ranTuned(tunedOutput)).toBe(true);
  });

  it("gives every answer React Router gives: status, headers and body", () => {
    expect(plain[0]!.status).toBe(200);
    expect(plain[6]!.status).toBe(400);
    expect(plain[8]!.status).toBe(200);
    expect([plain[10]!.status, plain[11]!.status]).toEqual([404, 404]);
    expectSameAnswers(paths!, plain, tuned);
  });

  it("answered the reads itself: a small refusal goes uncompressed, which React Router's stream cannot", () => {
    for (const index of [6, 10, 11]) {
      expect({ path: paths![index], plain: plain[index]!.encoding, tuned: tuned[index]!.encoding }).toEqual({
        path: paths![index],
        plain: "gzip",
        tuned: null,
      });
    }
  });
});
