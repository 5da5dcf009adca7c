import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
  varchar,
} from "drizzle-orm/pg-core";
import { APPLICATION_STATUSES, VISIT_PLACES } from "~/lib/applications";
import { FOSTER_SPECIES, NEWS_STATUSES } from "~/lib/foster";
import type { ExpenseCategory } from "~/lib/giving";
import type { Color, ReportStatus, ReportType } from "~/lib/lost-found";
import type { Sex, Size, Species } from "~/lib/pets";
import { HEALTH_ROLES, HEALTH_TYPES } from "~/lib/health";
import type { TrashKind } from "~/lib/trash";
import { ORGANIZATION_ROLES } from "~/lib/organizations";
import { TERMO_STATUSES } from "~/lib/termos";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  // PGlite returns Uint8Array, node-postgres returns Buffer: give callers one type.
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/**
 * Images are stored in the database with their resized variants, so every app
 * server reaches them and a backup of the database is a backup of everything.
 */
export const images = pgTable("images", {
  id: uuid("id").primaryKey().defaultRandom(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  createdAt: createdAt(),
});

export const imageFormat = pgEnum("image_format", ["webp", "avif", "jpeg"]);

export const imageVariants = pgTable(
  "image_variants",
  {
    imageId: uuid("image_id")
      .notNull()
      .references(() => images.id, { onDelete: "cascade" }),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    format: imageFormat("format").notNull(),
    bytes: integer("bytes").notNull(),
    data: bytea("data").notNull(),
  },
  (table) => [primaryKey({ columns: [table.imageId, table.width, table.format] })],
);

/**
 * The 5,570 Brazilian municipalities (IBGE), loaded by a migration from
 * vendor/municipios-brasileiros (MIT, Kelvin S. do Prado). Never written by the app.
 */
export const cities = pgTable("cities", {
  /** The IBGE code. */
  codigo: integer("codigo").primaryKey(),
  nome: varchar("nome", { length: 40 }).notNull(),
  uf: varchar("uf", { length: 2 }).notNull(),
  /** The name lower-cased and without accents (searchKey). */
  nomeBusca: varchar("nome_busca", { length: 40 }).notNull(),
  /** The municipal seat. */
  latitude: doublePrecision("latitude").notNull(),
  longitude: doublePrecision("longitude").notNull(),
  capital: boolean("capital").notNull(),
});

export const accountKind = pgEnum("account_kind", ["pessoa", "ong"]);

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: varchar("email", { length: 50 }).notNull(),
    nome: varchar("nome", { length: 50 }).notNull(),
    passwordHash: text("password_hash").notNull(),
    telefone: varchar("telefone", { length: 20 }),
    cidade: varchar("cidade", { length: 50 }),
    uf: varchar("uf", { length: 2 }),
    /** The city chosen from the IBGE list; null for a city typed before it (kept readable). */
    cidadeIbge: integer("cidade_ibge").references(() => cities.codigo),
    perfilSobre: varchar("perfil_sobre", { length: 300 }),
    photoId: uuid("photo_id").references(() => images.id, { onDelete: "set null" }),
    /** A person (default) or an ONG, which gives its CNPJ and the name it is known by. */
    tipo: accountKind("tipo").notNull().default("pessoa"),
    /** The CNPJ's 14 characters, without the mask (letters too: the alphanumeric CNPJ of 2026). */
    cnpj: varchar("cnpj", { length: 14 }),
    nomePublico: varchar("nome_publico", { length: 80 }),
    /**
     * When an operator checked the ONG's CNPJ; cleared when the ONG's data changes. A verified
     * ONG's CNPJ is its own; an unchecked claim may share a CNPJ with others.
     */
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    /** An operator moderates the site: granted only by `npm run operador`, never from the web. */
    operador: boolean("operador").notNull().default(false),
    /** Suspended by an operator (issue 22): cannot log in, listings hidden; the reason was e-mailed. */
    suspendedAt: timestamp("suspended_at", { withTimezone: true }),
    suspensionReason: varchar("suspension_reason", { length: 500 }),
    /**
     * When the owner opened the link e-mailed at sign-up (issue 41): until then the account
     * browses and writes, but publishes no animal, claims no CNPJ and hides no listing.
     */
    emailConfirmedAt: timestamp("email_confirmed_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // One account per e-mail, whatever its case.
    uniqueIndex("users_email_lower_idx").on(sql`lower(${table.email})`),
    // One verified ONG per CNPJ; claims no operator has checked do not lock the real ONG out
    // of its own (issue 41): operators see the competing claims and decide.
    uniqueIndex("users_cnpj_verified_idx")
      .on(table.cnpj)
      .where(sql`${table.verifiedAt} is not null`),
    index("users_cnpj_idx").on(table.cnpj),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    /** SHA-256 of the cookie's token: a leaked table gives no live session. */
    tokenHash: varchar("token_hash", { length: 64 }).primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("sessions_user_idx").on(table.userId), index("sessions_expires_idx").on(table.expiresAt)],
);

/**
 * Devices and addresses an account has logged in from (SHA-256 of a device cookie's token or
 * of an address), so failed logins elsewhere never lock the owner out of their own
 * (docs/decisions/0012-login-limits-without-lockout.md). Forgotten after 90 days unused.
 */
export const knownLogins = pgTable(
  "known_logins",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    keyHash: varchar("key_hash", { length: 64 }).notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.keyHash] }),
    index("known_logins_last_seen_idx").on(table.lastSeenAt),
  ],
);

/**
 * Links to set a new password (`Esqueci minha senha`): valid for an hour and once. The token
 * is made when its e-mail is sent and only its SHA-256 is kept; a row without one has not
 * been sent yet.
 */
export const passwordResets = pgTable(
  "password_resets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: varchar("token_hash", { length: 64 }).unique(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (table) => [
    index("password_resets_user_idx").on(table.userId),
    index("password_resets_expires_idx").on(table.expiresAt),
  ],
);

export const species = pgEnum("species", ["cao", "gato", "outro"]);
export const ageUnit = pgEnum("age_unit", ["dias", "meses", "anos"]);
export const petSize = pgEnum("pet_size", ["pequeno", "medio", "medio_grande", "grande"]);
/**
 * `oculto`: hidden by moderation (issue 22), the status it had kept in `status_before_hidden`:
 * every public read already asks for `disponivel` or `adotado`, so a hidden listing leaves
 * the feed, the counts, alerts and its page without a filter of its own.
 */
export const petStatus = pgEnum("pet_status", ["disponivel", "adotado", "removido", "oculto"]);

/** Why a listing is hidden: enough people reported it, an operator hid it, its caretaker's account is suspended. */
export const hiddenBy = pgEnum("hidden_by", ["denuncias", "operador", "conta_suspensa"]);
export const petSex = pgEnum("pet_sex", ["macho", "femea"]);
export const castration = pgEnum("castration", ["sim", "nao", "agendado"]);

export const organizationRole = pgEnum("organization_role", ORGANIZATION_ROLES);

/**
 * An organisation (issue 43): an ONG, or a group of protetores, or one person on their own; it
 * owns animals and the adoption work, and its members act for it by their role. A CNPJ is
 * optional (an informal group has none); `verifiedAt` is the badge an operator gives.
 */
export const organizations = pgTable(
  "organizations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    nome: varchar("nome", { length: 80 }).notNull(),
    /** The CNPJ's 14 characters, without the mask. */
    cnpj: varchar("cnpj", { length: 14 }),
    cidade: varchar("cidade", { length: 50 }),
    uf: varchar("uf", { length: 2 }),
    cidadeIbge: integer("cidade_ibge").references(() => cities.codigo),
    sobre: varchar("sobre", { length: 1000 }),
    logoId: uuid("logo_id").references(() => images.id, { onDelete: "set null" }),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    /**
     * For a person's own organisation, made when they first published (or by the migration
     * from one login per caretaker): that person. Null for one made on purpose.
     */
    ownAccountOf: uuid("own_account_of").references(() => users.id, { onDelete: "set null" }),
    /** News from its foster homes go on the animal's page at once, without the team's approval (issue 44). */
    noticiasSemAprovacao: boolean("noticias_sem_aprovacao").notNull().default(false),
    /** Its accounts (`/organizacoes/:id/transparencia`) are open to everyone, not only its team (issue 46). */
    transparenciaPublica: boolean("transparencia_publica").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("organizations_cnpj_verified_idx")
      .on(table.cnpj)
      .where(sql`${table.verifiedAt} is not null`),
    uniqueIndex("organizations_own_account_idx").on(table.ownAccountOf),
  ],
);

