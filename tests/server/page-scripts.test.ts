import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * What the built pages' scripts hold (npm run build first): a page loads what it shows. The
 * public pages that show a visitor no form carry no form library (Zod's schemas and Conform,
 * which a form loads with it), and Leaflet comes with a map (docs/performance.md, "Pages").
 */
const CLIENT_DIR = path.resolve(import.meta.dirname, "../../build/client");
const ASSETS = path.join(CLIENT_DIR, "assets");

type RouteEntry = { module: string; imports?: string[]; css?: string[] };

function routeManifest(): Record<string, RouteEntry> {
  const file = fs.readdirSync(ASSETS).find((name) => /^manifest-[\w-]+\.js$/.test(name))!;
  const source = fs.readFileSync(path.join(ASSETS, file), "utf8");
  return (
    JSON.parse(source.replace(/^window\.__reactRouterManifest=/, "").replace(/;\s*$/, "")) as {
      routes: Record<string, RouteEntry>;
    }
  ).routes;
}

/** Each script a page fetches before it runs (the root's and the route's, and their imports), by name, with its text. */
function scriptsOf(routes: Record<string, RouteEntry>, routeId: string): Map<string, string> {
  const scripts = new Map<string, string>();
  for (const entry of [routes.root!, routes[routeId]!]) {
    for (const url of [entry.module, ...(entry.imports ?? [])]) {
      scripts.set(path.basename(url), fs.readFileSync(path.join(ASSETS, path.basename(url)), "utf8"));
    }
  }
  return scripts;
}

// Texts the libraries' built code holds: a Zod schema's class name, and one of Conform's messages.
const LIBRARIES = { zod: "$ZodType", conform: "reserved by Conform" };

const holding = (scripts: Map<string, string>) =>
  Object.entries(LIBRARIES)
    .filter(([, marker]) => [...scripts.values()].some((text) => text.includes(marker)))
    .map(([library]) => library);

describe("the pages' scripts", () => {
  const routes = routeManifest();

  it("of the public pages that show a visitor no form hold no form library", () => {
    const pages = [
      "routes/welcome",
      "routes/home",
      "routes/pet",
      "routes/responsavel",
      "routes/organizacoes.transparencia",
      "routes/organizacoes.doe",
      // Their forms (a search by photo in an emergency, a message to the author, an offer of a
      // home) load when they are shown: to some readers only.
      "routes/perdidos-e-achados",
      "routes/perdidos-e-achados.anuncio",
      "routes/lar-temporario",
      "routes/lar-temporario.precisam",
      "routes/finais-felizes",
      "routes/final-feliz",
    ];
    const withLibraries = pages
      .map((page) => [page, holding(scriptsOf(routes, page))] as const)
      .filter(([, libraries]) => libraries.length > 0);
    expect(withLibraries).toEqual([]);
  });

  it("of a page with a form hold both libraries (what the test above looks for is there to find)", () => {
    expect(holding(scriptsOf(routes, "routes/login"))).toEqual(["zod", "conform"]);
  });

  it("bring Leaflet, and its stylesheet, only with a map: not with the page that may draw one", () => {
    const report = "routes/perdidos-e-achados.anuncio";
    const scripts = scriptsOf(routes, report);
    expect([...scripts.values()].some((text) => text.includes("leaflet-container"))).toBe(false);
    expect(routes[report]!.css ?? []).toEqual([]);
    // The map's own chunk and stylesheet exist, for when it is drawn.
    const assets = fs.readdirSync(ASSETS);
    expect(assets.some((name) => /^leaflet[\w-]*\.css$/.test(name))).toBe(true);
    expect(
      assets.some(
        (name) =>
          name.endsWith(".js") && fs.readFileSync(path.join(ASSETS, name), "utf8").includes("leaflet-container"),
      ),
    ).toBe(true);
  });
});
