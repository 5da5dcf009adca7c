import { Link, redirect, useActionData, useLoaderData, useLocation } from "react-router";
import type { Route } from "./+types/organizacoes.saude";
import { ChoiceGroup, FormError, TextAreaField, TextField, ValidatedForm } from "~/components/form-fields";
import { useValidatedForm } from "~/components/use-validated-form";
import { addHealthEntryToSeveral } from "~/domain/health/records.server";
import { organizationForMember } from "~/domain/organizations/organizations.server";
import {
  dosesOfOrganization,
  listOrganizationAnimals,
  unmatchedVaccinesOfOrganization,
} from "~/domain/pets/organization-animals.server";
import { dayInBrasilia, formatDay } from "~/lib/dates";
import { HEALTH_LIMITS, HEALTH_TYPE_LABEL, SEVERAL_ANIMALS_MAX, type DueDose } from "~/lib/health";
import { isId } from "~/lib/ids";
import { pageMeta } from "~/lib/meta";
import { organizationLinks } from "~/lib/organization-nav";
import { roleMay } from "~/lib/organizations";
import { SEVERAL_HEALTH_SCHEMAS, SEVERAL_HEALTH_TYPES } from "~/validation/health";
import { requireUser } from "~/web/auth.server";
import { formFailure, pageFailure, parseForm, submitFormOnce } from "~/web/forms.server";
import { foundOr404, pageId } from "~/web/not-found.server";
import { setNotice } from "~/web/notices.server";

/**
 * `/organizacoes/:id/saude` (issue 62): `Saúde` in the organisation's menu, for its team. The
 * doses late and those of the coming week across its animals (foster homes' too), and one dose
 * registered for several animals at once (a litter's vaccine); the animals chosen on `Animais`
 * arrive already ticked (`?animais=`).
 */
type SeveralType = (typeof SEVERAL_HEALTH_TYPES)[number];

const typeOf = (value: string | null): SeveralType =>
  SEVERAL_HEALTH_TYPES.includes(value as SeveralType) ? (value as SeveralType) : "vacina";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context.db);
  const id = pageId(params.id, "organization");
  const organization = await organizationForMember(context.db, user.id, id);
  foundOr404(organization.ok, "organization");
  const query = new URL(request.url).searchParams;
  const now = new Date();
  const doses = await dosesOfOrganization(context.db, id, now);
  const { late, coming } = doses;
  // Every animal still with the organisation, by name: the ones a dose may be registered for.
  const animals = await listOrganizationAnimals(
    context.db,
    user.id,
    id,
    { ordem: "nome", status: undefined, pagina: 1 },
    now,
    { pageSize: 200, stillWith: true, doses },
  );
  if (!animals.ok) throw pageFailure(animals.failure);
  const named = new Map(animals.value.items.map((pet) => [pet.id, pet.nome]));
  const dosesOf = (map: Map<string, DueDose[]>) =>
    [...map].map(([petId, doses]) => ({
      petId,
      nome: named.get(petId) ?? "",
      doses: doses.map(
        (dose) => `${dose.tipo === "vacina" ? `Vacina ${dose.nome}` : dose.nome}: ${formatDay(dose.dia)}`,
      ),
    }));
  // Ticked on `Animais` (one `animais` each), or a link's list (`animais=a,b`).
  const chosen = query
    .getAll("animais")
    .flatMap((value) => value.split(","))
    .filter((value) => isId(value) && named.has(value));
  return {
    organization: { id, nome: organization.value.nome, admin: roleMay(organization.value.papel, "administrar") },
    tipo: typeOf(query.get("tipo")),
    hoje: dayInBrasilia(now),
    chosen,
    animals: animals.value.items.map((pet) => [pet.id, pet.nome] as [string, string]),
    late: dosesOf(late).sort((a, b) => a.nome.localeCompare(b.nome)),
    coming: dosesOf(coming).sort((a, b) => a.nome.localeCompare(b.nome)),
    unmatched: await unmatchedVaccinesOfOrganization(context.db, id),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireUser(request, context.db);
  const id = pageId(params.id, "organization");
  const tipo = typeOf(new URL(request.url).searchParams.get("tipo"));
  const form = await parseForm(request, SEVERAL_HEALTH_SCHEMAS[tipo]);
  if (!form.ok) return form.response;
  const { animais, ...input } = form.value;
  return submitFormOnce(context.db, user.id, request, async () => {
    const added = await addHealthEntryToSeveral(context.db, context.jobs, user.id, id, animais, input, new Date());
    if (!added.ok) {
      if (added.failure.kind === "not-found" || added.failure.kind === "forbidden") throw pageFailure(added.failure);
      return formFailure(form, added.failure);
    }
    // Back to a clean form: the doses just given leave the lists above.
    return redirect(`/organizacoes/${id}/saude`, { headers: { "Set-Cookie": await setNotice("healthAddedSeveral") } });
  });
}

export function meta() {
  return pageMeta("Saúde | Adopet", "As doses atrasadas e as da semana dos animais da organização.");
}

