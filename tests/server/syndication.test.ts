import { parseFeed } from "@rowanmanning/feed-parser";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import ogs from "open-graph-scraper";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { petCounts, pets, users } from "~/db/schema";
import { createPet, createUser } from "../support/factories";
import { idRange, sitemapIndex, sitemapPets } from "~/domain/pets/syndication.server";
import { Client, startTestApp, type TestApp } from "../support/app";

/**
 * Being found (issue 23): robots.txt, the sitemap (and its index's parts), the Atom feed of new
 * animals with its filters, and a pet page's link preview read by a real Open Graph parser.
 */
const PUBLIC_URL = "https://adote.exemplo.org";
let app: TestApp;
let caretakerId: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  app = await startTestApp({ PUBLIC_URL });
  caretakerId = (await createUser(app.db, { email: "sitemap@exemplo.com", nome: "Lia" })).id;
  ids.rex = await createPet(app.db, { caretakerId, nome: "Rex", cidade: "Niterói", uf: "RJ" });
  ids.mia = await createPet(app.db, { caretakerId, nome: "Mia", especie: "gato", cidade: "Curitiba", uf: "PR" });
  ids.bob = await createPet(app.db, { caretakerId, nome: "Bob", status: "adotado" });
  ids.oculto = await createPet(app.db, { caretakerId, nome: "Oculto" });
  await app.db
    .update(pets)
    .set({ status: "oculto", statusBeforeHidden: "disponivel", hiddenBy: "operador" })
    .where(eq(pets.id, ids.oculto));
});
afterAll(() => app?.close());

const visitor = () => new Client(app.baseUrl);
const xml = new XMLParser({ ignoreAttributes: false, isArray: (name) => ["url", "sitemap"].includes(name) });

describe("robots.txt", () => {
  it("keeps private pages out and points to the sitemap on the configured origin", async () => {
    const answer = await visitor().get("/robots.txt");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    for (const path of [
      "/adopet/api/",
      "/adopet/perfil",
      "/adopet/meus-pets",
      "/adopet/mensagens",
      "/adopet/moderacao",
    ]) {
      expect(answer.text).toContain(`Disallow: ${path}\n`);
    }
    expect(answer.text).toContain(`Sitemap: ${PUBLIC_URL}/adopet/sitemap.xml`);
  });
});

