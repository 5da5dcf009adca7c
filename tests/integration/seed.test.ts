import { randomBytes } from "node:crypto";
import { createVault } from "~/services/vault.server";
import { asc, count, eq, inArray, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  fosterPlacements,
  adoptions,
  applications,
  checkins,
  conversationMessages,
  conversations,
  donations,
  emergencies,
  expenses,
  trashItems,
  favorites,
  happyEndings,
  imageVariants,
  lostFoundMatches,
  lostFoundReports,
  messages,
  organizations,
  petPhotos,
  pets,
  petHealthEntries,
  reports,
  statementLines,
  termos,
  users,
} from "~/db/schema";
import { DEMO_ADOPTER, DEMO_CARETAKER, DEMO_PETS, seedDemoData, seedManyPets } from "~/demo/seed.server";
import { removePet } from "~/domain/pets/pets.server";
import { entriesOfPets } from "~/domain/health/records.server";
import { listDonors } from "~/domain/giving/donors.server";
import { dueDoses } from "~/lib/health";
import { organizationToday } from "~/domain/organizations/today.server";
import { listFeed } from "~/domain/pets/feed.server";
import { verifyPassword } from "~/domain/accounts/passwords.server";
import { IMAGE_WIDTHS } from "~/lib/image-urls";
import { createTestDatabase, type TestDatabase } from "../support/database";

/** The demo's signed termo is sealed with a key of its own here. */
const DEMO = { vault: createVault(randomBytes(32)), publicUrl: "https://adote.exemplo.org" };

