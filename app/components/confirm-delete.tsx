import { useEffect, useRef } from "react";
import { Form, Link } from "react-router";

/**
 * A delete asked once more (issue 63): `Apagar` opens this (a link, so it works without
 * JavaScript as a page of its own), which says what goes and where, and deletes only from here.
 * Its heading takes the focus, so a screen reader reads the question first.
 */
export function ConfirmDelete({
  question,
  note,
  action,
  cancel,
}: {
  /** "Apagar a despesa de R$ 89,90 (Ração) de 05/12/2026?" */
  question: string;
  /** Where it goes: the Lixeira, or for good. */
  note: string;
  /** The form's action, which deletes. */
  action: string;
  /** Where `Cancelar` goes back to. */
  cancel: string;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="panel confirm-delete" id="confirmar" aria-labelledby="confirmar-titulo">
      <h2 className="panel__title" id="confirmar-titulo" tabIndex={-1} ref={heading}>
        {question}
      </h2>
      <p>{note}</p>
      <div className="confirm-delete__actions">
        <Form method="post" action={action}>
          <button type="submit" className="button">
            Apagar
          </button>
        </Form>
        <Link to={cancel} preventScrollReset>
          Cancelar
        </Link>
      </div>
    </section>
  );
}
