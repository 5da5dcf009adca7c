import { data, Form, Link, useLoaderData } from "react-router";
import type { Route } from "./+types/organizacoes.painel";
import { organizationPanel, type PanelFigures } from "~/domain/organizations/panel.server";
import { APPLICATION_STATUSES, STATUS_LABEL } from "~/lib/applications";
import { pageMeta } from "~/lib/meta";
import { defaultPanelRange, monthLabel } from "~/lib/panel";
import { readPanelRange } from "~/validation/organizations";
import { requireUser } from "~/web/auth.server";
import { pageFailure } from "~/web/forms.server";
import { pageId } from "~/web/not-found.server";

/**
 * `/organizacoes/:id/painel` (issue 43): the organisation's figures month by month, for its
 * members; the same figures as CSV (`painel.csv`) and in the API. A range that cannot be read is
 * said beside its field (400), and the last twelve months are shown meanwhile.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context.db);
  const id = pageId(params.id, "organization");
  const query = new URL(request.url).searchParams;
  const asked = { de: query.get("de") ?? "", ate: query.get("ate") ?? "" };
  const now = new Date();
  const read = readPanelRange(asked, now);
  const range = read.ok ? read.range : defaultPanelRange(now);
  const panel = await organizationPanel(context.db, user.id, id, range);
  if (!panel.ok) throw pageFailure(panel.failure);
  const { organization, months, total } = panel.value;
  const view = {
    organization,
    range,
    asked,
    errors: read.ok ? null : read.errors,
    months: months.map(({ month, ...figures }) => ({ month, label: monthLabel(month), ...figures })),
    total,
    csv: `/organizacoes/${id}/painel.csv?${new URLSearchParams(range).toString()}`,
  };
  return read.ok ? view : data(view, { status: 400 });
}

export function meta({ data: loaded }: Route.MetaArgs) {
  return pageMeta(
    loaded ? `Painel de ${loaded.organization.nome} | Adopet` : "Painel | Adopet",
    "Os números da organização, mês a mês.",
  );
}

const NUMBER = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 1 });
const figure = (value: number | null, unit = "") => (value === null ? "—" : `${NUMBER.format(value)}${unit}`);

export default function OrganizationPanel() {
  const { organization, range, asked, errors, months, total, csv } = useLoaderData<typeof loader>();
  return (
    <section className="organization-panel">
      <div className="panel">
        <h1 className="page-title">Painel de {organization.nome}</h1>
        <p>
          Os números da organização mês a mês, de {monthLabel(range.de)} a {monthLabel(range.ate)}: animais que entraram
          (publicados ou recebidos por transferência), adoções, devoluções e candidaturas. Só contagens e medianas, sem
          dados de ninguém.
        </p>
        <Form method="get" className="organization-panel__range">
          <MonthField name="de" label="De" value={errors ? asked.de : range.de} errors={errors?.de} />
          <MonthField name="ate" label="Até" value={errors ? asked.ate : range.ate} errors={errors?.ate} />
          <button type="submit" className="button">
            Ver período
          </button>
        </Form>
        <dl className="organization-panel__totals" aria-label="Totais do período">
          <Total label="Animais que entraram" value={figure(total.intake)} />
          <Total label="Adoções" value={figure(total.adopted)} />
          <Total label="Devoluções" value={figure(total.returned)} />
          <Total label="Dias da publicação à adoção (mediana)" value={figure(total.medianDaysToAdoption)} />
          <Total label="Candidaturas recebidas" value={figure(total.applicationsTotal)} />
          <Total label="Horas até a primeira resposta (mediana)" value={figure(total.medianHoursToFirstAnswer)} />
        </dl>
        <p>
          <a href={`/adopet${csv}`} className="button" download>
            Baixar CSV
          </a>{" "}
          <a href={`/adopet${csv}&formato=csv-virgula`} download>
            CSV separado por vírgulas, para programas
          </a>{" "}
          <Link to={`/organizacoes/${organization.id}/configuracoes`}>Voltar à organização</Link>
        </p>
      </div>
      <div className="panel">
        <h2 className="panel__title">Mês a mês</h2>
        <div className="data-table data-table--cards" role="region" aria-label="Números por mês" tabIndex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col">Mês</th>
                {COLUMNS.map(([label]) => (
                  <th key={label} scope="col">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {months.map((month) => (
                <MonthRow key={month.month} label={month.label} figures={month} />
              ))}
            </tbody>
            <tfoot>
              <MonthRow label="Total" figures={total} />
            </tfoot>
          </table>
        </div>
        <p className="organization-panel__note">
          “Em lar temporário”: animais que passaram ao menos um dia do mês em um lar temporário.
        </p>
      </div>
      <div className="panel">
        <h2 className="panel__title">Candidaturas do período, pela situação de hoje</h2>
        <dl className="organization-panel__statuses">
          {APPLICATION_STATUSES.map((status) => (
            <Total key={status} label={STATUS_LABEL[status]} value={figure(total.applications[status])} />
          ))}
        </dl>
      </div>
    </section>
  );
}

/** A month (AAAA-MM): the browser's month picker, or a text field where there is none. */
function MonthField(props: { name: string; label: string; value: string; errors?: string[] }) {
  const errorId = `${props.name}-erro`;
  const invalid = Boolean(props.errors?.length);
  return (
    <div className="field">
      <label className="field__label" htmlFor={`painel-${props.name}`}>
        {props.label}
      </label>
      <input
        id={`painel-${props.name}`}
        className="field__control"
        type="month"
        name={props.name}
        defaultValue={props.value}
        placeholder="AAAA-MM"
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
      />
      <p className="field__error" id={errorId}>
        {props.errors?.join(" ")}
      </p>
    </div>
  );
}

function Total({ label, value }: { label: string; value: string }) {
  return (
    <div className="organization-panel__total">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** The table's columns after the month: each heading and its figure (on a phone, each cell's label). */
const COLUMNS: [string, (figures: PanelFigures) => number | null][] = [
  ["Entradas", (figures) => figures.intake],
  ["Adoções", (figures) => figures.adopted],
  ["Devoluções", (figures) => figures.returned],
  ["Em lar temporário", (figures) => figures.inFoster],
  ["Dias até a adoção (mediana)", (figures) => figures.medianDaysToAdoption],
  ["Candidaturas", (figures) => figures.applicationsTotal],
  ["Respondidas", (figures) => figures.answered],
  ["Horas até a resposta (mediana)", (figures) => figures.medianHoursToFirstAnswer],
];

function MonthRow({ label, figures }: { label: string; figures: PanelFigures }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      {COLUMNS.map(([column, value]) => (
        <td key={column} data-label={column}>
          {figure(value(figures))}
        </td>
      ))}
    </tr>
  );
}
