import { escapeXml, xmlElement } from "~/lib/xml";

/** An XML document for crawlers and feed readers: cached by them and by proxies (10 minutes unless said). */
export function xmlResponse(body: string, type = "application/xml", maxAge = 600): Response {
  return new Response(body, {
    headers: { "Content-Type": `${type}; charset=utf-8`, "Cache-Control": `public, max-age=${maxAge}` },
  });
}

type AtomPerson = { name: string; uri?: string };

type AtomEntry = {
  id: string;
  title: string;
  link: string;
  updated: Date;
  published?: Date;
  /** Plain text: readers show it as written, never as HTML. */
  summary?: string;
  authors: AtomPerson[];
  image?: { url: string; type: string };
};

export type AtomFeed = {
  id: string;
  title: string;
  subtitle?: string;
  /** The page the feed follows. */
  link: string;
  /** The feed's own address. */
  self: string;
  updated: Date;
  author: AtomPerson;
  rights?: string;
  language: string;
  entries: AtomEntry[];
};

const person = (tag: string, { name, uri }: AtomPerson) =>
  `<${tag}>${xmlElement("name", {}, name)}${uri ? xmlElement("uri", {}, uri) : ""}</${tag}>`;

/**
 * An Atom document (RFC 4287) written by `xmlElement`, every field escaped text (`type="text"`),
 * none in CDATA or read as HTML: what a pet's name or profile holds cannot close its element,
 * forge an entry or run in a reader (issue 41).
 */
export function atomFeed(feed: AtomFeed): string {
  const entries = feed.entries.map((entry) =>
    [
      "<entry>",
      xmlElement("id", {}, entry.id),
      xmlElement("title", { type: "text" }, entry.title),
      xmlElement("link", { rel: "alternate", href: entry.link }),
      xmlElement("updated", {}, entry.updated.toISOString()),
      entry.published ? xmlElement("published", {}, entry.published.toISOString()) : "",
      entry.summary === undefined ? "" : xmlElement("summary", { type: "text" }, entry.summary),
      ...entry.authors.map((author) => person("author", author)),
      entry.image ? xmlElement("link", { rel: "enclosure", href: entry.image.url, type: entry.image.type }) : "",
      "</entry>",
    ].join(""),
  );
  return [
    `<?xml version="1.0" encoding="utf-8"?>`,
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${escapeXml(feed.language)}">`,
    xmlElement("id", {}, feed.id),
    xmlElement("title", { type: "text" }, feed.title),
    feed.subtitle === undefined ? "" : xmlElement("subtitle", { type: "text" }, feed.subtitle),
    xmlElement("link", { rel: "alternate", href: feed.link }),
    xmlElement("link", { rel: "self", href: feed.self }),
    xmlElement("updated", {}, feed.updated.toISOString()),
    xmlElement("generator", {}, "Adopet"),
    person("author", feed.author),
    feed.rights === undefined ? "" : xmlElement("rights", {}, feed.rights),
    ...entries,
    "</feed>",
  ]
    .filter((line) => line !== "")
    .join("\n")
    .concat("\n");
}
