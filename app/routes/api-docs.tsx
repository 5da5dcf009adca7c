import { Link, useLoaderData } from "react-router";
import { operationAnchor, Text } from "~/components/api-docs";
import { apiDocument } from "~/api/index.server";
import { apiAreas } from "~/api/openapi/areas";
import { pageMeta } from "~/lib/meta";

/**
 * `/api/docs`: the index of the API's documentation (ADR 23). Each area (an OpenAPI tag) has its
 * page, `/api/docs/<area>`; here each operation is one line linking to its place there.
 */
export function loader() {
  const document = apiDocument();
  return { title: document.info.title, description: document.info.description ?? "", areas: apiAreas(document) };
}

export function meta() {
  return pageMeta(
    "API do Adopet | Documentação",
    "A API do Adopet: animais para adoção, candidaturas, mensagens, favoritos e alertas, com exemplos e o documento OpenAPI.",
  );
}

export default function ApiDocs() {
  const { title, description, areas } = useLoaderData<typeof loader>();
  return (
    <article className="api-docs">
      <h1 className="api-docs__title">{title}</h1>
      <p>
        <Text>{description}</Text>
      </p>
      <p>
        O documento OpenAPI 3.1, para gerar clientes e testar: <a href="/adopet/api/openapi.json">openapi.json</a>.
        Endereços relativos a <code>/adopet/api</code>.
      </p>
      <nav className="api-docs__toc" aria-label="Seções da API">
        <ul>
          {areas.map((area) => (
            <li key={area.slug}>
              <Link to={`/api/docs/${area.slug}`}>{area.name}</Link>
            </li>
          ))}
        </ul>
      </nav>
      {areas.map((area) => (
        <section key={area.slug} aria-labelledby={area.slug} className="api-docs__tag">
          <h2 className="api-docs__subtitle" id={area.slug}>
            <Link to={`/api/docs/${area.slug}`}>{area.name}</Link>
          </h2>
          {area.description && (
            <p>
              <Text>{area.description}</Text>
            </p>
          )}
          <ul className="api-docs__index">
            {area.operations.map(({ method, path, summary }) => (
              <li key={`${method} ${path}`}>
                <Link to={`/api/docs/${area.slug}#${operationAnchor(method, path)}`}>
                  <span className={`api-docs__method api-docs__method--${method}`}>{method.toUpperCase()}</span>{" "}
                  <code className="api-docs__path">{path}</code>
                </Link>{" "}
                {summary}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </article>
  );
}
