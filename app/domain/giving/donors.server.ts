import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { organizations } from "~/db/schema";
import { reaisInWords } from "~/lib/amount-in-words.server";
import { dayInBrasilia, formatDay } from "~/lib/dates";
import { downloadName } from "~/lib/file-names";
import { formatCnpj } from "~/lib/organizations";
import { monthInWords } from "~/lib/panel";
import { searchKey } from "~/lib/pets";
import { formatReais } from "~/lib/pix";
import { notFound, ok, type Result } from "~/services/outcome.server";
import { finishPdf, PDF_GREEN, startPdf } from "~/services/pdf.server";
import { listDonations, type DonationView } from "./ledger.server";
import { thankAndSign } from "./receipts.server";

/**
 * The organisation's donors (issue 63): its gifts joined by who gave them, whether the team typed
 * the name, the bank's statement named the payer, or a padrinho's month paid it (their account's
 * name). A name is one donor however it was written ("ROBERTO ALVES NUNES", "Roberto Alves
 * Nunes"). For its administradores and equipe: a donor's name is never public.
 */

type DonorYear = { ano: number; totalCentavos: number; doacoes: number };

type Donor = {
  /** The key a donor is found by (the name without accents or case): the statement's address. */
  chave: string;
  /** As the latest gift names them. */
  nome: string;
  totalCentavos: number;
  doacoes: number;
  /** The day of the latest gift. */
  ultima: string;
  /** Whether a gift paid a padrinho's month. */
  padrinho: boolean;
  /** The newest year first. */
  anos: DonorYear[];
  /** Their gifts, the newest first. */
  gifts: DonationView[];
};

export type Donors = { doadores: Donor[]; semNome: { totalCentavos: number; doacoes: number } };

/** A donor's key: their name without accents, case or extra spaces. */
const donorKey = (nome: string) => searchKey(nome);

/** Every donor of the organisation, the largest total first, and what came with no name. */
export async function listDonors(db: Db, userId: string, organizationId: string): Promise<Result<Donors>> {
  const gifts = await listDonations(db, userId, organizationId, null);
  if (!gifts.ok) return gifts;
  const byKey = new Map<string, Donor>();
  const semNome = { totalCentavos: 0, doacoes: 0 };
  // Newest first: a donor's first gift seen is their latest, and names them.
  for (const gift of gifts.value) {
    if (!gift.doador?.trim()) {
      semNome.totalCentavos += gift.valorCentavos;
      semNome.doacoes += 1;
      continue;
    }
    const chave = donorKey(gift.doador);
    let donor = byKey.get(chave);
    if (!donor) {
      const nome = gift.doador.trim();
      donor = { chave, nome, totalCentavos: 0, doacoes: 0, ultima: gift.data, padrinho: false, anos: [], gifts: [] };
      byKey.set(chave, donor);
    }
    donor.totalCentavos += gift.valorCentavos;
    donor.doacoes += 1;
    donor.padrinho ||= gift.apadrinhamento !== null;
    donor.gifts.push(gift);
    const ano = Number(gift.data.slice(0, 4));
    let year = donor.anos.find((each) => each.ano === ano);
    if (!year) {
      year = { ano, totalCentavos: 0, doacoes: 0 };
      donor.anos.push(year);
    }
    year.totalCentavos += gift.valorCentavos;
    year.doacoes += 1;
  }
  const doadores = [...byKey.values()].sort(
    (a, b) => b.totalCentavos - a.totalCentavos || a.nome.localeCompare(b.nome, "pt-BR"),
  );
  return ok({ doadores, semNome });
}

const MARGIN = 56;

/**
 * A donor's gifts of a year as a PDF (`declaração anual`), for the organisation's team to send
 * them: each gift's day and amount, the total in words, the organisation and its verified CNPJ.
 * Not found when the donor gave nothing that year.
 */
export async function donorStatement(
  db: Db,
  userId: string,
  organizationId: string,
  chave: string,
  ano: number,
  now = new Date(),
): Promise<Result<{ fileName: string; pdf: Buffer }>> {
  const donors = await listDonors(db, userId, organizationId);
  if (!donors.ok) return donors;
  const donor = donors.value.doadores.find((each) => each.chave === chave);
  const gifts = donor?.gifts.filter((gift) => gift.data.startsWith(`${ano}-`)).reverse() ?? [];
  if (!donor || gifts.length === 0) return notFound("donor");
  const [organization] = await db
    .select({ nome: organizations.nome, cnpj: organizations.cnpj, verified: organizations.verifiedAt })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  const total = gifts.reduce((sum, gift) => sum + gift.valorCentavos, 0);
  const title = `Declaração anual de doações de ${ano}`;
  const { doc, done, width } = await startPdf({ title, margin: MARGIN });
  doc.font("bold").fontSize(20).fillColor(PDF_GREEN).text(title, { width });
  const cnpj = organization!.verified && organization!.cnpj ? `, CNPJ ${formatCnpj(organization!.cnpj)}` : "";
  doc
    .moveDown(0.8)
    .font("regular")
    .fontSize(12)
    .fillColor("black")
    .text(
      `${organization!.nome}${cnpj} declara que recebeu de ${donor.nome}, em ${ano}, ${gifts.length === 1 ? "a doação abaixo" : `as ${gifts.length} doações abaixo`}, no total de ${formatReais(total)} (${reaisInWords(total)}).`,
      { width, lineGap: 4 },
    )
    .moveDown(0.8);
  for (const gift of gifts) {
    const purpose = gift.apadrinhamento
      ? ` · apadrinhamento de ${gift.pet?.nome ?? "um animal"} (${monthInWords(gift.apadrinhamento.mes)})`
      : gift.pet
        ? ` · para ${gift.pet.nome}`
        : "";
    doc.text(`${formatDay(gift.data)} · ${formatReais(gift.valorCentavos)}${purpose}`, { width, lineGap: 2 });
  }
  thankAndSign(
    doc,
    width,
    `Emitida pela Adopet em ${formatDay(dayInBrasilia(now))}, a pedido de ${organization!.nome}, a partir do registro das doações. Os pagamentos foram feitos direto à conta da organização: a Adopet não recebe nem guarda dinheiro.`,
  );
  finishPdf(doc, title, MARGIN);
  return ok({ fileName: downloadName(`declaracao-de-doacoes-${ano}`, donor.nome, "pdf"), pdf: await done });
}
