import { Link, useLoaderData } from "react-router";
import { OperationView, SchemaView, Text } from "~/components/api-docs";
import { apiDocument } from "~/api/index.server";
import { apiArea } from "~/api/openapi/areas";
import { pageMeta } from "~/lib/meta";
import { foundOr404 } from "~/web/not-found.server";
import type { Route } from "./+types/api-docs.area";

/**
 * `/api/docs/:area`: one area of the API (an OpenAPI tag), its operations and the schemas they
 * use, so that a page stays small enough for a phone and for an accessibility check (issue 61).
 */
export function loader({ params }: Route.LoaderArgs) {
  const area = apiArea(apiDocument(), params.area);
  foundOr404(area);
  return area;
}

export function meta({ data }: Route.MetaArgs) {
  return pageMeta(
    `${data?.name ?? "API"} | API do Adopet`,
    `A API do Adopet: ${data?.name ?? "documentação"}, cada chamada com seus parâmetros, respostas e exemplos.`,
  );
}

export default function ApiDocsArea() {
  const area = useLoaderData<typeof loader>();
  return (
    <article className="api-docs">
      <p className="api-docs__back">
        <Link to="/api/docs">{area.title}</Link>
      </p>
      <h1 className="api-docs__title">{area.name}</h1>
      {area.description && (
        <p>
          <Text>{area.description}</Text>
        </p>
      )}
      <p>
        Endereços relativos a <code>/adopet/api</code>. O documento completo:{" "}
        <a href="/adopet/api/openapi.json">openapi.json</a>.
      </p>
      <section aria-labelledby="chamadas" className="api-docs__tag">
        <h2 className="api-docs__subtitle" id="chamadas">
          Chamadas
        </h2>
        {area.operations.map(({ method, path, operation }) => (
          <OperationView key={`${method} ${path}`} method={method} path={path} operation={operation} />
        ))}
      </section>
      {Object.keys(area.schemas).length > 0 && (
        <section aria-labelledby="esquemas" className="api-docs__tag">
          <h2 className="api-docs__subtitle" id="esquemas">
            Esquemas
          </h2>
          {Object.entries(area.schemas).map(([name, schema]) => (
            <SchemaView key={name} name={name} schema={schema} />
          ))}
        </section>
      )}
    </article>
  );
}
