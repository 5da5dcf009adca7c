/**
 * Where to go back to after login: a path inside the app ("/perfil", "/pets/…?x=1"), read
 * from the `voltar` parameter. Anything that could lead off the site (another origin, a
 * protocol-relative "//host", a backslash some browsers read as a slash, control
 * characters) or back to login itself is refused, and the default page is used instead.
 */
const BASE = "http://adopet.invalid";
const NOT_AFTER_LOGIN = new Set(["/login", "/cadastro", "/sair"]);

export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length > 300) return null;
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  if (!value.startsWith("/") || value.startsWith("//") || /[\\\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE || NOT_AFTER_LOGIN.has(url.pathname)) return null;
  return url.pathname + url.search;
}

/** The path inside the app (below `basename`) of a page request, React Router's data requests included. */
export function pathWithinApp(requestUrl: string, basename: string): string {
  const url = new URL(requestUrl);
  url.searchParams.delete("_routes");
  let pathname = url.pathname.replace(/\.data$/, "");
  if (pathname.startsWith(basename)) pathname = pathname.slice(basename.length) || "/";
  return pathname + url.search;
}
