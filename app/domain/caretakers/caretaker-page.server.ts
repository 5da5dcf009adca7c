import { and, count, eq, isNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { pets, users } from "~/db/schema";
import { imageUrl } from "~/lib/image-urls";
import { listCaretakerPets, type PetView } from "~/domain/pets/pet-views.server";
import { cachedRead } from "~/domain/pets/public-reads.server";
import { organizationsPublishedFor } from "~/domain/organizations/organizations.server";

/** What anyone sees of a person or ONG who publishes animals. Never a phone or an e-mail. */
export type CaretakerPage = {
  id: string;
  /** An ONG's public name, or the person's name. */
  nome: string;
  tipo: "pessoa" | "ong";
  verificada: boolean;
  foto: string | null;
  local: string | null;
  sobre: string | null;
  disponiveis: PetView[];
  adotados: number;
  /** The organisations (issue 43) the person publishes for, besides their own. */
  organizacoes: { id: string; nome: string; verificada: boolean; local: string | null; logo: string | null }[];
};

/**
 * A caretaker's public page: only for someone who has published an animal (a person who
 * only writes to caretakers has no public page). From the public read cache.
 */
export function findCaretakerPage(db: Db, id: string): Promise<CaretakerPage | null> {
  return cachedRead(db, `caretaker:${id}`, () => readCaretakerPage(db, id));
}

async function readCaretakerPage(db: Db, id: string): Promise<CaretakerPage | null> {
  const [person] = await db
    .select({
      id: users.id,
      nome: users.nome,
      tipo: users.tipo,
      nomePublico: users.nomePublico,
      verifiedAt: users.verifiedAt,
      photoId: users.photoId,
      cidade: users.cidade,
      uf: users.uf,
      sobre: users.perfilSobre,
    })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.suspendedAt)))
    .limit(1);
  // A suspended account has no public page (its listings are hidden too).
  if (!person) return null;
  const [published, [adopted]] = await Promise.all([
    db.select({ total: count() }).from(pets).where(eq(pets.caretakerId, id)),
    db
      .select({ total: count() })
      .from(pets)
      .where(and(eq(pets.caretakerId, id), eq(pets.status, "adotado"))),
  ]);
  if (!published[0]?.total) return null;
  return {
    id: person.id,
    nome: person.tipo === "ong" && person.nomePublico ? person.nomePublico : person.nome,
    tipo: person.tipo,
    verificada: person.tipo === "ong" && person.verifiedAt !== null,
    foto: person.photoId ? imageUrl(person.photoId, 320) : null,
    local: person.cidade ? (person.uf ? `${person.cidade} (${person.uf})` : person.cidade) : null,
    sobre: person.sobre,
    disponiveis: await listCaretakerPets(db, id, ["disponivel"]),
    adotados: adopted?.total ?? 0,
    organizacoes: (await organizationsPublishedFor(db, id)).map((organization) => ({
      id: organization.id,
      nome: organization.nome,
      verificada: organization.verificada,
      local: organization.cidade ? `${organization.cidade} (${organization.uf})` : null,
      logo: organization.logoId ? imageUrl(organization.logoId, 320) : null,
    })),
  };
}
