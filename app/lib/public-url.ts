/** http://HOST:PORT, with "localhost" for a server listening on every address (when PUBLIC_URL is not set). */
export function defaultPublicUrl(host: string, port: number): string {
  const name = host === "0.0.0.0" || host === "::" ? "localhost" : host.includes(":") ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/**
 * Whether an address names this machine only (localhost, *.localhost, 127.x, ::1): a site at
 * such an address is a developer's or a demo's, never one the public reaches.
 */
export function isLocalUrl(url: string): boolean {
  let hostname: string;
  try {
    hostname = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  return (
    hostname === "localhost" ||
    hostname.endsWith(".localhost") ||
    /^127(\.\d{1,3}){3}$/.test(hostname) ||
    hostname === "[::1]"
  );
}