describe("the sitemap", () => {
  it("lists the available pets and their caretaker's page, absolute, and nothing else of theirs", async () => {
    const answer = await visitor().get("/sitemap.xml");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(XMLValidator.validate(answer.text)).toBe(true);
    const urls = (xml.parse(answer.text).urlset.url as { loc: string; lastmod?: string }[]).map((url) => url.loc);
    expect(urls).toEqual(
      expect.arrayContaining([
        `${PUBLIC_URL}/adopet/`,
        `${PUBLIC_URL}/adopet/home`,
        `${PUBLIC_URL}/adopet/pets/${ids.rex}`,
        `${PUBLIC_URL}/adopet/pets/${ids.mia}`,
        `${PUBLIC_URL}/adopet/responsaveis/${caretakerId}`,
      ]),
    );
    // Adopted (410) and hidden listings are not offered.
    expect(urls).not.toContain(`${PUBLIC_URL}/adopet/pets/${ids.bob}`);
    expect(urls).not.toContain(`${PUBLIC_URL}/adopet/pets/${ids.oculto}`);
    expect(urls.every((url) => url.startsWith(`${PUBLIC_URL}/adopet/`))).toBe(true);
  });

  it("splits the pets into parts by ranges of ids that cover every pet once", async () => {
    // The ranges tile the UUID space.
    const parts = 7;
    for (let part = 1; part < parts; part++) expect(idRange(part, parts).to).toBe(idRange(part + 1, parts).from);
    expect(idRange(1, parts).from).toBe("00000000-0000-0000-0000-000000000000");
    expect(idRange(parts, parts).to).toBeNull();
    for (let extra = 0; extra < 20; extra++) await createPet(app.db, { caretakerId, nome: "Lote" });
    const whole = (await sitemapPets(app.db)).map((entry) => entry.path).sort();
    const split = (
      await Promise.all(Array.from({ length: parts }, (_, index) => sitemapPets(app.db, index + 1, parts)))
    )
      .flat()
      .map((entry) => entry.path)
      .sort();
    expect(split).toEqual(whole);
    expect(whole.length).toBeGreaterThan(20);
    // The index names its parts under the configured origin, as valid XML.
    const index = sitemapIndex(PUBLIC_URL, { caretakerParts: 2, petParts: 3 });
    expect(XMLValidator.validate(index)).toBe(true);
    expect((xml.parse(index).sitemapindex.sitemap as { loc: string }[]).map((entry) => entry.loc)).toEqual([
      `${PUBLIC_URL}/adopet/sitemaps/paginas.xml`,
      `${PUBLIC_URL}/adopet/sitemaps/responsaveis-1.xml`,
      `${PUBLIC_URL}/adopet/sitemaps/responsaveis-2.xml`,
      `${PUBLIC_URL}/adopet/sitemaps/pets-1.xml`,
      `${PUBLIC_URL}/adopet/sitemaps/pets-2.xml`,
      `${PUBLIC_URL}/adopet/sitemaps/pets-3.xml`,
    ]);
  });

  it("serves the parts an index names, and 404 for any other", async () => {
    const pages = await visitor().get("/sitemaps/paginas.xml");
    expect(pages.status).toBe(200);
    expect(pages.text).toContain(`<loc>${PUBLIC_URL}/adopet/home</loc>`);
    const caretakers = await visitor().get("/sitemaps/responsaveis-1.xml");
    expect(caretakers.text).toContain(`${PUBLIC_URL}/adopet/responsaveis/${caretakerId}`);
    const first = await visitor().get("/sitemaps/pets-1.xml");
    expect(first.status).toBe(200);
    expect(first.text).toContain(`${PUBLIC_URL}/adopet/pets/${ids.rex}`);
    for (const path of [
      "/sitemaps/pets-2.xml",
      "/sitemaps/responsaveis-2.xml",
      "/sitemaps/pets-0.xml",
      "/sitemaps/outro.xml",
      "/sitemaps/pets-1.xml.gz",
    ]) {
      expect((await visitor().get(path)).status, path).toBe(404);
    }
  });
});

describe("the sitemap past 50,000 addresses", () => {
  it("is an index whose parts split the pets between them", async () => {
    // As if 60,000 more pets were available (the plan reads the counts the feed keeps).
    await app.db
      .insert(petCounts)
      .values({ species: "outro", porte: "grande", idade: "idoso", sexo: "-", castrado: "-", uf: "AC", n: 60_000 });
    try {
      const index = await visitor().get("/sitemap.xml");
      expect(XMLValidator.validate(index.text)).toBe(true);
      const files = (xml.parse(index.text).sitemapindex.sitemap as { loc: string }[]).map((entry) => entry.loc);
      expect(files).toEqual([
        `${PUBLIC_URL}/adopet/sitemaps/paginas.xml`,
        `${PUBLIC_URL}/adopet/sitemaps/responsaveis-1.xml`,
        `${PUBLIC_URL}/adopet/sitemaps/pets-1.xml`,
        `${PUBLIC_URL}/adopet/sitemaps/pets-2.xml`,
      ]);
      const parts = await Promise.all([1, 2].map((part) => visitor().get(`/sitemaps/pets-${part}.xml`)));
      expect(parts.map((part) => part.status)).toEqual([200, 200]);
      const urls = parts.flatMap((part) => (xml.parse(part.text).urlset.url ?? []) as { loc: string }[]);
      expect(urls.map((url) => url.loc)).toContain(`${PUBLIC_URL}/adopet/pets/${ids.rex}`);
      expect(new Set(urls.map((url) => url.loc)).size).toBe(urls.length);
      expect((await visitor().get("/sitemaps/pets-3.xml")).status).toBe(404);
    } finally {
      await app.db.delete(petCounts).where(eq(petCounts.uf, "AC"));
    }
  });
});

