import { createRequire } from "node:module";

/**
 * The app's PDFs (the signed termo, an animal's carteira de saúde, its register data), made with
 * pdfkit: A4, the app's own font embedded (accents print as typed), a footer on every page.
 */

const require = createRequire(import.meta.url);
const FONTS = {
  regular: require.resolve("@fontsource/poppins/files/poppins-latin-400-normal.woff"),
  bold: require.resolve("@fontsource/poppins/files/poppins-latin-600-normal.woff"),
};
export const PDF_GREEN = "#2f6b4f";
export const PDF_GREY = "#555555";

type PdfOptions = {
  title: string;
  margin: number;
  subject?: string;
  /** A fixed creation date: the same input then gives the same bytes. */
  createdAt?: Date;
};

/** A new A4 document with the fonts `regular` and `bold`, and the promise of its bytes. */
export async function startPdf({ title, margin, subject, createdAt }: PdfOptions) {
  // Loaded at the first PDF rather than at start, where it took 170 ms of every process's start.
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: margin, bottom: margin + 16, left: margin, right: margin },
    bufferPages: true,
    lang: "pt-BR",
    displayTitle: true,
    info: {
      Title: title,
      Author: "Adopet",
      ...(subject && { Subject: subject }),
      ...(createdAt && { CreationDate: createdAt, ModDate: createdAt }),
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
  return { doc, done, width: doc.page.width - 2 * margin };
}

/** Every page's footer (`text · página n de m`), now that the pages are known; then the document ends. */
export function finishPdf(doc: PDFKit.PDFDocument, text: string, margin: number) {
  const width = doc.page.width - 2 * margin;
  const range = doc.bufferedPageRange();
  for (let index = 0; index < range.count; index++) {
    doc.switchToPage(range.start + index);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font("regular")
      .fontSize(8)
      .fillColor(PDF_GREY)
      .text(`${text} · página ${index + 1} de ${range.count}`, margin, doc.page.height - margin, {
        width,
        align: "center",
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
}
