import { z } from "zod";
import { getApplication } from "~/domain/applications/application-views.server";
import { checkCastrationOpen, followupOf, markCastrated } from "~/domain/termos/followups.server";
import { removeStory, reviewStory, shareStory, storyOf } from "~/domain/termos/happy-endings.server";
import { STORY_MAX } from "~/lib/happy-endings";
import { adoptionStorySchema, followupSchema } from "~/openapi/responses";
import { toApiAdoptionStory, toApiFollowup } from "~/presenters/adoptions";
import { notFound } from "~/services/outcome.server";
import { apiStoryReviewSchema, apiStorySchema } from "~/validation/happy-endings";
import { apiFailure, parseJsonBody } from "~/web/api.server";
import { readApiCastration, readApiStory } from "~/web/adoption-forms.server";
import { formMaxBytes } from "~/web/body.server";
import type { Db } from "~/db/client.server";
import { endpoint, idParam } from "../endpoint";
import { answer, json, noContent, photoFile } from "../openapi/operation";

/**
 * An adoption after the termo (issue 21), on its application, for its two parties only, as
 * the application's page shows it: the follow-up and the castration the termo asked for, and
 * the story (finais felizes) the adopter tells and the caretaker publishes or declines.
 */

const application = idParam("application", "da candidatura");
const NO_STORE = { "Cache-Control": "private, no-store" };

/** The story as the two parties see it, or the 404 of whoever is neither (or of no story). */
async function storyAnswer(db: Db, userId: string, applicationId: string, status = 200): Promise<Response> {
  const found = await getApplication(db, userId, applicationId);
  if (!found.ok) return apiFailure(found.failure);
  const story = await storyOf(db, applicationId);
  if (!story) return apiFailure(notFound("story").failure);
  return Response.json(toApiAdoptionStory(applicationId, story), { status, headers: NO_STORE });
}

