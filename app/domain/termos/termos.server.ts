import { createHash, randomBytes } from "node:crypto";
import { formatCep } from "@brazilian-utils/brazilian-utils/format-cep";
import { formatCpf } from "@brazilian-utils/brazilian-utils/format-cpf";
import { and, asc, desc, eq, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { applications, pets, termos, termoSignatures, termoTemplates, users } from "~/db/schema";
import { isUniqueViolation } from "~/db/errors.server";
import { APPLICATION_STATUS_JOB, completeAdoption } from "~/domain/adoptions/lifecycle.server";
import { publicDataChanged } from "~/domain/pets/public-reads.server";
import { keptUserAgent, maskIp, maskUserAgent } from "./signature-evidence.server";
import type { ApplicationParty } from "~/lib/applications";
import { dayInBrasilia, formatDay, formatLongDate } from "~/lib/dates";
import { SEX_LABEL, SPECIES_LABEL, type Sex, type Species } from "~/lib/pets";
import {
  ADOPTER_BLANKS,
  codeFromBytes,
  DEFAULT_TERMO,
  fillPlaceholders,
  normalizeText,
  type Placeholder,
  type TermoStatus,
} from "~/lib/termos";
import type { Jobs } from "~/services/jobs.server";
import { fail, forbidden, invalid, notFound, ok, type Result } from "~/services/outcome.server";
import type { Vault } from "~/services/vault.server";
import { renderTermoPdf, type PdfSignature } from "./termo-pdf.server";

/**
 * The termo de adoção (issue 21). The caretaker issues it on an approved application, from
 * their template, with the animal's data as it is that day; the adopter signs it with their CPF
 * and address; the caretaker countersigns. Then the PDF is made once and kept, the animal is
 * adopted and the application `adotada`. Each signature keeps its evidence: who, when, the
 * address and browser, and the SHA-256 of the exact text signed (docs/decisions/0025).
 */

export const TERMO_ISSUED_JOB = "termo-issued";
export const TERMO_SIGNED_JOB = "termo-signed";

/** How long a signed termo is kept (Código Civil, art. 205: ten years to claim on a contract). */
const SIGNED_KEPT_YEARS = 10;
const DAY_MS = 24 * 60 * 60 * 1000;

const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");

// ——— The template ———

/** The caretaker's template: their own, or the default one until they save theirs. */
export async function getTemplate(db: Db, caretakerId: string): Promise<string> {
  const [row] = await db
    .select({ texto: termoTemplates.texto })
    .from(termoTemplates)
    .where(eq(termoTemplates.caretakerId, caretakerId))
    .limit(1);
  return row?.texto ?? DEFAULT_TERMO;
}

/** Saves the template (checked by termoTemplateSchema); termos issued before keep their text. */
export async function saveTemplate(db: Db, caretakerId: string, texto: string): Promise<void> {
  const normalized = normalizeText(texto);
  await db
    .insert(termoTemplates)
    .values({ caretakerId, texto: normalized })
    .onConflictDoUpdate({ target: termoTemplates.caretakerId, set: { texto: normalized, updatedAt: new Date() } });
}

// ——— Issuing ———

type AnimalData = {
  nome: string;
  species: Species;
  sexo: Sex | null;
  microchip: string | null;
  castrado: "sim" | "nao" | "agendado" | null;
};

/** The animal's and the caretaker's placeholders, as the termo is issued. */
function issuedValues(animal: AnimalData, responsavel: string, prazo: string | null) {
  const values: Partial<Record<Placeholder, string>> = {
    "animal.nome": animal.nome,
    "animal.especie": animal.species === "outro" ? "animal" : SPECIES_LABEL[animal.species].toLowerCase(),
    "animal.sexo": animal.sexo ? SEX_LABEL[animal.sexo].toLowerCase() : "sexo não informado",
    "animal.microchip": animal.microchip ?? "sem microchip",
    "animal.castracao": castrationClause(animal.sexo, animal.castrado === "sim" ? null : prazo),
    "responsavel.nome": responsavel,
  };
  return values;
}

/** What the termo says of the castration, in the animal's gender. */
function castrationClause(sexo: Sex | null, prazo: string | null): string {
  const female = sexo === "femea";
  if (!prazo) return female ? "já está castrada" : "já está castrado";
  return `ainda não está ${female ? "castrada" : "castrado"}; o(a) ADOTANTE se compromete a ${female ? "castrá-la" : "castrá-lo"} até ${formatDay(prazo)} e a enviar o comprovante ao(à) RESPONSÁVEL`;
}

/** The latest day a castration may be set for: two years ahead. */
function castrationDeadline(prazo: string | undefined, fallback: string | null, today: string): Result<string> {
  const day = prazo ?? fallback;
  if (!day) return invalid("prazo_castracao", "castration-deadline");
  const latest = `${Number(today.slice(0, 4)) + 2}${today.slice(4)}`;
  // A real day: the parser rolls 2026-02-30 over to March, so the day must read back the same.
  const parsed = new Date(`${day}T12:00:00Z`);
  const real = !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day;
  const valid = real && day >= today && day <= latest;
  return valid ? ok(day) : invalid("prazo_castracao", "castration-deadline");
}

export type ApplicationRow = {
  id: string;
  status: string;
  petId: string;
  adopterId: string;
  caretakerId: string;
};

function partyOf(row: ApplicationRow, userId: string): ApplicationParty | null {
  return row.caretakerId === userId ? "responsavel" : row.adopterId === userId ? "adotante" : null;
}

/**
 * Writes the termo of an approved application (its row locked by the caller): the template
 * with the animal's and the caretaker's data as they are now. The demo data issues one too.
 */
export async function writeTermo(
  tx: Db,
  row: ApplicationRow,
  prazoCastracao: string | undefined,
  now: Date,
): Promise<Result<string>> {
  const [animal] = await tx
    .select({
      nome: pets.nome,
      species: pets.species,
      sexo: pets.sexo,
      microchip: pets.microchip,
      castrado: pets.castrado,
      castracaoData: pets.castracaoData,
      responsavel: sql<string>`(select case when u.tipo = 'ong' and u.nome_publico is not null
        then u.nome_publico else u.nome end from ${users} u where u.id = ${row.caretakerId})`,
    })
    .from(pets)
    .where(eq(pets.id, row.petId));
  if (!animal) return notFound("pet");
  let prazo: string | null = null;
  if (animal.castrado !== "sim") {
    const deadline = castrationDeadline(prazoCastracao, animal.castracaoData, dayInBrasilia(now));
    if (!deadline.ok) return deadline;
    prazo = deadline.value;
  }
  const template = await getTemplate(tx, row.caretakerId);
  const modelo = normalizeText(fillPlaceholders(template, issuedValues(animal, animal.responsavel, prazo)));
  const [termo] = await tx
    .insert(termos)
    .values({
      applicationId: row.id,
      petId: row.petId,
      adopterId: row.adopterId,
      caretakerId: row.caretakerId,
      modelo,
      petNome: animal.nome,
      responsavelNome: animal.responsavel.slice(0, 80),
      prazoCastracao: prazo,
      createdAt: now,
    })
    .returning({ id: termos.id });
  return ok(termo!.id);
}

/**
 * Locks the application's pet, first: the pet, the application, then its termo is the order a
 * move of the application locks them in (changeApplication), so they wait for each other and
 * never deadlock. False when there is no such application.
 */
async function lockPetOf(tx: Db, applicationId: string): Promise<boolean> {
  const [target] = await tx
    .select({ petId: applications.petId })
    .from(applications)
    .where(eq(applications.id, applicationId));
  if (!target) return false;
  await tx.select({ id: pets.id }).from(pets).where(eq(pets.id, target.petId)).for("update");
  return true;
}

/**
 * The caretaker issues the termo of an approved application, from their template. An animal
 * not castrated needs the deadline (`prazoCastracao`, or the date its castration is scheduled
 * for). The adopter is e-mailed through the job queue.
 */
export async function issueTermo(
  db: Db,
  jobs: Jobs,
  input: { userId: string; applicationId: string; prazoCastracao?: string },
  now = new Date(),
): Promise<Result<{ id: string; status: TermoStatus }>> {
  try {
    const issued = await db.transaction(async (tx): Promise<Result<string>> => {
      if (!(await lockPetOf(tx, input.applicationId))) return notFound("application");
      const [row] = await tx
        .select({
          id: applications.id,
          status: applications.status,
          petId: applications.petId,
          adopterId: applications.adopterId,
          caretakerId: applications.caretakerId,
        })
        .from(applications)
        .where(eq(applications.id, input.applicationId))
        .for("update");
      if (!row) return notFound("application");
      const party = partyOf(row, input.userId);
      if (!party) return notFound("application");
      if (party !== "responsavel") return forbidden("termo-caretaker-only");
      if (row.status !== "aprovada") return fail({ kind: "conflict", reason: "application-not-approved" });
      const termo = await writeTermo(tx, row, input.prazoCastracao, now);
      if (!termo.ok) return termo;
      await jobs.send(TERMO_ISSUED_JOB, { termoId: termo.value }, { tx });
      return ok(termo.value);
    });
    if (!issued.ok) return issued;
    jobs.wake(TERMO_ISSUED_JOB);
    return ok({ id: issued.value, status: "emitido" });
  } catch (error) {
    // Two issues of one application at the same moment: the index lets one through.
    if (isUniqueViolation(error)) return fail({ kind: "conflict", reason: "termo-exists" });
    throw error;
  }
}

/** What the issue form asks about: whether the animal is castrated, and the day it is scheduled for. */
export async function castrationOf(db: Db, petId: string) {
  const [row] = await db
    .select({ castrado: pets.castrado, castracaoData: pets.castracaoData })
    .from(pets)
    .where(eq(pets.id, petId))
    .limit(1);
  return { castrado: row?.castrado === "sim", agendadaPara: row?.castracaoData ?? null };
}

// ——— Reading ———

/** What the adopter gave, sealed; `texto` is the exact text they signed (kept, not rebuilt). */
type AdopterData = { cpf: string; endereco: string; cep: string; texto?: string };

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

const termoColumns = {
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

type TermoRow = {
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

async function signaturesOf(db: Db, termoId: string) {
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
function finalText(modelo: string, adopter: AdopterData & { nomeCompleto: string }, signedAt: Date): string {
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

/** The termo's text and signatures as they stand, for its parties. */
function toView(vault: Vault, row: TermoRow, party: ApplicationParty, signatures: PdfSignature[]): TermoView {
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
async function termoOfApplication(db: Db, readerId: string, applicationId: string, { lock = false } = {}) {
  const query = db
    .select(termoColumns)
    .from(termos)
    .where(eq(termos.applicationId, applicationId))
    .orderBy(sql`${termos.status} = 'cancelado'`, desc(termos.createdAt))
    .limit(1);
  const [row] = (await (lock ? query.for("update") : query)) as TermoRow[];
  if (!row) return null;
  const party: ApplicationParty | null =
    row.caretakerId === readerId ? "responsavel" : row.adopterId === readerId ? "adotante" : null;
  return party ? { row, party } : null;
}

/** Whether the reader is a party of the application (so a missing termo is "none yet", not "not yours"). */
/** Which party of the application `readerId` is, if any. */
export async function applicationParty(db: Db, readerId: string, applicationId: string) {
  const [row] = await db
    .select({
      id: applications.id,
      status: applications.status,
      petId: applications.petId,
      adopterId: applications.adopterId,
      caretakerId: applications.caretakerId,
    })
    .from(applications)
    .where(eq(applications.id, applicationId))
    .limit(1);
  return row ? partyOf(row, readerId) : null;
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

// ——— Signing ———

export type SignatureInput = {
  nome_completo: string;
  concordo: true;
  texto_sha256?: string;
  cpf?: string;
  endereco?: string;
  cep?: string;
};

export type SignatureContext = {
  userId: string;
  applicationId: string;
  ip: string;
  userAgent: string;
  /** The site's address, printed in the PDF for verification. */
  publicUrl: string;
};

/**
 * A party signs: the adopter first, with their CPF, address and CEP (sealed); then the
 * caretaker, which completes the adoption: the PDF is made and kept, the animal is adopted,
 * the application `adotada`, and the adoption recorded. `texto_sha256`, when given, must be
 * the hash of the text as it reads now (the text the signer read).
 */
export async function signTermo(
  db: Db,
  vault: Vault,
  jobs: Jobs,
  context: SignatureContext,
  input: SignatureInput,
  now = new Date(),
): Promise<Result<{ status: TermoStatus }>> {
  const signed = await db.transaction(async (tx): Promise<Result<{ status: TermoStatus; job: string | null }>> => {
    if (!(await lockPetOf(tx, context.applicationId))) return notFound("application");
    const [application] = await tx
      .select({ id: applications.id, petId: applications.petId })
      .from(applications)
      .where(eq(applications.id, context.applicationId))
      .for("update");
    if (!application) return notFound("application");
    const found = await termoOfApplication(tx, context.userId, context.applicationId, { lock: true });
    // Only while the adoption is on: the application approved, the animal still reserved (not removed).
    const [state] = await tx
      .select({
        status: applications.status,
        pet: sql<string>`(select case when p.status = 'oculto'
        then p.status_before_hidden else p.status end from ${pets} p where p.id = ${application.petId})`,
      })
      .from(applications)
      .where(eq(applications.id, application.id));
    if (found && (state?.status !== "aprovada" || state.pet !== "disponivel")) {
      return fail({ kind: "conflict", reason: "termo-state" });
    }
    if (!found) {
      return (await applicationParty(tx, context.userId, context.applicationId))
        ? notFound("termo")
        : notFound("application");
    }
    const { row, party } = found;
    const signatures = await signaturesOf(tx, row.id);
    const view = toView(vault, row, party, signatures);
    if (!view.podeAssinar) return fail({ kind: "conflict", reason: "termo-state" });
    const evidence = {
      termoId: row.id,
      parte: party,
      userId: context.userId,
      nomeCompleto: input.nome_completo,
      ip: context.ip.slice(0, 64),
      userAgent: keptUserAgent(context.userAgent),
      signedAt: now,
    };
    if (party === "adotante") {
      if (input.texto_sha256 && input.texto_sha256 !== view.textoSha256) {
        return fail({ kind: "conflict", reason: "termo-changed" });
      }
      const given = { cpf: input.cpf!, endereco: input.endereco!, cep: input.cep! };
      const texto = finalText(row.modelo, { ...given, nomeCompleto: input.nome_completo }, now);
      // The text itself is kept: a later library's formatting (CPF, dates) never changes what was signed.
      const data: AdopterData = { ...given, texto };
      const textoSha256 = sha256(texto);
      await tx.insert(termoSignatures).values({ ...evidence, textoSha256 });
      await tx
        .update(termos)
        .set({
          status: "assinado_adotante",
          dadosAdotante: vault.seal(JSON.stringify(data)),
          textoSha256,
        })
        .where(eq(termos.id, row.id));
      await jobs.send(TERMO_SIGNED_JOB, { termoId: row.id }, { tx });
      return ok({ status: "assinado_adotante", job: TERMO_SIGNED_JOB });
    }
    // The caretaker signs the text the adopter signed: the same hash, or nothing is signed.
    const adopterSignature = signatures.find((signature) => signature.parte === "adotante")!;
    if (view.textoSha256 !== adopterSignature.textoSha256) return fail({ kind: "conflict", reason: "termo-changed" });
    if (input.texto_sha256 && input.texto_sha256 !== view.textoSha256) {
      return fail({ kind: "conflict", reason: "termo-changed" });
    }
    await tx.insert(termoSignatures).values({ ...evidence, textoSha256: view.textoSha256 });
    const codigo = codeFromBytes(randomBytes(10));
    const pdf = await renderTermoPdf({
      petNome: row.petNome,
      texto: view.texto,
      textoSha256: view.textoSha256,
      codigo,
      signatures: [...signatures, { ...evidence, textoSha256: view.textoSha256 }],
      verifyUrl: `${context.publicUrl}/adopet/termos/verificar`,
      createdAt: now,
    });
    await tx
      .update(termos)
      .set({ status: "assinado", codigo, pdf: vault.seal(pdf), pdfSha256: sha256(pdf), signedAt: now })
      .where(eq(termos.id, row.id));
    await completeAdoption(
      tx,
      jobs,
      { termoId: row.id, applicationId: application.id, petId: application.petId, prazoCastracao: row.prazoCastracao },
      now,
    );
    return ok({ status: "assinado", job: APPLICATION_STATUS_JOB });
  });
  if (!signed.ok) return signed;
  if (signed.value.job) jobs.wake(signed.value.job);
  if (signed.value.status === "assinado") publicDataChanged(db);
  return ok({ status: signed.value.status });
}

// ——— The PDF and verification ———

/** The signed termo's PDF, for its two parties. */
export async function termoPdf(
  db: Db,
  vault: Vault,
  readerId: string,
  applicationId: string,
): Promise<Result<{ pdf: Buffer; fileName: string }>> {
  const found = await termoOfApplication(db, readerId, applicationId);
  if (!found) {
    return (await applicationParty(db, readerId, applicationId)) ? notFound("termo") : notFound("application");
  }
  return signedPdf(db, vault, found.row.id);
}

/** A signed termo's PDF, by its id, as the file its party downloads. */
async function signedPdf(db: Db, vault: Vault, termoId: string): Promise<Result<{ pdf: Buffer; fileName: string }>> {
  const [row] = await db
    .select({ pdf: termos.pdf, status: termos.status, petNome: termos.petNome })
    .from(termos)
    .where(eq(termos.id, termoId));
  if (!row?.pdf || row.status !== "assinado") return notFound("termo");
  const slug = row.petNome
    .normalize("NFD")
    .replace(/[^\w\s-]/g, "")
    .trim()
    .replace(/\s+/g, "-")
    .toLowerCase();
  return ok({ pdf: vault.open(row.pdf), fileName: `termo-de-adocao-${slug || "animal"}.pdf` });
}

/**
 * The signed termos a person is party to, newest first: theirs to download even when the
 * application is gone (the other party deleted their account, which takes the application).
 */
export async function signedTermosOf(db: Db, userId: string) {
  return db
    .select({ id: termos.id, petNome: termos.petNome, codigo: termos.codigo, signedAt: termos.signedAt })
    .from(termos)
    .where(and(eq(termos.status, "assinado"), or(eq(termos.adopterId, userId), eq(termos.caretakerId, userId))))
    .orderBy(desc(termos.signedAt));
}

/** A signed termo's PDF by its id, for its two parties only (404 for anyone else). */
export async function signedTermoPdf(
  db: Db,
  vault: Vault,
  readerId: string,
  termoId: string,
): Promise<Result<{ pdf: Buffer; fileName: string }>> {
  const [party] = await db
    .select({ id: termos.id })
    .from(termos)
    .where(and(eq(termos.id, termoId), or(eq(termos.adopterId, readerId), eq(termos.caretakerId, readerId))));
  if (!party) return notFound("termo");
  return signedPdf(db, vault, termoId);
}

export type Verification =
  | { valido: false }
  | {
      valido: true;
      codigo: string;
      animal: string;
      assinaturas: { parte: ApplicationParty; nome: string; assinado_em: Date }[];
      assinado_em: Date;
    };

async function verification(db: Db, where: ReturnType<typeof eq>): Promise<Verification> {
  const [row] = await db
    .select({ id: termos.id, codigo: termos.codigo, petNome: termos.petNome, signedAt: termos.signedAt })
    .from(termos)
    .where(and(where, eq(termos.status, "assinado")))
    .limit(1);
  if (!row?.codigo || !row.signedAt) return { valido: false };
  const signatures = await signaturesOf(db, row.id);
  return {
    valido: true,
    codigo: row.codigo,
    animal: row.petNome,
    // Names only: the rest of the evidence is the parties'.
    assinaturas: signatures.map((signature) => ({
      parte: signature.parte,
      nome: signature.nomeCompleto,
      assinado_em: signature.signedAt,
    })),
    assinado_em: new Date(row.signedAt),
  };
}

/** Whether a code (normalised: normalizeCode) is a termo signed here. */
export function verifyCode(db: Db, codigo: string): Promise<Verification> {
  return verification(db, eq(termos.codigo, codigo));
}

/** Whether these bytes are, to the byte, the PDF of a termo signed here. */
export function verifyPdf(db: Db, pdf: Buffer): Promise<Verification> {
  return verification(db, eq(termos.pdfSha256, sha256(pdf)));
}

// ——— Privacy ———

/**
 * Forgets termos no longer needed: signed ones after ten years; cancelled ones after the
 * retention of closed applications; unsigned ones whose application was deleted (with an
 * account). Their signatures go with them.
 */
export async function forgetExpiredTermos(db: Db, now: Date, applicationRetentionDays = 180): Promise<number> {
  const signedBefore = new Date(now);
  signedBefore.setUTCFullYear(signedBefore.getUTCFullYear() - SIGNED_KEPT_YEARS);
  const cancelledBefore = new Date(now.getTime() - applicationRetentionDays * DAY_MS);
  const deleted = await db
    .delete(termos)
    .where(
      or(
        and(eq(termos.status, "assinado"), lt(termos.signedAt, signedBefore)),
        and(eq(termos.status, "cancelado"), lt(termos.cancelledAt, cancelledBefore)),
        and(ne(termos.status, "assinado"), isNull(termos.applicationId)),
      ),
    )
    .returning({ id: termos.id });
  return deleted.length;
}

/**
 * A person's termos for their data export. The adopter's, whole (their CPF and address are
 * theirs); the caretaker's, without the text and the adopter's data (in the adopter's export),
 * as applications received are exported.
 */
export async function termosForExport(db: Db, vault: Vault, userId: string) {
  const rows = (await db
    .select(termoColumns)
    .from(termos)
    .where(or(eq(termos.adopterId, userId), eq(termos.caretakerId, userId)))
    .orderBy(desc(termos.createdAt))) as TermoRow[];
  const views = [];
  for (const row of rows) {
    const party: ApplicationParty = row.adopterId === userId ? "adotante" : "responsavel";
    const view = toView(vault, row, party, await signaturesOf(db, row.id));
    const own = party === "adotante";
    views.push({
      id: view.id,
      papel: party,
      animal: view.petNome,
      status: view.status,
      codigo: view.codigo,
      emitido_em: view.createdAt.toISOString(),
      assinado_em: view.signedAt?.toISOString() ?? null,
      ...(own && { texto: view.texto, texto_sha256: view.textoSha256, adotante: view.adotante }),
      assinaturas: view.signatures
        .filter((signature) => own || signature.parte === "responsavel")
        .map((signature) => ({
          parte: signature.parte,
          nome: signature.nomeCompleto,
          assinado_em: signature.signedAt.toISOString(),
          ip: signature.ip,
          navegador: signature.userAgent,
          texto_sha256: signature.textoSha256,
        })),
    });
  }
  return views;
}
