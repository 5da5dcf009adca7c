import { randomUUID } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { conversationMessages } from "~/db/schema";
import type { Db } from "~/db/client.server";
import pg from "pg";
import sharp from "sharp";
import { Client } from "./app";
import { openEventStream } from "./event-stream";

/**
 * Through a running app's API (`base` ends in /adopet) on the PostgreSQL database at
 * `databaseUrl`: a caretaker with a pet, an adopter who applied for it, and their conversation,
 * each side signed in on its own client. The caretaker's e-mail is confirmed in the database, as
 * its link would (publishing needs it).
 */
export async function conversationThrough(base: string, databaseUrl: string) {
  const account = async (nome: string) => {
    const client = new Client(base);
    const email = `${nome.toLowerCase()}-${randomUUID().slice(0, 8)}@exemplo.com`;
    await client.post("/api/users", { email, nome, senha: "Abc@123" });
    const session = await client.post("/api/session", { email, senha: "Abc@123" });
    if (session.status !== 200) throw new Error(`login de ${email}: ${session.status}`);
    return { client, email };
  };
  const { client: caretaker, email: caretakerEmail } = await account("Cuidadora");
  const { client: adopter } = await account("Adotante");
  const database = new pg.Client({ connectionString: databaseUrl });
  await database.connect();
  try {
    await database.query("update users set email_confirmed_at = now() where email = $1", [caretakerEmail]);
  } finally {
    await database.end();
  }
  const form = new FormData();
  const fields = { nome: "Faísca", especie: "gato", idade: "2", idade__unidade: "anos", porte: "pequeno" };
  for (const [name, value] of Object.entries({
    ...fields,
    perfil: "Dócil",
    cidade: "Niterói",
    uf: "RJ",
    sexo: "femea",
  })) {
    form.append(name, value);
  }
  form.append("status", "disponivel");
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#c98b4f" } })
    .png()
    .toBuffer();
  form.append("fotos", new Blob([new Uint8Array(png)], { type: "image/png" }), "faisca.png");
  const pet = await caretaker.post("/api/pets", form);
  if (pet.status !== 201) throw new Error(`publicar: ${pet.status} ${pet.text}`);
  const { perguntas } = (await adopter.get(`/api/pets/${pet.json.id as string}/questionario`)).json as {
    perguntas: { id: string; tipo: string; opcoes?: string[] }[];
  };
  const respostas = Object.fromEntries(
    perguntas.map((question) => [
      question.id,
      question.tipo === "sim_nao" ? true : question.opcoes ? question.opcoes[0]! : "Com carinho.",
    ]),
  );
  const applied = await adopter.post(`/api/pets/${pet.json.id as string}/candidaturas`, { respostas });
  const application = await adopter.get(`/api/candidaturas/${applied.json.id as string}`);
  return { caretaker, adopter, conversationId: application.json.conversa_id as string };
}

/** The event stream of the person signed in on `client`, read from the app at `base`. */
export function eventsOf(base: string, client: Client) {
  return openEventStream(`${base}/api/conversas/eventos`, {
    Cookie: `adopet_sessao=${client.cookie("adopet_sessao")}`,
  });
}

/** How many messages a conversation holds, read from the database. */
export async function messagesIn(db: Db, conversationId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(conversationMessages)
    .where(eq(conversationMessages.conversationId, conversationId));
  return row!.total;
}
