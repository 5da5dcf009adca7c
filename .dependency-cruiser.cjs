/**
 * Imports run one way, down (DESIGN.md "Habits", docs/decisions/0033-imports-run-one-way.md).
 * `npm run lint` runs this: no circle, no import running back up a layer, nothing in app/ that
 * reaches server/ or tests/, nothing unresolved. Type-only imports count like any other.
 *
 * The layers, top to bottom. A module may import its own layer and any layer below it.
 */
const LAYERS = [
  { name: "server", path: "^server/(?!tuning/)" },
  {
    name: "routes",
    path: "^app/(routes/|root\\.tsx$|entry\\.server\\.tsx$|routes\\.ts$|route-body-limits\\.ts$|fonts\\.ts$|styles/)",
  },
  // The JSON API's wing: its endpoints' declarations, its router and its OpenAPI document (ADR 34).
  { name: "api", path: "^app/api/" },
  // Starting the app: environment, migrations, the demo seed and the records it writes.
  { name: "bootstrap", path: "^app/(setup\\.server\\.ts$|env\\.server\\.ts$|demo/)" },
  { name: "web", path: "^app/web/" },
  // The API's shapes of domain records (toApiPet…), also given by pages (the data export).
  { name: "presenters", path: "^app/presenters/" },
  // The queue and the job definitions, which wire the domain's handlers and run maintenance.
  { name: "jobs", path: "^app/jobs/" },
  { name: "domain", path: "^app/domain/" },
  // Domain notices render e-mails; e-mails render data and know nothing of the domain.
  { name: "emails", path: "^app/emails/" },
  // Outcomes, limits, mail, images, signing, and the jobs interface the domain enqueues through.
  // The tricks played on libraries and the process (ADR 15): told what they need by server/.
  { name: "tuning", path: "^server/tuning/" },
  { name: "services", path: "^app/services/" },
  { name: "db", path: "^app/db/" },
  // The API's response schemas: zod built from lib and validation, the types presenters return.
  { name: "response-schemas", path: "^app/openapi/responses\\.ts$" },
  // What pages draw, from the props they are given: the browser's helpers and the forms' rules,
  // nothing of the server (a loader shapes the data they show).
  { name: "components", path: "^app/components/" },
  { name: "validation", path: "^app/validation/" },
  // Pure helpers shared with the browser, and the server's logger (log.server.ts).
  { name: "lib", path: "^app/lib/" },
];

const upwardRules = LAYERS.slice(1).map((layer, index) => {
  const above = LAYERS.slice(0, index + 1);
  return {
    name: `no-up-from-${layer.name}`,
    comment: `${layer.name} may import only itself and the layers below it, not ${above.map((l) => l.name).join(", ")}.`,
    severity: "error",
    from: { path: layer.path },
    to: { path: above.map((l) => `(${l.path})`).join("|") },
  };
});

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "A circle of imports: one module has to own the piece, or a lower module holds it.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    ...upwardRules,
    {
      name: "every-module-in-a-layer",
      comment: "A folder in app/ that no layer above names: give it its place in LAYERS.",
      severity: "error",
      from: { path: "^app/", pathNot: LAYERS.map((l) => l.path) },
      to: {},
    },
    {
      name: "app-not-to-server-or-tests",
      comment: "The app knows nothing of the process that serves it or of its tests.",
      severity: "error",
      from: { path: "^app/" },
      to: { path: "^(server|tests)/" },
    },
    {
      name: "lib-and-validation-stay-isomorphic",
      comment:
        "lib/ and validation/ run in the browser too: only lib's own *.server modules may reach a server module.",
      severity: "error",
      from: { path: "^app/(lib|validation)/", pathNot: "\\.server\\.tsx?$" },
      to: { path: "\\.server\\.tsx?$" },
    },
    {
      name: "not-to-unresolvable",
      comment: "An import that resolves to nothing (route types come from `react-router typegen`).",
      severity: "error",
      from: {},
      to: { couldNotResolve: true, pathNot: ["/\\+types/", "^virtual:"] },
    },
    {
      name: "no-orphans",
      comment: "A module nothing imports: dead, or an entry point missing from this list.",
      severity: "error",
      from: {
        orphan: true,
        pathNot: [
          "\\.d\\.ts$",
          "^server/(main|web|worker|cluster)\\.js$",
          "^server/tuning/node-flags\\.js$",
          "^app/(root\\.tsx|entry\\.server\\.tsx|routes\\.ts)$",
          "^app/routes/",
        ],
      },
      to: {},
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(build|\\.react-router)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".jsx", ".d.ts"],
    },
  },
};
