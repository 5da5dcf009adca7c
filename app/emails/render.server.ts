import type { ReactElement } from "react";
import { render } from "@react-email/render";

/** An e-mail component as the two parts of a multipart message: HTML, and plain text from the same tree. */
export async function renderEmail(element: ReactElement): Promise<{ html: string; text: string }> {
  const [html, text] = await Promise.all([
    render(element),
    render(element, {
      plainText: true,
      htmlToTextOptions: {
        wordwrap: 78,
        // Headings as written: in capitals they read as shouting.
        selectors: ["h1", "h2", "h3"].map((selector) => ({ selector, options: { uppercase: false } })),
      },
    }),
  ]);
  return { html, text };
}
