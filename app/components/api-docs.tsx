import { Fragment, type ReactNode } from "react";

/**
 * The API's documentation, drawn from its OpenAPI document (ADR 23): plain HTML under the site's
 * CSP, readable without JavaScript and on a phone. The pages (/api/docs and one per area) give
 * these parts their slice of the document.
 */

export type Schema = Record<string, unknown>;
export type Operation = {
  tags?: string[];
  summary?: string;
  description?: string;
  security?: unknown[];
  parameters?: { name: string; in: string; required?: boolean; description?: string; schema?: Schema }[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema?: Schema }> }>;
};

const PLACES: Record<string, string> = { path: "caminho", query: "consulta", header: "cabeçalho", cookie: "cookie" };

/** `code` spans of the descriptions, as <code>. */
export function Text({ children }: { children?: string }) {
  if (!children) return null;
  return (
    <>
      {children
        .split(/(`[^`]+`)/)
        .map((part, index) =>
          part.startsWith("`") && part.endsWith("`") ? <code key={index}>{part.slice(1, -1)}</code> : part,
        )}
    </>
  );
}

const refName = (schema: Schema) =>
  typeof schema.$ref === "string" ? schema.$ref.replace("#/components/schemas/", "") : undefined;
const anchor = (name: string) => `esquema-${name}`;
export const operationAnchor = (method: string, path: string) =>
  `${method}${path.replaceAll(/[{}]/g, "").replaceAll("/", "-")}`.replace(/\.json$/, "-json");

/** A short name for a schema's type: "texto", "lista de Pet", "Pet"… */
function TypeName({ schema }: { schema: Schema }): ReactNode {
  const ref = refName(schema);
  if (ref) return <a href={`#${anchor(ref)}`}>{ref}</a>;
  const variants = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (variants) {
    return variants.map((variant, index) => (
      <Fragment key={index}>
        {index > 0 && " ou "}
        <TypeName schema={variant} />
      </Fragment>
    ));
  }
  const type = schema.type;
  if (Array.isArray(type)) return type.map((name) => TYPE_NAMES[name as string] ?? name).join(" ou ");
  if (type === "array" && schema.items) {
    return (
      <>
        lista de <TypeName schema={schema.items as Schema} />
      </>
    );
  }
  if (schema.format === "binary") return "arquivo";
  if (typeof type === "string") return TYPE_NAMES[type] ?? type;
  if ("const" in schema) return JSON.stringify(schema.const);
  return "qualquer";
}

const TYPE_NAMES: Record<string, string> = {
  string: "texto",
  integer: "inteiro",
  number: "número",
  boolean: "true/false",
  object: "objeto",
  array: "lista",
  null: "null",
};

/** What a value may be, beyond its type: options, limits, format. */
function Constraints({ schema }: { schema: Schema }) {
  const notes: ReactNode[] = [];
  const values =
    (schema.enum as unknown[] | undefined) ?? ((schema.items as Schema | undefined)?.enum as unknown[] | undefined);
  if (values) {
    notes.push(
      <Fragment key="enum">
        valores:{" "}
        {values.map((value, index) => (
          <Fragment key={String(value)}>
            {index > 0 && ", "}
            <code>{String(value)}</code>
          </Fragment>
        ))}
      </Fragment>,
    );
  }
  if (typeof schema.format === "string" && schema.format !== "binary") notes.push(`formato ${schema.format}`);
  if (typeof schema.minLength === "number" && schema.minLength > 1) notes.push(`mínimo ${schema.minLength} caracteres`);
  if (typeof schema.maxLength === "number") notes.push(`até ${schema.maxLength} caracteres`);
  if (typeof schema.minimum === "number") notes.push(`a partir de ${schema.minimum}`);
  if (typeof schema.maximum === "number" && schema.maximum < Number.MAX_SAFE_INTEGER)
    notes.push(`até ${schema.maximum}`);
  if (typeof schema.maxItems === "number") notes.push(`até ${schema.maxItems} itens`);
  if (schema.example !== undefined) {
    notes.push(
      <Fragment key="example">
        exemplo: <code>{JSON.stringify(schema.example)}</code>
      </Fragment>,
    );
  }
  if (notes.length === 0) return null;
  return (
    <span className="api-docs__constraints">
      {" ("}
      {notes.map((note, index) => (
        <Fragment key={index}>
          {index > 0 && "; "}
          {note}
        </Fragment>
      ))}
      {")"}
    </span>
  );
}

/** An object's fields, one per line, nested objects within (components are linked, not repeated). */
function Fields({ schema, depth = 0 }: { schema: Schema; depth?: number }) {
  const target =
    schema.type === "array" && schema.items && !refName(schema.items as Schema) ? (schema.items as Schema) : schema;
  const properties = target.properties as Record<string, Schema> | undefined;
  if (!properties || depth > 3) return null;
  const required = new Set((target.required as string[] | undefined) ?? []);
  return (
    <ul className="api-docs__fields">
      {Object.entries(properties).map(([name, property]) => (
        <li key={name}>
          <code className="api-docs__field">{name}</code> <TypeName schema={property} />
          {required.has(name) ? <strong className="api-docs__required"> obrigatório</strong> : null}
          {typeof property.description === "string" && (
            <>
              {": "}
              <Text>{property.description}</Text>
            </>
          )}
          <Constraints schema={property} />
          <Fields schema={property} depth={depth + 1} />
        </li>
      ))}
    </ul>
  );
}

function Body({ schema }: { schema: Schema }) {
  return (
    <>
      <p className="api-docs__type">
        <TypeName schema={schema} />
        {typeof schema.description === "string" && !refName(schema) && (
          <>
            : <Text>{schema.description}</Text>
          </>
        )}
      </p>
      {!refName(schema) && <Fields schema={schema} />}
    </>
  );
}

export function OperationView({ method, path, operation }: { method: string; path: string; operation: Operation }) {
  const parameters = operation.parameters ?? [];
  return (
    <section
      className="api-docs__operation"
      id={operationAnchor(method, path)}
      aria-labelledby={`${operationAnchor(method, path)}-titulo`}
    >
      <h3 className="api-docs__operation-title" id={`${operationAnchor(method, path)}-titulo`}>
        <span className={`api-docs__method api-docs__method--${method}`}>{method.toUpperCase()}</span>{" "}
        <code className="api-docs__path">/adopet/api{path}</code>
        <span className="api-docs__summary">{operation.summary}</span>
      </h3>
      {operation.description && (
        <p>
          <Text>{operation.description}</Text>
        </p>
      )}
      {operation.security && <p className="api-docs__auth">Precisa de sessão (cookie de login).</p>}
      {parameters.length > 0 && (
        <>
          <h4 className="api-docs__heading">Parâmetros</h4>
          <ul className="api-docs__fields">
            {parameters.map((parameter) => (
              <li key={`${parameter.in}-${parameter.name}`}>
                <code className="api-docs__field">{parameter.name}</code> ({PLACES[parameter.in] ?? parameter.in}){" "}
                {parameter.schema && <TypeName schema={parameter.schema} />}
                {parameter.required && <strong className="api-docs__required"> obrigatório</strong>}
                {parameter.description && (
                  <>
                    {": "}
                    <Text>{parameter.description}</Text>
                  </>
                )}
                {parameter.schema && <Constraints schema={{ ...parameter.schema, description: undefined }} />}
              </li>
            ))}
          </ul>
        </>
      )}
      {operation.requestBody &&
        Object.entries(operation.requestBody.content).map(([type, { schema }]) => (
          <Fragment key={type}>
            <h4 className="api-docs__heading">
              Corpo (<code>{type}</code>)
            </h4>
            {schema && <Body schema={schema} />}
          </Fragment>
        ))}
      <h4 className="api-docs__heading">Respostas</h4>
      <dl className="api-docs__responses">
        {Object.entries(operation.responses).map(([status, response]) => {
          const schema = response.content?.["application/json"]?.schema;
          return (
            <div key={status}>
              <dt>
                <code className={`api-docs__status api-docs__status--${status[0]}xx`}>{status}</code>
              </dt>
              <dd>
                <Text>{response.description}</Text>
                {schema && (
                  <>
                    {" "}
                    <span className="api-docs__returns">
                      Devolve <TypeName schema={schema} />.
                    </span>
                    {!refName(schema) && <Fields schema={schema} />}
                  </>
                )}
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}

/** A component schema, under its anchor (operations link to it by name). */
export function SchemaView({ name, schema }: { name: string; schema: Schema }) {
  return (
    <section className="api-docs__operation" aria-labelledby={anchor(name)}>
      <h3 className="api-docs__operation-title" id={anchor(name)}>
        {name}
      </h3>
      {typeof schema.description === "string" && (
        <p>
          <Text>{schema.description}</Text>
        </p>
      )}
      <Fields schema={schema} />
      {schema.example !== undefined && (
        <p>
          Exemplo: <code>{JSON.stringify(schema.example)}</code>
        </p>
      )}
    </section>
  );
}
