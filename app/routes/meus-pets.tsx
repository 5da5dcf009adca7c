import { Link, redirect } from "react-router";
import type { Route } from "./+types/meus-pets";
import { membershipsOf } from "~/domain/organizations/membership.server";
import { pageMeta } from "~/lib/meta";
import { requireUser } from "~/web/auth.server";
import { currentOrganization } from "~/web/organization-choice.server";
import { quickAnimalAction } from "./animais/quick-actions.server";

/**
 * `Meus animais`: the animals of the organisation the person works in (issue 62), at
 * `/organizacoes/:id/animais`. Someone who takes care of no organisation's animals has none yet,
 * and is offered to publish one (which makes their own organisation).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context.db);
  const current = await currentOrganization(request, await membershipsOf(context.db, user.id), { caring: true });
  if (current) throw redirect(`/organizacoes/${current.id}/animais`);
  return null;
}

/** The list's quick moves, posted here before the list moved (kept for old pages and clients). */
export async function action({ request, context }: Route.ActionArgs) {
  return quickAnimalAction(request, context);
}

export function meta() {
  return pageMeta("Meus animais | Adopet", "Os animais que você publicou: edite, marque como adotado ou remova.");
}

export default function MyPets() {
  return (
    <section className="my-pets">
      <div className="my-pets__header">
        <h1 className="page-title">Meus animais</h1>
        <Link to="/meus-pets/novo" className="button">
          Publicar um animal
        </Link>
      </div>
      <p className="empty">Você ainda não publicou nenhum animal.</p>
    </section>
  );
}
