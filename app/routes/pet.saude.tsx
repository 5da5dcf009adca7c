import { useState, type ReactNode } from "react";
import { data, Form, Link, redirect, useActionData, useLoaderData, useLocation } from "react-router";
import type { Route } from "./+types/pet.saude";
import { FormError, TextAreaField, TextField, ValidatedForm, type AnyField } from "~/components/form-fields";
import { useValidatedForm } from "~/components/use-validated-form";
import { addHealthEntry, changeHealthEntry, healthRecord, removeHealthEntry } from "~/domain/health/records.server";
import { healthRemindersOn, setHealthReminders } from "~/domain/health/reminders.server";
import { dayInBrasilia, formatDay } from "~/lib/dates";
import {
  DOSE_NOTICE_DAYS,
  dueDoses,
  HEALTH_FILES_MAX,
  healthFileUrl,
  HEALTH_LIMITS,
  HEALTH_TYPE_LABEL,
  HEALTH_TYPES,
  testedNegativeForFivFelv,
  type HealthEntry,
  type HealthRole,
  type HealthType,
} from "~/lib/health";
import { isId } from "~/lib/ids";
import { pageMeta } from "~/lib/meta";
import { listInWords } from "~/lib/pets";
import { suggestNextDose, vaccinesOf } from "~/lib/vaccines";
import { HEALTH_ENTRY_FORM_SCHEMAS, healthEntrySchema, healthRemindersSchema } from "~/validation/health";
import { FileChoice } from "~/components/file-choice";
import { ConfirmDelete } from "~/components/confirm-delete";
import { TRASH_NOTE } from "~/lib/trash";
import { requireUser } from "~/web/auth.server";
import { formFailure, pageFailure, parseForm, submitFormOnce } from "~/web/forms.server";
import { readHealthEntryForm } from "~/web/health-forms.server";
import { pageId } from "~/web/not-found.server";
import { setNotice } from "~/web/notices.server";

/**
 * `/pets/:id/saude` (issue 45): an animal's health record, for its team, its foster and, after
 * adoption, its adopter (anyone else: 404). The summary, the doses to come, every entry, and a
 * form per kind (`?tipo=`) to add one or correct one (`?registro=`).
 */

const ROLE_TEXT: Record<HealthRole, string> = {
  equipe: "Você vê este registro como equipe da organização: pode corrigir qualquer registro.",
  lar_temporario:
    "Você vê este registro porque o animal está no seu lar temporário: registre o que fizer por ele; os registros da equipe só ela corrige.",
  adotante:
    "O registro veio com o animal na adoção: continue registrando as vacinas e consultas. Os registros da organização só ela corrige.",
};

/** The words of an entry: what it was, and its details. */
function describe(entry: HealthEntry): { titulo: string; detalhes: string[] } {
  const details: (string | false | null)[] = [];
  let title: string = HEALTH_TYPE_LABEL[entry.tipo];
  switch (entry.tipo) {
    case "vacina":
      title = `Vacina ${entry.nome}`;
      details.push(
        entry.produto && `Produto: ${entry.produto}`,
        entry.lote && `Lote ${entry.lote}`,
        entry.proximaDose && `Próxima dose: ${formatDay(entry.proximaDose)}`,
      );
      break;
    case "vermifugo":
    case "antipulgas":
      title = `${HEALTH_TYPE_LABEL[entry.tipo]}: ${entry.produto}`;
      details.push(entry.proximaDose && `Próxima dose: ${formatDay(entry.proximaDose)}`);
      break;
    case "castracao":
      details.push(entry.clinica && `Clínica: ${entry.clinica}`);
      break;
    case "exame":
      title = `Exame: ${entry.nome}`;
      details.push(`Resultado: ${entry.resultado ?? "não informado"}`);
      break;
    case "consulta":
      details.push(`Motivo: ${entry.motivo}`, entry.clinica && `Clínica: ${entry.clinica}`);
      break;
    case "medicamento":
      title = `${entry.nome}, ${entry.dose}`;
      details.push(
        `Às ${listInWords(entry.horarios)}`,
        entry.ate ? `Até ${formatDay(entry.ate)}` : "Sem data para terminar",
      );
      break;
    case "peso":
      title = `Peso: ${formatKg(entry.gramas ?? 0)}`;
      break;
  }
  details.push(entry.observacoes);
  return { titulo: title, detalhes: details.filter((item): item is string => Boolean(item)) };
}

const formatKg = (grams: number) => `${(grams / 1000).toLocaleString("pt-BR", { maximumFractionDigits: 3 })} kg`;

