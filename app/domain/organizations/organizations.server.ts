import { and, eq, isNull, ne, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { organizationMembers, organizations, pets, users } from "~/db/schema";
import type { OrganizationRole } from "~/lib/organizations";
import { fail, invalid, notFound, ok, type Result } from "~/services/outcome.server";
import { deleteUnusedImages, imageRefusal, InvalidImageError, prepareImage, saveImage } from "~/services/images.server";
import { publicDataChanged } from "~/domain/pets/public-reads.server";
import { takeAllowance } from "~/services/rate-limits.server";
import { requireConfirmedEmail } from "~/domain/accounts/email-confirmation.server";
import { isVerifiedName } from "~/domain/accounts/verified-names.server";
import { resolveCity } from "~/domain/places/cities.server";
import type { OrganizationInput, OrganizationPatch } from "~/validation/organizations";
import { isNewAdministrator, NEW_ADMINISTRATOR_HOURS, requirePower, roleIn } from "./membership.server";
import { recordActivity } from "./activity-records.server";

/** An organisation as anyone may see it. */
export type PublicOrganization = {
  id: string;
  nome: string;
  cidade: string | null;
  uf: string | null;
  /** The city's IBGE code (null for an organisation with no city). */
  cidadeIbge: number | null;
  sobre: string | null;
  logoId: string | null;
  verificada: boolean;
};

/** An organisation as its members see it: with its CNPJ, and the member's own role. */
export type OrganizationView = PublicOrganization & {
  cnpj: string | null;
  criadaEm: Date;
  papel: OrganizationRole;
};

const publicColumns = {
  id: organizations.id,
  nome: organizations.nome,
  cidade: organizations.cidade,
  uf: organizations.uf,
  cidadeIbge: organizations.cidadeIbge,
  sobre: organizations.sobre,
  logoId: organizations.logoId,
  verificada: sql<boolean>`${organizations.verifiedAt} is not null`,
};

/**
 * The organisations a person publishes animals for, other than their own (an ONG's own is the
 * ONG their page already is): a caretaker's page names the teams they answer for.
 */
export async function organizationsPublishedFor(db: Db, userId: string): Promise<PublicOrganization[]> {
  return db
    .selectDistinct(publicColumns)
    .from(organizations)
    .innerJoin(pets, eq(pets.organizationId, organizations.id))
    .where(
      and(
        eq(pets.caretakerId, userId),
        ne(pets.status, "removido"),
        or(isNull(organizations.ownAccountOf), ne(organizations.ownAccountOf, userId)),
      ),
    )
    .orderBy(organizations.nome);
}

/** The organisation for one of its members; not found for anyone else. */
export async function organizationForMember(db: Db, userId: string, id: string): Promise<Result<OrganizationView>> {
  const [row] = await db
    .select({
      ...publicColumns,
      cnpj: organizations.cnpj,
      criadaEm: organizations.createdAt,
      papel: organizationMembers.papel,
    })
    .from(organizations)
    .innerJoin(
      organizationMembers,
      and(eq(organizationMembers.organizationId, organizations.id), eq(organizationMembers.userId, userId)),
    )
    .where(eq(organizations.id, id))
    .limit(1);
  return row ? ok(row) : notFound("organization");
}

/** A verified organisation's CNPJ is its own: no other one takes it. */
async function cnpjTaken(db: Db, cnpj: string, except?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(
      and(
        eq(organizations.cnpj, cnpj),
        sql`${organizations.verifiedAt} is not null`,
        except ? ne(organizations.id, except) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * A person makes an organisation and is its first administrador: an account whose e-mail is
 * confirmed (as for publishing), a few an hour. Returns its id.
 */
export async function createOrganization(db: Db, userId: string, input: OrganizationInput): Promise<Result<string>> {
  const confirmed = await requireConfirmedEmail(db, userId);
  if (!confirmed.ok) return confirmed;
  const place = await resolveCity(db, input.cidade, input.uf);
  if (!place.ok) return place;
  // Nobody poses as a team the Adopet checked (issue 60), however the name is written.
  if (await isVerifiedName(db, input.nome, { userId })) return invalid("nome", "verified-name");
  const cnpj = input.cnpj ?? null;
  if (cnpj && (await cnpjTaken(db, cnpj))) return fail({ kind: "conflict", reason: "cnpj-taken", field: "cnpj" });
  const allowed = await takeAllowance(db, "organization-account", userId);
  if (!allowed.ok) return allowed;
  const id = await db.transaction(async (tx) => {
    const [made] = await tx
      .insert(organizations)
      .values({
        nome: input.nome,
        cnpj,
        cidade: place.value.nome,
        uf: place.value.uf,
        cidadeIbge: place.value.codigo,
        sobre: input.sobre ?? null,
      })
      .returning({ id: organizations.id });
    await tx.insert(organizationMembers).values({ organizationId: made!.id, userId, papel: "administrador" });
    await recordActivity(tx as unknown as Db, {
      organizationId: made!.id,
      actorId: userId,
      acao: "organizacao_criada",
    });
    return made!.id;
  });
  return ok(id);
}

/** The log's words for the organisation's fields. */
const FIELD_NAMES = { nome: "nome", cnpj: "CNPJ", cidade: "cidade", uf: "UF", sobre: "sobre" } as const;

/** A change of the organisation's data; `logo`: the image's bytes, or null to take it off. */
export type OrganizationChanges = Partial<Omit<OrganizationPatch, "logo__upload">> & { logo?: Buffer | null };

/**
 * An administrador changes the organisation's data, all of it or nothing. A new name or CNPJ
 * takes the badge off: an operator checks the organisation again. A logo (JPEG or PNG, checked
 * by its content and re-encoded without its metadata) is public: it shows wherever the
 * organisation is named.
 */
export async function updateOrganization(
  db: Db,
  userId: string,
  id: string,
  patch: OrganizationChanges,
): Promise<Result> {
  const power = await requirePower(db, userId, id, "administrar");
  if (!power.ok) return power;
  const [current] = await db.select().from(organizations).where(eq(organizations.id, id)).limit(1);
  if (!current) return notFound("organization");
  const changes: Partial<typeof organizations.$inferInsert> = {};
  if (patch.nome !== undefined) changes.nome = patch.nome;
  if (patch.cnpj !== undefined) changes.cnpj = patch.cnpj;
  if (patch.sobre !== undefined) changes.sobre = patch.sobre;
  if (patch.cidade !== undefined || patch.uf !== undefined) {
    const place = await resolveCity(db, patch.cidade ?? current.cidade ?? "", patch.uf ?? current.uf);
    if (!place.ok) return place;
    Object.assign(changes, { cidade: place.value.nome, uf: place.value.uf, cidadeIbge: place.value.codigo });
  }
  const identityChanged =
    (changes.nome !== undefined && changes.nome !== current.nome) ||
    (changes.cnpj !== undefined && changes.cnpj !== current.cnpj);
  if (
    changes.nome !== undefined &&
    changes.nome !== current.nome &&
    (await isVerifiedName(db, changes.nome, { organizationId: id, userId: current.ownAccountOf ?? undefined }))
  ) {
    return invalid("nome", "verified-name");
  }
  if (changes.cnpj && changes.cnpj !== current.cnpj && (await cnpjTaken(db, changes.cnpj, id))) {
    return fail({ kind: "conflict", reason: "cnpj-taken", field: "cnpj" });
  }
  const logo = await prepareLogo(db, userId, patch.logo);
  if (!logo.ok) return logo;
  const changed: string[] = (Object.keys(FIELD_NAMES) as (keyof typeof FIELD_NAMES)[])
    .filter((column) => changes[column] !== undefined && changes[column] !== current[column])
    .map((column) => FIELD_NAMES[column]);
  if (logo.value !== undefined) changed.push("logo");
  if (Object.keys(changes).length === 0 && logo.value === undefined) return ok();
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const [locked] = await tx
      .select({ logoId: organizations.logoId })
      .from(organizations)
      .where(eq(organizations.id, id))
      .for("update");
    if (logo.value !== undefined) changes.logoId = logo.value ? await saveImage(txDb, logo.value) : null;
    await tx
      .update(organizations)
      .set({ ...changes, ...(identityChanged && { verifiedAt: null }), updatedAt: new Date() })
      .where(eq(organizations.id, id));
    if (logo.value !== undefined && locked?.logoId && locked.logoId !== changes.logoId) {
      await deleteUnusedImages(txDb, [locked.logoId]);
    }
    if (changed.length > 0) {
      await recordActivity(txDb, {
        organizationId: id,
        actorId: userId,
        acao: "organizacao_alterada",
        detalhe: changed.join(", "),
      });
    }
  });
  if (logo.value !== undefined) publicDataChanged(db);
  return ok();
}

/** A new logo made ready to store (undefined: no change; null: taken off), within the upload allowance. */
async function prepareLogo(
  db: Db,
  userId: string,
  logo: Buffer | null | undefined,
): Promise<Result<Awaited<ReturnType<typeof prepareImage>> | null | undefined>> {
  if (!logo) return ok(logo);
  const allowed = await takeAllowance(db, "upload-account", userId);
  if (!allowed.ok) return allowed;
  try {
    return ok(await prepareImage(logo, ["jpeg", "png"], userId));
  } catch (error) {
    if (error instanceof InvalidImageError) return invalid("logo", imageRefusal(error));
    throw error;
  }
}

/**
 * `novoAte`: for an administrador of less than 72 hours (issue 60), when they may change the Pix
 * key and the other members; null for everyone else.
 */
export type Member = { id: string; nome: string; papel: OrganizationRole; desde: Date; novoAte: Date | null };

/** The organisation's members, for its members; not found for anyone else. */
export async function listMembers(db: Db, userId: string, id: string, now = new Date()): Promise<Result<Member[]>> {
  if (!(await roleIn(db, userId, id))) return notFound("organization");
  const members = await db
    .select({
      id: users.id,
      nome: users.nome,
      papel: organizationMembers.papel,
      desde: organizationMembers.createdAt,
      adminSince: organizationMembers.adminSince,
      adminTrustedAt: organizationMembers.adminTrustedAt,
    })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(eq(organizationMembers.organizationId, id))
    .orderBy(
      sql`case ${organizationMembers.papel} when 'administrador' then 0 when 'equipe' then 1 else 2 end`,
      users.nome,
    );
  return ok(
    members.map(({ adminSince, adminTrustedAt, ...member }) => ({
      ...member,
      novoAte:
        member.papel === "administrador" && isNewAdministrator({ adminSince, adminTrustedAt }, now)
          ? new Date(adminSince!.getTime() + NEW_ADMINISTRATOR_HOURS * 60 * 60 * 1000)
          : null,
    })),
  );
}
