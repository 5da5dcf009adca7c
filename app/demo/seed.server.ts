import { randomUUID } from "node:crypto";
import { and, count, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { addMember, drawPortrait, insertAccount, publishPet, type AccountRecord } from "./records.server";
import { ownOrganization } from "~/domain/organizations/membership.server";
import { requestTransfer } from "~/domain/organizations/transfers.server";
import { deleteExpense, recordDonation, recordExpense } from "~/domain/giving/ledger.server";
import { startSponsorship } from "~/domain/giving/sponsorships.server";
import { importStatement } from "~/domain/giving/statements.server";
import { setTransparency } from "~/domain/giving/transparency.server";
import { createReport } from "~/domain/lost-found/reports.server";
import type { ReportInput } from "~/validation/lost-found";
import { saveOffer } from "~/domain/foster/offers.server";
import { deriveFromRecord } from "~/domain/health/records.server";
import { loadSharp, prepareImage, saveImage } from "~/services/images.server";
import { pawLogoSvg } from "./pet-art.server";
import {
  adoptions,
  applicationEvents,
  applicationNotes,
  applications,
  checkins,
  conversationMessages,
  conversations,
  emergencies,
  favorites,
  fosterPlacements,
  lostFoundReports,
  messages,
  petHealthEntries,
  petNews,
  organizationMembers,
  organizations,
  organizationPix,
  pets,
  reports,
  users,
} from "~/db/schema";
import { keyedHash } from "~/services/signing.server";
import { DEFAULT_QUESTIONS, type Answers, type ApplicationStatus } from "~/lib/applications";
import { createAlert } from "~/domain/alerts/alerts.server";
import { hashPassword } from "~/domain/accounts/passwords.server";
import { insertPetsInBulk, type BulkPet, type PetInput } from "~/domain/pets/pets.server";
import { listCities } from "~/domain/places/cities.server";
import { VACCINES_BY_SPECIES } from "~/lib/pets";
import { addDays, brasiliaTime, dayInBrasilia } from "~/lib/dates";
import { issueTermo, writeTermo } from "~/domain/termos/termos.server";
import { signTermo } from "~/domain/termos/termo-signatures.server";
import { reviewStory, shareStory } from "~/domain/termos/happy-endings.server";
import { saveCheckinDays } from "~/domain/termos/followups.server";
import type { Jobs } from "~/services/jobs.server";
import type { Vault } from "~/services/vault.server";

/** The demo adopter: favourites and a message to the caretaker; the README gives this login. */
export const DEMO_ADOPTER = {
  email: "adotante@adopet.example",
  senha: "Adote@2022",
  nome: "Carla Souza",
  telefone: "21 98888-7777",
  cidade: "Niterói",
  uf: "RJ",
  perfilSobre: "Moro em casa com quintal telado e quero adotar um cão de porte pequeno.",
} as const;

/** An ONG that signed up and waits for an operator to check its CNPJ. */
const DEMO_PENDING_ONG = {
  email: "patinhas@adopet.example",
  senha: "Adote@2022",
  nome: "Rafaela Dias",
  cidade: "Maricá",
  uf: "RJ",
} as const;

/** A CNPJ whose check digits are right, for the demo NGO (no real organisation's). */
const DEMO_CNPJ = "11222333000181";
/**
 * The demo NGO's Pix key: a random key made for the demo, held by no account (a known CNPJ or
 * e-mail could be someone's, and a visitor trying the QR code would pay them).
 */
const DEMO_PIX_KEY = "7d5e2c1a-94b3-4f6e-8a0d-3c9b6f1e2a47";
const DEMO_PIX_RECEIVER = "Amigos de Quatro Patas";

/** The demo caretaker; the README gives this login. */
export const DEMO_CARETAKER = {
  email: "ong@adopet.example",
  senha: "Adote@2022",
  nome: "ONG Amigos de Quatro Patas",
  telefone: "21 98765-4321",
  cidade: "Rio de Janeiro",
  uf: "RJ",
  perfilSobre: "Resgatamos, cuidamos e encontramos lares para cães e gatos da Baixada e do Rio.",
} as const;

/** The demo ONG's team (issue 43): a volunteer who answers applications, and a foster home. */
const DEMO_TEAM = [
  { email: "equipe@adopet.example", senha: "Adote@2022", nome: "Lucas Voluntário", papel: "equipe" },
  { email: "lar@adopet.example", senha: "Adote@2022", nome: "Marta Lar Temporário", papel: "lar_temporario" },
] as const;

/** An ISO day `days` from today (a scheduled castration stays in the future). */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The product's sample list (spec/texts.md), in the feed's order. */
export const DEMO_PETS: readonly PetInput[] = [
  {
    nome: "Dunga",
    sexo: "macho",
    castrado: "sim",
    vacinas: ["v10", "antirrabica"],
    vermifugado: true,
    convive_com: ["criancas", "caes"],
    historia:
      "Dunga foi encontrado numa praça de Madureira, assustado e com fome.\nHoje é o primeiro a receber visitas no portão e adora passear de manhã.",
    taxa_adocao: 5_000,
    especie: "cao",
    idade: 2,
    idade__unidade: "anos",
    porte: "pequeno",
    perfil: "Calmo e educado",
    cidade: "Rio de Janeiro",
    uf: "RJ",
  },
  {
    nome: "Felícia",
    sexo: "femea",
    castrado: "agendado",
    castracao_data: inDays(30),
    vacinas: ["v4"],
    vermifugado: true,
    convive_com: ["gatos"],
    especie: "gato",
    idade: 3,
    idade__unidade: "meses",
    porte: "pequeno",
    perfil: "Ativa e carinhosa",
    cidade: "Nova Iguaçu",
    uf: "RJ",
  },
  {
    nome: "Sirius",
    sexo: "macho",
    especie: "cao",
    idade: 6,
    idade__unidade: "meses",
    porte: "grande",
    perfil: "Ativo e educado",
    cidade: "Duque de Caxias",
    uf: "RJ",
  },
  {
    nome: "Fiona",
    sexo: "femea",
    castrado: "sim",
    vacinas: ["v5", "antirrabica"],
    vermifugado: true,
    microchip: "982000123456789",
    convive_com: ["criancas", "gatos"],
    necessidades_especiais: "Enxerga pouco de um olho: prefere uma casa sem escadas.",
    taxa_adocao: 0,
    especie: "gato",
    idade: 3,
    idade__unidade: "anos",
    porte: "pequeno",
    perfil: "Calma e carinhosa",
    cidade: "São Gonçalo",
    uf: "RJ",
  },
  {
    nome: "Sid",
    sexo: "macho",
    raca: "SRD",
    pelagem: "Caramelo, pelo curto",
    especie: "cao",
    idade: 8,
    idade__unidade: "meses",
    porte: "medio_grande",
    perfil: "Brincalhão e amável",
    cidade: "Rio de Janeiro",
    uf: "RJ",
  },
  {
    nome: "Yoda",
    sexo: "macho",
    especie: "gato",
    idade: 1,
    idade__unidade: "anos",
    porte: "medio",
    perfil: "Ativo e carinhoso",
    cidade: "Nova Iguaçu",
    uf: "RJ",
  },
  {
    nome: "Lua",
    sexo: "femea",
    especie: "cao",
    idade: 6,
    idade__unidade: "meses",
    porte: "medio",
    perfil: "Ativa e carinhosa",
    cidade: "Duque de Caxias",
    uf: "RJ",
  },
  {
    nome: "Amora",
    sexo: "femea",
    especie: "cao",
    idade: 45,
    idade__unidade: "dias",
    porte: "grande",
    perfil: "Calma e carinhosa",
    cidade: "São Gonçalo",
    uf: "RJ",
  },
  {
    nome: "Zelda",
    sexo: "femea",
    especie: "gato",
    idade: 5,
    idade__unidade: "meses",
    porte: "medio",
    perfil: "Ativa e amável",
    cidade: "Rio de Janeiro",
    uf: "RJ",
  },
];

/** A protetora outside the ONG (issue 62): her lost dog and the cat she asks the ONG to take in. */
const DEMO_NEIGHBOUR: Omit<AccountRecord, "emailConfirmedAt"> = {
  email: "protetora@adopet.example",
  senha: "Adote@2022",
  nome: "Roberta Lima",
  cidade: "Rio de Janeiro",
  uf: "RJ",
};

const DAY_MS = 24 * 60 * 60_000;

/** The data the demo's signed termo is sealed with, and the address its PDF prints. */
export type DemoOptions = { vault: Vault; publicUrl: string };

/** The demo sends no e-mail: what a signature would queue is dropped. */
/**
 * A month of accounts (issue 46): the demo adopter's Pix for Dunga found on the imported bank
 * statement (the receipt is hers), João's first Pix made a gift and a second left for the team to
 * decide (with a gift he typed in, a donor of two gifts), a gift typed in, three
 * expenses and one typed twice, in the Lixeira; Felícia's month still awaited. The accounts are
 * open: the transparency page is public.
 */
async function seedAccounts(db: Db, caretakerId: string, organizationId: string, petIds: string[], now: number) {
  const day = (days: number) => addDays(dayInBrasilia(new Date(now)), days);
  const brDay = (days: number) => day(days).split("-").reverse().join("/");
  const statement = [
    "Data,Valor,Identificador,Descrição",
    `${brDay(-19)},30.00,${randomUUID()},Transferência recebida pelo Pix - CARLA SOUZA MENDES - •••.456.789-•• - NU PAGAMENTOS - IP (0260) Agência: 1 Conta: 7654321-0`,
    `${brDay(-40)},80.00,${randomUUID()},Transferência recebida pelo Pix - JOAO PEREIRA - •••.321.654-•• - BCO SANTANDER (BRASIL) S.A. (0033) Agência: 2271 Conta: 1003344-5`,
    `${brDay(-12)},100.00,${randomUUID()},Transferência recebida pelo Pix - JOAO PEREIRA - •••.321.654-•• - BCO SANTANDER (BRASIL) S.A. (0033) Agência: 2271 Conta: 1003344-5`,
    `${brDay(-12)},-180.00,${randomUUID()},Transferência enviada pelo Pix - CLINICA VETERINARIA SAO FRANCISCO LTDA - 12.345.678/0001-90`,
  ].join("\n");
  const at = new Date(now);
  const imported = await importStatement(db, NO_JOBS, caretakerId, organizationId, Buffer.from(statement), at);
  if (!imported.ok || imported.value.conciliados.length !== 1) throw new Error("Demo: extrato não conciliado");
  // João's first Pix, made a gift by the team: with a gift he typed in later, a donor of two gifts
  // on `Doadores` (issue 63); his second Pix waits to be decided.
  const first = imported.value.pendentes.find((line) => line.data === day(-40));
  const entries = [
    () => recordDonation(db, NO_JOBS, caretakerId, organizationId, { linha_id: first!.id }, at),
    () =>
      recordDonation(
        db,
        NO_JOBS,
        caretakerId,
        organizationId,
        { valor: 5000, data: day(-25), doador: "João Pereira" },
        at,
      ),
    () =>
      recordDonation(
        db,
        NO_JOBS,
        caretakerId,
        organizationId,
        {
          valor: 25000,
          data: day(-15),
          doador: "Bazar beneficente de novembro",
        },
        at,
      ),
    () =>
      recordExpense(
        db,
        caretakerId,
        organizationId,
        {
          categoria: "veterinario",
          valor: 18000,
          data: day(-12),
          pet_id: petIds[0],
          descricao: "Consulta e vacina V10",
        },
        null,
        at,
      ),
    () =>
      recordExpense(
        db,
        caretakerId,
        organizationId,
        {
          categoria: "racao",
          valor: 32000,
          data: day(-7),
          descricao: "Ração para o abrigo: 3 sacos de 15 kg",
        },
        null,
        at,
      ),
    () =>
      recordExpense(
        db,
        caretakerId,
        organizationId,
        {
          categoria: "transporte",
          valor: 4500,
          data: day(-3),
          pet_id: petIds[1],
          descricao: "Táxi para a castração",
        },
        null,
        at,
      ),
  ];
  for (const entry of entries) {
    const made = await entry();
    if (!made.ok) throw new Error(`Demo: lançamento recusado (${made.failure.kind})`);
  }
  // The taxi typed in twice, the second one deleted: it waits in the Lixeira (issue 63).
  const twice = await recordExpense(
    db,
    caretakerId,
    organizationId,
    { categoria: "transporte", valor: 4500, data: day(-3), pet_id: petIds[1], descricao: "Táxi para a castração" },
    null,
    at,
  );
  if (!twice.ok || !(await deleteExpense(db, caretakerId, organizationId, twice.value, at)).ok) {
    throw new Error("Demo: despesa repetida não foi para a Lixeira");
  }
  await setTransparency(db, caretakerId, organizationId, true);
}

/**
 * Lost and found (issue 47): the adopter's cat Mingau, lost in Icaraí three days ago; the same cat
 * found by the foster home the next day (the same photo: a likely match, listed on both); and a
 * dog the volunteer found.
 */
async function seedLostAndFound(
  db: Db,
  adopterId: string,
  fosterId: string,
  volunteerId: string,
  organizationId: string,
  now: number,
) {
  const day = (days: number) => addDays(dayInBrasilia(new Date(now)), days);
  const mingau = await drawPortrait("gato", 4);
  const reports: [string, ReportInput, Buffer][] = [
    [
      adopterId,
      {
        tipo: "perdido",
        especie: "gato",
        porte: "pequeno",
        sexo: "macho",
        cores: ["laranja", "branco"],
        nome: "Mingau",
        data: day(-3),
        cidade: "Niterói (RJ)",
        bairro: "Icaraí",
        // Marked on the map near the beach (stored rounded to about 500 m).
        latitude: -22.904,
        longitude: -43.108,
        descricao: "Saiu pela janela à noite. É castrado, dócil e tem uma mancha branca no peito.",
      },
      mingau,
    ],
    [
      fosterId,
      {
        tipo: "encontrado",
        especie: "gato",
        porte: "pequeno",
        cores: ["laranja"],
        data: day(-2),
        cidade: "Niterói (RJ)",
        bairro: "Santa Rosa",
        descricao: "Apareceu no meu quintal, manso e bem cuidado. Está comigo até acharmos a família.",
      },
      mingau,
    ],
    [
      volunteerId,
      {
        tipo: "encontrado",
        especie: "cao",
        porte: "medio",
        sexo: "femea",
        cores: ["preto", "branco"],
        data: day(-5),
        cidade: "Rio de Janeiro (RJ)",
        bairro: "Tijuca",
        descricao: "Cadela de coleira azul, perto da praça Saens Peña.",
      },
      await drawPortrait("cao", 1),
    ],
  ];
  const ids: string[] = [];
  for (const [authorId, input, photo] of reports) {
    const made = await createReport(db, NO_JOBS, authorId, input, [photo], new Date(now));
    if (!made.ok) throw new Error(`Demo: anúncio recusado (${made.failure.kind})`);
    ids.push(made.value);
  }
  // The dog the volunteer found was taken in by the ONG's shelter during the rains (an emergency).
  const [rains] = await db
    .insert(emergencies)
    .values({ nome: "Chuvas de novembro no Rio (demonstração)", cidades: [3304557, 3303302], inicio: day(-7) })
    .returning({ id: emergencies.id });
  await db
    .update(lostFoundReports)
    .set({ emergencyId: rains!.id, organizationId })
    .where(eq(lostFoundReports.id, ids[2]!));
  // A protetora of Tijuca lost her dog there the day before the volunteer found one like her: the
  // ONG's home lists the likely match (issue 62). She also asks the ONG to take in a cat she rescued.
  const neighbour = await insertAccount(db, { ...DEMO_NEIGHBOUR, emailConfirmedAt: new Date(now) });
  const lost = await createReport(
    db,
    NO_JOBS,
    neighbour.id,
    {
      tipo: "perdido",
      especie: "cao",
      porte: "medio",
      sexo: "femea",
      cores: ["preto", "branco"],
      nome: "Pretinha",
      data: day(-6),
      cidade: "Rio de Janeiro (RJ)",
      bairro: "Tijuca",
      descricao: "Fugiu no portão. Usa coleira azul e atende pelo nome.",
    },
    [reports[2]![2]],
    new Date(now),
  );
  if (!lost.ok) throw new Error(`Demo: anúncio recusado (${lost.failure.kind})`);
  const rescued = await publishPet(db, {
    caretakerId: neighbour.id,
    nome: "Tico",
    especie: "gato",
    idade: 4,
    idade__unidade: "meses",
    porte: "pequeno",
    perfil: "Curioso e brincalhão",
    cidade: "Rio de Janeiro",
    uf: "RJ",
    photos: [await drawPortrait("gato", 6)],
  });
  const asked = await requestTransfer(db, NO_JOBS, neighbour.id, rescued, organizationId);
  if (!asked.ok) throw new Error(`Demo: transferência recusada (${asked.failure.kind})`);
  // The foster home saw the match and wrote to Mingau's family; the family's answer waits to be read.
  const [talk] = await db
    .insert(conversations)
    .values({
      reportId: ids[0]!,
      adopterId: fosterId,
      caretakerId: adopterId,
      lastMessageAt: new Date(now - 60 * 60_000),
    })
    .returning({ id: conversations.id });
  const said = [
    [fosterId, "Oi! Acho que o gato que apareceu no meu quintal é o Mingau: laranja, com mancha branca no peito.", 180],
    [adopterId, "Meu Deus, pela foto é ele! Posso buscar hoje à tarde? Obrigada por cuidar dele.", 60],
  ] as const;
  await db.insert(conversationMessages).values(
    said.map(([authorId, texto, minutesAgo], index) => ({
      conversationId: talk!.id,
      authorId,
      texto,
      createdAt: new Date(now - minutesAgo * 60_000),
      notifiedAt: new Date(now),
      readAt: index === said.length - 1 ? null : new Date(now - (minutesAgo - 5) * 60_000),
    })),
  );
}

const NO_JOBS: Jobs = { send: async () => undefined, sendMany: async () => undefined, wake: () => undefined };

/**
 * An approved application taken to adoption as the site does it: the termo issued, signed by
 * the adopter (CPF and address sealed) and by the caretaker, at `signedAt`; the adoption's
 * check-ins are scheduled from then.
 */
async function adoptThroughTermo(
  tx: Db,
  { vault, publicUrl }: DemoOptions,
  parties: {
    applicationId: string;
    adopter: { id: string; nome: string };
    caretaker: { id: string; nome: string };
    signedAt: Date;
  },
) {
  const { applicationId, adopter, caretaker, signedAt } = parties;
  const issued = await issueTermo(tx, NO_JOBS, { userId: caretaker.id, applicationId }, signedAt);
  if (!issued.ok) throw new Error(`Demo: termo não emitido (${issued.failure.kind})`);
  const context = { applicationId, ip: "127.0.0.1", userAgent: "Adopet (dados de demonstração)", publicUrl };
  const signatures = [
    [
      adopter.id,
      {
        nome_completo: adopter.nome,
        cpf: "52998224725",
        endereco: "Rua Coronel Moreira César, 200, Icaraí, Niterói (RJ)",
        cep: "24230052",
        concordo: true,
      },
    ],
    [caretaker.id, { nome_completo: caretaker.nome, concordo: true }],
  ] as const;
  for (const [index, [userId, input]] of signatures.entries()) {
    const at = new Date(signedAt.getTime() + index * 60 * 60_000);
    const signed = await signTermo(tx, vault, NO_JOBS, { ...context, userId }, input, at);
    if (!signed.ok) throw new Error(`Demo: termo não assinado (${signed.failure.kind})`);
  }
}

/** The e-mails of the demo's accounts, whose passwords the README publishes. */
const DEMO_EMAILS = [
  DEMO_CARETAKER.email,
  DEMO_ADOPTER.email,
  DEMO_PENDING_ONG.email,
  ...DEMO_TEAM.map((member) => member.email),
];

/** Whether any demo account (its password published) is in this database. */
export async function hasDemoAccounts(db: Db): Promise<boolean> {
  const [row] = await db.select({ total: count() }).from(users).where(inArray(users.email, DEMO_EMAILS));
  return (row?.total ?? 0) > 0;
}

// Shared by every app server: two starting at once seed once.
const SEED_LOCK_KEY = 7_361_843;

/**
 * Loads the demo caretaker and pets into a database that has no accounts yet.
 * Returns false (and writes nothing) when the database already has data.
 */
export async function seedDemoData(db: Db, options: DemoOptions): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [row] = await tx.select({ total: count() }).from(users);
    if ((row?.total ?? 0) > 0) return false;
    const txDb = tx as unknown as Db;
    const now = Date.now();
    // Every demo account has opened its confirmation link.
    const account = (record: Omit<AccountRecord, "emailConfirmedAt">) =>
      insertAccount(txDb, { ...record, emailConfirmedAt: new Date(now) });
    const caretaker = await account(DEMO_CARETAKER);
    // An ONG an operator has checked: its pages show the verified badge.
    await tx
      .update(users)
      .set({ tipo: "ong", cnpj: DEMO_CNPJ, nomePublico: DEMO_CARETAKER.nome, verifiedAt: new Date(now) })
      .where(eq(users.id, caretaker.id));
    // The ONG as a team: its organisation (as its first animal would make it), and two more members.
    const organizationId = await ownOrganization(txDb, caretaker.id);
    const sharp = await loadSharp();
    const logo = await prepareImage(await sharp(Buffer.from(pawLogoSvg())).png().toBuffer(), ["png"], "demo-seed");
    await tx
      .update(organizations)
      .set({ logoId: await saveImage(txDb, logo) })
      .where(eq(organizations.id, organizationId));
    // Gifts by Pix (issue 46), so `Apadrinhe` and `Doe` show on its pages.
    await tx.insert(organizationPix).values({
      organizationId,
      tipo: "aleatoria",
      chave: DEMO_PIX_KEY,
      nomeRecebedor: DEMO_PIX_RECEIVER,
      cidadeRecebedor: "Rio de Janeiro",
      updatedBy: caretaker.id,
      updatedAt: new Date(now),
    });
    const team = new Map<string, string>();
    for (const { papel, ...member } of DEMO_TEAM) {
      const person = await account({ ...member, cidade: "Rio de Janeiro", uf: "RJ" });
      await addMember(txDb, organizationId, person.id, papel);
      team.set(papel, person.id);
    }
    // The team's foster home also offers a home to any organisation nearby (issue 44).
    const fostered = await saveOffer(
      txDb,
      team.get("lar_temporario")!,
      {
        cidade: "Rio de Janeiro",
        uf: "RJ",
        especies: ["cao", "gato"],
        portes: ["pequeno", "medio"],
        quantos: 2,
        tem_animais: true,
        tem_criancas: false,
        tela_nas_janelas: true,
        observacoes: "Casa com quintal murado; trabalho em casa.",
      },
      new Date(now),
    );
    if (!fostered.ok) throw new Error(`Oferta de lar temporário da demonstração: ${fostered.failure.kind}`);
    // The team's volunteer answers Dunga's application and conversation (issue 43).
    const volunteer = team.get("equipe")!;
    // Newest first in the feed: the first demo pet gets the latest date. Each its own palette.
    const ids: string[] = [];
    for (const [index, pet] of DEMO_PETS.entries()) {
      ids.push(
        await publishPet(txDb, {
          ...pet,
          caretakerId: caretaker.id,
          createdAt: new Date(now - index * 60_000),
          photos: [await drawPortrait(pet.especie, index)],
        }),
      );
    }
    // The foster network (issue 44): Sid waits for adoption at Marta's, Yoda (urgently) and Lua need a home.
    const today = dayInBrasilia(new Date(now));
    const [sidStay] = await tx
      .insert(fosterPlacements)
      .values({
        petId: ids[4]!,
        organizationId,
        fosterId: team.get("lar_temporario")!,
        inicio: addDays(today, -12),
        fimPrevisto: addDays(today, 30),
        placedBy: volunteer,
        createdAt: new Date(now - 12 * DAY_MS),
      })
      .returning({ id: fosterPlacements.id });
    await tx
      .update(pets)
      .set({ precisaLarTemporario: true, larUrgente: true, prazoLar: addDays(today, 20) })
      .where(eq(pets.id, ids[5]!));
    await tx.update(pets).set({ precisaLarTemporario: true }).where(eq(pets.id, ids[6]!));
    // Adopted: out of the feed, counted on the caretaker's page, its page says so.
    const bolota = await publishPet(txDb, {
      nome: "Bolota",
      especie: "gato",
      sexo: "femea",
      idade: 4,
      idade__unidade: "anos",
      porte: "pequeno",
      perfil: "Dorminhoca e carinhosa",
      castrado: "sim",
      raca: "SRD",
      pelagem: "Escaminha",
      cidade: "Niterói",
      uf: "RJ",
      caretakerId: caretaker.id,
      // Published a month before her application (the panel counts the days to her adoption).
      createdAt: new Date(now - 45 * DAY_MS),
      // The palette after the sample list's.
      photos: [await drawPortrait("gato", DEMO_PETS.length)],
    });
    // An adopter with two favourites, in a conversation about Dunga: the caretaker's inbox is not empty.
    const adopter = await account(DEMO_ADOPTER);
    // Two padrinhos (issue 46): the adopter gives R$ 30 to Dunga on the 10th, the foster home R$ 50
    // to Felícia on the 5th, since three weeks ago (the start's sweep sends this month's codes).
    for (const [padrinho, petId, valor, dia] of [
      [adopter.id, ids[0]!, 3000, 10],
      [team.get("lar_temporario")!, ids[1]!, 5000, 5],
    ] as const) {
      const sponsored = await startSponsorship(
        txDb,
        NO_JOBS,
        padrinho,
        petId,
        { valor_mensal: valor, dia, nome_publico: dia === 10 },
        new Date(now - 21 * DAY_MS),
      );
      if (!sponsored.ok) throw new Error(`Demo: apadrinhamento recusado (${sponsored.failure.kind})`);
    }
    await seedAccounts(txDb, caretaker.id, organizationId, ids, now);
    await seedLostAndFound(txDb, adopter.id, team.get("lar_temporario")!, team.get("equipe")!, organizationId, now);
    // Moderation: an ONG for an operator to verify. No demo account is an operator (their
    // passwords are published): the README makes one as a real site does, `npm run operador`.
    const pending = await account(DEMO_PENDING_ONG);
    await tx
      .update(users)
      .set({ tipo: "ong", cnpj: "36214045090938", nomePublico: "Patinhas de Maricá" })
      .where(eq(users.id, pending.id));
    // A profile two people reported: the operators' queue is not empty.
    await tx.insert(reports).values([
      {
        alvoTipo: "usuario",
        alvoId: pending.id,
        categoria: "anuncio_falso",
        texto: "Diz ser ONG, mas as fotos são as mesmas de um anúncio de venda de filhotes que vi no Instagram.",
        reporterId: adopter.id,
        reporterKey: await keyedHash(txDb, "denuncia", `conta:${adopter.id}`),
        clientKey: await keyedHash(txDb, "denuncia", "cliente:demo-adotante"),
        createdAt: new Date(now - 90 * 60_000),
      },
      {
        alvoTipo: "usuario",
        alvoId: pending.id,
        categoria: "venda_ou_golpe",
        texto: "Pediram um PIX de R$ 300 para “reservar” uma filhote.",
        reporterId: null,
        reporterKey: await keyedHash(txDb, "denuncia", "cliente:demo"),
        clientKey: await keyedHash(txDb, "denuncia", "cliente:demo"),
        createdAt: new Date(now - 30 * 60_000),
      },
    ]);
    await tx.insert(favorites).values([
      { userId: adopter.id, petId: ids[0]! },
      { userId: adopter.id, petId: ids[3]! },
    ]);
    // A visitor without an account wrote about another pet: the caretaker answers by WhatsApp or phone.
    await tx.insert(messages).values({
      petId: ids[1]!,
      recipientId: caretaker.id,
      senderId: null,
      senderNome: "Roberto Lima",
      senderTelefone: "(21) 97654-3210",
      nomeAnimal: "Felícia",
      texto: "Olá! Moro em apartamento telado em Niterói. A Felícia se dá bem com crianças?",
      createdAt: new Date(now - 45 * 60_000),
      // Demo data sends no e-mail.
      notifiedAt: new Date(now),
    });
    // Two applications: Dunga's at the interview (with the caretaker's note), a new one for another pet.
    const answers: Answers = {
      moradia: "Casa",
      imovel: "Próprio",
      permite_animais: true,
      telas: true,
      moradores: "Eu e meu marido; nossa filha tem 9 anos.",
      outros_animais: "Uma gata de 6 anos, castrada e vacinada.",
      animais_antes: "Sim: o Pingo, que viveu conosco 14 anos.",
      horas_sozinho: "Umas 4 horas, nos dias de escritório",
      viagens: "Minha mãe, que mora na mesma rua",
      motivo: "Queremos um companheiro para os passeios e para a nossa filha crescer com um cão.",
      acompanhamento: true,
    };
    const apply = async (petId: string, steps: ApplicationStatus[], minutesAgo: number) => {
      const at = (step: number) => new Date(now - (minutesAgo - step * 30) * 60_000);
      const [application] = await tx
        .insert(applications)
        .values({
          petId,
          adopterId: adopter.id,
          caretakerId: caretaker.id,
          organizationId,
          status: steps.at(-1)!,
          perguntas: DEFAULT_QUESTIONS,
          respostas: answers,
          createdAt: at(0),
          updatedAt: at(steps.length - 1),
        })
        .returning({ id: applications.id });
      await tx.insert(applicationEvents).values(
        steps.map((status, step) => ({
          applicationId: application!.id,
          status,
          actor: step === 0 ? ("adotante" as const) : ("responsavel" as const),
          createdAt: at(step),
        })),
      );
      // Every application has its conversation (issue 20).
      await tx
        .insert(conversations)
        .values({ petId, adopterId: adopter.id, caretakerId: caretaker.id, organizationId, createdAt: at(0) });
      return application!.id;
    };
    const dunga = await apply(ids[0]!, ["nova", "em_analise", "entrevista"], 600);
    await tx.update(applications).set({ assignedTo: volunteer }).where(eq(applications.id, dunga));
    await tx
      .insert(applicationNotes)
      .values({ applicationId: dunga, texto: "Entrevista marcada para sábado, 10h, por vídeo." });
    await apply(ids[3]!, ["nova"], 120);
    // Sid: the adopter visits him at Marta's, his foster home, in three days (issue 44).
    const sid = await apply(ids[4]!, ["nova", "em_analise", "visita"], 900);
    await tx
      .update(applications)
      .set({
        visitaLocal: "lar_temporario",
        visitaEm: brasiliaTime(addDays(today, 3), 15),
        visitaPlacementId: sidStay!.id,
      })
      .where(eq(applications.id, sid));
    // Sirius: approved and reserved, its termo de adoção issued and waiting for the adopter to sign.
    const sirius = await apply(ids[2]!, ["nova", "em_analise", "aprovada"], 1_500);
    await tx
      .update(pets)
      .set({ reservedAt: new Date(now - 1_440 * 60_000) })
      .where(eq(pets.id, ids[2]!));
    await writeTermo(
      txDb,
      {
        id: sirius,
        status: "aprovada",
        petId: ids[2]!,
        adopterId: adopter.id,
        caretakerId: caretaker.id,
        organizationId,
      },
      dayInBrasilia(new Date(now + 180 * 24 * 60 * 60_000)),
      new Date(now - 1_400 * 60_000),
    );
    // Bolota: adopted by the demo adopter 10 days ago, the termo signed by both. The ONG asks for
    // news on the 3rd day too: that check-in went unanswered for a week (the team's `Hoje` lists
    // it), and the 7th day's is due.
    await saveCheckinDays(txDb, caretaker.id, organizationId, [3, 7, 30, 90]);
    const bolotaApplication = await apply(bolota, ["nova", "em_analise", "aprovada"], 21_600);
    await adoptThroughTermo(txDb, options, {
      applicationId: bolotaApplication,
      adopter: { id: adopter.id, nome: "Carla Souza Mendes" },
      caretaker: { id: caretaker.id, nome: "Helena Ribeiro" },
      signedAt: new Date(now - 10 * DAY_MS),
    });
    await tx
      .update(checkins)
      .set({ sentAt: sql`${checkins.dueAt}`, caretakerAlertedAt: new Date(now - 60 * 60_000) })
      .where(
        and(
          eq(checkins.dia, 3),
          sql`${checkins.adoptionId} = (select id from ${adoptions} where ${adoptions.applicationId} = ${bolotaApplication})`,
        ),
      );
    // Her happy ending, told by the adopter with a photo and published by the caretaker.
    const story = await shareStory(
      txDb,
      NO_JOBS,
      adopter.id,
      bolotaApplication,
      {
        historia:
          "A Bolota chegou desconfiada e passou o primeiro dia embaixo da cama. Hoje dorme na janela da sala, " +
          "pede carinho quando chegamos do trabalho e já ganhou a nossa filha, que lê histórias para ela à noite.",
        foto: await drawPortrait("gato", 2),
      },
      new Date(now - 4 * DAY_MS),
    );
    const published =
      story.ok &&
      (await reviewStory(
        txDb,
        caretaker.id,
        bolotaApplication,
        // The version told: the moment it was shared.
        { decisao: "publicar", versao: new Date(now - 4 * DAY_MS).toISOString() },
        new Date(now - 3 * DAY_MS),
      ));
    if (!published || !published.ok) throw new Error("Demo: final feliz não publicado");
    // Health records (issue 45): Sid's, kept by the team and Marta, with a dose due in five days
    // and a course of medicine; Bolota's, which went with her to the adopter.
    const marta = team.get("lar_temporario")!;
    const day = (days: number) => addDays(today, days);
    const v10 = { tipo: "vacina", nome: "V10", vacina: "v10", produto: "Vanguard Plus" } as const;
    await tx.insert(petHealthEntries).values(
      (
        [
          // The first dose's reminder (day -39) closed by the second, typed "V10 Vanguard Plus" (issue 63).
          { ...v10, data: day(-60), lote: "V10-2291", proximaDose: day(-39), autor: volunteer },
          { ...v10, data: day(-37), lote: "V10-2307", proximaDose: day(5), autor: volunteer },
          {
            tipo: "vacina",
            nome: "Antirrábica",
            vacina: "antirrabica",
            data: day(-37),
            lote: "RAB-118",
            proximaDose: day(328),
            autor: volunteer,
          },
          { tipo: "vermifugo", produto: "Drontal Plus", data: day(-20), proximaDose: day(70), autor: volunteer },
          { tipo: "antipulgas", produto: "Bravecto", data: day(-12), proximaDose: day(78), autor: marta },
          { tipo: "peso", data: day(-60), gramas: 9_800, autor: volunteer },
          { tipo: "peso", data: day(-2), gramas: 12_400, autor: marta },
          {
            tipo: "consulta",
            data: day(-3),
            motivo: "Tosse e espirros depois de um banho frio.",
            clinica: "Clínica Vet Botafogo",
            autor: marta,
          },
          {
            tipo: "medicamento",
            nome: "Amoxicilina 250 mg",
            dose: "1 comprimido",
            horarios: ["08:00", "20:00"] as string[],
            data: day(-3),
            ate: day(4),
            observacoes: "Dar com comida.",
            autor: marta,
          },
        ] as const
      ).map(({ autor, ...entry }) => ({
        ...entry,
        petId: ids[4]!,
        authorId: autor,
        autorPapel: autor === marta ? ("lar_temporario" as const) : ("equipe" as const),
        createdAt: new Date(now),
      })),
    );
    await tx.insert(petHealthEntries).values(
      (
        [
          { tipo: "exame", nome: "FIV/FeLV (teste rápido)", data: day(-40), resultado: "Negativo para ambos" },
          { tipo: "vacina", nome: "V4", vacina: "v4", data: day(-35), lote: "V4-0932", proximaDose: day(330) },
          { tipo: "castracao", data: day(-30), clinica: "Castramóvel de Niterói" },
        ] as const
      ).map((entry) => ({
        ...entry,
        petId: bolota,
        authorId: caretaker.id,
        autorPapel: "equipe" as const,
        createdAt: new Date(now),
      })),
    );
    // Yoda's dewormer is late: the team's home (`Hoje`) and `Dose atrasada` on its animals say so (issue 62).
    // His rescue's vaccine, copied from a card hard to read, matches no one vaccine: `Saúde` lists it (issue 63).
    await tx.insert(petHealthEntries).values(
      [
        { tipo: "vermifugo" as const, produto: "Drontal Plus", data: day(-100), proximaDose: day(-10) },
        { tipo: "vacina" as const, nome: "V3 ou V4 (carteira ilegível)", data: day(-120) },
      ].map((entry) => ({
        ...entry,
        petId: ids[5]!,
        authorId: volunteer,
        autorPapel: "equipe" as const,
        createdAt: new Date(now),
      })),
    );
    await deriveFromRecord(txDb, ids[4]!);
    await deriveFromRecord(txDb, ids[5]!);
    await deriveFromRecord(txDb, bolota);
    // Marta's news of Sid waits for the team's approval.
    await tx.insert(petNews).values({
      petId: ids[4]!,
      organizationId,
      authorId: marta,
      texto: "O Sid aprendeu a sentar para ganhar petisco e já dorme a noite toda sem chorar.",
      status: "pendente",
      createdAt: new Date(now - 5 * 60 * 60_000),
    });
    // Dunga's conversation: the interview being arranged, the adopter's last message unread.
    const [talk] = await tx
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.petId, ids[0]!), eq(conversations.adopterId, adopter.id)));
    const said = [
      // The adopter's first words, from the contact form.
      [adopter.id, "Olá! Tenho quintal telado e tempo para passeios. Posso conhecer o Dunga neste sábado?", 590],
      [caretaker.id, "Oi, Carla! Li suas respostas: podemos fazer a entrevista por vídeo no sábado às 10h?", 300],
      [adopter.id, "Pode ser! Meu marido também vai participar. Precisamos preparar alguma coisa?", 280],
      [
        volunteer,
        "Aqui é o Lucas, voluntário da ONG: só mostrar o quintal e onde o Dunga vai dormir. Até sábado!",
        240,
      ],
      [adopter.id, "Combinado. Obrigada!", 200],
    ] as const;
    await tx.insert(conversationMessages).values(
      said.map(([authorId, texto, minutesAgo], index) => ({
        conversationId: talk!.id,
        authorId,
        texto,
        createdAt: new Date(now - minutesAgo * 60_000),
        // Demo data sends no e-mail; the adopter's last message waits to be read.
        notifiedAt: new Date(now),
        readAt: index === said.length - 1 ? null : new Date(now - (minutesAgo - 5) * 60_000),
      })),
    );
    await tx
      .update(conversations)
      .set({ lastMessageAt: new Date(now - said.at(-1)![2] * 60_000), assignedTo: volunteer })
      .where(eq(conversations.id, talk!.id));
    // Two saved searches: cats near Niterói in a daily digest, small dogs at once.
    const demo = { limited: false };
    await createAlert(
      txDb,
      adopter.id,
      { filtros: { especie: "gato", perto: "Niterói (RJ)", raio: 25 }, frequencia: "diaria" },
      demo,
    );
    await createAlert(
      txDb,
      adopter.id,
      { filtros: { especie: "cao", porte: "pequeno" }, frequencia: "imediata" },
      demo,
    );
    return true;
  });
}

