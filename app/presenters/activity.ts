import type { ActivityRow } from "~/domain/organizations/activity.server";
import type { CsvFormat } from "~/lib/csv";
import { formatDateTime } from "~/lib/dates";
import { ACTIVITY_KIND_LABEL, activityText } from "~/lib/organizations";
import { writeCsv } from "./csv";

/** The activity log as CSV (issue 63): one entry a row, the newest first, in Brasília's time. */
export function activityCsv(entries: ActivityRow[], format: CsvFormat): string {
  return writeCsv(
    [
      ["quando", "quem", "o_que", "tipo", "alvo", "detalhe"],
      ...entries.map((entry) => [
        formatDateTime(entry.createdAt),
        entry.actorNome,
        `${entry.actorNome} ${activityText(entry.acao, entry.alvoNome, entry.detalhe)}`,
        ACTIVITY_KIND_LABEL[entry.acao],
        entry.alvoNome ?? "",
        entry.detalhe ?? "",
      ]),
    ],
    format,
  );
}
