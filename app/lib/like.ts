/** A LIKE pattern for text that starts with `key` (`anywhere`: holds it), its wildcards taken as they are. */
export function likePattern(key: string, { anywhere = false } = {}): string {
  const literal = key.replace(/[\\%_]/g, (char) => `\\${char}`);
  return `${anywhere ? "%" : ""}${literal}%`;
}
