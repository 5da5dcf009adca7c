import { z } from "zod";
import type { ZodOpenApiOperationObject, ZodOpenApiResponsesObject } from "zod-openapi";
import { apiErrorSchema } from "~/openapi/responses";

/**
 * How an endpoint's declaration says what it answers, in the words of OpenAPI 3.1 (zod-openapi
 * turns the Zod schemas into JSON Schema). The errors every endpoint of a kind may answer are
 * added from its traits, so that each declaration names only its own.
 */

export const json = (schema: z.ZodType) => ({ "application/json": { schema } });

export const answer = (description: string, schema?: z.ZodType) => ({
  description,
  ...(schema && { content: json(schema) }),
});

const error = (description: string) => answer(description, apiErrorSchema);

export const noContent = (description: string) => ({ 204: answer(description) });

/** A photo sent as a file (multipart). */
export const photoFile = z.string().meta({ override: { type: "string", format: "binary" } });

/** The errors an operation may answer with, by what it does. */
export type Traits = {
  /** Needs a session (the session cookie, set by `POST /session`). */
  auth?: boolean;
  /** Reads a JSON body. */
  body?: boolean;
  /** Reads a multipart body with photos. */
  upload?: boolean;
  /** Counts against a limit per hour. */
  limited?: boolean;
  /** A public read the server keeps with an ETag (the feed, a pet): a client that has it gets 304. */
  cached?: boolean;
};

/** An error's description, or its description and a body of its own. */
export type ErrorAnswer = string | { description: string; schema: z.ZodType };

function errorsFor(method: string, traits: Traits, own: Record<number, ErrorAnswer>): ZodOpenApiResponsesObject {
  const errors: Record<number, ErrorAnswer> = {};
  if (traits.cached) errors[304] = "Não mudou desde a versão que você tem (`If-None-Match`).";
  if (traits.body || traits.upload) errors[400] = "Dados inválidos: `errors` diz o que corrigir em cada campo.";
  if (traits.auth) errors[401] = "Sem sessão: faça login.";
  if (method !== "get") errors[403] = "Pedido enviado por um navegador a partir de outro site (recusado).";
  if (traits.body || traits.upload) errors[413] = "Corpo grande demais.";
  if (traits.body) errors[415] = "Corpo que não é JSON (`Content-Type: application/json`).";
  if (traits.upload && !traits.body) errors[415] = "Corpo que não é `multipart/form-data`.";
  // A signed-in POST's `Idempotency-Key` (the header's own description says more).
  if (method === "post" && traits.auth) {
    errors[409] = "Envio com a mesma `Idempotency-Key` ainda em andamento.";
    errors[422] = "`Idempotency-Key` já usada em outro pedido.";
  }
  if (traits.limited) errors[429] = "Limite de pedidos por hora atingido: `Retry-After` diz quando tentar de novo.";
  if (traits.upload) errors[507] = "Sem espaço para guardar as fotos agora.";
  errors[503] = "Serviço temporariamente indisponível: `Retry-After` diz quando tentar de novo.";
  const merged = { ...errors, ...own };
  return Object.fromEntries(
    Object.entries(merged).map(([status, given]) => {
      if (status === "304") return [status, answer(given as string)];
      return [status, typeof given === "string" ? error(given) : answer(given.description, given.schema)];
    }),
  );
}

export type Operation = Omit<ZodOpenApiOperationObject, "responses"> & {
  ok: ZodOpenApiResponsesObject;
  errors?: Record<number, ErrorAnswer>;
  traits?: Traits;
};

export function operation(
  method: string,
  { ok, errors = {}, traits = {}, ...rest }: Operation,
): ZodOpenApiOperationObject {
  return {
    ...rest,
    ...(traits.auth && { security: [{ sessao: [] }] }),
    responses: { ...ok, ...errorsFor(method, traits, errors) },
  };
}
