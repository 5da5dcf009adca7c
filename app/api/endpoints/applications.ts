import { z } from "zod";
import type { AppLoadContext } from "react-router";
import type { SessionUser } from "~/domain/accounts/sessions.server";
import { changeApplication, declineWaitingList } from "~/domain/applications/application-moves.server";
import {
  countReceivedByStatus,
  getApplication,
  listReceived,
  listSent,
  suggestAnimalsWithApplications,
  type ApplicationView,
} from "~/domain/applications/application-views.server";
import { getQuestionnaire, saveQuestionnaire } from "~/domain/applications/questionnaires.server";
import { findConversationOf } from "~/domain/conversations/conversations.server";
import { publishingOrganization, workingOrganization } from "~/domain/organizations/membership.server";
import { recordReturn } from "~/domain/termos/returns.server";
import { getTermo } from "~/domain/termos/termo-reads.server";
import { getTemplate, issueTermo, saveTemplate } from "~/domain/termos/termos.server";
import { getCheckinDays, saveCheckinDays } from "~/domain/termos/followups.server";
import { signTermo } from "~/domain/termos/termo-signatures.server";
import { termoPdf } from "~/domain/termos/termo-documents.server";
import { signatureContext } from "~/web/termos.server";
import { privatePdfResponse } from "~/web/downloads.server";
import type { Db } from "~/db/client.server";
import { APPLICATION_STATUSES, type ApplicationStatus } from "~/lib/applications";
import { isId } from "~/lib/ids";
import { DEFAULT_TERMO } from "~/lib/termos";
import {
  applicationAnimalsSchema,
  applicationDetailSchema,
  applicationListSchema,
  questionnaireResponseSchema,
  returnRecordedSchema,
  termoSchema,
  termoTemplateResponseSchema,
  termoVerificationSchema,
  type ApiReturnRecorded,
} from "~/openapi/responses";
import { apiWaitingListSchema, applicationPatchSchema, questionnaireSchema } from "~/validation/applications";
import {
  adopterSignatureSchema,
  apiCheckinDaysSchema,
  apiTermoTemplateSchema,
  caretakerSignatureSchema,
  issueTermoSchema,
  returnSchema,
  verifyCodeSchema,
} from "~/validation/termos";
import { apiError, apiFailure, parseJsonBody } from "~/web/api.server";
import { verifyFromRequest } from "~/web/termos-verification.server";
import { endpoint, idParam } from "../endpoint";
import { answer, json } from "../openapi/operation";
import { toApiApplication, toApiApplicationDetail } from "~/presenters/applications";
import { toApiTermo, toApiVerification } from "~/presenters/termos";
import { formMaxBytes } from "~/web/body.server";
import { PDF_MAX_BYTES } from "~/web/termos-verification.server";

const application = idParam("application", "da candidatura");
const petParam = idParam("pet", "do animal");
const NO_STORE = { "Cache-Control": "no-store" };

/** The filters of `GET /candidaturas`, as the document shows them (the handler reads and refuses them itself). */
const applicationsQuery = z.object({
  pet: z.uuid().optional().meta({ description: "Só as recebidas para este animal." }),
  animal: z.string().max(60).optional().meta({
    description: "Só as recebidas para animais cujo nome tem este texto (sem diferença de acentos e maiúsculas).",
  }),
  status: applicationDetailSchema.shape.status.optional().meta({ description: "Só as recebidas neste status." }),
  minhas: z.enum(["1"]).optional().meta({ description: "`1`: só as recebidas atribuídas a você." }),
  organizacao: z.uuid().optional().meta({ description: "Só as recebidas por uma das suas organizações." }),
  abertas: z
    .enum(["1"])
    .optional()
    .meta({ description: "`1`: só as em andamento (nova, em análise, entrevista, visita, aprovada, em espera)." }),
  pagina: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000)
    .optional()
    .meta({ description: "Página das recebidas (50 por página)." }),
});

/** The questionnaire's `?organizacao_id=`, as the document shows it. */
const questionnaireQuery = z.object({
  organizacao_id: z.uuid().optional().meta({
    description: "De qual organização: obrigatório para quem cuida dos animais de mais de uma.",
  }),
});

