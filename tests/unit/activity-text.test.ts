import { describe, expect, it } from "vitest";
import { ACTIVITY_KINDS, activityText } from "~/lib/organizations";

/** The activity log's sentences (issue 43). */
describe("an activity's sentence", () => {
  it("exists for every kind", () => {
    for (const kind of ACTIVITY_KINDS) expect(activityText(kind, "Thor", "detalhe").length).toBeGreaterThan(0);
  });

  it("says what passed on when an account was deleted", () => {
    expect(activityText("conta_excluida", "Dora", "animais")).toBe(
      "excluiu a conta; Dora passou a cuidar dos animais que publicou",
    );
    expect(activityText("conta_excluida", "Dora", "administrador")).toBe(
      "excluiu a conta; Dora passou a administrar a organização",
    );
    expect(activityText("conta_excluida", "Dora", "animais,administrador")).toBe(
      "excluiu a conta; Dora passou a cuidar dos animais que publicou e a administrar a organização",
    );
    expect(activityText("conta_excluida", null, null)).toBe("excluiu a conta");
  });
});
