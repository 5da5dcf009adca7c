import { z } from "zod";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AppLoadContext } from "react-router";
import { endpoint, type Endpoint } from "./endpoint";
import { accountsEndpoints } from "./endpoints/accounts";
import { adoptionEndpoints } from "./endpoints/adoptions";
import { applicationsEndpoints } from "./endpoints/applications";
import { communityEndpoints } from "./endpoints/community";
import { conversationsEndpoints } from "./endpoints/conversations";
import { fosterEndpoints } from "./endpoints/foster";
import { followupEndpoints } from "./endpoints/followups";
import { givingEndpoints } from "./endpoints/giving";
import { ledgerEndpoints } from "./endpoints/ledger";
import { lostFoundEndpoints } from "./endpoints/lost-found";
import { moderationEndpoints } from "./endpoints/moderation";
import { healthEndpoints } from "./endpoints/health";
import { organizationEndpoints } from "./endpoints/organizations";
import { petEndpoints } from "./endpoints/pets";
import { transferEndpoints } from "./endpoints/transfers";
import { trashEndpoints } from "./endpoints/trash";
import { donorEndpoints } from "./endpoints/donors";
import { openApiDocument, openApiJson, type OpenApiDocument } from "./openapi/document.server";
import { answer } from "./openapi/operation";
import { createApiWing, type ApiWing } from "./router.server";

/**
 * The JSON API's wing (docs/decisions/0034-the-api-wing.md): every endpoint under /adopet/api,
 * declared once, in the groups of ./endpoints. The server mounts it before React Router.
 */

/** `GET /api/openapi.json`: the document of every endpoint here, itself included. */
const documentEndpoint = endpoint({
  method: "get",
  path: "/openapi.json",
  access: "anyone",
  crossOrigin: true,
  doc: {
    tags: ["Documentação"],
    summary: "Este documento (OpenAPI 3.1)",
    ok: { 200: answer("O documento.", z.looseObject({ openapi: z.string() })) },
  },
  handle: () =>
    new Response(openApiJson(apiEndpoints), {
      headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "public, max-age=3600" },
    }),
});

export const apiEndpoints: readonly Endpoint[] = [
  ...petEndpoints,
  ...applicationsEndpoints,
  ...adoptionEndpoints,
  ...followupEndpoints,
  ...conversationsEndpoints,
  ...communityEndpoints,
  ...organizationEndpoints,
  ...transferEndpoints,
  ...trashEndpoints,
  ...fosterEndpoints,
  ...healthEndpoints,
  ...givingEndpoints,
  ...ledgerEndpoints,
  ...donorEndpoints,
  ...lostFoundEndpoints,
  ...accountsEndpoints,
  ...moderationEndpoints,
  documentEndpoint,
];

/** The API's OpenAPI document, for its page (/api/docs). */
export const apiDocument = (): OpenApiDocument => openApiDocument(apiEndpoints);

export function apiWing(context: (incoming: IncomingMessage, outgoing: ServerResponse) => AppLoadContext): ApiWing {
  return createApiWing(apiEndpoints, context);
}

export type { ApiWing };
