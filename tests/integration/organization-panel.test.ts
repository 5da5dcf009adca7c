import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adoptions, applicationEvents, applications, fosterPlacements, pets, petTransfers } from "~/db/schema";
import { addMember, createPet, createUser } from "../support/factories";
import { organizationPanel, type Panel } from "~/domain/organizations/panel.server";
import type { ApplicationStatus } from "~/lib/applications";
import { createTestDatabase, type TestDatabase } from "../support/database";

/**
 * The organisation's panel (issue 43) against a history written with its own dates: which month
 * each thing falls in (Brasília's months), the medians, transfers, and who may read it.
 */
let database: TestDatabase;
let admin: string;
let foster: string;
let stranger: string;
let adopter: string;
let secondAdopter: string;
let organizationId: string;
let receiving: string;
let receivingAdmin: string;

/** A moment in Brasília (UTC−3). */
const at = (local: string) => new Date(`${local}-03:00`);

async function pet(nome: string, createdAt: string, owner = admin) {
  const id = await createPet(database.db, { caretakerId: owner, nome, createdAt: at(createdAt) });
  const [row] = await database.db.select({ organizationId: pets.organizationId }).from(pets).where(eq(pets.id, id));
  return { id, organizationId: row!.organizationId };
}

/** An application made at `createdAt`, answered by the team at `answeredAt`, with an adoption if given. */
async function application(
  petId: string,
  createdAt: string,
  status: ApplicationStatus,
  history: { answeredAt?: string; adoptedAt?: string; returnedAt?: string; by?: string } = {},
) {
  const adopterId = history.by ?? adopter;
  const [row] = await database.db
    .insert(applications)
    .values({ petId, adopterId, caretakerId: admin, organizationId, status, createdAt: at(createdAt) })
    .returning({ id: applications.id });
  const applicationId = row!.id;
  await database.db
    .insert(applicationEvents)
    .values({ applicationId, status: "nova", actor: "adotante", createdAt: at(createdAt) });
  if (history.answeredAt) {
    await database.db
      .insert(applicationEvents)
      .values({ applicationId, status: "em_analise", actor: "responsavel", createdAt: at(history.answeredAt) });
    // A later move of the team's does not change when the first answer came.
    await database.db.insert(applicationEvents).values({
      applicationId,
      status: "entrevista",
      actor: "responsavel",
      createdAt: at(`${history.answeredAt.slice(0, 10)}T23:00`),
    });
  }
  if (history.adoptedAt) {
    await database.db.insert(adoptions).values({
      applicationId,
      petId,
      adopterId,
      caretakerId: admin,
      adoptedAt: at(history.adoptedAt),
      devolvidaEm: history.returnedAt ? at(history.returnedAt) : null,
    });
  }
}

async function panel(userId: string, organization: string, de: string, ate: string): Promise<Panel> {
  const read = await organizationPanel(database.db, userId, organization, { de, ate });
  if (!read.ok) throw new Error(JSON.stringify(read.failure));
  return read.value;
}

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  admin = (await createUser(db, { nome: "Lia Admin" })).id;
  foster = (await createUser(db, { nome: "Rita Lar" })).id;
  stranger = (await createUser(db, { nome: "Otto Fora" })).id;
  adopter = (await createUser(db, { nome: "Ana Adotante" })).id;
  secondAdopter = (await createUser(db, { nome: "Davi Adotante" })).id;
  receivingAdmin = (await createUser(db, { nome: "Bia Recebe" })).id;

  // Before the range: 23:30 of 31 December in Brasília is already January in UTC.
  const before = await pet("Antes", "2025-12-31T23:30");
  organizationId = before.organizationId;
  await addMember(db, organizationId, foster, "lar_temporario");
  const bolt = await pet("Bolt", "2026-01-10T12:00");
  const nina = await pet("Nina", "2026-02-03T12:00");
  await db.insert(fosterPlacements).values([
    { petId: bolt.id, organizationId, fosterId: foster, inicio: "2026-01-12", fim: "2026-02-05" },
    { petId: nina.id, organizationId, fosterId: foster, inicio: "2026-02-20" },
  ]);
  // The last half hour of February in Brasília (March in UTC).
  await pet("Tardio", "2026-02-28T23:30");
  // Published in January, then transferred to another organisation in March.
  const leaving = await pet("Viajante", "2026-01-05T08:00");
  receiving = (await pet("Da Outra", "2025-06-01T10:00", receivingAdmin)).organizationId;
  await db.insert(petTransfers).values({
    petId: leaving.id,
    fromOrganizationId: organizationId,
    toOrganizationId: receiving,
    status: "aceita",
    decidedAt: at("2026-03-02T10:00"),
  });
  await db.update(pets).set({ organizationId: receiving }).where(eq(pets.id, leaving.id));

  // Adopted 32 days after publication, answered in 6 hours.
  await application(bolt.id, "2026-01-12T10:00", "adotada", {
    answeredAt: "2026-01-12T16:00",
    adoptedAt: "2026-02-11T12:00",
  });
  // Never answered.
  await application(nina.id, "2026-02-05T09:00", "nova");
  // Answered in 10 hours, adopted 17 days after publication, returned in March.
  await application(nina.id, "2026-02-06T09:00", "devolvida", {
    answeredAt: "2026-02-06T19:00",
    adoptedAt: "2026-02-20T12:00",
    returnedAt: "2026-03-10T15:00",
    by: secondAdopter,
  });
});
afterAll(async () => {
  await database?.destroy();
});

