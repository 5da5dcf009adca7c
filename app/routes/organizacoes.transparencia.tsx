import { Form, Link, useLoaderData } from "react-router";
import type { Route } from "./+types/organizacoes.transparencia";
import { OrganizationTrust } from "~/components/caretaker-kind";
import { transparencyOf } from "~/domain/giving/transparency.server";
import { dayInBrasilia } from "~/lib/dates";
import { EXPENSE_CATEGORY_LABEL } from "~/lib/giving";
import { pageMeta } from "~/lib/meta";
import { monthLabel } from "~/lib/panel";
import { formatReais } from "~/lib/pix";
import { getUser } from "~/web/auth.server";
import { pageFailure } from "~/web/forms.server";
import { pageId } from "~/web/not-found.server";

/**
 * `/organizacoes/:id/transparencia` (issue 46): what an organisation received and spent, month
 * by month and animal by animal, as its team recorded it. Everyone's when the organisation opened
 * its accounts; its team's only otherwise (anyone else: 404). Padrinhos are counted, and named
 * only with their consent; no giver's name, no bank line, no receipt is shown.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = pageId(params.id, "organization");
  const user = await getUser(request, context.db);
  const thisYear = Number(dayInBrasilia(new Date()).slice(0, 4));
  const asked = Number(new URL(request.url).searchParams.get("ano"));
  const ano = Number.isInteger(asked) && asked >= 2000 && asked <= thisYear ? asked : thisYear;
  const accounts = await transparencyOf(context.db, user?.id ?? null, id, ano);
  if (!accounts.ok) throw pageFailure(accounts.failure);
  return accounts.value;
}

export function meta({ data: loaded }: Route.MetaArgs) {
  if (!loaded) return [{ title: "Transparência | Adopet" }];
  return pageMeta(
    `Transparência de ${loaded.organizacao.nome} em ${loaded.ano} | Adopet`,
    `Quanto ${loaded.organizacao.nome} recebeu e gastou, mês a mês e por animal.`,
  );
}

/** "Bia e Caio, e mais 2 padrinhos", from the names given with consent and the count. */
function padrinhosText(count: number, names: string[]): string {
  if (count === 0) return "—";
  const others = count - names.length;
  const named = names.join(", ");
  if (!named) return count === 1 ? "1 padrinho" : `${count} padrinhos`;
  return others === 0 ? named : `${named} e mais ${others === 1 ? "1 padrinho" : `${others} padrinhos`}`;
}

export default function Transparency() {
  const { organizacao, publica, ano, anos, total, meses, animais, geral, categorias } = useLoaderData<typeof loader>();
  const saldo = total.recebido - total.gasto;
  return (
    <section className="organization-panel transparency">
      <div className="panel">
        <h1 className="page-title">{`Transparência de ${organizacao.nome}`}</h1>
        <OrganizationTrust nome={organizacao.nome} verificada={organizacao.verificada} />
        <p>
          {`O que ${organizacao.nome} recebeu e gastou em ${ano}, como a equipe registrou. As doações por Pix vão direto para a conta da organização: a Adopet não recebe nem guarda dinheiro.`}
        </p>
        {publica ? null : (
          <p className="notice" role="note">
            Só a equipe da organização vê esta página: as contas não estão abertas ao público.
          </p>
        )}
        <dl className="organization-panel__totals">
          <div className="organization-panel__total">
            <dt>Recebido</dt>
            <dd>{formatReais(total.recebido)}</dd>
          </div>
          <div className="organization-panel__total">
            <dt>Gasto</dt>
            <dd>{formatReais(total.gasto)}</dd>
          </div>
          <div className="organization-panel__total">
            <dt>Saldo do ano</dt>
            <dd>{`${saldo < 0 ? "−" : ""}${formatReais(Math.abs(saldo))}`}</dd>
          </div>
        </dl>
        {anos.length > 1 ? (
          <Form method="get" className="organization-panel__range">
            <div className="field">
              <label className="field__label" htmlFor="transparencia-ano">
                Ano
              </label>
              <select className="field__control" id="transparencia-ano" name="ano" defaultValue={String(ano)}>
                {anos.map((year) => (
                  <option key={year} value={year}>
                    {year}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="button">
              Ver o ano
            </button>
          </Form>
        ) : null}
        <p>
          <Link to={`/organizacoes/${organizacao.id}/doe`}>{`Doe para ${organizacao.nome}`}</Link>
        </p>
      </div>
      <div className="panel">
        <h2 className="panel__title">Mês a mês</h2>
        <div className="data-table data-table--cards" role="region" aria-label="Recebido e gasto por mês" tabIndex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col">Mês</th>
                <th scope="col">Recebido</th>
                <th scope="col">Gasto</th>
              </tr>
            </thead>
            <tbody>
              {meses.map((month) => (
                <tr key={month.mes}>
                  <th scope="row">{monthLabel(month.mes)}</th>
                  <td data-label="Recebido">{formatReais(month.recebido)}</td>
                  <td data-label="Gasto">{formatReais(month.gasto)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">Total</th>
                <td data-label="Recebido">{formatReais(total.recebido)}</td>
                <td data-label="Gasto">{formatReais(total.gasto)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      </div>
      <div className="panel">
        <h2 className="panel__title">Por animal</h2>
        {animais.length === 0 ? (
          <p>Nenhuma doação ou despesa de um animal em particular neste ano.</p>
        ) : (
          <div
            className="data-table data-table--cards"
            role="region"
            aria-label="Recebido e gasto por animal"
            tabIndex={0}
          >
            <table>
              <thead>
                <tr>
                  <th scope="col">Animal</th>
                  <th scope="col">Recebido</th>
                  <th scope="col">Gasto</th>
                  <th scope="col">Padrinhos</th>
                </tr>
              </thead>
              <tbody>
                {animais.map((pet) => (
                  <tr key={pet.id}>
                    <th scope="row">
                      <Link to={`/pets/${pet.id}`}>{pet.nome}</Link>
                    </th>
                    <td data-label="Recebido">{formatReais(pet.recebido)}</td>
                    <td data-label="Gasto">{formatReais(pet.gasto)}</td>
                    <td data-label="Padrinhos">{padrinhosText(pet.padrinhos, pet.nomes)}</td>
                  </tr>
                ))}
                <tr>
                  <th scope="row">Geral, da organização</th>
                  <td data-label="Recebido">{formatReais(geral.recebido)}</td>
                  <td data-label="Gasto">{formatReais(geral.gasto)}</td>
                  <td data-label="Padrinhos">—</td>
                </tr>
              </tbody>
            </table>
          </div>
        )}
      </div>
      <div className="panel">
        <h2 className="panel__title">Despesas por categoria</h2>
        {categorias.length === 0 ? (
          <p>Nenhuma despesa registrada neste ano.</p>
        ) : (
          <dl className="organization-panel__totals">
            {categorias.map((category) => (
              <div key={category.categoria} className="organization-panel__total">
                <dt>{EXPENSE_CATEGORY_LABEL[category.categoria]}</dt>
                <dd>{formatReais(category.gasto)}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </section>
  );
}
