import { describe, expect, it } from "vitest";
import { pathWithinApp, safeReturnPath } from "~/lib/return-to";

describe("the way back after login", () => {
  it("keeps paths inside the app, with their query", () => {
    expect(safeReturnPath("/perfil")).toBe("/perfil");
    expect(safeReturnPath("/meus-pets/novo?x=1")).toBe("/meus-pets/novo?x=1");
    expect(safeReturnPath("/pets/abc/../../perfil")).toBe("/perfil");
    expect(safeReturnPath("/pets/%2e%2e/perfil?aba=dados&x=%2F%2F")).toBe("/perfil?aba=dados&x=%2F%2F");
    expect(safeReturnPath("/")).toBe("/");
  });

  it("normalises before judging: dot segments that climb out of /adopet/ to another host are refused", () => {
    // Issue 41: each became `Location: //evil.example/phish`.
    for (const value of [
      "/..//evil.example/phish",
      "/x/../..//evil.example",
      "/%2e%2e//evil.example",
      "/%2E%2E//evil.example",
      "/.%2e//evil.example",
      "/x/%2e%2e/%2e%2e//evil.example",
      "/..",
      "/../outro-site",
    ]) {
      expect(safeReturnPath(value), value).toBeNull();
    }
  });

  it("refuses anything that could lead off the site, or back to login", () => {
    for (const value of [
      "https://evil.example/",
      "//evil.example/x",
      "/\\evil.example",
      "\\\\evil.example",
      "/\tevil",
      "javascript:alert(1)",
      "perfil",
      "",
      "/login",
      "/cadastro?voltar=/perfil",
      "/sair",
      `/${"a".repeat(300)}`,
      undefined,
      ["/perfil"],
    ]) {
      expect(safeReturnPath(value), JSON.stringify(value)).toBeNull();
    }
  });

  it("reads a page request's path below the base path, React Router's data requests included", () => {
    expect(pathWithinApp("http://x/adopet/perfil?aba=1", "/adopet")).toBe("/perfil?aba=1");
    expect(pathWithinApp("http://x/adopet/meus-pets.data?_routes=routes%2Fmeus-pets", "/adopet")).toBe("/meus-pets");
    expect(pathWithinApp("http://x/adopet", "/adopet")).toBe("/");
  });
});
