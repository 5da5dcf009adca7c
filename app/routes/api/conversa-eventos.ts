import type { Route } from "./+types/conversa-eventos";
import { apiError, methodNotAllowed } from "~/web/api.server";
import { requireApiUser, sessionStillOpen } from "~/web/auth.server";

/** Streams one person may hold open on one server (a page opens one, while it is visible). */
const STREAMS_PER_PERSON = 10;

/**
 * `GET /api/conversas/eventos`: Server-Sent Events of the signed-in person's conversations:
 * `pronto` once connected (and again when announcements may have been lost: read everything
 * again), then `mensagem` {conversa_id, mensagem_id} for each message written to or by them,
 * and `conversa` {conversa_id} when a conversation changes otherwise (a WhatsApp shared), from
 * any app server. Comments keep proxies from closing an idle stream;
 * `retry` has a browser reconnect 2 s after losing it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireApiUser(request, context.db);
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
      const unsubscribe = context.conversations.subscribe(user.id, (event) =>
        send(
          event === null
            ? // Announcements may have been lost: the page reads everything again.
              "event: pronto\ndata: {}\n\n"
            : event.tipo === "conversa"
              ? `event: conversa\ndata: ${JSON.stringify({ conversa_id: event.conversa_id })}\n\n`
              : `event: mensagem\ndata: ${JSON.stringify({ conversa_id: event.conversa_id, mensagem_id: event.mensagem_id })}\n\n`,
        ),
      );
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
}

export function action() {
  return methodNotAllowed("GET");
}
