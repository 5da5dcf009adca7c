/** A download's file name from a pet's name: "termo-de-adocao-joao-bobo.pdf", never a path or a quote. */
export function downloadName(prefix: string, name: string, extension: string): string {
  const slug = name
    .normalize("NFD")
    .replace(/[^\w\s-]/g, "")
    .trim()
    .replace(/\s+/g, "-")
    .toLowerCase();
  return `${prefix}-${slug || "animal"}.${extension}`;
}
