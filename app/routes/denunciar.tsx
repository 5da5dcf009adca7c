import { foundOr404, pageId } from "~/web/not-found.server";
import { data, Link, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/denunciar";
import { ChoiceGroup, FormError, TextAreaField, ValidatedForm } from "~/components/form-fields";
import { useValidatedForm } from "~/components/use-validated-form";
import { CrimeNote } from "~/components/crime-note";
import { fileReport, findReportTarget } from "~/domain/moderation/reports.server";
import { pageMeta } from "~/lib/meta";
import {
  CATEGORY_LABEL,
  REPORT_CATEGORIES,
  REPORT_MESSAGES,
  REPORT_TARGETS,
  REPORT_TEXT_MAX,
  type ReportTarget,
} from "~/lib/reports";
import { reportFormSchema } from "~/validation/reports";
import { getUser, requireUser } from "~/web/auth.server";
import { formFailure, parseForm } from "~/web/forms.server";

/**
 * `Denunciar` (issue 22): `/denunciar?tipo=pet|usuario|conversa&id=…`. Anyone reports a listing
 * or a profile; a conversation needs its party signed in.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const tipo = params.get("tipo") as ReportTarget;
  foundOr404(REPORT_TARGETS.includes(tipo));
  const id = pageId(params.get("id"));
  const user = tipo === "conversa" ? await requireUser(request, context.db) : await getUser(request, context.db);
  const target = await findReportTarget(context.db, { tipo, id }, user?.id ?? null);
  foundOr404(target.ok);
  return { alvo: target.value };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await parseForm(request, reportFormSchema);
  if (!form.ok) return form.response;
  const { tipo, id, categoria, texto } = form.value;
  const user = tipo === "conversa" ? await requireUser(request, context.db) : await getUser(request, context.db);
  const filed = await fileReport(
    context.db,
    context.jobs,
    { alvo: { tipo, id }, categoria, texto },
    { userId: user?.id ?? null, clientKey: context.clientKey },
    context.moderation,
  );
  if (!filed.ok) return formFailure(form, filed.failure);
  return data({ ...form.reply({}), enviada: categoria });
}

export function meta({ data: loaded }: Route.MetaArgs) {
  return [
    ...pageMeta(
      loaded ? `Denunciar ${loaded.alvo.descricao} | Adopet` : "Denunciar | Adopet",
      "Conte à moderação da Adopet o que há de errado.",
    ),
    { name: "robots", content: "noindex" },
  ];
}

const CATEGORY_OPTIONS = REPORT_CATEGORIES.map((code) => [code, CATEGORY_LABEL[code]] as [string, string]);

export default function Denunciar() {
  const { alvo } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const enviada = answer && "enviada" in answer ? answer.enviada : null;
  const [form, fields, focus] = useValidatedForm(reportFormSchema, enviada ? undefined : answer, {
    tipo: alvo.tipo,
    id: alvo.id,
  });
  const voltar = (
    <Link to={alvo.voltar} className="report__back">
      Voltar
    </Link>
  );
  if (enviada) {
    return (
      <section className="contact report">
        <div className="panel">
          <h1 className="panel__title contact__title">Denúncia enviada</h1>
          <p role="status">{REPORT_MESSAGES.sent}</p>
          {enviada === "maus_tratos" ? <CrimeNote /> : null}
          {voltar}
        </div>
      </section>
    );
  }
  return (
    <section className="contact report">
      <ValidatedForm form={form} focus={focus} className="panel report__form">
        <h1 className="panel__title contact__title">Denunciar {alvo.descricao}</h1>
        <p>
          Conte à equipe de moderação da Adopet o que há de errado. Quem foi denunciado não fica sabendo quem denunciou.
        </p>
        <FormError id={form.errorId} errors={form.errors} />
        <input type="hidden" name="tipo" value={alvo.tipo} />
        <input type="hidden" name="id" value={alvo.id} />
        <ChoiceGroup
          meta={fields.categoria}
          legend="Motivo da denúncia"
          options={CATEGORY_OPTIONS}
          type="radio"
          descriptions={{ maus_tratos: "maus-tratos-explicacao" }}
        />
        {/* Shown by the stylesheet when Maus-tratos is chosen, with or without scripts. */}
        <CrimeNote hidden id="maus-tratos-explicacao" />
        <TextAreaField
          meta={fields.texto}
          label="O que aconteceu"
          placeholder="Conte o que você viu (obrigatório em Outro)"
          maxLength={REPORT_TEXT_MAX}
        />
        <button type="submit" className="button panel__submit">
          Enviar denúncia
        </button>
        {voltar}
      </ValidatedForm>
    </section>
  );
}
