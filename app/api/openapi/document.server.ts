import { z } from "zod";
import { createDocument, type ZodOpenApiPathsObject } from "zod-openapi";
import { UFS } from "~/lib/pets";
import { SESSION_COOKIE } from "~/domain/accounts/sessions.server";
import { alertCreateSchema, alertPatchSchema } from "~/validation/alerts";
import { applicationPatchSchema, questionnaireSchema } from "~/validation/applications";
import { apiMessageSchema } from "~/validation/messages-form";
import { apiReportSchema } from "~/validation/reports";
import {
  adopterSignatureSchema,
  caretakerSignatureSchema,
  issueTermoSchema,
  returnSchema,
  verifyCodeSchema,
} from "~/validation/termos";
import { apiConversationMessageSchema } from "~/validation/conversations";
import { CONTACT_MESSAGES } from "~/validation/messages-form";
import {
  alertListSchema,
  alertSchema,
  applicationDetailSchema,
  applicationListSchema,
  citiesSchema,
  applicationAnimalsSchema,
  storySchema,
  storiesSchema,
  conversationListSchema,
  conversationMessageSentSchema,
  conversationSchema,
  createdIdSchema,
  favoritesSchema,
  inboxSchema,
  messageSentSchema,
  questionnaireResponseSchema,
  reportFiledSchema,
  termoSchema,
  termoVerificationSchema,
  returnRecordedSchema,
} from "~/openapi/responses";
import { answer, json, noContent, operation } from "./operation";
import type { Endpoint } from "../endpoint";

/**
 * The API's OpenAPI 3.1 document (issue 23), generated from the Zod schemas that validate
 * the requests (app/validation) and describe the answers (./responses). Every route under
 * `api/` is here: a test fails otherwise, and the integration tests check each answer they
 * get against this document.
 */

const idParam = (what: string) => z.object({ id: z.uuid().meta({ description: `O identificador ${what}.` }) });
const petIdParam = idParam("do animal");

const applicationsQuery = z.object({
  pet: z.uuid().optional().meta({ description: "Só as recebidas para este animal." }),
  animal: z.string().max(60).optional().meta({
    description: "Só as recebidas para animais cujo nome tem este texto (sem diferença de acentos e maiúsculas).",
  }),
  status: applicationDetailSchema.shape.status.optional().meta({ description: "Só as recebidas neste status." }),
  pagina: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000)
    .optional()
    .meta({ description: "Página das recebidas (50 por página)." }),
});

const storiesQuery = z.object({
  antes: z.string().optional().meta({
    description: "O `proxima` da página anterior: traz as histórias publicadas antes da última dela.",
    example: "2026-11-20T10:00:00.000Z_0b7f4a52-2d7e-4f63-9a43-6f1c1b8c2f10",
  }),
});

const animalsQuery = z.object({
  q: z.string().max(60).optional().meta({ description: "O que se está digitando.", example: "bol" }),
});

const conversationQuery = z.object({
  antes: z
    .uuid()
    .optional()
    .meta({ description: "O id de uma mensagem da conversa: traz as que vieram antes dela (a página anterior)." }),
});

const citiesQuery = z.object({
  q: z.string().max(60).optional().meta({ description: "O que a pessoa está digitando.", example: "sao goncalo" }),
  uf: z.enum(UFS).optional(),
});

