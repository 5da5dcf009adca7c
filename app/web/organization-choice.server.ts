import { createCookie } from "react-router";
import type { Db } from "~/db/client.server";
import { membershipsOf, type Membership } from "~/domain/organizations/membership.server";
import { isId } from "~/lib/ids";
import { roleMay } from "~/lib/organizations";

/**
 * Which of a person's organisations they are working in (issue 62): the one an organisation's
 * page names, else the last one they opened (a cookie: a preference of this browser, written by
 * the organisation's pages), else the first by name. Where they land after signing in comes from it.
 */

const lastOrganizationCookie = createCookie("adopet_organizacao", {
  httpOnly: true,
  sameSite: "lax",
  path: "/adopet",
  maxAge: 60 * 60 * 24 * 400,
});

/** The header that remembers `organizationId` as the last one used. */
export function rememberOrganization(organizationId: string): Promise<string> {
  return lastOrganizationCookie.serialize(organizationId);
}

async function lastOrganization(request: Request): Promise<string | null> {
  const value: unknown = await lastOrganizationCookie.parse(request.headers.get("Cookie"));
  return isId(value) ? value : null;
}

/** The organisation an `/organizacoes/:id/…` address names. */
function organizationOfPath(request: Request): string | null {
  const match = /^\/adopet\/organizacoes\/([0-9a-f-]{36})(?:\/|$)/i.exec(new URL(request.url).pathname);
  return match && isId(match[1]) ? match[1] : null;
}

/**
 * The organisation the person works in now, among `memberships` (null for someone in none), and
 * `caring`: the same among those whose animals they take care of (`Animais`).
 */
export async function currentOrganization(
  request: Request,
  memberships: readonly Membership[],
  { caring = false }: { caring?: boolean } = {},
): Promise<Membership | null> {
  const among = caring ? memberships.filter((membership) => roleMay(membership.papel, "cuidar")) : memberships;
  if (among.length === 0) return null;
  const named = organizationOfPath(request) ?? (await lastOrganization(request));
  return among.find((membership) => membership.id === named) ?? among[0]!;
}

/** After signing in: a member's `Hoje` (the last organisation used), or the feed for someone in none. */
export async function landingAfterSignIn(db: Db, request: Request, userId: string): Promise<string> {
  const current = await currentOrganization(request, await membershipsOf(db, userId));
  return current ? `/organizacoes/${current.id}/hoje` : "/home";
}
