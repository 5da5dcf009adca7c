import { and, asc, desc, eq, inArray, isNotNull, lt, sql } from "drizzle-orm";
import { type Db } from "~/db/client.server";
import { applicationEvents, applicationNotes, applications, pets } from "~/db/schema";

/** Applications and privacy: closed answers erased after their retention, and a person's own in their data export. */

/** Days the answers of a closed application are kept (LGPD: no longer than needed); APPLICATION_RETENTION_DAYS. */
const APPLICATION_RETENTION_DAYS = 180;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Erases the answers of applications closed for longer than the retention: declined,
 * withdrawn, and those left open (the waiting list) for an animal since adopted or removed;
 * the approved (or adopted) one of an adopted animal is the adoption's record and stays. The timeline stays.
 */
export async function eraseClosedAnswers(db: Db, now: Date, days = APPLICATION_RETENTION_DAYS): Promise<number> {
  const before = new Date(now.getTime() - days * DAY_MS);
  const erased = await db
    .update(applications)
    .set({ respostas: null, perguntas: null, answersErasedAt: now })
    .where(
      and(
        isNotNull(applications.respostas),
        lt(applications.updatedAt, before),
        // The rest (but the adoption itself) close when the animal is adopted or removed: counted from
        // then (an adopted animal's listing hidden by moderation is still adopted).
        // A returned adoption's, counted from the return.
        sql`(${applications.status} in ('recusada', 'desistiu', 'devolvida') or exists (
          select 1 from pets p where p.id = "applications"."pet_id"
          and (case when p.status = 'oculto' then p.status_before_hidden else p.status end) in ('adotado', 'removido')
          and p.updated_at < ${before} and (${applications.status} not in ('aprovada', 'adotada') or p.status = 'removido')))`,
      ),
    )
    .returning({ id: applications.id });
  return erased.length;
}

/**
 * A person's applications for their data export: those they sent, with their answers and
 * timeline; those received for their animals, with their own notes (the answers there are
 * the adopters' data, in the adopters' exports).
 */
export async function applicationsForExport(db: Db, userId: string) {
  const [sent, received] = await Promise.all([
    db
      .select({
        id: applications.id,
        petNome: pets.nome,
        status: applications.status,
        motivo: applications.motivo,
        perguntas: applications.perguntas,
        respostas: applications.respostas,
        createdAt: applications.createdAt,
        visitaLocal: applications.visitaLocal,
        visitaEm: applications.visitaEm,
      })
      .from(applications)
      .innerJoin(pets, eq(pets.id, applications.petId))
      .where(eq(applications.adopterId, userId))
      .orderBy(desc(applications.createdAt)),
    db
      .select({
        id: applications.id,
        petNome: pets.nome,
        status: applications.status,
        createdAt: applications.createdAt,
      })
      .from(applications)
      .innerJoin(pets, eq(pets.id, applications.petId))
      .where(eq(applications.caretakerId, userId))
      .orderBy(desc(applications.createdAt)),
  ]);
  // An id no row has: `in ()` is not SQL, and either list may be empty.
  const NO_ID = "00000000-0000-0000-0000-000000000000";
  const [events, notes] = await Promise.all([
    db
      .select({
        applicationId: applicationEvents.applicationId,
        status: applicationEvents.status,
        motivo: applicationEvents.motivo,
        at: applicationEvents.createdAt,
      })
      .from(applicationEvents)
      .where(inArray(applicationEvents.applicationId, sent.map((row) => row.id).concat(NO_ID)))
      .orderBy(asc(applicationEvents.createdAt)),
    db
      .select({
        applicationId: applicationNotes.applicationId,
        texto: applicationNotes.texto,
        at: applicationNotes.createdAt,
      })
      .from(applicationNotes)
      .where(inArray(applicationNotes.applicationId, received.map((row) => row.id).concat(NO_ID)))
      .orderBy(asc(applicationNotes.createdAt)),
  ]);
  const iso = (date: Date | string) => new Date(date).toISOString();
  return {
    enviadas: sent.map((row) => ({
      id: row.id,
      pet: { nome: row.petNome },
      status: row.status,
      motivo: row.motivo,
      perguntas: row.perguntas,
      respostas: row.respostas,
      criada_em: iso(row.createdAt),
      // Where the visit was arranged (issue 44), never whose home.
      visita: row.visitaLocal ? { local: row.visitaLocal, em: row.visitaEm ? iso(row.visitaEm) : null } : null,
      historico: events
        .filter((event) => event.applicationId === row.id)
        .map((event) => ({ status: event.status, motivo: event.motivo, em: iso(event.at) })),
    })),
    recebidas: received.map((row) => ({
      id: row.id,
      pet: { nome: row.petNome },
      status: row.status,
      criada_em: iso(row.createdAt),
      notas: notes
        .filter((note) => note.applicationId === row.id)
        .map((note) => ({ texto: note.texto, em: iso(note.at) })),
    })),
  };
}