/** The entry's fields as its form shows them. */
function formValues(entry: HealthEntry): Record<string, string> {
  const values: Record<string, string | null> = {
    data: entry.data,
    nome: entry.nome,
    produto: entry.produto,
    lote: entry.lote,
    proxima_dose: entry.proximaDose,
    clinica: entry.clinica,
    resultado: entry.resultado,
    motivo: entry.motivo,
    dose: entry.dose,
    horarios: entry.horarios.join(", "),
    de: entry.data,
    ate: entry.ate,
    kg: entry.gramas === null ? null : String(entry.gramas / 1000).replace(".", ","),
    observacoes: entry.observacoes,
  };
  return Object.fromEntries(Object.entries(values).filter((pair): pair is [string, string] => pair[1] !== null));
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context.db);
  const id = pageId(params.id, "pet");
  const record = await healthRecord(context.db, user.id, id);
  if (!record.ok) throw pageFailure(record.failure);
  const { entries, role, nome, species, nascidoEm } = record.value;
  const url = new URL(request.url);
  const editing = entries.find((entry) => entry.id === url.searchParams.get("registro"));
  const asked = url.searchParams.get("tipo");
  const tipo: HealthType =
    editing?.tipo ?? (HEALTH_TYPES.includes(asked as HealthType) ? (asked as HealthType) : "vacina");
  const today = dayInBrasilia(new Date());
  const mayChange = (entry: HealthEntry) => role === "equipe" || entry.authorId === user.id;
  const vaccines = entries.filter((entry) => entry.tipo === "vacina").map((entry) => entry.nome!);
  const lastOf = (kind: HealthType) => entries.find((entry) => entry.tipo === kind);
  const weight = lastOf("peso");
  const dewormer = lastOf("vermifugo");
  const castration = lastOf("castracao");
  return {
    pet: { id, nome },
    papel: ROLE_TEXT[role],
    // The register's data is its tutor's: the organisation's team, or the adopter.
    cadastro: role !== "lar_temporario",
    // The adopter's own reminders, on or off; the team and the foster get theirs while the animal is with them.
    lembretes: role === "adotante" ? await healthRemindersOn(context.db, user.id, id) : null,
    hoje: today,
    tipo,
    editing: editing ? { id: editing.id, values: formValues(editing) } : null,
    sugestoes: vaccinesOf(species).map((vaccine) => vaccine.label),
    // What the form's next-dose suggestion reads (suggestNextDose), in the browser.
    historico: {
      species,
      nascidoEm,
      doses: entries
        .filter((entry) => entry.tipo === "vacina")
        .map((entry) => ({ vacina: entry.vacina, data: entry.data })),
    },
    resumo: [
      ["Vacinas", vaccines.length ? listInWords([...new Set(vaccines)]) : "Nenhuma registrada"],
      ["Vermífugo", dewormer ? `Último em ${formatDay(dewormer.data)}` : "Nenhum registrado"],
      ["Castração", castration ? `Castrado em ${formatDay(castration.data)}` : "Não registrada"],
      ...(testedNegativeForFivFelv(entries) ? [["FIV/FeLV", "Testado negativo"]] : []),
      ...(weight ? [["Peso", `${formatKg(weight.gramas ?? 0)} em ${formatDay(weight.data)}`]] : []),
    ] as [string, string][],
    doses: dueDoses(entries).map((dose) => ({
      nome: dose.nome,
      dia: formatDay(dose.dia),
      atrasada: dose.dia < today,
    })),
    // `?apagar=`: the entry whose delete is asked once more.
    apagando: (() => {
      const entry = entries.find((one) => one.id === url.searchParams.get("apagar") && mayChange(one));
      return entry ? { id: entry.id, titulo: describe(entry).titulo, dia: formatDay(entry.data) } : null;
    })(),
    registros: entries.map((entry) => ({
      id: entry.id,
      dia: formatDay(entry.data),
      ...describe(entry),
      arquivos: entry.arquivos.map((file, index) => ({
        url: healthFileUrl(id, file.id),
        texto: `Arquivo ${index + 1} (${file.tipo === "pdf" ? "PDF" : "foto"})`,
      })),
      pode: mayChange(entry),
    })),
  };
}

