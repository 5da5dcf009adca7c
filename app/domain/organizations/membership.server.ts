import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { organizationMembers, organizations, users } from "~/db/schema";
import { ORGANIZATION_ROLES, roleMay, type OrganizationPower, type OrganizationRole } from "~/lib/organizations";
import { fail, forbidden, notFound, ok, type Result } from "~/services/outcome.server";
import { recordActivity } from "./activity-records.server";

/**
 * Who belongs to which organisation, and what that lets them do (issue 43). Every check of a
 * member's power reads the membership afresh: a member removed loses access at once.
 */

export type Membership = {
  id: string;
  nome: string;
  papel: OrganizationRole;
  verificada: boolean;
  logoId: string | null;
};

/** The organisations `userId` belongs to, by name. */
export async function membershipsOf(db: Db, userId: string): Promise<Membership[]> {
  return db
    .select({
      id: organizations.id,
      nome: organizations.nome,
      papel: organizationMembers.papel,
      verificada: sql<boolean>`${organizations.verifiedAt} is not null`,
      logoId: organizations.logoId,
    })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(eq(organizationMembers.userId, userId))
    .orderBy(asc(organizations.nome), asc(organizations.id));
}

/** `userId`'s role in the organisation, or null for someone who is not a member. */
export async function roleIn(db: Db, userId: string, organizationId: string): Promise<OrganizationRole | null> {
  const [row] = await db
    .select({ papel: organizationMembers.papel })
    .from(organizationMembers)
    .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)))
    .limit(1);
  return row?.papel ?? null;
}

/**
 * Whether `userId` may use `power` in the organisation: not found for someone outside it (an
 * organisation's inside is not shown to strangers), forbidden for a member whose role has not
 * that power. Returns the member's role.
 */
export async function requirePower(
  db: Db,
  userId: string,
  organizationId: string,
  power: OrganizationPower,
): Promise<Result<OrganizationRole>> {
  const role = await roleIn(db, userId, organizationId);
  if (!role) return notFound("organization");
  if (!roleMay(role, power))
    return forbidden(power === "administrar" ? "organization-admin-only" : "organization-role");
  return ok(role);
}

/** How long a new administrador waits before the changes a takeover needs (issue 60). */
export const NEW_ADMINISTRATOR_HOURS = 72;

/** Whether an administrador's row is still within its first 72 hours, not let through. */
export function isNewAdministrator(
  row: { adminSince: Date | null; adminTrustedAt: Date | null },
  now = new Date(),
): boolean {
  return (
    row.adminSince !== null &&
    row.adminTrustedAt === null &&
    now.getTime() - row.adminSince.getTime() < NEW_ADMINISTRATOR_HOURS * 60 * 60 * 1000
  );
}

/**
 * requirePower("administrar") for what would take an organisation over: the Pix key, and another
 * member's role or membership. An administrador invited or promoted less than 72 hours ago is
 * refused (issue 60: one such demoted the founder, changed the key and removed the founder),
 * unless a settled administrador let them through.
 */
export async function requireSettledAdministrator(
  db: Db,
  userId: string,
  organizationId: string,
  now = new Date(),
): Promise<Result> {
  const [row] = await db
    .select({
      papel: organizationMembers.papel,
      adminSince: organizationMembers.adminSince,
      adminTrustedAt: organizationMembers.adminTrustedAt,
    })
    .from(organizationMembers)
    .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)))
    .limit(1);
  if (!row) return notFound("organization");
  if (!roleMay(row.papel, "administrar")) return forbidden("organization-admin-only");
  if (isNewAdministrator(row, now)) return forbidden("new-administrator");
  return ok();
}

/** Whether `userId` takes care of the organisation's animals (administrador or equipe). */
export async function caresFor(db: Db, userId: string, organizationId: string): Promise<boolean> {
  const role = await roleIn(db, userId, organizationId);
  return role !== null && roleMay(role, "cuidar");
}

/**
 * A person's own organisation, made the first time they publish, exactly as the migration
 * made one for everyone who published before organisations (drizzle/0031): named after them
 * (an ONG account by its public name, with its CNPJ and badge), with them as its only
 * administrador. Returns its id; made once, however many requests race to make it.
 */
