/**
 * The termo de adoção (issue 21): the caretaker's template, its placeholders, and the
 * verification code. Shared by the services, the pages and the browser.
 */

export const TERMO_MAX = 20_000;
export const SIGNER_NAME_MAX = 120;
export const ADDRESS_MAX = 300;

/** The placeholders a template may use, with what each becomes. */
export const PLACEHOLDERS = {
  "adotante.nome": "o nome completo de quem adota (digitado ao assinar)",
  "adotante.cpf": "o CPF de quem adota",
  "adotante.endereco": "o endereço completo de quem adota, com o CEP",
  "animal.nome": "o nome do animal",
  "animal.especie": "a espécie (cão, gato…)",
  "animal.sexo": "macho ou fêmea",
  "animal.microchip": "o número do microchip, ou “sem microchip”",
  "animal.castracao": "se já está castrado, ou o prazo para castrá-lo",
  "responsavel.nome": "o seu nome (ou o da ONG)",
  data: "a data da assinatura de quem adota",
} as const;
export type Placeholder = keyof typeof PLACEHOLDERS;

const PLACEHOLDER_PATTERN = /\{([a-z.]+)\}/g;

/** Placeholders a text uses that are not on the list (a typo, say). */
export function unknownPlaceholders(text: string): string[] {
  const unknown = new Set<string>();
  for (const [, name] of text.matchAll(PLACEHOLDER_PATTERN)) {
    if (!(name! in PLACEHOLDERS)) unknown.add(name!);
  }
  return [...unknown];
}

/** The text with the given placeholders filled; the others stay as they are. */
export function fillPlaceholders(text: string, values: Partial<Record<Placeholder, string>>): string {
  return text.replace(PLACEHOLDER_PATTERN, (whole, name: string) => values[name as Placeholder] ?? whole);
}

/**
 * One form for every text that is hashed or shown: line breaks as \n, Unicode composed (NFC),
 * no trailing spaces on a line. The hash of a text is the hash of this form.
 */
export function normalizeText(text: string): string {
  return text
    .normalize("NFC")
    .replace(/\r\n?/g, "\n")
    .replace(/[ \t]+$/gm, "")
    .trim();
}

export const DEFAULT_TERMO = `TERMO DE ADOÇÃO E RESPONSABILIDADE

Por este termo, {adotante.nome}, CPF {adotante.cpf}, residente em {adotante.endereco}, doravante ADOTANTE, recebe de {responsavel.nome}, doravante RESPONSÁVEL, o animal {animal.nome} ({animal.especie}, {animal.sexo}, microchip: {animal.microchip}) e assume, por toda a vida dele, os compromissos abaixo.

1. Cuidados. O(A) ADOTANTE oferecerá ao animal alimentação adequada, água limpa, abrigo, higiene, atenção e atendimento veterinário sempre que preciso.

2. Vacinas. O(A) ADOTANTE manterá as vacinas do animal em dia, inclusive a antirrábica anual, e o vermifugará periodicamente.

3. Castração. O animal {animal.castracao}.

4. Nem venda, nem repasse, nem abandono. O(A) ADOTANTE não venderá, doará, trocará, emprestará nem repassará o animal a outra pessoa, e não o abandonará em nenhuma hipótese.

5. Devolução. Se não puder mais ficar com o animal, o(a) ADOTANTE o devolverá ao(à) RESPONSÁVEL, avisando com antecedência, em vez de entregá-lo a terceiros.

6. Acompanhamento. O(A) ADOTANTE aceita o acompanhamento após a adoção: responderá aos pedidos de notícias e fotos e receberá visitas combinadas com antecedência.

7. Segurança. O(A) ADOTANTE manterá o animal em ambiente seguro, sem acesso livre à rua, sem acorrentá-lo e sem confiná-lo em espaço inadequado.

8. Avisos. O(A) ADOTANTE avisará o(a) RESPONSÁVEL se mudar de endereço ou de telefone, e se o animal fugir, desaparecer ou morrer.

9. Maus-tratos são crime. O(A) ADOTANTE declara saber que praticar abuso ou maus-tratos, ferir ou mutilar animais é crime previsto no art. 32 da Lei nº 9.605/1998 (Lei de Crimes Ambientais); que, quando se trata de cão ou gato, a pena é de reclusão de 2 a 5 anos, multa e proibição da guarda, conforme a Lei nº 14.064/2020; e que o abandono é uma forma de maus-tratos.

10. Descumprimento. Se este termo for descumprido, o(a) RESPONSÁVEL poderá tomar as medidas cabíveis, inclusive pedir a devolução do animal e comunicar as autoridades.

11. Assinatura. As partes assinam este termo eletronicamente na Adopet, com assinatura eletrônica simples (Lei nº 14.063/2020), e reconhecem a validade dele.

{data}.`;