describe("the Atom feed of new animals", () => {
  it("is valid Atom, newest first, each entry linking its pet page with its photo", async () => {
    const answer = await visitor().get("/feeds/novos.xml");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
    expect(XMLValidator.validate(answer.text)).toBe(true);
    expect(xml.parse(answer.text).feed["@_xmlns"]).toBe("http://www.w3.org/2005/Atom");
    const feed = parseFeed(answer.text);
    expect(feed.meta.type).toBe("atom");
    expect(feed.title).toBe("Animais para adoção | Adopet");
    const titles = feed.items.map((item) => item.title);
    expect(titles).toContain("Mia para adoção em Curitiba (PR)");
    expect(titles.some((title) => title?.includes("Bob"))).toBe(false);
    expect(titles.some((title) => title?.includes("Oculto"))).toBe(false);
    const mia = feed.items.find((item) => item.title?.startsWith("Mia"))!;
    expect(mia.url).toBe(`${PUBLIC_URL}/adopet/pets/${ids.mia}`);
    expect(mia.id).toBe(`urn:uuid:${ids.mia}`);
    expect(mia.authors.map((author) => author.name)).toEqual(["Lia"]);
    expect(mia.media[0]?.url).toMatch(new RegExp(`^${PUBLIC_URL}/adopet/imagens/`));
    const dates = feed.items.map((item) => item.published!.getTime());
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
  });

  it("narrows by state, city (IBGE) and species", async () => {
    const titles = async (query: string) =>
      parseFeed((await visitor().get(`/feeds/novos.xml?${query}`)).text).items.map((item) => item.title);
    expect(await titles("uf=PR")).toEqual(["Mia para adoção em Curitiba (PR)"]);
    expect(await titles("especie=gato&uf=PR")).toEqual(["Mia para adoção em Curitiba (PR)"]);
    // Niterói's IBGE code.
    expect(await titles("cidade=3303302")).toEqual(["Rex para adoção em Niterói (RJ)"]);
    const named = parseFeed((await visitor().get("/feeds/novos.xml?cidade=3303302&especie=cao")).text);
    expect(named.title).toBe("Cães para adoção em Niterói (RJ) | Adopet");
    // Its page: the feed of that city, by name and state.
    expect(named.url).toBe(`${PUBLIC_URL}/adopet/home?cidade=Niter%C3%B3i&uf=RJ&especie=cao`);
    expect(await titles("uf=AC")).toEqual([]);
  });

  it("says which filter is wrong (400, in Portuguese)", async () => {
    const cases: [string, string][] = [
      ["uf=XX", "Estado inválido: use a sigla, como RJ."],
      ["especie=peixe", "Espécie inválida: use cao, gato ou outro."],
      ["cidade=Niteroi", "Cidade inválida: use o código IBGE de 7 dígitos, como 3304557."],
      ["cidade=9999999", "Cidade não encontrada: use um código IBGE de município."],
      ["raca=vira-lata", "Filtro desconhecido: use uf, cidade ou especie."],
    ];
    for (const [query, message] of cases) {
      const answer = await visitor().get(`/feeds/novos.xml?${query}`);
      expect([answer.status, answer.text], query).toEqual([400, message]);
    }
  });
});