function DoseList({ id, title, empty, rows }: { id: string; title: string; empty: string; rows: DoseRow[] }) {
  return (
    <section className="panel" aria-labelledby={id}>
      <h2 className="panel__title" id={id}>
        {title}
      </h2>
      {rows.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <ul className="today__items">
          {rows.map((row) => (
            <li key={row.petId}>
              <Link to={`/pets/${row.petId}/saude`}>{row.nome}</Link>: {row.doses.join("; ")}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

type DoseRow = { petId: string; nome: string; doses: string[] };

/** The vaccines whose names match none of the catalogue's, each a link to its correction. */
function UnmatchedVaccines() {
  const { unmatched } = useLoaderData<typeof loader>();
  if (unmatched.total === 0) return null;
  return (
    <section className="panel" aria-labelledby="vacinas-fora">
      <h2 className="panel__title" id="vacinas-fora">
        {`Vacinas fora do catálogo (${unmatched.total})`}
      </h2>
      <p>
        O nome destas vacinas não corresponde a nenhuma do catálogo da espécie. Corrija o nome (V10, Antirrábica, FeLV…)
        para que os lembretes e o SinPatinhas as reconheçam.
      </p>
      <ul className="today__items">
        {unmatched.items.map((item) => (
          <li key={item.entryId}>
            <Link to={`/pets/${item.petId}/saude?registro=${item.entryId}#registrar`}>
              {`${item.pet}: ${item.nome} (${formatDay(item.data)})`}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function OrganizationHealth() {
  const { organization, late, coming } = useLoaderData<typeof loader>();
  const links = organizationLinks(organization.id);
  return (
    <section className="profile organization-health">
      <h1 className="page-title">Saúde</h1>
      <p className="today__lead">{organization.nome}</p>
      <DoseList
        id="doses-atrasadas"
        title={`Doses atrasadas (${late.length})`}
        empty="Nenhuma dose atrasada."
        rows={late}
      />
      <DoseList
        id="doses-proximas"
        title={`Nos próximos 7 dias (${coming.length})`}
        empty="Nenhuma dose nos próximos 7 dias."
        rows={coming}
      />
      <UnmatchedVaccines />
      <SeveralForm />
      <p>
        <Link to={links.dosesLate}>Ver os animais com dose atrasada</Link>
        {organization.admin ? (
          <>
            {" · "}
            <Link to={`/organizacoes/${organization.id}/dados`} reloadDocument>
              Baixar os dados da organização
            </Link>
          </>
        ) : null}
      </p>
    </section>
  );
}

/** The fields of each kind, in order. */
const FIELDS: Record<SeveralType, string[]> = {
  vacina: ["animais", "nome", "data", "lote", "proxima_dose", "observacoes"],
  vermifugo: ["animais", "produto", "data", "proxima_dose", "observacoes"],
  antipulgas: ["animais", "produto", "data", "proxima_dose", "observacoes"],
};

function SeveralForm() {
  const { tipo, hoje, chosen, animals } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const location = useLocation();
  const [form, fields, focus] = useValidatedForm(
    SEVERAL_HEALTH_SCHEMAS[tipo],
    lastResult,
    { data: hoje, animais: chosen },
    ["tipo", ...FIELDS[tipo]],
  );
  const field = (name: string) => (fields as Record<string, Parameters<typeof TextField>[0]["meta"]>)[name]!;
  return (
    <ValidatedForm
      form={form}
      focus={focus}
      action={`?tipo=${tipo}`}
      className="panel"
      aria-labelledby="varios"
      // A new form after each save (the redirect is a new location): a second tap saves nothing twice.
      key={`${tipo}-${location.key}`}
    >
      <h2 className="panel__title" id="varios">
        Registrar para vários animais
      </h2>
      <p>
        Uma ninhada vacinada no mesmo dia, um vermífugo para todos do abrigo: um registro para cada animal escolhido.
      </p>
      <nav aria-label="Tipo de registro" className="pet-health__kinds">
        {SEVERAL_HEALTH_TYPES.map((kind) => (
          <Link
            key={kind}
            to={`?tipo=${kind}${chosen.length ? `&animais=${chosen.join(",")}` : ""}#varios`}
            aria-current={kind === tipo ? "page" : undefined}
            className="pet-health__kind"
          >
            {HEALTH_TYPE_LABEL[kind]}
          </Link>
        ))}
      </nav>
      <FormError id={form.errorId} errors={form.errors} />
      <input type="hidden" name="tipo" value={tipo} />
      {animals.length === 0 ? (
        <p>A organização não tem animais com ela agora.</p>
      ) : (
        <ChoiceGroup meta={field("animais")} legend={`Animais (até ${SEVERAL_ANIMALS_MAX})`} options={animals} />
      )}
      {tipo === "vacina" ? (
        <TextField
          meta={field("nome")}
          label="Vacina"
          hint="Por exemplo: V10, V4, antirrábica."
          maxLength={HEALTH_LIMITS.nome}
        />
      ) : (
        <TextField meta={field("produto")} label="Produto" maxLength={HEALTH_LIMITS.produto} />
      )}
      <TextField meta={field("data")} label="Data" type="date" />
      {tipo === "vacina" ? (
        <TextField meta={field("lote")} label="Lote (opcional)" maxLength={HEALTH_LIMITS.lote} />
      ) : null}
      <TextField meta={field("proxima_dose")} label="Próxima dose (opcional)" type="date" />
      <TextAreaField
        meta={field("observacoes")}
        label="Observações (opcional)"
        maxLength={HEALTH_LIMITS.observacoes}
        rows={3}
      />
      <button type="submit" className="button panel__submit">
        {`Registrar ${HEALTH_TYPE_LABEL[tipo].toLowerCase()}`}
      </button>
    </ValidatedForm>
  );
}
