import type { CsvFormat } from "~/lib/csv";
import { writeCsv } from "./csv";
import type { z } from "zod";
import type { Panel, PanelFigures } from "~/domain/organizations/panel.server";
import { APPLICATION_STATUSES } from "~/lib/applications";
import type { panelSchema } from "~/openapi/responses";

/** The panel (issue 43) as the API and its CSV give it: the names are a contract, as open data will be. */

type ApiPanel = z.input<typeof panelSchema>;

function toApiFigures(figures: PanelFigures): ApiPanel["total"] {
  return {
    entradas: figures.intake,
    adocoes: figures.adopted,
    devolucoes: figures.returned,
    em_lar_temporario: figures.inFoster,
    mediana_dias_ate_adocao: figures.medianDaysToAdoption,
    candidaturas: {
      total: figures.applicationsTotal,
      por_status: figures.applications,
      respondidas: figures.answered,
      mediana_horas_primeira_resposta: figures.medianHoursToFirstAnswer,
    },
  };
}

export function toApiPanel(panel: Panel): ApiPanel {
  return {
    organizacao: panel.organization,
    de: panel.range.de,
    ate: panel.range.ate,
    meses: panel.months.map(({ month, ...figures }) => ({ mes: month, ...toApiFigures(figures) })),
    total: toApiFigures(panel.total),
  };
}

/**
 * One row per month, the API's names flattened (`candidaturas_nova`…), an empty cell where there is
 * no figure; in writeCsv's forms (a spreadsheet's, or comma-separated for open-data tools).
 */
export function panelCsv(panel: Panel, format: CsvFormat): string {
  const rows = panel.months.map(({ month, ...figures }) => {
    const api = toApiFigures(figures);
    return [
      month,
      api.entradas,
      api.adocoes,
      api.devolucoes,
      api.em_lar_temporario,
      api.mediana_dias_ate_adocao,
      api.candidaturas.total,
      ...APPLICATION_STATUSES.map((status) => figures.applications[status]),
      api.candidaturas.respondidas,
      api.candidaturas.mediana_horas_primeira_resposta,
    ];
  });
  const header = [
    "mes",
    "entradas",
    "adocoes",
    "devolucoes",
    "em_lar_temporario",
    "mediana_dias_ate_adocao",
    "candidaturas",
    ...APPLICATION_STATUSES.map((status) => `candidaturas_${status}`),
    "candidaturas_respondidas",
    "mediana_horas_primeira_resposta",
  ];
  return writeCsv([header, ...rows], format);
}
