import { foundOr404, pageId } from "~/web/not-found.server";
import { redirect, useLoaderData } from "react-router";
import type { Route } from "./+types/favoritos";
import { cardData, PetCard } from "~/components/pet-card";
import { FavoriteButton } from "~/components/favorite-button";
import { addFavorite, listFavorites, removeFavorite } from "~/domain/favorites/favorites.server";
import { pageMeta } from "~/lib/meta";
import { safeReturnPath } from "~/lib/return-to";
import { requireUser } from "~/web/auth.server";
import { readForm } from "~/web/body.server";
import { pageFailure } from "~/web/forms.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context.db);
  const favorites = await listFavorites(context.db, user.id);
  return {
    favorites: favorites.map(({ pet }) => ({ ...cardData(pet), status: pet.status })),
  };
}

/** Marks or unmarks a pet: back to the page it came from, or (from a script) just the new state. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context.db);
  const form = await readForm(request, { maxFiles: 0 }).catch(() => null);
  const petId = pageId(form?.get("pet"), "pet");
  const intent = form?.get("intent");
  foundOr404(intent === "favoritar" || intent === "desfavoritar", "pet");
  if (intent === "favoritar") {
    const added = await addFavorite(context.db, user.id, petId);
    if (!added.ok) throw pageFailure(added.failure);
  } else {
    await removeFavorite(context.db, user.id, petId);
  }
  if (form?.get("ficar")) return { favorito: intent === "favoritar" };
  return redirect(safeReturnPath(form?.get("voltar")) ?? "/favoritos");
}

export function meta() {
  return pageMeta("Favoritos | Adopet", "Os animais que você marcou com um coração.");
}

export default function Favoritos() {
  const { favorites } = useLoaderData<typeof loader>();
  return (
    <section className="favorites">
      <h1 className="favorites__title">Favoritos</h1>
      {favorites.length === 0 ? (
        <div className="empty">
          <p className="empty__title">Você ainda não tem favoritos.</p>
          <p>Toque no coração de um animal para guardá-lo aqui.</p>
        </div>
      ) : (
        <ul className="pet-grid">
          {favorites.map((pet, index) => (
            <li key={pet.id} className="favorites__item">
              {pet.status === "disponivel" ? (
                <PetCard pet={pet} position={index} favorito voltar="/favoritos" />
              ) : (
                <article className="pet-card pet-card--gone" aria-labelledby={`pet-${pet.id}`}>
                  <div className="pet-card__body">
                    <h2 className="pet-card__name" id={`pet-${pet.id}`}>
                      {pet.nome}
                    </h2>
                    <p>
                      {pet.status === "adotado"
                        ? `${pet.nome} foi adotado e encontrou um lar.`
                        : pet.status === "oculto"
                          ? `O anúncio de ${pet.nome} não está disponível no momento.`
                          : `${pet.nome} foi removido por quem cuidava dele.`}
                    </p>
                    <FavoriteButton petId={pet.id} petNome={pet.nome} favorito voltar="/favoritos" />
                  </div>
                </article>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
