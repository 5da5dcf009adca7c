import type { Db } from "~/db/client.server";
import { findPet } from "~/domain/pets/pet-views.server";
import { dayInBrasilia } from "~/lib/dates";
import { downloadName } from "~/lib/file-names";
import { CASTRATION_LABEL, SEX_LABEL, SPECIES_LABEL } from "~/lib/pets";
import { notFound, ok, type Result } from "~/services/outcome.server";
import { renderCarteiraPdf } from "./health-pdf.server";
import { healthRecord } from "./records.server";

/**
 * The `Carteira de saúde` of an animal, for who may read its record (issue 45): on its health
 * page, on the adoption's page for the adopter, and from the API. Made on each request: the
 * record changes, and a booklet a person prints is the record of that day.
 */
export async function healthCarteira(
  db: Db,
  actorId: string,
  petId: string,
  now: Date,
): Promise<Result<{ fileName: string; pdf: Buffer }>> {
  const record = await healthRecord(db, actorId, petId);
  if (!record.ok) return record;
  const pet = await findPet(db, petId);
  if (!pet) return notFound("pet");
  const ficha: [string, string][] = [
    ["Espécie", SPECIES_LABEL[pet.especie]],
    ...(pet.sexo ? [["Sexo", SEX_LABEL[pet.sexo]] as [string, string]] : []),
    ["Idade", pet.idade],
    ["Porte", pet.porte],
    ...(pet.castrado ? [["Castração", CASTRATION_LABEL[pet.castrado]] as [string, string]] : []),
    ...(pet.microchip ? [["Microchip", pet.microchip] as [string, string]] : []),
  ];
  const pdf = await renderCarteiraPdf({
    pet: { nome: pet.nome, ficha },
    organizacao: pet.organizacao.nome,
    entries: record.value.entries,
    emitidaEm: dayInBrasilia(now),
  });
  return ok({ fileName: downloadName("carteira-de-saude", pet.nome, "pdf"), pdf });
}
