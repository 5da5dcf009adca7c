import { z } from "zod";
import type { AppLoadContext } from "react-router";
import type { SessionUser } from "~/domain/accounts/sessions.server";
import {
  dismissReports,
  hideListing,
  restoreAccount,
  restoreListing,
  suspendAccount,
} from "~/domain/moderation/actions.server";
import { verifyOng, type Operator } from "~/domain/moderation/operators.server";
import { moderationWork } from "~/domain/moderation/work.server";
import { moderationSchema } from "~/openapi/responses";
import { toApiModeration } from "~/presenters/moderation";
import { notFound, type Result, type Subject } from "~/services/outcome.server";
import { dismissReportsSchema, moderationReasonSchema } from "~/validation/moderation";
import { apiError, apiFailure, parseJsonBody } from "~/web/api.server";
import { endpoint, idParam, type PathParam } from "../endpoint";
import { answer, json, noContent } from "../openapi/operation";

/**
 * Moderation (issue 22), for operators only: what waits for them, and their actions, each with
 * the reason the audit log keeps. Anyone else gets the 404 of what they named, and learns
 * nothing of it (as the moderation page answers 404 to a person who is not an operator).
 */

const NOT_OPERATOR = "Não encontrado (quem não é operador).";
const PRIVATE_READ = { "Cache-Control": "private, no-store" };

const operatorOf = (user: SessionUser): Operator | null => (user.operador ? { id: user.id, nome: user.nome } : null);

const moderationQuery = z.object({
  ordem: z
    .enum(["mais_denunciados", "recentes"])
    .optional()
    .meta({ description: "A ordem das denúncias: `mais_denunciados` (o padrão) ou `recentes`." }),
});

/** `POST /moderacao/<what>/{id}/<verb>` {motivo}: one action on one target, by an operator. */
function reasonedAction(declaration: {
  path: string;
  param: PathParam;
  subject: Subject;
  summary: string;
  description: string;
  run: (context: AppLoadContext, operator: Operator, id: string, motivo: string) => Promise<Result>;
}) {
  return endpoint({
    method: "post",
    path: declaration.path,
    access: "signed-in",
    params: { id: declaration.param },
    doc: {
      tags: ["Moderação"],
      summary: declaration.summary,
      description: `${declaration.description} O motivo fica no registro de ações.`,
      requestBody: { content: json(moderationReasonSchema) },
      ok: noContent("Feito."),
      errors: {
        404: NOT_OPERATOR,
        409: "Já está nesse estado (outro operador pode ter agido antes), ou é a sua própria conta.",
      },
      traits: { body: true },
    },
    async handle({ request, params, context, user }) {
      const operator = operatorOf(user);
      if (!operator) return apiFailure(notFound(declaration.subject).failure);
      const parsed = await parseJsonBody(request, moderationReasonSchema);
      if (!parsed.ok) return parsed.response;
      const done = await declaration.run(context, operator, params.id, parsed.data.motivo);
      if (!done.ok) return apiFailure(done.failure);
      return new Response(null, { status: 204 });
    },
  });
}

const listing = idParam("pet", "do animal");
const account = idParam("user", "da conta");

export const moderationEndpoints = [
  endpoint({
    method: "get",
    path: "/moderacao",
    access: "signed-in",
    doc: {
      tags: ["Moderação"],
      summary: "O que espera a moderação",
      description:
        "As denúncias abertas, agrupadas pelo que foi denunciado (até 50), os anúncios ocultos, as contas suspensas, as ONGs cujo CNPJ ninguém verificou e o registro de ações (os 100 mais recentes). Só operadores.",
      query: moderationQuery,
      ok: { 200: answer("O que espera a moderação.", moderationSchema) },
      errors: { 400: "Ordem inválida.", 404: NOT_OPERATOR },
    },
    async handle({ request, context, user }) {
      if (!operatorOf(user)) return apiFailure(notFound("report").failure);
      const ordem = new URL(request.url).searchParams.get("ordem") ?? "mais_denunciados";
      if (ordem !== "mais_denunciados" && ordem !== "recentes") {
        return apiError(400, "Dados inválidos.", { ordem: ["Use ordem=mais_denunciados ou ordem=recentes."] });
      }
      return Response.json(toApiModeration(await moderationWork(context.db, ordem)), { headers: PRIVATE_READ });
    },
  }),
  reasonedAction({
    path: "/moderacao/anuncios/{id}/ocultar",
    param: listing,
    subject: "pet",
    summary: "Ocultar um anúncio",
    description: "Tira o anúncio do site até um operador restaurá-lo; quem cuida do animal recebe um e-mail.",
    run: ({ db, jobs }, operator, id, motivo) => hideListing(db, jobs, operator, id, motivo),
  }),
  reasonedAction({
    path: "/moderacao/anuncios/{id}/restaurar",
    param: listing,
    subject: "pet",
    summary: "Restaurar um anúncio oculto",
    description: "O anúncio volta com o status que tinha; o de uma conta suspensa volta com a conta.",
    run: ({ db, jobs }, operator, id, motivo) => restoreListing(db, jobs, operator, id, motivo),
  }),
  reasonedAction({
    path: "/moderacao/contas/{id}/suspender",
    param: account,
    subject: "user",
    summary: "Suspender uma conta",
    description: "A conta não entra mais, as sessões terminam e os seus anúncios saem do site.",
    run: ({ db, jobs }, operator, id, motivo) => suspendAccount(db, jobs, operator, id, motivo),
  }),
  reasonedAction({
    path: "/moderacao/contas/{id}/restaurar",
    param: account,
    subject: "user",
    summary: "Restaurar uma conta suspensa",
    description: "A conta volta a entrar, com os seus anúncios.",
    run: ({ db, jobs }, operator, id, motivo) => restoreAccount(db, jobs, operator, id, motivo),
  }),
  reasonedAction({
    path: "/moderacao/ongs/{id}/verificar",
    param: account,
    subject: "user",
    summary: "Verificar uma ONG",
    description:
      "Confirma o CNPJ de uma conta de ONG: ela ganha o selo, e os outros pedidos do mesmo CNPJ voltam a ser contas de pessoas.",
    run: ({ db }, operator, id, motivo) => verifyOng(db, operator, id, motivo),
  }),
  endpoint({
    method: "post",
    path: "/moderacao/denuncias/arquivamento",
    access: "signed-in",
    doc: {
      tags: ["Moderação"],
      summary: "Arquivar as denúncias sobre algo",
      description:
        "Fecha as denúncias abertas sobre um alvo (`pet`, `usuario`, `conversa` ou `anuncio`) que não pedem nada; o alvo fica como está. O motivo fica no registro de ações.",
      requestBody: { content: json(dismissReportsSchema) },
      ok: noContent("Arquivadas."),
      errors: { 404: "Nenhuma denúncia aberta sobre isso (ou quem pede não é operador)." },
      traits: { body: true },
    },
    async handle({ request, context, user }) {
      const operator = operatorOf(user);
      if (!operator) return apiFailure(notFound("report").failure);
      const parsed = await parseJsonBody(request, dismissReportsSchema);
      if (!parsed.ok) return parsed.response;
      const { alvo, motivo } = parsed.data;
      const done = await dismissReports(context.db, context.jobs, operator, alvo, motivo);
      if (!done.ok) return apiFailure(done.failure);
      return new Response(null, { status: 204 });
    },
  }),
];