/**
 * Where an organisation receives gifts (issue 46): its Pix key as the Pix directory keeps it,
 * and the receiver's name and city the BR Code carries. Public by nature (every code shows it);
 * no giver's bank data is ever stored.
 */
export const organizationPix = pgTable("organization_pix", {
  organizationId: uuid("organization_id")
    .primaryKey()
    .references(() => organizations.id, { onDelete: "cascade" }),
  tipo: varchar("tipo", { length: 10 }).$type<"cpf" | "cnpj" | "email" | "telefone" | "aleatoria">().notNull(),
  chave: varchar("chave", { length: 77 }).notNull(),
  nomeRecebedor: varchar("nome_recebedor", { length: 25 }).notNull(),
  cidadeRecebedor: varchar("cidade_recebedor", { length: 15 }).notNull(),
  updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: updatedAt(),
});

/**
 * A padrinho's monthly gift towards an animal (issue 46): an amount in centavos and a day of the
 * month (1 to 28, so that every month has it). It ends when the padrinho stops (`padrinho`), or
 * when the animal leaves the site's care (`adotado`, `removido`); an ended one is kept for the
 * organisation's accounts.
 */
export const sponsorships = pgTable(
  "sponsorships",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    petId: uuid("pet_id")
      .notNull()
      .references(() => pets.id, { onDelete: "cascade" }),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    valorMensalCentavos: integer("valor_mensal_centavos").notNull(),
    dia: smallint("dia").notNull(),
    createdAt: createdAt(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    motivoFim: varchar("motivo_fim", { length: 10 }).$type<"padrinho" | "adotado" | "removido">(),
    /** The padrinho agreed to be named on the organisation's transparency page. */
    nomePublico: boolean("nome_publico").notNull().default(false),
  },
  (table) => [
    uniqueIndex("sponsorships_active_idx")
      .on(table.userId, table.petId)
      .where(sql`${table.endedAt} is null`),
    index("sponsorships_pet_idx").on(table.petId),
    index("sponsorships_day_idx")
      .on(table.dia)
      .where(sql`${table.endedAt} is null`),
  ],
);

/**
 * A month's code of a sponsorship: its `txid` names it on the organisation's statement, so that
 * the import confirms it (`confirmadaEm`); made once per sponsorship and month.
 */
export const sponsorshipCharges = pgTable(
  "sponsorship_charges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sponsorshipId: uuid("sponsorship_id")
      .notNull()
      .references(() => sponsorships.id, { onDelete: "cascade" }),
    /** AAAA-MM, in Brasília. */
    mes: varchar("mes", { length: 7 }).notNull(),
    valorCentavos: integer("valor_centavos").notNull(),
    txid: varchar("txid", { length: 25 }).notNull(),
    createdAt: createdAt(),
    confirmadaEm: timestamp("confirmada_em", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("sponsorship_charges_month_idx").on(table.sponsorshipId, table.mes),
    uniqueIndex("sponsorship_charges_txid_idx").on(table.txid),
  ],
);

/**
 * A gift the organisation received (issue 46): confirmed by hand, or found on an imported bank
 * statement. One that pays a padrinho's month names its charge (once). `doador` is the name the
 * team typed, for its eyes only; a padrinho's is read from their account, never copied, so that
 * it goes when the account does.
 */
export const donations = pgTable(
  "donations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    petId: uuid("pet_id").references(() => pets.id, { onDelete: "set null" }),
    chargeId: uuid("charge_id").references(() => sponsorshipCharges.id, { onDelete: "set null" }),
    valorCentavos: integer("valor_centavos").notNull(),
    /** The day it arrived (AAAA-MM-DD, as the bank dates it). */
    data: date("data", { mode: "string" }).notNull(),
    origem: varchar("origem", { length: 7 }).$type<"manual" | "extrato">().notNull(),
    txid: varchar("txid", { length: 25 }),
    doador: varchar("doador", { length: 120 }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [
    index("donations_organization_day_idx").on(table.organizationId, table.data),
    uniqueIndex("donations_charge_idx").on(table.chargeId),
  ],
);

/** What the organisation spent (issue 46), on one animal or in general, with its receipt if any. */
export const expenses = pgTable(
  "expenses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    petId: uuid("pet_id").references(() => pets.id, { onDelete: "set null" }),
    categoria: varchar("categoria", { length: 12 }).$type<ExpenseCategory>().notNull(),
    valorCentavos: integer("valor_centavos").notNull(),
    data: date("data", { mode: "string" }).notNull(),
    descricao: varchar("descricao", { length: 300 }),
    /** The receipt: `pdf` as sent, or `imagem` re-encoded as WebP; null without one. */
    comprovanteTipo: varchar("comprovante_tipo", { length: 8 }).$type<"pdf" | "imagem">(),
    comprovante: bytea("comprovante"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [index("expenses_organization_day_idx").on(table.organizationId, table.data)],
);

/**
 * A credit line of an imported bank statement (issue 46). `chave` makes a second import of the
 * same line (the same file, or a period that overlaps) a no-op: the bank's id when it gives one,
 * else the day, amount, description and its rank among identical lines of that day. A line is
 * `conciliada` when it became a gift, `pendente` until the team assigns or ignores it.
 */
export const statementLines = pgTable(
  "statement_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    chave: varchar("chave", { length: 400 }).notNull(),
    data: date("data", { mode: "string" }).notNull(),
    valorCentavos: integer("valor_centavos").notNull(),
    descricao: varchar("descricao", { length: 300 }).notNull(),
    status: varchar("status", { length: 10 }).$type<"pendente" | "conciliada" | "ignorada">().notNull(),
    donationId: uuid("donation_id").references(() => donations.id, { onDelete: "set null" }),
    importedBy: uuid("imported_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("statement_lines_key_idx").on(table.organizationId, table.chave),
    index("statement_lines_pending_idx")
      .on(table.organizationId, table.data)
      .where(sql`${table.status} = 'pendente'`),
  ],
);

/** Who belongs to an organisation, and as what. */
export const organizationMembers = pgTable(
  "organization_members",
  {
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    papel: organizationRole("papel").notNull(),
    createdAt: createdAt(),
    /**
     * When a member invited or promoted became administrador (issue 60): for 72 hours they
     * cannot change the Pix key, or another member's role or membership, unless a settled
     * administrador lets them (`adminTrustedAt`). Null for founders and earlier administradores.
     */
    adminSince: timestamp("admin_since", { withTimezone: true }),
    adminTrustedAt: timestamp("admin_trusted_at", { withTimezone: true }),
    /** The morning e-mail of the member's `Hoje` (issue 62), on until they turn it off. */
    resumoDiario: boolean("resumo_diario").notNull().default(true),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.userId] }),
    index("organization_members_user_idx").on(table.userId),
  ],
);

/**
 * Who stopped being an administrador, and when (issue 60): a Pix key change is e-mailed to them
 * too for 30 days, so a takeover that first removes the founder still reaches the founder.
 */
export const formerAdministrators = pgTable(
  "former_administrators",
  {
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endedAt: timestamp("ended_at", { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.userId] })],
);

/**
 * An invitation to join an organisation (issue 43), e-mailed as a link: valid for 7 days, used
 * once, accepted only by the account of the e-mail it was sent to. The token is made by the job
 * that e-mails it, and kept only as its hash.
 */
export const organizationInvitations = pgTable(
  "organization_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    email: varchar("email", { length: 50 }).notNull(),
    papel: organizationRole("papel").notNull(),
    invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
    /**
     * The account invited from its offer of a foster home (issue 44): only it accepts, and the
     * team reads its first name, never the e-mail the link went to.
     */
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    tokenHash: varchar("token_hash", { length: 64 }).unique(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    declinedAt: timestamp("declined_at", { withTimezone: true }),
    /** Cancelled by an administrador (issue 60): its link no longer works. */
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
  },
  (table) => [
    index("organization_invitations_organization_idx").on(table.organizationId),
    index("organization_invitations_expires_idx").on(table.expiresAt),
  ],
);

export const petTransferStatus = pgEnum("pet_transfer_status", ["pendente", "aceita", "recusada", "cancelada"]);

/**
 * An animal passed from one organisation to another (issue 43): asked by an administrador of the
 * one that has it, accepted (or declined) by an administrador of the other. One pending per animal.
 */
