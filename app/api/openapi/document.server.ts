import { z } from "zod";
import { createDocument, type ZodOpenApiPathsObject } from "zod-openapi";
import { SESSION_COOKIE } from "~/domain/accounts/sessions.server";
import {
  apiCreateUserSchema,
  apiDeleteUserSchema,
  apiEsqueciSchema,
  apiLoginSchema,
  apiSenhaNovaSchema,
  apiUpdateUserSchema,
} from "~/validation/accounts";
import { apiMessageSchema } from "~/validation/messages-form";
import { apiConversationMessageSchema } from "~/validation/conversations";
import { MESSAGES, STORAGE_FULL } from "~/validation/messages";
import { CONTACT_MESSAGES } from "~/validation/messages-form";
import {
  noticeSchema,
  conversationListSchema,
  conversationMessageSentSchema,
  conversationSchema,
  dataExportSchema,
  inboxSchema,
  messageSentSchema,
  ownUserSchema,
  publicUserSchema,
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

const conversationQuery = z.object({
  antes: z
    .uuid()
    .optional()
    .meta({ description: "O id de uma mensagem da conversa: traz as que vieram antes dela (a página anterior)." }),
});

/** The paths of the endpoints not yet declared in the wing (app/api/endpoints). */
const paths: ZodOpenApiPathsObject = {
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
  "/users": {
    get: operation("get", {
      tags: ["Contas"],
      summary: "A lista de contas não é pública",
      ok: {},
      errors: { 401: "Sem sessão.", 403: "A lista de usuários não é pública." },
    }),
    post: operation("post", {
      tags: ["Contas"],
      summary: "Criar uma conta",
      requestBody: { content: json(apiCreateUserSchema) },
      ok: { 201: answer("A conta criada.", ownUserSchema) },
      errors: { 409: MESSAGES.email.taken },
      traits: { body: true, limited: true },
    }),
  },
  "/users/{id}": {
    get: operation("get", {
      tags: ["Contas"],
      summary: "Ver uma conta",
      description: "A sua por inteiro; a de outra pessoa, só os campos públicos (nunca telefone ou e-mail).",
      requestParams: { path: idParam("da conta") },
      ok: { 200: answer("A conta.", z.union([ownUserSchema, publicUserSchema])) },
      errors: { 404: "Conta não encontrada." },
    }),
    patch: operation("patch", {
      tags: ["Contas"],
      summary: "Editar sua conta",
      description: "`foto__upload`: uma imagem PNG ou JPEG como data URL (base64), ou null para tirar a foto.",
      requestParams: { path: idParam("da conta") },
      requestBody: { content: json(apiUpdateUserSchema) },
      ok: { 200: answer("A conta como ficou.", ownUserSchema) },
      errors: {
        403: "A conta é de outra pessoa, ou o e-mail dela ainda não foi confirmado e ela tenta virar ONG (ou o pedido veio de outro site).",
        404: "Conta não encontrada.",
        409: "CNPJ já usado por outra conta.",
        507: STORAGE_FULL,
      },
      traits: { auth: true, body: true, limited: true },
    }),
    delete: operation("delete", {
      tags: ["Contas"],
      summary: "Excluir sua conta e seus dados (LGPD)",
      requestParams: { path: idParam("da conta") },
      requestBody: { content: json(apiDeleteUserSchema) },
      ok: noContent("Conta excluída e sessão encerrada."),
      errors: { 403: "A conta é de outra pessoa (ou o pedido veio de outro site).", 404: "Conta não encontrada." },
      traits: { auth: true, body: true, limited: true },
    }),
  },
  "/users/{id}/export": {
    get: operation("get", {
      tags: ["Contas"],
      summary: "Baixar seus dados (LGPD)",
      requestParams: { path: idParam("da conta") },
      ok: { 200: answer("Tudo o que guardamos sobre você.", dataExportSchema) },
      errors: { 403: "Só os seus dados.", 404: "Conta não encontrada." },
      traits: { auth: true },
    }),
  },
  "/session": {
    get: operation("get", {
      tags: ["Sessão"],
      summary: "Quem está com a sessão aberta",
      ok: { 200: answer("Sua conta.", ownUserSchema) },
      errors: { 401: "Nenhuma sessão ativa." },
    }),
    post: operation("post", {
      tags: ["Sessão"],
      summary: "Entrar",
      description: `Abre a sessão: o cookie \`${SESSION_COOKIE}\` volta em \`Set-Cookie\`.`,
      requestBody: { content: json(apiLoginSchema) },
      ok: { 200: answer("Sua conta.", ownUserSchema) },
      errors: {
        400: "Dados inválidos, ou e-mail ou senha incorretos.",
        403: "Conta suspensa (ou pedido vindo de outro site).",
      },
      traits: { body: true, limited: true },
    }),
    delete: operation("delete", {
      tags: ["Sessão"],
      summary: "Sair",
      ok: noContent("Sessão encerrada."),
    }),
  },
  "/senha/esqueci": {
    post: operation("post", {
      tags: ["Sessão"],
      summary: "Pedir o link para criar uma nova senha",
      description: "Responde igual exista ou não a conta.",
      requestBody: { content: json(apiEsqueciSchema) },
      ok: { 202: answer("Pedido recebido.", noticeSchema) },
      traits: { body: true, limited: true },
    }),
  },
  "/senha/nova": {
    post: operation("post", {
      tags: ["Sessão"],
      summary: "Criar uma nova senha com o link recebido",
      description: "Encerra todas as sessões da conta.",
      requestBody: { content: json(apiSenhaNovaSchema) },
      ok: noContent("Senha trocada."),
      errors: { 400: "Dados inválidos, ou link expirado, já usado ou desconhecido." },
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
