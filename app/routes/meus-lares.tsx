import { Link, redirect, useActionData, useLoaderData, useLocation } from "react-router";
import type { Route } from "./+types/meus-lares";
import { isId } from "~/lib/ids";
import { FileChoice } from "~/components/file-choice";
import { NewsPhotos } from "~/components/news-photos";
import { FormError, SelectField, TextAreaField, ValidatedForm } from "~/components/form-fields";
import { useValidatedForm } from "~/components/use-validated-form";
import { newsOf, postNews } from "~/domain/foster/news.server";
import { myFosteredPets } from "~/domain/foster/placements.server";
import { overdueDoses, overdueText } from "~/domain/health/reminders.server";
import { FOSTER_NEWS_MAX, newsPhotoUrl } from "~/lib/foster";
import { newsPageSchema } from "~/validation/foster";
import { formFailure, submitFormOnce } from "~/web/forms.server";
import { setNotice } from "~/web/notices.server";
import { readNewsForm } from "~/web/pet-forms.server";
import { caringMembers } from "~/domain/organizations/membership.server";
import { dayInBrasilia, formatDateTime, formatDay } from "~/lib/dates";
import { imageSrcSet, imageUrl } from "~/lib/image-urls";
import { pageMeta } from "~/lib/meta";
import { CASTRATION_LABEL, listInWords, VACCINE_LABEL } from "~/lib/pets";
import { requireUser } from "~/web/auth.server";

/**
 * `/meus-lares` (issue 44): the animals in the signed-in person's foster home, each with its
 * record, the dates of its stay, the team to talk to, and its news (`Enviar notícias`). Only the
 * animals placed with them.
 */

const NEWS_STATUS: Record<string, string> = {
  pendente: "Esperando a equipe publicar",
  publicada: "Publicada",
  recusada: "Não publicada",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context.db);
  // `?organizacao=`: one organisation's animals, as its menu and its home count them (issue 62).
  const only = new URL(request.url).searchParams.get("organizacao");
  const all = await myFosteredPets(context.db, user.id);
  const fostered = isId(only) ? all.filter((item) => item.organizationId === only) : all;
  const news = new Map(
    await Promise.all(
      fostered.map(async ({ pet }) => {
        const found = await newsOf(context.db, user.id, pet.id);
        return [pet.id, found.ok ? found.value.slice(0, 3) : []] as const;
      }),
    ),
  );
  const late = await overdueDoses(
    context.db,
    fostered.map(({ pet }) => pet.id),
    new Date(),
  );
  const teams = new Map<string, string[]>();
  for (const organizationId of new Set(fostered.map((item) => item.organizationId))) {
    teams.set(
      organizationId,
      (await caringMembers(context.db, organizationId)).map((member) => member.nome),
    );
  }
  return {
    somente: isId(only) && fostered.length < all.length ? (fostered[0]?.pet.organizacao.nome ?? "") : null,
    animals: fostered.map(({ pet, inicio, fimPrevisto, organizationId, visitas }) => ({
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
      dosesAtrasadas: (late.get(pet.id) ?? []).map(overdueText),
      visitas: visitas.map((visit) =>
        visit.em
          ? `${visit.nome} vem conhecer ${pet.nome} em ${formatDateTime(visit.em)}.`
          : `${visit.nome} vem conhecer ${pet.nome}: a equipe vai combinar o dia com você.`,
      ),
      noticias: (news.get(pet.id) ?? []).map((item) => ({
        id: item.id,
        texto: item.texto,
        status: NEWS_STATUS[item.status]!,
        em: formatDay(dayInBrasilia(item.criadaEm)),
        fotos: item.fotos.map((imageId, position) => newsPhotoUrl(item, imageId, position)),
      })),
    })),
  };
}

