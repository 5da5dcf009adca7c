/**
 * The one way the app writes text into XML (the sitemap, the Atom feed): every character that
 * could end an element or begin markup is escaped, and nothing goes into CDATA, whose `]]>` a
 * field could hold to close it early (issue 41: the feed library escaped only the first one, and a
 * pet's profile forged entries). Characters XML 1.0 forbids are dropped, so no field makes the
 * document unreadable.
 */
const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

// Control characters other than tab and newlines, lone surrogates, U+FFFE and U+FFFF.
const NOT_IN_XML =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** `text` as the content of an element or the value of a quoted attribute. */
export function escapeXml(text: string): string {
  return text.replace(NOT_IN_XML, "").replace(/[&<>"']/g, (char) => XML_ESCAPES[char]!);
}

type Attributes = Record<string, string | undefined>;

/** `<name a="…">text</name>`, or `<name a="…"/>` without text; every value escaped. */
export function xmlElement(name: string, attributes: Attributes, text?: string): string {
  const written = Object.entries(attributes)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([key, value]) => ` ${key}="${escapeXml(value)}"`)
    .join("");
  return text === undefined ? `<${name}${written}/>` : `<${name}${written}>${escapeXml(text)}</${name}>`;
}
