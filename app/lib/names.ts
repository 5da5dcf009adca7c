/**
 * Public names and the verified badge (issue 41): only operators give the badge, so a name
 * cannot wear it, and nobody takes the name of a verified ONG.
 */

/** A name compared with accents, case and spaces aside: "ONG  Patas Unidas" is "ongpatasunidas". */
function nameKey(name: string): string {
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

/**
 * Whether a name holds a web address or a domain (issue 60): "Suporte Adopet - www.evil.example"
 * in an invitation's subject reads as a link to follow. A scheme, `www.`, or a word, a dot and a
 * top-level domain of two letters or more ("evil.example", "patas.com.br"); "S.O.S. Animais" is
 * a name.
 */
export function holdsAddress(name: string): boolean {
  const text = name.normalize("NFKC");
  return /[a-z][a-z0-9+.-]*:\/\/|\bwww\./iu.test(text) || /[\p{L}\p{N}-]{2,}\.[a-z]{2,}(?![\p{L}\p{N}])/iu.test(text);
}
