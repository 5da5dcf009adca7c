/** The first name only: how a person is shown to those who should read no more of them. */
export function firstName(nome: string): string {
  return nome.trim().split(/\s+/)[0] ?? "";
}
