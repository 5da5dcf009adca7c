import { data, Form, Link, redirect, useActionData, useLoaderData, useLocation } from "react-router";
import type { Route } from "./+types/organizacoes.contas";
import { ConfirmDelete } from "~/components/confirm-delete";
import { TRASH_NOTE } from "~/lib/trash";
import { FileChoice } from "~/components/file-choice";
import { FormError, SelectField, SubmissionKeyField, TextField, ValidatedForm } from "~/components/form-fields";
import { useValidatedForm } from "~/components/use-validated-form";
import {
  deleteDonation,
  deleteExpense,
  listDonations,
  listExpenses,
  recordDonation,
  recordExpense,
} from "~/domain/giving/ledger.server";
import { organizationSponsorships } from "~/domain/giving/sponsorships.server";
import { importStatement, pendingLines, setLineStatus } from "~/domain/giving/statements.server";
import { setTransparency, transparencyOf } from "~/domain/giving/transparency.server";
import { requirePower } from "~/domain/organizations/membership.server";
import { organizationForMember } from "~/domain/organizations/organizations.server";
import { listOrganizationPets } from "~/domain/pets/pet-views.server";
import { dayInBrasilia, formatDay } from "~/lib/dates";
import { EXPENSE_CATEGORIES, EXPENSE_CATEGORY_LABEL } from "~/lib/giving";
import { isId } from "~/lib/ids";
import { pageMeta } from "~/lib/meta";
import { monthLabel } from "~/lib/panel";
import { formatReais } from "~/lib/pix";
import { donationSchema, expenseFormSchema, statementFormSchema } from "~/validation/giving";
import { requireUser } from "~/web/auth.server";
import { formFailure, pageFailure, parseForm, submitFormOnce } from "~/web/forms.server";
import { readExpenseForm, readStatementForm } from "~/web/giving-forms.server";
import { foundOr404, pageId } from "~/web/not-found.server";
import { setNotice } from "~/web/notices.server";

/**
 * `/organizacoes/:id/contas` (issue 46): the organisation's accounts, for its administradores and
 * equipe. Its padrinhos and whether each month arrived; gifts and expenses typed in; the bank
 * statement imported (administradores), with its pending lines to make gifts of or to ignore;
 * the year's gifts with their receipts and expenses with theirs; the transparency page opened
 * or closed. One form at a time (`?registrar=`), so that a refusal shows where it was made.
 */

