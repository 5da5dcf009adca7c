import { FileChoice } from "~/components/file-choice";
import { data, Form, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/termos.verificar";
import { formatDateTime } from "~/lib/dates";
import { pageMeta } from "~/lib/meta";
import { formatCode } from "~/lib/termos";
import { verifyFromRequest } from "~/web/termos-verification.server";

const PARTY_LABEL = { adotante: "Adotante", responsavel: "Responsável pelo animal" } as const;

export function loader() {
  return null;
}

/** Checks a code, or a PDF sent as a file: the same service as `POST /api/termos/verificar`. */
export async function action({ request, context }: Route.ActionArgs) {
  const read = await verifyFromRequest(context.db, request);
  if (!read.ok) {
    const field = read.field === "arquivo" ? "arquivo" : "codigo";
    return data({ field, error: read.message, result: null }, { status: read.status });
  }
  const { verification, via } = read;
  return {
    field: via,
    error: null,
    result: verification.valido
      ? {
          valido: true as const,
          codigo: formatCode(verification.codigo),
          animal: verification.animal,
          assinaturas: verification.assinaturas.map((signature) => ({
            parte: PARTY_LABEL[signature.parte],
            nome: signature.nome,
            em: formatDateTime(signature.assinado_em),
          })),
        }
      : { valido: false as const },
  };
}

export function meta() {
  return pageMeta(
    "Verificar um termo de adoção | Adopet",
    "Confira se um termo de adoção foi assinado na Adopet, pelo código de verificação ou pelo PDF.",
  );
}

type Answer = {
  field: "codigo" | "arquivo";
  error: string | null;
  result:
    | { valido: true; codigo: string; animal: string; assinaturas: { parte: string; nome: string; em: string }[] }
    | { valido: false }
    | null;
};

export default function VerifyTermo() {
  const answer = useActionData<typeof action>() as Answer | undefined;
  const busy = useNavigation().state === "submitting";
  const codeError = answer?.field === "codigo" ? answer.error : null;
  const fileError = answer?.field === "arquivo" ? answer.error : null;
  return (
    <section className="verify">
      <h1 className="questionnaire__title">Verificar um termo de adoção</h1>
      <p className="questionnaire__lead">
        Todo termo assinado na Adopet tem um código de verificação, impresso no PDF. Informe o código ou envie o PDF
        para saber se ele corresponde a um termo assinado aqui, por quem e quando. Um PDF alterado, mesmo em um só byte,
        não confere.
      </p>
      <div className="verify__forms">
        <Form method="post" className="panel" aria-labelledby="por-codigo">
          <h2 id="por-codigo" className="application__subtitle">
            Pelo código
          </h2>
          <Field name="codigo" label="Código de verificação" error={codeError} placeholder="ABCD-1234-EFGH-5678" />
          <button type="submit" className="button panel__submit" disabled={busy}>
            Verificar o código
          </button>
        </Form>
        <Form method="post" encType="multipart/form-data" className="panel" aria-labelledby="por-pdf">
          <h2 id="por-pdf" className="application__subtitle">
            Pelo PDF
          </h2>
          <FileChoice
            name="arquivo"
            label="PDF do termo"
            button="Escolher o PDF"
            empty="Nenhum arquivo escolhido"
            accept="application/pdf,.pdf"
            error={fileError}
          />
          <button type="submit" className="button panel__submit" disabled={busy}>
            Verificar o PDF
          </button>
        </Form>
      </div>
      {answer?.result ? <Result result={answer.result} via={answer.field} /> : null}
    </section>
  );
}

function Field({
  name,
  label,
  error,
  placeholder,
}: {
  name: string;
  label: string;
  error: string | null;
  placeholder?: string;
}) {
  const errorId = `${name}-erro`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={name}>
        {label}
      </label>
      <input
        className="field__control"
        id={name}
        name={name}
        type="text"
        placeholder={placeholder}
        autoComplete="off"
        maxLength={40}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
        // The refused field takes the focus, as on every form.
        autoFocus={error ? true : undefined}
      />
      <p id={errorId} className="field__error" aria-live="polite">
        {error ?? ""}
      </p>
    </div>
  );
}

function Result({ result, via }: { result: NonNullable<Answer["result"]>; via: Answer["field"] }) {
  if (!result.valido) {
    return (
      <div className="verify__result verify__result--invalid" role="status">
        <h2>Não confere</h2>
        <p>
          {via === "arquivo"
            ? "Este PDF não é o de nenhum termo assinado na Adopet: ele pode ter sido alterado. Peça às partes o PDF original, ou confira pelo código de verificação."
            : "Nenhum termo assinado na Adopet tem este código. Confira se ele foi digitado como está no PDF."}
        </p>
      </div>
    );
  }
  return (
    <div className="verify__result" role="status">
      <h2>Termo válido</h2>
      <p>
        Este é o termo de adoção de {result.animal}, assinado na Adopet (código {result.codigo}):
      </p>
      <ul>
        {result.assinaturas.map((signature) => (
          <li key={signature.parte}>
            {signature.parte}: {signature.nome}, em {signature.em} (horário de Brasília)
          </li>
        ))}
      </ul>
    </div>
  );
}
