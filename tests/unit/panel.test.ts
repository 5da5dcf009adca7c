import { describe, expect, it } from "vitest";
import { addMonths, monthCount, monthLabel, monthOf, monthsOf, monthStart } from "~/lib/panel";
import { PANEL_MESSAGES, readPanelRange } from "~/validation/organizations";

/** The panel's months (issue 43): Brasília's calendar, and the range its page and API read. */
describe("the panel's months", () => {
  it("counts months across years", () => {
    expect(addMonths("2026-11", 3)).toBe("2027-02");
    expect(addMonths("2026-01", -1)).toBe("2025-12");
    expect(addMonths("2026-12", -11)).toBe("2026-01");
    expect(monthCount({ de: "2025-11", ate: "2026-02" })).toBe(4);
    expect(monthsOf({ de: "2025-12", ate: "2026-01" })).toEqual(["2025-12", "2026-01"]);
    expect(monthsOf({ de: "2026-02", ate: "2026-01" })).toEqual([]);
    expect(monthLabel("2026-03")).toBe("mar/2026");
  });

  it("starts a month at midnight in Brasília, and reads the month there", () => {
    expect(monthStart("2026-03").toISOString()).toBe("2026-03-01T03:00:00.000Z");
    // 01:00 UTC on 1 December is still November in Brasília.
    expect(monthOf(new Date("2026-12-01T01:00:00Z"))).toBe("2026-11");
    expect(monthOf(new Date("2026-12-01T03:00:00Z"))).toBe("2026-12");
  });
});

describe("the panel's range", () => {
  const now = new Date("2026-11-28T15:00:00Z");

  it("is the last twelve months by default, and twelve up to `ate` when only it is given", () => {
    expect(readPanelRange({}, now)).toEqual({ ok: true, range: { de: "2025-12", ate: "2026-11" } });
    expect(readPanelRange({ de: "", ate: " " }, now)).toEqual({ ok: true, range: { de: "2025-12", ate: "2026-11" } });
    expect(readPanelRange({ ate: "2026-06" }, now)).toEqual({ ok: true, range: { de: "2025-07", ate: "2026-06" } });
    expect(readPanelRange({ de: "2026-10" }, now)).toEqual({ ok: true, range: { de: "2026-10", ate: "2026-11" } });
  });

  it("refuses what is no month, a range backwards, and more than five years", () => {
    for (const de of ["2026-13", "2026-1", "26-01", "2026-01-05", "1999-12", "<b>"]) {
      expect(readPanelRange({ de, ate: "2026-11" }, now)).toEqual({ ok: false, errors: { de: [PANEL_MESSAGES.mes] } });
    }
    expect(readPanelRange({ ate: "x" }, now)).toEqual({ ok: false, errors: { ate: [PANEL_MESSAGES.mes] } });
    expect(readPanelRange({ de: "2026-11", ate: "2026-10" }, now)).toEqual({
      ok: false,
      errors: { de: [PANEL_MESSAGES.ordem] },
    });
    expect(readPanelRange({ de: "2021-12", ate: "2026-11" }, now).ok).toBe(true);
    expect(readPanelRange({ de: "2021-11", ate: "2026-11" }, now)).toEqual({
      ok: false,
      errors: { de: [PANEL_MESSAGES.maximo] },
    });
  });
});