const FORMS = ["doacao", "despesa", "extrato"] as const;
type FormName = (typeof FORMS)[number];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context.db);
  const id = pageId(params.id, "organization");
  const organization = await organizationForMember(context.db, user.id, id);
  foundOr404(organization.ok, "organization");
  // A foster home of the organisation is told why not (403) before anything is read.
  const power = await requirePower(context.db, user.id, id, "cuidar");
  if (!power.ok) throw pageFailure(power.failure);
  const url = new URL(request.url);
  const today = dayInBrasilia(new Date());
  const asked = Number(url.searchParams.get("ano"));
  const ano =
    Number.isInteger(asked) && asked >= 2000 && asked <= Number(today.slice(0, 4)) ? asked : Number(today.slice(0, 4));
  const admin = organization.value.papel === "administrador";
  const [accounts, gifts, spent, padrinhos, pending, animals] = await Promise.all([
    transparencyOf(context.db, user.id, id, ano),
    listDonations(context.db, user.id, id, ano),
    listExpenses(context.db, user.id, id, ano),
    organizationSponsorships(context.db, user.id, id),
    admin ? pendingLines(context.db, user.id, id) : null,
    listOrganizationPets(context.db, id),
  ]);
  for (const result of [accounts, gifts, spent, padrinhos]) if (!result.ok) throw pageFailure(result.failure);
  if (!accounts.ok || !gifts.ok || !spent.ok || !padrinhos.ok) throw new Error("unreachable");
  const registrar = url.searchParams.get("registrar");
  return {
    organization: { id, nome: organization.value.nome },
    admin,
    hoje: today,
    ano,
    anos: accounts.value.anos,
    publica: accounts.value.publica,
    total: accounts.value.total,
    registrar:
      (FORMS as readonly string[]).includes(registrar ?? "") && (registrar !== "extrato" || admin)
        ? (registrar as FormName)
        : null,
    animals: animals.map((pet) => ({ id: pet.id, nome: pet.nome })),
    padrinhos: padrinhos.value,
    pendentes: pending?.ok ? pending.value : [],
    doacoes: gifts.value,
    despesas: spent.value,
    // `?apagar=`: the gift or expense whose delete is asked once more.
    apagar: url.searchParams.get("apagar"),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireUser(request, context.db);
  const id = pageId(params.id, "organization");
  const url = new URL(request.url);
  const intent = url.searchParams.get("acao");
  const back = async (
    notice:
      | "donationRecorded"
      | "donationDeleted"
      | "expenseRecorded"
      | "expenseDeleted"
      | "lineIgnored"
      | "accountsOpened"
      | "accountsClosed",
  ) => redirect(`/organizacoes/${id}/contas`, { headers: { "Set-Cookie": await setNotice(notice) } });
  const idFrom = (name: string, subject: string) => {
    const value = url.searchParams.get(name);
    if (!value || !isId(value)) throw data(`${subject} não encontrada.`, { status: 404 });
    return value;
  };
  switch (intent) {
    case "doacao": {
      // The form, a month confirmed by its button, or a statement's line made a gift.
      const form = await parseForm(request, donationSchema);
      if (!form.ok) return form.response;
      return submitFormOnce(context.db, user.id, request, async () => {
        const made = await recordDonation(context.db, context.jobs, user.id, id, form.value);
        if (!made.ok) {
          if (url.searchParams.get("registrar") === "doacao") return formFailure(form, made.failure);
          throw pageFailure(made.failure);
        }
        return back("donationRecorded");
      });
    }
    case "despesa": {
      const read = await readExpenseForm(request);
      if (!read.ok) return read.response;
      return submitFormOnce(context.db, user.id, request, async () => {
        const made = await recordExpense(context.db, user.id, id, read.input, read.receipt);
        if (!made.ok) return formFailure(read, made.failure);
        return back("expenseRecorded");
      });
    }
    case "extrato": {
      const read = await readStatementForm(request);
      if (!read.ok) return read.response;
      const imported = await importStatement(context.db, context.jobs, user.id, id, read.bytes);
      if (!imported.ok) return formFailure(read, imported.failure);
      const { conciliados, pendentes, jaImportadas, saidas } = imported.value;
      return { importado: { conciliados: conciliados.length, pendentes: pendentes.length, jaImportadas, saidas } };
    }
    case "ignorar": {
      const ignored = await setLineStatus(context.db, user.id, id, idFrom("linha", "Linha do extrato"), "ignorada");
      if (!ignored.ok) throw pageFailure(ignored.failure);
      return back("lineIgnored");
    }
    case "apagar-doacao": {
      const gone = await deleteDonation(context.db, user.id, id, idFrom("doacao", "Doação"));
      if (!gone.ok) throw pageFailure(gone.failure);
      return back("donationDeleted");
    }
    case "apagar-despesa": {
      const gone = await deleteExpense(context.db, user.id, id, idFrom("despesa", "Despesa"));
      if (!gone.ok) throw pageFailure(gone.failure);
      return back("expenseDeleted");
    }
    case "transparencia": {
      const publica = url.searchParams.get("publica") === "sim";
      const set = await setTransparency(context.db, user.id, id, publica);
      if (!set.ok) throw pageFailure(set.failure);
      return back(publica ? "accountsOpened" : "accountsClosed");
    }
    default:
      throw data("Ação desconhecida.", { status: 400 });
  }
}

export function meta({ data: loaded }: Route.MetaArgs) {
  return pageMeta(
    loaded ? `Contas de ${loaded.organization.nome} | Adopet` : "Contas | Adopet",
    "Doações, despesas, padrinhos e extratos da organização.",
  );
}

const API = (id: string) => `/adopet/api/organizacoes/${id}`;

