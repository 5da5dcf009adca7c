import type { ReactNode } from "react";
import { Link } from "react-router";
import { imageSrcSet, imageUrl } from "~/lib/image-urls";
import { SEX_LABEL, type Sex } from "~/lib/pets";
import { ChatIcon } from "./art";
import { FavoriteButton } from "./favorite-button";

export type PetCardData = {
  id: string;
  nome: string;
  idade: string;
  porte: string;
  perfil: string;
  local: string;
  photoIds: string[];
  sexo: Sex | null;
  /** In a search by distance. */
  distanciaKm?: number;
  /** Promised to an approved application: shown as "Reservado". */
  reservado?: boolean;
};

/** What a card needs of a pet: the page's data stays small (no story, no record). */
export function cardData(pet: PetCardData): PetCardData {
  const { id, nome, idade, porte, perfil, local, photoIds, sexo, distanciaKm, reservado } = pet;
  return {
    id,
    nome,
    idade,
    porte,
    perfil,
    local,
    photoIds,
    sexo,
    ...(distanciaKm !== undefined && { distanciaKm }),
    ...(reservado && { reservado }),
  };
}

/** ♂ or ♀ drawn (an emoji font would draw the characters otherwise), named for screen readers. */
function SexIcon({ sexo, className }: { sexo: Sex; className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" width="16" height="16" role="img" aria-label={SEX_LABEL[sexo]}>
      <title>{SEX_LABEL[sexo]}</title>
      {sexo === "macho" ? (
        <g fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round">
          <circle cx="10" cy="14" r="6" />
          <path d="M14.5 9.5 20 4M15 4h5v5" />
        </g>
      ) : (
        <g fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round">
          <circle cx="12" cy="9" r="6" />
          <path d="M12 15v7M8.5 19h7" />
        </g>
      )}
    </svg>
  );
}

/** A pet in the feed: photo, nome, idade, porte, perfil, local, and the way to talk to its caretaker. */
export function PetCard({
  pet,
  position,
  favorito,
  voltar = "/home",
  badges,
}: {
  pet: PetCardData;
  /** What a list says of each animal beside its name (an urgency, a deadline). */
  badges?: ReactNode;
  /**
   * The card's place in its list, from 0. The first row's photos (two on a phone) load at once,
   * the rest as they come near; only the first is fetched ahead of everything else, as the page's
   * largest paint: a second one held it back by sharing a slow connection (docs/performance.md).
   */
  position?: number;
  /** For a signed-in person: whether the pet is among their favourites (its heart shows). */
  favorito?: boolean;
  voltar?: string;
}) {
  const cover = pet.photoIds[0];
  const eager = position !== undefined && position < 2;
  return (
    <article className="pet-card" aria-labelledby={`pet-${pet.id}`}>
      {cover ? (
        <img
          className="pet-card__photo"
          src={imageUrl(cover, 160)}
          srcSet={imageSrcSet(cover)}
          sizes="148px"
          width={148}
          height={148}
          alt={`Foto de ${pet.nome}`}
          loading={eager ? "eager" : "lazy"}
          fetchPriority={position === 0 ? "high" : undefined}
          decoding="async"
        />
      ) : (
        <div className="pet-card__photo pet-card__photo--empty" aria-hidden="true" />
      )}
      <div className="pet-card__body">
        <h2 className="pet-card__name" id={`pet-${pet.id}`}>
          <Link to={`/pets/${pet.id}`} className="pet-card__link">
            {pet.nome}
          </Link>
        </h2>
        {pet.reservado ? <p className="reserved-badge pet-card__reserved">Reservado</p> : null}
        {badges}
        <p className="pet-card__facts">
          <span>
            {pet.sexo ? <SexIcon sexo={pet.sexo} className="pet-card__sex" /> : null}
            {pet.idade}
          </span>
          <span>{pet.porte}</span>
          <span>{pet.perfil}</span>
        </p>
        <p className="pet-card__place">
          {pet.local}
          {pet.distanciaKm === undefined ? null : (
            <span className="pet-card__distance">
              {pet.distanciaKm === 0 ? " · na cidade" : ` · a ${pet.distanciaKm} km`}
            </span>
          )}
        </p>
        {favorito === undefined ? null : (
          <FavoriteButton petId={pet.id} petNome={pet.nome} favorito={favorito} voltar={voltar} compact />
        )}
        <Link
          to={`/contato?pet=${pet.id}`}
          className="pet-card__contact"
          aria-label={`Falar com responsável por ${pet.nome}`}
        >
          <ChatIcon className="pet-card__chat" />
          Falar com responsável
        </Link>
      </div>
    </article>
  );
}
