import { createHash, randomBytes } from "node:crypto";
import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "~/db/client.server";
import {
  adoptions,
  alerts,
  applications,
  checkins,
  organizationInvitations,
  organizationMembers,
  organizations,
  passwordResets,
  petHealthEntries,
  pets,
  sponsorshipCharges,
  sponsorships,
  termoSignatures,
  termos,
  users,
} from "~/db/schema";
import { createPet, createUser } from "../support/factories";
import { registerUser } from "~/domain/accounts/accounts.server";
import { resetPassword } from "~/domain/accounts/password-reset.server";
import { ALERT_SEND_JOB, queueDigest } from "~/domain/alerts/alerts.server";
import { apply } from "~/domain/applications/applications.server";
import { changeApplication } from "~/domain/applications/application-moves.server";
import { SPONSORSHIP_MONTH_JOB, sweepSponsorships } from "~/domain/giving/sponsorships.server";
import { HEALTH_REMINDER_JOB, sweepHealthReminders } from "~/domain/health/reminders.server";
import { fileReport, MODERATION_NOTICE_JOB } from "~/domain/moderation/reports.server";
import { acceptInvitation } from "~/domain/organizations/invitations.server";
import { changeMemberRole } from "~/domain/organizations/members.server";
import { ownOrganization } from "~/domain/organizations/membership.server";
import { CASTRATION_REMINDER_JOB, CHECKIN_EMAIL_JOB, sweepFollowups } from "~/domain/termos/followups.server";
import { signTermo } from "~/domain/termos/termo-signatures.server";
import { issueTermo } from "~/domain/termos/termos.server";
import { verifyPassword } from "~/domain/accounts/passwords.server";
import { appJobs } from "~/jobs/definitions.server";
import { startJobQueue, type JobQueue } from "~/jobs/queue.server";
import { DEFAULT_QUESTIONS } from "~/lib/applications";
import { addDays, brasiliaTime, dayInBrasilia } from "~/lib/dates";
import { monthOf } from "~/lib/panel";
import { createMailer } from "~/services/mail.server";
import { createVault } from "~/services/vault.server";
import { ANSWERS } from "../support/adoptions";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { overlapping, valueOf } from "../support/overlap";

/**
 * What two requests or runs at the same moment may not both do (issue 41), with the overlap
 * forced: the test holds a lock the two calls need until both have got there (support/overlap),
 * each call on its own connection of the pool. Each of these fails when its guard is taken out
 * (the `for update`, the unique index, the `skip locked`, the job's singleton key…), which two
 * calls one after the other (or anything on PGlite, which runs one statement at a time) cannot show.
 */
