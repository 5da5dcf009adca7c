import { and, eq, gt, gte, inArray, lte, ne } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { lostFoundPhotos, lostFoundReports } from "~/db/schema";
import { addDays } from "~/lib/dates";
import { colorsFit, MATCH_DAYS, MATCH_RADIUS_KM, photoLikeness, sizesFit, type Color } from "~/lib/lost-found";
import type { Sex, Size, Species } from "~/lib/pets";
import { distanceKm } from "~/domain/places/cities.server";

/**
 * Which open reports of the other kind may be the same animal (issue 47): the same species,
 * within 30 km and 60 days, sizes one apart at most, sexes that do not differ, a colour in
 * common; then scored, the photos first (the nearest pair of perceptual hashes), then distance,
 * days and colours. A pair's score says how alike, not that it is the same animal.
 */

export type Comparable = {
  id: string;
  tipo: "perdido" | "encontrado";
  especie: Species;
  porte: Size;
  sexo: Sex | null;
  cores: Color[];
  data: string;
  latitude: number;
  longitude: number;
  hashes: string[];
};

export type Candidate = { id: string; pontos: number; distanciaKm: number; emergency: boolean };

/** A score from 0 to 100: the photos weigh 60, the distance 20, the days 10, the colours 10. */
function scorePair(a: Comparable, b: Comparable, km: number): number {
  const photos = photoLikeness(a.hashes, b.hashes);
  const days = Math.abs(Date.parse(a.data) - Date.parse(b.data)) / 86_400_000;
  const shared = a.cores.filter((color) => b.cores.includes(color)).length;
  const colours = a.cores.length && b.cores.length ? shared / Math.max(a.cores.length, b.cores.length) : 0.5;
  return Math.round(60 * photos + 20 * (1 - km / MATCH_RADIUS_KM) + 10 * (1 - days / MATCH_DAYS) + 10 * colours);
}

/** The open reports of the other kind that fit `report`, best first. */
export async function candidatesFor(db: Db, now: Date, report: Comparable): Promise<Candidate[]> {
  const other = report.tipo === "perdido" ? "encontrado" : "perdido";
  // A box around the point first (the index's columns narrow by species, kind and day).
  const latitudeSpan = MATCH_RADIUS_KM / 111;
  const longitudeSpan = MATCH_RADIUS_KM / (111 * Math.cos((report.latitude * Math.PI) / 180));
  const rows = await db
    .select({
      id: lostFoundReports.id,
      tipo: lostFoundReports.tipo,
      especie: lostFoundReports.especie,
      porte: lostFoundReports.porte,
      sexo: lostFoundReports.sexo,
      cores: lostFoundReports.cores,
      data: lostFoundReports.data,
      latitude: lostFoundReports.latitude,
      longitude: lostFoundReports.longitude,
      emergencyId: lostFoundReports.emergencyId,
    })
    .from(lostFoundReports)
    .where(
      and(
        eq(lostFoundReports.status, "aberto"),
        gt(lostFoundReports.expiraEm, now),
        eq(lostFoundReports.especie, report.especie),
        eq(lostFoundReports.tipo, other),
        ne(lostFoundReports.id, report.id),
        gte(lostFoundReports.data, addDays(report.data, -MATCH_DAYS)),
        lte(lostFoundReports.data, addDays(report.data, MATCH_DAYS)),
        gte(lostFoundReports.latitude, report.latitude - latitudeSpan),
        lte(lostFoundReports.latitude, report.latitude + latitudeSpan),
        gte(lostFoundReports.longitude, report.longitude - longitudeSpan),
        lte(lostFoundReports.longitude, report.longitude + longitudeSpan),
      ),
    );
  const fitting = rows
    .map((row) => ({ ...row, km: distanceKm(report, row) }))
    .filter(
      (row) =>
        row.km <= MATCH_RADIUS_KM &&
        sizesFit(row.porte, report.porte) &&
        (row.sexo === null || report.sexo === null || row.sexo === report.sexo) &&
        colorsFit(row.cores, report.cores),
    );
  if (fitting.length === 0) return [];
  const photos = await db
    .select({ reportId: lostFoundPhotos.reportId, hash: lostFoundPhotos.hash })
    .from(lostFoundPhotos)
    .where(
      inArray(
        lostFoundPhotos.reportId,
        fitting.map((row) => row.id),
      ),
    );
  return (
    fitting
      .map((row) => {
        const hashes = photos.filter((photo) => photo.reportId === row.id).map((photo) => photo.hash);
        return {
          id: row.id,
          pontos: scorePair(report, { ...row, hashes }, row.km),
          distanciaKm: Math.round(row.km * 10) / 10,
          emergency: row.emergencyId !== null,
        };
      })
      // The animals shelters took in during an emergency first (issue 47), then the most alike.
      .sort((a, b) => Number(b.emergency) - Number(a.emergency) || b.pontos - a.pontos)
  );
}
