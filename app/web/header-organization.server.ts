import type { Db } from "~/db/client.server";
import { countWaitingApplications } from "~/domain/applications/application-views.server";
import { countConversationsWaiting } from "~/domain/conversations/conversations.server";
import type { Membership } from "~/domain/organizations/membership.server";
import { imageUrl } from "~/lib/image-urls";
import { organizationMenu } from "~/lib/organization-nav";
import { roleMay } from "~/lib/organizations";
import { currentOrganization } from "./organization-choice.server";

/**
 * The organisation in the header of every page of a member (issue 62): the one they work in,
 * its logo, its menu for their role with what waits (the counts of its home, `Hoje`), and the
 * others they may switch to.
 */
export async function headerOrganization(db: Db, request: Request, userId: string, memberships: Membership[]) {
  const current = await currentOrganization(request, memberships);
  if (!current) return null;
  const team = roleMay(current.papel, "cuidar");
  const [applications, conversations] = team
    ? await Promise.all([
        countWaitingApplications(db, userId, current.id),
        countConversationsWaiting(db, userId, current.id),
      ])
    : [null, null];
  const waiting: Record<string, number> = {
    Candidaturas: applications?.novas ?? 0,
    Mensagens: conversations?.aguardando ?? 0,
  };
  return {
    id: current.id,
    nome: current.nome,
    logo: current.logoId ? imageUrl(current.logoId, 160) : null,
    menu: organizationMenu(current.id, current.papel).map((entry) => ({ ...entry, count: waiting[entry.label] ?? 0 })),
    others: memberships.filter((membership) => membership.id !== current.id).map(({ id, nome }) => ({ id, nome })),
  };
}
