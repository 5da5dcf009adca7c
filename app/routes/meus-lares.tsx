import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/meus-lares";
import { myFosteredPets } from "~/domain/foster/placements.server";
import { caringMembers } from "~/domain/organizations/membership.server";
import { formatDay } from "~/lib/dates";
import { imageSrcSet, imageUrl } from "~/lib/image-urls";
import { pageMeta } from "~/lib/meta";
import { CASTRATION_LABEL, listInWords, VACCINE_LABEL } from "~/lib/pets";
import { requireUser } from "~/web/auth.server";

/**
 * `/meus-lares` (issue 44): the animals in the signed-in person's foster home, each with its
 * record, the dates of its stay, and the team to talk to. Only the animals placed with them.
 */

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context.db);
  const fostered = await myFosteredPets(context.db, user.id);
  const teams = new Map<string, string[]>();
  for (const organizationId of new Set(fostered.map((item) => item.organizationId))) {
    teams.set(
      organizationId,
      (await caringMembers(context.db, organizationId)).map((member) => member.nome),
    );
  }
  return {
    animals: fostered.map(({ pet, inicio, fimPrevisto, organizationId }) => ({
      id: pet.id,
      nome: pet.nome,
      photoId: pet.photoIds[0] ?? null,
      resumo: `${pet.idade} · ${pet.porte}`,
      desde: formatDay(inicio),
      ate: fimPrevisto ? formatDay(fimPrevisto) : null,
      organizacao: pet.organizacao.nome,
      equipe: teams.get(organizationId) ?? [],
      ficha: [
        ["Castração", pet.castrado ? CASTRATION_LABEL[pet.castrado] : "Não informado"],
        [
          "Vacinas",
          pet.vacinas.length ? listInWords(pet.vacinas.map((code) => VACCINE_LABEL[code])) : "Nenhuma informada",
        ],
        ["Vermifugado", pet.vermifugado === null ? "Não informado" : pet.vermifugado ? "Sim" : "Não"],
        ...(pet.necessidadesEspeciais ? [["Necessidades especiais", pet.necessidadesEspeciais]] : []),
      ] as [string, string][],
    })),
  };
}

export function meta() {
  return pageMeta("Meus lares temporários | Adopet", "Os animais que estão no seu lar temporário.");
}

export default function MyFosteredPets() {
  const { animals } = useLoaderData<typeof loader>();
  return (
    <section className="profile my-fosters">
      <h1 className="profile__title">Meus lares temporários</h1>
      {animals.length === 0 ? (
        <div className="panel">
          <p>Nenhum animal está no seu lar temporário agora.</p>
          <p>
            Quando uma organização levar um animal para a sua casa, ele aparece aqui, com a ficha e a equipe para
            conversar. <Link to="/lar-temporario">Ver a sua oferta de lar temporário</Link> ·{" "}
            <Link to="/lar-temporario/precisam">Animais que precisam de lar temporário</Link>
          </p>
        </div>
      ) : (
        <ul className="my-fosters__list">
          {animals.map((animal) => (
            <li key={animal.id} className="panel my-fosters__item">
              {animal.photoId ? (
                <img
                  className="my-fosters__photo"
                  src={imageUrl(animal.photoId, 160)}
                  srcSet={imageSrcSet(animal.photoId)}
                  sizes="120px"
                  width={120}
                  height={120}
                  alt={`Foto de ${animal.nome}`}
                />
              ) : null}
              <div className="my-fosters__body">
                <h2 className="panel__title">
                  <Link to={`/pets/${animal.id}`}>{animal.nome}</Link>
                </h2>
                <p>
                  {animal.resumo}. Com você desde {animal.desde}
                  {animal.ate ? `, previsto até ${animal.ate}` : ""}. De {animal.organizacao}.
                </p>
                <dl className="my-fosters__record">
                  {animal.ficha.map(([term, value]) => (
                    <div key={term}>
                      <dt>{term}</dt>
                      <dd>{value}</dd>
                    </div>
                  ))}
                </dl>
                {animal.equipe.length ? <p>Equipe: {listInWords(animal.equipe)}.</p> : null}
                <p>
                  <Link to={`/contato?pet=${animal.id}`} className="button">
                    Falar com a equipe
                  </Link>
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
