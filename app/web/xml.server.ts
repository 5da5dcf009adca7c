/** An XML document for crawlers and feed readers: cached an hour by them and by proxies. */
export function xmlResponse(body: string, type = "application/xml", maxAge = 3600): Response {
  return new Response(body, {
    headers: { "Content-Type": `${type}; charset=utf-8`, "Cache-Control": `public, max-age=${maxAge}` },
  });
}
