import type { Db } from "~/db/client.server";
import { listHiddenListings, listSuspendedAccounts } from "./actions.server";
import { listAuditLog, listOngsToVerify } from "./operators.server";
import { listReportQueue, type QueueOrder } from "./reports.server";

/** Everything that waits for the operators, read at once: the moderation page and `GET /api/moderacao`. */
export async function moderationWork(db: Db, ordem: QueueOrder) {
  const [queue, hidden, suspended, ongs, log] = await Promise.all([
    listReportQueue(db, ordem),
    listHiddenListings(db),
    listSuspendedAccounts(db),
    listOngsToVerify(db),
    listAuditLog(db),
  ]);
  return { queue, hidden, suspended, ongs, log };
}