const TEMPLATE_ERRORS = {
  400: "`organizacao_id` faltando (para quem é de várias organizações) ou inválido, ou dados inválidos.",
  403: "Você é lar temporário desta organização: o termo é da equipe.",
  404: "Organização não encontrada (ou você não é membro dela).",
};

/**
 * Saves one of the termo's settings (its text, its check-in days) for the caller's organisation,
 * made now for someone in none as when publishing, and answers with them all.
 */
async function saveTermoSetting<Body extends z.ZodType>(
  { request, context, user }: { request: Request; context: AppLoadContext; user: SessionUser },
  schema: Body,
  save: (db: Db, actorId: string, organizationId: string, body: z.output<Body>) => Promise<void>,
): Promise<Response> {
  const requested = organizationParam(request);
  if (!requested.ok) return requested.response;
  const parsed = await parseJsonBody(request, schema);
  if (!parsed.ok) return parsed.response;
  const organization = await publishingOrganization(context.db, user.id, requested.id);
  if (!organization.ok) return apiFailure(organization.failure);
  await save(context.db, user.id, organization.value, parsed.data);
  return termoTemplateAnswer(context.db, organization.value);
}

/** The organisation's termo template and check-in days, as the API gives them. */
async function termoTemplateAnswer(db: Db, organizationId: string | null): Promise<Response> {
  const [texto, dias] = await Promise.all([getTemplate(db, organizationId), getCheckinDays(db, organizationId)]);
  return Response.json({ texto, padrao: texto === DEFAULT_TERMO, dias }, { headers: NO_STORE });
}

/** `?organizacao_id=` as the handler reads it: absent, or an id (anything else is refused). */
function organizationParam(request: Request): { ok: true; id?: string } | { ok: false; response: Response } {
  const raw = new URL(request.url).searchParams.get("organizacao_id");
  if (raw === null || raw === "") return { ok: true };
  if (!isId(raw))
    return { ok: false, response: apiError(400, "Dados inválidos.", { organizacao_id: ["Organização inválida."] }) };
  return { ok: true, id: raw };
}

/** `GET /candidaturas/animais`'s query, as the document shows it. */
const animalsQuery = z.object({
  q: z.string().max(60).optional().meta({ description: "O que se está digitando.", example: "bol" }),
});

/** `GET /candidaturas/animais`'s query, as the handler reads it. */
const animalsQueryRead = z.object({
  // What the caretaker is typing: anything unreadable is no suggestion, never an error.
  q: z.string().max(60).catch("").default(""),
});

/**
 * The applications: your questionnaire, the applications you sent and received, one
 * application, its adoption termo (issued, signed, its PDF), the animal's return, and the
 * public check of a termo.
 */