/** `?acao=registrar` adds an entry, `corrigir` replaces one, `apagar` deletes one (`&registro=`). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireUser(request, context.db);
  const id = pageId(params.id, "pet");
  const url = new URL(request.url);
  const intent = url.searchParams.get("acao");
  const entryId = url.searchParams.get("registro");
  const back = async (notice: "healthChanged" | "healthRemoved" | "healthRemindersOn" | "healthRemindersOff") =>
    redirect(`/pets/${id}/saude`, { headers: { "Set-Cookie": await setNotice(notice) } });
  if (intent === "lembretes") {
    const form = await parseForm(request, healthRemindersSchema);
    if (!form.ok) return form.response;
    const on = form.value.lembretes === "sim";
    const set = await setHealthReminders(context.db, user.id, id, on);
    if (!set.ok) throw pageFailure(set.failure);
    return back(on ? "healthRemindersOn" : "healthRemindersOff");
  }
  if (intent === "apagar") {
    if (!isId(entryId)) throw data("Registro de saúde não encontrado.", { status: 404 });
    const removed = await removeHealthEntry(context.db, user.id, id, entryId);
    if (!removed.ok) throw pageFailure(removed.failure);
    return back("healthRemoved");
  }
  if (intent === "registrar") {
    const read = await readHealthEntryForm(request);
    if (!read.ok) return read.response;
    return submitFormOnce(context.db, user.id, request, async () => {
      const added = await addHealthEntry(context.db, context.jobs, user.id, id, read.input, new Date(), read.files);
      if (!added.ok) return formFailure(read, added.failure);
      // To the entry made, and an empty form of its kind for the next one.
      return redirect(`/pets/${id}/saude?tipo=${read.input.tipo}#registro-${added.value}`, {
        headers: { "Set-Cookie": await setNotice("healthAdded") },
      });
    });
  }
  if (intent !== "corrigir") throw data("Ação desconhecida.", { status: 400 });
  const form = await parseForm(request, healthEntrySchema);
  if (!form.ok) return form.response;
  if (!isId(entryId)) throw data("Registro de saúde não encontrado.", { status: 404 });
  const changed = await changeHealthEntry(context.db, context.jobs, user.id, id, entryId, form.value, new Date());
  if (!changed.ok) return formFailure(form, changed.failure);
  return back("healthChanged");
}

export function meta({ data: loaded }: Route.MetaArgs) {
  return pageMeta(
    loaded ? `Saúde de ${loaded.pet.nome} | Adopet` : "Saúde | Adopet",
    "Vacinas, vermífugos, exames, consultas e medicamentos do animal.",
  );
}

export default function PetHealth() {
  const { pet, papel, resumo, doses, registros, lembretes, cadastro, apagando } = useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <section className="profile pet-health">
      <h1 className="profile__title">Saúde de {pet.nome}</h1>
      <p>{papel}</p>
      <p className="pet-health__links">
        <a href={`/adopet/pets/${pet.id}/saude.pdf`} className="button" download>
          Baixar a carteira de saúde (PDF)
        </a>
        <Link to={`/pets/${pet.id}`}>Ver a página de {pet.nome}</Link>
      </p>
      {cadastro ? (
        <p>
          Dados para o cadastro nacional (SinPatinhas):{" "}
          <a href={`/adopet/api/pets/${pet.id}/sinpatinhas.pdf`} download>
            PDF
          </a>{" "}
          ·{" "}
          <a href={`/adopet/api/pets/${pet.id}/sinpatinhas.csv`} download>
            CSV
          </a>
        </p>
      ) : null}
      <section className="panel" aria-labelledby="resumo">
        <h2 className="panel__title" id="resumo">
          Resumo
        </h2>
        <dl className="pet-health__summary">
          {resumo.map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="panel" aria-labelledby="proximas-doses">
        <h2 className="panel__title" id="proximas-doses">
          Próximas doses
        </h2>
        {doses.length === 0 ? (
          <p>Nenhuma dose prevista. Ao registrar uma vacina ou vermífugo, informe a próxima dose.</p>
        ) : (
          <ul className="pet-health__doses">
            {doses.map((dose) => (
              <li key={dose.nome}>
                <strong>{dose.nome}</strong>
                {`: ${dose.dia}`}
                {dose.atrasada ? <span className="urgent-badge">Atrasada</span> : null}
              </li>
            ))}
          </ul>
        )}
        {lembretes === null ? (
          <p>
            {`Um e-mail lembra cada dose ${DOSE_NOTICE_DAYS} dias antes e no dia, e os medicamentos de cada dia pela manhã: para o lar temporário enquanto o animal estiver lá, senão para a equipe.`}
          </p>
        ) : (
          <Form method="post" action="?acao=lembretes" className="pet-health__reminders">
            <p>
              {lembretes
                ? `Você recebe um e-mail ${DOSE_NOTICE_DAYS} dias antes de cada dose e no dia, e os medicamentos de cada dia pela manhã.`
                : "Os lembretes por e-mail estão desligados."}
            </p>
            <input type="hidden" name="lembretes" value={lembretes ? "nao" : "sim"} />
            <button type="submit" className="my-pet__action">
              {lembretes ? "Desligar os lembretes" : "Ligar os lembretes"}
            </button>
          </Form>
        )}
      </section>
      {apagando ? (
        <ConfirmDelete
          question={`Apagar o registro de ${apagando.dia}: ${apagando.titulo}?`}
          note={`${TRASH_NOTE} O registro sai da carteira e dos lembretes.`}
          action={`?acao=apagar&registro=${apagando.id}`}
          cancel={`?#registro-${apagando.id}`}
        />
      ) : null}
      <section className="panel" aria-labelledby="registros">
        <h2 className="panel__title" id="registros">
          Registros
        </h2>
        {registros.length === 0 ? (
          <p>Nada registrado ainda.</p>
        ) : (
          <ol className="pet-health__entries">
            {registros.map((entry) => (
              <li key={entry.id} id={`registro-${entry.id}`} className="pet-health__entry">
                <p>
                  <strong>{entry.dia}</strong> · {entry.titulo}
                </p>
                {entry.detalhes.map((line) => (
                  <p key={line} className="pet-health__detail">
                    {line}
                  </p>
                ))}
                {entry.arquivos.length ? (
                  <p className="pet-health__files">
                    {entry.arquivos.map((file) => (
                      <a key={file.url} href={file.url} target="_blank" rel="noreferrer">
                        {file.texto}
                      </a>
                    ))}
                  </p>
                ) : null}
                {entry.pode ? (
                  <div className="pet-health__actions">
                    <Link to={`?registro=${entry.id}#registrar`} aria-label={`Corrigir ${entry.titulo}, ${entry.dia}`}>
                      Corrigir
                    </Link>
                    <Link
                      to={`?apagar=${entry.id}#confirmar`}
                      className="my-pet__action"
                      aria-label={`Apagar ${entry.titulo}, ${entry.dia}`}
                    >
                      Apagar
                    </Link>
                  </div>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </section>
      {/* A new form after each save (the redirect is a new location): it comes back empty. */}
      <EntryForm key={location.key} />
    </section>
  );
}

