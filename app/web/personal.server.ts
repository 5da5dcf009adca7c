/**
 * Whether a request carries something of one person's: the session or a one-time notice (every
 * `adopet_` cookie; the device cookie of ADR 0012 is not one). Such a page is theirs alone.
 */
const PERSONAL_COOKIE = /(?:^|;\s*)adopet_/;

export function isPersonalRequest(cookieHeader: string | null | undefined): boolean {
  return PERSONAL_COOKIE.test(cookieHeader ?? "");
}

/**
 * A page or its data rendered for one person (their name in the menu, their applications, their
 * animals' health) is kept by no cache, shared or the browser's own, unless its route said
 * otherwise (issue 60: `/perfil` and `/candidaturas` went out with no Cache-Control at all).
 */
export function mustKeepPrivate(request: Request, headers: Headers): boolean {
  return !headers.has("Cache-Control") && isPersonalRequest(request.headers.get("Cookie"));
}

export const PRIVATE_NO_STORE = "private, no-store";
