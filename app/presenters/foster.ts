import type { z } from "zod";
import type { FosterOffer } from "~/domain/foster/offers.server";
import type { OfferNearby } from "~/domain/foster/search.server";
import type { PetNewsView } from "~/domain/foster/news.server";
import type { Placement } from "~/domain/foster/placements.server";
import { newsPhotoUrl } from "~/lib/foster";
import type {
  fosterOfferResponseSchema,
  fosterOffersNearbySchema,
  petNewsSchema,
  placementSchema,
} from "~/openapi/responses";

/** The foster network (issue 44) in the API's shape. */

type ApiOffer = z.input<typeof fosterOfferResponseSchema>;
type ApiOfferNearby = z.input<typeof fosterOffersNearbySchema>["lares"][number];

/** Where the home is and what it offers, as both the owner and organisations read it. */
function offered(offer: Omit<OfferNearby, "nome" | "distanciaKm" | "membro">) {
  return {
    cidade: offer.cidade,
    uf: offer.uf as ApiOffer["uf"],
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

export function toApiFosterOffer(offer: FosterOffer): ApiOffer {
  return {
    ...offered(offer),
    cidade_ibge: offer.cidadeIbge,
    pausado: offer.pausado,
    atualizado_em: offer.updatedAt.toISOString(),
  };
}

export function toApiOfferNearby(offer: OfferNearby): ApiOfferNearby {
  return { id: offer.id, nome: offer.nome, distancia_km: offer.distanciaKm, membro: offer.membro, ...offered(offer) };
}

export function toApiPlacement(placement: Placement): z.input<typeof placementSchema> {
  return {
    id: placement.id,
    pet_id: placement.petId,
    lar: placement.lar,
    inicio: placement.inicio,
    fim_previsto: placement.fimPrevisto,
    fim: placement.fim,
  };
}

export function toApiNews(news: PetNewsView): z.input<typeof petNewsSchema> {
  return {
    id: news.id,
    texto: news.texto,
    status: news.status,
    fotos: news.fotos.map((imageId, position) => newsPhotoUrl(news, imageId, position)),
    criada_em: news.criadaEm.toISOString(),
  };
}