export const petTransfers = pgTable(
  "pet_transfers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    petId: uuid("pet_id")
      .notNull()
      .references(() => pets.id, { onDelete: "cascade" }),
    fromOrganizationId: uuid("from_organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    toOrganizationId: uuid("to_organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    requestedBy: uuid("requested_by").references(() => users.id, { onDelete: "set null" }),
    status: petTransferStatus("status").notNull().default("pendente"),
    createdAt: createdAt(),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("pet_transfers_pending_idx")
      .on(table.petId)
      .where(sql`${table.status} = 'pendente'`),
    index("pet_transfers_to_idx").on(table.toOrganizationId, table.status),
    index("pet_transfers_from_idx").on(table.fromOrganizationId, table.status),
    // An animal's transfers in order: where it came from (the panel's intake).
    index("pet_transfers_pet_idx").on(table.petId, table.decidedAt),
  ],
);

/**
 * What members did in an organisation (issue 43), for its administradores: who, what, to what,
 * when. Written with the change it records; kept two years. The member's name is kept as it was,
 * so the log still reads after an account goes.
 */
export const organizationActivity = pgTable(
  "organization_activity",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorNome: varchar("actor_nome", { length: 50 }).notNull(),
    /** What was done: app/lib/organizations.ts ACTIVITY_KINDS. */
    acao: varchar("acao", { length: 40 }).notNull(),
    /** What it was done to: an animal, a member, an invitation's e-mail, the organisation. */
    alvoId: uuid("alvo_id"),
    alvoNome: varchar("alvo_nome", { length: 80 }),
    /** The change in a few words: a new role, a new status. */
    detalhe: varchar("detalhe", { length: 300 }),
    /**
     * The people an entry names (issue 60), in `alvoNome` (an adopter, a member) and in `detalhe`
     * (a member assigned, a foster home): when the account goes, those names become "Pessoa
     * removida". No foreign key: the id outlives the account, so the log still knows whom it named.
     */
    alvoPessoaId: uuid("alvo_pessoa_id"),
    detalhePessoaId: uuid("detalhe_pessoa_id"),
    createdAt: createdAt(),
  },
  (table) => [
    index("organization_activity_alvo_pessoa_idx").on(table.alvoPessoaId),
    index("organization_activity_detalhe_pessoa_idx").on(table.detalhePessoaId),
    index("organization_activity_feed_idx").on(
      table.organizationId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index("organization_activity_created_idx").on(table.createdAt),
  ],
);

/**
 * The last e-mail that told a member what was assigned to them (issue 62): at most one an hour,
 * listing the assignments of the organisation's log made after `toldUntil` (the newest told).
 */
export const assignmentNotices = pgTable("assignment_notices", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
  toldUntil: timestamp("told_until", { withTimezone: true }).notNull(),
});

export const pets = pgTable(
  "pets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /**
     * Who published it (or accepted it in a transfer): its page names them; what members may do
     * with it goes by `organizationId`.
     */
    caretakerId: uuid("caretaker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The organisation that owns it (issue 43). */
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    nome: varchar("nome", { length: 20 }).notNull(),
    /** The name lower-cased and without accents: the contact form finds pets by name. */
    nomeBusca: varchar("nome_busca", { length: 20 }).notNull(),
    species: species("species").notNull(),
    ageValue: smallint("age_value").notNull(),
    ageUnit: ageUnit("age_unit").notNull(),
    porte: petSize("porte").notNull(),
    perfil: varchar("perfil", { length: 300 }).notNull(),
    cidade: varchar("cidade", { length: 50 }).notNull(),
    /** The city lower-cased and without accents, for accent- and case-insensitive search. */
    cidadeBusca: varchar("cidade_busca", { length: 50 }).notNull(),
    uf: varchar("uf", { length: 2 }).notNull(),
    /** The city chosen from the IBGE list; null for a city typed before it (kept readable, flagged to its caretaker). */
    cidadeIbge: integer("cidade_ibge").references(() => cities.codigo),
    /** The age in days when published, for the age filter. */
    ageDays: integer("age_days").notNull(),
    status: petStatus("status").notNull().default("disponivel"),
    /**
     * When an approved application reserved the animal (issue 19): it stays `disponivel` here,
     * and in the feed, shown as "Reservado" (status `reservado` everywhere outside the database)
     * so the feed's indexes and counts keep reading one status.
     */
    reservedAt: timestamp("reserved_at", { withTimezone: true }),
    /** Moderation (issue 22): when and why the listing was hidden, and the status it goes back to. */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    hiddenBy: hiddenBy("hidden_by"),
    statusBeforeHidden: petStatus("status_before_hidden"),
    // The record (issue 18): optional, as pets published before it have none of it.
    sexo: petSex("sexo"),
    castrado: castration("castrado"),
    castracaoData: date("castracao_data", { mode: "string" }),
    /** Vaccine codes from the species' list (app/lib/pets.ts). */
    vacinas: text("vacinas")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    vermifugado: boolean("vermifugado"),
    /** Its health record's latest FIV and FeLV tests read negative (issue 45): derived, never typed. */
    fivFelvNegativo: boolean("fiv_felv_negativo").notNull().default(false),
    microchip: varchar("microchip", { length: 15 }),
    /** Breed ("SRD", sem raça definida, for most) and coat, as the national register asks (issue 45). */
    raca: varchar("raca", { length: 40 }),
    pelagem: varchar("pelagem", { length: 40 }),
    /** Who the animal lives well with: criancas, caes, gatos. */
    conviveCom: text("convive_com")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    necessidadesEspeciais: varchar("necessidades_especiais", { length: 300 }),
    historia: varchar("historia", { length: 2000 }),
    /** The adoption fee in cents (at most R$ 1.000,00). */
    taxaAdocaoCentavos: integer("taxa_adocao_centavos"),
    /**
     * The organisation looks for a foster home for it (issue 44): listed on
     * /lar-temporario/precisam, urgent ones first, until a placement (or the team) clears it.
     */
    precisaLarTemporario: boolean("precisa_lar_temporario").notNull().default(false),
    larUrgente: boolean("lar_urgente").notNull().default(false),
    /** The day by which a home is needed; null: none said. */
    prazoLar: date("prazo_lar", { mode: "string" }),
    /**
     * The soonest dose the health record expects (dueDoses: a vaccine's, dewormer's or flea
     * treatment's next one not yet given), written with every change to the record
     * (deriveFromRecord); null: none. A dose late is one before today: the team's counts and
     * dose filters read this rather than every animal's record.
     */
    proximaDose: date("proxima_dose", { mode: "string" }),
    /** Set where proxima_dose is to be worked out again from the record (recalculateNextDoses). */
    proximaDoseARecalcular: boolean("proxima_dose_a_recalcular").notNull().default(false),
    /**
     * The words of name, profile and story for `Buscar`: lower case and without accents (as
     * searchKey does to a query), stemmed as Portuguese. Written by the database itself.
     */
    busca: tsvector("busca").generatedAlwaysAs(
      sql`to_tsvector('portuguese'::regconfig, translate(lower(nome || ' ' || perfil || ' ' || coalesce(historia, '')), 'áàâãäéèêëíìîïóòôõöúùûüçñý', 'aaaaaeeeeiiiiooooouuuucny'))`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // The feed: available pets, newest first; and the same narrowed to a city. NULLS FIRST is
    // what a plain `order by … desc` means, so the planner can read the page off the index.
    index("pets_feed_idx").on(table.status, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index("pets_city_feed_idx").on(
      table.status,
      table.cidadeBusca,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index("pets_caretaker_idx").on(table.caretakerId),
    index("pets_organization_idx").on(table.organizationId, table.status),
    index("pets_search_idx").using("gin", table.busca),
    // Distance search: the available pets of the cities within reach, newest first.
    index("pets_place_feed_idx").on(
      table.status,
      table.cidadeIbge,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index("pets_name_idx").on(table.nomeBusca, table.status),
    // An organisation's animals waiting for a foster home (`Hoje`, `Animais`); with what its
    // counts ask of them, so they are read off the index alone.
    index("pets_organization_foster_need_idx")
      .on(table.organizationId, table.larUrgente, table.status)
      .where(sql`${table.precisaLarTemporario} and ${table.status} = 'disponivel'`),
    // An organisation's animals with a dose due (`Hoje`, `Animais`, `Saúde`), the same way.
    index("pets_organization_next_dose_idx")
      .on(table.organizationId, table.proximaDose, table.status)
      .where(sql`${table.proximaDose} is not null`),
    index("pets_next_dose_to_recalculate_idx")
      .on(table.id)
      .where(sql`${table.proximaDoseARecalcular}`),
    // The few available animals waiting for a foster home, by city.
    index("pets_foster_need_idx")
      .on(table.cidadeIbge)
      .where(sql`${table.precisaLarTemporario} and ${table.status} = 'disponivel'`),
    // pets_species_feed_idx (status, species, created_at, id) INCLUDE (porte, age_days, sexo,
    // castrado) is made by migration 0012 by hand: drizzle cannot write INCLUDE.
  ],
);

/** Pets a signed-in person marked with a heart. */
export const favorites = pgTable(
  "favorites",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    petId: uuid("pet_id")
      .notNull()
      .references(() => pets.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.petId] }), index("favorites_pet_idx").on(table.petId)],
);

export const petPhotos = pgTable(
  "pet_photos",
  {
    petId: uuid("pet_id")
      .notNull()
      .references(() => pets.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    imageId: uuid("image_id")
      .notNull()
      .references(() => images.id, { onDelete: "cascade" }),
  },
  (table) => [primaryKey({ columns: [table.petId, table.position] })],
);

export const messages = pgTable(
  "messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    petId: uuid("pet_id")
      .notNull()
      .references(() => pets.id, { onDelete: "cascade" }),
    recipientId: uuid("recipient_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    senderId: uuid("sender_id").references(() => users.id, { onDelete: "set null" }),
    senderNome: varchar("sender_nome", { length: 50 }).notNull(),
    senderTelefone: varchar("sender_telefone", { length: 20 }).notNull(),
    nomeAnimal: varchar("nome_animal", { length: 20 }).notNull(),
    texto: varchar("texto", { length: 300 }).notNull(),
    createdAt: createdAt(),
    readAt: timestamp("read_at", { withTimezone: true }),
    /** When the caretaker was e-mailed; null until then (its job is still queued or failed). */
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
  },
  (table) => [
    index("messages_inbox_idx").on(table.recipientId, table.createdAt.desc().nullsFirst()),
    index("messages_sender_idx").on(table.senderId, table.createdAt.desc().nullsFirst()),
    index("messages_unread_idx")
      .on(table.recipientId)
      .where(sql`${table.readAt} is null`),
  ],
);

/**
 * Counters for rate limits, shared by every app server through the database.
 * The shape is the one rate-limiter-flexible's Drizzle store expects.
 */
export const rateLimits = pgTable("rate_limits", {
  key: varchar("key", { length: 255 }).primaryKey(),
  points: integer("points").notNull().default(0),
  expire: timestamp("expire", { withTimezone: true }),
});

/**
 * The organisation's `Lixeira` (issue 63): a record deleted by its team (an expense, a health
 * entry) is kept here whole for 30 days, its row as JSON and its files apart, and an administrador
 * restores it under its own id. After 30 days it is erased (purgeExpired).
 */
export const trashItems = pgTable(
  "trash_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** app/lib/trash.ts TRASH_KINDS. */
    tipo: varchar("tipo", { length: 20 }).$type<TrashKind>().notNull(),
    /** The record's id, under which it is restored. */
    registroId: uuid("registro_id").notNull(),
    /** What it was, in a few words: "Despesa de R$ 89,90 (Ração) em 05/12/2026". */
    resumo: varchar("resumo", { length: 300 }).notNull(),
    /** The record's row as it was (to_jsonb), without its files. */
    dados: jsonb("dados").notNull(),
    /** An expense's receipt. */
    arquivo: bytea("arquivo"),
    apagadoPor: uuid("apagado_por").references(() => users.id, { onDelete: "set null" }),
    apagadoEm: timestamp("apagado_em", { withTimezone: true }).notNull(),
    expiraEm: timestamp("expira_em", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("trash_items_organization_idx").on(table.organizationId, table.apagadoEm),
    index("trash_items_expiry_idx").on(table.expiraEm),
  ],
);

/** The files of a health entry in the `Lixeira`, as they were (pet_health_files). */
export const trashFiles = pgTable(
  "trash_files",
  {
    itemId: uuid("item_id")
      .notNull()
      .references(() => trashItems.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    tipo: varchar("tipo", { length: 8 }).notNull(),
    conteudo: bytea("conteudo").notNull(),
  },
  (table) => [primaryKey({ columns: [table.itemId, table.position] })],
);

/**
 * Submissions already made, by their author's key (issue 63): a form's hidden `chave`, or the
 * API's `Idempotency-Key` header. The same key again (a double tap, a client's retry) gets the
 * first answer, never a second record. `resposta` is null while the first is being made. Kept a day.
 */
export const submissionKeys = pgTable(
  "submission_keys",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    chave: varchar("chave", { length: 100 }).notNull(),
    /** What the key was first sent to: `POST /adopet/api/pets/…`. */
    pedido: varchar("pedido", { length: 300 }).notNull(),
    /** The answer given: its status, the headers that matter and its body. */
    resposta: jsonb("resposta").$type<{ status: number; headers: [string, string][]; body: string }>(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.chave] }),
    index("submission_keys_created_idx").on(table.createdAt),
  ],
);

