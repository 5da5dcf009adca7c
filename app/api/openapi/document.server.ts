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
import { MESSAGES, STORAGE_FULL } from "~/validation/messages";
import {
  noticeSchema,
  dataExportSchema,
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

/** The paths of the endpoints not yet declared in the wing (app/api/endpoints). */
const paths: ZodOpenApiPathsObject = {
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