export default function OrganizationAccounts() {
  const { organization, admin, ano, anos, publica, total, registrar } = useLoaderData<typeof loader>();
  const imported = useActionData<typeof action>();
  const result = imported && "importado" in imported ? imported.importado : null;
  return (
    <section className="profile organization-accounts">
      <h1 className="profile__title">Contas de {organization.nome}</h1>
      <p>
        <Link to={`/organizacoes/${organization.id}/configuracoes`}>Voltar à organização</Link> ·{" "}
        <Link to={`/organizacoes/${organization.id}/transparencia`}>Ver a página de transparência</Link> ·{" "}
        <Link to={`/organizacoes/${organization.id}/doadores`}>Ver os doadores</Link>
      </p>
      <section className="panel" aria-labelledby="resumo">
        <h2 className="panel__title" id="resumo">
          {`Resumo de ${ano}`}
        </h2>
        <p className="organization-accounts__totals">
          <span>{`Recebido: ${formatReais(total.recebido)}`}</span>
          <span>{`Gasto: ${formatReais(total.gasto)}`}</span>
        </p>
        {anos.length > 1 ? (
          <Form method="get" className="organization-accounts__year">
            <label htmlFor="contas-ano">Ano</label>
            <select className="field__control" id="contas-ano" name="ano" defaultValue={String(ano)}>
              {anos.map((year) => (
                <option key={year} value={year}>
                  {year}
                </option>
              ))}
            </select>
            <button type="submit" className="my-pet__action">
              Ver o ano
            </button>
          </Form>
        ) : null}
        <p>
          {publica
            ? "As contas estão abertas: qualquer pessoa vê a página de transparência."
            : "As contas estão fechadas: só administradores e equipe veem a página de transparência."}
        </p>
        {admin ? (
          <Form method="post" action={`?acao=transparencia&publica=${publica ? "nao" : "sim"}`}>
            <button type="submit" className="my-pet__action">
              {publica ? "Fechar as contas ao público" : "Abrir as contas ao público"}
            </button>
          </Form>
        ) : null}
      </section>
      <nav className="organization-accounts__forms" aria-label="Registrar">
        <Link className="button" to="?registrar=doacao#registrar">
          Registrar doação
        </Link>
        <Link className="button" to="?registrar=despesa#registrar">
          Registrar despesa
        </Link>
        {admin ? (
          <Link className="button" to="?registrar=extrato#registrar">
            Importar extrato
          </Link>
        ) : null}
      </nav>
      {result ? (
        <p className="notice" role="status">
          {`Extrato importado: ${[
            plural(result.conciliados, "doação conciliada", "doações conciliadas"),
            plural(result.pendentes, "linha pendente", "linhas pendentes"),
            ...(result.jaImportadas ? [plural(result.jaImportadas, "já importada antes", "já importadas antes")] : []),
            ...(result.saidas ? [plural(result.saidas, "saída, que não é doação", "saídas, que não são doações")] : []),
          ].join(", ")}.`}
        </p>
      ) : null}
      {registrar ? (
        <div id="registrar">
          {registrar === "doacao" ? <DonationForm /> : null}
          {registrar === "despesa" ? <ExpenseForm /> : null}
          {/* Imported: the form closes (its link opens it again, empty). */}
          {registrar === "extrato" && !result ? <StatementForm /> : null}
        </div>
      ) : null}
      {admin ? <PendingLines /> : null}
      <Padrinhos />
      <Donations />
      <Expenses />
    </section>
  );
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function DonationForm() {
  const { animals, hoje } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields, focus] = useValidatedForm(
    donationSchema,
    lastResult && !("importado" in lastResult) ? lastResult : undefined,
    { data: hoje },
    ["valor", "data", "pet_id", "doador", "txid"],
  );
  const location = useLocation();
  return (
    <ValidatedForm
      form={form}
      focus={focus}
      // A new form after each save (the redirect is a new location): it comes back empty.
      key={location.key}
      action="?acao=doacao&registrar=doacao"
      className="panel"
      aria-labelledby="registrar-doacao"
    >
      <h2 className="panel__title" id="registrar-doacao">
        Registrar doação
      </h2>
      <p>Um Pix, uma transferência ou dinheiro que chegou. O nome de quem doou fica só para a equipe.</p>
      <FormError id={form.errorId} errors={form.errors} />
      <TextField meta={fields.valor} label="Valor (R$)" inputMode="decimal" placeholder="50,00" />
      <TextField meta={fields.data} label="Data em que chegou" type="date" />
      <SelectField
        meta={fields.pet_id}
        label="Para qual animal (opcional)"
        placeholder="Para a organização"
        options={animals.map((pet) => [pet.id, pet.nome])}
      />
      <TextField meta={fields.doador} label="Nome de quem doou (opcional)" maxLength={120} />
      <TextField
        meta={fields.txid}
        label="Identificador do Pix, txid (opcional)"
        hint="O código que começa com PM, AP ou DO: confirma o mês de um padrinho."
        maxLength={25}
      />
      <button type="submit" className="button panel__submit">
        Registrar doação
      </button>
    </ValidatedForm>
  );
}

