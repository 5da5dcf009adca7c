import { data, Form, Link, redirect, useLoaderData } from "react-router";
import type { Route } from "./+types/mensagens";
import { imageUrl } from "~/lib/image-urls";
import { formatDateTime } from "~/lib/dates";
import { listReceived, listSent, markRead } from "~/domain/messages/messages.server";
import { listConversations } from "~/domain/conversations/conversations.server";
import { membershipsOf } from "~/domain/organizations/membership.server";
import { blockedPhonesAmong, blockVisitorPhone, listBlocks, unblock } from "~/domain/conversations/blocks.server";
import { setNotice } from "~/web/notices.server";
import { whatsAppLink } from "~/lib/phones";
import { requireUser } from "~/web/auth.server";
import { readForm } from "~/web/body.server";
import { pageFailure } from "~/web/forms.server";
import { pageMeta } from "~/lib/meta";
import { isId } from "~/lib/ids";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context.db);
  const query = new URL(request.url).searchParams;
  // `Minhas`: only the team's conversations assigned to the reader (issue 43); one organisation's
  // and `Aguardando resposta`: as its home counts them (issue 62).
  const mine = query.get("minhas") === "1";
  const waiting = query.get("aguardando") === "1";
  const asked = query.get("organizacao");
  const organizationId = isId(asked) ? asked : undefined;
  const [conversations, received, sent, blocked, teams] = await Promise.all([
    listConversations(context.db, user.id, { mine, waiting, organizationId }),
    listReceived(context.db, user.id),
    listSent(context.db, user.id),
    listBlocks(context.db, user.id),
    membershipsOf(context.db, user.id),
  ]);
  const blockedPhones = await blockedPhonesAmong(
    context.db,
    user.id,
    received.map((message) => message.senderTelefone),
  );
  return {
    conversations,
    mine,
    waiting,
    organizationId: organizationId ?? null,
    // The filter is offered to whoever answers for a team (administrador or equipe).
    inTeam: teams.some((team) => team.papel !== "lar_temporario"),
    received: received.map((message) => ({ ...message, phoneBlocked: blockedPhones.has(message.senderTelefone) })),
    sent,
    blocked,
    caretakerNome: user.nome,
  };
}