describe("the demo data", () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
  });

  it("loads the demo caretaker, the nine pets of the product's sample list newest first, and one adopted", async () => {
    expect(await seedDemoData(database.db, DEMO)).toBe(true);
    const [caretaker] = await database.db.select().from(users).where(eq(users.email, DEMO_CARETAKER.email));
    expect(caretaker!.email).toBe(DEMO_CARETAKER.email);
    expect(await verifyPassword(caretaker!.passwordHash, DEMO_CARETAKER.senha)).toBe(true);
    expect(caretaker!.passwordHash).toMatch(/^\$argon2id\$/);

    const every = await database.db.select().from(pets).orderBy(asc(pets.createdAt));
    // Beside the NGO's, the cat a protetora asks it to take in (issue 62: a transfer to accept).
    expect(every.filter((pet) => pet.caretakerId !== caretaker!.id).map((pet) => pet.nome)).toEqual(["Tico"]);
    const all = every.filter((pet) => pet.caretakerId === caretaker!.id);
    const feed = all.filter((pet) => pet.status === "disponivel");
    expect(feed.map((pet) => pet.nome).reverse()).toEqual(DEMO_PETS.map((pet) => pet.nome));
    expect(all.filter((pet) => pet.status === "adotado").map((pet) => pet.nome)).toEqual(["Bolota"]);
    // The foster network: Sid in Marta's home, Yoda (urgently) and Lua needing one.
    const placed = await database.db
      .select({ nome: pets.nome, fim: fosterPlacements.fim })
      .from(fosterPlacements)
      .innerJoin(pets, eq(pets.id, fosterPlacements.petId));
    expect(placed).toEqual([{ nome: "Sid", fim: null }]);
    expect(
      all
        .filter((pet) => pet.precisaLarTemporario)
        .map((pet) => [pet.nome, pet.larUrgente])
        .sort(),
    ).toEqual([
      ["Lua", false],
      ["Yoda", true],
    ]);
    // A demo adopter with favourites; a visitor without an account wrote to the caretaker.
    const [adopter] = await database.db.select().from(users).where(eq(users.email, DEMO_ADOPTER.email));
    expect(await verifyPassword(adopter!.passwordHash, DEMO_ADOPTER.senha)).toBe(true);
    expect(await database.db.select().from(favorites).where(eq(favorites.userId, adopter!.id))).toHaveLength(2);
    const visitors = await database.db.select().from(messages).where(eq(messages.recipientId, caretaker!.id));
    expect(visitors).toEqual([
      expect.objectContaining({
        senderId: null,
        senderNome: "Roberto Lima",
        nomeAnimal: "Felícia",
        readAt: null,
      }),
    ]);
    // Who applied for five pets: one at the interview, one new (the caretaker's header counts it),
    // one approved, its termo issued and waiting for the adopter's signature, Bolota, adopted
    // 10 days ago through a termo both signed, its first check-in due, and Sid, to be visited at
    // his foster home in three days.
    const sent = await database.db
      .select({
        status: applications.status,
        respostas: applications.respostas,
        visitaLocal: applications.visitaLocal,
        visitaEm: applications.visitaEm,
        visitaPlacementId: applications.visitaPlacementId,
      })
      .from(applications)
      .where(eq(applications.adopterId, adopter!.id));
    expect(sent.map((application) => application.status).sort()).toEqual([
      "adotada",
      "aprovada",
      "entrevista",
      "nova",
      "visita",
    ]);
    const visit = sent.find((application) => application.status === "visita")!;
    expect(visit.visitaLocal).toBe("lar_temporario");
    expect(visit.visitaEm!.getTime()).toBeGreaterThan(Date.now());
    const [stay] = await database.db.select({ id: fosterPlacements.id }).from(fosterPlacements);
    expect(visit.visitaPlacementId).toBe(stay!.id);
    const signed = await database.db.select().from(termos).where(eq(termos.adopterId, adopter!.id));
    expect(signed.map((termo) => [termo.petNome, termo.status]).sort()).toEqual([
      ["Bolota", "assinado"],
      ["Sirius", "emitido"],
    ]);
    expect(signed.find((termo) => termo.petNome === "Sirius")!.dadosAdotante).toBeNull();
    const [adoption] = await database.db.select().from(adoptions).where(eq(adoptions.adopterId, adopter!.id));
    const due = await database.db.select().from(checkins).where(eq(checkins.adoptionId, adoption!.id));
    // The 3rd day's went unanswered for a week (the team was told); the 7th day's is due.
    expect(due.filter((checkin) => checkin.dueAt < new Date()).map((checkin) => checkin.dia)).toEqual([3, 7]);
    expect(due.filter((checkin) => checkin.caretakerAlertedAt !== null).map((checkin) => checkin.dia)).toEqual([3]);
    expect(due.find((checkin) => checkin.dia === 7)!.sentAt).toBeNull();
    const [story] = await database.db.select().from(happyEndings).where(eq(happyEndings.adoptionId, adoption!.id));
    expect(story).toMatchObject({ status: "publicado" });
    expect(story!.imageId).not.toBeNull();
    expect(sent.every((application) => application.respostas !== null)).toBe(true);
    // Health records (issue 45): Sid's kept by the team and Marta, a dose due and a course of
    // medicine; Bolota's went with her, negative for FIV/FeLV, her fields derived from it.
    const records = await database.db
      .select({ pet: pets.nome, tipo: petHealthEntries.tipo, papel: petHealthEntries.autorPapel })
      .from(petHealthEntries)
      .innerJoin(pets, eq(pets.id, petHealthEntries.petId));
    const kinds = (name: string) => new Set(records.filter((row) => row.pet === name).map((row) => row.tipo));
    expect(kinds("Sid")).toEqual(new Set(["vacina", "vermifugo", "antipulgas", "peso", "consulta", "medicamento"]));
    expect(new Set(records.filter((row) => row.pet === "Sid").map((row) => row.papel))).toEqual(
      new Set(["equipe", "lar_temporario"]),
    );
    expect(kinds("Bolota")).toEqual(new Set(["exame", "vacina", "castracao"]));
    const [sid] = await database.db
      .select({ id: pets.id, vacinas: pets.vacinas, vermifugado: pets.vermifugado })
      .from(pets)
      .where(eq(pets.nome, "Sid"));
    expect(sid).toMatchObject({ vacinas: ["v10", "antirrabica"], vermifugado: true });
    const [bolotaRow] = await database.db
      .select({ fiv: pets.fivFelvNegativo, castrado: pets.castrado, vacinas: pets.vacinas })
      .from(pets)
      .where(eq(pets.nome, "Bolota"));
    expect(bolotaRow).toEqual({ fiv: true, castrado: "sim", vacinas: ["v4"] });
    // Vaccines from the catalogue (issue 63): Sid's second V10, of its brand, closed the first's
    // reminder; Yoda's, copied from a card hard to read, matches none and is listed for the team.
    const vaccines = await database.db
      .select({ pet: pets.nome, vacina: petHealthEntries.vacina, produto: petHealthEntries.produto })
      .from(petHealthEntries)
      .innerJoin(pets, eq(pets.id, petHealthEntries.petId))
      .where(eq(petHealthEntries.tipo, "vacina"));
    expect(vaccines.filter((row) => row.pet === "Sid" && row.vacina === "v10")).toEqual([
      { pet: "Sid", vacina: "v10", produto: "Vanguard Plus" },
      { pet: "Sid", vacina: "v10", produto: "Vanguard Plus" },
    ]);
    const sidEntries = (await entriesOfPets(database.db, [sid!.id])).get(sid!.id)!;
    expect(dueDoses(sidEntries).filter((dose) => dose.nome === "V10")).toHaveLength(1);
    expect(vaccines.filter((row) => row.pet === "Yoda")).toEqual([{ pet: "Yoda", vacina: null, produto: null }]);
    // Each application has its conversation; Dunga's is under way, its last message unread.
    const talks = await database.db.select().from(conversations).where(eq(conversations.adopterId, adopter!.id));
    expect(talks).toHaveLength(5);
    const said = await database.db
      .select()
      .from(conversationMessages)
      .where(
        inArray(
          conversationMessages.conversationId,
          talks.map((talk) => talk.id),
        ),
      )
      .orderBy(asc(conversationMessages.createdAt));
    // The first came from the contact form.
    expect(said).toHaveLength(5);
    expect(said[0]).toMatchObject({ authorId: adopter!.id, texto: expect.stringContaining("Posso conhecer o Dunga") });
    expect(said.map((message) => message.readAt === null)).toEqual([false, false, false, false, true]);
    // The NGO is a verified ONG; another ONG waits for an operator. No demo account is one
    // (their passwords are published): the README makes one with `npm run operador`.
    expect(caretaker).toMatchObject({ tipo: "ong", cnpj: "11222333000181", operador: false });
    expect(caretaker!.verifiedAt).not.toBeNull();
    expect(await database.db.select({ email: users.email }).from(users).where(eq(users.operador, true))).toEqual([]);
    const waiting = await database.db.select().from(users).where(eq(users.tipo, "ong"));
    expect(waiting.filter((ong) => ong.verifiedAt === null).map((ong) => ong.nomePublico)).toEqual([
      "Patinhas de Maricá",
    ]);
    // Two people reported the pending ONG's profile: the operators' queue has it.
    const reported = await database.db
      .select()
      .from(reports)
      .where(eq(reports.alvoId, waiting.find((ong) => ong.verifiedAt === null)!.id));
    expect(reported.map((row) => row.categoria).sort()).toEqual(["anuncio_falso", "venda_ou_golpe"]);
    expect(new Set(reported.map((row) => row.reporterKey)).size).toBe(2);
    // Every part of a pet's record shows on some demo pet, and every pet is linked to its city.
    expect(all.every((pet) => pet.cidadeIbge !== null && pet.sexo !== null)).toBe(true);
    expect(all.some((pet) => pet.historia && pet.taxaAdocaoCentavos && pet.vacinas.length > 0)).toBe(true);
    expect(all.some((pet) => pet.castrado === "agendado" && pet.castracaoData && pet.microchip === null)).toBe(true);
    expect(all.some((pet) => pet.microchip && pet.necessidadesEspeciais && pet.taxaAdocaoCentavos === 0)).toBe(true);
    // A month of accounts (issue 46): the adopter's Pix matched from the statement, a line to decide,
    // a gift and three expenses; the transparency page public.
    const gifts = await database.db
      .select({ valor: donations.valorCentavos, origem: donations.origem, padrinho: donations.chargeId })
      .from(donations);
    expect(
      gifts
        .map(({ padrinho, ...gift }) => ({ ...gift, padrinho: padrinho !== null }))
        .sort((a, b) => a.valor - b.valor),
    ).toEqual([
      { valor: 3000, origem: "extrato", padrinho: true },
      { valor: 5000, origem: "manual", padrinho: false },
      { valor: 8000, origem: "extrato", padrinho: false },
      { valor: 25000, origem: "manual", padrinho: false },
    ]);
    // João, a donor of two gifts (issue 63): his statement's Pix and one typed in, one person on `Doadores`.
    const [organization] = await database.db.select({ id: organizations.id }).from(organizations).limit(1);
    const donors = await listDonors(database.db, caretaker!.id, organization!.id);
    expect(donors.ok && donors.value.doadores.find((donor) => donor.chave === "joao pereira")).toMatchObject({
      totalCentavos: 13000,
      doacoes: 2,
    });
    expect(await database.db.select({ status: statementLines.status }).from(statementLines)).toEqual(
      expect.arrayContaining([{ status: "pendente" }, { status: "conciliada" }]),
    );
    expect((await database.db.select({ id: expenses.id }).from(expenses)).length).toBe(3);
    // The taxi typed twice: the second waits in the Lixeira (issue 63).
    expect(await database.db.select({ resumo: trashItems.resumo }).from(trashItems)).toEqual([
      { resumo: expect.stringMatching(/^Despesa de R\$ 45,00 \(Transporte\) em /) },
    ]);
    const [ngo] = await database.db
      .select({ aberta: organizations.transparenciaPublica })
      .from(organizations)
      .where(eq(organizations.ownAccountOf, caretaker!.id));
    expect(ngo!.aberta).toBe(true);
    // Lost and found (issue 47): the adopter's lost cat, the same cat found (a likely match), a dog found
    // and taken in by the NGO, and the dog a protetora lost, alike to it (issue 62: on the NGO's home).
    const lostAndFound = await database.db
      .select({ tipo: lostFoundReports.tipo, nome: lostFoundReports.nome })
      .from(lostFoundReports);
    expect(lostAndFound).toHaveLength(4);
    expect(
      lostAndFound
        .filter((report) => report.tipo === "perdido")
        .map((report) => report.nome)
        .sort(),
    ).toEqual(["Mingau", "Pretinha"]);
    const matches = await database.db.select({ pontos: lostFoundMatches.pontos }).from(lostFoundMatches);
    expect(matches.filter((match) => match.pontos >= 60)).toHaveLength(2);
    // The foster home who found Mingau talks with his family about the report.
    const aboutReports = await database.db
      .select({ id: conversations.id })
      .from(conversations)
      .where(isNotNull(conversations.reportId));
    expect(aboutReports).toHaveLength(1);
    // The dog the volunteer found, taken in by the ONG's shelter during an emergency.
    const sheltered = await database.db
      .select({ nome: emergencies.nome })
      .from(lostFoundReports)
      .innerJoin(emergencies, eq(emergencies.id, lostFoundReports.emergencyId));
    expect(sheltered).toEqual([{ nome: "Chuvas de novembro no Rio (demonstração)" }]);
  });

  it("gives each member's home, Hoje, something in every block their role allows", async () => {
    const [organization] = await database.db.select({ id: organizations.id }).from(organizations).limit(1);
    const today = async (email: string) => {
      const [member] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      const home = await organizationToday(database.db, member!.id, organization!.id, new Date());
      if (!home.ok) throw new Error(`${email}: ${home.failure.kind}`);
      return home.value;
    };
    // A block's largest count (its numbers, not its lists): 0 when it asks for nothing.
    const most = (block: unknown): number =>
      typeof block === "number"
        ? block
        : Math.max(0, ...Object.values(block as object).filter((value): value is number => typeof value === "number"));
    const blocks = (home: Awaited<ReturnType<typeof today>>) =>
      Object.fromEntries(
        [home.team, home.admin, home.foster].flatMap((part) =>
          Object.entries(part ?? {}).map(([name, block]) => [name, most(block)]),
        ),
      );
    const administradora = blocks(await today(DEMO_CARETAKER.email));
    const volunteer = blocks(await today("equipe@adopet.example"));
    const foster = blocks(await today("lar@adopet.example"));
    for (const [who, home] of Object.entries({ administradora, volunteer, foster })) {
      for (const [block, most] of Object.entries(home)) expect(most, `${who}: ${block}`).toBeGreaterThan(0);
    }
    expect(Object.keys(administradora).sort()).toEqual([
      "acompanhamentos",
      "candidaturas",
      "conversas",
      "doses",
      "extrato",
      "larTemporario",
      "noticias",
      "perdidosEAchados",
      "transferencias",
    ]);
    expect(Object.keys(volunteer)).not.toContain("extrato");
    expect(Object.keys(foster).sort()).toEqual(["animais", "doses", "noticias"]);
  });

  it("gives every pet a photo with every resized variant, each small", async () => {
    const photos = await database.db.select().from(petPhotos);
    // The sample list's, Bolota's and the protetora's Tico.
    expect(photos).toHaveLength(DEMO_PETS.length + 2);
    const variants = await database.db
      .select({ width: imageVariants.width, bytes: imageVariants.bytes })
      .from(imageVariants)
      .where(eq(imageVariants.imageId, photos[0]!.imageId));
    expect(variants.map((variant) => variant.width).sort((a, b) => a - b)).toEqual([...IMAGE_WIDTHS]);
    const card = variants.find((variant) => variant.width === 320)!;
    expect(card.bytes).toBeLessThan(25_000);
  });

  it("is not loaded twice", async () => {
    expect(await seedDemoData(database.db, DEMO)).toBe(false);
    const [row] = await database.db.select({ total: count() }).from(pets);
    expect(row!.total).toBe(DEMO_PETS.length + 2);
  });
});

