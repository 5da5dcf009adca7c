import { z } from "zod";
import { SUBMISSION_KEY } from "~/lib/submission-keys";
import { createDocument, type ZodOpenApiPathsObject } from "zod-openapi";
import { SESSION_COOKIE } from "~/domain/accounts/sessions.server";
import { operation } from "./operation";
import type { Endpoint } from "../endpoint";

/**
 * The API's OpenAPI 3.1 document (issue 23), generated from the endpoints' declarations
 * (app/api/endpoints): the Zod schemas that validate the requests (app/validation) and describe
 * the answers (app/openapi/responses.ts). The integration tests check each answer they get
 * against this document.
 */

function buildDocument(endpoints: readonly Endpoint[]) {
  return createDocument(
    {
      openapi: "3.1.0",
      info: {
        title: "API do Adopet",
        version: "1.0.0",
        description:
          "A API do Adopet: animais para adoção, candidaturas, termos de adoção, mensagens, favoritos e alertas. Respostas em JSON; erros como `{message, errors}` em português. As leituras públicas (animais, um animal, uma conta, o questionário de um animal, os finais felizes) aceitam pedidos de outros sites (CORS, só GET e sem credenciais). Um POST com sessão aceita o cabeçalho `Idempotency-Key`: uma chave sua para o envio (um UUID, ou de 8 a 100 letras, números e `-_.:`), válida por 24 horas. O mesmo envio repetido com a mesma chave (uma nova tentativa depois de uma resposta perdida, dois toques) recebe a primeira resposta, com `Idempotent-Replayed: true`, e não cria nada de novo; a chave usada em outro caminho recebe 422, e com o primeiro envio ainda em andamento, 409.",
        license: { name: "MIT", identifier: "MIT" },
      },
      servers: [{ url: "/adopet/api", description: "Este site" }],
      tags: [
        {
          name: "Animais",
          description: "Os animais para adoção: buscar, ver, publicar, editar e remover.",
        },
        {
          name: "Candidaturas",
          description: "Candidatar-se a um animal, o questionário, as etapas da candidatura e a lista de espera.",
        },
        {
          name: "Termo de adoção",
          description:
            "O termo de adoção: o modelo, a emissão, a assinatura, a verificação, o acompanhamento e a devolução.",
        },
        { name: "Finais felizes", description: "As histórias das adoções, contadas pelos adotantes." },
        { name: "Conversas", description: "As conversas entre quem adota e quem cuida do animal." },
        { name: "Mensagens", description: "As mensagens recebidas e enviadas." },
        { name: "Favoritos", description: "Os animais favoritos de uma conta." },
        { name: "Alertas", description: "Avisos por e-mail quando aparece um animal com o perfil buscado." },
        { name: "Cidades", description: "As cidades do IBGE, por nome ou código." },
        {
          name: "Organizações",
          description: "As ONGs: a equipe e os papéis, os convites, o painel e a atividade.",
        },
        {
          name: "Lixeira",
          description:
            "O que a equipe apagou (despesas, registros de saúde), guardado por 30 dias para um administrador restaurar.",
        },
        {
          name: "Transferências",
          description: "Passar um animal de uma organização para outra: o pedido, o aceite e a recusa.",
        },
        {
          name: "Dia da equipe",
          description:
            "O trabalho de cada membro na sua organização: o Hoje, com o que espera por ele, e a lista de animais com filtros.",
        },
        {
          name: "Lar temporário",
          description: "Ofertas de lar temporário, os animais que precisam de um e as notícias dos lares.",
        },
        {
          name: "Saúde",
          description:
            "O registro de saúde: vacinas, vermífugos, exames e lembretes; a carteira em PDF e os arquivos do SinPatinhas.",
        },
        { name: "Doações", description: "Pix para organizações e apadrinhamentos de animais." },
        {
          name: "Doações e despesas",
          description: "As contas da organização: doações recebidas, despesas e extratos.",
        },
        {
          name: "Perdidos e achados",
          description: "Animais perdidos e encontrados, as correspondências e as emergências.",
        },
        {
          name: "Contas",
          description: "Criar e editar uma conta, a senha, a confirmação do e-mail, os seus dados (LGPD) e a exclusão.",
        },
        { name: "Sessão", description: "Entrar, sair e criar uma nova senha pelo link do e-mail." },
        { name: "Denúncias", description: "Denunciar um anúncio, uma conta ou uma conversa." },
        {
          name: "Moderação",
          description: "Para operadores: as denúncias, os anúncios ocultos, as contas suspensas e as ONGs a verificar.",
        },
        { name: "Documentação", description: "O documento OpenAPI desta API." },
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
      paths: declaredPaths(endpoints),
    },
    // A photo is a `z.custom<File>` (validation/pets.ts): its meta describes it as a binary string.
    { allowEmptySchema: { custom: true } },
  );
}

/** Said once in the document's description; each signed-in POST names it briefly. */
const idempotencyKey = z
  .string()
  .regex(SUBMISSION_KEY)
  .optional()
  .meta({
    description: "Opcional: repetido com a mesma chave, o envio recebe a primeira resposta e não cria nada de novo.",
    param: { in: "header", name: "Idempotency-Key" },
  });

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
        // What a signed-in POST makes, it makes once per key (app/services/submission-keys.server.ts).
        ...(method === "post" && access !== "anyone" && { parameters: [idempotencyKey] }),
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
