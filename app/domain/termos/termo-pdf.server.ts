import { formatCode } from "~/lib/termos";
import { formatDateTime } from "~/lib/dates";
import { finishPdf, PDF_GREEN, PDF_GREY, startPdf } from "~/services/pdf.server";

/**
 * The signed termo de adoção as a PDF (pdfkit: it wraps and paginates the text, and embeds the
 * app's own font, so accents print as typed). Made once, when the second party signs, and
 * stored: the bytes people download are the bytes verification compares.
 */

export type PdfSignature = {
  parte: "adotante" | "responsavel";
  nomeCompleto: string;
  signedAt: Date;
  ip: string;
  userAgent: string;
  textoSha256: string;
};

export type TermoPdfInput = {
  petNome: string;
  texto: string;
  textoSha256: string;
  codigo: string;
  signatures: PdfSignature[];
  /** Where anyone checks a termo: {site}/adopet/termos/verificar. */
  verifyUrl: string;
  /** The PDF's creation date (the moment of the last signature): the same input gives the same bytes. */
  createdAt: Date;
};

const PARTY_LABEL = { adotante: "Adotante", responsavel: "Responsável pelo animal" } as const;
const GREEN = PDF_GREEN;
const GREY = PDF_GREY;
const MARGIN = 56;

export async function renderTermoPdf(input: TermoPdfInput): Promise<Buffer> {
  const { doc, done, width } = await startPdf({
    title: `Termo de adoção de ${input.petNome}`,
    subject: `Código de verificação ${formatCode(input.codigo)}`,
    createdAt: input.createdAt,
    margin: MARGIN,
  });

  doc.font("bold").fontSize(9).fillColor(GREEN).text("Adopet · termo de adoção assinado eletronicamente");
  doc.moveDown(1.2);
  const [first, ...rest] = input.texto.split(/\n{2,}/);
  // A first paragraph in capitals is the title.
  if (first && first === first.toUpperCase() && first.length <= 120) {
    doc.font("bold").fontSize(14).fillColor("black").text(first, { align: "center", width });
    doc.moveDown(1);
  } else if (first) {
    rest.unshift(first);
  }
  doc.font("regular").fontSize(10.5).fillColor("black");
  for (const paragraph of rest) {
    doc.text(paragraph, { align: "justify", width, lineGap: 2 });
    doc.moveDown(0.7);
  }

  heading(doc, "Assinaturas eletrônicas");
  note(
    doc,
    "Assinaturas eletrônicas simples (Lei nº 14.063/2020, art. 4º, I), feitas na Adopet por pessoas com conta e sessão aberta no site.",
    width,
  );
  for (const signature of input.signatures) {
    doc.moveDown(0.6);
    doc
      .font("bold")
      .fontSize(10.5)
      .fillColor("black")
      .text(`${PARTY_LABEL[signature.parte]}: ${signature.nomeCompleto}`);
    doc.font("regular").fontSize(9).fillColor(GREY);
    doc.text(`Assinado em ${formatDateTime(signature.signedAt)} (horário de Brasília)`, { width });
    doc.text(`Endereço IP: ${signature.ip}`, { width });
    doc.text(`Navegador: ${signature.userAgent}`, { width });
    doc.text(`SHA-256 do texto assinado: ${signature.textoSha256}`, { width });
  }

  heading(doc, "Verificação");
  doc.font("regular").fontSize(10).fillColor("black");
  doc.text("Código de verificação: ", { continued: true }).font("bold").text(formatCode(input.codigo));
  doc.font("regular").fontSize(9).fillColor(GREY).text(`SHA-256 do texto: ${input.textoSha256}`, { width });
  doc.moveDown(0.4);
  note(
    doc,
    `Confira este termo em ${input.verifyUrl}: informe o código ou envie este PDF. Um PDF alterado, mesmo em um só byte, não confere.`,
    width,
  );

  finishPdf(doc, `Termo de adoção de ${input.petNome} · código ${formatCode(input.codigo)}`, MARGIN);
  return done;
}

function heading(doc: PDFKit.PDFDocument, text: string) {
  doc.moveDown(1);
  doc.font("bold").fontSize(12).fillColor(GREEN).text(text, MARGIN);
  doc.moveDown(0.3);
}

function note(doc: PDFKit.PDFDocument, text: string, width: number) {
  doc.font("regular").fontSize(9).fillColor(GREY).text(text, { width });
}
