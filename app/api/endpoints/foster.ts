import { z } from "zod";
import { ownOffer, saveOffer, withdrawOffer } from "~/domain/foster/offers.server";
import { offersNear } from "~/domain/foster/search.server";
import { FOSTER_RADIUS_KM } from "~/lib/foster";
import { fosterOfferResponseSchema, fosterOffersNearbySchema } from "~/openapi/responses";
import { FOSTER_MESSAGES, fosterOfferSchema } from "~/validation/foster";
import { apiError, apiFailure, parseJsonBody } from "~/web/api.server";
import { notFound } from "~/services/outcome.server";
import { endpoint, idParam } from "../endpoint";
import { answer, json, noContent } from "../openapi/operation";
import { toApiFosterOffer, toApiOfferNearby } from "../presenters/foster";

const NO_STORE = { "Cache-Control": "no-store" };
const organization = idParam("organization", "da organização");

/** `GET /organizacoes/:id/lares`'s query. */
const nearbyQuery = z.object({
  perto: z.string().max(60).optional().meta({
    description: "A cidade: o código IBGE, ou o nome (padrão: a cidade da organização).",
    example: "3303302",
  }),
  raio: z.coerce
    .number()
    .int()
    .min(1)
    .max(FOSTER_RADIUS_KM)
    .optional()
    .meta({ description: `Até quantos km (padrão e máximo: ${FOSTER_RADIUS_KM}).` }),
});

/** The foster network (issue 44): a person's own offer of a home. */
export const fosterEndpoints = [
  endpoint({
    method: "get",
    path: "/lares/meu",
    access: "signed-in",
    doc: {
      tags: ["Lar temporário"],
      summary: "Sua oferta de lar temporário",
      ok: { 200: answer("A oferta.", fosterOfferResponseSchema) },
      errors: { 404: "Você ainda não ofereceu um lar temporário." },
    },
    async handle({ context, user }) {
      const offer = await ownOffer(context.db, user.id);
      if (!offer) return apiFailure(notFound("foster-offer").failure);
      return Response.json(toApiFosterOffer(offer), { headers: NO_STORE });
    },
  }),
  endpoint({
    method: "put",
    path: "/lares/meu",
    access: "signed-in",
    doc: {
      tags: ["Lar temporário"],
      summary: "Oferecer um lar temporário, ou mudar a oferta",
      description:
        "A oferta inteira. Só organizações a até 50 km veem a oferta, com o seu primeiro nome, a cidade e o que você oferece; telefone, e-mail e endereço só depois que você aceitar receber um animal. `pausado`: true pausa (ninguém encontra a oferta), false retoma; sem ele, fica como estava.",
      requestBody: { content: json(fosterOfferSchema) },
      ok: { 200: answer("A oferta salva.", fosterOfferResponseSchema) },
      errors: {
        403: "Confirme seu e-mail antes de oferecer um lar temporário.",
        400: "Dados inválidos: um campo faltando, uma cidade fora da lista do IBGE, uma data que já passou.",
      },
      traits: { body: true, limited: true },
    },
    async handle({ request, context, user }) {
      const parsed = await parseJsonBody(request, fosterOfferSchema);
      if (!parsed.ok) return parsed.response;
      const saved = await saveOffer(context.db, user.id, parsed.data, new Date());
      if (!saved.ok) return apiFailure(saved.failure);
      return Response.json(toApiFosterOffer(saved.value), { headers: NO_STORE });
    },
  }),
  endpoint({
    method: "delete",
    path: "/lares/meu",
    access: "signed-in",
    doc: {
      tags: ["Lar temporário"],
      summary: "Retirar sua oferta de lar temporário",
      description: "A oferta é apagada, com tudo o que dizia.",
      ok: noContent("Retirada."),
      errors: { 404: "Você ainda não ofereceu um lar temporário." },
    },
    async handle({ context, user }) {
      const withdrawn = await withdrawOffer(context.db, user.id);
      if (!withdrawn.ok) return apiFailure(withdrawn.failure);
      return new Response(null, { status: 204, headers: NO_STORE });
    },
  }),
  endpoint({
    method: "get",
    path: "/organizacoes/{id}/lares",
    access: "signed-in",
    params: { id: organization },
    doc: {
      tags: ["Lar temporário"],
      summary: "Lares temporários perto de uma cidade",
      description:
        "Para administradores e equipe da organização. As ofertas ativas (não pausadas, dentro da data) a até `raio` km, mais perto primeiro (até 100): o primeiro nome, a cidade e o que a pessoa oferece; nunca sobrenome, telefone, e-mail ou endereço.",
      query: nearbyQuery,
      ok: { 200: answer("As ofertas perto.", fosterOffersNearbySchema) },
      errors: {
        400: "Cidade desconhecida (ou a organização não tem cidade e `perto` faltou), ou `raio` fora de 1 a 50.",
        403: "Lar temporário da organização: só administradores e equipe procuram lares.",
        404: "Organização não encontrada (ou você não é membro dela).",
      },
    },
    async handle({ request, params, context, user }) {
      const query = nearbyQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
      if (!query.success) return apiError(400, "Dados inválidos.", { raio: [FOSTER_MESSAGES.raio] });
      const found = await offersNear(
        context.db,
        user.id,
        params.id,
        { perto: query.data.perto || undefined, raio: query.data.raio ?? FOSTER_RADIUS_KM },
        new Date(),
      );
      if (!found.ok) return apiFailure(found.failure);
      return Response.json(
        {
          perto: { codigo: found.value.center.codigo, cidade: found.value.center.rotulo },
          lares: found.value.lares.map(toApiOfferNearby),
        },
        { headers: NO_STORE },
      );
    },
  }),
];
