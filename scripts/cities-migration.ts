// Writes drizzle/0006_cities_data.sql: the 5,570 municipalities of vendor/municipios-brasileiros
// (IBGE; MIT, Kelvin S. do Prado) and the linking of pets and accounts typed before it to their
// city. Run again only if the data set changes: `npx tsx scripts/cities-migration.ts`.
import fs from "node:fs";
import path from "node:path";
import { searchKey } from "~/lib/pets";

const ROOT = path.resolve(import.meta.dirname, "..");
const DATA = path.join(ROOT, "vendor/municipios-brasileiros");
const OUT = path.join(ROOT, "drizzle/0006_cities_data.sql");

const rows = (file: string) =>
  fs
    .readFileSync(path.join(DATA, file), "utf8")
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\n")
    .slice(1)
    .map((line) => line.split(","));

const ufByCode = new Map(rows("estados.csv").map(([code, uf]) => [code!, uf!]));
const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;
const values = rows("municipios.csv").map(([codigo, nome, latitude, longitude, capital, codigoUf]) => {
  const uf = ufByCode.get(codigoUf!);
  if (!uf || !/^\d{7}$/.test(codigo!)) throw new Error(`Linha inválida: ${codigo} ${nome}`);
  return `(${codigo}, ${quote(nome!)}, '${uf}', ${quote(searchKey(nome!))}, ${Number(latitude)}, ${Number(longitude)}, ${capital === "1"})`;
});
// 5,570 municipalities and the newest, Boa Esperança do Norte (MT, 2023): 5,571 rows.
if (values.length < 5570) throw new Error(`Esperados ao menos 5570 municípios, lidos ${values.length}`);

// The same key as searchKey (lib/pets.ts), in SQL: lower case, no accents, single spaces.
const sqlKey = (column: string) =>
  `regexp_replace(translate(lower(btrim(${column})), 'áàâãäéèêëíìîïóòôõöúùûüçñý', 'aaaaaeeeeiiiiooooouuuucny'), '\\s+', ' ', 'g')`;

const statements = [];
for (let start = 0; start < values.length; start += 500) {
  statements.push(
    `INSERT INTO "cities" ("codigo", "nome", "uf", "nome_busca", "latitude", "longitude", "capital") VALUES\n${values
      .slice(start, start + 500)
      .join(",\n")};`,
  );
}
statements.push(
  // Pets typed before the list: linked where name and state match, spelled as the IBGE does.
  `UPDATE "pets" SET "cidade_ibge" = c."codigo", "cidade" = c."nome" FROM "cities" c
WHERE "pets"."cidade_ibge" IS NULL AND c."uf" = "pets"."uf" AND c."nome_busca" = "pets"."cidade_busca";`,
  // Accounts have a city and perhaps a state: linked when that names one city.
  `UPDATE "users" SET "cidade_ibge" = c."codigo", "cidade" = c."nome", "uf" = c."uf" FROM "cities" c
WHERE "users"."cidade_ibge" IS NULL AND "users"."cidade" IS NOT NULL
  AND c."nome_busca" = ${sqlKey(`"users"."cidade"`)}
  AND ("users"."uf" = c."uf" OR ("users"."uf" IS NULL
    AND (SELECT count(*) FROM "cities" o WHERE o."nome_busca" = c."nome_busca") = 1));`,
);
fs.writeFileSync(OUT, `${statements.join("\n--> statement-breakpoint\n")}\n`);
console.log(`${OUT}: ${values.length} municípios`);
