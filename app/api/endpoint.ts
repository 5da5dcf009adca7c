import { z } from "zod";
import type { AppLoadContext } from "react-router";
import type { SessionUser } from "~/domain/accounts/sessions.server";
import { isId } from "~/lib/ids";
import { notFound, type Subject } from "~/services/outcome.server";
import { apiFailure } from "~/web/api.server";
import type { ErrorAnswer, Operation, Traits } from "./openapi/operation";

/**
 * An endpoint of the JSON API, declared once (docs/decisions/0034-the-api-wing.md): the wing's
 * router, the OpenAPI document, CORS, the response cache's list and the 405 answers are all
 * read from these declarations.
 */

type Method = "get" | "post" | "put" | "patch" | "delete";

/**
 * Who may call it. `party`: signed in, and party of the resource (its caretaker, its adopter,
 * its author); the domain answers 404 to anyone else, so that a stranger learns nothing.
 */
export type Access = "anyone" | "signed-in" | "party";

/** A path parameter: its parser, what a value it refuses answers, and how the document shows it. */
export type PathParam = {
  schema: z.ZodType;
  /** The value the handler gets, or undefined for one that names nothing. */
  parse(raw: string): string | undefined;
  /** The answer to a value that names nothing (the resource's 404). */
  refused(): Response;
};

/** A path parameter that is an id (every id is a UUID); anything else is `subject`'s 404. */
export function idParam(subject: Subject, description: string): PathParam {
  return {
    schema: z.uuid().meta({ description: `O identificador ${description}.` }),
    parse: (raw) => (isId(raw) ? raw : undefined),
    refused: () => apiFailure(notFound(subject).failure),
  };
}

/** What a handler is called with: everything checked that the declaration names. */
type Call<Param extends string, Who extends Access> = {
  request: Request;
  params: Record<Param, string>;
  context: AppLoadContext;
  /** The caller, for endpoints that need a session; null for `anyone`. */
  user: Who extends "anyone" ? null : SessionUser;
};

/** The OpenAPI description; the session, the path parameters and the 304 come from the declaration. */
type EndpointDoc = Omit<Operation, "requestParams" | "traits" | "errors"> & {
  /** The query string's parameters, as the handler reads them. */
  query?: z.ZodObject;
  errors?: Record<number, ErrorAnswer>;
  traits?: Omit<Traits, "auth" | "cached">;
};

export type Endpoint<Param extends string = string, Who extends Access = Access> = {
  method: Method;
  /** Under /adopet/api, parameters in braces as OpenAPI writes them: `/pets/{id}`. */
  path: string;
  access: Who;
  /** A public read other sites' pages may fetch (CORS: GET and HEAD, any origin, no credentials). */
  crossOrigin?: boolean;
  /** Anonymous answers may be kept a few seconds by the response cache (with an ETag: 304). */
  publicCache?: boolean;
  /**
   * The most bytes its body may hold, files included (`formMaxBytes`, `JSON_WITH_PHOTO_MAX_BYTES`
   * of ~/web/body.server), for one that takes files; a body of fields only needs none. The HTTP
   * layer refuses more before any parser reads it (server/body-limits.ts).
   */
  bodyLimit?: number;
  params?: Record<Param, PathParam>;
  doc: EndpointDoc;
  handle(call: Call<Param, Who>): Promise<Response> | Response;
};

/** Declares an endpoint, with its handler's arguments typed from the declaration. */
export function endpoint<const Param extends string = never, const Who extends Access = Access>(
  declaration: Endpoint<Param, Who>,
): Endpoint {
  return declaration as unknown as Endpoint;
}
