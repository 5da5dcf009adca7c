import { Form, Link } from "react-router";
import { whatsAppLink } from "~/lib/phones";
import { whatsAppGreeting } from "~/lib/conversations";

/**
 * A party's choices in a conversation (issue 20): the other's WhatsApp when they share it,
 * sharing one's own (or stopping), blocking the other party, and reporting the conversation.
 * Plain forms: they work without JavaScript.
 */
export function ConversationTools({
  conversationId,
  otherName,
  petName,
  whatsApp,
  blocked,
}: {
  conversationId: string;
  otherName: string;
  petName: string;
  whatsApp: { mine: boolean; other: string | null };
  blocked: "you" | "them" | null;
}) {
  const action = `/mensagens/${conversationId}/ajustes`;
  return (
    <section className="conversation-tools" aria-labelledby="conversa-contato">
      <h2 id="conversa-contato" className="conversation-tools__title">
        Contato e segurança
      </h2>
      {whatsApp.other ? (
        <p className="conversation-tools__whatsapp">
          {otherName} compartilhou o WhatsApp com você:{" "}
          <a
            href={whatsAppLink(whatsApp.other, whatsAppGreeting(otherName, petName))}
            target="_blank"
            rel="noopener noreferrer"
          >
            {`Conversar com ${otherName} no WhatsApp`}
            <span className="visually-hidden"> (abre em nova aba)</span>
          </a>
        </p>
      ) : null}
      {blocked === null ? (
        <Form method="post" action={action} className="conversation-tools__row">
          {whatsApp.mine ? (
            <>
              <p className="conversation-tools__hint">
                Você compartilhou seu WhatsApp: {otherName} vê um link para o telefone do seu perfil.
              </p>
              <button type="submit" name="intent" value="parar-whatsapp" className="my-pet__action">
                Parar de compartilhar
              </button>
            </>
          ) : (
            <>
              <p className="conversation-tools__hint">
                Seu telefone fica guardado. Se quiser, {otherName} passa a ver um link para o WhatsApp do telefone do
                seu perfil, só nesta conversa.
              </p>
              <button type="submit" name="intent" value="compartilhar-whatsapp" className="my-pet__action">
                Compartilhar meu WhatsApp
              </button>
            </>
          )}
        </Form>
      ) : null}
      <Form method="post" action={action} className="conversation-tools__row">
        {blocked === "you" ? (
          <>
            <p className="conversation-tools__hint">Você bloqueou {otherName}: as mensagens dessa pessoa não chegam.</p>
            <button type="submit" name="intent" value="desbloquear" className="my-pet__action">
              {`Desbloquear ${otherName}`}
            </button>
          </>
        ) : (
          <button type="submit" name="intent" value="bloquear" className="my-pet__action">
            {`Bloquear ${otherName}`}
          </button>
        )}
        <Link to={`/denunciar?tipo=conversa&id=${conversationId}`} className="report-link">
          Denunciar esta conversa
        </Link>
      </Form>
    </section>
  );
}