function ExpenseForm() {
  const { animals, hoje } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields, focus] = useValidatedForm(
    expenseFormSchema,
    lastResult && !("importado" in lastResult) ? lastResult : undefined,
    { data: hoje },
    ["categoria", "valor", "data", "pet_id", "descricao", "comprovante"],
  );
  const location = useLocation();
  return (
    <ValidatedForm
      form={form}
      focus={focus}
      // A new form after each save (the redirect is a new location): it comes back empty.
      key={location.key}
      action="?acao=despesa&registrar=despesa"
      encType="multipart/form-data"
      className="panel"
      aria-labelledby="registrar-despesa"
    >
      <h2 className="panel__title" id="registrar-despesa">
        Registrar despesa
      </h2>
      <FormError id={form.errorId} errors={form.errors} />
      <SelectField
        meta={fields.categoria}
        label="Categoria"
        placeholder="Escolha a categoria"
        options={EXPENSE_CATEGORIES.map((category) => [category, EXPENSE_CATEGORY_LABEL[category]])}
      />
      <TextField meta={fields.valor} label="Valor (R$)" inputMode="decimal" placeholder="80,00" />
      <TextField meta={fields.data} label="Data" type="date" />
      <SelectField
        meta={fields.pet_id}
        label="Para qual animal (opcional)"
        placeholder="Geral, da organização"
        options={animals.map((pet) => [pet.id, pet.nome])}
      />
      <TextField meta={fields.descricao} label="Descrição (opcional)" maxLength={300} />
      <FileChoice
        name="comprovante"
        label="Comprovante (opcional): a nota ou o recibo, em PDF ou foto"
        button="Escolher arquivo"
        empty="Nenhum arquivo escolhido"
        accept="application/pdf,image/jpeg,image/png"
        error={fields.comprovante.errors?.[0] ?? null}
      />
      <button type="submit" className="button panel__submit">
        Registrar despesa
      </button>
    </ValidatedForm>
  );
}

function StatementForm() {
  const lastResult = useActionData<typeof action>();
  const [form, fields, focus] = useValidatedForm(
    statementFormSchema,
    lastResult && !("importado" in lastResult) ? lastResult : undefined,
  );
  return (
    <ValidatedForm
      form={form}
      focus={focus}
      action="?acao=extrato&registrar=extrato"
      encType="multipart/form-data"
      className="panel"
      aria-labelledby="importar-extrato"
    >
      <h2 className="panel__title" id="importar-extrato">
        Importar extrato
      </h2>
      <p>
        Exporte o extrato no app ou no site do banco: OFX (todo banco tem), ou o CSV do Nubank ou do Inter. Cada Pix de
        padrinho com o valor, a data e o nome certos confirma o mês dele; os outros créditos ficam pendentes, para você
        decidir. Importar o mesmo período de novo não repete nada.
      </p>
      <FormError id={form.errorId} errors={form.errors} />
      <FileChoice
        name="arquivo"
        label="Extrato do banco (OFX ou CSV, até 2 MB)"
        button="Escolher arquivo"
        empty="Nenhum arquivo escolhido"
        accept=".ofx,.csv,text/csv,application/x-ofx"
        error={fields.arquivo.errors?.[0] ?? null}
      />
      <button type="submit" className="button panel__submit">
        Importar extrato
      </button>
    </ValidatedForm>
  );
}

