import { z } from "zod";
import { organizationPixCode, petPixCode, pixKeyForMember, setPixKey } from "~/domain/giving/pix.server";
import { createdIdSchema, pixCodeSchema, pixKeyResponseSchema, sponsorshipsSchema } from "~/openapi/responses";
import {
  apiStopSponsorshipSchema,
  PIX_MESSAGES,
  pixKeySchema,
  readGiftAmount,
  sponsorshipSchema,
} from "~/validation/pix";
import {
  listSponsorships,
  moveSponsorship,
  startSponsorship,
  stopSponsorship,
  stopSponsorshipByToken,
} from "~/domain/giving/sponsorships.server";
import { apiError, apiFailure, parseJsonBody } from "~/web/api.server";
import { endpoint, idParam } from "../endpoint";
import { answer, json, noContent } from "../openapi/operation";
import { toApiPixCode, toApiPixKey, toApiSponsorship } from "~/presenters/pix";

/** Gifts by Pix (issue 46): an organisation's key, and the codes that pay it directly. */

const organization = idParam("organization", "da organização");
const pet = idParam("pet", "do animal");
const sponsorship = idParam("sponsorship", "do apadrinhamento");
const NO_STORE = { "Cache-Control": "no-store" };
const giftQuery = z.object({
  valor: z.string().optional().meta({
    description: "Em reais, de 1.00 a 100000.00 (ponto ou vírgula). Sem ele, quem paga digita o valor no app do banco.",
    example: "25.00",
  }),
});
const CODE =
  "Um BR Code estático do Pix, que paga direto a conta da organização: nada passa pela Adopet, e nada de quem paga fica guardado. Cada pedido traz um `txid` novo.";

/** The `valor` of a gift's query, or the 400 that says how to write it. */
function giftAmount(request: Request): { ok: true; centavos: number | null } | { ok: false; response: Response } {
  const centavos = readGiftAmount(new URL(request.url).searchParams.get("valor"));
  if (centavos === undefined)
    return { ok: false, response: apiError(400, PIX_MESSAGES.valor, { valor: [PIX_MESSAGES.valor] }) };
  return { ok: true, centavos };
}