/**
 * E-mails already handed to the mail server, by idempotency key: a job that runs again (a
 * retry, or a run cut short by a crash) does not send its e-mail a second time.
 */
export const emailDeliveries = pgTable("email_deliveries", {
  idempotencyKey: varchar("idempotency_key", { length: 200 }).primaryKey(),
  sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Jobs written by the statement that makes their cause, as one of its `with`s (a transactional
 * outbox, ADR 28): the job queue moves them into pg-boss in batches, and a row is there if and
 * only if that statement wrote its cause.
 */
export const jobOutbox = pgTable("job_outbox", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  name: varchar("name", { length: 100 }).notNull(),
  data: jsonb("data").notNull(),
  createdAt: createdAt(),
});

export const alertFrequency = pgEnum("alert_frequency", ["diaria", "imediata"]);

/**
 * A saved search: new pets that match it are e-mailed to its owner (ADR 18). `filtros` is the
 * search as the feed reads it (with `perto` as an IBGE code); the columns beside it repeat its
 * criteria so that one new pet is matched against every alert in one query.
 */
export const alerts = pgTable(
  "alerts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    frequencia: alertFrequency("frequencia").notNull().default("diaria"),
    filtros: jsonb("filtros").notNull(),
    /** Null: animals for adoption; `perdido` or `encontrado`: lost and found reports (issue 47). */
    tipo: varchar("tipo", { length: 10 }).$type<ReportType>(),
    especie: species("especie"),
    porte: petSize("porte"),
    idade: varchar("idade", { length: 10 }),
    uf: varchar("uf", { length: 2 }),
    cidadeBusca: varchar("cidade_busca", { length: 50 }),
    sexo: petSex("sexo"),
    castrado: castration("castrado"),
    conviveCom: text("convive_com").array(),
    /** The words, accents removed (searchKey), as the pets' search column holds them. */
    busca: varchar("busca", { length: 100 }),
    pertoIbge: integer("perto_ibge").references(() => cities.codigo),
    raioKm: smallint("raio_km"),
    createdAt: createdAt(),
    /** Pets published up to this instant have been considered (e-mailed, or matched nothing). */
    notifiedUntil: timestamp("notified_until", { withTimezone: true }).notNull().defaultNow(),
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }),
  },
  (table) => [index("alerts_user_idx").on(table.userId, table.createdAt)],
);

/**
 * Keys the app makes for itself and keeps in its database, so that every app server shares
 * them (the key that signs unsubscribe links). Deleting a row makes a new key: links signed
 * with the old one stop working.
 */
export const appKeys = pgTable("app_keys", {
  name: varchar("name", { length: 40 }).primaryKey(),
  key: bytea("key").notNull(),
  createdAt: createdAt(),
});

/**
 * How many pets are available for each combination of the feed's plain filters, kept by
 * triggers on `pets` (migration 0011): a filtered feed counts a million pets by adding up a
 * few of these rows. Unknown sex or castration is stored as "-".
 */
export const petCounts = pgTable(
  "pet_counts",
  {
    species: species("species").notNull(),
    porte: petSize("porte").notNull(),
    /** The age group (AGE_GROUPS), by the SQL function pet_age_group. */
    idade: varchar("idade", { length: 10 }).notNull(),
    sexo: varchar("sexo", { length: 6 }).notNull(),
    castrado: varchar("castrado", { length: 8 }).notNull(),
    uf: varchar("uf", { length: 2 }).notNull(),
    n: integer("n").notNull(),
  },
  (table) => [primaryKey({ columns: [table.species, table.porte, table.idade, table.sexo, table.castrado, table.uf] })],
);

