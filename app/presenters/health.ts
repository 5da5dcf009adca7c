import type { CsvFormat } from "~/lib/csv";
import { writeCsv } from "./csv";
import type { z } from "zod";
import { REGISTER_COLUMNS, type RegisterRow } from "~/domain/health/register.server";
import { healthFileUrl, type DueDose, type HealthEntry } from "~/lib/health";
import type { healthEntryResponseSchema } from "~/openapi/responses";

/** An animal's health record (issue 45) in the API's shape. */

type ApiHealthEntry = z.input<typeof healthEntryResponseSchema>;

/**
 * An entry's own fields, as its kind's input takes them: the answer's body, and what a PATCH's
 * fields are merged into before the whole is checked again.
 */
export function healthEntryFields(entry: HealthEntry) {
  const { data, observacoes } = entry;
  switch (entry.tipo) {
    case "vacina":
      return {
        tipo: entry.tipo,
        nome: entry.nome!,
        produto: entry.produto,
        data,
        lote: entry.lote,
        proxima_dose: entry.proximaDose,
        observacoes,
      };
    case "vermifugo":
    case "antipulgas":
      return { tipo: entry.tipo, produto: entry.produto!, data, proxima_dose: entry.proximaDose, observacoes };
    case "castracao":
      return { tipo: entry.tipo, data, clinica: entry.clinica, observacoes };
    case "exame":
      return { tipo: entry.tipo, nome: entry.nome!, data, resultado: entry.resultado, observacoes };
    case "consulta":
      return { tipo: entry.tipo, data, motivo: entry.motivo!, clinica: entry.clinica, observacoes };
    case "medicamento":
      return {
        tipo: entry.tipo,
        nome: entry.nome!,
        dose: entry.dose!,
        horarios: entry.horarios,
        de: data,
        ate: entry.ate,
        observacoes,
      };
    case "peso":
      return { tipo: entry.tipo, data, kg: (entry.gramas ?? 0) / 1000, observacoes };
  }
}

export function toApiHealthEntry(entry: HealthEntry, viewerId: string): ApiHealthEntry {
  const fields = healthEntryFields(entry);
  const common = {
    arquivos: entry.arquivos.map((file) => ({ ...file, url: healthFileUrl(entry.petId, file.id) })),
    registrado_por: entry.autorPapel,
    seu: entry.authorId === viewerId,
    criado_em: entry.criadoEm.toISOString(),
  };
  // A vaccine's catalogue code is read only: not a field of its input (a PATCH merges those).
  return fields.tipo === "vacina"
    ? { id: entry.id, ...fields, vacina: entry.vacina, ...common }
    : { id: entry.id, ...fields, ...common };
}

/** A dose the record expects (dueDoses). */
export const toApiDose = ({ tipo, nome, dia }: DueDose) => ({
  tipo: tipo as "vacina" | "vermifugo" | "antipulgas",
  nome,
  dia,
});

/** The national register's rows as CSV (writeCsv's forms): one animal a row, the columns by their names. */
export function registerCsv(rows: RegisterRow[], format: CsvFormat): string {
  return writeCsv([REGISTER_COLUMNS, ...rows.map((row) => REGISTER_COLUMNS.map((column) => row[column]))], format);
}
