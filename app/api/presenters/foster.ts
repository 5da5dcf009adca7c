import type { z } from "zod";
import type { FosterOffer } from "~/domain/foster/offers.server";
import type { OfferNearby } from "~/domain/foster/search.server";
import type { fosterOfferResponseSchema, fosterOffersNearbySchema } from "~/openapi/responses";

/** The foster network (issue 44) in the API's shape. */

export function toApiFosterOffer(offer: FosterOffer): z.input<typeof fosterOfferResponseSchema> {
  return {
    cidade: offer.cidade,
    uf: offer.uf as z.input<typeof fosterOfferResponseSchema>["uf"],
    cidade_ibge: offer.cidadeIbge,
    especies: offer.especies,
    portes: offer.portes,
    quantos: offer.quantos,
    disponivel_ate: offer.disponivelAte,
    tem_animais: offer.temAnimais,
    tem_criancas: offer.temCriancas,
    tela_nas_janelas: offer.telaNasJanelas,
    observacoes: offer.observacoes,
    pausado: offer.pausado,
    atualizado_em: offer.updatedAt.toISOString(),
  };
}

type ApiOfferNearby = z.input<typeof fosterOffersNearbySchema>["lares"][number];

export function toApiOfferNearby(offer: OfferNearby): ApiOfferNearby {
  return {
    id: offer.id,
    nome: offer.nome,
    cidade: offer.cidade,
    uf: offer.uf as ApiOfferNearby["uf"],
    distancia_km: offer.distanciaKm,
    especies: offer.especies,
    portes: offer.portes,
    quantos: offer.quantos,
    disponivel_ate: offer.disponivelAte,
    tem_animais: offer.temAnimais,
    tem_criancas: offer.temCriancas,
    tela_nas_janelas: offer.telaNasJanelas,
    observacoes: offer.observacoes,
  };
}
