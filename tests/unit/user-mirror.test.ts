import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { UserMirror } from "~/components/user-mirror";
import { NonceContext } from "~/lib/nonce";

const render = (user: { id: string; email: string } | null, inline: boolean) =>
  renderToStaticMarkup(
    createElement(NonceContext.Provider, { value: "abc123" }, createElement(UserMirror, { user, inline })),
  );

// On pages without scripts the mirror is an inline script that carries the signed-in e-mail.
describe("the inline user mirror", () => {
  it("carries the response's nonce and the user as script literals", () => {
    const html = render({ id: "u1", email: "ana@exemplo.com" }, true);
    expect(html).toMatch(/^<script nonce="abc123">/);
    expect(html).toContain('("user","u1","ana@exemplo.com");</script>');
  });

  it("cannot be closed early by what it carries", () => {
    const html = render({ id: "u1", email: "</script><script>alert(1)</script>@x.com" }, true);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).toContain("\\u003c/script>\\u003cscript>alert(1)");
  });

  it("renders nothing on pages that run the app's scripts", () => {
    expect(render({ id: "u1", email: "ana@exemplo.com" }, false)).toBe("");
  });
});
