import { parseWithZod } from "@conform-to/zod/v4";
import type { PetInput } from "~/domain/pets/pets.server";
import type { PetView } from "~/domain/pets/pet-views.server";
import type { PetFormValues } from "~/components/pet-form";
import { formatFee } from "~/lib/pets";
import { apiPetPatchSchema, MAX_PET_PHOTOS, petCreateSchema, petEditSchema } from "~/validation/pets";
import { newsFormSchema, newsPageSchema } from "~/validation/foster";
import { apiError, bodyErrorResponse, submissionFailed, validationFailed } from "./api.server";
import { bytesOf, isMultipart, readForm, readJson } from "./body.server";
import { parseForm } from "./forms.server";
import { namedCity, requiredCity } from "~/validation/fields";

/** Reads the publish/edit form: the pet's fields and the photos' bytes. */
export async function readPetForm(request: Request, mode: "create" | "edit") {
  const form = await parseForm(request, mode === "create" ? petCreateSchema : petEditSchema, {
    maxFiles: MAX_PET_PHOTOS,
    hideFields: ["fotos"],
  });
  if (!form.ok) return form;
  const { fotos, organizacao_id: organizationId, ...input } = form.value;
  const photos = await bytesOf(fotos);
  return {
    ok: true as const,
    input: requiredCity(input) satisfies PetInput,
    photos,
    organizationId,
    reply: form.reply,
  };
}

type ApiRead<Value> = { ok: true; value: Value } | { ok: false; response: ReturnType<typeof apiError> };

/** `POST /api/pets`: the multipart form, parsed as the page's (empty fields count as missing). */
export async function readApiPetCreate(
  request: Request,
): Promise<ApiRead<{ input: PetInput; photos: Buffer[]; organizationId?: string }>> {
  if (!isMultipart(request)) {
    return {
      ok: false,
      response: apiError(415, "Envie os dados como multipart/form-data, com as fotos no campo fotos."),
    };
  }
  try {
    const submission = parseWithZod(await readForm(request, { maxFiles: MAX_PET_PHOTOS }), { schema: petCreateSchema });
    if (submission.status !== "success") return { ok: false, response: submissionFailed(submission.error) };
    const { fotos, organizacao_id: organizationId, ...input } = submission.value;
    return { ok: true, value: { input: requiredCity(input), photos: await bytesOf(fotos), organizationId } };
  } catch (error) {
    return { ok: false, response: bodyErrorResponse(error) };
  }
}

/** `PATCH /api/pets/:id`: JSON, or multipart whose `fotos`, when sent, replace the old ones. */
export async function readApiPetChanges(
  request: Request,
): Promise<ApiRead<{ changes: Partial<PetInput>; photos?: Buffer[] }>> {
  try {
    if (isMultipart(request)) {
      const submission = parseWithZod(await readForm(request, { maxFiles: MAX_PET_PHOTOS }), { schema: petEditSchema });
      if (submission.status !== "success") return { ok: false, response: submissionFailed(submission.error) };
      const { fotos, organizacao_id: _publishedOnly, ...changes } = submission.value;
      return { ok: true, value: { changes: namedCity(changes), photos: await bytesOf(fotos ?? []) } };
    }
    const parsed = apiPetPatchSchema.safeParse(await readJson(request));
    if (!parsed.success) return { ok: false, response: validationFailed(parsed.error) };
    return { ok: true, value: { changes: namedCity(parsed.data) } };
  } catch (error) {
    return { ok: false, response: bodyErrorResponse(error) };
  }
}

/** `POST /api/pets/:id/noticias`: the multipart form of `Enviar notícias` (`texto`, `fotos`). */
export async function readApiNews(request: Request): Promise<ApiRead<{ texto: string; photos: Buffer[] }>> {
  if (!isMultipart(request)) {
    return {
      ok: false,
      response: apiError(415, "Envie as notícias como multipart/form-data: o texto no campo texto, as fotos em fotos."),
    };
  }
  try {
    const submission = parseWithZod(await readForm(request, { maxFiles: MAX_PET_PHOTOS }), { schema: newsFormSchema });
    if (submission.status !== "success") return { ok: false, response: submissionFailed(submission.error) };
    return { ok: true, value: { texto: submission.value.texto, photos: await bytesOf(submission.value.fotos) } };
  } catch (error) {
    return { ok: false, response: bodyErrorResponse(error) };
  }
}

/** `Enviar notícias` on `/meus-lares`: the same fields and which animal, read as a page's form. */
export async function readNewsForm(request: Request) {
  const form = await parseForm(request, newsPageSchema, { maxFiles: MAX_PET_PHOTOS, hideFields: ["fotos"] });
  if (!form.ok) return form;
  return { ...form, animal: form.value.animal, texto: form.value.texto, photos: await bytesOf(form.value.fotos) };
}

/** The edit form's values from a pet as the pages read it. */
export function petFormValues(pet: PetView): PetFormValues {
  return {
    nome: pet.nome,
    especie: pet.especie,
    idade: String(pet.idadeValor),
    idade__unidade: pet.idadeUnidade,
    porte: pet.porteCodigo,
    perfil: pet.perfil,
    cidade: pet.cidade,
    uf: pet.uf,
    // A listing hidden by moderation shows the status it goes back to.
    status: pet.oculto?.volta ?? pet.status,
    sexo: pet.sexo ?? "",
    castrado: pet.castrado ?? "",
    castracao_data: pet.castracaoData ?? "",
    vacinas: pet.vacinas,
    vermifugado: pet.vermifugado === null ? "" : pet.vermifugado ? "sim" : "nao",
    microchip: pet.microchip ?? "",
    raca: pet.raca ?? "",
    pelagem: pet.pelagem ?? "",
    convive_com: pet.conviveCom,
    necessidades_especiais: pet.necessidadesEspeciais ?? "",
    historia: pet.historia ?? "",
    taxa_adocao: pet.taxaAdocaoCentavos === null ? "" : formatFee(pet.taxaAdocaoCentavos).replace("R$ ", ""),
    precisa_lar_temporario: pet.precisaLarTemporario ? "sim" : "nao",
    urgencia: pet.larUrgente ? "urgente" : "normal",
    prazo_lar: pet.prazoLar ?? "",
  };
}
