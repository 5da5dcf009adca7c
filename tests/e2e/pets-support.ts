import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { expect, type APIRequestContext } from "@playwright/test";
import { SENHA } from "./accounts-support";

export async function photo(color = "#c98b4f") {
  const buffer = await sharp({ create: { width: 500, height: 500, channels: 3, background: color } })
    .png()
    .toBuffer();
  return { name: "foto.png", mimeType: "image/png", buffer };
}

/**
 * A city no other test uses, so a filtered feed shows only this test's pets: eight
 * letters, one per hex digit. (Turning only the digits into "x" left so few names that
 * two of a run's five cities were the same about once in twenty runs.)
 */
export function uniqueCity() {
  const letters = Array.from(randomUUID().replace(/-/g, "").slice(0, 8), (digit) =>
    String.fromCharCode(97 + parseInt(digit, 16)),
  );
  return `Cidade ${letters.join("")}`;
}

/** Signs the request context in as a new caretaker (the context keeps the cookie). */
export async function newCaretaker(request: APIRequestContext, nome = "Protetora Teste") {
  const email = `cuidadora-${randomUUID().slice(0, 8)}@exemplo.com`;
  expect((await request.post("/adopet/api/users", { data: { email, nome, senha: SENHA } })).status()).toBe(201);
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
  return (await response.json()) as { id: string; nome: string };
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
