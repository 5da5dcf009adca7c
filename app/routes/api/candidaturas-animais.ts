import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/candidaturas-animais";
import { suggestAnimalsWithApplications } from "~/domain/applications/applications.server";
import { methodNotAllowed } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";

const querySchema = z.object({
  // What the caretaker is typing: anything unreadable is no suggestion, never an error.
  q: z.string().max(60).catch("").default(""),
});

/**
 * `GET /api/candidaturas/animais?q=`: up to 8 of your animals that have applications, whose
 * name holds what is typed (accents and case aside), as {animais: [{id, nome}]}: the
 * pipeline's filter by animal.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireApiUser(request, context.db);
  const { q } = querySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const animais = await suggestAnimalsWithApplications(context.db, user.id, q);
  return data({ animais }, { headers: { "Cache-Control": "private, no-store" } });
}

export function action() {
  return methodNotAllowed("GET");
}
