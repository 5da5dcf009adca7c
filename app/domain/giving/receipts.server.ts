import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { donations, organizations, pets, sponsorshipCharges, sponsorships, users } from "~/db/schema";
import { DonationReceiptEmail, donationReceiptSubject } from "~/emails/receipt.server";
import { renderEmail } from "~/emails/render.server";
import { reaisInWords } from "~/lib/amount-in-words.server";
import { dayInBrasilia, formatDay } from "~/lib/dates";
import { formatCnpj } from "~/lib/organizations";
import { monthInWords } from "~/lib/panel";
import { formatReais } from "~/lib/pix";
import { caresFor } from "~/domain/organizations/membership.server";
import { sendMailOnce, type Mailer } from "~/services/mail.server";
import { notFound, ok, type Result } from "~/services/outcome.server";
import { finishPdf, PDF_GREEN, PDF_GREY, startPdf } from "~/services/pdf.server";

/**
 * A confirmed gift's `recibo` (issue 46): a PDF the organisation's team downloads for any gift,
 * and the padrinho for the months they paid (their receipt is e-mailed when a month is confirmed).
 * Made on each request from the gift as it is kept.
 */

type Receipt = {
  numero: string;
  organizacao: { nome: string; cnpj: string | null };
  doador: string | null;
  valorCentavos: number;
  data: string;
  pet: string | null;
  mes: string | null;
};

async function receiptOf(db: Db, donationId: string) {
  const [row] = await db
    .select({
      id: donations.id,
      organizationId: donations.organizationId,
      organizacao: organizations.nome,
      cnpj: organizations.cnpj,
      verified: organizations.verifiedAt,
      doador: donations.doador,
      padrinho: users.nome,
      valorCentavos: donations.valorCentavos,
      data: donations.data,
      pet: pets.nome,
      mes: sponsorshipCharges.mes,
      padrinhoId: sponsorships.userId,
    })
    .from(donations)
    .innerJoin(organizations, eq(organizations.id, donations.organizationId))
    .leftJoin(pets, eq(pets.id, donations.petId))
    .leftJoin(sponsorshipCharges, eq(sponsorshipCharges.id, donations.chargeId))
    .leftJoin(sponsorships, eq(sponsorships.id, sponsorshipCharges.sponsorshipId))
    .leftJoin(users, eq(users.id, sponsorships.userId))
    .where(eq(donations.id, donationId));
  return row;
}

/** The receipt's PDF, for the organisation's team and for the padrinho who paid it; anyone else: not found. */
export async function donationReceipt(
  db: Db,
  userId: string,
  donationId: string,
  now = new Date(),
): Promise<Result<{ fileName: string; pdf: Buffer }>> {
  const row = await receiptOf(db, donationId);
  if (!row || (row.padrinhoId !== userId && !(await caresFor(db, userId, row.organizationId))))
    return notFound("donation");
  const numero = row.id.replace(/-/g, "").slice(0, 10).toUpperCase();
  const pdf = await renderReceipt(
    {
      numero,
      // Only a verified CNPJ is printed: a receipt names who received.
      organizacao: { nome: row.organizacao, cnpj: row.verified ? row.cnpj : null },
      doador: row.doador ?? row.padrinho,
      valorCentavos: row.valorCentavos,
      data: row.data,
      pet: row.pet,
      mes: row.mes,
    },
    dayInBrasilia(now),
  );
  return ok({ fileName: `recibo-${numero.toLowerCase()}.pdf`, pdf });
}

const MARGIN = 56;

async function renderReceipt(receipt: Receipt, emitidoEm: string): Promise<Buffer> {
  const { doc, done, width } = await startPdf({ title: `Recibo de doação nº ${receipt.numero}`, margin: MARGIN });
  doc.font("bold").fontSize(20).fillColor(PDF_GREEN).text("Recibo de doação", { width });
  doc.moveDown(0.2).font("regular").fontSize(10).fillColor(PDF_GREY).text(`Nº ${receipt.numero}`, { width });
  doc.moveDown(1.2).font("bold").fontSize(16).fillColor("black").text(formatReais(receipt.valorCentavos), { width });
  const cnpj = receipt.organizacao.cnpj ? `, CNPJ ${formatCnpj(receipt.organizacao.cnpj)}` : "";
  const from = receipt.doador ? `de ${receipt.doador} ` : "";
  const purpose = receipt.pet
    ? receipt.mes
      ? `, como apadrinhamento de ${receipt.pet} (${monthInWords(receipt.mes)})`
      : `, destinada aos cuidados de ${receipt.pet}`
    : "";
  doc
    .moveDown(0.8)
    .font("regular")
    .fontSize(12)
    .text(
      `${receipt.organizacao.nome}${cnpj} declara que recebeu ${from}a quantia de ${formatReais(receipt.valorCentavos)} (${reaisInWords(receipt.valorCentavos)}) em ${formatDay(receipt.data)}, por Pix, como doação${purpose}.`,
      { width, lineGap: 4 },
    );
  thankAndSign(
    doc,
    width,
    `Emitido pela Adopet em ${formatDay(emitidoEm)}, a pedido de ${receipt.organizacao.nome}, a partir do registro da doação. O pagamento foi feito direto à conta da organização: a Adopet não recebe nem guarda dinheiro.`,
  );
  finishPdf(doc, `Recibo de doação nº ${receipt.numero}`, MARGIN);
  return done;
}

/** The end of a paper about gifts (a receipt, a donor's statement): the thanks, and who issued it. */
export function thankAndSign(doc: Awaited<ReturnType<typeof startPdf>>["doc"], width: number, issued: string) {
  doc
    .moveDown(1)
    .text("Obrigado por ajudar a cuidar dos animais que esperam um lar.", { width, lineGap: 4 })
    .moveDown(2)
    .fontSize(10)
    .fillColor(PDF_GREY)
    .text(issued, { width, lineGap: 2 });
}

/** The job `DONATION_RECEIPT_JOB`: the padrinho told that their month arrived, with the receipt. */
export async function sendDonationReceipt(
  db: Db,
  mailer: Mailer,
  donationId: string,
  publicUrl: string,
): Promise<void> {
  const [row] = await db
    .select({
      email: users.email,
      nome: users.nome,
      pet: pets.nome,
      organizacao: organizations.nome,
      valor: donations.valorCentavos,
      mes: sponsorshipCharges.mes,
    })
    .from(donations)
    .innerJoin(sponsorshipCharges, eq(sponsorshipCharges.id, donations.chargeId))
    .innerJoin(sponsorships, eq(sponsorships.id, sponsorshipCharges.sponsorshipId))
    .innerJoin(users, eq(users.id, sponsorships.userId))
    .innerJoin(pets, eq(pets.id, sponsorships.petId))
    .innerJoin(organizations, eq(organizations.id, donations.organizationId))
    .where(eq(donations.id, donationId));
  // Taken back before the e-mail went: nothing to thank for.
  if (!row) return;
  const content = await renderEmail(
    DonationReceiptEmail({
      nome: row.nome.split(" ")[0]!,
      pet: row.pet,
      organizacao: row.organizacao,
      valor: formatReais(row.valor),
      mes: monthInWords(row.mes),
      receiptUrl: `${publicUrl}/adopet/apadrinhamentos/recibos/${donationId}`,
    }),
  );
  await sendMailOnce(db, mailer, {
    to: row.email,
    subject: donationReceiptSubject(row.pet),
    ...content,
    idempotencyKey: `recibo.${donationId}`,
  });
}
