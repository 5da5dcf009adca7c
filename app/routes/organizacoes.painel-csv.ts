import { data } from "react-router";
import type { Route } from "./+types/organizacoes.painel-csv";
import { panelCsv } from "~/presenters/panel";
import { organizationPanel } from "~/domain/organizations/panel.server";
import { readPanelRange } from "~/validation/organizations";
import { requireUser } from "~/web/auth.server";
import { pageFailure } from "~/web/forms.server";
import { pageId } from "~/web/not-found.server";
import { askedCsvFormat, privateCsvResponse } from "~/web/downloads.server";
import { CSV_FORMAT_MESSAGE } from "~/lib/csv";

/**
 * `/organizacoes/:id/painel.csv` (issue 43): the panel's figures, one row per month, for the
 * organisation's members, as a file to open in a spreadsheet or, `?formato=csv-virgula`, to
 * publish as open data.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context.db);
  const id = pageId(params.id, "organization");
  const query = new URL(request.url).searchParams;
  const read = readPanelRange({ de: query.get("de"), ate: query.get("ate") }, new Date());
  if (!read.ok) throw data(Object.values(read.errors).flat().join(" "), { status: 400 });
  const format = askedCsvFormat(request);
  if (!format.ok) throw data(CSV_FORMAT_MESSAGE, { status: 400 });
  const panel = await organizationPanel(context.db, user.id, id, read.range);
  if (!panel.ok) throw pageFailure(panel.failure);
  const { de, ate } = read.range;
  return privateCsvResponse({ csv: panelCsv(panel.value, format.value), fileName: `painel-${de}-a-${ate}.csv` });
}
