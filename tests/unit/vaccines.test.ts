import { describe, expect, it } from "vitest";
import { dueDoses, type HealthEntry } from "~/lib/health";
import { matchVaccine, nextDoseByProtocol, VACCINE_CATALOGUE } from "~/lib/vaccines";

describe("the vaccine catalogue", () => {
  it("lists the dog's and the cat's vaccines, each with its protocol", () => {
    expect(VACCINE_CATALOGUE.cao.map((vaccine) => vaccine.label)).toEqual([
      "V8",
      "V10",
      "Antirrábica",
      "Gripe canina",
      "Giárdia",
      "Leishmaniose",
    ]);
    expect(VACCINE_CATALOGUE.gato.map((vaccine) => vaccine.label)).toEqual(["V3", "V4", "V5", "Antirrábica", "FeLV"]);
    for (const vaccine of [...VACCINE_CATALOGUE.cao, ...VACCINE_CATALOGUE.gato]) {
      expect(vaccine.filhote.doses, vaccine.code).toBeGreaterThan(0);
      expect(vaccine.adulto.doses, vaccine.code).toBeGreaterThan(0);
      expect(vaccine.reforcoDias, vaccine.code).toBe(365);
    }
  });

  it.each([
    ["cao", "V10 Vanguard Plus", "v10", "V10", "Vanguard Plus"],
    ["cao", "v10", "v10", "V10", null],
    ["cao", "Vacina V-10 (Nobivac)", "v10", "V10", "Nobivac"],
    ["cao", "V 8 Duramune", "v8", "V8", "Duramune"],
    ["cao", "Antirrábica Defensor", "antirrabica", "Antirrábica", "Defensor"],
    ["cao", "Rabisin", "antirrabica", "Antirrábica", "Rabisin"],
    ["cao", "vacina contra raiva", "antirrabica", "Antirrábica", null],
    ["cao", "Gripe canina Nobivac KC", "gripe_canina", "Gripe canina", "Nobivac KC"],
    ["cao", "Tosse dos canis", "gripe_canina", "Gripe canina", null],
    ["cao", "Giardiavax", "giardia", "Giárdia", "Giardiavax"],
    ["cao", "Leishmaniose Leish-Tec", "leishmaniose", "Leishmaniose", "Leish Tec"],
    ["gato", "Quádrupla felina Felocell", "v4", "V4", "Felocell"],
    ["gato", "V5 Purevax", "v5", "V5", "Purevax"],
    ["gato", "Leucogen", "felv", "FeLV", "Leucogen"],
    ["gato", "antirrabica", "antirrabica", "Antirrábica", null],
  ] as const)("reads %s's %j as %s", (species, typed, code, label, produto) => {
    expect(matchVaccine(species, typed)).toEqual({ code, label, produto });
  });

  it.each([
    ["gato", "V10", "a dog's vaccine for a cat"],
    ["cao", "V4 + antirrábica", "two vaccines in one name"],
    ["cao", "V8/V10", "either of two"],
    ["cao", "Vanguard", "a brand that names no one vaccine"],
    ["outro", "Antirrábica", "an animal with no catalogue"],
    ["cao", "V100", "no such code"],
  ] as const)("matches no vaccine to %s's %j (%s)", (species, typed, _why) => {
    expect(matchVaccine(species, typed)).toBeNull();
  });

  it("suggests the next dose of a puppy's series, then the yearly booster; an adult's two doses", () => {
    const puppy = (dosesAntes: number) => nextDoseByProtocol("v10", { data: "2026-12-01", idadeDias: 60, dosesAntes });
    expect(puppy(0)).toEqual({ dia: "2026-12-22", motivo: "1ª de 3 doses do filhote, a cada 21 dias" });
    expect(puppy(1).dia).toBe("2026-12-22");
    expect(puppy(2)).toEqual({ dia: "2027-12-01", motivo: "reforço anual" });
    const adult = (dosesAntes: number, idadeDias: number | null = 2000) =>
      nextDoseByProtocol("v10", { data: "2026-12-01", idadeDias, dosesAntes });
    expect(adult(0)).toEqual({ dia: "2026-12-22", motivo: "1ª de 2 doses da primeira série, a cada 21 dias" });
    expect(adult(1).dia).toBe("2027-12-01");
    expect(adult(0, null).dia).toBe("2026-12-22");
    expect(nextDoseByProtocol("antirrabica", { data: "2026-12-01", idadeDias: 100, dosesAntes: 0 }).dia).toBe(
      "2027-12-01",
    );
  });

  it("closes the earlier dose's reminder with a dose of the same vaccine under a brand", () => {
    const entry = (id: string, data: string, nome: string, proximaDose: string | null) => {
      const match = matchVaccine("cao", nome);
      return {
        id,
        tipo: "vacina" as const,
        nome: match?.label ?? nome,
        vacina: match?.code ?? null,
        produto: match?.produto ?? null,
        data,
        proximaDose,
        criadoEm: new Date(`${data}T12:00:00Z`),
      } satisfies Parameters<typeof dueDoses>[0][number] & Partial<HealthEntry>;
    };
    const before = [entry("a", "2025-12-08", "V10", "2026-12-08")];
    expect(dueDoses(before).map((dose) => dose.nome)).toEqual(["V10"]);
    expect(dueDoses([...before, entry("b", "2026-12-03", "V10 Vanguard Plus", null)])).toEqual([]);
    // Another vaccine's reminder stays.
    expect(dueDoses([...before, entry("c", "2026-12-03", "Antirrábica", null)]).map((dose) => dose.nome)).toEqual([
      "V10",
    ]);
  });
});
