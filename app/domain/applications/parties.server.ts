import type { Db } from "~/db/client.server";
import { caresFor } from "~/domain/organizations/membership.server";
import type { ApplicationParty } from "~/lib/applications";

/**
 * Which side of an application (and of its termo) `userId` is on: its adopter, or a member who
 * takes care of its organisation's animals (administrador or equipe, issue 43); null for anyone
 * else, a foster home and a removed member included. Read afresh each time.
 */
export async function applicationPartyOf(
  db: Db,
  application: { adopterId: string; organizationId: string },
  userId: string,
): Promise<ApplicationParty | null> {
  if (application.adopterId === userId) return "adotante";
  return (await caresFor(db, userId, application.organizationId)) ? "responsavel" : null;
}
