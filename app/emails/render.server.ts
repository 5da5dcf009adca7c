import type { ReactElement } from "react";
import { render, toPlainText } from "@react-email/render";

/**
 * An e-mail component as the two parts of a multipart message: HTML, and plain text from that
 * same HTML (what `render(…, {plainText: true})` does, without rendering the tree a second time).
 */
export async function renderEmail(element: ReactElement): Promise<{ html: string; text: string }> {
  const html = await render(element);
  const text = toPlainText(html, {
    wordwrap: 78,
    // Headings as written: in capitals they read as shouting.
    selectors: ["h1", "h2", "h3"].map((selector) => ({ selector, options: { uppercase: false } })),
  });
  return { html, text };
}
