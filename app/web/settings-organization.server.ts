import type { Db } from "~/db/client.server";
import { caringMembershipsOf, ownOrganization } from "~/domain/organizations/membership.server";
import type { SettingsOrganization } from "~/lib/organizations";
import { foundOr404 } from "./not-found.server";

/**
 * The organisation whose settings the page shows (see SettingsOrganization), read afresh for
 * each request: a member removed meanwhile saves nothing more.
 */
export async function settingsOrganization(db: Db, userId: string, request: Request): Promise<SettingsOrganization> {
  const caring = await caringMembershipsOf(db, userId);
  const requested = new URL(request.url).searchParams.get("organizacao");
  const current = requested === null ? caring[0] : caring.find((membership) => membership.id === requested);
  // Another organisation's, or one whose animals the person does not take care of, is not found.
  foundOr404(requested === null || current, "organization");
  return {
    id: current?.id ?? null,
    nome: current?.nome ?? null,
    choices: caring.length > 1 ? caring.map(({ id, nome }) => ({ id, nome })) : [],
  };
}

/** The organisation a save goes to: the page's, or for someone in none, their own, made now. */
export async function organizationToSave(db: Db, userId: string, page: SettingsOrganization): Promise<string> {
  return page.id ?? (await ownOrganization(db, userId));
}
