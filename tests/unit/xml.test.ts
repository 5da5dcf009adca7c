import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { escapeXml, xmlElement } from "~/lib/xml";

describe("text written into XML", () => {
  it("can close no element and begin no markup: every `]]>`, `<`, `&` and quote is escaped, no CDATA", () => {
    const text = `a]]>b]]></summary></entry><entry>&amp; "c" 'd'`;
    const written = xmlElement("summary", { type: "text", href: `x"/><y z="` }, text);
    expect(written).not.toContain("]]>");
    expect(written).not.toContain("CDATA");
    expect(XMLValidator.validate(`<r>${written}</r>`)).toBe(true);
    const parsed = new XMLParser({ ignoreAttributes: false, trimValues: false }).parse(`<r>${written}</r>`);
    expect(parsed.r.summary["#text"]).toBe(text);
    expect(parsed.r.summary["@_href"]).toBe(`x"/><y z="`);
  });

  it("drops the characters XML 1.0 forbids, keeping tabs, newlines and whole emoji", () => {
    expect(escapeXml("a\u0000b\u0008c\u000bd\u001fe\ufffff\td\ne 🐶")).toBe("abcdef\td\ne 🐶");
    expect(escapeXml("x\ud800y\udc00z")).toBe("xyz");
  });
});
