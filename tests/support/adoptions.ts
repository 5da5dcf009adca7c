import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { adoptions } from "~/db/schema";
import { createPet } from "./factories";
import { addDays, dayInBrasilia } from "~/lib/dates";
import type { Client, TestApp } from "./app";

/** Answers to the default questionnaire (lib/applications DEFAULT_QUESTIONS). */
export const ANSWERS = {
  moradia: "Casa",
  imovel: "Próprio",
  permite_animais: true,
  telas: true,
  moradores: "Eu e minha esposa.",
  outros_animais: "Nenhum.",
  animais_antes: "Sim, um cão que viveu 15 anos.",
  horas_sozinho: "Quatro horas",
  viagens: "Minha mãe",
  motivo: "Queremos dar um lar.",
  acompanhamento: true,
};

type Party = { client: Client; id: string };

/**
 * An animal of `caretaker` adopted by `adopter` through the API: applied, approved, the termo
 * issued (castration due in `prazoDays` days) and signed by both.
 */
export async function adoptThroughTermo(
  app: TestApp,
  { caretaker, adopter, nome, prazoDays = 60 }: { caretaker: Party; adopter: Party; nome: string; prazoDays?: number },
) {
  const petId = await createPet(app.db, { caretakerId: caretaker.id, nome, castrado: "nao", sexo: "macho" });
  const applied = await adopter.client.post(`/api/pets/${petId}/candidaturas`, { respostas: ANSWERS });
  const id = applied.json.id as string;
  expect((await caretaker.client.patch(`/api/candidaturas/${id}`, { status: "aprovada" })).status).toBe(200);
  const prazo = addDays(dayInBrasilia(new Date()), prazoDays);
  expect((await caretaker.client.post(`/api/candidaturas/${id}/termo`, { prazo_castracao: prazo })).status).toBe(201);
  const signature = {
    nome_completo: "Ana Maria Souza",
    cpf: "529.982.247-25",
    endereco: "Rua das Laranjeiras, 120, Rio de Janeiro (RJ)",
    cep: "22240-003",
    concordo: true,
  };
  expect((await adopter.client.post(`/api/candidaturas/${id}/termo/assinaturas`, signature)).status).toBe(201);
  const done = await caretaker.client.post(`/api/candidaturas/${id}/termo/assinaturas`, {
    nome_completo: "Maria Patas Silva",
    concordo: true,
  });
  expect(done.status).toBe(201);
  const [adoption] = await app.db.select().from(adoptions).where(eq(adoptions.applicationId, id));
  return { id, petId, prazo, adoption: adoption! };
}