export const givingEndpoints = [
  endpoint({
    method: "get",
    path: "/organizacoes/{id}/pix",
    access: "anyone",
    crossOrigin: true,
    params: { id: organization },
    doc: {
      tags: ["Doações"],
      summary: "Um código Pix para doar à organização",
      description: CODE,
      query: giftQuery,
      ok: { 200: answer("O código.", pixCodeSchema) },
      errors: {
        400: "O valor não é um valor em reais entre 1,00 e 100.000,00.",
        404: "Organização não encontrada, ou sem chave Pix.",
      },
    },
    async handle({ request, params, context }) {
      const amount = giftAmount(request);
      if (!amount.ok) return amount.response;
      const code = await organizationPixCode(context.db, params.id, amount.centavos);
      if (!code.ok) return apiFailure(code.failure);
      return Response.json(toApiPixCode(code.value), { headers: NO_STORE });
    },
  }),
  endpoint({
    method: "put",
    path: "/organizacoes/{id}/pix",
    access: "signed-in",
    params: { id: organization },
    doc: {
      tags: ["Doações"],
      summary: "Definir a chave Pix da organização",
      description:
        "Só administradores. `chave`: CPF, CNPJ, e-mail, celular (+55 e DDD) ou chave aleatória, conferida; `nome_recebedor` (até 25 caracteres) e `cidade_recebedor` (até 15) vão em cada código, como o banco mostra a quem paga. Cada alteração é avisada por e-mail a todos os administradores e fica no registro de atividade.",
      requestBody: { content: json(pixKeySchema) },
      ok: { 200: answer("A chave, como ficou guardada.", pixKeyResponseSchema) },
      errors: {
        403: "Só quem administra a organização pode alterar a chave Pix.",
        404: "Organização não encontrada (ou você não é membro dela).",
      },
      traits: { body: true, limited: true },
    },
    async handle({ request, params, context, user }) {
      const parsed = await parseJsonBody(request, pixKeySchema);
      if (!parsed.ok) return parsed.response;
      const saved = await setPixKey(context.db, context.jobs, user.id, params.id, parsed.data);
      if (!saved.ok) return apiFailure(saved.failure);
      return Response.json(toApiPixKey(saved.value), { headers: NO_STORE });
    },
  }),
  endpoint({
    method: "get",
    path: "/organizacoes/{id}/pix/chave",
    access: "signed-in",
    params: { id: organization },
    doc: {
      tags: ["Doações"],
      summary: "Ver a chave Pix da organização",
      description: "Para administradores e equipe.",
      ok: { 200: answer("A chave.", pixKeyResponseSchema) },
      errors: {
        403: "Lar temporário da organização: só administradores e equipe.",
        404: "Organização não encontrada (ou você não é membro dela), ou sem chave Pix.",
      },
    },
    async handle({ params, context, user }) {
      const key = await pixKeyForMember(context.db, user.id, params.id);
      if (!key.ok) return apiFailure(key.failure);
      if (!key.value) return apiError(404, PIX_MESSAGES.semChave);
      return Response.json(toApiPixKey(key.value), { headers: NO_STORE });
    },
  }),
  endpoint({
    method: "get",
    path: "/pets/{id}/pix",
    access: "anyone",
    crossOrigin: true,
    params: { id: pet },
    doc: {
      tags: ["Doações"],
      summary: "Um código Pix para apadrinhar um animal",
      description: `Uma doação para um animal que espera um lar, paga à organização que cuida dele (o \`txid\` diz qual animal). ${CODE}`,
      query: giftQuery,
      ok: { 200: answer("O código.", pixCodeSchema) },
      errors: {
        400: "O valor não é um valor em reais entre 1,00 e 100.000,00.",
        404: "Animal não encontrado (ou já adotado), ou a organização dele não tem chave Pix.",
      },
    },
    async handle({ request, params, context }) {
      const amount = giftAmount(request);
      if (!amount.ok) return amount.response;
      const code = await petPixCode(context.db, params.id, amount.centavos);
      if (!code.ok) return apiFailure(code.failure);
      return Response.json(toApiPixCode(code.value), { headers: NO_STORE });
    },
  }),
  endpoint({
    method: "post",
    path: "/pets/{id}/apadrinhamentos",
    access: "signed-in",
    params: { id: pet },
    doc: {
      tags: ["Doações"],
      summary: "Apadrinhar um animal todo mês",
      description:
        "`valor_mensal` em reais (número, ou texto como `30,00`), de 1,00 a 100.000,00; `dia` do mês, de 1 a 28. O código Pix do primeiro mês chega por e-mail na hora, e o de cada mês seguinte no dia escolhido, até você parar, o animal ser adotado ou sair da Adopet. Pede o e-mail confirmado.",
      requestBody: { content: json(sponsorshipSchema) },
      ok: { 201: answer("O apadrinhamento criado.", createdIdSchema) },
      errors: {
        403: "O e-mail da conta ainda não foi confirmado.",
        404: "Animal não encontrado (ou já adotado), ou a organização dele não tem chave Pix.",
        409: "Você já apadrinha este animal.",
      },
      traits: { body: true, limited: true },
    },
    async handle({ request, params, context, user }) {
      const parsed = await parseJsonBody(request, sponsorshipSchema);
      if (!parsed.ok) return parsed.response;
      const made = await startSponsorship(context.db, context.jobs, user.id, params.id, parsed.data);
      if (!made.ok) return apiFailure(made.failure);
      return Response.json({ id: made.value }, { status: 201, headers: NO_STORE });
    },
  }),
  endpoint({
    method: "get",
    path: "/apadrinhamentos",
    access: "signed-in",
    doc: {
      tags: ["Doações"],
      summary: "Os seus apadrinhamentos",
      ok: { 200: answer("Os apadrinhamentos.", sponsorshipsSchema) },
    },
    async handle({ context, user }) {
      const list = await listSponsorships(context.db, user.id);
      return Response.json({ apadrinhamentos: list.map(toApiSponsorship) }, { headers: NO_STORE });
    },
  }),
  // Declared before `/apadrinhamentos/{id}`, which would otherwise take its requests.
  endpoint({
    method: "post",
    path: "/apadrinhamentos/parar",
    access: "anyone",
    doc: {
      tags: ["Doações"],
      summary: "Parar de apadrinhar pelo link do e-mail",
      description:
        "O `token` do link `Parar de apadrinhar` do e-mail de cada mês; não precisa de sessão. Nenhum código Pix chega mais; parar um que já terminou não muda nada (204). Com a sessão, `DELETE /apadrinhamentos/{id}` faz o mesmo.",
      requestBody: { content: json(apiStopSponsorshipSchema) },
      ok: noContent("Parado."),
      errors: { 400: "Link incompleto, que não foi feito aqui, ou de um apadrinhamento que não existe mais." },
      traits: { body: true },
    },
    async handle({ request, context }) {
      const parsed = await parseJsonBody(request, apiStopSponsorshipSchema);
      if (!parsed.ok) return parsed.response;
      const stopped = await stopSponsorshipByToken(context.db, parsed.data.token);
      if (!stopped.ok) return apiFailure(stopped.failure);
      return new Response(null, { status: 204, headers: NO_STORE });
    },
  }),
  endpoint({
    method: "post",
    path: "/apadrinhamentos/{id}/continuar",
    access: "party",
    params: { id: sponsorship },
    doc: {
      tags: ["Doações"],
      summary: "Continuar um apadrinhamento com a nova organização do animal",
      description:
        "Quando o animal passa para outra organização, o apadrinhamento fica parado (`transferido_para`), sem códigos Pix, até o padrinho escolher: continuar com ela (aqui) ou parar (`DELETE`).",
      ok: noContent("Continua com a organização que cuida do animal agora."),
      errors: { 404: "Apadrinhamento não encontrado (ou não é seu).", 409: "O apadrinhamento já terminou." },
    },
    async handle({ params, context, user }) {
      const moved = await moveSponsorship(context.db, user.id, params.id);
      if (!moved.ok) return apiFailure(moved.failure);
      return new Response(null, { status: 204, headers: NO_STORE });
    },
  }),
  endpoint({
    method: "delete",
    path: "/apadrinhamentos/{id}",
    access: "party",
    params: { id: sponsorship },
    doc: {
      tags: ["Doações"],
      summary: "Parar de apadrinhar",
      description: "Nenhum código Pix chega mais. Parar um que já terminou não muda nada.",
      ok: noContent("Parado."),
      errors: { 404: "Apadrinhamento não encontrado (ou não é seu)." },
    },
    async handle({ params, context, user }) {
      const stopped = await stopSponsorship(context.db, user.id, params.id);
      if (!stopped.ok) return apiFailure(stopped.failure);
      return new Response(null, { status: 204, headers: NO_STORE });
    },
  }),
];
