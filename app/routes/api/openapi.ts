import { openApiJson } from "~/openapi/document.server";
import { methodNotAllowed } from "~/web/api.server";

/** `GET /api/openapi.json`: the API's OpenAPI 3.1 document (issue 23); its page is `/api/docs`. */
export function loader() {
  return new Response(openApiJson(), {
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

export function action() {
  return methodNotAllowed("GET");
}
