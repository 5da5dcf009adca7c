import { describe, expect, it } from "vitest";
import { statementNames } from "~/db/statement-names.server";

describe("statementNames", () => {
  it("names a text from its third use, the same name every time after, and each text its own", () => {
    const nameFor = statementNames();
    expect([nameFor("select $1"), nameFor("select $1")]).toEqual([undefined, undefined]);
    const first = nameFor("select $1");
    expect(first).toMatch(/^adopet_\d+$/);
    expect(nameFor("select $1")).toBe(first);
    const other = statementNames({ usesBeforeNaming: 1 });
    expect(other("select $1, $2")).not.toBe(other("select $1"));
  });

  it("names no more texts than its limit; those named keep their names", () => {
    const nameFor = statementNames({ limit: 2, usesBeforeNaming: 1 });
    const named = [nameFor("a $1"), nameFor("b $1")];
    expect(named.every(Boolean)).toBe(true);
    expect(nameFor("c $1")).toBeUndefined();
    expect(nameFor("c $1")).toBeUndefined();
    expect([nameFor("a $1"), nameFor("b $1")]).toEqual(named);
  });
});
