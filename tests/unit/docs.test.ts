import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The README is what a newcomer reads in five minutes; the rest lives in docs/ guides, which
// link to each other and to the code. These checks keep both honest as files move.
const ROOT = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8");

function markdownFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(file);
    return entry.name.endsWith(".md") ? [file] : [];
  });
}

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/ /g, "-");

/** The anchors of a Markdown file's headings, outside code blocks. */
function anchors(file: string): Set<string> {
  const text = read(file).replace(/^```[\s\S]*?^```/gm, "");
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((match) => slug(match[1] ?? "")));
}

describe("the documentation", () => {
  const files = ["README.md", ...markdownFiles("docs")];

  it("has a README of under 150 lines, none over 160 characters", () => {
    const lines = read("README.md").trimEnd().split("\n");
    expect(lines.length).toBeLessThan(150);
    expect(lines.filter((line) => line.length > 160)).toEqual([]);
  });

  it("links only to files and headings that exist", () => {
    const broken: string[] = [];
    for (const file of files) {
      const text = read(file).replace(/^```[\s\S]*?^```/gm, "");
      for (const [, target = ""] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/i.test(target)) continue;
        const [pathPart, anchor] = target.split("#");
        const linked = pathPart ? path.posix.normalize(path.posix.join(path.posix.dirname(file), pathPart)) : file;
        if (!fs.existsSync(path.join(ROOT, linked))) broken.push(`${file}: ${target}`);
        else if (anchor && linked.endsWith(".md") && !anchors(linked).has(anchor)) broken.push(`${file}: ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });

  // docs/decisions/README.md gives the template; a later decision supersedes, never amends.
  it("keeps every decision record in one template, listed in the records' README", () => {
    const records = fs.readdirSync(path.join(ROOT, "docs/decisions")).filter((name) => /^\d{4}-.+\.md$/.test(name));
    const index = read("docs/decisions/README.md");
    const wrong = records.flatMap((name) => {
      const text = read(`docs/decisions/${name}`);
      const number = Number(name.slice(0, 4));
      const header = new RegExp(
        `^# ${number}\\. .+\\n\\nDate: \\d{4}-\\d{2}-\\d{2}\\nStatus: ` +
          `(Accepted|Superseded by \\d{4}|Accepted, in part superseded by \\d{4} \\(.+\\))\\n\\n## Context\\n`,
      );
      const sections = [...text.matchAll(/^## (.+)$/gm)].map((match) => match[1]);
      return [
        ...(header.test(text) ? [] : [`${name}: title, Date and Status lines`]),
        ...(sections.join(", ") === "Context, Decision, Consequences"
          ? []
          : [`${name}: sections ${sections.join(", ")}`]),
        ...(index.includes(`(${name})`) ? [] : [`${name}: not listed in docs/decisions/README.md`]),
      ];
    });
    expect(records.length).toBeGreaterThan(28);
    expect(wrong).toEqual([]);
  });

  it("names every setting app/env.server.ts reads in docs/configuration.md", () => {
    const schema = read("app/env.server.ts");
    const settings = [...schema.matchAll(/^ {2}([A-Z][A-Z0-9_]+): /gm)].map((match) => match[1] ?? "");
    expect(settings.length).toBeGreaterThan(20);
    const guide = read("docs/configuration.md");
    expect(settings.filter((name) => !guide.includes(`\`${name}\``))).toEqual([]);
  });
});
