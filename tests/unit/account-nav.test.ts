import { describe, expect, it } from "vitest";
import { accountNavItems } from "~/lib/account-nav";

describe("the account menu's entries", () => {
  it("lists the signed-in person's pages, in order", () => {
    expect(accountNavItems({ unread: 0 }).map(({ to, label }) => [to, label])).toEqual([
      ["/perfil", "Meu perfil"],
      ["/meus-pets", "Meus animais"],
      ["/meus-pets/novo", "Publicar um animal"],
      ["/favoritos", "Favoritos"],
      ["/alertas", "Alertas"],
      ["/mensagens", "Mensagens"],
      ["/perfil/senha", "Alterar senha"],
      ["/perfil/excluir", "Excluir conta"],
    ]);
  });

  it("counts what waits for the person, in words", () => {
    const attention = (unread: number) =>
      accountNavItems({ unread }).find((item) => item.to === "/mensagens")?.attention;
    expect(attention(0)).toBeNull();
    expect(attention(1)).toEqual({ count: 1, text: "1 não lida" });
    expect(attention(3)).toEqual({ count: 3, text: "3 não lidas" });
  });

  it("gives every entry its own path", () => {
    const paths = accountNavItems({ unread: 0 }).map((item) => item.to);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
