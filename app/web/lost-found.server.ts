import type { ReportView } from "~/domain/lost-found/reports.server";
import { SPECIES_LABEL } from "~/lib/pets";

/** A report's title, as its page and the list say it: "Procura-se: Paçoca", "Cão encontrado em Niterói". */
export function reportTitle(report: Pick<ReportView, "tipo" | "nome" | "especie" | "cidade">): string {
  const animal = report.especie === "outro" ? "Animal" : SPECIES_LABEL[report.especie];
  if (report.tipo === "perdido") return `Procura-se: ${report.nome ?? animal.toLowerCase()}`;
  return `${animal} encontrado em ${report.cidade.nome}`;
}
