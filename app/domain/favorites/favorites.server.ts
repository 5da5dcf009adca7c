import { isListed } from "~/lib/pets";
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { favorites, pets } from "~/db/schema";
import { findPets, type PetView } from "~/domain/pets/pet-views.server";
import { notFound, ok, type Result } from "~/services/outcome.server";
import { takeAllowance } from "~/services/rate-limits.server";

/**
 * A person's favourite pets. Marking one twice, or removing one that is not marked, changes
 * nothing and is not an error: a button pressed twice, a request repeated.
 */
export async function addFavorite(db: Db, userId: string, petId: string): Promise<Result> {
  const [pet] = await db.select({ status: pets.status }).from(pets).where(eq(pets.id, petId)).limit(1);
  if (!pet || !isListed(pet.status)) return notFound("pet");
  const allowed = await takeAllowance(db, "favorite-account", userId);
  if (!allowed.ok) return allowed;
  await db.insert(favorites).values({ userId, petId }).onConflictDoNothing();
  return ok();
}

export async function removeFavorite(db: Db, userId: string, petId: string): Promise<void> {
  await db.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.petId, petId)));
}

/** Which of `petIds` the person has marked (for the hearts of a page of cards). */
export async function favoriteIds(db: Db, userId: string, petIds: string[]): Promise<string[]> {
  if (petIds.length === 0) return [];
  const rows = await db
    .select({ petId: favorites.petId })
    .from(favorites)
    .where(and(eq(favorites.userId, userId), inArray(favorites.petId, petIds)));
  return rows.map((row) => row.petId);
}

export type Favorite = { pet: PetView; markedAt: Date };

/** The person's favourites, last marked first, whatever became of each pet (adopted, removed). */
export async function listFavorites(db: Db, userId: string): Promise<Favorite[]> {
  const rows = await db
    .select({ petId: favorites.petId, markedAt: favorites.createdAt })
    .from(favorites)
    .where(eq(favorites.userId, userId))
    .orderBy(desc(favorites.createdAt))
    .limit(500);
  const found = await findPets(
    db,
    rows.map((row) => row.petId),
  );
  return rows.flatMap((row) => {
    const pet = found.get(row.petId);
    return pet ? [{ pet, markedAt: row.markedAt }] : [];
  });
}
