import { describe, expect, it } from "vitest";
import { statementNames } from "~/db/statement-names.server";

describe("statementNames", () => {
  it("gives a text the same name every time, and each text its own", () => {
    const nameFor = statementNames();
    const first = nameFor("select $1");
    expect(first).toMatch(/^adopet_\d+$/);
    expect(nameFor("select $1")).toBe(first);
    expect(nameFor("select $1, $2")).not.toBe(first);
  });

  it("names no more texts than its limit; those named keep their names", () => {
    const nameFor = statementNames(2);
    const named = [nameFor("a $1"), nameFor("b $1")];
    expect(named.every(Boolean)).toBe(true);
    expect(nameFor("c $1")).toBeUndefined();
    expect([nameFor("a $1"), nameFor("b $1")]).toEqual(named);
  });
});
