import { and, asc, count, desc, eq, isNotNull, isNull, ne, sql } from "drizzle-orm";
import { formatCnpj } from "@brazilian-utils/brazilian-utils/format-cnpj";
import type { Db } from "~/db/client.server";
import { auditLog, organizations, users } from "~/db/schema";
import { publicDataChanged } from "~/domain/pets/public-reads.server";
import { countReportedTargets } from "./reports.server";
import { fail, notFound, ok, type Result } from "~/services/outcome.server";

/**
 * Operators (issue 22): people who moderate the site. The role is granted and removed only
 * from the command line (`npm run operador`), never from the web; every operator action
 * writes a row of the audit log (who, what, when, why), which the database keeps read-only.
 */

/** Grants (`on`) or removes the operator role of the account with this e-mail. */
export async function setOperator(db: Db, email: string, on: boolean): Promise<Result<{ nome: string }>> {
  const [row] = await db
    .update(users)
    .set({ operador: on })
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .returning({ nome: users.nome });
  return row ? ok(row) : notFound("user");
}

export type Operator = { id: string; nome: string };

export type OngToVerify = {
  id: string;
  nome: string;
  nomePublico: string;
  cnpj: string;
  local: string | null;
  desde: Date;
  /** Other accounts waiting with the same CNPJ (issue 41): the operator decides which is the ONG. */
  concorrentes: { id: string; nomePublico: string; nome: string; email: string }[];
};

const waitingOngs = and(eq(users.tipo, "ong"), isNull(users.verifiedAt), isNotNull(users.cnpj));

/** What waits for an operator (the operators' menu count): reported targets and ONGs to check. */
export async function countModerationWork(db: Db): Promise<number> {
  const [[ongs], reported] = await Promise.all([
    db.select({ total: count() }).from(users).where(waitingOngs),
    countReportedTargets(db),
  ]);
  return (ongs?.total ?? 0) + reported;
}

/** ONGs whose CNPJ no operator has checked yet, oldest first. */
export async function listOngsToVerify(db: Db): Promise<OngToVerify[]> {
  const rows = await db
    .select({
      id: users.id,
      nome: users.nome,
      nomePublico: users.nomePublico,
      cnpj: users.cnpj,
      email: users.email,
      cidade: users.cidade,
      uf: users.uf,
      desde: users.updatedAt,
    })
    .from(users)
    .where(waitingOngs)
    .orderBy(users.updatedAt)
    .limit(200);
  const claims = new Map<string, typeof rows>();
  for (const row of rows) claims.set(row.cnpj!, [...(claims.get(row.cnpj!) ?? []), row]);
  return rows.map((row) => ({
    id: row.id,
    nome: row.nome,
    nomePublico: row.nomePublico ?? row.nome,
    cnpj: formatCnpj(row.cnpj!, { version: 2 }),
    local: row.cidade ? `${row.cidade}${row.uf ? ` (${row.uf})` : ""}` : null,
    desde: new Date(row.desde),
    concorrentes: claims
      .get(row.cnpj!)!
      .filter((other) => other.id !== row.id)
      .map((other) => ({
        id: other.id,
        nomePublico: other.nomePublico ?? other.nome,
        nome: other.nome,
        email: other.email,
      })),
  }));
}

/**
 * Marks an ONG verified, with the operator's reason in the audit log, in one transaction. The
 * other accounts that claimed its CNPJ (issue 41) lose the claim: they are people again, without
 * CNPJ or public name (the CNPJ is now the verified ONG's alone), and the log says how many.
 */
export async function verifyOng(db: Db, operator: Operator, ongId: string, motivo: string): Promise<Result> {
  const done = await db.transaction(async (tx) => {
    const [claim] = await tx.select({ cnpj: users.cnpj }).from(users).where(eq(users.id, ongId)).limit(1);
    // Every claim of the CNPJ locked in one order: two operators verifying rivals at once wait for each other.
    if (claim?.cnpj) {
      await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.cnpj, claim.cnpj))
        .orderBy(asc(users.id))
        .for("update");
    }
    const [ong] = await tx
      .update(users)
      .set({ verifiedAt: new Date() })
      .where(and(eq(users.id, ongId), eq(users.tipo, "ong"), isNull(users.verifiedAt), isNotNull(users.cnpj)))
      .returning({ nomePublico: users.nomePublico, cnpj: users.cnpj });
    if (!ong) return false;
    // The ONG's own organisation (issue 43) wears the badge too, with the name and CNPJ checked,
    // unless another organisation holds that CNPJ verified already.
    await tx
      .update(organizations)
      .set({
        nome: ong.nomePublico ?? sql`${organizations.nome}`,
        cnpj: ong.cnpj,
        verifiedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(organizations.ownAccountOf, ongId),
          sql`not exists (select 1 from ${organizations} as other where other.cnpj = ${ong.cnpj} and other.verified_at is not null)`,
        ),
      );
    const dropped = await tx
      .update(users)
      .set({ tipo: "pessoa", cnpj: null, nomePublico: null, verifiedAt: null, updatedAt: new Date() })
      .where(and(eq(users.cnpj, ong.cnpj!), ne(users.id, ongId)))
      .returning({ id: users.id });
    const others = dropped.length === 0 ? "" : `; ${dropped.length} outro(s) pedido(s) do mesmo CNPJ desfeito(s)`;
    await tx.insert(auditLog).values({
      operatorId: operator.id,
      operatorNome: operator.nome,
      acao: "verificar_ong",
      alvoTipo: "usuario",
      alvoId: ongId,
      alvoDescricao: `${ong.nomePublico} (CNPJ ${formatCnpj(ong.cnpj!, { version: 2 })})${others}`,
      motivo,
    });
    return true;
  });
  if (!done) return fail({ kind: "not-found", subject: "user" });
  // Pages show the badge.
  publicDataChanged(db);
  return ok();
}

export type AuditEntry = {
  id: string;
  operador: string;
  acao: string;
  alvo: string;
  motivo: string;
  em: Date;
};

/** The audit log, newest first. */
export async function listAuditLog(db: Db, limit = 100): Promise<AuditEntry[]> {
  const rows = await db.select().from(auditLog).orderBy(desc(auditLog.createdAt)).limit(limit);
  return rows.map((row) => ({
    id: row.id,
    operador: row.operatorNome,
    acao: row.acao,
    alvo: row.alvoDescricao,
    motivo: row.motivo,
    em: new Date(row.createdAt),
  }));
}
