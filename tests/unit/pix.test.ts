import { describe, expect, it } from "vitest";
import { crc16, normalizePixKey, staticBrCode } from "~/lib/pix";
import { decodeEmv as decode } from "../support/emv";

/**
 * The static BR Code (issue 46) against the Banco Central's published example (Manual de
 * Padrões para Iniciação do Pix), and read back by a decoder written here, apart from the
 * builder: every field's id, length and value, and the CRC.
 */

// The manual's example of a static code: a random key, no amount, no txid (`***`).
const BCB_EXAMPLE =
  "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D";

describe("the static BR Code", () => {
  it("computes the manual's CRC and writes its example byte for byte", () => {
    expect(crc16(BCB_EXAMPLE.slice(0, -4))).toBe("1D3D");
    expect(
      staticBrCode({
        chave: "123e4567-e12b-12d1-a456-426655440000",
        nomeRecebedor: "Fulano de Tal",
        cidadeRecebedor: "Brasília",
        txid: "***",
      }),
    ).toBe(BCB_EXAMPLE);
  });

  it("carries the key, the amount, a plain name and city and the gift's txid, and its CRC checks", () => {
    const code = staticBrCode({
      chave: "+5521987654321",
      nomeRecebedor: "Associação Protetora dos Animais de São Gonçalo",
      cidadeRecebedor: "São Gonçalo do Rio Abaixo",
      valorCentavos: 2_500,
      txid: "ADP7K2M9Q4X",
    });
    const fields = decode(code);
    expect(fields.get("00")).toBe("01");
    const account = decode(fields.get("26")!);
    expect([account.get("00"), account.get("01")]).toEqual(["br.gov.bcb.pix", "+5521987654321"]);
    expect(fields.get("52")).toBe("0000");
    expect(fields.get("53")).toBe("986");
    expect(fields.get("54")).toBe("25.00");
    expect(fields.get("58")).toBe("BR");
    expect(fields.get("59")).toBe("Associacao Protetora dos");
    expect(fields.get("60")).toBe("SAO GONCALO DO");
    expect(decode(fields.get("62")!).get("05")).toBe("ADP7K2M9Q4X");
    expect(fields.get("63")).toBe(crc16(code.slice(0, -4)));
    // A code changed in one character no longer checks.
    const forged = code.replace("25.00", "95.00");
    expect(crc16(forged.slice(0, -4))).not.toBe(forged.slice(-4));
  });

  it("refuses a txid a bank would not read", () => {
    const base = { chave: "ong@exemplo.org", nomeRecebedor: "ONG", cidadeRecebedor: "Niteroi" };
    expect(() => staticBrCode({ ...base, txid: "doação-1" })).toThrow();
    expect(() => staticBrCode({ ...base, txid: "A".repeat(26) })).toThrow();
  });
});

describe("Pix keys", () => {
  it("are read as the Pix directory keeps them, each type checked", () => {
    expect(normalizePixKey("529.982.247-25")).toEqual({ tipo: "cpf", chave: "52998224725" });
    expect(normalizePixKey("11.222.333/0001-81")).toEqual({ tipo: "cnpj", chave: "11222333000181" });
    expect(normalizePixKey(" ONG@Exemplo.org ")).toEqual({ tipo: "email", chave: "ong@exemplo.org" });
    expect(normalizePixKey("+55 21 98765-4321")).toEqual({ tipo: "telefone", chave: "+5521987654321" });
    expect(normalizePixKey("(21) 98765-4321")).toEqual({ tipo: "telefone", chave: "+5521987654321" });
    expect(normalizePixKey("7D5E2C1A-94B3-4F6E-8A0D-3C9B6F1E2A47")).toEqual({
      tipo: "aleatoria",
      chave: "7d5e2c1a-94b3-4f6e-8a0d-3c9b6f1e2a47",
    });
    for (const refused of [
      "529.982.247-26",
      "11.222.333/0001-82",
      "ong@",
      "+1 415 555 0100",
      "+55 21 1234",
      "qualquer",
      // A random key is a version-4 UUID (issue 60): not the nil one, the all-`f` one, or another version.
      "00000000-0000-0000-0000-000000000000",
      "ffffffff-ffff-ffff-ffff-ffffffffffff",
      "123e4567-e12b-12d1-a456-426655440000",
      "7d5e2c1a-94b3-4f6e-7a0d-3c9b6f1e2a47",
    ]) {
      expect(normalizePixKey(refused), refused).toBeNull();
    }
  });
});
