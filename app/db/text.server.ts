import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

// The letters searchKey (app/lib/pets.ts) strips of their accents, and what each becomes. The
// generated search column (schema.ts) spells the same pair out, as generated columns must.
const ACCENTED = "áàâãäéèêëíìîïóòôõöúùûüçñý";
const PLAIN = "aaaaaeeeeiiiiooooouuuucny";

/** A text column in lower case and without accents: compared with a searchKey in SQL. */
export function folded(column: SQLWrapper): SQL {
  return sql`translate(lower(${column}), ${ACCENTED}, ${PLAIN})`;
}

/** A LIKE pattern for text that starts with `key` (`anywhere`: holds it), its wildcards taken as they are. */
export function likePattern(key: string, { anywhere = false } = {}): string {
  const literal = key.replace(/[\\%_]/g, (char) => `\\${char}`);
  return `${anywhere ? "%" : ""}${literal}%`;
}
