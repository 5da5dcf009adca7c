import { and, desc, eq, gt, inArray, isNull, ne, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import {
  applications,
  assignmentNotices,
  conversations,
  organizationActivity,
  organizations,
  users,
} from "~/db/schema";
import { AssignmentNoticeEmail, assignmentNoticeSubject } from "~/emails/assignment-notice.server";
import { renderEmail } from "~/emails/render.server";
import { firstName } from "~/lib/people";
import type { Jobs } from "~/services/jobs.server";
import { sendMailOnce, type Mailer } from "~/services/mail.server";

/**
 * Being assigned an application or a conversation e-mails the member (issue 62): one e-mail
 * listing what was assigned to them, five minutes after an assignment (so a batch goes in one),
 * and at most one an hour. What to list comes from the organisation's log: the assignments to
 * them by someone else after the last one told, still theirs when the e-mail goes.
 */

export const ASSIGNMENT_NOTICE_JOB = "assignment-notice";
export const ASSIGNMENT_GATHER_MS = 5 * 60_000;
export const ASSIGNMENT_GAP_MS = 60 * 60_000;
/** Assignments older than this are not news any more (a member back after a long time off). */
const FRESH_MS = 7 * 24 * 60 * 60_000;
const ASSIGNED = ["candidatura_atribuida", "conversa_atribuida"] as const;

export type AssignmentNoticeJob = { userId: string };

function noticeAt(jobs: Jobs, userId: string, at: Date, tx?: Db): Promise<void> {
  // One waiting job per member: a second assignment meanwhile is listed by the first job.
  return jobs.send(ASSIGNMENT_NOTICE_JOB, { userId } satisfies AssignmentNoticeJob, {
    tx,
    singletonKey: userId,
    startAfter: at,
  });
}

/** In the transaction that assigns: the member's notice, unless nobody or they themselves were assigned. */
export async function scheduleAssignmentNotice(
  jobs: Jobs,
  tx: Db,
  { assignee, actorId, at }: { assignee: string | null; actorId: string; at: Date },
): Promise<void> {
  if (assignee === null || assignee === actorId) return;
  await noticeAt(jobs, assignee, new Date(at.getTime() + ASSIGNMENT_GATHER_MS), tx);
}

type Assigned = {
  kind: "candidatura" | "conversa";
  id: string;
  /** How the log names it: the adopter and the animal. */
  nome: string;
  organizacao: string;
  por: string;
  at: Date;
};

/** What was assigned to the member by others after `after`, still theirs: newest first, one line each. */
async function assignedSince(db: Db, userId: string, after: Date): Promise<Assigned[]> {
  const rows = await db
    .selectDistinctOn([organizationActivity.alvoId], {
      acao: organizationActivity.acao,
      id: organizationActivity.alvoId,
      nome: organizationActivity.alvoNome,
      organizacao: organizations.nome,
      por: organizationActivity.actorNome,
      at: organizationActivity.createdAt,
    })
    .from(organizationActivity)
    .innerJoin(organizations, eq(organizations.id, organizationActivity.organizationId))
    .leftJoin(applications, eq(applications.id, organizationActivity.alvoId))
    .leftJoin(conversations, eq(conversations.id, organizationActivity.alvoId))
    .where(
      and(
        eq(organizationActivity.detalhePessoaId, userId),
        inArray(organizationActivity.acao, [...ASSIGNED]),
        or(isNull(organizationActivity.actorId), ne(organizationActivity.actorId, userId)),
        // In milliseconds, as `toldUntil` was read back: the newest told is not told again.
        gt(sql`date_trunc('milliseconds', ${organizationActivity.createdAt})`, after),
        or(
          and(eq(organizationActivity.acao, "candidatura_atribuida"), eq(applications.assignedTo, userId)),
          and(eq(organizationActivity.acao, "conversa_atribuida"), eq(conversations.assignedTo, userId)),
        ),
      ),
    )
    .orderBy(organizationActivity.alvoId, desc(organizationActivity.createdAt));
  return rows
    .map((row) => ({
      kind: row.acao === "candidatura_atribuida" ? ("candidatura" as const) : ("conversa" as const),
      id: row.id!,
      nome: row.nome ?? "",
      organizacao: row.organizacao,
      por: row.por,
      at: new Date(row.at),
    }))
    .sort((a, b) => b.at.getTime() - a.at.getTime());
}

/**
 * The job: e-mails the member what was assigned to them and not yet told. Told within the hour:
 * tried again when the hour is up. Nothing left (taken back meanwhile): nothing.
 */
export async function sendAssignmentNotice(
  db: Db,
  mailer: Mailer,
  jobs: Jobs,
  { userId }: AssignmentNoticeJob,
  publicUrl: string,
  now: Date,
): Promise<boolean> {
  const [member] = await db
    .select({ nome: users.nome, email: users.email, suspendedAt: users.suspendedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!member || member.suspendedAt) return false;
  const [last] = await db.select().from(assignmentNotices).where(eq(assignmentNotices.userId, userId));
  if (last && now.getTime() - last.sentAt.getTime() < ASSIGNMENT_GAP_MS) {
    await noticeAt(jobs, userId, new Date(last.sentAt.getTime() + ASSIGNMENT_GAP_MS));
    return false;
  }
  const oldest = new Date(now.getTime() - FRESH_MS);
  const after = last && last.toldUntil > oldest ? last.toldUntil : oldest;
  const assigned = await assignedSince(db, userId, after);
  if (assigned.length === 0) return false;
  const toldUntil = assigned[0]!.at;
  const sent = await sendMailOnce(
    db,
    mailer,
    {
      to: member.email,
      subject: assignmentNoticeSubject(assigned.length),
      ...(await renderEmail(
        AssignmentNoticeEmail({
          nome: firstName(member.nome),
          items: assigned.map((item) => ({
            ...item,
            url: `${publicUrl}/adopet/${item.kind === "candidatura" ? "candidaturas" : "mensagens"}/${item.id}`,
          })),
        }),
      )),
      idempotencyKey: `atribuicoes.${userId}.${toldUntil.toISOString()}`,
    },
    now,
  );
  await db
    .insert(assignmentNotices)
    .values({ userId, sentAt: now, toldUntil })
    .onConflictDoUpdate({ target: assignmentNotices.userId, set: { sentAt: now, toldUntil } });
  return sent;
}
