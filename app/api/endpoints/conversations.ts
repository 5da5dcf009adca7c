import { z } from "zod";
import {
  countUnreadInConversations,
  getConversation,
  assignConversation,
  listConversations,
  markConversationRead,
  sendInConversation,
  setWhatsAppSharing,
} from "~/domain/conversations/conversations.server";
import {
  blockInConversation,
  blockVisitorPhone,
  listBlocks,
  unblock,
  unblockInConversation,
} from "~/domain/conversations/blocks.server";
import { listReceived, listSent, markRead, resolveRecipient } from "~/domain/messages/messages.server";
import { isId } from "~/lib/ids";
import { imageUrl } from "~/lib/image-urls";
import {
  blocksSchema,
  conversationListSchema,
  conversationMessageSentSchema,
  conversationSchema,
  inboxSchema,
  messageSentSchema,
} from "~/openapi/responses";
import { apiBlockPhoneSchema, apiConversationMessageSchema, conversationPatchSchema } from "~/validation/conversations";
import { NOTICES } from "~/validation/messages";
import { apiMessageSchema, CONTACT_MESSAGES } from "~/validation/messages-form";
import { apiError, apiFailure, parseJsonBody } from "~/web/api.server";
import { getUser, sessionStillOpen } from "~/web/auth.server";
import { deliverContact } from "~/web/messages.server";
import { toApiConversation, toApiConversationSummary } from "~/presenters/conversations";
import { endpoint, idParam } from "../endpoint";
import { answer, json, noContent } from "../openapi/operation";

const messageParam = idParam("message", "da mensagem");
const conversationParam = idParam("conversation", "da conversa");
const blockParam = idParam("block", "do bloqueio");
const PRIVATE_READ = { "Cache-Control": "private, no-store" };
const NO_STORE = { "Cache-Control": "no-store" };

/** Streams one person may hold open on one server (a page opens one, while it is visible). */
const STREAMS_PER_PERSON = 10;

const readSchema = z.strictObject({ lida: z.literal(true, { error: 'Envie {"lida": true}.' }) });

/** `minhas`, as `GET /conversas` reads it. */
const conversationsQuery = z.object({
  minhas: z.enum(["1"]).optional().meta({ description: "`1`: só as conversas atribuídas a você." }),
  organizacao: z.uuid().optional().meta({ description: "Só as de uma das suas organizações." }),
  aguardando: z
    .enum(["1"])
    .optional()
    .meta({ description: "`1`: só as das suas equipes cuja última mensagem é do adotante (aguardam resposta)." }),
});

/** `antes`, as `GET /conversas/{id}` reads it. */
const conversationQuery = z.object({
  antes: z
    .uuid()
    .optional()
    .meta({ description: "O id de uma mensagem da conversa: traz as que vieram antes dela (a página anterior)." }),
});

/**
 * Messages and conversations: the inbox of contact messages, writing about a pet, the
 * conversations between accounts, reading and writing in one, and their live events.
 */
