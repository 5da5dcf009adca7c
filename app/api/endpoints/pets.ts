import { z } from "zod";
import { apply, canApply } from "~/domain/applications/applications.server";
import { questionnaireForPet } from "~/domain/applications/applications.server";
import { checkPetOwner, publishPet, removePet, updatePet } from "~/domain/pets/pets.server";
import { findPet, findPublicPet, listCaredForPets } from "~/domain/pets/pet-views.server";
import { countByPet } from "~/domain/applications/application-views.server";
import { API_MAX_LIMIT, FEED_PAGE_SIZE, listFeed } from "~/domain/pets/feed.server";
import { toApiPet, toApiPets } from "~/presenters/pets";
import {
  apiPetSchema,
  applicationConflictSchema,
  caredForPetsSchema,
  applicationCreatedSchema,
  petPageSchema,
  questionnaireResponseSchema,
} from "~/openapi/responses";
import type { Failure } from "~/services/outcome.server";
import { applicationSchema } from "~/validation/applications";
import { PLACE_MESSAGES } from "~/validation/messages";
import { apiPetPatchSchema, feedFiltersSchema, feedParams, MAX_PET_PHOTOS, petCreateSchema } from "~/validation/pets";
import { apiError, apiFailure, parseJsonBody } from "~/web/api.server";
import { readApiPetChanges, readApiPetCreate } from "~/web/pet-forms.server";
import { endpoint, idParam } from "../endpoint";
import { answer, json, noContent, photoFile } from "../openapi/operation";
import { formMaxBytes } from "~/web/body.server";

const pet = idParam("pet", "do animal");
const PUBLIC_READ = { "Cache-Control": "public, max-age=30" };
const NO_STORE = { "Cache-Control": "no-store" };

/** The feed's filters, as `GET /pets` reads them (anything unreadable is ignored). */
const feedQuery = z.object({
  q: feedFiltersSchema.shape.q.meta({
    description: "Palavras no nome, no perfil e na história (sem acentos e no plural também).",
    example: "brincalhão",
  }),
  perto: feedFiltersSchema.shape.perto.meta({
    description: "Código IBGE da cidade (ou o nome, como “São Gonçalo (RJ)”): os mais próximos primeiro.",
    example: "3304904",
  }),
  raio: feedFiltersSchema.shape.raio.meta({ description: "Raio em km, com `perto`: 10, 25, 50, 100 ou 200." }),
  cidade: feedFiltersSchema.shape.cidade.meta({ description: "Nome da cidade." }),
  uf: feedFiltersSchema.shape.uf.meta({ description: "Sigla do estado." }),
  especie: feedFiltersSchema.shape.especie,
  porte: feedFiltersSchema.shape.porte,
  idade: feedFiltersSchema.shape.idade.meta({ description: "Faixa de idade: filhote, jovem, adulto ou idoso." }),
  sexo: feedFiltersSchema.shape.sexo,
  castrado: feedFiltersSchema.shape.castrado,
  convive_com: feedFiltersSchema.shape.convive_com.meta({
    description: "Convive com todos estes (separados por vírgula): criancas, caes, gatos.",
  }),
  page: feedFiltersSchema.shape.page.meta({ description: "A página (a partir de 1)." }),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(50)
    .optional()
    .meta({ description: "Animais por página (até 50; 12 sem dizer)." }),
});

