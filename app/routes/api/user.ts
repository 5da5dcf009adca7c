import { data, type AppLoadContext } from "react-router";
import type { Route } from "./+types/user";
import { findOwnAccount, findUser, toOwnUser, toPublicUser, updateProfile } from "~/domain/accounts/accounts.server";
import { confirmOwnPassword } from "~/domain/accounts/login.server";
import { notFound } from "~/services/outcome.server";
import { deleteAccount } from "~/domain/accounts/privacy.server";
import type { SessionUser } from "~/domain/accounts/sessions.server";
import { apiDeleteUserSchema, apiUpdateUserSchema } from "~/validation/accounts";
import { IMAGE_MAX_BYTES } from "~/validation/fields";
import { MESSAGES } from "~/validation/messages";
import { apiError, apiFailure, methodNotAllowed, parseJsonBody } from "~/web/api.server";
import { JSON_WITH_PHOTO_MAX_BYTES } from "~/web/body.server";
import { endSession, getUser, requireApiUser } from "~/web/auth.server";
import { isId } from "~/lib/ids";

const userNotFound = () => apiFailure(notFound("user").failure);

/** `GET /api/users/:id`: your own record in full; anyone else's public fields only. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (!isId(params.id)) return userNotFound();
  const row = await findUser(context.db, params.id);
  // A suspended account is not shown to the public (it cannot sign in to read its own).
  if (!row || row.suspendedAt) return userNotFound();
  const viewer = await getUser(request, context.db);
  const body = viewer?.id === row.id ? toOwnUser(row) : toPublicUser(row);
  return data(body, { headers: { "Cache-Control": "private, no-store" } });
}

/**
 * `PATCH /api/users/:id` {nome, telefone, cidade, perfil__sobre, foto__upload} changes your own record;
 * `DELETE /api/users/:id` {senha} deletes your own account and its data (LGPD).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "PATCH" && request.method !== "DELETE") return methodNotAllowed("GET, PATCH, DELETE");
  const viewer = await requireApiUser(request, context.db);
  const own = isId(params.id) ? await findOwnAccount(context.db, viewer.id, params.id) : notFound("user");
  if (!own.ok) return apiFailure(own.failure);
  if (request.method === "DELETE") return deleteOwnAccount(request, context, viewer);

  const parsed = await parseJsonBody(request, apiUpdateUserSchema, { maxBytes: JSON_WITH_PHOTO_MAX_BYTES });
  if (!parsed.ok) return parsed.response;
  const { foto__upload, ...fields } = parsed.data;

  let photo: Buffer | null | undefined;
  if (foto__upload === null) photo = null;
  else if (foto__upload !== undefined) {
    photo = decodeDataUrl(foto__upload);
    if (!photo) return apiError(400, MESSAGES.foto.type, { foto__upload: [MESSAGES.foto.type] });
    if (photo.length > IMAGE_MAX_BYTES)
      return apiError(413, MESSAGES.foto.size, { foto__upload: [MESSAGES.foto.size] });
  }
  const updated = await updateProfile(context.db, viewer.id, { ...fields, photo });
  if (!updated.ok) return apiFailure(updated.failure, { fields: { photo: "foto__upload" } });
  return data(updated.value, { headers: { "Cache-Control": "no-store" } });
}

async function deleteOwnAccount(request: Request, context: AppLoadContext, viewer: SessionUser) {
  const { db, jobs } = context;
  const parsed = await parseJsonBody(request, apiDeleteUserSchema);
  if (!parsed.ok) return parsed.response;
  const confirmed = await confirmOwnPassword(db, viewer, parsed.data.senha);
  if (!confirmed.ok) return apiFailure(confirmed.failure);
  await deleteAccount(db, jobs, viewer.id);
  return new Response(null, { status: 204, headers: { "Set-Cookie": await endSession(request, context) } });
}

/** The bytes of a `data:image/png|jpeg;base64,…` URL, or null for anything else. */
function decodeDataUrl(value: string): Buffer | null {
  const match = /^data:image\/(?:png|jpe?g);base64,([A-Za-z0-9+/=\s]+)$/.exec(value);
  if (!match) return null;
  return Buffer.from(match[1]!, "base64");
}