/**
 * An organisation's questionnaire (issues 19, 43): the questions every adopter of its animals
 * answers. No row: the default template (app/lib/applications.ts).
 */
export const questionnaires = pgTable("questionnaires", {
  organizationId: uuid("organization_id")
    .primaryKey()
    .references(() => organizations.id, { onDelete: "cascade" }),
  /** The questions, as app/validation/applications.ts validates them. */
  perguntas: jsonb("perguntas").notNull(),
  updatedAt: updatedAt(),
});

export const applicationStatus = pgEnum("application_status", APPLICATION_STATUSES);
export const visitPlace = pgEnum("visit_place", VISIT_PLACES);

/**
 * An adoption application: an adopter's answers to the questionnaire, as it was when they
 * applied (`perguntas` is that copy), and where the caretaker's decision stands. Answers of a
 * closed application are erased after APPLICATION_RETENTION_DAYS (`respostas` null).
 */
export const applications = pgTable(
  "applications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    petId: uuid("pet_id")
      .notNull()
      .references(() => pets.id, { onDelete: "cascade" }),
    adopterId: uuid("adopter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The pet's caretaker (who published it) when the application was made: kept for the record. */
    caretakerId: uuid("caretaker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The organisation whose animal it is (issue 43): its administradores and equipe read and move it. */
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** The member who answers it (`atribuida_a`); null: the whole team. */
    assignedTo: uuid("assigned_to").references(() => users.id, { onDelete: "set null" }),
    status: applicationStatus("status").notNull().default("nova"),
    perguntas: jsonb("perguntas"),
    respostas: jsonb("respostas"),
    /** Why it was declined, for the adopter. */
    motivo: varchar("motivo", { length: 500 }),
    createdAt: createdAt(),
    /** The last change of status. */
    updatedAt: updatedAt(),
    answersErasedAt: timestamp("answers_erased_at", { withTimezone: true }),
    /** Where the `visita` step happens (issue 44): the adopter's home, or the foster home the animal is in. */
    visitaLocal: visitPlace("visita_local"),
    /** When, once agreed; null: to be arranged. */
    visitaEm: timestamp("visita_em", { withTimezone: true }),
    /** The stay at whose foster home the visit is: that foster sees it (gone with the stay's record). */
    visitaPlacementId: uuid("visita_placement_id").references(() => fosterPlacements.id, { onDelete: "set null" }),
  },
  (table) => [
    // The visits a foster home receives.
    index("applications_visit_placement_idx")
      .on(table.visitaPlacementId)
      .where(sql`${table.visitaPlacementId} is not null`),
    // One open application per adopter and pet; exactly one approved per pet.
    uniqueIndex("applications_open_idx")
      .on(table.petId, table.adopterId)
      .where(sql`${table.status} not in ('recusada', 'desistiu')`),
    uniqueIndex("applications_approved_idx")
      .on(table.petId)
      .where(sql`${table.status} = 'aprovada'`),
    // The pipeline: an organisation's applications, newest first, read off the index a page at a time.
    index("applications_organization_idx").on(
      table.organizationId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // What waits for the team (counted on every page, the header) and the pipeline's counts by
    // status, read off the index alone; with `Minhas` of them (the assignee), on `Hoje`.
    index("applications_status_idx").on(table.organizationId, table.status, table.assignedTo),
    // `Minhas`: a member's assigned applications.
    index("applications_assigned_idx")
      .on(table.assignedTo, table.createdAt.desc().nullsFirst())
      .where(sql`${table.assignedTo} is not null`),
    index("applications_adopter_idx").on(table.adopterId, table.createdAt.desc().nullsFirst()),
    index("applications_pet_idx").on(table.petId, table.status),
    index("applications_closed_idx")
      .on(table.updatedAt)
      .where(sql`${table.respostas} is not null`),
  ],
);

export const applicationActor = pgEnum("application_actor", ["adotante", "responsavel"]);

/** The timeline of an application: each status it went through, who moved it, and why. */
export const applicationEvents = pgTable(
  "application_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    applicationId: uuid("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    status: applicationStatus("status").notNull(),
    actor: applicationActor("actor").notNull(),
    motivo: varchar("motivo", { length: 500 }),
    createdAt: createdAt(),
  },
  (table) => [index("application_events_application_idx").on(table.applicationId, table.createdAt)],
);

/** The caretaker's private notes on an application: never shown to the adopter. */
export const applicationNotes = pgTable(
  "application_notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    applicationId: uuid("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    texto: varchar("texto", { length: 1000 }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("application_notes_application_idx").on(table.applicationId, table.createdAt)],
);

/**
 * A conversation between an adopter and a pet's caretaker (issue 20): one per adopter and pet,
 * opened with an application (or by the first message); `last_message_at` orders the lists.
 */
export const conversations = pgTable(
  "conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** What it is about: a pet (with its organisation), or a lost and found report (issue 47); never both. */
    petId: uuid("pet_id").references(() => pets.id, { onDelete: "cascade" }),
    reportId: uuid("report_id").references((): AnyPgColumn => lostFoundReports.id, { onDelete: "cascade" }),
    /** The adopter; about a report, the person who wrote to its author. */
    adopterId: uuid("adopter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /**
     * The pet's caretaker (who published it) when it opened, or the report's author: blocks and
     * reports are between them and the adopter.
     */
    caretakerId: uuid("caretaker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /**
     * The organisation whose animal it is (issue 43): its administradores and equipe are the other
     * side. Null about a report: its author alone is.
     */
    organizationId: uuid("organization_id").references(() => organizations.id, { onDelete: "cascade" }),
    /** The member who answers it (`atribuida_a`); null: the whole team. */
    assignedTo: uuid("assigned_to").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }),
    /** Since when each side lets the other see a WhatsApp (a profile's phone); null: not shared. */
    adopterWhatsAppAt: timestamp("adopter_whatsapp_at", { withTimezone: true }),
    caretakerWhatsAppAt: timestamp("caretaker_whatsapp_at", { withTimezone: true }),
    /** The team's member whose WhatsApp the team shares. */
    caretakerWhatsAppBy: uuid("caretaker_whatsapp_by").references(() => users.id, { onDelete: "set null" }),
  },
  (table) => [
    uniqueIndex("conversations_pair_idx").on(table.petId, table.adopterId),
    uniqueIndex("conversations_report_pair_idx")
      .on(table.reportId, table.adopterId)
      .where(sql`${table.reportId} is not null`),
    check(
      "conversations_subject_check",
      sql`(${table.petId} is not null and ${table.organizationId} is not null and ${table.reportId} is null)
        or (${table.petId} is null and ${table.organizationId} is null and ${table.reportId} is not null)`,
    ),
    index("conversations_adopter_idx").on(table.adopterId, table.lastMessageAt.desc().nullsLast()),
    index("conversations_organization_idx").on(table.organizationId, table.lastMessageAt.desc().nullsLast()),
  ],
);

/** A message in a conversation, by one of its two parties; read when the other party opened it. */
export const conversationMessages = pgTable(
  "conversation_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    /**
     * Who wrote it; null once a team member's account is gone (issue 43): what they wrote for
     * the organisation stays with it, on the team's side (an adopter's going takes the conversation).
     */
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    texto: varchar("texto", { length: 1000 }).notNull(),
    createdAt: createdAt(),
    readAt: timestamp("read_at", { withTimezone: true }),
    /** When its reader was e-mailed about it, unread after 10 minutes (null: not, or not yet). */
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
  },
  (table) => [
    // A thread in order, and its last message's author read off the index alone (who spoke
    // last: the team's conversations waiting for an answer, counted on `Hoje`).
    index("conversation_messages_thread_idx").on(table.conversationId, table.createdAt, table.id, table.authorId),
    index("conversation_messages_unread_idx")
      .on(table.conversationId)
      .where(sql`${table.readAt} is null`),
  ],
);

/**
 * Who a person no longer hears from (issue 20): an account, or a visitor's phone (kept only as an
 * HMAC, with a hint the blocker recognises). Messages from a blocked sender are refused politely.
 */
