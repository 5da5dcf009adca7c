import { data } from "react-router";
import type { Route } from "./+types/messages";
import { imageUrl } from "~/lib/image-urls";
import { listReceived, listSent, resolveRecipient } from "~/domain/messages/messages.server";
import { apiMessageSchema } from "~/validation/messages-form";
import { NOTICES } from "~/validation/messages";
import { apiFailure, methodNotAllowed, parseJsonBody } from "~/web/api.server";
import { getUser, requireApiUser } from "~/web/auth.server";
import { deliverContact } from "~/web/messages.server";

/** `GET /api/messages`: the signed-in user's inbox, received and sent. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireApiUser(request, context.db);
  const [received, sent] = await Promise.all([listReceived(context.db, user.id), listSent(context.db, user.id)]);
  return data(
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
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** `POST /api/messages` {petId, nome, telefone, nome__animal, contato__texto} → 201. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  const parsed = await parseJsonBody(request, apiMessageSchema);
  if (!parsed.ok) return parsed.response;
  const { petId, ...input } = parsed.data;
  const recipient = await resolveRecipient(context.db, { petId, nome__animal: input.nome__animal });
  if (!recipient.ok) return apiFailure(recipient.failure);
  const sender = await getUser(request, context.db);
  const delivered = await deliverContact(context, sender, recipient.value, input);
  if (!delivered.ok) return apiFailure(delivered.failure);
  return data(
    { id: delivered.value.id, mensagem: NOTICES.messageSent, conversa_id: delivered.value.conversationId },
    { status: 201, headers: { "Cache-Control": "no-store" } },
  );
}
