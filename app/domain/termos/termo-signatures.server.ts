import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { applications, pets, termos, termoSignatures } from "~/db/schema";
import { APPLICATION_STATUS_JOB, completeAdoption } from "~/domain/adoptions/lifecycle.server";
import { publicDataChanged } from "~/domain/pets/public-reads.server";
import { keptUserAgent } from "./signature-evidence.server";
import { codeFromBytes, type TermoStatus } from "~/lib/termos";
import type { Jobs } from "~/services/jobs.server";
import { fail, notFound, ok, type Result } from "~/services/outcome.server";
import type { Vault } from "~/services/vault.server";
import { renderTermoPdf } from "./termo-pdf.server";
import { lockPetOf, recordTermoActivity, sha256, TERMO_SIGNED_JOB } from "./termos.server";
import {
  type AdopterData,
  applicationParty,
  finalText,
  signaturesOf,
  termoOfApplication,
  toView,
} from "./termo-reads.server";

/** Signing a termo: the adopter, then the caretaker; each signature with its evidence, then the PDF once. */

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
      .select({
        id: applications.id,
        petId: applications.petId,
        adopterId: applications.adopterId,
        organizationId: applications.organizationId,
      })
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
    await recordTermoActivity(tx, "termo_assinado", application, context.userId);
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