/** The paths of the endpoints not yet declared in the wing (app/api/endpoints). */
const paths: ZodOpenApiPathsObject = {
  "/questionario": {
    get: operation("get", {
      tags: ["Candidaturas"],
      summary: "Seu questionário",
      description: "O modelo padrão até você salvar o seu.",
      ok: { 200: answer("As perguntas.", questionnaireResponseSchema) },
      traits: { auth: true },
    }),
    put: operation("put", {
      tags: ["Candidaturas"],
      summary: "Salvar seu questionário",
      description: "Mudar o questionário nunca muda as respostas já enviadas.",
      requestBody: { content: json(questionnaireSchema) },
      ok: { 200: answer("As perguntas salvas (as novas com seus ids).", questionnaireResponseSchema) },
      traits: { auth: true, body: true },
    }),
  },
  "/candidaturas": {
    get: operation("get", {
      tags: ["Candidaturas"],
      summary: "Suas candidaturas, enviadas e recebidas",
      requestParams: { query: applicationsQuery },
      ok: { 200: answer("As enviadas e uma página das recebidas, mais novas primeiro.", applicationListSchema) },
      errors: { 400: "Filtro inválido." },
      traits: { auth: true },
    }),
  },
  "/candidaturas/animais": {
    get: operation("get", {
      tags: ["Candidaturas"],
      summary: "Sugerir seus animais com candidaturas",
      description:
        "Até 8 dos seus animais que têm candidaturas, cujo nome tem o que se digita (sem diferença de acentos e maiúsculas), os que começam por ele primeiro: o filtro por animal das recebidas.",
      requestParams: { query: animalsQuery },
      ok: { 200: answer("Os animais.", applicationAnimalsSchema) },
      traits: { auth: true },
    }),
  },
  "/candidaturas/{id}": {
    get: operation("get", {
      tags: ["Candidaturas"],
      summary: "Ver uma candidatura",
      description:
        "Só para as suas duas partes; quem cuida do animal vê também o telefone de quem se candidatou e suas notas.",
      requestParams: { path: idParam("da candidatura") },
      ok: { 200: answer("A candidatura.", applicationDetailSchema) },
      errors: { 404: "Candidatura não encontrada." },
      traits: { auth: true },
    }),
    patch: operation("patch", {
      tags: ["Candidaturas"],
      summary: "Mover uma candidatura ou anotar",
      requestParams: { path: idParam("da candidatura") },
      requestBody: { content: json(applicationPatchSchema) },
      ok: { 200: answer("A candidatura como ficou.", applicationDetailSchema) },
      errors: {
        403: "A mudança cabe à outra parte (ou o pedido veio de outro site).",
        404: "Candidatura não encontrada.",
        409: "A mudança não é possível a partir do status atual.",
      },
      traits: { auth: true, body: true },
    }),
  },
  "/candidaturas/{id}/termo": {
    get: operation("get", {
      tags: ["Termo de adoção"],
      summary: "Ver o termo de adoção de uma candidatura",
      description:
        "Só para as duas partes: o texto (com os dados de quem adota depois que assina), o hash SHA-256 do texto, as assinaturas com suas evidências e, depois das duas, o código de verificação e o PDF.",
      requestParams: { path: idParam("da candidatura") },
      ok: { 200: answer("O termo.", termoSchema) },
      errors: { 404: "Candidatura não encontrada, ou ainda sem termo." },
      traits: { auth: true },
    }),
    post: operation("post", {
      tags: ["Termo de adoção"],
      summary: "Emitir o termo (quem cuida do animal)",
      description:
        "Numa candidatura aprovada, a partir do modelo de termo de quem cuida do animal. Se o animal não é castrado, `prazo_castracao` (aaaa-mm-dd, de hoje a dois anos) é obrigatório, a não ser que a castração já esteja agendada no cadastro dele. Quem adota recebe um e-mail. O corpo pode ser vazio.",
      requestParams: { path: idParam("da candidatura") },
      requestBody: { content: json(issueTermoSchema) },
      ok: { 201: answer("O termo emitido.", termoSchema) },
      errors: {
        403: "Só quem cuida do animal emite o termo (ou o pedido veio de outro site).",
        404: "Candidatura não encontrada.",
        409: "A candidatura não está aprovada, ou já tem um termo.",
      },
      traits: { auth: true, body: true },
    }),
  },
  "/candidaturas/{id}/termo/assinaturas": {
    post: operation("post", {
      tags: ["Termo de adoção"],
      summary: "Assinar o termo",
      description:
        "Primeiro quem adota, com `{nome_completo, cpf, endereco, cep, concordo: true}`; depois quem cuida do animal, com `{nome_completo, concordo: true}`, o que conclui a adoção: o animal fica `adotado`, a candidatura `adotada`, e o PDF assinado passa a existir. `texto_sha256`, se enviado, deve ser o hash do texto como está (o que a pessoa leu). Cada assinatura guarda quem, quando, o IP, o navegador e o SHA-256 do texto assinado.",
      requestParams: { path: idParam("da candidatura") },
      requestBody: { content: json(z.union([adopterSignatureSchema, caretakerSignatureSchema])) },
      ok: { 201: answer("O termo como ficou.", termoSchema) },
      errors: {
        404: "Candidatura não encontrada, ou ainda sem termo.",
        409: "Não é a vez de quem pede assinar, ou o texto mudou desde que foi lido.",
      },
      traits: { auth: true, body: true },
    }),
  },
  "/candidaturas/{id}/termo.pdf": {
    get: operation("get", {
      tags: ["Termo de adoção"],
      summary: "Baixar o termo assinado em PDF",
      description:
        "Só para as duas partes, depois das duas assinaturas. São os mesmos bytes que a verificação compara.",
      requestParams: { path: idParam("da candidatura") },
      ok: {
        200: {
          description: "O PDF.",
          content: {
            "application/pdf": { schema: z.string().meta({ override: { type: "string", format: "binary" } }) },
          },
        },
      },
      errors: { 404: "Candidatura não encontrada, ou termo ainda não assinado pelas duas partes." },
      traits: { auth: true },
    }),
  },
  "/candidaturas/{id}/devolucao": {
    post: operation("post", {
      tags: ["Termo de adoção"],
      summary: "Registrar a devolução do animal",
      description:
        "Qualquer das duas partes de uma adoção concluída registra que o animal voltou para quem cuidava dele, com o motivo (que fica no histórico da candidatura). A candidatura fica `devolvida`, o acompanhamento termina (os e-mails ainda não enviados não vão mais), e a outra parte é avisada por e-mail. O termo e as respostas do acompanhamento ficam guardados. `publicar: true`, de quem cuida do animal, o publica para adoção de novo na hora; sem ele, o animal volta ao ar quando for marcado como disponível na edição.",
      requestParams: { path: idParam("da candidatura") },
      requestBody: { content: json(returnSchema) },
      ok: { 201: answer("A devolução registrada.", returnRecordedSchema) },
      errors: {
        404: "Candidatura não encontrada.",
        409: "A adoção não foi concluída (termo não assinado), ou a devolução já foi registrada.",
      },
      traits: { auth: true, body: true },
    }),
  },
  "/finais-felizes": {
    get: operation("get", {
      tags: ["Finais felizes"],
      summary: "Os finais felizes publicados",
      description:
        "Histórias de quem adotou, publicadas com a aprovação de quem cuidava do animal: as mais novas primeiro, 12 por página. Aceita pedidos de outros sites (CORS).",
      requestParams: { query: storiesQuery },
      ok: { 200: answer("Uma página de histórias.", storiesSchema) },
      errors: { 400: "Página inválida." },
    }),
  },
  "/finais-felizes/{id}": {
    get: operation("get", {
      tags: ["Finais felizes"],
      summary: "Ver um final feliz",
      description: "Só uma história publicada. Aceita pedidos de outros sites (CORS).",
      requestParams: { path: idParam("da história") },
      ok: { 200: answer("A história.", storySchema) },
      errors: { 404: "História não encontrada." },
    }),
  },
  "/termos/verificar": {
    post: operation("post", {
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
    }),
  },
  "/messages": {
    get: operation("get", {
      tags: ["Mensagens"],
      summary: "Suas mensagens, recebidas e enviadas",
      description:
        "As mensagens de visitantes sem conta sobre os seus animais, com o telefone que informaram (`enviadas` fica vazia desde as conversas). As mensagens entre contas estão em `/conversas`.",
      ok: { 200: answer("As mensagens.", inboxSchema) },
      traits: { auth: true },
    }),
    post: operation("post", {
      tags: ["Mensagens"],
      summary: "Escrever a quem cuida de um animal",
      description:
        "Sem conta, a mensagem chega a quem cuida do animal com o nome e o telefone informados. Com a sessão, ela abre (ou continua) a sua conversa sobre o animal, em `/conversas`: o nome e o telefone enviados são ignorados, e nenhum telefone é mostrado.",
      requestBody: { content: json(apiMessageSchema) },
      ok: { 201: answer("Mensagem enviada.", messageSentSchema) },
      errors: {
        403: "Quem cuida do animal não recebe mais contatos seus, ou o animal é seu (ou o pedido veio de outro site).",
        404: "Animal não encontrado.",
        409: CONTACT_MESSAGES.chooseRequired,
      },
      traits: { body: true, limited: true },
    }),
  },
  "/messages/{id}": {
    patch: operation("patch", {
      tags: ["Mensagens"],
      summary: "Marcar uma mensagem recebida como lida",
      requestParams: { path: idParam("da mensagem") },
      requestBody: { content: json(z.strictObject({ lida: z.literal(true) })) },
      ok: noContent("Marcada."),
      errors: { 404: "Mensagem não encontrada." },
      traits: { auth: true, body: true },
    }),
  },
  "/conversas": {
    get: operation("get", {
      tags: ["Conversas"],
      summary: "Suas conversas",
      description:
        "As conversas com mensagens, a de atividade mais recente primeiro (até 100), e quantas mensagens você não leu.",
      ok: { 200: answer("As conversas.", conversationListSchema) },
      traits: { auth: true },
    }),
  },
  "/conversas/eventos": {
    get: operation("get", {
      tags: ["Conversas"],
      summary: "Acompanhar as conversas ao vivo (Server-Sent Events)",
      description:
        "Um fluxo `text/event-stream`: `pronto` ao conectar e, a cada mensagem escrita para você ou por você (em qualquer servidor), `mensagem` com `{conversa_id, mensagem_id}`; leia a conversa para ver o texto. Quando uma das partes passa a compartilhar o WhatsApp (ou para), `conversa` com `{conversa_id}`. Reconectando, leia de novo as conversas: o que foi dito enquanto a conexão caiu não é repetido.",
      ok: {
        200: {
          description: "O fluxo de eventos.",
          content: {
            "text/event-stream": {
              schema: z.string().meta({ example: 'event: mensagem\ndata: {"conversa_id":"…","mensagem_id":"…"}\n\n' }),
            },
          },
        },
      },
      errors: { 429: "Muitas páginas abertas acompanhando as conversas: feche algumas." },
      traits: { auth: true },
    }),
  },
  "/conversas/{id}": {
    get: operation("get", {
      tags: ["Conversas"],
      summary: "Ler uma conversa",
      description:
        "Só para as suas duas partes: quem se candidatou e quem cuida do animal. Traz as 100 mensagens mais recentes; com `antes`, as 100 anteriores a uma mensagem (`mais_antigas` diz se há mais).",
      requestParams: { path: idParam("da conversa"), query: conversationQuery },
      ok: { 200: answer("A conversa.", conversationSchema) },
      errors: { 400: "Parâmetro inválido.", 404: "Conversa (ou mensagem de `antes`) não encontrada." },
      traits: { auth: true },
    }),
  },
  "/conversas/{id}/mensagens": {
    post: operation("post", {
      tags: ["Conversas"],
      summary: "Escrever numa conversa",
      requestParams: { path: idParam("da conversa") },
      requestBody: { content: json(apiConversationMessageSchema) },
      ok: { 201: answer("Mensagem enviada.", conversationMessageSentSchema) },
      errors: {
        403: "Uma das partes bloqueou a outra (ou o pedido veio de outro site).",
        404: "Conversa não encontrada.",
      },
      traits: { auth: true, body: true, limited: true },
    }),
  },
  "/conversas/{id}/lida": {
    post: operation("post", {
      tags: ["Conversas"],
      summary: "Marcar uma conversa como lida",
      description: "O que a outra parte escreveu passa a constar como lido.",
      requestParams: { path: idParam("da conversa") },
      ok: noContent("Marcada."),
      errors: { 404: "Conversa não encontrada." },
      traits: { auth: true },
    }),
  },
  "/cidades": {
    get: operation("get", {
      tags: ["Cidades"],
      summary: "Sugerir cidades brasileiras (IBGE)",
      description: "Até 8 municípios para o que se digita, sem diferença de acentos e maiúsculas.",
      requestParams: { query: citiesQuery },
      ok: { 200: answer("As cidades.", citiesSchema) },
    }),
  },
  "/favoritos": {
    get: operation("get", {
      tags: ["Favoritos"],
      summary: "Seus favoritos",
      ok: { 200: answer("Os animais, o último marcado primeiro.", favoritesSchema) },
      traits: { auth: true },
    }),
  },
  "/favoritos/{petId}": {
    put: operation("put", {
      tags: ["Favoritos"],
      summary: "Marcar um animal como favorito",
      requestParams: { path: z.object({ petId: petIdParam.shape.id }) },
      ok: noContent("Marcado (de novo também)."),
      errors: { 404: "Animal não encontrado." },
      traits: { auth: true, limited: true },
    }),
    delete: operation("delete", {
      tags: ["Favoritos"],
      summary: "Desmarcar um favorito",
      requestParams: { path: z.object({ petId: petIdParam.shape.id }) },
      ok: noContent("Desmarcado."),
      errors: { 404: "Animal não encontrado." },
      traits: { auth: true },
    }),
  },
  "/alertas": {
    get: operation("get", {
      tags: ["Alertas"],
      summary: "Seus alertas de novos animais",
      ok: { 200: answer("Os alertas, mais novos primeiro.", alertListSchema) },
      traits: { auth: true },
    }),
    post: operation("post", {
      tags: ["Alertas"],
      summary: "Criar um alerta",
      description:
        "`filtros` são os parâmetros de `GET /pets`; a mesma busca de novo devolve o alerta que já existe (200).",
      requestBody: { content: json(alertCreateSchema) },
      ok: { 200: answer("O alerta já existia.", createdIdSchema), 201: answer("O alerta criado.", createdIdSchema) },
      errors: { 409: "Limite de alertas da conta atingido." },
      traits: { auth: true, body: true, limited: true },
    }),
  },
  "/alertas/{id}": {
    patch: operation("patch", {
      tags: ["Alertas"],
      summary: "Mudar a frequência de um alerta",
      requestParams: { path: idParam("do alerta") },
      requestBody: { content: json(alertPatchSchema) },
      ok: { 200: answer("O alerta.", alertSchema) },
      errors: { 404: "Alerta não encontrado." },
      traits: { auth: true, body: true },
    }),
    delete: operation("delete", {
      tags: ["Alertas"],
      summary: "Apagar um alerta",
      requestParams: { path: idParam("do alerta") },
      ok: noContent("Apagado."),
      errors: { 404: "Alerta não encontrado." },
      traits: { auth: true },
    }),
  },
  "/denuncias": {
    post: operation("post", {
      tags: ["Denúncias"],
      summary: "Denunciar um anúncio, uma conta ou uma conversa",
      description:
        "Qualquer pessoa denuncia um anúncio (`pet`) ou uma conta (`usuario`); uma mensagem recebida pelo formulário de contato (`conversa`, com o id da mensagem), só quem a recebeu (com sessão).",
      requestBody: { content: json(apiReportSchema) },
      ok: { 201: answer("Denúncia recebida.", reportFiledSchema) },
      errors: { 401: "Uma conversa só pode ser denunciada com sessão.", 404: "O alvo não foi encontrado." },
      traits: { body: true, limited: true },
    }),
  },
};

