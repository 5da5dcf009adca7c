/** http://HOST:PORT, with "localhost" for a server listening on every address (when PUBLIC_URL is not set). */
export function defaultPublicUrl(host: string, port: number): string {
  const name = host === "0.0.0.0" || host === "::" ? "localhost" : host.includes(":") ? `[${host}]` : host;
  return `http://${name}:${port}`;
}
