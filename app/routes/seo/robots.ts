import type { Route } from "./+types/robots";

/** Pages that are someone's own, or forms: never indexed. */
const PRIVATE = [
  "/adopet/api/",
  "/adopet/perfil",
  "/adopet/meus-pets",
  "/adopet/mensagens",
  "/adopet/candidaturas",
  "/adopet/favoritos",
  "/adopet/alertas",
  "/adopet/moderacao",
  "/adopet/denunciar",
  "/adopet/contato",
  "/adopet/login",
  "/adopet/cadastro",
  "/adopet/senha/",
  "/adopet/sair",
  "/adopet/pets/*/adotar",
  "/adopet/acompanhamento",
  "/adopet/convites/",
];

/** `/robots.txt`: what search engines may index, and where the sitemap is (issue 23). */
export function loader({ context }: Route.LoaderArgs) {
  const lines = [
    "User-agent: *",
    "Allow: /adopet/",
    // The API's documentation is a page to find; the API itself is not.
    "Allow: /adopet/api/docs",
    ...PRIVATE.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${context.publicUrl}/adopet/sitemap.xml`,
    "",
  ];
  return new Response(lines.join("\n"), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
