import { and, eq, gt } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { lostFoundPhotos, lostFoundReports } from "~/db/schema";
import { photoLikeness, type Color } from "~/lib/lost-found";
import { ok, type Result } from "~/services/outcome.server";
import { takeAllowance } from "~/services/rate-limits.server";
import type { PhotoSearchInput } from "~/validation/lost-found";
import { findEmergency } from "./emergencies.server";
import { findReports, preparePhoto, type ReportView } from "./reports.server";

/**
 * A family looks for their animal among those the shelters took in during an emergency
 * (issue 47) by a photo of it: the animals are ranked by how alike their photos are (the
 * perceptual hashes the matching uses), a shared colour adding a little. The photo is read,
 * never kept. Anyone may search: a family may have no account yet.
 */

export type PhotoSearchHit = { report: ReportView; semelhanca: number };

/** Shown at most: a person looks through a page of faces, not a shelter's whole register. */
const HITS_MAX = 24;

/** Of the colours either side named, the share both did (mud and rain change a coat: a hint, not a filter). */
function coloursShared(told: readonly Color[], registered: readonly Color[]): number {
  const shared = told.filter((color) => registered.includes(color)).length;
  return registered.length ? shared / Math.max(told.length, registered.length) : 0;
}

export async function searchEmergencyByPhoto(
  db: Db,
  emergencyId: string,
  { input, photo, clientKey }: { input: PhotoSearchInput; photo: Buffer; clientKey: string },
  now = new Date(),
): Promise<Result<PhotoSearchHit[]>> {
  const emergency = await findEmergency(db, emergencyId, now);
  if (!emergency.ok) return emergency;
  const allowed = await takeAllowance(db, "lost-found-search-client", clientKey);
  if (!allowed.ok) return allowed;
  const prepared = await preparePhoto(photo, clientKey, "foto");
  if (!prepared.ok) return prepared;
  const hash = prepared.value.hash;
  const animals = await db
    .select({ id: lostFoundReports.id, cores: lostFoundReports.cores, hash: lostFoundPhotos.hash })
    .from(lostFoundReports)
    .innerJoin(lostFoundPhotos, eq(lostFoundPhotos.reportId, lostFoundReports.id))
    .where(
      and(
        eq(lostFoundReports.emergencyId, emergencyId),
        eq(lostFoundReports.status, "aberto"),
        gt(lostFoundReports.expiraEm, now),
        input.especie ? eq(lostFoundReports.especie, input.especie) : undefined,
      ),
    );
  const best = new Map<string, number>();
  for (const animal of animals) {
    const score = Math.round(
      input.cores
        ? 90 * photoLikeness([hash], [animal.hash]) + 10 * coloursShared(input.cores, animal.cores)
        : 100 * photoLikeness([hash], [animal.hash]),
    );
    best.set(animal.id, Math.max(best.get(animal.id) ?? 0, score));
  }
  const ranked = [...best].sort((a, b) => b[1] - a[1]).slice(0, HITS_MAX);
  const reports = await findReports(
    db,
    ranked.map(([id]) => id),
  );
  const scores = new Map(ranked);
  return ok(reports.map((report) => ({ report, semelhanca: scores.get(report.id)! })));
}
