import { z } from "zod";
import {
  deleteDonation,
  deleteExpense,
  expenseReceipt,
  listDonations,
  listExpenses,
  recordDonation,
  recordExpense,
} from "~/domain/giving/ledger.server";
import { donationReceipt } from "~/domain/giving/receipts.server";
import { importStatement, pendingLines, setLineStatus } from "~/domain/giving/statements.server";
import { setTransparency, transparencyOf } from "~/domain/giving/transparency.server";
import { dayInBrasilia } from "~/lib/dates";
import {
  createdIdSchema,
  donationsSchema,
  expensesSchema,
  pendingLinesSchema,
  statementImportSchema,
  transparencySchema,
} from "~/openapi/responses";
import {
  donationSchema,
  expenseFormSchema,
  expenseSchema,
  statementFormSchema,
  STATEMENT_MESSAGES,
  statementLineSchema,
  transparencySettingSchema,
} from "~/validation/giving";
import { apiError, apiFailure, parseJsonBody } from "~/web/api.server";
import { getUser } from "~/web/auth.server";
import { privateDocumentResponse, privatePdfResponse } from "~/web/downloads.server";
import { readApiExpense, readApiStatement } from "~/web/giving-forms.server";
import { endpoint, idParam } from "../endpoint";
import { answer, json, noContent } from "../openapi/operation";
import {
  toApiDonation,
  toApiExpense,
  toApiPendingLine,
  toApiStatementImport,
  toApiTransparency,
} from "~/presenters/ledger";
import { formMaxBytes } from "~/web/body.server";
import { RECEIPT_MAX_BYTES, STATEMENT_MAX_BYTES } from "~/lib/giving";

/** An organisation's accounts (issue 46): gifts, expenses, bank statements, and the transparency page's figures. */

const organization = idParam("organization", "da organização");
const donation = idParam("donation", "da doação");
const expense = idParam("expense", "da despesa");
const line = idParam("statement-line", "da linha do extrato");
const NO_STORE = { "Cache-Control": "no-store" };
const TEAM = "Para administradores e equipe da organização.";
const ADMINS = "Só administradores: um extrato mostra cada pagador.";
const NOT_MEMBER = "Organização não encontrada (ou você não é membro dela).";
const yearQuery = z.object({
  ano: z.string().optional().meta({ description: "O ano (AAAA); sem ele, o ano atual.", example: "2026" }),
});
const binary = (description: string, type: string) => ({
  description,
  content: { [type]: { schema: z.string().meta({ override: { type: "string", format: "binary" } }) } },
});

/** The `ano` of the query: this year without one, a 400 for one that is no year. */
function yearOf(request: Request): { ok: true; ano: number } | { ok: false; response: Response } {
  const raw = new URL(request.url).searchParams.get("ano");
  if (raw === null || raw === "") return { ok: true, ano: Number(dayInBrasilia(new Date()).slice(0, 4)) };
  if (!/^(19|20)\d{2}$/.test(raw))
    return { ok: false, response: apiError(400, STATEMENT_MESSAGES.ano, { ano: [STATEMENT_MESSAGES.ano] }) };
  return { ok: true, ano: Number(raw) };
}

