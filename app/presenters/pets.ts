import type { PetView } from "~/domain/pets/pet-views.server";
import type { FeedPage } from "~/domain/pets/feed.server";
import type { OrganizationAnimal } from "~/domain/pets/organization-animals.server";
import { toApiDose } from "./health";
import { imageSrcSet, imageUrl } from "~/lib/image-urls";
import type { ApiPet } from "~/openapi/responses";

/** A pet in the API's shape (and in a person's data export). */

const apiPetsOfPage = new WeakMap<FeedPage, ApiPet[]>();

/** The pets of a feed page in the API's shape. */
export function toApiPets(feed: FeedPage): ApiPet[] {
  let shaped = apiPetsOfPage.get(feed);
  if (!shaped) {
    shaped = feed.items.map(toApiPet);
    apiPetsOfPage.set(feed, shaped);
  }
  return shaped;
}

/** The API's shape: the specification's fields first (id, imagem, nome, idade, porte, perfil, local), then richer ones. */
export function toApiPet(pet: PetView): ApiPet {
  const cover = pet.photoIds[0];
  return {
    id: pet.id,
    imagem: cover ? imageUrl(cover, 640) : null,
    nome: pet.nome,
    idade: pet.idade,
    porte: pet.porte,
    perfil: pet.perfil,
    local: pet.local,
    especie: pet.especie,
    idade_valor: pet.idadeValor,
    idade_unidade: pet.idadeUnidade,
    porte_codigo: pet.porteCodigo,
    cidade: pet.cidade,
    uf: pet.uf,
    cidade_ibge: pet.cidadeIbge,
    // Reserved is a status to the world (issue 19), kept beside `disponivel` in the database.
    status: pet.reservado ? "reservado" : pet.status,
    fotos: pet.photoIds.map((id) => ({ srcset: imageSrcSet(id), url: imageUrl(id, 640) })),
    responsavel: {
      id: pet.caretaker.id,
      nome: pet.caretaker.nome,
      tipo: pet.caretaker.tipo,
      verificada: pet.caretaker.verificada,
    },
    organizacao: pet.organizacao,
    publicado_em: pet.createdAt.toISOString(),
    sexo: pet.sexo,
    castrado: pet.castrado,
    castracao_data: pet.castracaoData,
    vacinas: pet.vacinas,
    vermifugado: pet.vermifugado,
    fiv_felv_negativo: pet.fivFelvNegativo,
    microchip: pet.microchip,
    raca: pet.raca,
    pelagem: pet.pelagem,
    convive_com: pet.conviveCom,
    necessidades_especiais: pet.necessidadesEspeciais,
    historia: pet.historia,
    taxa_adocao: pet.taxaAdocaoCentavos === null ? null : pet.taxaAdocaoCentavos / 100,
    precisa_lar_temporario: pet.precisaLarTemporario,
    urgencia: pet.larUrgente ? "urgente" : "normal",
    prazo_lar: pet.prazoLar,
    em_lar_temporario: pet.emLarTemporario,
    ...(pet.distanciaKm !== undefined && { distancia_km: pet.distanciaKm }),
  };
}

/** An animal in its organisation's list (issue 62): its record, and its doses late and coming. */
export function toApiOrganizationAnimal(animal: OrganizationAnimal) {
  return {
    ...toApiPet(animal),
    doses_atrasadas: animal.dosesAtrasadas.map(toApiDose),
    doses_proximas: animal.dosesProximas.map(toApiDose),
  };
}