function buildDocument(endpoints: readonly Endpoint[]) {
  return createDocument(
    {
      openapi: "3.1.0",
      info: {
        title: "API do Adopet",
        version: "1.0.0",
        description:
          "A API do Adopet: animais para adoção, candidaturas, termos de adoção, mensagens, favoritos e alertas. Respostas em JSON; erros como `{message, errors}` em português. As leituras públicas (animais, um animal, uma conta, o questionário de um animal, os finais felizes) aceitam pedidos de outros sites (CORS, só GET e sem credenciais).",
        license: { name: "MIT", identifier: "MIT" },
      },
      servers: [{ url: "/adopet/api", description: "Este site" }],
      tags: [
        { name: "Animais" },
        { name: "Candidaturas" },
        { name: "Termo de adoção" },
        { name: "Finais felizes" },
        { name: "Conversas" },
        { name: "Mensagens" },
        { name: "Favoritos" },
        { name: "Alertas" },
        { name: "Cidades" },
        { name: "Contas" },
        { name: "Sessão" },
        { name: "Denúncias" },
        { name: "Documentação" },
      ],
      components: {
        securitySchemes: {
          sessao: {
            type: "apiKey",
            in: "cookie",
            name: SESSION_COOKIE,
            description: "O cookie da sessão, aberto por `POST /session`.",
          },
        },
      },
      paths: { ...declaredPaths(endpoints), ...paths },
    },
    // A photo is a `z.custom<File>` (validation/pets.ts): its meta describes it as a binary string.
    { allowEmptySchema: { custom: true } },
  );
}

