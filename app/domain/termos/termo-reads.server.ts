import { formatCep } from "@brazilian-utils/brazilian-utils/format-cep";
import { formatCpf } from "@brazilian-utils/brazilian-utils/format-cpf";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { applications, termos, termoSignatures } from "~/db/schema";
import { maskIp, maskUserAgent } from "./signature-evidence.server";
import type { ApplicationParty } from "~/lib/applications";
import { formatLongDate } from "~/lib/dates";
import { ADOPTER_BLANKS, fillPlaceholders, normalizeText, type TermoStatus } from "~/lib/termos";
import { notFound, ok, type Result } from "~/services/outcome.server";
import type { Vault } from "~/services/vault.server";
import { type PdfSignature } from "./termo-pdf.server";
import { sha256 } from "./termos.server";
import { applicationPartyOf } from "~/domain/applications/parties.server";

/** Reading a termo: for its two parties only, with its signatures, the text they signed and its hash. */

/** What the adopter gave, sealed; `texto` is the exact text they signed (kept, not rebuilt). */
export type AdopterData = { cpf: string; endereco: string; cep: string; texto?: string };

export type TermoView = {
  id: string;
  applicationId: string;
  status: TermoStatus;
  /** Which side the reader is on. */
  party: ApplicationParty;
  petNome: string;
  responsavelNome: string;
  prazoCastracao: string | null;
  /** The text: final once the adopter signed; before, with blanks where their data goes. */
  texto: string;
  /** SHA-256 of `texto`: what a signature of it records. */
  textoSha256: string;
  /** The adopter's data, once they signed (for the two parties only). */
  adotante: { nomeCompleto: string; cpf: string; endereco: string; cep: string } | null;
  signatures: PdfSignature[];
  codigo: string | null;
  createdAt: Date;
  signedAt: Date | null;
  /** Whether the reader signs next. */
  podeAssinar: boolean;
};

export const termoColumns = {
  id: termos.id,
  applicationId: termos.applicationId,
  status: termos.status,
  modelo: termos.modelo,
  petNome: termos.petNome,
  responsavelNome: termos.responsavelNome,
  prazoCastracao: termos.prazoCastracao,
  dadosAdotante: termos.dadosAdotante,
  adopterId: termos.adopterId,
  caretakerId: termos.caretakerId,
  codigo: termos.codigo,
  createdAt: termos.createdAt,
  signedAt: termos.signedAt,
};

export type TermoRow = {
  id: string;
  applicationId: string | null;
  status: TermoStatus;
  modelo: string;
  petNome: string;
  responsavelNome: string;
  prazoCastracao: string | null;
  dadosAdotante: Buffer | null;
  adopterId: string | null;
  caretakerId: string | null;
  codigo: string | null;
  createdAt: Date;
  signedAt: Date | null;
};

export async function signaturesOf(db: Db, termoId: string) {
  const rows = await db
    .select({
      parte: termoSignatures.parte,
      nomeCompleto: termoSignatures.nomeCompleto,
      signedAt: termoSignatures.signedAt,
      ip: termoSignatures.ip,
      userAgent: termoSignatures.userAgent,
      textoSha256: termoSignatures.textoSha256,
    })
    .from(termoSignatures)
    .where(eq(termoSignatures.termoId, termoId))
    .orderBy(asc(termoSignatures.signedAt));
  return rows.map((row) => ({ ...row, signedAt: new Date(row.signedAt) }));
}

/** The final text: the issued one with the adopter's data and the day they signed. */
export function finalText(modelo: string, adopter: AdopterData & { nomeCompleto: string }, signedAt: Date): string {
  return normalizeText(
    fillPlaceholders(modelo, {
      "adotante.nome": adopter.nomeCompleto,
      "adotante.cpf": formatCpf(adopter.cpf),
      "adotante.endereco": `${adopter.endereco}, CEP ${formatCep(adopter.cep)}`,
      data: formatLongDate(signedAt),
    }),
  );
}

function openAdopterData(vault: Vault, sealed: Buffer): AdopterData {
  return JSON.parse(vault.open(sealed).toString("utf8")) as AdopterData;
}

/**
 * The adopter as a signed termo names them (full name, CPF, address, CEP), for the national
 * register's export (issue 45); null for a termo the adopter has not signed.
 */
