import { data } from "react-router";
import type { Route } from "./+types/organizacoes.atividade-csv";
import { activityForExport } from "~/domain/organizations/activity.server";
import { CSV_FORMAT_MESSAGE } from "~/lib/csv";
import { activityFiltersOf } from "~/lib/organizations";
import { activityCsv } from "~/presenters/activity";
import { requireUser } from "~/web/auth.server";
import { askedCsvFormat, privateCsvResponse } from "~/web/downloads.server";
import { pageFailure } from "~/web/forms.server";
import { pageId } from "~/web/not-found.server";

/**
 * `/organizacoes/:id/atividade.csv` (issue 63): the activity log, with the page's filters
 * (`?acao=&pessoa=`), for its administradores, to open in a spreadsheet (`?formato=csv-virgula`
 * for programs).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context.db);
  const id = pageId(params.id, "organization");
  const filters = activityFiltersOf(new URL(request.url).searchParams);
  if (!filters) throw data("Filtro inválido: escolha um tipo e uma pessoa da lista.", { status: 400 });
  const format = askedCsvFormat(request);
  if (!format.ok) throw data(CSV_FORMAT_MESSAGE, { status: 400 });
  const entries = await activityForExport(context.db, user.id, id, filters);
  if (!entries.ok) throw pageFailure(entries.failure);
  return privateCsvResponse({ csv: activityCsv(entries.value, format.value), fileName: "atividade.csv" });
}
