import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

/**
 * Checks an answer of the API against the app's own OpenAPI document (issue 23): its status
 * must be one the document lists for that operation, and a JSON body must match the schema
 * given for that status. The integration tests' HTTP client runs every API answer through it.
 */

type Responses = Record<string, { content?: Record<string, { schema?: unknown }> }>;
type Document = { paths: Record<string, Record<string, { responses: Responses }>> };

type Checker = (method: string, path: string, status: number, body: string) => void;

const METHODS = new Set(["get", "post", "put", "patch", "delete"]);
const checkers = new Map<string, Promise<Checker>>();

/** The checker of the app at `baseUrl` (…/adopet), from the document it serves. */
export function apiChecker(baseUrl: string): Promise<Checker> {
  let checker = checkers.get(baseUrl);
  if (!checker) {
    checker = fetch(`${baseUrl}/api/openapi.json`)
      .then((response) => {
        if (!response.ok) throw new Error(`documento OpenAPI indisponível: ${response.status}`);
        return response.json() as Promise<Document>;
      })
      .then(buildChecker);
    // A failure (the database down at that moment) is not kept: the next answer asks again.
    checker.catch(() => checkers.delete(baseUrl));
    checkers.set(baseUrl, checker);
  }
  return checker;
}

function buildChecker(document: Document): Checker {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addFormat("binary", true);
  ajv.addSchema(document as object, "openapi");
  const compiled = new Map<string, ValidateFunction>();

  // Literal paths before templated ones (`/senha/nova` is not `/senha/{id}`).
  const routes = Object.keys(document.paths)
    .map((template) => ({
      template,
      pattern: new RegExp(`^${template.replaceAll(/\{[^}]+\}/g, "[^/]+").replaceAll(".", "\\.")}$`),
      params: (template.match(/\{/g) ?? []).length,
    }))
    .sort((a, b) => a.params - b.params);

  return (method, path, status, body) => {
    const lower = method.toLowerCase();
    if (!METHODS.has(lower)) return;
    const route = routes.find(({ pattern }) => pattern.test(path));
    const where = `${method} /api${path} → ${status}`;
    if (!route) {
      if (status !== 404) throw new Error(`${where}: caminho fora do documento OpenAPI`);
      return;
    }
    const operation = document.paths[route.template]![lower];
    if (!operation) {
      // A method the route does not take: refused, by the route or by the cross-site check.
      if (status !== 405 && status !== 403) throw new Error(`${where}: método fora do documento OpenAPI`);
      return;
    }
    const response = operation.responses[String(status)];
    if (!response) throw new Error(`${where}: status fora do documento OpenAPI`);
    const schema = response.content?.["application/json"]?.schema;
    // A stream (text/event-stream) is read by the tests themselves, event by event.
    if (!schema && response.content && Object.keys(response.content).length > 0) return;
    if (!schema) {
      if (body !== "") throw new Error(`${where}: corpo que o documento não prevê: ${body.slice(0, 200)}`);
      return;
    }
    const key = `${route.template} ${lower} ${status}`;
    let validate = compiled.get(key);
    if (!validate) {
      const pointer = [
        "paths",
        route.template,
        lower,
        "responses",
        String(status),
        "content",
        "application/json",
        "schema",
      ]
        .map((part) => encodeURIComponent(part.replaceAll("~", "~0").replaceAll("/", "~1")))
        .join("/");
      validate = ajv.compile({ $ref: `openapi#/${pointer}` });
      compiled.set(key, validate);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      throw new Error(`${where}: corpo que não é JSON: ${body.slice(0, 200)}`);
    }
    if (!validate(parsed)) {
      throw new Error(
        `${where}: resposta fora do documento OpenAPI: ${ajv.errorsText(validate.errors)}\n${body.slice(0, 500)}`,
      );
    }
  };
}