const BENCH_NAMES = [
  "Bidu",
  "Mel",
  "Pipoca",
  "Thor",
  "Luna",
  "Paçoca",
  "Nina",
  "Bob",
  "Mia",
  "Tobias",
  "Frida",
  "Chico",
  "Amora",
  "Fubá",
  "Jujuba",
  "Pretinha",
];
const BENCH_PROFILES = [
  "Calmo e educado",
  "Ativa e carinhosa",
  "Brincalhão e amável",
  "Dócil e tranquila",
  "Curioso e esperto",
  "Tímida no começo, depois grudenta",
  "Adora passear e correr",
  "Companheiro para todas as horas",
];
const BENCH_STORIES = [
  "Foi resgatado de uma rua movimentada e já está pronto para um lar.",
  "Chegou ao abrigo com a mãe e os irmãos; é o último da ninhada.",
  "Viveu anos num quintal e agora aprende a ser bicho de dentro de casa.",
  null,
];

/** A small deterministic generator (mulberry32): the same seed, the same data set. */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Pets written per statement: well within PostgreSQL's 65,535 parameters. */
const BULK_BATCH = 1_000;

/**
 * Loads `total` more pets, for benchmarks, in batches (`insertPetsInBulk`): the rows the
 * publishing service writes, with a few drawn portraits shared between pets (stored once),
 * caretakers of `perCaretaker` pets each, and cities as adoption is spread in Brazil: three
 * in ten in a state capital, the rest anywhere in the country. Every part of the record
 * varies. Deterministic.
 */