export const conversationsEndpoints = [
  endpoint({
    method: "get",
    path: "/messages",
    access: "signed-in",
    doc: {
      tags: ["Mensagens"],
      summary: "Suas mensagens, recebidas e enviadas",
      description:
        "As mensagens de visitantes sem conta sobre os seus animais, com o telefone que informaram (`enviadas` fica vazia desde as conversas). As mensagens entre contas estão em `/conversas`.",
      ok: { 200: answer("As mensagens.", inboxSchema) },
    },
    async handle({ context, user }) {
      const [received, sent] = await Promise.all([listReceived(context.db, user.id), listSent(context.db, user.id)]);
      return Response.json(
        {
          recebidas: received.map((message) => ({
            id: message.id,
            pet: {
              id: message.petId,
              nome: message.petNome,
              imagem: message.petPhotoId ? imageUrl(message.petPhotoId, 160) : null,
            },
            nome: message.senderNome,
            telefone: message.senderTelefone,
            contato__texto: message.texto,
            enviada_em: message.createdAt.toISOString(),
            lida: message.read,
          })),
          enviadas: sent.map((message) => ({
            id: message.id,
            pet: { id: message.petId, nome: message.petNome },
            contato__texto: message.texto,
            enviada_em: message.createdAt.toISOString(),
          })),
        },
        { headers: PRIVATE_READ },
      );
    },
  }),
  endpoint({
    method: "post",
    path: "/messages",
    access: "anyone",
    doc: {
      tags: ["Mensagens"],
      summary: "Escrever a quem cuida de um animal",
      description:
        "Sem conta, a mensagem chega a quem cuida do animal com o nome e o telefone informados. Com a sessão, ela abre (ou continua) a sua conversa sobre o animal, em `/conversas`: o nome e o telefone enviados são ignorados, e nenhum telefone é mostrado.",
      requestBody: { content: json(apiMessageSchema) },
      ok: { 201: answer("Mensagem enviada.", messageSentSchema) },
      errors: {
        403: "Quem cuida do animal não recebe mais contatos seus, ou o animal é seu (ou o pedido veio de outro site).",
        404: "Animal não encontrado.",
        409: CONTACT_MESSAGES.chooseRequired,
      },
      traits: { body: true, limited: true },
    },
    // {petId, nome, telefone, nome__animal, contato__texto}; with a session, into the sender's conversation.
    async handle({ request, context }) {
      const parsed = await parseJsonBody(request, apiMessageSchema);
      if (!parsed.ok) return parsed.response;
      const { petId, ...input } = parsed.data;
      const recipient = await resolveRecipient(context.db, { petId, nome__animal: input.nome__animal });
      if (!recipient.ok) return apiFailure(recipient.failure);
      const sender = await getUser(request, context.db);
      const delivered = await deliverContact(context, sender, recipient.value, input);
      if (!delivered.ok) return apiFailure(delivered.failure);
      return Response.json(
        { id: delivered.value.id, mensagem: NOTICES.messageSent, conversa_id: delivered.value.conversationId },
        { status: 201, headers: NO_STORE },
      );
    },
  }),
  endpoint({
    method: "post",
    path: "/messages/lidas",
    access: "signed-in",
    doc: {
      tags: ["Mensagens"],
      summary: "Marcar todas as mensagens recebidas como lidas",
      ok: noContent("Marcadas."),
    },
    async handle({ context, user }) {
      await markRead(context.db, user.id);
      return new Response(null, { status: 204 });
    },
  }),
  endpoint({
    method: "patch",
    path: "/messages/{id}",
    access: "party",
    params: { id: messageParam },
    doc: {
      tags: ["Mensagens"],
      summary: "Marcar uma mensagem recebida como lida",
      requestBody: { content: json(z.strictObject({ lida: z.literal(true) })) },
      ok: noContent("Marcada."),
      errors: { 404: "Mensagem não encontrada." },
      traits: { body: true },
    },
    // {lida: true}: the recipient marks a message read. Anyone else: 404.
    async handle({ request, params, context, user }) {
      const parsed = await parseJsonBody(request, readSchema);
      if (!parsed.ok) return parsed.response;
      const marked = await markRead(context.db, user.id, params.id);
      if (!marked.ok) return apiFailure(marked.failure);
      return new Response(null, { status: 204 });
    },
  }),
  endpoint({
    method: "get",
    path: "/bloqueios",
    access: "signed-in",
    doc: {
      tags: ["Mensagens"],
      summary: "Quem você bloqueou",
      description:
        "As contas que você bloqueou numa conversa (`PATCH /conversas/{id}`) e os telefones de visitantes que você bloqueou (`POST /bloqueios`). Quem está aqui não escreve para você nem se candidata aos seus animais.",
      ok: { 200: answer("Os bloqueios.", blocksSchema) },
    },
    async handle({ context, user }) {
      const blocked = await listBlocks(context.db, user.id);
      return Response.json(
        {
          bloqueios: blocked.map((entry) => ({
            id: entry.id,
            descricao: entry.descricao,
            criado_em: entry.createdAt.toISOString(),
          })),
        },
        { headers: PRIVATE_READ },
      );
    },
  }),
  endpoint({
    method: "post",
    path: "/bloqueios",
    access: "signed-in",
    doc: {
      tags: ["Mensagens"],
      summary: "Bloquear o telefone de um visitante",
      description:
        "Pelo id de uma mensagem que um visitante sem conta escreveu para você (`GET /messages`): novas mensagens com esse telefone, como quer que seja digitado, não chegam mais a você, e quem escreve é avisado com educação. O telefone é guardado só como um hash; o bloqueio aparece em `GET /bloqueios`. Bloquear de novo não muda nada.",
      requestBody: { content: json(apiBlockPhoneSchema) },
      ok: noContent("Bloqueado."),
      errors: { 404: "Mensagem não encontrada (ou não é de um visitante para você)." },
      traits: { body: true },
    },
    async handle({ request, context, user }) {
      const parsed = await parseJsonBody(request, apiBlockPhoneSchema);
      if (!parsed.ok) return parsed.response;
      const blocked = await blockVisitorPhone(context.db, user.id, parsed.data.mensagem_id);
      if (!blocked.ok) return apiFailure(blocked.failure);
      return new Response(null, { status: 204, headers: NO_STORE });
    },
  }),
  endpoint({
    method: "delete",
    path: "/bloqueios/{id}",
    access: "party",
    params: { id: blockParam },
    doc: {
      tags: ["Mensagens"],
      summary: "Desbloquear",
      description:
        "Um dos seus bloqueios (`GET /bloqueios`), de uma conta ou de um telefone: a pessoa volta a poder escrever para você.",
      ok: noContent("Desbloqueado."),
      errors: { 404: "Bloqueio não encontrado (ou não é seu)." },
    },
    async handle({ params, context, user }) {
      const lifted = await unblock(context.db, user.id, params.id);
      if (!lifted.ok) return apiFailure(lifted.failure);
      return new Response(null, { status: 204, headers: NO_STORE });
    },
  }),
  endpoint({
    method: "get",
    path: "/conversas",
    access: "signed-in",
    doc: {
      tags: ["Conversas"],
      summary: "Suas conversas",
      description:
        "As conversas com mensagens, a de atividade mais recente primeiro (até 100): as suas como quem se candidatou e as das equipes de que você faz parte (administrador ou equipe); e quantas mensagens você (ou a sua equipe) não leu.",
      query: conversationsQuery,
      ok: { 200: answer("As conversas.", conversationListSchema) },
      errors: { 400: "Filtro inválido." },
    },
    async handle({ request, context, user }) {
      const query = new URL(request.url).searchParams;
      const minhas = query.get("minhas");
      const aguardando = query.get("aguardando");
      const organizacao = query.get("organizacao");
      if (minhas !== null && minhas !== "1") {
        return apiError(400, "Dados inválidos.", { minhas: ["Use minhas=1 para ver só as atribuídas a você."] });
      }
      if (aguardando !== null && aguardando !== "1") {
        return apiError(400, "Dados inválidos.", {
          aguardando: ["Use aguardando=1 para ver só as que aguardam resposta."],
        });
      }
      if (organizacao !== null && !isId(organizacao)) {
        return apiError(400, "Dados inválidos.", { organizacao: ["Organização inválida."] });
      }
      const filters = { mine: minhas === "1", waiting: aguardando === "1", organizationId: organizacao ?? undefined };
      const [conversas, naoLidas] = await Promise.all([
        listConversations(context.db, user.id, filters),
        countUnreadInConversations(context.db, user.id),
      ]);
      return Response.json(
        { conversas: conversas.map(toApiConversationSummary), nao_lidas: naoLidas },
        { headers: PRIVATE_READ },
      );
    },
  }),
  // Declared before `/conversas/{id}`, which would otherwise take its requests.
  endpoint({
    method: "get",
    path: "/conversas/eventos",
    access: "signed-in",
    doc: {
      tags: ["Conversas"],
      summary: "Acompanhar as conversas ao vivo (Server-Sent Events)",
      description:
        "Um fluxo `text/event-stream`: `pronto` ao conectar e, a cada mensagem escrita para você ou por você (em qualquer servidor), `mensagem` com `{conversa_id, mensagem_id}`; leia a conversa para ver o texto. Quando uma das partes passa a compartilhar o WhatsApp (ou para), `conversa` com `{conversa_id}`. Reconectando, leia de novo as conversas: o que foi dito enquanto a conexão caiu não é repetido.",
      ok: {
        200: {
          description: "O fluxo de eventos.",
          content: {
            "text/event-stream": {
              schema: z.string().meta({ example: 'event: mensagem\ndata: {"conversa_id":"…","mensagem_id":"…"}\n\n' }),
            },
          },
        },
      },
      errors: { 429: "Muitas páginas abertas acompanhando as conversas: feche algumas." },
    },
    /**
     * Server-Sent Events of the signed-in person's conversations: `pronto` once connected (and
     * again when announcements may have been lost: read everything again), then `mensagem`
     * {conversa_id, mensagem_id} for each message written to or by them, and `conversa`
     * {conversa_id} when a conversation changes otherwise (a WhatsApp shared), from any app
     * server. Comments keep proxies from closing an idle stream; `retry` has a browser
     * reconnect 2 s after losing it.
     */
    handle({ request, context, user }) {
      if (context.conversations.streamsOf(user.id) >= STREAMS_PER_PERSON) {
        return apiError(
          429,
          "Muitas páginas abertas acompanhando as conversas. Feche algumas e tente de novo.",
          undefined,
          {
            "Retry-After": "30",
          },
        );
      }
      const encoder = new TextEncoder();
      let stop = () => undefined as void;
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          const send = (text: string) => {
            try {
              controller.enqueue(encoder.encode(text));
            } catch {
              stop();
            }
          };
          // Each event goes out only once the session is read again (issue 60: one message reached a
          // stream 1.1 s after its logout, before the next beat). In order: one check after another.
          // A check that fails (the database away) ends the stream; the browser reconnects and signs in.
          let sending = Promise.resolve();
          const unsubscribe = context.conversations.subscribe(user.id, (event) => {
            const text =
              event === null
                ? // Announcements may have been lost: the page reads everything again.
                  "event: pronto\ndata: {}\n\n"
                : event.tipo === "conversa"
                  ? `event: conversa\ndata: ${JSON.stringify({ conversa_id: event.conversa_id })}\n\n`
                  : `event: mensagem\ndata: ${JSON.stringify({ conversa_id: event.conversa_id, mensagem_id: event.mensagem_id })}\n\n`;
            sending = sending.then(() =>
              sessionStillOpen(request, context.db, user.id).then(
                (still) => (still ? send(text) : end()),
                () => end(),
              ),
            );
          });
          const end = () => {
            stop();
            try {
              controller.close();
            } catch {
              // Already closed.
            }
          };
          // Each beat reads the session again from the database (never the answer the request began
          // with): a stream ends within a beat (25 s) of a logout, a suspension or a password change.
          // A beat whose check fails (the database away for a moment) keeps the stream; the next checks again.
          const heartbeat = setInterval(() => {
            sessionStillOpen(request, context.db, user.id)
              .then((still) => (still ? send(": ainda aqui\n\n") : end()))
              .catch(() => send(": ainda aqui\n\n"));
          }, context.conversations.heartbeatMs);
          heartbeat.unref();
          let stopped = false;
          stop = () => {
            if (stopped) return;
            stopped = true;
            clearInterval(heartbeat);
            unsubscribe();
          };
          request.signal.addEventListener("abort", end);
          send("retry: 2000\n\nevent: pronto\ndata: {}\n\n");
        },
        cancel() {
          stop();
        },
      });
      return new Response(stream, {
        headers: {
          "Content-Type": "text/event-stream; charset=utf-8",
          "Cache-Control": "no-store",
          // Proxies (nginx) pass each event at once rather than buffering the stream.
          "X-Accel-Buffering": "no",
        },
      });
    },
  }),
  endpoint({
    method: "get",
    path: "/conversas/{id}",
    access: "party",
    params: { id: conversationParam },
    doc: {
      tags: ["Conversas"],
      summary: "Ler uma conversa",
      description:
        "Só para as suas duas partes: quem se candidatou e a equipe da organização dona do animal. Traz as 100 mensagens mais recentes; com `antes`, as 100 anteriores a uma mensagem (`mais_antigas` diz se há mais).",
      query: conversationQuery,
      ok: { 200: answer("A conversa.", conversationSchema) },
      errors: { 400: "Parâmetro inválido.", 404: "Conversa (ou mensagem de `antes`) não encontrada." },
    },
    // The latest messages, or with `?antes=<mensagem>` those before one of them.
    async handle({ request, params, context, user }) {
      const antes = new URL(request.url).searchParams.get("antes");
      if (antes !== null && !isId(antes)) {
        return apiError(400, "Parâmetro inválido.", { antes: ["Informe o id de uma mensagem desta conversa."] });
      }
      const found = await getConversation(context.db, user.id, params.id, { before: antes ?? undefined });
      if (!found.ok) return apiFailure(found.failure);
      return Response.json(toApiConversation(found.value), { headers: PRIVATE_READ });
    },
  }),
  endpoint({
    method: "patch",
    path: "/conversas/{id}",
    access: "party",
    params: { id: conversationParam },
    doc: {
      tags: ["Conversas"],
      summary: "Atribuir uma conversa, compartilhar o seu WhatsApp nela, ou bloquear a outra parte",
      description:
        "Um campo por vez. `atribuida_a`: só a equipe da organização dona do animal (administrador ou equipe), o id de um membro que cuida dos animais, ou null para toda a equipe; os avisos das mensagens de quem se candidatou vão para quem responde por ela. `compartilhar_whatsapp`: true mostra o seu telefone (do perfil) à outra parte como link de WhatsApp, false deixa de mostrar. `bloquear`: true, ninguém mais escreve nesta conversa nem vê o WhatsApp do outro; false desfaz o seu bloqueio.",
      requestBody: { content: json(conversationPatchSchema) },
      ok: { 200: answer("A conversa como ficou.", conversationSchema) },
      errors: {
        400: "Membro inválido, mais de um campo, ou WhatsApp sem telefone no perfil.",
        403: "Só a equipe atribui a conversa (ou o pedido veio de outro site).",
        404: "Conversa não encontrada.",
      },
      traits: { body: true },
    },
    async handle({ request, params, context, user }) {
      const parsed = await parseJsonBody(request, conversationPatchSchema);
      if (!parsed.ok) return parsed.response;
      const { atribuida_a: assignee, compartilhar_whatsapp: share, bloquear: block } = parsed.data;
      const conversation = { userId: user.id, conversationId: params.id };
      const done =
        assignee !== undefined
          ? await assignConversation(context.db, context.jobs, { ...conversation, assignee })
          : share !== undefined
            ? await setWhatsAppSharing(context.db, { ...conversation, share })
            : block
              ? await blockInConversation(context.db, user.id, params.id)
              : await unblockInConversation(context.db, user.id, params.id);
      if (!done.ok) return apiFailure(done.failure);
      const found = await getConversation(context.db, user.id, params.id);
      if (!found.ok) return apiFailure(found.failure);
      return Response.json(toApiConversation(found.value), { headers: NO_STORE });
    },
  }),
  endpoint({
    method: "post",
    path: "/conversas/{id}/mensagens",
    access: "party",
    params: { id: conversationParam },
    doc: {
      tags: ["Conversas"],
      summary: "Escrever numa conversa",
      requestBody: { content: json(apiConversationMessageSchema) },
      ok: { 201: answer("Mensagem enviada.", conversationMessageSentSchema) },
      errors: {
        403: "Uma das partes bloqueou a outra (ou o pedido veio de outro site).",
        404: "Conversa não encontrada.",
      },
      traits: { body: true, limited: true },
    },
    // {texto} → 201 {id, enviada_em}.
    async handle({ request, params, context, user }) {
      const parsed = await parseJsonBody(request, apiConversationMessageSchema);
      if (!parsed.ok) return parsed.response;
      const sent = await sendInConversation(context.db, context.jobs, {
        userId: user.id,
        conversationId: params.id,
        texto: parsed.data.texto,
      });
      if (!sent.ok) return apiFailure(sent.failure);
      return Response.json(
        { id: sent.value.id, enviada_em: sent.value.createdAt.toISOString() },
        { status: 201, headers: NO_STORE },
      );
    },
  }),
  endpoint({
    method: "post",
    path: "/conversas/{id}/lida",
    access: "party",
    params: { id: conversationParam },
    doc: {
      tags: ["Conversas"],
      summary: "Marcar uma conversa como lida",
      description: "O que a outra parte escreveu passa a constar como lido.",
      ok: noContent("Marcada."),
      errors: { 404: "Conversa não encontrada." },
    },
    async handle({ params, context, user }) {
      const marked = await markConversationRead(context.db, user.id, params.id);
      if (!marked.ok) return apiFailure(marked.failure);
      return new Response(null, { status: 204, headers: NO_STORE });
    },
  }),
];
