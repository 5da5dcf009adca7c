import { describe, expect, it } from "vitest";
import { accountNavItems } from "~/lib/account-nav";

describe("the account menu's entries", () => {
  it("lists the signed-in person's pages, in order", () => {
    expect(
      accountNavItems({
        unread: 0,
        newApplications: 0,
        toModerate: null,
        larTemporario: false,
        inOrganization: false,
      }).map(({ to, label }) => [to, label]),
    ).toEqual([
      ["/perfil", "Meu perfil"],
      ["/meus-pets", "Meus animais"],
      ["/meus-pets/novo", "Publicar um animal"],
      ["/organizacoes/nova", "Criar organização"],
      ["/favoritos", "Favoritos"],
      ["/alertas", "Alertas"],
      ["/apadrinhamentos", "Meus apadrinhamentos"],
      ["/candidaturas", "Minhas candidaturas"],
      ["/candidaturas/recebidas", "Candidaturas recebidas"],
      ["/mensagens", "Mensagens"],
      ["/perfil/senha", "Alterar senha"],
      ["/perfil/excluir", "Excluir conta"],
    ]);
  });

  it("shows Meus lares temporários to a foster home of an organisation", () => {
    const fosters = (larTemporario: boolean) =>
      accountNavItems({
        unread: 0,
        newApplications: 0,
        toModerate: null,
        larTemporario,
        inOrganization: larTemporario,
      }).some((item) => item.to === "/meus-lares");
    expect([fosters(true), fosters(false)]).toEqual([true, false]);
  });

  it("counts what waits for the person, in words", () => {
    const attention = (unread: number) =>
      accountNavItems({
        unread,
        newApplications: 0,
        toModerate: null,
        larTemporario: false,
        inOrganization: false,
      }).find((item) => item.to === "/mensagens")?.attention;
    expect(attention(0)).toBeNull();
    expect(attention(1)).toEqual({ count: 1, text: "1 não lida" });
    expect(attention(3)).toEqual({ count: 3, text: "3 não lidas" });
    const applications = (newApplications: number) =>
      accountNavItems({
        unread: 0,
        newApplications,
        toModerate: null,
        larTemporario: false,
        inOrganization: false,
      }).find((item) => item.to === "/candidaturas/recebidas")?.attention;
    expect(applications(0)).toBeNull();
    expect(applications(1)).toEqual({ count: 1, text: "1 nova" });
    expect(applications(2)).toEqual({ count: 2, text: "2 novas" });
  });

  it("offers Criar organização only to someone in none (a member has the organisation's menu)", () => {
    const creates = (inOrganization: boolean) =>
      accountNavItems({ unread: 0, newApplications: 0, toModerate: null, larTemporario: false, inOrganization }).some(
        (item) => item.to === "/organizacoes/nova",
      );
    expect([creates(false), creates(true)]).toEqual([true, false]);
  });

  it("shows Moderação to operators only, with the ONGs waiting for them", () => {
    const moderation = (toModerate: number | null) =>
      accountNavItems({ unread: 0, newApplications: 0, toModerate, larTemporario: false, inOrganization: false }).find(
        (item) => item.to === "/moderacao",
      );
    expect(moderation(null)).toBeUndefined();
    expect(moderation(0)).toEqual({ to: "/moderacao", label: "Moderação", attention: null });
    expect(moderation(1)?.attention).toEqual({ count: 1, text: "1 item a analisar" });
    expect(moderation(2)?.attention).toEqual({ count: 2, text: "2 itens a analisar" });
  });

  it("gives every entry its own path", () => {
    const paths = accountNavItems({
      unread: 0,
      newApplications: 0,
      toModerate: null,
      larTemporario: false,
      inOrganization: false,
    }).map((item) => item.to);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