export const blocks = pgTable(
  "blocks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    blockerId: uuid("blocker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedUserId: uuid("blocked_user_id").references(() => users.id, { onDelete: "cascade" }),
    /** An HMAC of a visitor's phone digits (services/signing keyedHash, purpose `bloqueio`). */
    phoneKey: varchar("phone_key", { length: 64 }),
    /** What the blocker sees of a blocked phone: the name the visitor gave and its last digits. */
    descricao: varchar("descricao", { length: 120 }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("blocks_user_idx").on(table.blockerId, table.blockedUserId),
    uniqueIndex("blocks_phone_idx").on(table.blockerId, table.phoneKey),
    index("blocks_blocked_idx").on(table.blockedUserId),
    check("blocks_one_target", sql`(${table.blockedUserId} is null) <> (${table.phoneKey} is null)`),
  ],
);

/**
 * What operators did, and why: written with each action, never changed (migration 0016 makes
 * the database refuse updates and deletions). The operator's name is kept as it was, so the
 * log reads the same after their account goes.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    operatorId: uuid("operator_id").notNull(),
    operatorNome: varchar("operator_nome", { length: 50 }).notNull(),
    /** What was done: `verificar_ong`, … */
    acao: varchar("acao", { length: 40 }).notNull(),
    /** What it was done to: `usuario`, `pet`. */
    alvoTipo: varchar("alvo_tipo", { length: 20 }).notNull(),
    alvoId: uuid("alvo_id").notNull(),
    /** The target in words as it was (a name), for reading the log later. */
    alvoDescricao: varchar("alvo_descricao", { length: 120 }).notNull(),
    motivo: varchar("motivo", { length: 500 }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("audit_log_created_idx").on(table.createdAt.desc().nullsFirst())],
);

export const reportTarget = pgEnum("report_target", ["pet", "usuario", "conversa", "anuncio"]);
export const reportCategory = pgEnum("report_category", [
  "maus_tratos",
  "venda_ou_golpe",
  "anuncio_falso",
  "conteudo_improprio",
  "outro",
]);

/**
 * Denúncias (issue 22): what someone reported, open until an operator acts on its target.
 * The target is a pet, an account or a conversation (a conversation's id, or a visitor's message's), by id: no
 * foreign key, as a report outlives what it reports (the operator still reads it).
 */
export const reports = pgTable(
  "reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    alvoTipo: reportTarget("alvo_tipo").notNull(),
    alvoId: uuid("alvo_id").notNull(),
    categoria: reportCategory("categoria").notNull(),
    texto: varchar("texto", { length: 1000 }).notNull(),
    /** The reporter's account, seen only by operators; null for a visitor. */
    reporterId: uuid("reporter_id").references(() => users.id, { onDelete: "set null" }),
    /**
     * Who reported, to count distinct people: an HMAC of the account's id or, for a
     * visitor, of the client's key (its address, or IPv6 /64; never the address itself).
     */
    reporterKey: varchar("reporter_key", { length: 64 }).notNull(),
    /**
     * An HMAC of the client's network (IPv4 /24, IPv6 /64; rows before issue 41: of its
     * address), for everyone: distinct people must also come from distinct networks to hide a
     * listing (one person with several accounts counts once).
     */
    clientKey: varchar("client_key", { length: 64 }).notNull(),
    createdAt: createdAt(),
    /** When an operator acted on the target, and what they did (the audit log has the reason). */
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolucao: varchar("resolucao", { length: 40 }),
  },
  (table) => [
    index("reports_open_idx")
      .on(table.alvoTipo, table.alvoId)
      .where(sql`${table.resolvedAt} is null`),
    index("reports_resolved_idx")
      .on(table.resolvedAt)
      .where(sql`${table.resolvedAt} is not null`),
  ],
);

/** An organisation's termo de adoção template (issues 21, 43); the default one until it saves its own. */
export const termoTemplates = pgTable("termo_templates", {
  organizationId: uuid("organization_id")
    .primaryKey()
    .references(() => organizations.id, { onDelete: "cascade" }),
  texto: varchar("texto", { length: 20_000 }).notNull(),
  updatedAt: updatedAt(),
});

export const termoStatus = pgEnum("termo_status", TERMO_STATUSES);

/**
 * A termo de adoção issued on an approved application (issue 21). It is a contract, kept after
 * either account or the application is deleted, for the time the law gives to claim on it
 * (docs/decisions/0025): so every reference is `set null`, and it keeps its own copy of the
 * names and text. The adopter's CPF and address and the signed PDF are sealed (vault.server).
 */
export const termos = pgTable(
  "termos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    applicationId: uuid("application_id").references(() => applications.id, { onDelete: "set null" }),
    petId: uuid("pet_id").references(() => pets.id, { onDelete: "set null" }),
    adopterId: uuid("adopter_id").references(() => users.id, { onDelete: "set null" }),
    caretakerId: uuid("caretaker_id").references(() => users.id, { onDelete: "set null" }),
    /** The organisation it is made on behalf of (issue 43): its administradores and equipe keep it. */
    organizationId: uuid("organization_id").references(() => organizations.id, { onDelete: "set null" }),
    status: termoStatus("status").notNull().default("emitido"),
    /** The text as issued: the animal's and the caretaker's data in, the adopter's and the date to come. */
    modelo: text("modelo").notNull(),
    petNome: varchar("pet_nome", { length: 20 }).notNull(),
    responsavelNome: varchar("responsavel_nome", { length: 80 }).notNull(),
    /** The date the animal must be castrated by, when it was not castrated. */
    prazoCastracao: date("prazo_castracao", { mode: "string" }),
    /** The adopter's {cpf, endereco, cep}, sealed; set when they sign. */
    dadosAdotante: bytea("dados_adotante"),
    /** SHA-256 (hex) of the final text both parties signed. */
    textoSha256: varchar("texto_sha256", { length: 64 }),
    /** The verification code (Crockford base 32, 16 characters), once both signed. */
    codigo: varchar("codigo", { length: 16 }),
    /** The signed termo's PDF, sealed, and the SHA-256 of its bytes (an uploaded copy must match). */
    pdf: bytea("pdf"),
    pdfSha256: varchar("pdf_sha256", { length: 64 }),
    createdAt: createdAt(),
    signedAt: timestamp("signed_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
  },
  (table) => [
    // One termo in force per application (a cancelled one may be followed by another).
    uniqueIndex("termos_application_idx")
      .on(table.applicationId)
      .where(sql`${table.status} <> 'cancelado'`),
    uniqueIndex("termos_codigo_idx").on(table.codigo),
    uniqueIndex("termos_pdf_idx").on(table.pdfSha256),
    index("termos_adopter_idx").on(table.adopterId),
    index("termos_caretaker_idx").on(table.caretakerId),
    index("termos_organization_idx").on(table.organizationId),
  ],
);

/**
 * A signature of a termo: a simple electronic signature (Lei 14.063/2020) whose evidence is
 * who, when, from which address and browser, and the hash of the exact text signed.
 */
