import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { expect, type APIRequestContext } from "@playwright/test";
import { confirmEmailThroughLink, SENHA } from "./accounts-support";

export async function photo(color = "#c98b4f") {
  const buffer = await sharp({ create: { width: 500, height: 500, channels: 3, background: color } })
    .png()
    .toBuffer();
  return { name: "foto.png", mimeType: "image/png", buffer };
}

const DEMO_CITIES = new Set([
  "Rio de Janeiro",
  "Nova Iguaçu",
  "Duque de Caxias",
  "São Gonçalo",
  "Niterói",
  "Maricá",
  "Petrópolis",
]);

/** Brazilian cities whose name no other state's city has (IBGE, vendor/municipios-brasileiros). */
const SOLE_NAMES: { cidade: string; uf: string }[] = (() => {
  const dir = path.resolve(import.meta.dirname, "../../vendor/municipios-brasileiros");
  const lines = (file: string) =>
    fs
      .readFileSync(path.join(dir, file), "utf8")
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\n")
      .slice(1);
  const ufs = new Map(lines("estados.csv").map((line) => line.split(",") as [string, string]));
  const all = lines("municipios.csv").map((line) => {
    const [, nome, , , , codigoUf] = line.split(",");
    return { cidade: nome!, uf: ufs.get(codigoUf!)! };
  });
  const count = new Map<string, number>();
  for (const { cidade } of all) count.set(cidade, (count.get(cidade) ?? 0) + 1);
  return all.filter(({ cidade }) => count.get(cidade) === 1 && !DEMO_CITIES.has(cidade));
})();

const [ACCENTED, PLAIN] = [
  SOLE_NAMES.filter(({ cidade }) => cidade.normalize("NFD") !== cidade),
  SOLE_NAMES.filter(({ cidade }) => cidade.normalize("NFD") === cidade),
];
/** How many cities one worker process may take before reaching the next worker's share. */
const SHARE = 100;
let taken = 0;

/**
 * A real city no other test of the run has, so a feed filtered by it shows only this test's pets:
 * each worker process (TEST_WORKER_INDEX, new after a failure) takes the next of its own share.
 * Two picks at random among thousands met once in a run. `accented`: one with an accent.
 */
export function uniqueCity({ accented = false } = {}): { cidade: string; uf: string } {
  const pool = accented ? ACCENTED : PLAIN;
  const worker = Number(process.env.TEST_WORKER_INDEX ?? 0);
  // Both pools count from the same `taken`, so no index is reused by either.
  return pool[(worker * SHARE + taken++) % pool.length]!;
}

/** Signs the request context in as a new caretaker (the context keeps the cookie). */
export async function newCaretaker(request: APIRequestContext, nome = "Protetora Teste") {
  const email = `cuidadora-${randomUUID().slice(0, 8)}@exemplo.com`;
  expect((await request.post("/adopet/api/users", { data: { email, nome, senha: SENHA } })).status()).toBe(201);
  // Publishing waits for the e-mail's confirmation (issue 41).
  await confirmEmailThroughLink(request, email);
  expect((await request.post("/adopet/api/session", { data: { email, senha: SENHA } })).status()).toBe(200);
  return { email, nome };
}

export async function publishPet(request: APIRequestContext, fields: Record<string, string>) {
  const response = await request.post("/adopet/api/pets", {
    multipart: {
      nome: "Thor",
      especie: "cao",
      idade: "2",
      idade__unidade: "anos",
      porte: "medio",
      perfil: "Carinhoso",
      cidade: "Niterói",
      uf: "RJ",
      status: "disponivel",
      sexo: "macho",
      ...fields,
      fotos: await photo(),
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: string; nome: string; responsavel: { id: string } };
}

/** A message to `pet`'s caretaker through the API, from whoever `request` is signed in as. */
export async function sendMessage(request: APIRequestContext, pet: { id: string; nome: string }, texto: string) {
  const response = await request.post("/adopet/api/messages", {
    data: {
      petId: pet.id,
      nome: "Carla Souza",
      telefone: "21 98888-7777",
      nome__animal: pet.nome,
      contato__texto: texto,
    },
  });
  expect(response.status()).toBe(201);
}
