/** The foster network (issue 44): what an offer of a home holds, shared by the pages and the API. */

import { formatDay } from "./dates";
import { imageUrl } from "./image-urls";
import { listInWords, SIZE_LABEL, type Size } from "./pets";

/** The species a foster home takes: dogs and cats (the rescue Adopet serves). */
export const FOSTER_SPECIES = ["cao", "gato"] as const;
export type FosterSpecies = (typeof FOSTER_SPECIES)[number];

/** How many animals at once, at most: a home, not a shelter. */
export const FOSTER_MAX_ANIMALS = 10;
export const FOSTER_NOTES_MAX = 500;
/** A foster's news of an animal: a few words (and up to 5 photos, as a listing's). */
export const FOSTER_NEWS_MAX = 1000;
/** A news item waits for the team (`pendente`), then is published or refused once. */
export const NEWS_STATUSES = ["pendente", "publicada", "recusada"] as const;
export type NewsStatus = (typeof NEWS_STATUSES)[number];

/** How far from the animal an organisation looks for homes, by default and at most (km). */
export const FOSTER_RADIUS_KM = 50;
/** The radii the team's search offers, up to FOSTER_RADIUS_KM. */
export const FOSTER_RADII_KM = [10, 25, FOSTER_RADIUS_KM] as const;

/** How urgently an animal needs a foster home: `urgente` ones are listed first. */
export const FOSTER_URGENCIES = ["urgente", "normal"] as const;
export type FosterUrgency = (typeof FOSTER_URGENCIES)[number];

const SPECIES_PLURAL: Record<FosterSpecies, string> = { cao: "cães", gato: "gatos" };

/** What a home offers, in a sentence or two: for the team's e-mail and pages. */
export function offerInWords(offer: {
  especies: readonly FosterSpecies[];
  portes: readonly Size[];
  quantos: number;
  disponivelAte: string | null;
  temAnimais: boolean;
  temCriancas: boolean;
  telaNasJanelas: boolean;
}): string {
  const species = listInWords(offer.especies.map((species) => SPECIES_PLURAL[species]));
  const sizes = offer.portes.map((size) => SIZE_LABEL[size].toLowerCase());
  const until = offer.disponivelAte ? `, até ${formatDay(offer.disponivelAte)}` : "";
  const home = [
    offer.temAnimais ? "tem outros animais" : "não tem outros animais",
    offer.temCriancas ? "tem crianças" : "não tem crianças",
    offer.telaNasJanelas ? "tem tela nas janelas" : "não tem tela nas janelas",
  ].join("; ");
  const anySize = sizes.length <= 1 ? sizes.join("") : `${sizes.slice(0, -1).join(", ")} ou ${sizes.at(-1)}`;
  const first = `${species.charAt(0).toUpperCase()}${species.slice(1)} de porte ${anySize}`;
  return `${first}, ${offer.quantos === 1 ? "um de cada vez" : `até ${offer.quantos} de uma vez`}${until}. Em casa: ${home}.`;
}

/** A news photo's address: the public image once published, else the route only its team and author open. */
export function newsPhotoUrl(news: { id: string; status: string }, imageId: string, position: number): string {
  return news.status === "publicada" ? imageUrl(imageId, 640) : `/adopet/noticias/${news.id}/fotos/${position}.webp`;
}