export const termoSignatures = pgTable(
  "termo_signatures",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    termoId: uuid("termo_id")
      .notNull()
      .references(() => termos.id, { onDelete: "cascade" }),
    parte: applicationActor("parte").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The full name the signer typed. */
    nomeCompleto: varchar("nome_completo", { length: 120 }).notNull(),
    ip: varchar("ip", { length: 64 }).notNull(),
    userAgent: varchar("user_agent", { length: 500 }).notNull(),
    textoSha256: varchar("texto_sha256", { length: 64 }).notNull(),
    signedAt: timestamp("signed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("termo_signatures_party_idx").on(table.termoId, table.parte)],
);

/** An adoption, recorded when both parties signed its termo (issue 21); follow-up hangs off it. */
export const adoptions = pgTable(
  "adoptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    termoId: uuid("termo_id").references(() => termos.id, { onDelete: "set null" }),
    applicationId: uuid("application_id").references(() => applications.id, { onDelete: "set null" }),
    petId: uuid("pet_id").references(() => pets.id, { onDelete: "set null" }),
    adopterId: uuid("adopter_id").references(() => users.id, { onDelete: "set null" }),
    caretakerId: uuid("caretaker_id").references(() => users.id, { onDelete: "set null" }),
    /** The organisation that gave the animal (issue 43): its team follows the adoption up. */
    organizationId: uuid("organization_id").references(() => organizations.id, { onDelete: "set null" }),
    adoptedAt: timestamp("adopted_at", { withTimezone: true }).notNull().defaultNow(),
    /** The day the termo says the animal must be castrated by (null: castrated already). */
    prazoCastracao: date("prazo_castracao", { mode: "string" }),
    /** When the adopter said it was done, with the certificate's photo if they sent one. */
    castradoEm: timestamp("castrado_em", { withTimezone: true }),
    castracaoComprovanteId: uuid("castracao_comprovante_id").references(() => images.id, { onDelete: "set null" }),
    /** The castration reminders sent: days before the deadline (14, 3, 0). */
    castracaoAvisos: smallint("castracao_avisos")
      .array()
      .notNull()
      .default(sql`'{}'::smallint[]`),
    /** The adopter gets the animal's health reminders (issue 45) until they turn them off. */
    lembretesSaude: boolean("lembretes_saude").notNull().default(true),
    /** The animal went back to the caretaker: the follow-up ends; who recorded it and why is the application's event. */
    devolvidaEm: timestamp("devolvida_em", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("adoptions_termo_idx").on(table.termoId),
    // An organisation's adoptions, reached through its applications (the panel).
    index("adoptions_application_idx").on(table.applicationId),
    index("adoptions_adopter_idx").on(table.adopterId),
    index("adoptions_caretaker_idx").on(table.caretakerId, table.adoptedAt),
    index("adoptions_organization_idx").on(table.organizationId, table.adoptedAt),
    index("adoptions_certificate_idx").on(table.castracaoComprovanteId),
  ],
);

/** The days after an adoption the organisation asks for news (issues 21, 43): 7, 30 and 90 until it changes them. */
export const followupSettings = pgTable("followup_settings", {
  organizationId: uuid("organization_id")
    .primaryKey()
    .references(() => organizations.id, { onDelete: "cascade" }),
  checkinDias: smallint("checkin_dias").array().notNull(),
  updatedAt: updatedAt(),
});

/**
 * A check-in of an adoption: `Como está o {animal}?` e-mailed to the adopter on its day, with a
 * signed link usable without login for 14 days; their answer (text, up to 3 photos); the
 * caretaker told when it goes unanswered for 7 days. The follow-up sweep (a job) sends them.
 */
export const checkins = pgTable(
  "checkins",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    adoptionId: uuid("adoption_id")
      .notNull()
      .references(() => adoptions.id, { onDelete: "cascade" }),
    dia: smallint("dia").notNull(),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    texto: varchar("texto", { length: 2000 }),
    /** When the caretaker was told it went unanswered. */
    caretakerAlertedAt: timestamp("caretaker_alerted_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("checkins_adoption_day_idx").on(table.adoptionId, table.dia),
    // The sweep: what is due and not sent, and what was sent and not answered.
    index("checkins_due_idx")
      .on(table.dueAt)
      .where(sql`${table.sentAt} is null`),
    index("checkins_unanswered_idx")
      .on(table.sentAt)
      .where(sql`${table.answeredAt} is null and ${table.caretakerAlertedAt} is null`),
  ],
);

export const checkinPhotos = pgTable(
  "checkin_photos",
  {
    checkinId: uuid("checkin_id")
      .notNull()
      .references(() => checkins.id, { onDelete: "cascade" }),
    imageId: uuid("image_id")
      .notNull()
      .references(() => images.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.checkinId, table.position] }),
    // The image route refuses these (private) by their id.
    index("checkin_photos_image_idx").on(table.imageId),
  ],
);

/** A happy ending's way to the public page: shared by the adopter, approved (or not) by the caretaker. */
export const happyEndingStatus = pgEnum("happy_ending_status", ["pendente", "publicado", "recusado"]);

/**
 * Finais felizes (issue 21): the adopter's story of the animal at home, with a photo, shown on
 * `/finais-felizes` and the caretaker's page once the caretaker approves it. One per adoption;
 * an edit goes back for approval. Until published its photo is the adoption's parties' only.
 */