/**
 * Marks one message (or all) as read, blocks the phone of a visitor's message, or lifts a block:
 * only the person's own messages and blocks.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context.db);
  const form = await readForm(request, { maxFiles: 0 }).catch(() => null);
  const id = form?.get("mensagem");
  const intent = form?.get("intent");
  if (intent === "bloquear-telefone" || intent === "desbloquear") {
    const target = form?.get(intent === "desbloquear" ? "bloqueio" : "mensagem");
    if (!isId(target)) throw data("Pedido inválido.", { status: 400 });
    const done =
      intent === "desbloquear"
        ? await unblock(context.db, user.id, target)
        : await blockVisitorPhone(context.db, user.id, target);
    if (!done.ok) throw pageFailure(done.failure);
    return redirect("/mensagens", {
      headers: { "Set-Cookie": await setNotice(intent === "desbloquear" ? "personUnblocked" : "phoneBlocked") },
    });
  }
  if (intent === "ler-todas") {
    await markRead(context.db, user.id);
  } else if (isId(id)) {
    const marked = await markRead(context.db, user.id, id);
    if (!marked.ok) throw pageFailure(marked.failure);
  } else {
    throw data("Pedido inválido.", { status: 400 });
  }
  return redirect("/mensagens");
}

export function meta() {
  return pageMeta(
    "Minhas mensagens | Adopet",
    "Suas conversas sobre adoções, as mensagens que você recebeu sobre seus animais e as que você enviou.",
  );
}

export default function Inbox() {
  const { conversations, mine, waiting, organizationId, inTeam, received, sent, blocked, caretakerNome } =
    useLoaderData<typeof loader>();
  const filterHref = (filters: { mine?: boolean; waiting?: boolean }) => {
    const query = new URLSearchParams();
    if (organizationId) query.set("organizacao", organizationId);
    if (filters.waiting) query.set("aguardando", "1");
    if (filters.mine) query.set("minhas", "1");
    const text = query.toString();
    return text ? `/mensagens?${text}` : "/mensagens";
  };
  const unread = received.filter((message) => !message.read).length;
  return (
    <section className="inbox">
      <h1 className="inbox__title">Minhas mensagens</h1>

      <section aria-labelledby="conversas">
        <h2 id="conversas" className="inbox__subtitle">
          Conversas
        </h2>
        {inTeam ? (
          <nav className="inbox__filter" aria-label="Filtrar conversas">
            <Link to={filterHref({})} aria-current={mine || waiting ? undefined : "page"}>
              Todas
            </Link>
            <Link to={filterHref({ mine: true })} aria-current={mine && !waiting ? "page" : undefined}>
              Minhas
            </Link>
            <Link to={filterHref({ waiting: true })} aria-current={waiting && !mine ? "page" : undefined}>
              Aguardando resposta
            </Link>
            <Link to={filterHref({ waiting: true, mine: true })} aria-current={waiting && mine ? "page" : undefined}>
              Minhas aguardando resposta
            </Link>
          </nav>
        ) : null}
        {conversations.length === 0 && waiting ? (
          <p>Nenhuma conversa aguardando resposta.</p>
        ) : conversations.length === 0 && mine ? (
          <p>Nenhuma conversa atribuída a você.</p>
        ) : conversations.length === 0 ? (
          <p>
            Nenhuma conversa ainda. Quem se candidata a adotar conversa aqui com quem cuida do animal, sem precisar
            trocar telefone.
          </p>
        ) : (
          <ul className="messages">
            {conversations.map((conversation) => (
              <li key={conversation.id} className={conversation.unread > 0 ? "message message--unread" : "message"}>
                <article aria-labelledby={`c-${conversation.id}`} className="message__header">
                  {conversation.about.photoId ? (
                    <img
                      className="message__photo"
                      src={imageUrl(conversation.about.photoId, 160)}
                      alt=""
                      width={48}
                      height={48}
                    />
                  ) : null}
                  <div>
                    <h3 id={`c-${conversation.id}`} className="message__from">
                      <Link to={`/mensagens/${conversation.id}`}>
                        {conversation.other.nome} · {conversation.about.nome}
                      </Link>
                    </h3>
                    {conversation.lastMessage ? (
                      <p className="conversation__last">
                        {conversation.lastMessage.mine ? "Você: " : ""}
                        {conversation.lastMessage.texto}
                      </p>
                    ) : null}
                    <p className="message__meta">
                      {conversation.lastMessageAt ? (
                        <time dateTime={conversation.lastMessageAt.toISOString()}>
                          {formatDateTime(conversation.lastMessageAt)}
                        </time>
                      ) : null}
                      {conversation.assignedTo ? ` · Atribuída a ${conversation.assignedTo.nome}` : null}
                      {conversation.unread > 0 ? (
                        <span className="message__badge">
                          {conversation.unread === 1 ? "1 não lida" : `${conversation.unread} não lidas`}
                        </span>
                      ) : null}
                    </p>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="recebidas">
        <div className="inbox__header">
          <h2 id="recebidas" className="inbox__subtitle">
            Recebidas {unread > 0 ? `(${unread} não ${unread === 1 ? "lida" : "lidas"})` : ""}
          </h2>
          {unread > 0 ? (
            <Form method="post">
              <button type="submit" name="intent" value="ler-todas" className="my-pet__action">
                Marcar todas como lidas
              </button>
            </Form>
          ) : null}
        </div>
        {received.length === 0 ? (
          <p>
            Nenhuma mensagem recebida ainda. Quando alguém escrever sobre um animal que você publicou, a mensagem
            aparece aqui.
          </p>
        ) : (
          <ul className="messages">
            {received.map((message) => (
              <li key={message.id} className={message.read ? "message" : "message message--unread"}>
                <article aria-labelledby={`m-${message.id}`}>
                  <header className="message__header">
                    {message.petPhotoId ? (
                      <img
                        className="message__photo"
                        src={imageUrl(message.petPhotoId, 160)}
                        alt=""
                        width={48}
                        height={48}
                      />
                    ) : null}
                    <div>
                      <h3 id={`m-${message.id}`} className="message__from">
                        {message.senderNome} sobre <Link to={`/pets/${message.petId}`}>{message.petNome}</Link>
                      </h3>
                      <p className="message__meta">
                        <time dateTime={message.createdAt.toISOString()}>{formatDateTime(message.createdAt)}</time>
                        {message.read ? null : <span className="message__badge">Não lida</span>}
                      </p>
                    </div>
                  </header>
                  <p className="message__text">{message.texto}</p>
                  <p className="message__phone">
                    Telefone:{" "}
                    <a href={`tel:${message.senderTelefone.replace(/[^\d+]/g, "")}`}>{message.senderTelefone}</a>
                  </p>
                  <p className="message__actions">
                    <a
                      className="my-pet__action"
                      href={whatsAppLink(
                        message.senderTelefone,
                        `Olá, ${message.senderNome}! Aqui é ${caretakerNome}, sobre ${message.petNome}, que você viu na Adopet.`,
                      )}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      Responder pelo WhatsApp
                    </a>
                    <a className="my-pet__action" href={`tel:${message.senderTelefone.replace(/[^\d+]/g, "")}`}>
                      Ligar
                    </a>
                  </p>
                  {message.read ? null : (
                    <Form method="post">
                      <input type="hidden" name="mensagem" value={message.id} />
                      <button type="submit" className="my-pet__action">
                        Marcar como lida
                      </button>
                    </Form>
                  )}
                  <div className="message__report">
                    {message.phoneBlocked ? (
                      <p className="message__meta">Telefone bloqueado</p>
                    ) : (
                      <Form method="post">
                        <input type="hidden" name="mensagem" value={message.id} />
                        <button
                          type="submit"
                          name="intent"
                          value="bloquear-telefone"
                          className="my-pet__action"
                          aria-describedby={`m-${message.id}`}
                        >
                          Bloquear este telefone
                        </button>
                      </Form>
                    )}
                    <Link
                      to={`/denunciar?tipo=conversa&id=${message.id}`}
                      className="report-link"
                      aria-describedby={`m-${message.id}`}
                    >
                      Denunciar
                    </Link>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        )}
      </section>

      {sent.length > 0 ? (
        <section aria-labelledby="enviadas" className="inbox__sent">
          <h2 id="enviadas" className="inbox__subtitle">
            Enviadas
          </h2>
          <ul className="messages">
            {sent.map((message) => (
              <li key={message.id} className="message">
                <p className="message__from">
                  Sobre <Link to={`/pets/${message.petId}`}>{message.petNome}</Link> ·{" "}
                  <time dateTime={message.createdAt.toISOString()}>{formatDateTime(message.createdAt)}</time>
                </p>
                <p className="message__text">{message.texto}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {blocked.length > 0 ? (
        <section aria-labelledby="bloqueios" className="inbox__sent">
          <h2 id="bloqueios" className="inbox__subtitle">
            Bloqueios
          </h2>
          <p>
            Quem você bloqueou não pode mais escrever para você nem se candidatar aos seus animais, e vê isso se tentar.
          </p>
          <ul className="blocks">
            {blocked.map((entry) => (
              <li key={entry.id} className="blocks__item">
                <span id={`b-${entry.id}`}>{entry.descricao}</span>
                <Form method="post">
                  <input type="hidden" name="bloqueio" value={entry.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="desbloquear"
                    className="my-pet__action"
                    aria-describedby={`b-${entry.id}`}
                  >
                    Desbloquear
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
}
