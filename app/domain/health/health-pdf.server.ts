import { formatDay } from "~/lib/dates";
import { HEALTH_TYPE_LABEL, type HealthEntry, type HealthType } from "~/lib/health";
import { listInWords } from "~/lib/pets";
import { finishPdf, PDF_GREEN, PDF_GREY, startPdf } from "~/services/pdf.server";

/**
 * The `Carteira de saúde` (issue 45): an animal's health record as a PDF, as a vet's booklet
 * reads (vaccines with their batch and next dose, dewormers, exams, visits, medicine, weight),
 * made with pdfkit as the termo is, with the app's font so that accents print as typed.
 */

export type CarteiraInput = {
  pet: {
    nome: string;
    /** "Cão", "Macho", "8 meses", "Porte médio a grande", the chip… as the page shows them. */
    ficha: [string, string][];
  };
  organizacao: string;
  entries: HealthEntry[];
  /** The day it was made, in Brasília (AAAA-MM-DD). */
  emitidaEm: string;
};

const GREEN = PDF_GREEN;
const GREY = PDF_GREY;
const MARGIN = 48;

/** The sections, in a booklet's order: each kind, and its columns. */
const SECTIONS: { title: string; kinds: HealthType[]; columns: [string, number, (entry: HealthEntry) => string][] }[] =
  [
    {
      title: "Vacinas",
      kinds: ["vacina"],
      columns: [
        ["Data", 0.16, (entry) => formatDay(entry.data)],
        ["Vacina", 0.3, (entry) => entry.nome ?? ""],
        ["Lote", 0.22, (entry) => entry.lote ?? "—"],
        ["Próxima dose", 0.32, (entry) => (entry.proximaDose ? formatDay(entry.proximaDose) : "—")],
      ],
    },
    {
      title: "Vermífugos e antipulgas",
      kinds: ["vermifugo", "antipulgas"],
      columns: [
        ["Data", 0.16, (entry) => formatDay(entry.data)],
        ["Tipo", 0.22, (entry) => HEALTH_TYPE_LABEL[entry.tipo]],
        ["Produto", 0.3, (entry) => entry.produto ?? ""],
        ["Próxima dose", 0.32, (entry) => (entry.proximaDose ? formatDay(entry.proximaDose) : "—")],
      ],
    },
    {
      title: "Castração",
      kinds: ["castracao"],
      columns: [
        ["Data", 0.16, (entry) => formatDay(entry.data)],
        ["Clínica", 0.84, (entry) => entry.clinica ?? "—"],
      ],
    },
    {
      title: "Exames",
      kinds: ["exame"],
      columns: [
        ["Data", 0.16, (entry) => formatDay(entry.data)],
        ["Exame", 0.34, (entry) => entry.nome ?? ""],
        ["Resultado", 0.5, (entry) => entry.resultado ?? "—"],
      ],
    },
    {
      title: "Consultas",
      kinds: ["consulta"],
      columns: [
        ["Data", 0.16, (entry) => formatDay(entry.data)],
        ["Motivo", 0.54, (entry) => entry.motivo ?? ""],
        ["Clínica", 0.3, (entry) => entry.clinica ?? "—"],
      ],
    },
    {
      title: "Medicamentos",
      kinds: ["medicamento"],
      columns: [
        ["De", 0.16, (entry) => formatDay(entry.data)],
        ["Até", 0.16, (entry) => (entry.ate ? formatDay(entry.ate) : "—")],
        ["Medicamento e dose", 0.44, (entry) => `${entry.nome}, ${entry.dose}`],
        ["Horários", 0.24, (entry) => listInWords(entry.horarios)],
      ],
    },
    {
      title: "Peso",
      kinds: ["peso"],
      columns: [
        ["Data", 0.16, (entry) => formatDay(entry.data)],
        ["Peso", 0.84, (entry) => `${((entry.gramas ?? 0) / 1000).toLocaleString("pt-BR")} kg`],
      ],
    },
  ];

