import { eq } from "drizzle-orm";
import { pets } from "~/db/schema";
import { addMember, createPet } from "./factories";
import { signedInAccount, type Client, type TestApp } from "./app";

export type Person = { client: Client; id: string; email: string };

/**
 * An organisation at work (issue 43), signed in: its administradora (whose own organisation it
 * is, made by her first animal), a membro da equipe, a foster home; someone with an organisation
 * of their own; and an adopter. `tag` keeps e-mails apart between files.
 */
export async function organizationTeam(app: TestApp, tag: string) {
  const person = (name: string, nome: string): Promise<Person> =>
    signedInAccount(app, { email: `${name}.${tag}@exemplo.com`, nome, telefone: "(21) 98765-4321" });
  const admin = await person("lia", "Lia Admin");
  const team = await person("caio", "Caio Equipe");
  const foster = await person("rita", "Rita Lar");
  const outsider = await person("otto", "Otto Fora");
  const adopter = await person("ana", "Ana Adotante");
  const first = await createPet(app.db, { caretakerId: admin.id, nome: "Primeiro" });
  const [row] = await app.db.select({ id: pets.organizationId }).from(pets).where(eq(pets.id, first));
  const organizationId = row!.id;
  await addMember(app.db, organizationId, team.id, "equipe");
  await addMember(app.db, organizationId, foster.id, "lar_temporario");
  // Another organisation, with an animal of its own.
  await createPet(app.db, { caretakerId: outsider.id, nome: "Alheio" });
  return { admin, team, foster, outsider, adopter, organizationId, person };
}
