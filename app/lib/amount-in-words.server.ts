import extenso from "extenso";

/**
 * An amount in centavos in words, as a Brazilian receipt writes it beside the figures:
 * 3000 is "trinta reais", 2550 "vinte e cinco reais e cinquenta centavos". The library
 * (extenso) knows the language's rules: "um milhão de reais", "um real e um centavo".
 */
export function reaisInWords(centavos: number): string {
  if (!Number.isSafeInteger(centavos) || centavos < 0) throw new RangeError(`Valor inválido: ${centavos}`);
  const reais = Math.floor(centavos / 100);
  const rest = String(centavos % 100).padStart(2, "0");
  return extenso(`${reais},${rest}`, { mode: "currency", currency: { type: "BRL" } });
}