export const adoptionEndpoints = [
  endpoint({
    method: "get",
    path: "/candidaturas/{id}/acompanhamento",
    access: "party",
    params: { id: application },
    doc: {
      tags: ["Termo de adoção"],
      summary: "O acompanhamento de uma adoção",
      description:
        "Para as duas partes: os pedidos de notícias (agendados, enviados, respondidos, com o texto e as fotos) e a castração que o termo pediu, com o prazo, quando foi feita e o comprovante.",
      ok: { 200: answer("O acompanhamento.", followupSchema) },
      errors: { 404: "Candidatura não encontrada, ou sem adoção." },
    },
    async handle({ params, context, user }) {
      const found = await getApplication(context.db, user.id, params.id);
      if (!found.ok) return apiFailure(found.failure);
      const followup = await followupOf(context.db, params.id, new Date());
      if (!followup) return apiFailure(notFound("application").failure);
      return Response.json(toApiFollowup(params.id, followup), { headers: NO_STORE });
    },
  }),
  endpoint({
    method: "post",
    path: "/candidaturas/{id}/castracao",
    bodyLimit: formMaxBytes(1),
    access: "party",
    params: { id: application },
    doc: {
      tags: ["Termo de adoção"],
      summary: "Informar a castração do animal adotado",
      description:
        "Só quem adotou, quando o termo pediu a castração até uma data: sem corpo, ou em multipart com a foto do comprovante no campo `comprovante` (JPEG, PNG ou WebP, até 5 MB). O registro do animal passa a dizer castrado, e a equipe vê o comprovante no acompanhamento.",
      requestBody: {
        required: false,
        content: { "multipart/form-data": { schema: z.object({ comprovante: photoFile.optional() }) } },
      },
      ok: noContent("Informada."),
      errors: {
        403: "Só quem adotou o animal informa a castração.",
        404: "Candidatura não encontrada (ou não é uma adoção).",
        409: "A castração já foi informada (ou o termo não a pediu), ou o animal foi devolvido.",
      },
      traits: { upload: true, limited: true },
    },
    // The state is checked before the upload is read, as the page does.
    async handle({ request, params, context, user }) {
      const open = await checkCastrationOpen(context.db, user.id, params.id);
      if (!open.ok) return apiFailure(open.failure);
      const body = await readApiCastration(request);
      if (!body.ok) return body.response;
      const done = await markCastrated(context.db, user.id, params.id, body.value, new Date());
      if (!done.ok) return apiFailure(done.failure);
      return new Response(null, { status: 204, headers: NO_STORE });
    },
  }),
  endpoint({
    method: "get",
    path: "/candidaturas/{id}/historia",
    access: "party",
    params: { id: application },
    doc: {
      tags: ["Finais felizes"],
      summary: "A história de uma adoção",
      description:
        "Para as duas partes da adoção: a história que quem adotou contou, esperando aprovação, publicada ou recusada (com o motivo).",
      ok: { 200: answer("A história.", adoptionStorySchema) },
      errors: { 404: "Candidatura não encontrada, ou ainda sem história." },
    },
    handle: ({ params, context, user }) => storyAnswer(context.db, user.id, params.id),
  }),
  endpoint({
    method: "put",
    path: "/candidaturas/{id}/historia",
    bodyLimit: formMaxBytes(1),
    access: "party",
    params: { id: application },
    doc: {
      tags: ["Finais felizes"],
      summary: "Contar (ou mudar) a história de uma adoção",
      description: `Só quem adotou, depois do termo assinado: \`historia\` (até ${STORY_MAX} caracteres), em JSON ou em multipart com uma \`foto\` (JPEG, PNG ou WebP, até 5 MB, conferida pelo conteúdo e sem metadados). Sem foto nova, fica a que já tinha. A história espera a aprovação de quem cuida do animal, que recebe um e-mail; mudada depois de publicada, sai de Finais felizes até ser aprovada de novo.`,
      requestBody: {
        content: {
          ...json(apiStorySchema),
          "multipart/form-data": { schema: apiStorySchema.extend({ foto: photoFile.optional() }) },
        },
      },
      ok: { 200: answer("A história, esperando aprovação.", adoptionStorySchema) },
      errors: {
        403: "Só quem adotou o animal conta a história dele.",
        404: "Candidatura não encontrada (ou não é uma adoção).",
        409: "O animal foi devolvido.",
        415: "O corpo não é JSON nem multipart/form-data.",
      },
      traits: { body: true, upload: true, limited: true },
    },
    async handle({ request, params, context, user }) {
      const body = await readApiStory(request);
      if (!body.ok) return body.response;
      const shared = await shareStory(context.db, context.jobs, user.id, params.id, body.value, new Date());
      if (!shared.ok) return apiFailure(shared.failure);
      return storyAnswer(context.db, user.id, params.id);
    },
  }),
  endpoint({
    method: "post",
    path: "/candidaturas/{id}/historia/revisao",
    access: "party",
    params: { id: application },
    doc: {
      tags: ["Finais felizes"],
      summary: "Publicar ou recusar a história de uma adoção",
      description:
        "Quem cuida do animal decide sobre a versão que leu (`versao`, de `GET /candidaturas/{id}/historia`): `publicar` a põe em Finais felizes; `recusar` pede um `motivo`, que quem adotou vai ler. Se quem adotou mudou a história depois, 409: leia a nova versão.",
      requestBody: { content: json(apiStoryReviewSchema) },
      ok: { 200: answer("A história como ficou.", adoptionStorySchema) },
      errors: {
        403: "Só quem cuida do animal decide.",
        404: "Candidatura não encontrada (ou não é uma adoção).",
        409: "Não há história esperando aprovação, ou ela mudou desde a versão lida.",
      },
      traits: { body: true },
    },
    async handle({ request, params, context, user }) {
      const parsed = await parseJsonBody(request, apiStoryReviewSchema);
      if (!parsed.ok) return parsed.response;
      const reviewed = await reviewStory(context.db, user.id, params.id, parsed.data, new Date());
      if (!reviewed.ok) return apiFailure(reviewed.failure);
      return storyAnswer(context.db, user.id, params.id);
    },
  }),
  endpoint({
    method: "delete",
    path: "/candidaturas/{id}/historia",
    access: "party",
    params: { id: application },
    doc: {
      tags: ["Finais felizes"],
      summary: "Retirar a história de uma adoção",
      description: "Só quem adotou: a história e a foto são apagadas, e saem de Finais felizes.",
      ok: noContent("Retirada."),
      errors: {
        403: "Só quem adotou o animal retira a história.",
        404: "Candidatura não encontrada, ou sem história.",
      },
    },
    async handle({ params, context, user }) {
      const removed = await removeStory(context.db, user.id, params.id);
      if (!removed.ok) return apiFailure(removed.failure);
      return new Response(null, { status: 204, headers: NO_STORE });
    },
  }),
];