describe("text that could close its element (issue 41)", () => {
  // The feed library escaped only the first `]]>` of a CDATA section: the second closed it.
  const PERFIL =
    "x]]>y]]></summary></entry><entry><title>Filhote de graça</title><id>urn:uuid:forjado</id>" +
    "<updated>2030-01-01T00:00:00Z</updated></entry><entry><summary>z";
  // As long as each column allows (a pet's name 20, an ONG's public name 80).
  const NOME = "Tó]]>]]></title>&<b>";
  const CARETAKER = "ONG ]]>]]></name></author><entry><title>x</title></entry> &amp; <i>\"'Patas'\"</i>";
  const feedXml = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === "entry" || name === "link" });

  it("stays text in the Atom feed: one entry for the pet, each field as written, in the XML and in a feed reader", async () => {
    // A verified ONG: its name is what a forged entry would borrow.
    const ong = await createUser(app.db, { email: "cdata@exemplo.com", nome: "Cida" });
    await app.db
      .update(users)
      .set({ tipo: "ong", cnpj: "11222333000181", nomePublico: CARETAKER, verifiedAt: new Date() })
      .where(eq(users.id, ong.id));
    const id = await createPet(app.db, {
      caretakerId: ong.id,
      nome: NOME,
      perfil: PERFIL,
      cidade: "Aracaju",
      uf: "SE",
    });
    const answer = await visitor().get("/feeds/novos.xml?uf=SE");
    expect(answer.status).toBe(200);
    expect(XMLValidator.validate(answer.text)).toBe(true);
    expect(answer.text).not.toContain("CDATA");

    const entries = feedXml.parse(answer.text).feed.entry as Record<string, { "#text": string } | string>[];
    expect(entries).toHaveLength(1);
    const [entry] = entries;
    expect(entry!.id).toBe(`urn:uuid:${id}`);
    expect((entry!.title as { "#text": string })["#text"]).toBe(`${NOME} para adoção em Aracaju (SE)`);
    const summary = (entry!.summary as { "#text": string })["#text"];
    expect(summary.startsWith(`${NOME}, `)).toBe(true);
    expect(summary.endsWith(`: ${PERFIL}`)).toBe(true);
    expect((entry!.author as unknown as { name: string }).name).toBe(CARETAKER);

    const feed = parseFeed(answer.text);
    expect(feed.items).toHaveLength(1);
    expect(feed.items[0]!.id).toBe(`urn:uuid:${id}`);
    expect(feed.items[0]!.title).toBe(`${NOME} para adoção em Aracaju (SE)`);
    // This reader decodes entities in a name once more, as if it were HTML: its own habit.
    expect(feed.items[0]!.authors.map((author) => author.name)).toEqual([CARETAKER.replace("&amp;", "&")]);
  });

  it("leaves the sitemap as it was: it writes no one's text, only addresses of ids", async () => {
    const answer = await visitor().get("/sitemap.xml");
    expect(XMLValidator.validate(answer.text)).toBe(true);
    expect(answer.text).not.toContain("]]>");
    expect(answer.text).not.toContain("Tó");
    const urls = (xml.parse(answer.text).urlset.url as { loc: string }[]).map((url) => url.loc);
    expect(urls.every((url) => /^https:\/\/adote\.exemplo\.org\/adopet\/[a-z0-9/-]*$/.test(url))).toBe(true);
  });
});

describe("a pet page's link preview", () => {
  it("reads right in a real Open Graph parser, every address on the configured origin", async () => {
    const page = await visitor().get(`/pets/${ids.rex}`);
    const { result } = await ogs({ html: page.text });
    expect(result.ogTitle).toBe("Rex para adoção");
    expect(result.ogType).toBe("website");
    expect(result.ogLocale).toBe("pt_BR");
    expect(result.ogSiteName).toBe("Adopet");
    expect(result.ogUrl).toBe(`${PUBLIC_URL}/adopet/pets/${ids.rex}`);
    expect(result.ogDescription).toContain("Rex");
    expect(result.ogImage?.[0]?.url).toMatch(new RegExp(`^${PUBLIC_URL}/adopet/imagens/.+`));
    expect(result.ogImage?.[0]?.type).toBe("image/webp");
    expect(result.twitterCard).toBe("summary_large_image");
  });
});
