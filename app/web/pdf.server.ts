/**
 * A private PDF as downloaded (a signed termo with CPF and address, an animal's health booklet):
 * never cached, never sniffed as anything else.
 */
export function privatePdfResponse({ pdf, fileName }: { pdf: Buffer; fileName: string }): Response {
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Content-Length": String(pdf.length),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
