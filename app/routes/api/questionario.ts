import { data } from "react-router";
import type { Route } from "./+types/questionario";
import { getQuestionnaire, saveQuestionnaire } from "~/domain/applications/applications.server";
import { questionnaireSchema } from "~/validation/applications";
import { methodNotAllowed, parseJsonBody } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";

const noStore = { "Cache-Control": "no-store" };

/** `GET /api/questionario`: your questionnaire (the default template until you save one). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireApiUser(request, context.db);
  return data({ perguntas: await getQuestionnaire(context.db, user.id) }, { headers: noStore });
}

/** `PUT /api/questionario` {perguntas} → 200 with the questions saved (new ones with their ids). */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "PUT") return methodNotAllowed("GET, PUT");
  const user = await requireApiUser(request, context.db);
  const parsed = await parseJsonBody(request, questionnaireSchema);
  if (!parsed.ok) return parsed.response;
  const perguntas = await saveQuestionnaire(context.db, user.id, parsed.data.perguntas);
  return data({ perguntas }, { headers: noStore });
}