export const applicationsEndpoints = [
  endpoint({
    method: "get",
    path: "/questionario",
    access: "signed-in",
    doc: {
      tags: ["Candidaturas"],
      summary: "O questionário da sua organização",
      description:
        "As perguntas que quem se candidata aos animais da organização responde: o modelo padrão até ela salvar o seu.",
      query: questionnaireQuery,
      ok: { 200: answer("As perguntas.", questionnaireResponseSchema) },
      errors: {
        400: "`organizacao_id` faltando (para quem é de várias organizações) ou inválido.",
        403: "Você é lar temporário desta organização: o questionário é da equipe.",
        404: "Organização não encontrada (ou você não é membro dela).",
      },
    },
    async handle({ request, context, user }) {
      const requested = organizationParam(request);
      if (!requested.ok) return requested.response;
      const organization = await workingOrganization(context.db, user.id, requested.id);
      if (!organization.ok) return apiFailure(organization.failure);
      const perguntas = await getQuestionnaire(context.db, organization.value);
      return Response.json({ perguntas }, { headers: NO_STORE });
    },
  }),
  endpoint({
    method: "put",
    path: "/questionario",
    access: "signed-in",
    doc: {
      tags: ["Candidaturas"],
      summary: "Salvar o questionário da sua organização",
      description:
        "Para qualquer administrador ou membro da equipe; o registro de atividade da organização guarda quem mudou. Mudar o questionário nunca muda as respostas já enviadas. Quem ainda não é de nenhuma organização ganha a sua, como ao publicar.",
      query: questionnaireQuery,
      requestBody: { content: json(questionnaireSchema) },
      ok: { 200: answer("As perguntas salvas (as novas com seus ids).", questionnaireResponseSchema) },
      errors: {
        400: "`organizacao_id` faltando (para quem é de várias organizações) ou inválido.",
        403: "Você é lar temporário desta organização: o questionário é da equipe.",
        404: "Organização não encontrada (ou você não é membro dela).",
      },
      traits: { body: true },
    },
    async handle({ request, context, user }) {
      const requested = organizationParam(request);
      if (!requested.ok) return requested.response;
      const parsed = await parseJsonBody(request, questionnaireSchema);
      if (!parsed.ok) return parsed.response;
      const organization = await publishingOrganization(context.db, user.id, requested.id);
      if (!organization.ok) return apiFailure(organization.failure);
      const perguntas = await saveQuestionnaire(context.db, user.id, organization.value, parsed.data.perguntas);
      return Response.json({ perguntas }, { headers: NO_STORE });
    },
  }),
  endpoint({
    method: "get",
    path: "/modelo-do-termo",
    access: "signed-in",
    doc: {
      tags: ["Termo de adoção"],
      summary: "O modelo do termo de adoção da sua organização",
      description:
        "O texto que cada termo da organização preenche (o padrão até ela salvar o seu), e os dias depois da adoção em que a Adopet pede notícias a quem adotou.",
      query: questionnaireQuery,
      ok: { 200: answer("O modelo.", termoTemplateResponseSchema) },
      errors: TEMPLATE_ERRORS,
    },
    async handle({ request, context, user }) {
      const requested = organizationParam(request);
      if (!requested.ok) return requested.response;
      const organization = await workingOrganization(context.db, user.id, requested.id);
      if (!organization.ok) return apiFailure(organization.failure);
      return termoTemplateAnswer(context.db, organization.value);
    },
  }),
  endpoint({
    method: "put",
    path: "/modelo-do-termo",
    access: "signed-in",
    doc: {
      tags: ["Termo de adoção"],
      summary: "Salvar o modelo do termo de adoção da sua organização",
      description:
        "Para administradores e equipe; o registro de atividade guarda quem mudou. Só os campos da lista entre chaves. Termos já emitidos não mudam. Quem ainda não é de nenhuma organização ganha a sua, como ao publicar.",
      query: questionnaireQuery,
      requestBody: { content: json(apiTermoTemplateSchema) },
      ok: { 200: answer("O modelo salvo.", termoTemplateResponseSchema) },
      errors: TEMPLATE_ERRORS,
      traits: { body: true },
    },
    handle: (call) =>
      saveTermoSetting(call, apiTermoTemplateSchema, (db, actorId, organizationId, body) =>
        saveTemplate(db, actorId, organizationId, body.texto),
      ),
  }),
  endpoint({
    method: "put",
    path: "/acompanhamento/dias",
    access: "signed-in",
    doc: {
      tags: ["Termo de adoção"],
      summary: "Quando pedir notícias a quem adotou",
      description:
        "Os dias depois da adoção (de 1 a 365, até 6) em que a Adopet pede notícias a quem adotou um animal da organização; vazio, não pede. Para administradores e equipe.",
      query: questionnaireQuery,
      requestBody: { content: json(apiCheckinDaysSchema) },
      ok: { 200: answer("O modelo, com os dias salvos.", termoTemplateResponseSchema) },
      errors: TEMPLATE_ERRORS,
      traits: { body: true },
    },
    handle: (call) =>
      saveTermoSetting(call, apiCheckinDaysSchema, (db, actorId, organizationId, body) =>
        saveCheckinDays(db, actorId, organizationId, body.dias),
      ),
  }),
  endpoint({
    method: "post",
    path: "/pets/{id}/lista-de-espera/recusa",
    access: "party",
    params: { id: petParam },
    doc: {
      tags: ["Candidaturas"],
      summary: "Recusar a lista de espera de um animal",
      description:
        "Para administradores e equipe da organização do animal: todas as candidaturas `em_espera` passam a `recusada`, com o `motivo`, que quem se candidatou lê (e recebe por e-mail). O registro de atividade guarda quem recusou.",
      requestBody: { content: json(apiWaitingListSchema) },
      ok: { 200: answer("Quantas foram recusadas.", z.object({ recusadas: z.int() })) },
      errors: { 400: "Motivo faltando ou longo demais.", 404: "Animal não encontrado (ou não é da sua organização)." },
      traits: { body: true },
    },
    async handle({ request, params, context, user }) {
      const parsed = await parseJsonBody(request, apiWaitingListSchema);
      if (!parsed.ok) return parsed.response;
      const declined = await declineWaitingList(context.db, context.jobs, user.id, params.id, parsed.data.motivo);
      if (!declined.ok) return apiFailure(declined.failure);
      return Response.json({ recusadas: declined.value.declined }, { headers: NO_STORE });
    },
  }),
  endpoint({
    method: "get",
    path: "/candidaturas",
    access: "signed-in",
    doc: {
      tags: ["Candidaturas"],
      summary: "Suas candidaturas, enviadas e recebidas",
      query: applicationsQuery,
      ok: { 200: answer("As enviadas e uma página das recebidas, mais novas primeiro.", applicationListSchema) },
      errors: { 400: "Filtro inválido." },
    },
    // `recebidas` narrowed by `?pet=`, `?animal=` (name), `?status=` and `?minhas=1`, 50 a `?pagina=`.
    async handle({ request, context, user }) {
      const params = new URL(request.url).searchParams;
      const pet = params.get("pet") ?? undefined;
      const typed = params.get("animal");
      const animal = typed?.trim() || undefined;
      const status = params.get("status") ?? undefined;
      const page = Number(params.get("pagina") ?? "1");
      const minhas = params.get("minhas");
      if (minhas !== null && minhas !== "1") {
        return apiError(400, "Dados inválidos.", { minhas: ["Use minhas=1 para ver só as atribuídas a você."] });
      }
      const organizacao = params.get("organizacao");
      const abertas = params.get("abertas");
      if (organizacao !== null && !isId(organizacao)) {
        return apiError(400, "Dados inválidos.", { organizacao: ["Organização inválida."] });
      }
      if (abertas !== null && abertas !== "1") {
        return apiError(400, "Dados inválidos.", { abertas: ["Use abertas=1 para ver só as em andamento."] });
      }
      if (pet !== undefined && !isId(pet)) return apiError(400, "Dados inválidos.", { pet: ["Animal inválido."] });
      if (typed && typed.length > 60) {
        return apiError(400, "Dados inválidos.", { animal: ["O nome do animal deve ter no máximo 60 caracteres."] });
      }
      if (status !== undefined && !APPLICATION_STATUSES.includes(status as ApplicationStatus)) {
        return apiError(400, "Dados inválidos.", { status: ["Status inválido."] });
      }
      if (!Number.isInteger(page) || page < 1 || page > 10_000) {
        return apiError(400, "Dados inválidos.", { pagina: ["Página inválida."] });
      }
      const [enviadas, counts] = await Promise.all([
        listSent(context.db, user.id),
        countReceivedByStatus(context.db, user.id, organizacao ?? undefined),
      ]);
      const filters = {
        organizationId: organizacao ?? undefined,
        open: abertas === "1",
        pet,
        animal,
        status: status as ApplicationStatus | undefined,
        mine: minhas === "1",
        page,
      };
      const recebidas = await listReceived(context.db, user.id, filters, counts);
      return Response.json(
        {
          enviadas: enviadas.map((application) => toApiApplication(application, false)),
          recebidas: recebidas.items.map((application) => toApiApplication(application, true)),
          recebidas_total: recebidas.total,
          pagina: recebidas.page,
          paginas: recebidas.pageCount,
        },
        { headers: NO_STORE },
      );
    },
  }),
  // Before `/candidaturas/{id}`, whose parameter would take its requests.
  endpoint({
    method: "get",
    path: "/candidaturas/animais",
    access: "signed-in",
    doc: {
      tags: ["Candidaturas"],
      summary: "Sugerir seus animais com candidaturas",
      description:
        "Até 8 dos seus animais que têm candidaturas, cujo nome tem o que se digita (sem diferença de acentos e maiúsculas), os que começam por ele primeiro: o filtro por animal das recebidas.",
      query: animalsQuery,
      ok: { 200: answer("Os animais.", applicationAnimalsSchema) },
    },
    async handle({ request, context, user }) {
      const { q } = animalsQueryRead.parse(Object.fromEntries(new URL(request.url).searchParams));
      const animais = await suggestAnimalsWithApplications(context.db, user.id, q);
      return Response.json({ animais }, { headers: { "Cache-Control": "private, no-store" } });
    },
  }),
  endpoint({
    method: "get",
    path: "/candidaturas/{id}",
    access: "party",
    params: { id: application },
    doc: {
      tags: ["Candidaturas"],
      summary: "Ver uma candidatura",
      description:
        "Só para as suas duas partes; quem cuida do animal vê também o telefone de quem se candidatou e suas notas.",
      ok: { 200: answer("A candidatura.", applicationDetailSchema) },
      errors: { 404: "Candidatura não encontrada." },
    },
    async handle({ params, context, user }) {
      const found = await getApplication(context.db, user.id, params.id);
      if (!found.ok) return apiFailure(found.failure);
      return Response.json(await withConversation(context.db, found.value), { headers: NO_STORE });
    },
  }),
  endpoint({
    method: "patch",
    path: "/candidaturas/{id}",
    access: "party",
    params: { id: application },
    doc: {
      tags: ["Candidaturas"],
      summary: "Mover uma candidatura ou anotar",
      description:
        "Quem cuida do animal move a candidatura (`status`), anota (`nota`), atribui (`atribuida_a`) e combina a visita: `visita` {local, em} ao mover para `visita`, ou depois, no mesmo passo. `local` é `casa_de_quem_adota` (o padrão) ou `lar_temporario` (só para um animal que está em um lar temporário: quem o acolhe vê a visita e recebe um e-mail); `em` é o dia e a hora (ISO 8601 com fuso), ou null para combinar depois. Quem se candidatou só desiste (`desistiu`).",
      requestBody: { content: json(applicationPatchSchema) },
      ok: { 200: answer("A candidatura como ficou.", applicationDetailSchema) },
      errors: {
        403: "A mudança cabe à outra parte (ou o pedido veio de outro site).",
        404: "Candidatura não encontrada.",
        409: "A mudança não é possível a partir do status atual (ou a visita fora do passo `visita`).",
      },
      traits: { body: true },
    },
    // {status?, motivo?, nota?, atribuida_a?, visita?}: a move not allowed from its status gets 409, a move that is the other party's 403.
    async handle({ request, params, context, user }) {
      const parsed = await parseJsonBody(request, applicationPatchSchema);
      if (!parsed.ok) return parsed.response;
      const changed = await changeApplication(context.db, context.jobs, user.id, params.id, parsed.data);
      if (!changed.ok) return apiFailure(changed.failure);
      const found = await getApplication(context.db, user.id, params.id);
      if (!found.ok) return apiFailure(found.failure);
      return Response.json(await withConversation(context.db, found.value), { headers: NO_STORE });
    },
  }),
  endpoint({
    method: "get",
    path: "/candidaturas/{id}/termo",
    access: "party",
    params: { id: application },
    doc: {
      tags: ["Termo de adoção"],
      summary: "Ver o termo de adoção de uma candidatura",
      description:
        "Só para as duas partes: o texto (com os dados de quem adota depois que assina), o hash SHA-256 do texto, as assinaturas com suas evidências e, depois das duas, o código de verificação e o PDF.",
      ok: { 200: answer("O termo.", termoSchema) },
      errors: { 404: "Candidatura não encontrada, ou ainda sem termo." },
    },
    async handle({ params, context, user }) {
      const termo = await getTermo(context.db, context.vault, user.id, params.id);
      if (!termo.ok) return apiFailure(termo.failure);
      return Response.json(toApiTermo(termo.value), { headers: NO_STORE });
    },
  }),
  endpoint({
    method: "post",
    path: "/candidaturas/{id}/termo",
    access: "party",
    params: { id: application },
    doc: {
      tags: ["Termo de adoção"],
      summary: "Emitir o termo (quem cuida do animal)",
      description:
        "Numa candidatura aprovada, a partir do modelo de termo de quem cuida do animal. Se o animal não é castrado, `prazo_castracao` (aaaa-mm-dd, de hoje a dois anos) é obrigatório, a não ser que a castração já esteja agendada no cadastro dele. Quem adota recebe um e-mail. O corpo pode ser vazio.",
      requestBody: { content: json(issueTermoSchema) },
      ok: { 201: answer("O termo emitido.", termoSchema) },
      errors: {
        403: "Só quem cuida do animal emite o termo (ou o pedido veio de outro site).",
        404: "Candidatura não encontrada.",
        409: "A candidatura não está aprovada, ou já tem um termo.",
      },
      traits: { body: true },
    },
    // The caretaker issues it on an approved application (409 otherwise, or when it has one already).
    async handle({ request, params, context, user }) {
      // No body at all is an issue without options (an animal castrated, or its date scheduled).
      const bodiless = !request.headers.has("Content-Type") && Number(request.headers.get("Content-Length") ?? 0) === 0;
      const parsed = bodiless
        ? ({ ok: true, data: {} as { prazo_castracao?: string } } as const)
        : await parseJsonBody(request, issueTermoSchema);
      if (!parsed.ok) return parsed.response;
      const issued = await issueTermo(context.db, context.jobs, {
        userId: user.id,
        applicationId: params.id,
        prazoCastracao: parsed.data.prazo_castracao,
      });
      if (!issued.ok) return apiFailure(issued.failure);
      const termo = await getTermo(context.db, context.vault, user.id, params.id);
      if (!termo.ok) return apiFailure(termo.failure);
      return Response.json(toApiTermo(termo.value), { status: 201, headers: NO_STORE });
    },
  }),
  endpoint({
    method: "post",
    path: "/candidaturas/{id}/termo/assinaturas",
    access: "party",
    params: { id: application },
    doc: {
      tags: ["Termo de adoção"],
      summary: "Assinar o termo",
      description:
        "Primeiro quem adota, com `{nome_completo, cpf, endereco, cep, concordo: true}`; depois quem cuida do animal, com `{nome_completo, concordo: true}`, o que conclui a adoção: o animal fica `adotado`, a candidatura `adotada`, e o PDF assinado passa a existir. `texto_sha256`, se enviado, deve ser o hash do texto como está (o que a pessoa leu). Cada assinatura guarda quem, quando, o IP, o navegador e o SHA-256 do texto assinado.",
      requestBody: { content: json(z.union([adopterSignatureSchema, caretakerSignatureSchema])) },
      ok: { 201: answer("O termo como ficou.", termoSchema) },
      errors: {
        404: "Candidatura não encontrada, ou ainda sem termo.",
        409: "Não é a vez de quem pede assinar, ou o texto mudou desde que foi lido.",
      },
      traits: { body: true },
    },
    // Which party signs is the session's; out of turn, 409.
    async handle({ request, params, context, user }) {
      const current = await getTermo(context.db, context.vault, user.id, params.id);
      if (!current.ok) return apiFailure(current.failure);
      const schema = current.value.party === "adotante" ? adopterSignatureSchema : caretakerSignatureSchema;
      const parsed = await parseJsonBody(request, schema);
      if (!parsed.ok) return parsed.response;
      const signed = await signTermo(
        context.db,
        context.vault,
        context.jobs,
        signatureContext(request, context, user.id, params.id),
        parsed.data,
      );
      if (!signed.ok) return apiFailure(signed.failure);
      const termo = await getTermo(context.db, context.vault, user.id, params.id);
      if (!termo.ok) return apiFailure(termo.failure);
      return Response.json(toApiTermo(termo.value), { status: 201, headers: NO_STORE });
    },
  }),
  endpoint({
    method: "get",
    path: "/candidaturas/{id}/termo.pdf",
    access: "party",
    params: { id: application },
    doc: {
      tags: ["Termo de adoção"],
      summary: "Baixar o termo assinado em PDF",
      description:
        "Só para as duas partes, depois das duas assinaturas. São os mesmos bytes que a verificação compara.",
      ok: {
        200: {
          description: "O PDF.",
          content: {
            "application/pdf": { schema: z.string().meta({ override: { type: "string", format: "binary" } }) },
          },
        },
      },
      errors: { 404: "Candidatura não encontrada, ou termo ainda não assinado pelas duas partes." },
    },
    // The signed termo, to the byte as made.
    async handle({ params, context, user }) {
      const found = await termoPdf(context.db, context.vault, user.id, params.id);
      if (!found.ok) return apiFailure(found.failure);
      return privatePdfResponse(found.value);
    },
  }),
  endpoint({
    method: "post",
    path: "/candidaturas/{id}/devolucao",
    access: "party",
    params: { id: application },
    doc: {
      tags: ["Termo de adoção"],
      summary: "Registrar a devolução do animal",
      description:
        "Qualquer das duas partes de uma adoção concluída registra que o animal voltou para quem cuidava dele, com o motivo (que fica no histórico da candidatura). A candidatura fica `devolvida`, o acompanhamento termina (os e-mails ainda não enviados não vão mais), e a outra parte é avisada por e-mail. O termo e as respostas do acompanhamento ficam guardados. `publicar: true`, de quem cuida do animal, o publica para adoção de novo na hora; sem ele, o animal volta ao ar quando for marcado como disponível na edição.",
      requestBody: { content: json(returnSchema) },
      ok: { 201: answer("A devolução registrada.", returnRecordedSchema) },
      errors: {
        404: "Candidatura não encontrada.",
        409: "A adoção não foi concluída (termo não assinado), ou a devolução já foi registrada.",
      },
      traits: { body: true },
    },
    // 404 for anyone but the adoption's parties, 409 when it is not an adoption or its return was recorded already.
    async handle({ request, params, context, user }) {
      const parsed = await parseJsonBody(request, returnSchema);
      if (!parsed.ok) return parsed.response;
      const now = new Date();
      const recorded = await recordReturn(context.db, context.jobs, user.id, params.id, parsed.data, now);
      if (!recorded.ok) return apiFailure(recorded.failure);
      const answered: ApiReturnRecorded = {
        status: "devolvida",
        devolvida_em: now.toISOString(),
        registrada_por: recorded.value.party,
      };
      return Response.json(answered, { status: 201, headers: NO_STORE });
    },
  }),
  endpoint({
    method: "post",
    path: "/termos/verificar",
    bodyLimit: formMaxBytes(1, PDF_MAX_BYTES),
    access: "anyone",
    doc: {
      tags: ["Termo de adoção"],
      summary: "Verificar um termo",
      description:
        "Público. Em JSON `{codigo}`, ou em multipart com o PDF no campo `arquivo` (até 5 MB): diz se corresponde a um termo assinado na Adopet, por quem (só os nomes) e quando. Um PDF alterado, mesmo em um byte, não confere.",
      requestBody: {
        content: {
          ...json(verifyCodeSchema),
          "multipart/form-data": {
            schema: z.object({ arquivo: z.string().meta({ override: { type: "string", format: "binary" } }) }),
          },
        },
      },
      ok: { 200: answer("O resultado.", termoVerificationSchema) },
      errors: { 415: "Corpo que não é JSON nem `multipart/form-data`." },
      traits: { body: true },
    },
    async handle({ request, context }) {
      const read = await verifyFromRequest(context.db, request);
      if (!read.ok) return apiError(read.status, read.message, { [read.field]: [read.message] });
      return Response.json(toApiVerification(read.verification), { headers: NO_STORE });
    },
  }),
];

/** The application with its conversation's id (the conversation of this adopter and pet). */
async function withConversation(db: Db, found: ApplicationView) {
  return toApiApplicationDetail(found, await findConversationOf(db, found.pet.id, found.adopter.id));
}
