import { describe, expect, it } from "vitest";
import { withinShape } from "~/web/body.server";

describe("the shape check of JSON bodies", () => {
  it("counts nesting and values outside strings only", () => {
    expect(withinShape(`{"a":"[[[[[[,,,,,]]]"}`, 1, 2)).toBe(true);
    // An escaped quote does not end the string; an escaped backslash before a quote does.
    expect(withinShape(String.raw`{"a":"\"[[[["}`, 1, 2)).toBe(true);
    expect(withinShape(String.raw`{"a":"\\",[[[1]]]}`, 3, 10)).toBe(false);
    expect(withinShape(`[[[]]]`, 3, 10)).toBe(true);
    expect(withinShape(`[[[[]]]]`, 3, 10)).toBe(false);
    expect(withinShape(`[1,2,3]`, 3, 3)).toBe(true);
    expect(withinShape(`[1,2,3,4]`, 3, 3)).toBe(false);
  });

  it("leaves malformed text to JSON.parse", () => {
    expect(withinShape(`{"a":"unterminated`, 1, 1)).toBe(true);
    expect(withinShape(`]]]]`, 1, 1)).toBe(true);
  });
});
