import { count, sql } from "drizzle-orm";
import type { Db } from "./client.server";
import { createPet, createUser, type NewPet } from "./factories.server";
import { users } from "./schema";

/** The demo caretaker; the README gives this login. */
export const DEMO_CARETAKER = {
  email: "ong@adopet.example",
  senha: "Adote@2022",
  nome: "ONG Amigos de Quatro Patas",
  telefone: "21 98765-4321",
  cidade: "Rio de Janeiro",
  uf: "RJ",
  perfilSobre: "Resgatamos, cuidamos e encontramos lares para cães e gatos da Baixada e do Rio.",
} as const;

type DemoPet = Omit<NewPet, "caretakerId" | "photos">;

/** The product's sample list (spec/texts.md), in the feed's order. */
export const DEMO_PETS: readonly DemoPet[] = [
  {
    nome: "Dunga",
    especie: "cao",
    idade: 2,
    idade__unidade: "anos",
    porte: "pequeno",
    perfil: "Calmo e educado",
    cidade: "Rio de Janeiro",
    uf: "RJ",
  },
  {
    nome: "Felícia",
    especie: "gato",
    idade: 3,
    idade__unidade: "meses",
    porte: "pequeno",
    perfil: "Ativa e carinhosa",
    cidade: "Nova Iguaçu",
    uf: "RJ",
  },
  {
    nome: "Sirius",
    especie: "cao",
    idade: 6,
    idade__unidade: "meses",
    porte: "grande",
    perfil: "Ativo e educado",
    cidade: "Duque de Caxias",
    uf: "RJ",
  },
  {
    nome: "Fiona",
    especie: "gato",
    idade: 3,
    idade__unidade: "anos",
    porte: "pequeno",
    perfil: "Calma e carinhosa",
    cidade: "São Gonçalo",
    uf: "RJ",
  },
  {
    nome: "Sid",
    especie: "cao",
    idade: 8,
    idade__unidade: "meses",
    porte: "medio_grande",
    perfil: "Brincalhão e amável",
    cidade: "Rio de Janeiro",
    uf: "RJ",
  },
  {
    nome: "Yoda",
    especie: "gato",
    idade: 1,
    idade__unidade: "anos",
    porte: "medio",
    perfil: "Ativo e carinhoso",
    cidade: "Nova Iguaçu",
    uf: "RJ",
  },
  {
    nome: "Lua",
    especie: "cao",
    idade: 6,
    idade__unidade: "meses",
    porte: "medio",
    perfil: "Ativa e carinhosa",
    cidade: "Duque de Caxias",
    uf: "RJ",
  },
  {
    nome: "Amora",
    especie: "cao",
    idade: 45,
    idade__unidade: "dias",
    porte: "grande",
    perfil: "Calma e carinhosa",
    cidade: "São Gonçalo",
    uf: "RJ",
  },
  {
    nome: "Zelda",
    especie: "gato",
    idade: 5,
    idade__unidade: "meses",
    porte: "medio",
    perfil: "Ativa e amável",
    cidade: "Rio de Janeiro",
    uf: "RJ",
  },
];

// Shared by every app server: two starting at once seed once.
const SEED_LOCK_KEY = 7_361_843;

/**
 * Loads the demo caretaker and pets into a database that has no accounts yet.
 * Returns false (and writes nothing) when the database already has data.
 */
export async function seedDemoData(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [row] = await tx.select({ total: count() }).from(users);
    if ((row?.total ?? 0) > 0) return false;
    const txDb = tx as unknown as Db;
    const caretaker = await createUser(txDb, DEMO_CARETAKER);
    // Newest first in the feed: the first demo pet gets the latest date.
    const now = Date.now();
    for (const [index, pet] of DEMO_PETS.entries()) {
      await createPet(txDb, { ...pet, caretakerId: caretaker.id, createdAt: new Date(now - index * 60_000) });
    }
    return true;
  });
}
