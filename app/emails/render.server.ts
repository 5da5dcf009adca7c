import type { ReactElement } from "react";
import { plainTextSelectors, render } from "@react-email/render";
import { compile } from "html-to-text";

/**
 * HTML to plain text as `toPlainText` of @react-email/render does it (its selectors: images
 * skipped, links without brackets…), with headings as written (in capitals they read as
 * shouting), lines of 78 characters. Compiled once: `toPlainText` compiles its selectors into
 * a decision tree for every e-mail, which cost more than rendering the e-mail itself.
 */
const toText = compile({
  wordwrap: 78,
  selectors: [
    ...plainTextSelectors,
    ...["h1", "h2", "h3"].map((selector) => ({ selector, options: { uppercase: false } })),
  ],
});

/**
 * An e-mail component as the two parts of a multipart message: HTML, and plain text from that
 * same HTML (what `render(…, {plainText: true})` does, without rendering the tree a second time).
 */
export async function renderEmail(element: ReactElement): Promise<{ html: string; text: string }> {
  const html = await render(element);
  return { html, text: toText(html) };
}
