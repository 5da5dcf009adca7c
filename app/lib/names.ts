/**
 * Public names and the verified badge (issue 41): only operators give the badge, so a name
 * cannot wear it, and nobody takes the name of a verified ONG.
 */

/** A name compared with accents, case and spaces aside: "ONG  Patas Unidas" is "ongpatasunidas". */
export function nameKey(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/\s+/gu, "");
}

/** Check marks people use for a badge: ✓ ✔ ☑ ✅ 🗸 🗹 √ (with or without an emoji selector). */
const CHECK_MARKS = /[\u2713\u2714\u2611\u2705\u221a\u{1f5f8}\u{1f5f9}]/u;

/** Whether a name claims the badge: the word `verificad…` (any case, accents, spacing) or a check mark. */
export function carriesBadge(name: string): boolean {
  return CHECK_MARKS.test(name) || nameKey(name).includes("verificad");
}
