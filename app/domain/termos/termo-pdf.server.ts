import { createRequire } from "node:module";
import PDFDocument from "pdfkit";
import { formatCode } from "~/lib/termos";
import { formatDateTime } from "~/lib/dates";

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

const require = createRequire(import.meta.url);
const FONTS = {
  regular: require.resolve("@fontsource/poppins/files/poppins-latin-400-normal.woff"),
  bold: require.resolve("@fontsource/poppins/files/poppins-latin-600-normal.woff"),
};

const PARTY_LABEL = { adotante: "Adotante", responsavel: "Responsável pelo animal" } as const;
const GREEN = "#2f6b4f";
const GREY = "#555555";
const MARGIN = 56;

export function renderTermoPdf(input: TermoPdfInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: MARGIN, bottom: MARGIN + 16, left: MARGIN, right: MARGIN },
    bufferPages: true,
    lang: "pt-BR",
    displayTitle: true,
    info: {
      Title: `Termo de adoção de ${input.petNome}`,
      Author: "Adopet",
      Subject: `Código de verificação ${formatCode(input.codigo)}`,
      CreationDate: input.createdAt,
      ModDate: input.createdAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  doc.registerFont("regular", FONTS.regular);
  doc.registerFont("bold", FONTS.bold);
  const width = doc.page.width - 2 * MARGIN;

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

  // Every page's footer, now that the number of pages is known.
  const range = doc.bufferedPageRange();
  for (let index = 0; index < range.count; index++) {
    doc.switchToPage(range.start + index);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font("regular")
      .fontSize(8)
      .fillColor(GREY)
      .text(
        `Termo de adoção de ${input.petNome} · código ${formatCode(input.codigo)} · página ${index + 1} de ${range.count}`,
        MARGIN,
        doc.page.height - MARGIN,
        { width, align: "center", lineBreak: false },
      );
    doc.page.margins.bottom = bottom;
  }
  doc.end();
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
