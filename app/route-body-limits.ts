import { MAX_PET_PHOTOS } from "~/validation/pets";
import { CHECKIN_PHOTOS_MAX } from "~/validation/termos";
import { formMaxBytes } from "~/web/body.server";
import { PDF_MAX_BYTES } from "~/web/termos-verification.server";
import { HEALTH_FILE_MAX_BYTES, HEALTH_FILES_MAX } from "~/lib/health";
import { RECEIPT_MAX_BYTES, STATEMENT_MAX_BYTES } from "~/lib/giving";
import { EMERGENCY_ANIMALS_MAX, REPORT_PHOTOS_MAX } from "~/lib/lost-found";

/**
 * The pages whose forms take files, by their path in ./routes.ts, and the most bytes each form
 * may send, files included; any other page takes a form of fields only. The HTTP layer refuses
 * more before any parser reads it (server/body-limits.ts). The API's endpoints declare theirs
 * with their declarations (app/api).
 */
export const PAGE_BODY_LIMITS: Readonly<Record<string, number>> = {
  // A pet's photos, published and edited.
  "meus-pets/novo": formMaxBytes(MAX_PET_PHOTOS),
  "meus-pets/:id": formMaxBytes(MAX_PET_PHOTOS),
  // A profile photo; an organisation's logo.
  perfil: formMaxBytes(1),
  "organizacoes/:id/configuracoes": formMaxBytes(1),
  // A foster's news of the animal (issue 44).
  "meus-lares": formMaxBytes(MAX_PET_PHOTOS),
  // A check-in's photos; an adoption's castration certificate or happy ending's photo.
  acompanhamento: formMaxBytes(CHECKIN_PHOTOS_MAX),
  "candidaturas/:id": formMaxBytes(1),
  // An animal's health entry with its files (issue 45).
  "pets/:id/saude": formMaxBytes(HEALTH_FILES_MAX, HEALTH_FILE_MAX_BYTES),
  // The accounts page: a bank statement or an expense's receipt (each form's parser keeps its own).
  "organizacoes/:id/contas": formMaxBytes(1, Math.max(RECEIPT_MAX_BYTES, STATEMENT_MAX_BYTES)),
  // Lost and found (issue 47): the search by photo, a report's photos, an emergency's animals.
  "perdidos-e-achados": formMaxBytes(1),
  "perdidos-e-achados/novo": formMaxBytes(REPORT_PHOTOS_MAX),
  "perdidos-e-achados/emergencias/:id/animais": formMaxBytes(EMERGENCY_ANIMALS_MAX),
  // A termo's PDF to verify.
  "termos/verificar": formMaxBytes(1, PDF_MAX_BYTES),
};