export async function seedManyPets(
  db: Db,
  total: number,
  { perCaretaker = 200, onProgress }: { perCaretaker?: number; onProgress?: (done: number) => void } = {},
): Promise<void> {
  const portraits: Record<"cao" | "gato", string[]> = { cao: [], gato: [] };
  for (const species of ["cao", "gato"] as const) {
    for (let palette = 0; palette < 9; palette += 1) {
      const prepared = await prepareImage(await drawPortrait(species, palette), ["png"], "demo-seed");
      portraits[species].push(await saveImage(db, prepared));
    }
  }
  const cities = await listCities(db);
  const capitals = cities.filter((city) => city.capital);
  const random = generator(total);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const passwordHash = await hashPassword(`${randomUUID()}Aa1!`);
  const start = Date.now() - total * 60_000;
  const caretakers = new Map<number, { caretakerId: string; organizationId: string }>();
  for (let done = 0; done < total; done += BULK_BATCH) {
    const size = Math.min(BULK_BATCH, total - done);
    // This batch's new caretakers, in one statement; nobody can log in as them.
    const needed: number[] = [];
    for (
      let index = Math.floor(done / perCaretaker);
      index <= Math.floor((done + size - 1) / perCaretaker);
      index += 1
    ) {
      if (!caretakers.has(index)) needed.push(index);
    }
    const made = await db
      .insert(users)
      .values(
        needed.map((index) => ({
          email: `bench-${index}-${start}@exemplo.com`,
          nome: `Protetora de Teste ${index}`,
          passwordHash,
          emailConfirmedAt: new Date(),
        })),
      )
      .returning({ id: users.id, nome: users.nome });
    // Each with an organisation of their own, as publishing would make it.
    const organized = made.length
      ? await db
          .insert(organizations)
          .values(made.map((row) => ({ nome: row.nome, ownAccountOf: row.id })))
          .returning({ id: organizations.id, userId: organizations.ownAccountOf })
      : [];
    if (organized.length) {
      await db
        .insert(organizationMembers)
        .values(
          organized.map((row) => ({ organizationId: row.id, userId: row.userId!, papel: "administrador" as const })),
        );
    }
    organized.forEach((row, position) =>
      caretakers.set(needed[position]!, { caretakerId: row.userId!, organizationId: row.id }),
    );
    const batch: BulkPet[] = [];
    for (let offset = 0; offset < size; offset += 1) {
      const index = done + offset;
      const owner = caretakers.get(Math.floor(index / perCaretaker))!;
      const especie = random() < 0.08 ? "outro" : random() < 0.55 ? "cao" : "gato";
      const unit = pick(["dias", "meses", "anos"] as const);
      const city = random() < 0.3 ? pick(capitals) : pick(cities);
      const castrado = pick(["sim", "nao", "agendado", null] as const);
      batch.push({
        ...owner,
        city,
        createdAt: new Date(start + index * 60_000),
        imageIds: [pick(portraits[especie === "gato" ? "gato" : "cao"])],
        input: {
          nome: `${pick(BENCH_NAMES)} ${index}`.slice(0, 20),
          especie,
          idade:
            unit === "dias"
              ? 20 + Math.floor(random() * 300)
              : unit === "meses"
                ? 1 + Math.floor(random() * 30)
                : 1 + Math.floor(random() * 15),
          idade__unidade: unit,
          porte: pick(["pequeno", "medio", "medio_grande", "grande"] as const),
          perfil: pick(BENCH_PROFILES),
          cidade: city.nome,
          uf: city.uf as PetInput["uf"],
          status: "disponivel",
          sexo: pick(["macho", "femea"] as const),
          castrado,
          castracao_data: castrado === "agendado" ? "2027-03-01" : null,
          vacinas: especie === "outro" ? [] : random() < 0.6 ? [...VACCINES_BY_SPECIES[especie]].slice(0, 2) : [],
          vermifugado: pick([true, false, null]),
          microchip: null,
          raca: null,
          pelagem: null,
          convive_com: (["criancas", "caes", "gatos"] as const).filter(() => random() < 0.4),
          necessidades_especiais: null,
          historia: pick(BENCH_STORIES),
          taxa_adocao: random() < 0.2 ? 5_000 : null,
        },
      });
    }
    await insertPetsInBulk(db, batch);
    onProgress?.(done + size);
  }
}
