import { csvFormatOf, type CsvFormat } from "~/lib/csv";
import { invalid, ok, type Result } from "~/services/outcome.server";

/**
 * Private files as downloaded (a signed termo with CPF and address, an animal's health booklet,
 * a register export, a panel's figures): never cached, never sniffed as anything else.
 */
function privateDownload(
  body: BodyInit,
  type: string,
  fileName: string,
  extra: Record<string, string> = {},
  disposition: "attachment" | "inline" = "attachment",
) {
  return new Response(body, {
    headers: {
      "Content-Type": type,
      "Content-Disposition": `${disposition}; filename="${fileName}"`,
      ...extra,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

export function privatePdfResponse({ pdf, fileName }: { pdf: Buffer; fileName: string }): Response {
  return privateDownload(new Uint8Array(pdf), "application/pdf", fileName, { "Content-Length": String(pdf.length) });
}

/**
 * A public PDF (a lost and found report's poster): shown in the browser to print, cached a few
 * minutes (closing the report takes it away soon after).
 */
export function publicPdfResponse({ pdf, fileName }: { pdf: Buffer; fileName: string }): Response {
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${fileName}"`,
      "Content-Length": String(pdf.length),
      "Cache-Control": "public, max-age=300",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** A CSV in UTF-8 (app/presenters/csv.ts writes it). */
export function privateCsvResponse({ csv, fileName }: { csv: string; fileName: string }): Response {
  return privateDownload(csv, "text/csv; charset=utf-8", fileName);
}

/** The CSV's form its address asks for (`?formato=`: lib/csv.ts), or the refusal of one not written. */
export function askedCsvFormat(request: Request): Result<CsvFormat> {
  const format = csvFormatOf(new URL(request.url).searchParams);
  return format ? ok(format) : invalid("formato", "csv-format");
}

/**
 * A paper people attached (a health entry's file, an expense's receipt): a PDF downloaded, a
 * photo (WebP) shown; sandboxed, so that nothing in it runs as the site.
 */
export function privateDocumentResponse(
  file: { tipo: "pdf" | "imagem"; conteudo: Buffer },
  baseName: string,
): Response {
  const pdf = file.tipo === "pdf";
  return privateDownload(
    new Uint8Array(file.conteudo),
    pdf ? "application/pdf" : "image/webp",
    `${baseName}.${pdf ? "pdf" : "webp"}`,
    { "Content-Length": String(file.conteudo.length), "Content-Security-Policy": "sandbox; default-src 'none'" },
    pdf ? "attachment" : "inline",
  );
}
