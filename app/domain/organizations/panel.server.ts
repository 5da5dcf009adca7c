import { sql, type SQL } from "drizzle-orm";
import { rowsOf, type Db } from "~/db/client.server";
import { adoptions, applicationEvents, applications, fosterPlacements, pets, petTransfers } from "~/db/schema";
import { APPLICATION_STATUSES, type ApplicationStatus } from "~/lib/applications";
import { addMonths, monthsOf, monthStart, type MonthRange } from "~/lib/panel";
import { ok, type Result } from "~/services/outcome.server";
import { organizationForMember } from "./organizations.server";

/**
 * The organisation's panel (issue 43): what came in and went out, month by month, for its members.
 * Only counts and medians, no one's data, so the same figures can later be published as open data.
 *
 * - Taken in: animals it published (an animal transferred on counts where it was first published)
 *   and animals it received by transfer, when they arrived.
 * - Adopted: adoptions of its applications (both parties signed the termo), when signed; the median
 *   days from publication to adoption is theirs. Returned: when the animal came back.
 * - In foster homes: not recorded yet (placements come with the foster network), so null.
 * - Applications received in the month, by the status each has now; how many the team answered (a
 *   first move of the team's: analysis, interview, a decision) and the median hours to that answer.
 *
 * Months are Brasília's (UTC−3, as app/lib/dates.ts). Animals and applications deleted with an
 * account leave the figures with them.
 */

export type PanelFigures = {
  intake: number;
  adopted: number;
  returned: number;
  /** Animals in a foster home on at least one day of the month (issue 44). */
  inFoster: number;
  medianDaysToAdoption: number | null;
  applications: Record<ApplicationStatus, number>;
  applicationsTotal: number;
  answered: number;
  medianHoursToFirstAnswer: number | null;
};

export type Panel = {
  organization: { id: string; nome: string };
  range: MonthRange;
  months: ({ month: string } & PanelFigures)[];
  total: PanelFigures;
};

/** A moment's month in Brasília, as `AAAA-MM`. */
const monthIn = (moment: SQL) => sql`to_char((${moment} at time zone 'UTC') - interval '3 hours', 'YYYY-MM')`;

type CountRow = { mes: string | null; n: number };
type MedianRow = CountRow & { mediana: number | null };

function emptyFigures(): PanelFigures {
  return {
    intake: 0,
    adopted: 0,
    returned: 0,
    inFoster: 0,
    medianDaysToAdoption: null,
    applications: Object.fromEntries(APPLICATION_STATUSES.map((status) => [status, 0])) as Record<
      ApplicationStatus,
      number
    >,
    applicationsTotal: 0,
    answered: 0,
    medianHoursToFirstAnswer: null,
  };
}

const oneDecimal = (value: number | string | null) => (value === null ? null : Math.round(Number(value) * 10) / 10);