describe.runIf(process.env.DATABASE_URL)("calls at the same moment, on PostgreSQL", () => {
  let database: TestDatabase;
  let queue: JobQueue;
  let url: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    url = database.url!;
    const mailer = createMailer({ from: "Adopet <a@b.c>", log: () => undefined });
    // Only sends: the jobs the calls store are counted, not run.
    queue = await startJobQueue(
      database,
      appJobs({ db: database.db, mailer, publicUrl: () => "", jobs: () => queue }),
      { work: false },
    );
  });
  afterAll(async () => {
    await queue?.stop();
    await database?.destroy();
  });

  const person = (nome: string) => createUser(database.db, { nome });
  const jobsOf = async (name: string, key: string, id: string) =>
    rowsOf<{ n: number }>(
      await database.db.execute(
        sql`select count(*)::int as n from pgboss.job where name = ${name} and data->>${key} = ${id}`,
      ),
    )[0]!.n;
  const application = async (adopterId: string, petId: string, caretakerId: string) =>
    apply(
      database.db,
      queue,
      { adopterId, petId, caretakerId, perguntas: [...DEFAULT_QUESTIONS], respostas: ANSWERS },
      { limited: false },
    );

  it("two approvals of one animal: exactly one wins, the other is refused, the animal reserved once", async () => {
    const ong = await person("ONG Corrida");
    const petId = await createPet(database.db, { caretakerId: ong.id, nome: "Corrida" });
    const ids: string[] = [];
    for (const adopter of [await person("Ana"), await person("Bruno")]) {
      const applied = await application(adopter.id, petId, ong.id);
      if (!applied.ok) throw new Error(`Application refused: ${JSON.stringify(applied.failure)}`);
      ids.push(applied.value.id);
    }
    // Both moves are held at the animal's row, then go on together.
    const results = await overlapping(
      url,
      { text: "select 1 from pets where id = $1 for update", values: [petId] },
      ids.map((id) => () => changeApplication(database.db, queue, ong.id, id, { status: "aprovada" })),
    );
    const outcomes = results.map(valueOf);
    expect(outcomes.filter((outcome) => outcome.ok)).toEqual([{ ok: true, value: { status: "aprovada" } }]);
    expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([
      { ok: false, failure: expect.objectContaining({ kind: "conflict" }) },
    ]);
    const statuses = await database.db
      .select({ status: applications.status })
      .from(applications)
      .where(eq(applications.petId, petId));
    expect(statuses.map((row) => row.status).sort()).toEqual(["aprovada", "em_espera"]);
    const [pet] = await database.db.select({ reservedAt: pets.reservedAt }).from(pets).where(eq(pets.id, petId));
    expect(pet!.reservedAt).not.toBeNull();
  });

  it("two applications by one adopter for one animal: one is written, the other told it exists", async () => {
    const ong = await person("ONG Gêmeos");
    const adopter = await person("Carla");
    const petId = await createPet(database.db, { caretakerId: ong.id, nome: "Gêmeo" });
    // Both statements wait at the animal's row (which they read `for share`), then write at once.
    const results = await overlapping(url, { text: "select 1 from pets where id = $1 for update", values: [petId] }, [
      () => application(adopter.id, petId, ong.id),
      () => application(adopter.id, petId, ong.id),
    ]);
    const outcomes = results.map(valueOf);
    const written = outcomes.find((outcome) => outcome.ok);
    expect(written).toEqual({ ok: true, value: { id: expect.any(String), status: "nova" } });
    expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([
      { ok: false, failure: { kind: "conflict", reason: "application-open", id: written!.ok && written!.value.id } },
    ]);
    const stored = await database.db
      .select({ id: applications.id })
      .from(applications)
      .where(and(eq(applications.petId, petId), eq(applications.adopterId, adopter.id)));
    expect(stored).toHaveLength(1);
  });

  it("a password-reset link used twice at once sets one password, the other use refused", async () => {
    const user = await person("Rita");
    const token = randomBytes(32).toString("base64url");
    const [reset] = await database.db
      .insert(passwordResets)
      .values({
        userId: user.id,
        tokenHash: createHash("sha256").update(token).digest("hex"),
        expiresAt: new Date(Date.now() + 3_600_000),
      })
      .returning({ id: passwordResets.id });
    const passwords = ["Primeira@2026", "Segunda@2026"];
    // Both hold the link's row (hashing each password came before): held there together.
    const results = await overlapping(
      url,
      { text: "select 1 from password_resets where id = $1 for update", values: [reset!.id] },
      passwords.map((senha, index) => () => resetPassword(database.db, { token, senha }, `cliente-${index}`)),
    );
    const outcomes = results.map(valueOf);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([
      { ok: false, failure: { kind: "invalid", field: "token", reason: "reset-token" } },
    ]);
    // The password stored is the one whose use succeeded.
    const kept = passwords[outcomes.findIndex((outcome) => outcome.ok)]!;
    const [row] = await database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    expect(await verifyPassword(row!.hash, kept)).toBe(true);
  });

  /** An adoption of a new animal, recorded without its termo (the sweep reads only this). */
  async function adoption(prazoCastracao: string | null) {
    const ong = await person("ONG Acompanha");
    const adopter = await person("Dora");
    const petId = await createPet(database.db, { caretakerId: ong.id, nome: "Biscoito" });
    const [row] = await database.db
      .insert(adoptions)
      .values({ petId, adopterId: adopter.id, caretakerId: ong.id, prazoCastracao })
      .returning({ id: adoptions.id });
    return row!.id;
  }

  it("two follow-up sweeps at once queue a due check-in's e-mail once", async () => {
    const adoptionId = await adoption(null);
    const now = new Date();
    const [checkin] = await database.db
      .insert(checkins)
      .values({ adoptionId, dia: 7, dueAt: new Date(now.getTime() - 60_000) })
      .returning({ id: checkins.id });
    // Both sweeps mark what is due in one statement: held at the check-in's row, then marking it together.
    const results = await overlapping(
      url,
      { text: "select 1 from checkins where id = $1 for update", values: [checkin!.id] },
      [1, 2].map(() => () => sweepFollowups(database.db, queue, now)),
    );
    expect(
      results
        .map(valueOf)
        .map((counts) => counts.checkins)
        .sort(),
    ).toEqual([0, 1]);
    expect(await jobsOf(CHECKIN_EMAIL_JOB, "checkinId", checkin!.id)).toBe(1);
  });

  it("two follow-up sweeps at once queue a castration reminder once", async () => {
    const now = new Date();
    // The deadline in 2 days: the reminders of 14 and 3 days before are due, in one e-mail.
    const adoptionId = await adoption(addDays(dayInBrasilia(now), 2));
    // While another run has the adoption, both sweeps leave it (`skip locked`): neither reads
    // its reminders as they were before that run marks them.
    const results = await overlapping(
      url,
      { text: "select 1 from adoptions where id = $1 for update", values: [adoptionId] },
      [1, 2].map(() => () => sweepFollowups(database.db, queue, now)),
    );
    const during = results.map(valueOf).reduce((sum, counts) => sum + counts.castration, 0);
    expect(during).toBeLessThanOrEqual(1);
    // The next sweep sends it if they did not: once in all.
    await sweepFollowups(database.db, queue, now);
    expect(await jobsOf(CASTRATION_REMINDER_JOB, "adoptionId", adoptionId)).toBe(1);
  });

  it("two daily digests at once queue one e-mail per alert", async () => {
    const now = new Date();
    const daily = async (nome: string) => {
      const reader = await person(nome);
      const [alert] = await database.db
        .insert(alerts)
        .values({
          userId: reader.id,
          frequencia: "diaria",
          filtros: {},
          notifiedUntil: new Date(now.getTime() - 3_600_000),
        })
        .returning({ id: alerts.id });
      return alert!.id;
    };
    const ids = [await daily("Eva"), await daily("Ivo")];
    const ong = await person("ONG Digest");
    await createPet(database.db, {
      caretakerId: ong.id,
      nome: "Novidade",
      createdAt: new Date(now.getTime() - 60_000),
    });
    // Both digests have read the alerts due, and store their jobs together (held at the queue's table).
    const results = await overlapping(url, { text: "lock table pgboss.job in share mode" }, [
      () => queueDigest(database.db, queue, now),
      () => queueDigest(database.db, queue, now),
    ]);
    expect(results.map(valueOf)).toEqual([2, 2]);
    for (const id of ids) expect(await jobsOf(ALERT_SEND_JOB, "alertId", id)).toBe(1);
  });

  it("an invitation accepted twice at once makes one member, the other use refused", async () => {
    const admin = await person("Lia Convida");
    const organizationId = await ownOrganization(database.db, admin.id);
    const invited = await person("Caio Convidado");
    const token = randomBytes(32).toString("base64url");
    const [invitation] = await database.db
      .insert(organizationInvitations)
      .values({
        organizationId,
        email: invited.email,
        papel: "equipe",
        invitedBy: admin.id,
        tokenHash: createHash("sha256").update(token).digest("hex"),
        expiresAt: new Date(Date.now() + 3_600_000),
      })
      .returning({ id: organizationInvitations.id });
    // Both have read the invitation as pending; they mark it accepted together (held at its row).
    const results = await overlapping(
      url,
      { text: "select 1 from organization_invitations where id = $1 for update", values: [invitation!.id] },
      [1, 2].map(() => () => acceptInvitation(database.db, invited.id, token)),
    );
    const outcomes = results.map(valueOf);
    expect(outcomes.filter((outcome) => outcome.ok)).toEqual([
      { ok: true, value: { organizationId, papel: "equipe" } },
    ]);
    expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([
      { ok: false, failure: { kind: "invalid", field: "token", reason: "invitation-token" } },
    ]);
    const members = await database.db
      .select({ papel: organizationMembers.papel })
      .from(organizationMembers)
      .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, invited.id)));
    expect(members).toEqual([{ papel: "equipe" }]);
  });

  it("two administradores stepping down at once: one does, the other stays the last", async () => {
    const first = await person("Bia Administra");
    const organizationId = await ownOrganization(database.db, first.id);
    const second = await person("Rui Administra");
    await database.db.insert(organizationMembers).values({ organizationId, userId: second.id, papel: "administrador" });
    // Both have counted two administradores; each then changes its own row (held at the members' rows).
    const results = await overlapping(
      url,
      { text: "select 1 from organization_members where organization_id = $1 for update", values: [organizationId] },
      [first, second].map(
        (admin) => () => changeMemberRole(database.db, queue, admin.id, organizationId, admin.id, "equipe"),
      ),
    );
    const outcomes = results.map(valueOf);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([
      { ok: false, failure: { kind: "conflict", reason: "last-administrator" } },
    ]);
    const roles = await database.db
      .select({ papel: organizationMembers.papel })
      .from(organizationMembers)
      .where(eq(organizationMembers.organizationId, organizationId));
    expect(roles.map((row) => row.papel).sort()).toEqual(["administrador", "equipe"]);
  });

  it("two health-reminder sweeps at once queue each animal's reminder once", async () => {
    const ong = await person("ONG Saúde");
    const today = dayInBrasilia(new Date());
    const petIds: string[] = [];
    for (const nome of ["Vacinado", "Vermifugado"]) {
      const petId = await createPet(database.db, { caretakerId: ong.id, nome, especie: "gato" });
      await database.db.insert(petHealthEntries).values({
        petId,
        tipo: "vacina",
        nome: "V4",
        data: addDays(today, -358),
        proximaDose: addDays(today, 7),
        authorId: ong.id,
        autorPapel: "equipe",
      });
      petIds.push(petId);
    }
    const morning = brasiliaTime(today, 8);
    // Both sweeps have found the animals due; they store their jobs together (held at the queue's table).
    const results = await overlapping(url, { text: "lock table pgboss.job in share mode" }, [
      () => sweepHealthReminders(database.db, queue, morning),
      () => sweepHealthReminders(database.db, queue, morning),
    ]);
    expect(results.map(valueOf)).toEqual([2, 2]);
    for (const petId of petIds) expect(await jobsOf(HEALTH_REMINDER_JOB, "petId", petId)).toBe(1);
  });

  it("two sponsorship sweeps at once make a month's code once, and queue its e-mail once", async () => {
    const ong = await person("ONG Padrinhos");
    const petId = await createPet(database.db, { caretakerId: ong.id, nome: "Afilhado" });
    const [pet] = await database.db
      .select({ organizationId: pets.organizationId })
      .from(pets)
      .where(eq(pets.id, petId));
    const padrinho = await person("Gil Padrinho");
    // Started last month, its day (the 1st) come this month: this month's code is due.
    const now = new Date();
    const [sponsorship] = await database.db
      .insert(sponsorships)
      .values({
        petId,
        organizationId: pet!.organizationId,
        userId: padrinho.id,
        valorMensalCentavos: 3000,
        dia: 1,
        createdAt: new Date(now.getTime() - 40 * 86_400_000),
      })
      .returning({ id: sponsorships.id });
    // Both sweeps have found the month's code missing; they write it together (held at the codes' table).
    const results = await overlapping(url, { text: "lock table sponsorship_charges in share mode" }, [
      () => sweepSponsorships(database.db, queue, now),
      () => sweepSponsorships(database.db, queue, now),
    ]);
    expect(results.map(valueOf)).toEqual([undefined, undefined]);
    const charges = await database.db
      .select({ id: sponsorshipCharges.id, mes: sponsorshipCharges.mes })
      .from(sponsorshipCharges)
      .where(eq(sponsorshipCharges.sponsorshipId, sponsorship!.id));
    expect(charges).toEqual([{ id: expect.any(String), mes: monthOf(now) }]);
    expect(await jobsOf(SPONSORSHIP_MONTH_JOB, "chargeId", charges[0]!.id)).toBe(1);
  });

  it("a termo countersigned twice at once: one signature completes the adoption, the other is told it is done", async () => {
    const vault = createVault(randomBytes(32));
    const ong = await person("ONG Termo");
    const adopter = await person("Ana Termo");
    const petId = await createPet(database.db, { caretakerId: ong.id, nome: "Assinado", castrado: "nao" });
    const applied = await application(adopter.id, petId, ong.id);
    if (!applied.ok) throw new Error(`Application refused: ${JSON.stringify(applied.failure)}`);
    const applicationId = applied.value.id;
    expect((await changeApplication(database.db, queue, ong.id, applicationId, { status: "aprovada" })).ok).toBe(true);
    const prazoCastracao = addDays(dayInBrasilia(new Date()), 60);
    expect((await issueTermo(database.db, queue, { userId: ong.id, applicationId, prazoCastracao })).ok).toBe(true);
    const context = {
      applicationId,
      ip: "203.0.113.9",
      userAgent: "Teste/1.0",
      publicUrl: "https://adote.exemplo.org",
    };
    const byAdopter = await signTermo(
      database.db,
      vault,
      queue,
      { ...context, userId: adopter.id },
      {
        nome_completo: "Ana Maria Souza",
        cpf: "52998224725",
        endereco: "Rua das Laranjeiras, 120, Rio de Janeiro (RJ)",
        cep: "22240003",
        concordo: true,
      },
    );
    expect(byAdopter).toEqual({ ok: true, value: { status: "assinado_adotante" } });
    // Both countersignatures wait at the animal's row, the first thing a signature locks.
    const results = await overlapping(
      url,
      { text: "select 1 from pets where id = $1 for update", values: [petId] },
      [1, 2].map(
        () => () =>
          signTermo(
            database.db,
            vault,
            queue,
            { ...context, userId: ong.id },
            {
              nome_completo: "Maria Patas Silva",
              concordo: true,
            },
          ),
      ),
    );
    const outcomes = results.map(valueOf);
    expect(outcomes.filter((outcome) => outcome.ok)).toEqual([{ ok: true, value: { status: "assinado" } }]);
    expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([
      { ok: false, failure: { kind: "conflict", reason: "termo-state" } },
    ]);
    const [termo] = await database.db
      .select({ id: termos.id, status: termos.status })
      .from(termos)
      .where(eq(termos.applicationId, applicationId));
    expect(termo!.status).toBe("assinado");
    const signatures = await database.db
      .select({ parte: termoSignatures.parte })
      .from(termoSignatures)
      .where(eq(termoSignatures.termoId, termo!.id));
    expect(signatures.map((row) => row.parte).sort()).toEqual(["adotante", "responsavel"]);
    expect(
      await database.db.select({ id: adoptions.id }).from(adoptions).where(eq(adoptions.applicationId, applicationId)),
    ).toHaveLength(1);
  });

  it("the last reports on an animal at once hide it once, and tell its caretaker once", async () => {
    const ong = await person("ONG Denunciada");
    const petId = await createPet(database.db, { caretakerId: ong.id, nome: "Suspeito" });
    const monthAgo = new Date(Date.now() - 30 * 86_400_000);
    const reporter = async (nome: string, address: string) => ({
      userId: (await createUser(database.db, { nome, createdAt: monthAgo })).id,
      clientKey: address,
    });
    const settings = { reportsToHide: 2, reporterMinAgeDays: 7 };
    const report = async (who: { userId: string; clientKey: string }) =>
      fileReport(database.db, queue, { alvo: { tipo: "pet", id: petId }, categoria: "venda_ou_golpe" }, who, settings);
    // One person has reported it: each of the next two would be the second.
    expect((await report(await reporter("Eva Denuncia", "198.51.100.7"))).ok).toBe(true);
    const last = [await reporter("Ivo Denuncia", "203.0.113.7"), await reporter("Lu Denuncia", "192.0.2.7")];
    // Both are filed while the animal is listed; each counts the reports at its row (held there together).
    const results = await overlapping(
      url,
      { text: "select 1 from pets where id = $1 for update", values: [petId] },
      last.map((who) => () => report(who)),
    );
    expect(results.map(valueOf)).toEqual([
      { ok: true, value: { id: expect.any(String) } },
      { ok: true, value: { id: expect.any(String) } },
    ]);
    const [pet] = await database.db.select({ status: pets.status }).from(pets).where(eq(pets.id, petId));
    expect(pet!.status).toBe("oculto");
    expect(await jobsOf(MODERATION_NOTICE_JOB, "petId", petId)).toBe(1);
  });

  it("two sign-ups with one e-mail at once make one account, the other told the e-mail is taken", async () => {
    const input = { email: "Corrida.Cadastro@exemplo.com", nome: "Corrida", senha: "Cadastro@2026" };
    // Both have found the e-mail free (and hashed the password); they write the account together
    // (held at the accounts' table).
    const results = await overlapping(url, { text: "lock table users in share mode" }, [
      () => registerUser(database.db, queue, input, "198.51.100.20"),
      () => registerUser(database.db, queue, { ...input, email: input.email.toLowerCase() }, "198.51.100.21"),
    ]);
    const outcomes = results.map(valueOf);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([
      { ok: false, failure: { kind: "conflict", reason: "email-taken", field: "email" } },
    ]);
    const [row] = await database.db
      .select({ total: count() })
      .from(users)
      .where(sql`lower(${users.email}) = 'corrida.cadastro@exemplo.com'`);
    expect(row!.total).toBe(1);
  });

  it("two first publications at once make the person's own organisation once", async () => {
    const caretaker = await person("Primeira Vez");
    // Both publications have their photos ready; they make the organisation together (held at its table).
    const results = await overlapping(url, { text: "lock table organizations in share mode" }, [
      () => createPet(database.db, { caretakerId: caretaker.id, nome: "Um" }),
      () => createPet(database.db, { caretakerId: caretaker.id, nome: "Dois" }),
    ]);
    expect(results.map(valueOf)).toEqual([expect.any(String), expect.any(String)]);
    const owned = await database.db
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.ownAccountOf, caretaker.id));
    expect(owned).toHaveLength(1);
    const published = await database.db
      .selectDistinct({ organizationId: pets.organizationId })
      .from(pets)
      .where(eq(pets.caretakerId, caretaker.id));
    expect(published).toEqual([{ organizationId: owned[0]!.id }]);
    const members = await database.db
      .select({ userId: organizationMembers.userId, papel: organizationMembers.papel })
      .from(organizationMembers)
      .where(eq(organizationMembers.organizationId, owned[0]!.id));
    expect(members).toEqual([{ userId: caretaker.id, papel: "administrador" }]);
  });
});