export const happyEndings = pgTable(
  "happy_endings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    adoptionId: uuid("adoption_id")
      .notNull()
      .references(() => adoptions.id, { onDelete: "cascade" }),
    historia: varchar("historia", { length: 2000 }).notNull(),
    imageId: uuid("image_id").references(() => images.id, { onDelete: "set null" }),
    status: happyEndingStatus("status").notNull().default("pendente"),
    /** Why the caretaker did not publish it (the adopter reads it). */
    motivo: varchar("motivo", { length: 500 }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp("published_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("happy_endings_adoption_idx").on(table.adoptionId),
    // The public list, newest first, a page at a time.
    index("happy_endings_published_idx")
      .on(table.publishedAt.desc(), table.id.desc())
      .where(sql`${table.status} = 'publicado'`),
    // The image route refuses an unpublished one's photo by its id.
    index("happy_endings_image_idx").on(table.imageId),
  ],
);

export const fosterSpecies = pgEnum("foster_species", FOSTER_SPECIES);

/**
 * A person's offer of a home for animals waiting for adoption (issue 44): one per person,
 * paused or withdrawn (deleted) at any time. Personal data (LGPD): organisations see only the
 * first name, city and what is offered, within FOSTER_RADIUS_KM; it goes with the account.
 */
export const fosterOffers = pgTable(
  "foster_offers",
  {
    /** The offer's own id (`larId`): organisations name it without learning who it is. */
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    cidade: varchar("cidade", { length: 50 }).notNull(),
    uf: varchar("uf", { length: 2 }).notNull(),
    cidadeIbge: integer("cidade_ibge")
      .notNull()
      .references(() => cities.codigo),
    especies: fosterSpecies("especies").array().notNull(),
    portes: petSize("portes").array().notNull(),
    quantos: smallint("quantos").notNull(),
    /** The last day the home is offered; null: no end said. */
    disponivelAte: date("disponivel_ate", { mode: "string" }),
    temAnimais: boolean("tem_animais").notNull(),
    temCriancas: boolean("tem_criancas").notNull(),
    telaNasJanelas: boolean("tela_nas_janelas").notNull(),
    observacoes: varchar("observacoes", { length: 500 }),
    /** Paused: kept, but no organisation finds it until resumed. */
    pausadoEm: timestamp("pausado_em", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("foster_offers_user_idx").on(table.userId),
    index("foster_offers_city_idx").on(table.cidadeIbge),
  ],
);

/**
 * An animal in a foster home (issue 44): placed by the organisation's team with one of its
 * members, ended when it comes back (the dates stay, the animal's history). One current per
 * animal. Personal data: the foster sees only the animals placed with them; a foster who
 * leaves the organisation or deletes the account ends the placement.
 */
export const fosterPlacements = pgTable(
  "foster_placements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    petId: uuid("pet_id")
      .notNull()
      .references(() => pets.id, { onDelete: "cascade" }),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** Null once the foster deleted the account (the dates stay). */
    fosterId: uuid("foster_id").references(() => users.id, { onDelete: "set null" }),
    inicio: date("inicio", { mode: "string" }).notNull(),
    fimPrevisto: date("fim_previsto", { mode: "string" }),
    /** The day it came back; null while the animal is there. */
    fim: date("fim", { mode: "string" }),
    placedBy: uuid("placed_by").references(() => users.id, { onDelete: "set null" }),
    endedBy: uuid("ended_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("foster_placements_current_idx")
      .on(table.petId)
      .where(sql`${table.fim} is null`),
    index("foster_placements_pet_idx").on(table.petId, table.inicio),
    index("foster_placements_foster_idx").on(table.fosterId),
    index("foster_placements_organization_idx").on(table.organizationId),
  ],
);

export const petNewsStatus = pgEnum("pet_news_status", NEWS_STATUSES);

/**
 * News of an animal (issue 44): a few words and up to 5 photos from its foster home (or its
 * team), on its page as `Notícias` once the team approves them (or at once, as the organisation
 * chooses), e-mailed to those who favourited it. The author's words stay with the animal if
 * they delete the account.
 */
export const petNews = pgTable(
  "pet_news",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    petId: uuid("pet_id")
      .notNull()
      .references(() => pets.id, { onDelete: "cascade" }),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    texto: varchar("texto", { length: 1000 }).notNull(),
    status: petNewsStatus("status").notNull().default("pendente"),
    createdAt: createdAt(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
  },
  (table) => [
    index("pet_news_pet_idx").on(table.petId, table.status, table.createdAt),
    index("pet_news_organization_idx").on(table.organizationId, table.status),
    index("pet_news_author_idx").on(table.authorId),
  ],
);

export const petNewsPhotos = pgTable(
  "pet_news_photos",
  {
    newsId: uuid("news_id")
      .notNull()
      .references(() => petNews.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    imageId: uuid("image_id")
      .notNull()
      .references(() => images.id, { onDelete: "cascade" }),
  },
  (table) => [
    primaryKey({ columns: [table.newsId, table.position] }),
    // The image route shows these only once their news is published.
    index("pet_news_photos_image_idx").on(table.imageId),
  ],
);

export const healthEntryType = pgEnum("health_entry_type", HEALTH_TYPES);
export const healthRole = pgEnum("health_role", HEALTH_ROLES);

/**
 * An animal's health record (issue 45): vaccines, dewormers, flea treatments, castration,
 * exams, visits to the vet, medication and weight, one row each, with the fields of its kind
 * (app/validation/health.ts says which). Written by the animal's team, its foster and, after
 * adoption, its adopter; the pet's vaccines, castration and deworming are derived from it.
 */
export const petHealthEntries = pgTable(
  "pet_health_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    petId: uuid("pet_id")
      .notNull()
      .references(() => pets.id, { onDelete: "cascade" }),
    tipo: healthEntryType("tipo").notNull(),
    /** The day it happened; a medication's first day. */
    data: date("data", { mode: "string" }).notNull(),
    nome: varchar("nome", { length: 80 }),
    /** A vaccine's catalogue code (app/lib/vaccines.ts) its name was matched to; null: none matched. */
    vacina: varchar("vacina", { length: 20 }),
    /** A dewormer's or a flea treatment's product; a vaccine's brand. */
    produto: varchar("produto", { length: 80 }),
    lote: varchar("lote", { length: 40 }),
    proximaDose: date("proxima_dose", { mode: "string" }),
    clinica: varchar("clinica", { length: 120 }),
    resultado: varchar("resultado", { length: 300 }),
    motivo: varchar("motivo", { length: 300 }),
    dose: varchar("dose", { length: 80 }),
    /** A medication's times of day, `HH:MM`. */
    horarios: text("horarios")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** A medication's last day. */
    ate: date("ate", { mode: "string" }),
    /** A weight in grams (kg in every answer). */
    gramas: integer("gramas"),
    observacoes: varchar("observacoes", { length: 500 }),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    /** As whom they wrote it: the team, the foster, the adopter. */
    autorPapel: healthRole("autor_papel").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("pet_health_entries_pet_idx").on(table.petId, table.data),
    // Reminders: doses to come, and medication being given.
    index("pet_health_entries_next_dose_idx")
      .on(table.proximaDose)
      .where(sql`${table.proximaDose} is not null`),
    index("pet_health_entries_author_idx").on(table.authorId),
    // The vaccines no catalogue entry matched, listed for the team to correct.
    index("pet_health_entries_unmatched_vaccine_idx")
      .on(table.petId)
      .where(sql`${table.tipo} = 'vacina' and ${table.vacina} is null`),
  ],
);

/**
 * The files of a health entry (issue 45): a photo of the vaccination card (re-encoded as WebP,
 * metadata stripped) or an exam's PDF, at most 3 of 10 MB. Read only through the record's readers.
 */
export const petHealthFiles = pgTable(
  "pet_health_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    entryId: uuid("entry_id")
      .notNull()
      .references(() => petHealthEntries.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    /** `pdf` or `imagem` (WebP). */
    tipo: varchar("tipo", { length: 8 }).notNull(),
    conteudo: bytea("conteudo").notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("pet_health_files_entry_idx").on(table.entryId, table.position)],
);

/**
 * A lost or found animal (issue 47), reported by a person with a confirmed account: public, with
 * where it was lost or seen as a city and, if the author placed one, a point rounded to about
 * 500 m (never an address). Open until its author closes it (`reencontrado`, `encerrado`) or it
 * expires (`expiraEm`, renewed by its author).
 */
export const lostFoundReports = pgTable(
  "lost_found_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    authorId: uuid("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tipo: varchar("tipo", { length: 10 }).$type<ReportType>().notNull(),
    status: varchar("status", { length: 12 }).$type<ReportStatus>().notNull().default("aberto"),
    especie: varchar("especie", { length: 10 }).$type<Species>().notNull(),
    porte: varchar("porte", { length: 12 }).$type<Size>().notNull(),
    sexo: varchar("sexo", { length: 6 }).$type<Sex>(),
    cores: varchar("cores", { length: 12 }).array().$type<Color[]>().notNull(),
    /** The lost animal's name (a found one has none yet). */
    nome: varchar("nome", { length: 60 }),
    /** The day it was lost or found. */
    data: date("data", { mode: "string" }).notNull(),
    cidadeIbge: integer("cidade_ibge")
      .notNull()
      .references(() => cities.codigo),
    bairro: varchar("bairro", { length: 60 }),
    /** The author's point, rounded; else the city's seat (`pontoNoMapa` false). */
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
    pontoNoMapa: boolean("ponto_no_mapa").notNull().default(false),
    descricao: varchar("descricao", { length: 1000 }),
    /** Told when it closed as `reencontrado`, if the author wished to. */
    finalFeliz: varchar("final_feliz", { length: 1000 }),
    expiraEm: timestamp("expira_em", { withTimezone: true }).notNull(),
    /** An animal an organisation's shelter took in during an emergency (found reports only). */
    emergencyId: uuid("emergency_id").references((): AnyPgColumn => emergencies.id, { onDelete: "set null" }),
    organizationId: uuid("organization_id").references(() => organizations.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("lost_found_emergency_idx")
      .on(table.emergencyId, table.data.desc().nullsFirst())
      .where(sql`${table.emergencyId} is not null`),
    index("lost_found_open_idx")
      .on(table.especie, table.tipo, table.data)
      .where(sql`${table.status} = 'aberto'`),
    // The public list, newest first, and near a city (the bench: 100,000 open reports).
    index("lost_found_recent_idx")
      .on(table.data.desc().nullsFirst(), table.createdAt.desc().nullsFirst())
      .where(sql`${table.status} = 'aberto'`),
    index("lost_found_city_idx")
      .on(table.cidadeIbge, table.data.desc().nullsFirst())
      .where(sql`${table.status} = 'aberto'`),
    index("lost_found_author_idx").on(table.authorId),
  ],
);

/**
 * An emergency (issue 47): a disaster's area (IBGE cities) and days, opened by an operator. While
 * it lasts, organisations register the animals their shelters take in, as found reports of it;
 * a family's lost report in the area is matched against those first.
 */
export const emergencies = pgTable("emergencies", {
  id: uuid("id").primaryKey().defaultRandom(),
  nome: varchar("nome", { length: 80 }).notNull(),
  cidades: integer("cidades").array().notNull(),
  inicio: date("inicio", { mode: "string" }).notNull(),
  /** Null: until an operator says it ended. */
  fim: date("fim", { mode: "string" }),
  createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});

/**
 * An organisation an operator admitted to an emergency's intake (issue 60): besides verified
 * ones, only these register shelter animals (one posed as a shelter to ask owners for a fee).
 */
export const emergencyShelters = pgTable(
  "emergency_shelters",
  {
    emergencyId: uuid("emergency_id")
      .notNull()
      .references(() => emergencies.id, { onDelete: "cascade" }),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    admittedBy: uuid("admitted_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.emergencyId, table.organizationId] })],
);

/** A report's photos, in order, each with its perceptual hash (16 hex digits) for matching. */
export const lostFoundPhotos = pgTable(
  "lost_found_photos",
  {
    reportId: uuid("report_id")
      .notNull()
      .references(() => lostFoundReports.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    imageId: uuid("image_id")
      .notNull()
      .references(() => images.id),
    hash: varchar("hash", { length: 16 }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.reportId, table.position] })],
);

/**
 * A likely match of a lost and a found report (issue 47), with its score (0 to 100): listed on
 * both, and e-mailed to both authors once (`avisadoEm`).
 */
export const lostFoundMatches = pgTable(
  "lost_found_matches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    perdidoId: uuid("perdido_id")
      .notNull()
      .references(() => lostFoundReports.id, { onDelete: "cascade" }),
    encontradoId: uuid("encontrado_id")
      .notNull()
      .references(() => lostFoundReports.id, { onDelete: "cascade" }),
    pontos: smallint("pontos").notNull(),
    distanciaKm: doublePrecision("distancia_km").notNull(),
    avisadoEm: timestamp("avisado_em", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("lost_found_matches_pair_idx").on(table.perdidoId, table.encontradoId),
    index("lost_found_matches_found_idx").on(table.encontradoId),
  ],
);