function PendingLines() {
  const { pendentes, animals } = useLoaderData<typeof loader>();
  return (
    <section className="panel" aria-labelledby="pendentes">
      <h2 className="panel__title" id="pendentes">
        Linhas do extrato pendentes
      </h2>
      {pendentes.length === 0 ? (
        <p>Nenhuma linha esperando decisão.</p>
      ) : (
        <ul className="organization-accounts__list">
          {pendentes.map((line) => (
            <li key={line.id} className="organization-accounts__item">
              <p>
                <strong>{`${formatDay(line.data)} · ${formatReais(line.valorCentavos)}`}</strong>
              </p>
              <p className="organization-accounts__description">{line.descricao}</p>
              {line.sugestao ? (
                <Form method="post" action="?acao=doacao">
                  <SubmissionKeyField />
                  <input type="hidden" name="linha_id" value={line.id} />
                  <input type="hidden" name="txid" value={line.sugestao.txid} />
                  <p>{`Parece o Pix de ${line.sugestao.padrinho} para ${line.sugestao.pet} (${monthLabel(line.sugestao.mes)}), sem o nome na linha.`}</p>
                  <button type="submit" className="my-pet__action">
                    {`Confirmar como o Pix de ${line.sugestao.padrinho}`}
                  </button>
                </Form>
              ) : null}
              <div className="foster__actions">
                <Form method="post" action="?acao=doacao" className="organization-accounts__assign">
                  <SubmissionKeyField />
                  <input type="hidden" name="linha_id" value={line.id} />
                  <label htmlFor={`linha-${line.id}`}>Para</label>
                  <select className="field__control" id={`linha-${line.id}`} name="pet_id" defaultValue="">
                    <option value="">a organização</option>
                    {animals.map((pet) => (
                      <option key={pet.id} value={pet.id}>
                        {pet.nome}
                      </option>
                    ))}
                  </select>
                  <button type="submit" className="my-pet__action">
                    Registrar como doação
                  </button>
                </Form>
                <Form method="post" action={`?acao=ignorar&linha=${line.id}`}>
                  <button type="submit" className="my-pet__action">
                    Ignorar
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Padrinhos() {
  const { padrinhos, hoje } = useLoaderData<typeof loader>();
  return (
    <section className="panel" aria-labelledby="padrinhos">
      <h2 className="panel__title" id="padrinhos">
        Padrinhos
      </h2>
      {padrinhos.length === 0 ? (
        <p>Nenhum padrinho ainda. Quem abre a página de um animal pode apadrinhá-lo com um Pix por mês.</p>
      ) : (
        <ul className="organization-accounts__list">
          {padrinhos.map((sponsorship) => (
            <li key={sponsorship.id} className="organization-accounts__item">
              <p>
                <strong>{sponsorship.padrinho}</strong>
                {` apadrinha ${sponsorship.pet.nome}: ${formatReais(sponsorship.valorMensalCentavos)} por mês, todo dia ${sponsorship.dia}.`}
              </p>
              {sponsorship.mes ? (
                sponsorship.mes.confirmado ? (
                  <p>{`${monthLabel(sponsorship.mes.mes)}: recebido.`}</p>
                ) : (
                  <Form method="post" action="?acao=doacao" className="organization-accounts__confirm">
                    <p>{`${monthLabel(sponsorship.mes.mes)}: aguardando o Pix (txid ${sponsorship.mes.txid}).`}</p>
                    <input type="hidden" name="txid" value={sponsorship.mes.txid} />
                    <input type="hidden" name="valor" value={(sponsorship.mes.valorCentavos / 100).toFixed(2)} />
                    <input type="hidden" name="data" value={hoje} />
                    <button type="submit" className="my-pet__action">
                      {`Confirmar o Pix de ${sponsorship.padrinho} de ${monthLabel(sponsorship.mes.mes)}`}
                    </button>
                  </Form>
                )
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Donations() {
  const { organization, doacoes, ano, apagar } = useLoaderData<typeof loader>();
  const deleting = doacoes.find((gift) => gift.id === apagar);
  return (
    <section className="panel" aria-labelledby="doacoes">
      <h2 className="panel__title" id="doacoes">
        {`Doações de ${ano}`}
      </h2>
      {deleting ? (
        <ConfirmDelete
          question={`Apagar a doação de ${formatReais(deleting.valorCentavos)} de ${formatDay(deleting.data)}?`}
          note="Ela sai das contas e da página de transparência. O mês do padrinho e a linha do extrato, se havia, voltam a esperar."
          action={`?acao=apagar-doacao&doacao=${deleting.id}`}
          cancel={`?ano=${ano}#doacoes`}
        />
      ) : null}
      {doacoes.length === 0 ? (
        <p>Nenhuma doação registrada neste ano.</p>
      ) : (
        <ul className="organization-accounts__list">
          {doacoes.map((gift) => (
            <li key={gift.id} className="organization-accounts__item">
              <p>
                <strong>{`${formatDay(gift.data)} · ${formatReais(gift.valorCentavos)}`}</strong>
                {` · ${gift.pet ? gift.pet.nome : "Organização"}`}
                {gift.doador ? ` · ${gift.doador}` : ""}
                {gift.apadrinhamento ? ` · apadrinhamento de ${monthLabel(gift.apadrinhamento.mes)}` : ""}
                {gift.origem === "extrato" ? " · do extrato" : ""}
              </p>
              <div className="foster__actions">
                <a className="my-pet__action" href={`${API(organization.id)}/doacoes/${gift.id}/recibo.pdf`} download>
                  {`Baixar o recibo de ${formatDay(gift.data)} (PDF)`}
                </a>
                <Link
                  to={`?ano=${ano}&apagar=${gift.id}#confirmar`}
                  className="my-pet__action my-pet__action--danger"
                  aria-label={`Apagar a doação de ${formatReais(gift.valorCentavos)} de ${formatDay(gift.data)}`}
                >
                  Apagar
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Expenses() {
  const { organization, despesas, ano, apagar } = useLoaderData<typeof loader>();
  const deleting = despesas.find((expense) => expense.id === apagar);
  return (
    <section className="panel" aria-labelledby="despesas">
      <h2 className="panel__title" id="despesas">
        {`Despesas de ${ano}`}
      </h2>
      {deleting ? (
        <ConfirmDelete
          question={`Apagar a despesa de ${formatReais(deleting.valorCentavos)} (${EXPENSE_CATEGORY_LABEL[deleting.categoria]}) de ${formatDay(deleting.data)}?`}
          note={`Ela sai das contas e da página de transparência. ${TRASH_NOTE}`}
          action={`?acao=apagar-despesa&despesa=${deleting.id}`}
          cancel={`?ano=${ano}#despesas`}
        />
      ) : null}
      {despesas.length === 0 ? (
        <p>Nenhuma despesa registrada neste ano.</p>
      ) : (
        <ul className="organization-accounts__list">
          {despesas.map((expense) => (
            <li key={expense.id} className="organization-accounts__item">
              <p>
                <strong>{`${formatDay(expense.data)} · ${formatReais(expense.valorCentavos)}`}</strong>
                {` · ${EXPENSE_CATEGORY_LABEL[expense.categoria]} · ${expense.pet ? expense.pet.nome : "Geral"}`}
              </p>
              {expense.descricao ? <p className="organization-accounts__description">{expense.descricao}</p> : null}
              <div className="foster__actions">
                {expense.comprovante ? (
                  <a
                    className="my-pet__action"
                    href={`${API(organization.id)}/despesas/${expense.id}/comprovante`}
                    {...(expense.comprovante === "pdf" ? { download: true } : {})}
                  >
                    Ver o comprovante
                  </a>
                ) : null}
                <Link
                  to={`?ano=${ano}&apagar=${expense.id}#confirmar`}
                  className="my-pet__action my-pet__action--danger"
                  aria-label={`Apagar a despesa de ${formatReais(expense.valorCentavos)} de ${formatDay(expense.data)}`}
                >
                  Apagar
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