/** Each declared endpoint as an OpenAPI operation, under its path. */
function declaredPaths(endpoints: readonly Endpoint[]): ZodOpenApiPathsObject {
  const declared: ZodOpenApiPathsObject = {};
  for (const { method, path, access, crossOrigin, publicCache, params, doc } of endpoints) {
    const { tags, summary, description, query, traits, ...rest } = doc;
    const pathParams =
      params && z.object(Object.fromEntries(Object.entries(params).map(([name, p]) => [name, p.schema])));
    const said = [description, crossOrigin && "Aceita pedidos de outros sites (CORS)."].filter(Boolean).join(" ");
    declared[path] = {
      ...declared[path],
      [method]: operation(method, {
        tags,
        summary,
        ...(said && { description: said }),
        ...((pathParams || query) && {
          requestParams: { ...(pathParams && { path: pathParams }), ...(query && { query }) },
        }),
        ...rest,
        traits: { ...traits, auth: access !== "anyone", cached: publicCache === true },
      }),
    };
  }
  return declared;
}

const built = new WeakMap<readonly Endpoint[], string>();

/** The document as JSON text, built once per process (it only changes with a release). */
export function openApiJson(endpoints: readonly Endpoint[]): string {
  let text = built.get(endpoints);
  if (text === undefined) {
    text = JSON.stringify(buildDocument(endpoints));
    built.set(endpoints, text);
  }
  return text;
}

export type OpenApiDocument = ReturnType<typeof buildDocument>;

/** The document as an object (the docs page reads it). */
export function openApiDocument(endpoints: readonly Endpoint[]): OpenApiDocument {
  return JSON.parse(openApiJson(endpoints)) as OpenApiDocument;
}
