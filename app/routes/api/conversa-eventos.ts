import type { Route } from "./+types/conversa-eventos";
import { methodNotAllowed } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";

const HEARTBEAT_MS = 25_000;

/**
 * `GET /api/conversas/eventos`: Server-Sent Events of the signed-in person's conversations:
 * `pronto` once connected (and again when announcements may have been lost: read everything
 * again), then `mensagem` {conversa_id, mensagem_id} for each message written to or by them,
 * from any app server. Comments keep proxies from closing an idle stream;
 * `retry` has a browser reconnect 2 s after losing it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireApiUser(request, context.db);
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
          event
            ? `event: mensagem\ndata: ${JSON.stringify({ conversa_id: event.conversa_id, mensagem_id: event.mensagem_id })}\n\n`
            : // Announcements may have been lost: the page reads everything again.
              "event: pronto\ndata: {}\n\n",
        ),
      );
      const heartbeat = setInterval(() => send(": ainda aqui\n\n"), HEARTBEAT_MS);
      heartbeat.unref();
      stop = () => {
        clearInterval(heartbeat);
        unsubscribe();
      };
      request.signal.addEventListener("abort", () => {
        stop();
        try {
          controller.close();
        } catch {
          // Already closed.
        }
      });
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
