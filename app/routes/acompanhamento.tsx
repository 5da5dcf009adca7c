import { FileChoice } from "~/components/file-choice";
import { data, Form, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/acompanhamento";
import { answerCheckin, checkCheckinOpen, openCheckin } from "~/domain/termos/followups.server";
import { imageUrl } from "~/lib/image-urls";
import { daysText } from "~/lib/dates";
import { CHECKIN_MESSAGES, CHECKIN_PHOTOS_MAX, CHECKIN_TEXT_MAX, checkinTextField } from "~/validation/termos";
import { BodyError, bytesOf, readForm } from "~/web/body.server";
import { failureStatus, failureText } from "~/web/failures.server";

/**
 * A check-in's page (issue 21), opened from its e-mail's signed link without login:
 * `Como está o {animal}?`, a few words and up to 3 photos, answered once.
 */
/** The link's token, in the query: a path would be written to the request log, a query is not. */
const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token") ?? "";

export async function loader({ request, context }: Route.LoaderArgs) {
  const found = await openCheckin(context.db, tokenOf(request), new Date());
  if (!found.ok) throw data(failureText(found.failure), { status: failureStatus(found.failure, "page") });
  const { petNome, petFotoId, adotanteNome, dia, answered } = found.value;
  return {
    petNome,
    foto: petFotoId ? imageUrl(petFotoId, 160) : null,
    adotanteNome,
    dia,
    answered,
    sent: new URL(request.url).searchParams.has("enviado"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const token = tokenOf(request);
  // A link expired or answered is told so before its photos are read.
  const open = await checkCheckinOpen(context.db, token, new Date());
  if (!open.ok) {
    return data({ field: "texto", error: failureText(open.failure) }, { status: failureStatus(open.failure, "page") });
  }
  let form: FormData;
  try {
    form = await readForm(request, {
      maxFiles: CHECKIN_PHOTOS_MAX,
      maxParts: CHECKIN_PHOTOS_MAX + 2,
      tooManyFiles: CHECKIN_MESSAGES.fotosMax,
    });
  } catch (error) {
    if (error instanceof BodyError) return data({ field: "fotos", error: error.message }, { status: error.status });
    throw error;
  }
  const parsed = checkinTextField.safeParse(form.get("texto") ?? undefined);
  if (!parsed.success) return data({ field: "texto", error: parsed.error.issues[0]!.message }, { status: 400 });
  const files = form.getAll("fotos").filter((value): value is File => value instanceof File && value.size > 0);
  const fotos = await bytesOf(files);
  const answered = await answerCheckin(context.db, token, { texto: parsed.data, fotos }, new Date());
  if (!answered.ok) {
    return data(
      { field: answered.failure.kind === "invalid" ? "fotos" : "texto", error: failureText(answered.failure) },
      { status: failureStatus(answered.failure, "page") },
    );
  }
  return redirect(`/acompanhamento?token=${encodeURIComponent(token)}&enviado`);
}

export function meta({ data: loaded }: Route.MetaArgs) {
  return [
    { title: `Como está ${loaded?.petNome ?? "o seu animal"}? | Adopet` },
    { name: "description", content: "Conte a quem cuidava do animal as novidades da vida na casa nova." },
    // A personal link: never indexed.
    { name: "robots", content: "noindex" },
  ];
}

export default function Checkin() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  if (page.answered) {
    return (
      <section className="verify">
        <h1 className="questionnaire__title">Obrigado!</h1>
        <p className="application__explanation" role="status">
          {page.sent
            ? `Recebemos suas notícias de ${page.petNome}. Quem cuidava do animal vai adorar saber.`
            : `Você já respondeu a este acompanhamento de ${page.petNome}. Obrigado!`}
        </p>
      </section>
    );
  }
  const textError = answer?.field === "texto" ? answer.error : null;
  const photoError = answer?.field === "fotos" ? answer.error : null;
  return (
    <section className="verify">
      <div className="application__head">
        {page.foto ? <img src={page.foto} alt="" width={80} height={80} className="application__photo" /> : null}
        <h1 className="questionnaire__title">Como está {page.petNome}?</h1>
      </div>
      <p className="questionnaire__lead">
        Olá, {page.adotanteNome}! Já faz {daysText(page.dia)} da adoção. Conte como {page.petNome} está e, se quiser,
        mande até 3 fotos: quem cuidava do animal acompanha por aqui.
      </p>
      <Form method="post" encType="multipart/form-data" className="panel">
        <div className="field">
          <label className="field__label" htmlFor="texto">
            Como {page.petNome} está?
          </label>
          <textarea
            className="field__control field__control--textarea"
            id="texto"
            name="texto"
            rows={6}
            maxLength={CHECKIN_TEXT_MAX}
            aria-invalid={textError ? true : undefined}
            aria-describedby="texto-erro"
            autoFocus={textError ? true : undefined}
          />
          <p id="texto-erro" className="field__error" aria-live="polite">
            {textError ?? ""}
          </p>
        </div>
        <FileChoice
          name="fotos"
          label="Fotos (até 3, opcional)"
          button="Escolher fotos"
          empty="Nenhuma foto escolhida"
          accept="image/jpeg,image/png,image/webp"
          multiple
          error={photoError}
        />
        <button type="submit" className="button panel__submit" disabled={busy}>
          Enviar notícias
        </button>
      </Form>
    </section>
  );
}