describe("the benchmark seed", () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
  });

  it("loads many pets from the same factories, sharing a few stored portraits", async () => {
    await seedManyPets(database.db, 40, { perCaretaker: 15 });
    const feed = await listFeed(database.db, { page: 1 }, 50);
    expect(feed.total).toBe(40);
    expect(new Set(feed.items.map((pet) => pet.caretaker.id)).size).toBe(3);
    expect(new Set(feed.items.map((pet) => pet.cidade)).size).toBeGreaterThan(10);
    const [images] = await database.db.select({ total: count() }).from(imageVariants);
    expect(images!.total).toBe(18 * IMAGE_WIDTHS.length);
  });

  it("keeps a shared portrait when one of the pets using it is removed", async () => {
    const feed = await listFeed(database.db, { page: 1 }, 50);
    const victim = feed.items.find((pet) =>
      feed.items.some((other) => other !== pet && other.photoIds[0] === pet.photoIds[0]),
    )!;
    expect(await removePet(database.db, victim.caretaker.id, victim.id)).toEqual({ ok: true, value: undefined });
    const variants = await database.db
      .select()
      .from(imageVariants)
      .where(eq(imageVariants.imageId, victim.photoIds[0]!));
    expect(variants).toHaveLength(IMAGE_WIDTHS.length);
  });
});
