/**
 * Where to go back to after login: a path inside the app ("/perfil", "/pets/…?x=1"), read
 * from the `voltar` parameter. The value is normalised first, as the browser would read it
 * below the app's base path: percent-escaped dots decoded and dot segments resolved
 * ("/..//evil.example", "/%2e%2e//evil.example" and "/x/../..//evil.example" climb out of
 * `/adopet/` to a protocol-relative `//evil.example`). Only then is it judged: it must still
 * be a page of this site under `/adopet/`, and not one that leads off it once React Router
 * puts it in `Location` (a path beginning `//`). Backslashes (read as slashes), control
 * characters and login itself are refused; the default page is used instead.
 */
const ORIGIN = "http://adopet.invalid";
const APP_BASE = "/adopet";
const NOT_AFTER_LOGIN = new Set(["/login", "/cadastro", "/sair"]);

export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length > 300) return null;
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  if (!value.startsWith("/") || /[\\\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    // Where the browser would land: the app's paths are below its base path.
    url = new URL(APP_BASE + value, ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN || !url.pathname.startsWith(`${APP_BASE}/`)) return null;
  const path = url.pathname.slice(APP_BASE.length);
  // Protocol-relative once normalised ("/adopet//evil.example" leaves "//evil.example").
  if (path.startsWith("//") || NOT_AFTER_LOGIN.has(path)) return null;
  return path + url.search;
}

/** The path inside the app (below `basename`) of a page request, React Router's data requests included. */
export function pathWithinApp(requestUrl: string, basename: string): string {
  const url = new URL(requestUrl);
  url.searchParams.delete("_routes");
  let pathname = url.pathname.replace(/\.data$/, "");
  if (pathname.startsWith(basename)) pathname = pathname.slice(basename.length) || "/";
  return pathname + url.search;
}