/** Sample values for the template's preview. */
export const SAMPLE_VALUES: Record<Placeholder, string> = {
  "adotante.nome": "Maria da Silva",
  "adotante.cpf": "123.456.789-09",
  "adotante.endereco": "Rua das Flores, 123, apto 45, Centro, São Paulo (SP), CEP 01001-000",
  "animal.nome": "Pipoca",
  "animal.especie": "cão",
  "animal.sexo": "fêmea",
  "animal.microchip": "sem microchip",
  "animal.castracao":
    "ainda não está castrado; o(a) ADOTANTE se compromete a castrá-lo até 15/03/2027 e a enviar o comprovante ao(à) RESPONSÁVEL",
  "responsavel.nome": "ONG Patas Amigas",
  data: "24 de novembro de 2026",
};

/** How the adopter's data reads in the text before they sign (their page shows the blanks). */
export const ADOPTER_BLANKS: Partial<Record<Placeholder, string>> = {
  "adotante.nome": "[seu nome completo]",
  "adotante.cpf": "[seu CPF]",
  "adotante.endereco": "[seu endereço, com o CEP]",
  data: "[data da sua assinatura]",
};

export const TERMO_STATUSES = ["emitido", "assinado_adotante", "assinado", "cancelado"] as const;
export type TermoStatus = (typeof TERMO_STATUSES)[number];

export const TERMO_STATUS_LABEL: Record<TermoStatus, string> = {
  emitido: "Aguardando a assinatura de quem adota",
  assinado_adotante: "Aguardando a assinatura de quem cuida do animal",
  assinado: "Assinado pelas duas partes",
  cancelado: "Cancelado: a adoção não se concretizou",
};

// ——— The verification code ———

/** Crockford's base 32: no I, L, O or U, so a code read aloud or typed is not misread. */
const CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** A code of 16 characters (80 bits) from random bytes, shown in groups of four. */
export function codeFromBytes(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let code = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && code.length < 16) {
      code += CODE_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return code;
}

export const formatCode = (code: string) => code.match(/.{1,4}/g)!.join("-");

/**
 * A code as a person typed it, in its stored form: case, spaces and dashes ignored, and the
 * letters people confuse with digits read as those digits. Null when it cannot be a code.
 */
export function normalizeCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, "").replace(/O/g, "0").replace(/[IL]/g, "1");
  return /^[0-9A-HJKMNP-TV-Z]{16}$/.test(code) ? code : null;
}

export const TERMO_MESSAGES = {
  texto: "Escreva o texto do termo.",
  textoMax: "Use no máximo 20.000 caracteres.",
  placeholders: (names: string[]) =>
    `Estes campos não existem: ${names.map((name) => `{${name}}`).join(", ")}. Use só os da lista.`,
  nomeCompleto: "Digite seu nome completo.",
  nomeCompletoMax: `Use no máximo ${SIGNER_NAME_MAX} caracteres.`,
  cpf: "Digite um CPF válido.",
  endereco: "Digite seu endereço completo: rua, número, bairro, cidade e estado.",
  enderecoMax: `Use no máximo ${ADDRESS_MAX} caracteres.`,
  cep: "Digite um CEP válido, como 01001-000.",
  concordo: "Marque “Li e concordo” para assinar.",
  prazo: "Diga até quando o animal deve ser castrado.",
  prazoRange: "Escolha uma data entre hoje e dois anos à frente.",
  codigo: "Digite o código de verificação, como ABCD-1234-EFGH-5678.",
  arquivo: "Envie o PDF do termo.",
  dias: "Informe até 6 dias entre 1 e 365, separados por vírgula, como 7, 30, 90.",
  devolucaoMotivo: "Diga o motivo da devolução: a outra parte vai ler.",
  devolucaoMotivoMax: "Use no máximo 500 caracteres.",
  devolucaoConfirmo: "Confirme a devolução.",
  publicar: "Envie publicar como true ou false.",
};