/** The pets: the feed, a pet's record, publishing and editing, its questionnaire and applying for it. */
export const petEndpoints = [
  endpoint({
    method: "get",
    path: "/meus-pets",
    access: "signed-in",
    doc: {
      tags: ["Animais"],
      summary: "Os animais de que você cuida",
      description:
        "Os seus e os das organizações em que você cuida dos animais (administrador ou equipe): disponíveis, adotados e ocultos, com quantas candidaturas cada um recebeu.",
      ok: { 200: answer("Os animais.", caredForPetsSchema) },
    },
    async handle({ context, user }) {
      const [pets, counts] = await Promise.all([
        listCaredForPets(context.db, user.id),
        countByPet(context.db, user.id),
      ]);
      return Response.json(
        {
          pets: pets.map((pet) => ({ pet: toApiPet(pet), candidaturas: counts.get(pet.id) ?? { total: 0, novas: 0 } })),
        },
        { headers: { "Cache-Control": "private, no-store" } },
      );
    },
  }),
  endpoint({
    method: "get",
    path: "/pets",
    access: "anyone",
    crossOrigin: true,
    publicCache: true,
    doc: {
      tags: ["Animais"],
      summary: "Listar e buscar animais disponíveis",
      description:
        "Os animais disponíveis, mais novos primeiro (ou mais próximos com `perto`). Um filtro ilegível é ignorado.",
      query: feedQuery,
      ok: { 200: answer("Uma página de animais.", petPageSchema) },
      errors: { 400: "A cidade de `perto` não foi encontrada." },
    },
    // With `perto`, pets come nearest first, each with `distancia_km`.
    async handle({ request, context }) {
      const searchParams = new URL(request.url).searchParams;
      const filters = feedFiltersSchema.parse(feedParams(searchParams));
      // The last `limit` given, as for every filter.
      const requested = Number(Object.fromEntries(searchParams).limit ?? FEED_PAGE_SIZE);
      const limit = Number.isInteger(requested) && requested >= 1 ? Math.min(requested, API_MAX_LIMIT) : FEED_PAGE_SIZE;
      const feed = await listFeed(context.db, filters, limit);
      if (feed.perto?.encontrada === false) {
        return apiError(400, PLACE_MESSAGES.unknown, { perto: [PLACE_MESSAGES.unknown] });
      }
      return Response.json(
        {
          pets: toApiPets(feed),
          pagina: feed.page,
          limite: feed.limit,
          total: feed.total,
          // More than `total` (1,000) match: counting stops there.
          total_limitado: feed.totalLimitado ?? false,
          paginas: feed.pageCount,
        },
        { headers: PUBLIC_READ },
      );
    },
  }),
  endpoint({
    method: "post",
    path: "/pets",
    bodyLimit: formMaxBytes(MAX_PET_PHOTOS),
    access: "signed-in",
    doc: {
      tags: ["Animais"],
      summary: "Publicar um animal",
      description:
        "Em multipart, com os campos do formulário de publicação e de 1 a 5 `fotos` (JPEG, PNG ou WebP, até 5 MB cada). " +
        "`organizacao_id` diz em nome de qual organização publicar: obrigatório para quem é de várias; " +
        "quem não é de nenhuma ganha a sua, com o seu nome.",
      requestBody: { content: { "multipart/form-data": { schema: petCreateSchema } } },
      ok: { 201: answer("O animal publicado (`Location` diz seu endereço).", apiPetSchema) },
      errors: {
        403: "O e-mail da conta ainda não foi confirmado, o seu papel na organização não permite publicar (ou o pedido veio de outro site).",
        404: "A organização de `organizacao_id` não foi encontrada (ou você não é membro dela).",
      },
      traits: { upload: true, limited: true },
    },
    async handle({ request, context, user }) {
      const body = await readApiPetCreate(request);
      if (!body.ok) return body.response;
      const { input, photos, organizationId } = body.value;
      const published = await publishPet(context.db, context.jobs, user.id, input, photos, { organizationId });
      if (!published.ok) return apiFailure(published.failure);
      const created = await findPet(context.db, published.value);
      return Response.json(toApiPet(created!), {
        status: 201,
        headers: { Location: `/adopet/api/pets/${published.value}`, ...NO_STORE },
      });
    },
  }),
  endpoint({
    method: "get",
    path: "/pets/{id}",
    access: "anyone",
    crossOrigin: true,
    publicCache: true,
    params: { id: pet },
    doc: {
      tags: ["Animais"],
      summary: "Ver um animal",
      description: "Qualquer animal que não foi removido (um adotado diz isso em `status`).",
      ok: { 200: answer("O animal.", apiPetSchema) },
      errors: { 404: "Animal não encontrado." },
    },
    async handle({ params, context }) {
      const found = await findPublicPet(context.db, params.id);
      if (!found || found.status === "removido") return pet.refused();
      return Response.json(toApiPet(found), { headers: PUBLIC_READ });
    },
  }),
  endpoint({
    method: "patch",
    path: "/pets/{id}",
    bodyLimit: formMaxBytes(MAX_PET_PHOTOS),
    access: "party",
    params: { id: pet },
    doc: {
      tags: ["Animais"],
      summary: "Editar um animal seu",
      description: "Em JSON, ou em multipart com novas `fotos` (que substituem as anteriores).",
      requestBody: {
        content: {
          "application/json": { schema: apiPetPatchSchema },
          "multipart/form-data": { schema: apiPetPatchSchema.extend({ fotos: z.array(photoFile).max(5).optional() }) },
        },
      },
      ok: { 200: answer("O animal como ficou.", apiPetSchema) },
      errors: {
        403: "O animal é de outra pessoa (ou o pedido veio de outro site).",
        404: "Animal não encontrado.",
        409: "`status: disponivel` para um animal adotado com termo na Adopet cuja devolução não foi registrada.",
      },
      traits: { body: true, upload: true, limited: true },
    },
    async handle({ request, params, context, user }) {
      // Ownership is checked before the body is read: a stranger's upload is not worth reading.
      const owned = await checkPetOwner(context.db, user.id, params.id);
      if (!owned.ok) return apiFailure(owned.failure);
      const body = await readApiPetChanges(request);
      if (!body.ok) return body.response;
      const updated = await updatePet(context.db, user.id, params.id, body.value.changes, body.value.photos);
      if (!updated.ok) return apiFailure(updated.failure);
      const changed = await findPet(context.db, params.id);
      return Response.json(toApiPet(changed!), { headers: NO_STORE });
    },
  }),
  endpoint({
    method: "delete",
    path: "/pets/{id}",
    access: "party",
    params: { id: pet },
    doc: {
      tags: ["Animais"],
      summary: "Remover um animal seu",
      ok: noContent("Removido."),
      errors: { 403: "O animal é de outra pessoa (ou o pedido veio de outro site).", 404: "Animal não encontrado." },
    },
    async handle({ params, context, user }) {
      const removed = await removePet(context.db, user.id, params.id);
      return removed.ok ? new Response(null, { status: 204 }) : apiFailure(removed.failure);
    },
  }),
  endpoint({
    method: "get",
    path: "/pets/{id}/questionario",
    access: "anyone",
    crossOrigin: true,
    params: { id: pet },
    doc: {
      tags: ["Candidaturas"],
      summary: "As perguntas para adotar um animal",
      ok: { 200: answer("O questionário de quem cuida do animal.", questionnaireResponseSchema) },
      errors: { 404: "Animal não encontrado ou não disponível." },
    },
    async handle({ params, context }) {
      const found = await questionnaireForPet(context.db, params.id);
      if (!found.ok) return apiFailure(found.failure);
      return Response.json({ perguntas: found.value.perguntas }, { headers: PUBLIC_READ });
    },
  }),
  endpoint({
    method: "post",
    path: "/pets/{id}/candidaturas",
    access: "signed-in",
    params: { id: pet },
    doc: {
      tags: ["Candidaturas"],
      summary: "Candidatar-se a adotar um animal",
      description:
        "`respostas` tem uma resposta por pergunta do questionário do animal: texto, true/false (`sim_nao`), uma opção (`escolha_unica`) ou uma lista de opções (`escolha_multipla`).",
      requestBody: {
        content: json(
          z
            .strictObject({ respostas: z.record(z.string(), z.union([z.string(), z.boolean(), z.array(z.string())])) })
            .meta({ example: { respostas: { moradia: "Casa", telas: true } } }),
        ),
      },
      ok: { 201: answer("A candidatura enviada.", applicationCreatedSchema) },
      errors: {
        403: "O animal é seu, ou quem cuida dele não recebe mais contatos seus (ou o pedido veio de outro site).",
        404: "Animal não encontrado ou não disponível para adoção.",
        409: {
          description: "Você já tem uma candidatura aberta para este animal: `candidatura_id` é ela.",
          schema: applicationConflictSchema,
        },
      },
      traits: { body: true, limited: true },
    },
    // 404 for a pet that cannot be adopted (gone, adopted, reserved), 403 for your own pet.
    async handle({ request, params, context, user }) {
      const allowed = await canApply(context.db, user.id, params.id);
      if (!allowed.ok) return refusal(allowed.failure);
      const { perguntas } = allowed.value;
      const parsed = await parseJsonBody(request, applicationSchema(perguntas));
      if (!parsed.ok) return parsed.response;
      const created = await apply(context.db, context.jobs, {
        adopterId: user.id,
        petId: params.id,
        caretakerId: allowed.value.pet.caretakerId,
        perguntas,
        respostas: parsed.data.respostas,
      });
      if (!created.ok) return refusal(created.failure);
      return Response.json(created.value, {
        status: 201,
        headers: { Location: `/adopet/api/candidaturas/${created.value.id}`, ...NO_STORE },
      });
    },
  }),
];

/** A refusal; a second application also names the first. */
function refusal(failure: Failure) {
  const first = failure.kind === "conflict" && failure.id ? { candidatura_id: failure.id } : undefined;
  return apiFailure(failure, { extra: first });
}
