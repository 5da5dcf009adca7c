import { and, eq, gte, inArray, isNotNull, lt, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { donations, expenses, organizations, pets, sponsorshipCharges, sponsorships, users } from "~/db/schema";
import { dayInBrasilia } from "~/lib/dates";
import { EXPENSE_CATEGORIES, type ExpenseCategory } from "~/lib/giving";
import { caresFor, requirePower } from "~/domain/organizations/membership.server";
import { notFound, ok, type Result } from "~/services/outcome.server";

/**
 * An organisation's accounts as its transparency page shows them (issue 46): per month and per
 * animal, what came in and what went out. Its team always sees them; everyone else only when
 * the organisation made them public. Padrinhos are counted, and named only if they agreed to be.
 */

type Totals = { recebido: number; gasto: number };
export type Transparency = {
  organizacao: { id: string; nome: string; verificada: boolean };
  publica: boolean;
  ano: number;
  /** The years with any gift or expense, and this one; the newest first. */
  anos: number[];
  total: Totals;
  meses: Array<{ mes: string } & Totals>;
  animais: Array<{ id: string; nome: string; padrinhos: number; nomes: string[] } & Totals>;
  /** What came in or went out for no animal in particular. */
  geral: Totals;
  categorias: Array<{ categoria: ExpenseCategory; gasto: number }>;
};

const centavos = (column: typeof donations.valorCentavos | typeof expenses.valorCentavos) =>
  sql<string>`coalesce(sum(${column}), 0)`.mapWith(Number);

export async function transparencyOf(
  db: Db,
  viewerId: string | null,
  organizationId: string,
  ano: number,
  now = new Date(),
): Promise<Result<Transparency>> {
  const today = dayInBrasilia(now);
  const thisYear = Number(today.slice(0, 4));
  const [organization] = await db
    .select({
      id: organizations.id,
      nome: organizations.nome,
      publica: organizations.transparenciaPublica,
      verifiedAt: organizations.verifiedAt,
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!organization) return notFound("organization");
  if (!organization.publica && !(viewerId && (await caresFor(db, viewerId, organizationId))))
    return notFound("transparency");
  const from = `${ano}-01-01`;
  const to = `${ano + 1}-01-01`;
  const inYear = (table: typeof donations | typeof expenses) =>
    and(eq(table.organizationId, organizationId), gte(table.data, from), lt(table.data, to));
  const month = (table: typeof donations | typeof expenses) => sql<string>`to_char(${table.data}, 'YYYY-MM')`;
  const [inByMonth, outByMonth, inByPet, outByPet, byCategory, years] = await Promise.all([
    db
      .select({ mes: month(donations), total: centavos(donations.valorCentavos) })
      .from(donations)
      .where(inYear(donations))
      .groupBy(month(donations)),
    db
      .select({ mes: month(expenses), total: centavos(expenses.valorCentavos) })
      .from(expenses)
      .where(inYear(expenses))
      .groupBy(month(expenses)),
    db
      .select({ petId: donations.petId, total: centavos(donations.valorCentavos) })
      .from(donations)
      .where(inYear(donations))
      .groupBy(donations.petId),
    db
      .select({ petId: expenses.petId, total: centavos(expenses.valorCentavos) })
      .from(expenses)
      .where(inYear(expenses))
      .groupBy(expenses.petId),
    db
      .select({ categoria: expenses.categoria, total: centavos(expenses.valorCentavos) })
      .from(expenses)
      .where(inYear(expenses))
      .groupBy(expenses.categoria),
    Promise.all(
      [donations, expenses].map((table) =>
        db
          .selectDistinct({ ano: sql<number>`extract(year from ${table.data})::int`.mapWith(Number) })
          .from(table)
          .where(eq(table.organizationId, organizationId)),
      ),
    ),
  ]);
  const petIds = [...new Set([...inByPet, ...outByPet].map((row) => row.petId).filter((id) => id !== null))];
  const [petRows, padrinhoRows] = petIds.length
    ? await Promise.all([
        db.select({ id: pets.id, nome: pets.nome }).from(pets).where(inArray(pets.id, petIds)),
        // Who paid a month of the year, by animal: counted; named only with their consent.
        db
          .selectDistinct({
            petId: sponsorships.petId,
            sponsorshipId: sponsorships.id,
            nome: users.nome,
            nomePublico: sponsorships.nomePublico,
          })
          .from(donations)
          .innerJoin(sponsorshipCharges, eq(sponsorshipCharges.id, donations.chargeId))
          .innerJoin(sponsorships, eq(sponsorships.id, sponsorshipCharges.sponsorshipId))
          .innerJoin(users, eq(users.id, sponsorships.userId))
          .where(and(inYear(donations), isNotNull(donations.chargeId))),
      ])
    : [[], []];
  const received = new Map(inByPet.map((row) => [row.petId, row.total]));
  const spent = new Map(outByPet.map((row) => [row.petId, row.total]));
  const monthsIn = new Map(inByMonth.map((row) => [row.mes, row.total]));
  const monthsOut = new Map(outByMonth.map((row) => [row.mes, row.total]));
  const lastMonth = ano === thisYear ? Number(today.slice(5, 7)) : 12;
  const allMonths = Array.from({ length: lastMonth }, (_, index) => {
    const mes = `${ano}-${String(index + 1).padStart(2, "0")}`;
    return { mes, recebido: monthsIn.get(mes) ?? 0, gasto: monthsOut.get(mes) ?? 0 };
  });
  // From the first month with an entry (the months before the accounts began say nothing).
  const first = allMonths.findIndex((month) => month.recebido > 0 || month.gasto > 0);
  const meses = allMonths.slice(first === -1 ? allMonths.length - 1 : first);
  const animais = petRows
    .map((pet) => {
      const padrinhos = padrinhoRows.filter((row) => row.petId === pet.id);
      return {
        id: pet.id,
        nome: pet.nome,
        recebido: received.get(pet.id) ?? 0,
        gasto: spent.get(pet.id) ?? 0,
        padrinhos: padrinhos.length,
        nomes: padrinhos.filter((row) => row.nomePublico).map((row) => row.nome),
      };
    })
    .sort((a, b) => a.nome.localeCompare(b.nome, "pt-BR"));
  const sum = (rows: Array<{ total: number }>) => rows.reduce((total, row) => total + row.total, 0);
  const categoryTotals = new Map(byCategory.map((row) => [row.categoria, row.total]));
  return ok({
    organizacao: { id: organization.id, nome: organization.nome, verificada: organization.verifiedAt !== null },
    publica: organization.publica,
    ano,
    anos: [...new Set([thisYear, ...years.flat().map((row) => row.ano)])].sort((a, b) => b - a),
    total: { recebido: sum(inByMonth), gasto: sum(outByMonth) },
    meses,
    animais,
    geral: { recebido: received.get(null) ?? 0, gasto: spent.get(null) ?? 0 },
    categorias: EXPENSE_CATEGORIES.filter((categoria) => categoryTotals.has(categoria)).map((categoria) => ({
      categoria,
      gasto: categoryTotals.get(categoria)!,
    })),
  });
}

/** An administrador opens the accounts to everyone, or closes them to the team. */
export async function setTransparency(
  db: Db,
  userId: string,
  organizationId: string,
  publica: boolean,
): Promise<Result> {
  const power = await requirePower(db, userId, organizationId, "administrar");
  if (!power.ok) return power;
  await db.update(organizations).set({ transparenciaPublica: publica }).where(eq(organizations.id, organizationId));
  return ok();
}
