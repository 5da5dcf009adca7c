import { Link } from "react-router";
import { imageSrcSet, imageUrl } from "~/lib/image-urls";
import { ChatIcon } from "./art";

export type PetCardData = {
  id: string;
  nome: string;
  idade: string;
  porte: string;
  perfil: string;
  local: string;
  photoIds: string[];
};

/** A pet in the feed: photo, nome, idade, porte, perfil, local, and the way to talk to its caretaker. */
export function PetCard({ pet, eager = false }: { pet: PetCardData; eager?: boolean }) {
  const cover = pet.photoIds[0];
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
          fetchPriority={eager ? "high" : undefined}
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
        <p className="pet-card__facts">
          <span>{pet.idade}</span>
          <span>{pet.porte}</span>
          <span>{pet.perfil}</span>
        </p>
        <p className="pet-card__place">{pet.local}</p>
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
