import QRCode from "qrcode";
import type { Db } from "~/db/client.server";
import { reportAnimalName, reportFacts } from "~/lib/lost-found";
import { finishPdf, PDF_GREY, startPdf } from "~/services/pdf.server";
import { findImageVariant, loadSharp } from "~/services/images.server";
import { notFound, ok, type Result } from "~/services/outcome.server";
import { findReport, type ReportView } from "./reports.server";

/**
 * The poster of an open report (issue 47), to print and tape to a lamp post: `PROCURA-SE` or
 * `ENCONTRADO`, the photo, the facts, and a QR code to the report's page, where whoever saw
 * the animal writes to its author (no phone printed: the conversation keeps it).
 */

const MARGIN = 40;
const RED = "#b3261e";
const GREEN = "#2f6b4f";

/** The poster of an open report; a closed or expired one has none (not found). */
export async function reportPoster(
  db: Db,
  id: string,
  publicUrl: string,
  now = new Date(),
): Promise<Result<{ pdf: Buffer; fileName: string }>> {
  const found = await findReport(db, id);
  if (!found.ok) return found;
  const report = found.value;
  if (report.status !== "aberto" || report.expiraEm <= now) return notFound("lost-found-report");
  // pdfkit reads JPEG and PNG, and the photos are kept as WebP: the largest variant, as a JPEG.
  const cover = report.fotos[0] ? await findImageVariant(db, report.fotos[0], 1280) : undefined;
  const photo = cover ? await (await loadSharp())(cover.data).jpeg({ quality: 82 }).toBuffer() : null;
  const url = `${publicUrl}/adopet/perdidos-e-achados/${report.id}`;
  const qr = await QRCode.toBuffer(url, { type: "png", errorCorrectionLevel: "M", margin: 1, width: 360 });
  return ok({ pdf: await drawPoster(report, photo, qr, url), fileName: `cartaz-${report.id}.pdf` });
}

async function drawPoster(report: ReportView, photo: Buffer | null, qr: Buffer, url: string): Promise<Buffer> {
  const lost = report.tipo === "perdido";
  const heading = lost ? "PROCURA-SE" : "ENCONTRADO";
  const { doc, done, width } = await startPdf({
    title: `${heading}: ${reportAnimalName(report)}`,
    margin: MARGIN,
    subject: "Cartaz de perdidos e achados da Adopet",
  });
  const colour = lost ? RED : GREEN;
  doc.rect(0, 0, doc.page.width, 110).fill(colour);
  doc.font("bold").fontSize(64).fillColor("#ffffff").text(heading, MARGIN, 22, { width, align: "center" });
  doc.y = 126;
  const name = lost && report.nome ? report.nome : null;
  if (name) doc.font("bold").fontSize(34).fillColor("#000000").text(name, { width, align: "center" });
  else {
    doc
      .font("bold")
      .fontSize(24)
      .fillColor("#000000")
      .text(lost ? "Você viu este animal?" : "Você conhece este animal?", { width, align: "center" });
  }
  doc.moveDown(0.3);
  if (photo) {
    const top = doc.y;
    const box = { width, height: 250 };
    doc.image(photo, MARGIN, top, { fit: [box.width, box.height], align: "center", valign: "center" });
    doc.y = top + box.height + 10;
  }
  const facts = reportFacts(report);
  const half = width / 2 - 8;
  facts.forEach(([label, value], index) => {
    const column = index % 2;
    const x = MARGIN + column * (half + 16);
    if (column === 0 && index > 0) doc.y += 2;
    const y = doc.y;
    doc.font("bold").fontSize(10).fillColor(PDF_GREY).text(label.toUpperCase(), x, y, { width: half });
    doc.font("regular").fontSize(14).fillColor("#000000").text(value, x, doc.y, { width: half });
    if (column === 0) doc.y = y;
  });
  // The QR code and what to do, at the foot of the page; the description in what is left above.
  const qrSize = 120;
  const qrTop = doc.page.height - MARGIN - 16 - qrSize - 8;
  const room = qrTop - 24 - (doc.y + 10);
  if (report.descricao && room > 16) {
    doc
      .font("regular")
      .fontSize(12)
      .fillColor("#000000")
      .text(report.descricao, MARGIN, doc.y + 10, { width, height: room, ellipsis: true });
  }
  doc
    .moveTo(MARGIN, qrTop - 12)
    .lineTo(MARGIN + width, qrTop - 12)
    .strokeColor(colour)
    .lineWidth(2)
    .stroke();
  doc.image(qr, MARGIN, qrTop, { width: qrSize, height: qrSize });
  const textX = MARGIN + qrSize + 16;
  const textWidth = width - qrSize - 16;
  doc
    .font("bold")
    .fontSize(18)
    .fillColor(colour)
    .text(lost ? "Viu este animal? Avise pela Adopet." : "É o seu animal? Fale pela Adopet.", textX, qrTop + 4, {
      width: textWidth,
    });
  doc
    .font("regular")
    .fontSize(12)
    .fillColor("#000000")
    .text(
      "Aponte a câmera do celular para o código e escreva para quem publicou o anúncio: sem precisar de telefone.",
      textX,
      doc.y + 4,
      { width: textWidth },
    );
  doc
    .font("regular")
    .fontSize(9)
    .fillColor(PDF_GREY)
    .text(url, textX, doc.y + 6, { width: textWidth, link: url });
  finishPdf(doc, "Adopet · perdidos e achados", MARGIN);
  return done;
}