/** The panel of `organizationId` for `range`, for any of its members; not found for anyone else. */
export async function organizationPanel(
  db: Db,
  userId: string,
  organizationId: string,
  range: MonthRange,
): Promise<Result<Panel>> {
  const organization = await organizationForMember(db, userId, organizationId);
  if (!organization.ok) return organization;
  const from = monthStart(range.de);
  const to = monthStart(addMonths(range.ate, 1));
  const within = (moment: SQL) => sql`${moment} >= ${from} and ${moment} < ${to}`;

  const [intake, adopted, returned, byStatus, answered, fostered] = await Promise.all([
    rowsOf<CountRow>(
      await db.execute(sql`
        select mes, count(*)::int as n from (
          select ${monthIn(sql`p.created_at`)} as mes from ${pets} p
          where p.organization_id = ${organizationId} and ${within(sql`p.created_at`)}
            and not exists (select 1 from ${petTransfers} t where t.pet_id = p.id and t.status = 'aceita')
          union all
          select ${monthIn(sql`p.created_at`)} from ${petTransfers} t join ${pets} p on p.id = t.pet_id
          where t.from_organization_id = ${organizationId} and t.status = 'aceita' and ${within(sql`p.created_at`)}
            and not exists (select 1 from ${petTransfers} e
              where e.pet_id = t.pet_id and e.status = 'aceita' and e.decided_at < t.decided_at)
          union all
          select ${monthIn(sql`t.decided_at`)} from ${petTransfers} t
          where t.to_organization_id = ${organizationId} and t.status = 'aceita' and ${within(sql`t.decided_at`)}
        ) taken_in group by rollup (mes)`),
    ),
    rowsOf<MedianRow>(
      await db.execute(sql`
        select mes, count(*)::int as n, percentile_cont(0.5) within group (order by dias) as mediana
        from (
          select ${monthIn(sql`d.adopted_at`)} as mes, extract(epoch from d.adopted_at - p.created_at) / 86400 as dias
          from ${applications} a
          join ${adoptions} d on d.application_id = a.id
          left join ${pets} p on p.id = d.pet_id
          where a.organization_id = ${organizationId} and a.status in ('adotada', 'devolvida')
            and ${within(sql`d.adopted_at`)}
        ) adopted
        group by rollup (mes)`),
    ),
    rowsOf<CountRow>(
      await db.execute(sql`
        select mes, count(*)::int as n
        from (
          select ${monthIn(sql`d.devolvida_em`)} as mes
          from ${applications} a join ${adoptions} d on d.application_id = a.id
          where a.organization_id = ${organizationId} and a.status = 'devolvida' and ${within(sql`d.devolvida_em`)}
        ) returned
        group by rollup (mes)`),
    ),
    rowsOf<CountRow & { status: ApplicationStatus }>(
      await db.execute(sql`
        select mes, status, count(*)::int as n
        from (
          select ${monthIn(sql`a.created_at`)} as mes, a.status
          from ${applications} a
          where a.organization_id = ${organizationId} and ${within(sql`a.created_at`)}
        ) received
        group by grouping sets ((mes, status), (status))`),
    ),
    rowsOf<MedianRow>(
      await db.execute(sql`
        select mes, count(*)::int as n, percentile_cont(0.5) within group (order by horas) as mediana
        from (
          select ${monthIn(sql`a.created_at`)} as mes,
            extract(epoch from (select min(e.created_at) from ${applicationEvents} e
              where e.application_id = a.id and e.actor = 'responsavel') - a.created_at) / 3600 as horas
          from ${applications} a
          where a.organization_id = ${organizationId} and ${within(sql`a.created_at`)}
        ) first_answers
        where horas is not null
        group by rollup (mes)`),
    ),
    // Animals in a foster home on at least one day of the month (placements' days are Brasília's).
    rowsOf<CountRow>(
      await db.execute(sql`
        select to_char(m, 'YYYY-MM') as mes, count(distinct f.pet_id)::int as n
        from generate_series(${`${range.de}-01`}::date, ${`${range.ate}-01`}::date, interval '1 month') m
        join ${fosterPlacements} f on f.organization_id = ${organizationId}
          and f.inicio < (m + interval '1 month')::date and (f.fim is null or f.fim >= m::date)
        group by rollup (to_char(m, 'YYYY-MM'))`),
    ),
  ]);

  const months = new Map(monthsOf(range).map((month) => [month, emptyFigures()]));
  const total = emptyFigures();
  const figuresOf = (mes: string | null) => (mes === null ? total : months.get(mes));
  for (const row of intake) {
    const figures = figuresOf(row.mes);
    if (figures) figures.intake = row.n;
  }
  for (const row of adopted) {
    const figures = figuresOf(row.mes);
    if (!figures) continue;
    figures.adopted = row.n;
    figures.medianDaysToAdoption = oneDecimal(row.mediana);
  }
  for (const row of returned) {
    const figures = figuresOf(row.mes);
    if (figures) figures.returned = row.n;
  }
  for (const row of byStatus) {
    const figures = figuresOf(row.mes);
    if (!figures) continue;
    figures.applications[row.status] = row.n;
    figures.applicationsTotal += row.n;
  }
  for (const row of fostered) {
    const figures = figuresOf(row.mes);
    if (figures) figures.inFoster = row.n;
  }
  for (const row of answered) {
    const figures = figuresOf(row.mes);
    if (!figures) continue;
    figures.answered = row.n;
    figures.medianHoursToFirstAnswer = oneDecimal(row.mediana);
  }
  return ok({
    organization: { id: organizationId, nome: organization.value.nome },
    range,
    months: [...months].map(([month, figures]) => ({ month, ...figures })),
    total,
  });
}
