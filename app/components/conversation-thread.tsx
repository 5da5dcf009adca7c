import type { SubmissionResult } from "@conform-to/react";
import { Link } from "react-router";
import { FormError, TextAreaField, ValidatedForm } from "~/components/form-fields";
import { useValidatedForm } from "~/components/use-validated-form";
import { CONVERSATION_TEXT_MAX } from "~/lib/conversations";
import { conversationReplyFormSchema } from "~/validation/conversations";

/** A conversation's messages as a page shows them (dates already written out). */
export type ThreadMessage = {
  id: string;
  texto: string;
  em: string;
  iso: string;
  /** Written by the reader's side (them, or their team). */
  mine: boolean;
  /** For a team: which other member wrote it. */
  author: string | null;
};

/**
 * A conversation (issue 20): its messages, oldest first, each saying who wrote it, and the
 * reply box. Works without JavaScript: the form posts and the page comes back with the reply.
 */
export function ConversationThread({
  messages,
  otherName,
  action,
  result,
  headingId,
  olderHref = null,
  newerHref = null,
  blocked = null,
}: {
  messages: ThreadMessage[];
  /** Where the messages before these are read (a thread shows its latest), if there are any. */
  olderHref?: string | null;
  /** Back to the latest messages, when these are older ones. */
  newerHref?: string | null;
  otherName: string;
  action: string;
  result: SubmissionResult<string[]> | undefined;
  headingId: string;
  /** A block between the two, from the reader's side: no reply box then, and why. */
  blocked?: "you" | "them" | null;
}) {
  const [form, fields, focus] = useValidatedForm(conversationReplyFormSchema, result);
  return (
    <>
      {/* New messages (read live, issue 20) are announced as they arrive, the first one too. */}
      <div aria-live="polite">
        {olderHref ? (
          <p className="thread__earlier">
            <Link to={olderHref}>Ver mensagens anteriores</Link>
          </p>
        ) : null}
        {messages.length === 0 ? (
          <p>Nenhuma mensagem ainda. Escreva para {otherName} por aqui: o telefone de vocês fica guardado.</p>
        ) : (
          <ol className="thread" aria-labelledby={headingId}>
            {messages.map((message) => (
              <li
                key={message.id}
                className={message.mine ? "thread__message thread__message--mine" : "thread__message"}
              >
                <p className="thread__author">{message.mine ? (message.author ?? "Você") : otherName}</p>
                <p className="thread__text">{message.texto}</p>
                <p className="thread__when">
                  <time dateTime={message.iso}>{message.em}</time>
                </p>
              </li>
            ))}
          </ol>
        )}
        {newerHref ? (
          <p className="thread__earlier">
            <Link to={newerHref}>Ver as mensagens mais recentes</Link>
          </p>
        ) : null}
      </div>
      {blocked ? (
        <p className="panel thread__closed">
          {blocked === "you"
            ? `Você bloqueou ${otherName}. Desbloqueie para voltar a escrever.`
            : `${otherName} preferiu não receber mais contatos seus.`}
        </p>
      ) : (
        /* Emptied once your message is in the thread; a message arriving meanwhile keeps what you type. */
        <ValidatedForm
          key={messages.findLast((message) => message.mine)?.id ?? "nova"}
          form={form}
          focus={focus}
          action={action}
          className="panel thread__reply"
        >
          <MessageFields form={form} fields={fields} otherName={otherName} />
        </ValidatedForm>
      )}
    </>
  );
}

/** A message's box and its button, in a conversation's reply form or the form that opens one. */
export function MessageFields({
  form,
  fields,
  otherName,
}: {
  form: ReturnType<typeof useValidatedForm<typeof conversationReplyFormSchema>>[0];
  fields: ReturnType<typeof useValidatedForm<typeof conversationReplyFormSchema>>[1];
  otherName: string;
}) {
  return (
    <>
      <FormError id={form.errorId} errors={form.errors} />
      <TextAreaField
        meta={fields.texto}
        label={`Mensagem para ${otherName}`}
        rows={3}
        maxLength={CONVERSATION_TEXT_MAX}
      />
      <button type="submit" className="button panel__submit">
        Enviar mensagem
      </button>
    </>
  );
}
