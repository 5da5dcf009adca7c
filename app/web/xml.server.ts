/** An XML document for crawlers and feed readers: cached by them and by proxies (10 minutes unless said). */
export function xmlResponse(body: string, type = "application/xml", maxAge = 600): Response {
  return new Response(body, {
    headers: { "Content-Type": `${type}; charset=utf-8`, "Cache-Control": `public, max-age=${maxAge}` },
  });
}