describe("the organisation's panel", () => {
  it("counts each month's animals taken in, adopted and returned, with the median days to adoption", async () => {
    const { months, total } = await panel(admin, organizationId, "2026-01", "2026-03");
    expect(months.map((month) => month.month)).toEqual(["2026-01", "2026-02", "2026-03"]);
    const [january, february, march] = months;
    // Bolt and Viajante (published here before it left); not Antes (December in Brasília).
    expect(january).toMatchObject({ intake: 2, adopted: 0, returned: 0, medianDaysToAdoption: null });
    // Nina and Tardio (February in Brasília); Bolt (32 days) and Nina (17 days) adopted.
    expect(february).toMatchObject({ intake: 2, adopted: 2, returned: 0, medianDaysToAdoption: 24.5 });
    expect(march).toMatchObject({ intake: 0, adopted: 0, returned: 1 });
    expect(total).toMatchObject({ intake: 4, adopted: 2, returned: 1, medianDaysToAdoption: 24.5 });
    // Bolt in a foster home from January to 5 February, Nina from 20 February on.
    expect(months.map((month) => month.inFoster)).toEqual([1, 2, 1]);
    expect(total.inFoster).toBe(2);
  });

  it("counts the applications received each month by their status, and how fast the team first answered", async () => {
    const { months, total } = await panel(admin, organizationId, "2026-01", "2026-03");
    const [january, february, march] = months;
    expect(january!.applications).toMatchObject({ adotada: 1, nova: 0 });
    expect(january).toMatchObject({ applicationsTotal: 1, answered: 1, medianHoursToFirstAnswer: 6 });
    expect(february!.applications).toMatchObject({ nova: 1, devolvida: 1, adotada: 0 });
    expect(february).toMatchObject({ applicationsTotal: 2, answered: 1, medianHoursToFirstAnswer: 10 });
    expect(march).toMatchObject({ applicationsTotal: 0, answered: 0, medianHoursToFirstAnswer: null });
    expect(total).toMatchObject({ applicationsTotal: 3, answered: 2, medianHoursToFirstAnswer: 8 });
    expect(total.applications).toMatchObject({ nova: 1, adotada: 1, devolvida: 1 });
  });

  it("counts an animal received by transfer in the month it arrived, for the organisation that received it", async () => {
    const { months, total } = await panel(receivingAdmin, receiving, "2026-01", "2026-03");
    expect(months.map((month) => month.intake)).toEqual([0, 0, 1]);
    expect(total.intake).toBe(1);
    // Its own animal was published in 2025.
    expect((await panel(receivingAdmin, receiving, "2025-06", "2025-06")).total.intake).toBe(1);
  });

  it("leaves out what falls outside the range, and shows empty months", async () => {
    const { months, total } = await panel(admin, organizationId, "2025-11", "2025-12");
    expect(months.map((month) => [month.month, month.intake])).toEqual([
      ["2025-11", 0],
      ["2025-12", 1],
    ]);
    expect(total).toMatchObject({ intake: 1, adopted: 0, applicationsTotal: 0 });
  });

  it("is for every member, a foster home too, and no one else", async () => {
    expect((await organizationPanel(database.db, foster, organizationId, { de: "2026-01", ate: "2026-01" })).ok).toBe(
      true,
    );
    const refused = await organizationPanel(database.db, stranger, organizationId, { de: "2026-01", ate: "2026-01" });
    expect(refused).toEqual({ ok: false, failure: { kind: "not-found", subject: "organization" } });
    const otherTeam = await organizationPanel(database.db, receivingAdmin, organizationId, {
      de: "2026-01",
      ate: "2026-01",
    });
    expect(otherTeam.ok).toBe(false);
  });
});