/** `Enviar notícias`: published at once or waiting for the team, as the organisation chose. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context.db);
  const form = await readNewsForm(request);
  if (!form.ok) return form.response;
  return submitFormOnce(context.db, user.id, request, async () => {
    const posted = await postNews(
      context.db,
      context.jobs,
      user.id,
      form.animal,
      { texto: form.texto, photos: form.photos },
      new Date(),
    );
    if (!posted.ok) return formFailure(form, posted.failure, { fields: { pet: "animal" } });
    return redirect("/meus-lares", {
      headers: {
        "Set-Cookie": await setNotice(posted.value.status === "publicada" ? "newsPublished" : "newsSent"),
      },
    });
  });
}

export function meta() {
  return pageMeta("Meus lares temporários | Adopet", "Os animais que estão no seu lar temporário.");
}

export default function MyFosteredPets() {
  const { animals, somente } = useLoaderData<typeof loader>();
  return (
    <section className="profile my-fosters">
      <h1 className="profile__title">Meus lares temporários</h1>
      {somente !== null ? (
        <p>
          {somente ? `Os animais de ${somente} com você. ` : "Nenhum animal desta organização está com você. "}
          <Link to="/meus-lares">Ver todos</Link>
        </p>
      ) : null}
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
                {animal.dosesAtrasadas.length ? (
                  <p className="my-pet__flag">
                    {`Dose atrasada: ${listInWords(animal.dosesAtrasadas)}. `}
                    <Link to={`/pets/${animal.id}/saude`}>Registrar no registro de saúde</Link>
                  </p>
                ) : null}
                {animal.visitas.length ? (
                  <section aria-labelledby={`visitas-${animal.id}`}>
                    <h3 className="my-fosters__subtitle" id={`visitas-${animal.id}`}>
                      Visitas de adoção na sua casa
                    </h3>
                    <ul className="my-fosters__visits">
                      {animal.visitas.map((visit) => (
                        <li key={visit}>{visit}</li>
                      ))}
                    </ul>
                  </section>
                ) : null}
                {animal.equipe.length ? <p>Equipe: {listInWords(animal.equipe)}.</p> : null}
                <p>
                  <Link to={`/contato?pet=${animal.id}`} className="button">
                    Falar com a equipe
                  </Link>{" "}
                  <Link to={`/pets/${animal.id}/saude`} className="button">
                    Saúde de {animal.nome}
                  </Link>
                </p>
                {animal.noticias.length ? (
                  <section aria-label={`Notícias de ${animal.nome}`}>
                    <h3 className="my-fosters__subtitle">Suas notícias</h3>
                    <ul className="my-fosters__news">
                      {animal.noticias.map((item) => (
                        <li key={item.id}>
                          <p>
                            <strong>{item.em}</strong> · {item.status}
                          </p>
                          <p className="my-fosters__news-text">{item.texto}</p>
                          <NewsPhotos fotos={item.fotos} alt={(n) => `Foto ${n} da notícia`} />
                        </li>
                      ))}
                    </ul>
                  </section>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      {animals.length ? <NewsForm /> : null}
    </section>
  );
}

/** A few words and up to 5 photos about one of the animals with the foster. */
function NewsForm() {
  const { animals } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields, focus] = useValidatedForm(newsPageSchema, lastResult, {
    animal: animals.length === 1 ? animals[0]!.id : "",
  });
  const location = useLocation();
  return (
    <ValidatedForm
      form={form}
      focus={focus}
      // A new form after each save (the redirect is a new location): it comes back empty.
      key={location.key}
      encType="multipart/form-data"
      className="panel"
      aria-labelledby="enviar-noticias"
    >
      <h2 className="panel__title" id="enviar-noticias">
        Enviar notícias
      </h2>
      <p>
        Conte como o animal está: as notícias aparecem na página dele quando a equipe publicar, e vão por e-mail para
        quem o marcou como favorito. Não conte onde ele está.
      </p>
      <FormError id={form.errorId} errors={form.errors} />
      <SelectField
        meta={fields.animal}
        label="Animal"
        placeholder="Escolha o animal"
        options={animals.map((animal) => [animal.id, animal.nome])}
      />
      <TextAreaField
        meta={fields.texto}
        label="Notícias"
        placeholder="Comeu bem, brincou no quintal, já atende pelo nome…"
        maxLength={FOSTER_NEWS_MAX}
        rows={5}
      />
      <FileChoice
        name="fotos"
        label="Fotos (opcional, até 5)"
        button="Escolher fotos"
        empty="Nenhuma foto escolhida"
        accept="image/jpeg,image/png,image/webp"
        multiple
        error={fields.fotos.errors?.[0] ?? null}
      />
      <button type="submit" className="button panel__submit">
        Enviar notícias
      </button>
    </ValidatedForm>
  );
}
