import { and, eq, isNotNull, isNull, ne, or } from "drizzle-orm";
import { remove as withoutConfusables } from "confusables";
import type { Db } from "~/db/client.server";
import { organizations, users } from "~/db/schema";

/**
 * The names the team has checked (issues 41 and 60): a verified ONG's public name and a
 * verified organisation's name are theirs alone. Nobody takes one, however it is written.
 */

/** Digits and signs people write for letters, and letters that look alike in common fonts. */
const LOOKALIKES: Record<string, string> = {
  "0": "o",
  "1": "l",
  "3": "e",
  "4": "a",
  "5": "s",
  "7": "t",
  "8": "b",
  "@": "a",
  $: "s",
  "|": "l",
  "!": "l",
  i: "l",
};

/**
 * What a name looks like, for comparing names and nothing else: Unicode look-alikes (Cyrillic
 * "ѕ", full-width and mathematical letters) as their Latin letters, accents, case, spacing and
 * punctuation aside, and "Amig0s", "Am1gos" and "rn" for "m" read as the letters they imitate.
 */
function nameSkeleton(name: string): string {
  const plain = withoutConfusables(name.normalize("NFKC"))
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
  return [...plain]
    .map((char) => LOOKALIKES[char] ?? char)
    .join("")
    .replace(/[^a-z0-9]/g, "")
    .replaceAll("rn", "m")
    .replaceAll("vv", "w");
}

/**
 * Whether `name` looks like the name of a verified ONG account or a verified organisation, other
 * than the account or organisation it already belongs to (a verified one keeps its own name).
 */
export async function isVerifiedName(
  db: Db,
  name: string,
  except: { userId?: string; organizationId?: string } = {},
): Promise<boolean> {
  const ongs = await db
    .select({ nome: users.nomePublico })
    .from(users)
    .where(
      and(eq(users.tipo, "ong"), isNotNull(users.verifiedAt), except.userId ? ne(users.id, except.userId) : undefined),
    );
  const teams = await db
    .select({ nome: organizations.nome })
    .from(organizations)
    .where(
      and(
        isNotNull(organizations.verifiedAt),
        except.organizationId ? ne(organizations.id, except.organizationId) : undefined,
        // An ONG's own organisation carries the ONG's name.
        except.userId
          ? or(isNull(organizations.ownAccountOf), ne(organizations.ownAccountOf, except.userId))
          : undefined,
      ),
    );
  const skeleton = nameSkeleton(name);
  return [...ongs, ...teams].some((row) => row.nome !== null && nameSkeleton(row.nome) === skeleton);
}