export async function renderCarteiraPdf(input: CarteiraInput): Promise<Buffer> {
  const { doc, done, width } = await startPdf({ title: `Carteira de saúde de ${input.pet.nome}`, margin: MARGIN });

  doc.font("bold").fontSize(9).fillColor(GREEN).text(`Adopet · ${input.organizacao}`);
  doc.moveDown(0.6);
  doc.font("bold").fontSize(18).fillColor("black").text(`Carteira de saúde de ${input.pet.nome}`);
  doc.moveDown(0.4);
  doc.font("regular").fontSize(10).fillColor("black");
  for (const [term, value] of input.pet.ficha) {
    doc.font("bold").text(`${term}: `, { continued: true }).font("regular").text(value);
  }

  for (const section of SECTIONS) {
    const rows = input.entries
      .filter((entry) => section.kinds.includes(entry.tipo))
      .sort((a, b) => a.data.localeCompare(b.data));
    if (rows.length === 0) continue;
    doc.moveDown(1);
    doc.font("bold").fontSize(12).fillColor(GREEN).text(section.title, MARGIN);
    doc.moveDown(0.3);
    table(
      doc,
      section.columns.map(([title, share]) => [title, share * width]),
      rows.map((entry) => [
        ...section.columns.map(([, , value]) => value(entry)),
        ...(entry.observacoes ? [entry.observacoes] : []),
      ]),
      width,
    );
  }
  if (input.entries.length === 0) {
    doc.moveDown(1);
    doc.font("regular").fontSize(10).fillColor(GREY).text("Nada registrado ainda.");
  }

  finishPdf(
    doc,
    `Carteira de saúde de ${input.pet.nome} · emitida em ${formatDay(input.emitidaEm)} pela Adopet`,
    MARGIN,
  );
  return done;
}

/**
 * One animal's data for the national register (Lei 15.046/2024), field by field, to type into
 * the SinPatinhas form or keep with its papers.
 */
export async function renderRegisterPdf(input: {
  nome: string;
  fields: [string, string][];
  emitidaEm: string;
}): Promise<Buffer> {
  const { doc, done, width } = await startPdf({ title: `Dados de ${input.nome} para o SinPatinhas`, margin: MARGIN });
  doc.font("bold").fontSize(9).fillColor(GREEN).text("Adopet · Cadastro Nacional de Animais Domésticos (SinPatinhas)");
  doc.moveDown(0.6);
  doc.font("bold").fontSize(18).fillColor("black").text(`Dados de ${input.nome} para o SinPatinhas`);
  doc.moveDown(0.3);
  doc
    .font("regular")
    .fontSize(9)
    .fillColor(GREY)
    .text(
      "Os dados que a Lei nº 15.046/2024 (art. 2º) pede para o cadastro do animal. O cadastro é feito pelo tutor no site do SinPatinhas (gov.br): copie os dados de cada campo.",
      { width },
    );
  doc.moveDown(0.8);
  for (const [label, value] of input.fields) {
    doc.font("bold").fontSize(9).fillColor(GREY).text(label, { width });
    doc
      .font("regular")
      .fontSize(11)
      .fillColor("black")
      .text(value || "Não informado", { width });
    doc.moveDown(0.5);
  }
  finishPdf(
    doc,
    `Dados de ${input.nome} para o SinPatinhas · emitido em ${formatDay(input.emitidaEm)} pela Adopet`,
    MARGIN,
  );
  return done;
}

/**
 * Rows of cells under a bold header; a row's extra cell (its notes) goes on a line of its own,
 * across the table. A row that would not fit goes on a new page with the header again.
 */
function table(doc: PDFKit.PDFDocument, columns: [string, number][], rows: string[][], width: number) {
  const header = () => {
    const top = doc.y;
    doc.font("bold").fontSize(9).fillColor(GREY);
    let x = MARGIN;
    for (const [title, columnWidth] of columns) {
      doc.text(title, x, top, { width: columnWidth - 6 });
      x += columnWidth;
    }
    doc.y = top + 14;
    doc
      .moveTo(MARGIN, doc.y - 2)
      .lineTo(MARGIN + width, doc.y - 2)
      .strokeColor("#cccccc")
      .stroke();
  };
  header();
  doc.font("regular").fontSize(9.5).fillColor("black");
  for (const row of rows) {
    const cells = row.slice(0, columns.length);
    const notes = row[columns.length];
    const height =
      Math.max(...cells.map((cell, index) => doc.heightOfString(cell, { width: columns[index]![1] - 6 }))) +
      (notes ? doc.heightOfString(notes, { width }) : 0) +
      6;
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      header();
      doc.font("regular").fontSize(9.5).fillColor("black");
    }
    const top = doc.y;
    let x = MARGIN;
    let bottom = top;
    for (const [index, cell] of cells.entries()) {
      doc.text(cell, x, top, { width: columns[index]![1] - 6 });
      bottom = Math.max(bottom, doc.y);
      x += columns[index]![1];
    }
    doc.y = bottom;
    if (notes) {
      doc.fillColor(GREY).text(notes, MARGIN, doc.y, { width });
      doc.fillColor("black");
    }
    doc.y += 4;
  }
}