export const ledgerEndpoints = [
  endpoint({
    method: "post",
    path: "/organizacoes/{id}/extratos",
    bodyLimit: formMaxBytes(1, STATEMENT_MAX_BYTES),
    access: "signed-in",
    params: { id: organization },
    doc: {
      tags: ["Doações e despesas"],
      summary: "Importar o extrato do banco",
      description: `${ADMINS} Em \`arquivo\`: OFX (que todo banco exporta), ou o CSV do Nubank ou do Inter, até 2 MB; o formato é lido do conteúdo. Cada crédito fica guardado uma vez (importar de novo, ou períodos que se sobrepõem, não repete nada). Um crédito vira doação pelo \`txid\`, quando o banco o escreve, ou quando o valor, a data (do dia do código a 45 dias depois) e o nome do padrinho batem com um mês em aberto: o mês fica confirmado e o padrinho recebe o recibo. Os outros créditos ficam pendentes.`,
      requestBody: { content: { "multipart/form-data": { schema: statementFormSchema } } },
      ok: { 200: answer("O que foi conciliado e o que ficou pendente.", statementImportSchema) },
      errors: {
        400: "Sem arquivo, um formato que não é OFX nem CSV do Nubank ou do Inter, um extrato vazio, ou uma linha com data ou valor ilegível (a mensagem diz qual).",
        403: "Só quem administra a organização importa extratos.",
        404: NOT_MEMBER,
      },
      traits: { body: true, upload: true, limited: true },
    },
    async handle({ request, params, context, user }) {
      const read = await readApiStatement(request);
      if (!read.ok) return read.response;
      const imported = await importStatement(context.db, context.jobs, user.id, params.id, read.bytes);
      if (!imported.ok) return apiFailure(imported.failure);
      return Response.json(toApiStatementImport(imported.value), { headers: NO_STORE });
    },
  }),
  endpoint({
    method: "get",
    path: "/organizacoes/{id}/extratos",
    access: "signed-in",
    params: { id: organization },
    doc: {
      tags: ["Doações e despesas"],
      summary: "As linhas do extrato pendentes",
      description: `${ADMINS} Os créditos importados que ainda não são doações nem foram ignorados, os mais antigos primeiro (até 500).`,
      ok: { 200: answer("As linhas.", pendingLinesSchema) },
      errors: { 403: "Só quem administra a organização vê os extratos.", 404: NOT_MEMBER },
    },
    async handle({ params, context, user }) {
      const lines = await pendingLines(context.db, user.id, params.id);
      if (!lines.ok) return apiFailure(lines.failure);
      return Response.json({ pendentes: lines.value.map(toApiPendingLine) }, { headers: NO_STORE });
    },
  }),
  endpoint({
    method: "patch",
    path: "/organizacoes/{id}/extratos/linhas/{linhaId}",
    access: "signed-in",
    params: { id: organization, linhaId: line },
    doc: {
      tags: ["Doações e despesas"],
      summary: "Ignorar uma linha do extrato",
      description: `${ADMINS} \`status\`: \`ignorada\` (não é doação: uma transferência entre contas da organização, por exemplo) ou \`pendente\` (voltar a decidir). Para fazer dela uma doação, use POST doacoes com \`linha_id\`.`,
      requestBody: { content: json(statementLineSchema) },
      ok: noContent("Feito."),
      errors: {
        403: "Só quem administra a organização decide sobre o extrato.",
        404: "Linha não encontrada nos extratos desta organização.",
        409: "A linha já virou doação: apague a doação para decidir de novo.",
      },
      traits: { body: true },
    },
    async handle({ request, params, context, user }) {
      const parsed = await parseJsonBody(request, statementLineSchema);
      if (!parsed.ok) return parsed.response;
      const set = await setLineStatus(context.db, user.id, params.id, params.linhaId, parsed.data.status);
      if (!set.ok) return apiFailure(set.failure);
      return new Response(null, { status: 204, headers: NO_STORE });
    },
  }),
  endpoint({
    method: "post",
    path: "/organizacoes/{id}/doacoes",
    access: "signed-in",
    params: { id: organization },
    doc: {
      tags: ["Doações e despesas"],
      summary: "Registrar uma doação recebida",
      description: `${TEAM} \`valor\` (em reais) e \`data\` (até hoje); ou \`linha_id\`, uma linha pendente do extrato, que traz os dois (só administradores). \`txid\`: o código que ela pagou; o de um mês de apadrinhamento confirma esse mês e envia o recibo ao padrinho. \`pet_id\`: o animal a que se destina. \`doador\`: o nome de quem doou, para a equipe (nunca público).`,
      requestBody: { content: json(donationSchema) },
      ok: { 201: answer("A doação registrada.", createdIdSchema) },
      errors: {
        400: "Dados inválidos: valor, data no futuro, um `txid` que nenhum código da organização tem.",
        403: "Lar temporário da organização, ou uma linha do extrato sem ser administrador.",
        404: "Organização não encontrada (ou você não é membro dela), animal que não é dela, ou linha do extrato não encontrada.",
        409: "O mês de apadrinhamento já foi confirmado, ou a linha já foi decidida.",
      },
      traits: { body: true, limited: true },
    },
    async handle({ request, params, context, user }) {
      const parsed = await parseJsonBody(request, donationSchema);
      if (!parsed.ok) return parsed.response;
      const made = await recordDonation(context.db, context.jobs, user.id, params.id, parsed.data);
      if (!made.ok) return apiFailure(made.failure);
      return Response.json({ id: made.value }, { status: 201, headers: NO_STORE });
    },
  }),
  endpoint({
    method: "get",
    path: "/organizacoes/{id}/doacoes",
    access: "signed-in",
    params: { id: organization },
    doc: {
      tags: ["Doações e despesas"],
      summary: "As doações recebidas no ano",
      description: `${TEAM} As mais recentes primeiro.`,
      query: yearQuery,
      ok: { 200: answer("As doações.", donationsSchema) },
      errors: { 400: "Ano inválido.", 403: "Lar temporário da organização.", 404: NOT_MEMBER },
    },
    async handle({ request, params, context, user }) {
      const year = yearOf(request);
      if (!year.ok) return year.response;
      const list = await listDonations(context.db, user.id, params.id, year.ano);
      if (!list.ok) return apiFailure(list.failure);
      return Response.json({ doacoes: list.value.map(toApiDonation) }, { headers: NO_STORE });
    },
  }),
  endpoint({
    method: "delete",
    path: "/organizacoes/{id}/doacoes/{doacaoId}",
    access: "signed-in",
    params: { id: organization, doacaoId: donation },
    doc: {
      tags: ["Doações e despesas"],
      summary: "Apagar uma doação registrada por engano",
      description: `${TEAM} O mês de apadrinhamento que ela confirmava volta a esperar, e a linha do extrato volta a ficar pendente.`,
      ok: noContent("Apagada."),
      errors: { 403: "Lar temporário da organização.", 404: "Doação não encontrada nesta organização." },
    },
    async handle({ params, context, user }) {
      const gone = await deleteDonation(context.db, user.id, params.id, params.doacaoId);
      if (!gone.ok) return apiFailure(gone.failure);
      return new Response(null, { status: 204, headers: NO_STORE });
    },
  }),
  endpoint({
    method: "get",
    path: "/organizacoes/{id}/doacoes/{doacaoId}/recibo.pdf",
    access: "signed-in",
    params: { id: organization, doacaoId: donation },
    doc: {
      tags: ["Doações e despesas"],
      summary: "O recibo de uma doação (PDF)",
      description: `${TEAM} Também para o padrinho que pagou o mês.`,
      ok: { 200: binary("O PDF.", "application/pdf") },
      errors: { 404: "Doação não encontrada (ou não é sua nem da sua organização)." },
    },
    async handle({ params, context, user }) {
      const receipt = await donationReceipt(context.db, user.id, params.doacaoId);
      if (!receipt.ok) return apiFailure(receipt.failure);
      return privatePdfResponse(receipt.value);
    },
  }),
  endpoint({
    method: "post",
    path: "/organizacoes/{id}/despesas",
    bodyLimit: formMaxBytes(1, RECEIPT_MAX_BYTES),
    access: "signed-in",
    params: { id: organization },
    doc: {
      tags: ["Doações e despesas"],
      summary: "Registrar uma despesa",
      description: `${TEAM} \`categoria\`: \`veterinario\`, \`racao\`, \`castracao\`, \`medicamentos\`, \`transporte\` ou \`outro\`; \`valor\` em reais; \`data\` (até hoje); \`pet_id\` quando é de um animal; \`descricao\`. Em multipart, o comprovante em \`comprovante\` (PDF, JPEG ou PNG até 10 MB, conferido pelo conteúdo; foto sem metadados).`,
      requestBody: {
        content: { ...json(expenseSchema), "multipart/form-data": { schema: expenseFormSchema } },
      },
      ok: { 201: answer("A despesa registrada.", createdIdSchema) },
      errors: {
        400: "Dados inválidos: categoria, valor, data no futuro, um comprovante que não é PDF, JPEG ou PNG.",
        403: "Lar temporário da organização.",
        404: "Organização não encontrada (ou você não é membro dela), ou animal que não é dela.",
      },
      traits: { body: true, upload: true, limited: true },
    },
    async handle({ request, params, context, user }) {
      const read = await readApiExpense(request);
      if (!read.ok) return read.response;
      const made = await recordExpense(context.db, user.id, params.id, read.input, read.receipt);
      if (!made.ok) return apiFailure(made.failure);
      return Response.json({ id: made.value }, { status: 201, headers: NO_STORE });
    },
  }),
  endpoint({
    method: "get",
    path: "/organizacoes/{id}/despesas",
    access: "signed-in",
    params: { id: organization },
    doc: {
      tags: ["Doações e despesas"],
      summary: "As despesas do ano",
      description: `${TEAM} As mais recentes primeiro.`,
      query: yearQuery,
      ok: { 200: answer("As despesas.", expensesSchema) },
      errors: { 400: "Ano inválido.", 403: "Lar temporário da organização.", 404: NOT_MEMBER },
    },
    async handle({ request, params, context, user }) {
      const year = yearOf(request);
      if (!year.ok) return year.response;
      const list = await listExpenses(context.db, user.id, params.id, year.ano);
      if (!list.ok) return apiFailure(list.failure);
      return Response.json({ despesas: list.value.map(toApiExpense) }, { headers: NO_STORE });
    },
  }),
  endpoint({
    method: "delete",
    path: "/organizacoes/{id}/despesas/{despesaId}",
    access: "signed-in",
    params: { id: organization, despesaId: expense },
    doc: {
      tags: ["Doações e despesas"],
      summary: "Apagar uma despesa registrada por engano",
      description: TEAM,
      ok: noContent("Apagada."),
      errors: { 403: "Lar temporário da organização.", 404: "Despesa não encontrada nesta organização." },
    },
    async handle({ params, context, user }) {
      const gone = await deleteExpense(context.db, user.id, params.id, params.despesaId);
      if (!gone.ok) return apiFailure(gone.failure);
      return new Response(null, { status: 204, headers: NO_STORE });
    },
  }),
  endpoint({
    method: "get",
    path: "/organizacoes/{id}/despesas/{despesaId}/comprovante",
    access: "signed-in",
    params: { id: organization, despesaId: expense },
    doc: {
      tags: ["Doações e despesas"],
      summary: "O comprovante de uma despesa",
      description: `${TEAM} Um PDF, ou a foto em WebP.`,
      ok: { 200: binary("O arquivo.", "application/octet-stream") },
      errors: { 403: "Lar temporário da organização.", 404: "Despesa não encontrada, ou sem comprovante." },
    },
    async handle({ params, context, user }) {
      const receipt = await expenseReceipt(context.db, user.id, params.id, params.despesaId);
      if (!receipt.ok) return apiFailure(receipt.failure);
      return privateDocumentResponse(receipt.value, `comprovante-${params.despesaId.slice(0, 8)}`);
    },
  }),
  endpoint({
    method: "get",
    path: "/organizacoes/{id}/transparencia",
    access: "anyone",
    crossOrigin: true,
    params: { id: organization },
    doc: {
      tags: ["Doações e despesas"],
      summary: "As contas da organização no ano",
      description:
        "Por mês e por animal, o que entrou e o que saiu, e as despesas por categoria. Público se a organização escolheu; senão, só para administradores e equipe. Os padrinhos são contados, e nomeados só se aceitaram.",
      query: yearQuery,
      ok: { 200: answer("As contas.", transparencySchema) },
      errors: { 400: "Ano inválido.", 404: "Organização não encontrada, ou contas não públicas." },
    },
    // Anyone, when public; the session is read for the team's view of closed accounts.
    async handle({ request, params, context }) {
      const year = yearOf(request);
      if (!year.ok) return year.response;
      const user = await getUser(request, context.db);
      const accounts = await transparencyOf(context.db, user?.id ?? null, params.id, year.ano);
      if (!accounts.ok) return apiFailure(accounts.failure);
      // Private when the viewer is the team: the figures of closed accounts never reach a shared cache.
      return Response.json(toApiTransparency(accounts.value), {
        headers: { "Cache-Control": accounts.value.publica ? "public, max-age=300" : "private, no-store" },
      });
    },
  }),
  endpoint({
    method: "put",
    path: "/organizacoes/{id}/transparencia",
    access: "signed-in",
    params: { id: organization },
    doc: {
      tags: ["Doações e despesas"],
      summary: "Abrir ou fechar as contas ao público",
      description: "Só administradores. `publica`: true, a página de transparência é de todos; false, só da equipe.",
      requestBody: { content: json(transparencySettingSchema) },
      ok: noContent("Feito."),
      errors: { 403: "Só quem administra a organização decide.", 404: NOT_MEMBER },
      traits: { body: true },
    },
    async handle({ request, params, context, user }) {
      const parsed = await parseJsonBody(request, transparencySettingSchema);
      if (!parsed.ok) return parsed.response;
      const set = await setTransparency(context.db, user.id, params.id, parsed.data.publica);
      if (!set.ok) return apiFailure(set.failure);
      return new Response(null, { status: 204, headers: NO_STORE });
    },
  }),
];
