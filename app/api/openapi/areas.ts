import type { Operation, Schema } from "~/components/api-docs";
import type { OpenApiDocument } from "./document.server";

/**
 * The API's documentation by area (issue 61): each tag of the OpenAPI document is a page of its
 * own, `/api/docs/<slug>`, holding its operations and the schemas they refer to, so no page
 * carries the whole document. The document itself stays whole at `/api/openapi.json`.
 */

const METHODS = ["get", "post", "put", "patch", "delete"] as const;
type Method = (typeof METHODS)[number];

/** One operation, named by its method and path (relative to /api). */
type AreaOperation = { method: Method; path: string; operation: Operation };

/** "Termo de adoção" → "termo-de-adocao". */
const areaSlug = (tag: string) =>
  tag
    .normalize("NFD")
    .replaceAll(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replaceAll(/[^a-z0-9]+/g, "-")
    .replaceAll(/^-|-$/g, "");

function operationsOf(document: OpenApiDocument): (AreaOperation & { tags: string[] })[] {
  const paths = document.paths as Record<string, Partial<Record<Method, Operation>>>;
  return Object.entries(paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const operation = item[method];
      return operation ? [{ method, path, operation, tags: operation.tags ?? [] }] : [];
    }),
  );
}

/** The index: each area with the method, path and summary of its operations. */
export function apiAreas(document: OpenApiDocument) {
  const operations = operationsOf(document);
  return (document.tags ?? []).map(({ name, description }) => ({
    name,
    slug: areaSlug(name),
    description: description ?? null,
    operations: operations
      .filter(({ tags }) => tags.includes(name))
      .map(({ method, path, operation }) => ({ method, path, summary: operation.summary ?? "" })),
  }));
}

const REF_PREFIX = "#/components/schemas/";

/** The names of the component schemas `value` refers to, and those they refer to in turn. */
function referredSchemas(value: unknown, schemas: Record<string, Schema>, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) {
    for (const item of value) referredSchemas(item, schemas, found);
  } else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (key === "$ref" && typeof item === "string" && item.startsWith(REF_PREFIX)) {
        const name = item.slice(REF_PREFIX.length);
        if (!found.has(name) && schemas[name]) {
          found.add(name);
          referredSchemas(schemas[name], schemas, found);
        }
      } else {
        referredSchemas(item, schemas, found);
      }
    }
  }
  return found;
}

/** One area's page: its operations and the schemas they use, or null for an unknown slug. */
export function apiArea(document: OpenApiDocument, slug: string) {
  const tag = (document.tags ?? []).find(({ name }) => areaSlug(name) === slug);
  if (!tag) return null;
  const operations = operationsOf(document)
    .filter(({ tags }) => tags.includes(tag.name))
    .map(({ method, path, operation }) => ({ method, path, operation }));
  const all = (document.components?.schemas ?? {}) as Record<string, Schema>;
  const names = [...referredSchemas(operations, all)].sort((a, b) => a.localeCompare(b));
  return {
    title: document.info.title,
    name: tag.name,
    description: tag.description ?? null,
    operations,
    schemas: Object.fromEntries(names.map((name) => [name, all[name]!])),
  };
}
