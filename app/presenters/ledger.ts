import type { DonationView, ExpenseView } from "~/domain/giving/ledger.server";
import type { Donors } from "~/domain/giving/donors.server";
import type { ChargeSummary, PendingLine, StatementImport } from "~/domain/giving/statements.server";
import type { Transparency } from "~/domain/giving/transparency.server";

/** An organisation's accounts (issue 46) as the API answers them: amounts in reais and in centavos. */

const reais = (centavos: number) => (centavos / 100).toFixed(2);
const money = (centavos: number) => ({ valor: reais(centavos), valor_centavos: centavos });

const toApiCharge = (charge: ChargeSummary | null) =>
  charge && {
    txid: charge.txid,
    apadrinhamento_id: charge.apadrinhamentoId,
    mes: charge.mes,
    padrinho: charge.padrinho,
    pet: charge.pet,
  };

export const toApiPendingLine = (line: PendingLine) => ({
  id: line.id,
  data: line.data,
  ...money(line.valorCentavos),
  descricao: line.descricao,
  sugestao: toApiCharge(line.sugestao),
});

export const toApiStatementImport = (result: StatementImport) => ({
  formato: result.formato,
  conciliados: result.conciliados.map((line) => ({
    id: line.id,
    data: line.data,
    ...money(line.valorCentavos),
    descricao: line.descricao,
    doacao_id: line.doacaoId,
    apadrinhamento: toApiCharge(line.apadrinhamento),
  })),
  pendentes: result.pendentes.map(toApiPendingLine),
  ja_importadas: result.jaImportadas,
  saidas: result.saidas,
});

export const toApiDonation = (donation: DonationView) => ({
  id: donation.id,
  data: donation.data,
  ...money(donation.valorCentavos),
  origem: donation.origem,
  pet: donation.pet,
  doador: donation.doador,
  txid: donation.txid,
  apadrinhamento: donation.apadrinhamento,
});

export const toApiExpense = (expense: ExpenseView) => ({
  id: expense.id,
  data: expense.data,
  ...money(expense.valorCentavos),
  categoria: expense.categoria,
  pet: expense.pet,
  descricao: expense.descricao,
  comprovante: expense.comprovante,
});

const toApiTotals = ({ recebido, gasto }: { recebido: number; gasto: number }) => ({
  recebido: reais(recebido),
  gasto: reais(gasto),
});

export const toApiTransparency = (accounts: Transparency) => ({
  organizacao: accounts.organizacao,
  publica: accounts.publica,
  ano: accounts.ano,
  anos: accounts.anos,
  total: toApiTotals(accounts.total),
  meses: accounts.meses.map((month) => ({ mes: month.mes, ...toApiTotals(month) })),
  animais: accounts.animais.map((pet) => ({
    id: pet.id,
    nome: pet.nome,
    ...toApiTotals(pet),
    padrinhos: pet.padrinhos,
    nomes: pet.nomes,
  })),
  geral: toApiTotals(accounts.geral),
  categorias: accounts.categorias.map((category) => ({ categoria: category.categoria, gasto: reais(category.gasto) })),
});

/** The donors (issue 63), amounts in reais and in centavos. */
export const toApiDonors = ({ doadores, semNome }: Donors) => ({
  doadores: doadores.map((donor) => ({
    doador: donor.chave,
    nome: donor.nome,
    total: reais(donor.totalCentavos),
    total_centavos: donor.totalCentavos,
    doacoes: donor.doacoes,
    ultima: donor.ultima,
    padrinho: donor.padrinho,
    anos: donor.anos.map((year) => ({
      ano: year.ano,
      total: reais(year.totalCentavos),
      total_centavos: year.totalCentavos,
      doacoes: year.doacoes,
    })),
  })),
  sem_nome: { total: reais(semNome.totalCentavos), total_centavos: semNome.totalCentavos, doacoes: semNome.doacoes },
});