export async function termoAdopter(
  db: Db,
  vault: Vault,
  termoId: string,
): Promise<{ nomeCompleto: string; cpf: string; endereco: string; cep: string } | null> {
  const [row] = await db
    .select({ sealed: termos.dadosAdotante, nomeCompleto: termoSignatures.nomeCompleto })
    .from(termos)
    .innerJoin(termoSignatures, and(eq(termoSignatures.termoId, termos.id), eq(termoSignatures.parte, "adotante")))
    .where(eq(termos.id, termoId))
    .limit(1);
  if (!row?.sealed) return null;
  const data = openAdopterData(vault, row.sealed);
  return {
    nomeCompleto: row.nomeCompleto,
    cpf: formatCpf(data.cpf),
    endereco: data.endereco,
    cep: formatCep(data.cep),
  };
}

/** The termo's text and signatures as they stand, for its parties. */
export function toView(vault: Vault, row: TermoRow, party: ApplicationParty, signatures: PdfSignature[]): TermoView {
  const adopterSignature = signatures.find((signature) => signature.parte === "adotante");
  let texto: string;
  let adotante: TermoView["adotante"] = null;
  if (adopterSignature && row.dadosAdotante) {
    const data = openAdopterData(vault, row.dadosAdotante);
    texto =
      data.texto ??
      finalText(row.modelo, { ...data, nomeCompleto: adopterSignature.nomeCompleto }, adopterSignature.signedAt);
    adotante = {
      nomeCompleto: adopterSignature.nomeCompleto,
      cpf: formatCpf(data.cpf),
      endereco: data.endereco,
      cep: formatCep(data.cep),
    };
  } else {
    texto = normalizeText(fillPlaceholders(row.modelo, ADOPTER_BLANKS));
  }
  return {
    id: row.id,
    applicationId: row.applicationId!,
    status: row.status,
    party,
    petNome: row.petNome,
    responsavelNome: row.responsavelNome,
    prazoCastracao: row.prazoCastracao,
    texto,
    textoSha256: sha256(texto),
    adotante,
    // The other party's address and browser are masked: the PDF keeps them whole.
    signatures: signatures.map((signature) =>
      signature.parte === party
        ? signature
        : { ...signature, ip: maskIp(signature.ip), userAgent: maskUserAgent(signature.userAgent) },
    ),
    codigo: row.codigo,
    createdAt: new Date(row.createdAt),
    signedAt: row.signedAt ? new Date(row.signedAt) : null,
    podeAssinar:
      (party === "adotante" && row.status === "emitido") ||
      (party === "responsavel" && row.status === "assinado_adotante"),
  };
}

/** The application's termo in force (or its last one, cancelled), and the reader's side. */
export async function termoOfApplication(db: Db, readerId: string, applicationId: string, { lock = false } = {}) {
  const query = db
    .select(termoColumns)
    .from(termos)
    .where(eq(termos.applicationId, applicationId))
    .orderBy(sql`${termos.status} = 'cancelado'`, desc(termos.createdAt))
    .limit(1);
  const [row] = (await (lock ? query.for("update") : query)) as TermoRow[];
  if (!row) return null;
  const party = await applicationParty(db, readerId, applicationId);
  return party ? { row, party } : null;
}

/**
 * Which party of the application `readerId` is, if any: its termo's parties are the
 * application's (so a missing termo is "none yet" to them, not "not yours").
 */
export async function applicationParty(
  db: Db,
  readerId: string,
  applicationId: string,
): Promise<ApplicationParty | null> {
  const [row] = await db
    .select({ adopterId: applications.adopterId, organizationId: applications.organizationId })
    .from(applications)
    .where(eq(applications.id, applicationId))
    .limit(1);
  return row ? applicationPartyOf(db, row, readerId) : null;
}

/** The application's termo, for its two parties only (anyone else: the application is not found). */
export async function getTermo(
  db: Db,
  vault: Vault,
  readerId: string,
  applicationId: string,
): Promise<Result<TermoView>> {
  const found = await termoOfApplication(db, readerId, applicationId);
  if (!found) {
    return (await applicationParty(db, readerId, applicationId)) ? notFound("termo") : notFound("application");
  }
  return ok(toView(vault, found.row, found.party, await signaturesOf(db, found.row.id)));
}