/** The fields each kind's form shows, in order. */
const FORM_FIELDS: Record<HealthType, string[]> = {
  vacina: ["nome", "produto", "data", "lote", "proxima_dose", "observacoes"],
  vermifugo: ["produto", "data", "proxima_dose", "observacoes"],
  antipulgas: ["produto", "data", "proxima_dose", "observacoes"],
  castracao: ["data", "clinica", "observacoes"],
  exame: ["nome", "data", "resultado", "observacoes"],
  consulta: ["data", "motivo", "clinica", "observacoes"],
  medicamento: ["nome", "dose", "horarios", "de", "ate", "observacoes"],
  peso: ["data", "kg", "observacoes"],
};

/** Adds an entry of the kind chosen, or corrects the one being edited. */
function EntryForm() {
  const { tipo, editing, hoje, sugestoes, historico } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const start: Record<string, string> = editing?.values ?? (tipo === "medicamento" ? { de: hoje } : { data: hoje });
  // What a refused form had, as the server sends it back.
  const sent = (lastResult?.initialValue ?? {}) as Record<string, unknown>;
  const first = (name: string) => (typeof sent[name] === "string" ? (sent[name] as string) : (start[name] ?? ""));
  const [form, fields, focus] = useValidatedForm(HEALTH_ENTRY_FORM_SCHEMAS[tipo], lastResult, start, [
    "tipo",
    ...FORM_FIELDS[tipo],
    "arquivos",
  ]);
  const field = (name: string) => (fields as Record<string, AnyField>)[name]!;
  // A vaccine's name, day and next dose are held by the page: the protocol's next dose follows them.
  const [typed, setTyped] = useState({
    nome: first("nome"),
    data: first("data"),
    proxima_dose: first("proxima_dose"),
  });
  const held = (name: keyof typeof typed) =>
    tipo === "vacina"
      ? { value: typed[name], onChange: (text: string) => setTyped((now) => ({ ...now, [name]: text })) }
      : undefined;
  const advice = tipo === "vacina" ? suggestNextDose(historico, typed.nome, typed.data) : null;
  const controls: Record<string, ReactNode> = {
    nome: (
      <TextField
        meta={field("nome")}
        label={tipo === "vacina" ? "Vacina" : tipo === "exame" ? "Exame" : "Medicamento"}
        hint={
          tipo === "vacina"
            ? `Por exemplo: ${sugestoes.join(", ")}.`
            : tipo === "exame"
              ? "Por exemplo: FIV/FeLV, leishmaniose, hemograma."
              : undefined
        }
        maxLength={HEALTH_LIMITS.nome}
        control={held("nome")}
      />
    ),
    produto:
      tipo === "vacina" ? (
        <TextField
          meta={field("produto")}
          label="Marca (opcional)"
          hint="Se o nome já diz, como em V10 Vanguard Plus, não precisa repetir."
          maxLength={HEALTH_LIMITS.produto}
        />
      ) : (
        <TextField meta={field("produto")} label="Produto" maxLength={HEALTH_LIMITS.produto} />
      ),
    data: <TextField meta={field("data")} label="Data" type="date" control={held("data")} />,
    lote: <TextField meta={field("lote")} label="Lote (opcional)" maxLength={HEALTH_LIMITS.lote} />,
    proxima_dose: (
      <>
        <TextField
          meta={field("proxima_dose")}
          label="Próxima dose (opcional)"
          type="date"
          control={held("proxima_dose")}
        />
        {tipo === "vacina" ? (
          <div className="pet-health__advice" aria-live="polite">
            {advice ? (
              <p>
                Pelo protocolo da {advice.vacina} ({advice.motivo}): {formatDay(advice.dia)}.{" "}
                {advice.nota ? `${advice.nota} ` : null}
                {typed.proxima_dose === advice.dia ? null : (
                  <button
                    type="button"
                    className="button"
                    onClick={() => setTyped((now) => ({ ...now, proxima_dose: advice.dia }))}
                  >
                    Usar esta data
                  </button>
                )}
              </p>
            ) : null}
          </div>
        ) : null}
      </>
    ),
    clinica: <TextField meta={field("clinica")} label="Clínica (opcional)" maxLength={HEALTH_LIMITS.clinica} />,
    resultado: <TextField meta={field("resultado")} label="Resultado (opcional)" maxLength={HEALTH_LIMITS.resultado} />,
    motivo: <TextAreaField meta={field("motivo")} label="Motivo" maxLength={HEALTH_LIMITS.motivo} rows={3} />,
    dose: <TextField meta={field("dose")} label="Dose" placeholder="1 comprimido" maxLength={HEALTH_LIMITS.dose} />,
    horarios: <TextField meta={field("horarios")} label="Horários" hint="Separados por vírgula, como 08:00, 20:00." />,
    de: <TextField meta={field("de")} label="Primeiro dia" type="date" />,
    ate: <TextField meta={field("ate")} label="Último dia (opcional)" type="date" />,
    kg: <TextField meta={field("kg")} label="Peso (kg)" inputMode="decimal" placeholder="4,5" />,
    observacoes: (
      <TextAreaField
        meta={field("observacoes")}
        label="Observações (opcional)"
        maxLength={HEALTH_LIMITS.observacoes}
        rows={3}
      />
    ),
  };
  return (
    <ValidatedForm
      form={form}
      focus={focus}
      action={editing ? `?acao=corrigir&registro=${editing.id}` : "?acao=registrar"}
      className="panel"
      aria-labelledby="registrar"
      key={editing?.id ?? tipo}
      encType={editing ? undefined : "multipart/form-data"}
    >
      <h2 className="panel__title" id="registrar">
        {editing ? `Corrigir ${HEALTH_TYPE_LABEL[tipo].toLowerCase()}` : "Novo registro"}
      </h2>
      {editing ? (
        <p>
          <Link to="?">Cancelar a correção</Link>
        </p>
      ) : (
        <nav aria-label="Tipo de registro" className="pet-health__kinds">
          {HEALTH_TYPES.map((kind) => (
            <Link
              key={kind}
              to={`?tipo=${kind}#registrar`}
              aria-current={kind === tipo ? "page" : undefined}
              className="pet-health__kind"
            >
              {HEALTH_TYPE_LABEL[kind]}
            </Link>
          ))}
        </nav>
      )}
      <FormError id={form.errorId} errors={form.errors} />
      <input type="hidden" name="tipo" value={tipo} />
      {FORM_FIELDS[tipo].map((name) => (
        <div key={name}>{controls[name]}</div>
      ))}
      {editing ? null : (
        <FileChoice
          name="arquivos"
          label={`Arquivos (opcional, até ${HEALTH_FILES_MAX}): a foto da carteira, o PDF do exame`}
          button="Escolher arquivos"
          empty="Nenhum arquivo escolhido"
          accept="application/pdf,image/jpeg,image/png"
          multiple
          error={field("arquivos").errors?.[0] ?? null}
        />
      )}
      <button type="submit" className="button panel__submit">
        {editing ? "Salvar a correção" : `Registrar ${HEALTH_TYPE_LABEL[tipo].toLowerCase()}`}
      </button>
    </ValidatedForm>
  );
}
