import { describe, expect, it } from "vitest";
import { reaisInWords } from "~/lib/amount-in-words.server";

describe("an amount in words, as a receipt writes it", () => {
  it.each([
    [100, "um real"],
    [101, "um real e um centavo"],
    [50, "cinquenta centavos"],
    [3000, "trinta reais"],
    [2550, "vinte e cinco reais e cinquenta centavos"],
    [125000, "mil duzentos e cinquenta reais"],
    [200001, "dois mil reais e um centavo"],
    [10000000, "cem mil reais"],
    [100000000, "um milhão de reais"],
  ])("%i centavos are %s", (centavos, words) => {
    expect(reaisInWords(centavos)).toBe(words);
  });

  it("refuses what is no amount", () => {
    for (const wrong of [-1, 1.5, Number.NaN]) expect(() => reaisInWords(wrong)).toThrow(RangeError);
  });
});