export async function ownOrganization(db: Db, userId: string): Promise<string> {
  return db.transaction(async (tx) => {
    const [made] = await tx
      .insert(organizations)
      .select(
        tx
          .select({
            id: sql`gen_random_uuid()`.as("id"),
            nome: sql`case when ${users.tipo} = 'ong' and ${users.nomePublico} is not null then ${users.nomePublico} else ${users.nome} end`.as(
              "nome",
            ),
            cnpj: sql`case when ${users.tipo} = 'ong' then ${users.cnpj} end`.as("cnpj"),
            cidade: users.cidade,
            uf: users.uf,
            cidadeIbge: users.cidadeIbge,
            sobre: users.perfilSobre,
            logoId: sql`null`.as("logo_id"),
            // The badge follows the CNPJ, unless an organisation made on purpose holds it verified already.
            verifiedAt: sql`case when ${users.tipo} = 'ong' and not exists (
              select 1 from ${organizations} where ${organizations.cnpj} = ${users.cnpj} and ${organizations.verifiedAt} is not null
            ) then ${users.verifiedAt} end`.as("verified_at"),
            ownAccountOf: users.id,
            noticiasSemAprovacao: sql`false`.as("noticias_sem_aprovacao"),
            transparenciaPublica: sql`false`.as("transparencia_publica"),
            createdAt: sql`now()`.as("created_at"),
            updatedAt: sql`now()`.as("updated_at"),
          })
          .from(users)
          .where(eq(users.id, userId)),
      )
      .onConflictDoNothing({ target: organizations.ownAccountOf })
      .returning({ id: organizations.id });
    if (made) {
      await tx.insert(organizationMembers).values({ organizationId: made.id, userId, papel: "administrador" });
      await recordActivity(tx as unknown as Db, {
        organizationId: made.id,
        actorId: userId,
        acao: "organizacao_criada",
      });
      return made.id;
    }
    const [existing] = await tx
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.ownAccountOf, userId))
      .limit(1);
    return existing!.id;
  });
}

/** The organisations whose animals `userId` takes care of (administrador or equipe), by name. */
export async function caringMembershipsOf(db: Db, userId: string): Promise<Membership[]> {
  return (await membershipsOf(db, userId)).filter((membership) => roleMay(membership.papel, "cuidar"));
}

/**
 * For which organisation `userId` works now (publishes, sets its questionnaire): the one named
 * (they must take care of its animals), else the only one whose animals they take care of; a
 * person in several must name one. Null for someone in none yet.
 */
export async function workingOrganization(db: Db, userId: string, requested?: string): Promise<Result<string | null>> {
  if (requested) {
    const power = await requirePower(db, userId, requested, "cuidar");
    return power.ok ? ok(requested) : power;
  }
  const caring = await caringMembershipsOf(db, userId);
  if (caring.length === 1) return ok(caring[0]!.id);
  if (caring.length > 1) return fail({ kind: "invalid", field: "organizacao_id", reason: "organization-required" });
  return ok(null);
}

/**
 * Where `userId` publishes an animal, or saves a setting: as `workingOrganization` says, and
 * for someone in none, their own organisation, made now.
 */
export async function publishingOrganization(db: Db, userId: string, requested?: string): Promise<Result<string>> {
  const working = await workingOrganization(db, userId, requested);
  if (!working.ok) return working;
  return ok(working.value ?? (await ownOrganization(db, userId)));
}

export const CARING_ROLES = ORGANIZATION_ROLES.filter((role) => roleMay(role, "cuidar"));

/** The ids of the organisations whose animals `userId` takes care of, as a subquery. */
export function organizationsCaredForBy(db: Db, userId: string) {
  return db
    .select({ id: organizationMembers.organizationId })
    .from(organizationMembers)
    .where(and(eq(organizationMembers.userId, userId), inArray(organizationMembers.papel, CARING_ROLES)));
}

/** The organisation's members of these roles, by name, with what it takes to write to them. */
export async function membersIn(
  db: Db,
  organizationId: string,
  roles: readonly OrganizationRole[],
): Promise<{ id: string; nome: string; email: string }[]> {
  return db
    .select({ id: users.id, nome: users.nome, email: users.email })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(and(eq(organizationMembers.organizationId, organizationId), inArray(organizationMembers.papel, roles)))
    .orderBy(asc(users.nome), asc(users.id));
}

/** The members who take care of the organisation's animals (administradores and equipe), by name. */
export const caringMembers = (db: Db, organizationId: string) => membersIn(db, organizationId, CARING_ROLES);

/**
 * Who is told of the organisation's work (a new application, a message): the member it is
 * assigned to while they still take care of its animals, or else its administradores and equipe.
 */
export async function teamToTell(
  db: Db,
  organizationId: string,
  assignedTo: string | null,
): Promise<{ id: string; nome: string; email: string }[]> {
  const team = await caringMembers(db, organizationId);
  const assignee = team.find((member) => member.id === assignedTo);
  return assignee ? [assignee] : team;
}
