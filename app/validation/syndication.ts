import { z } from "zod";
import { SPECIES, UFS } from "~/lib/pets";

/** The Atom feed's filters (`/feeds/novos.xml`): a wrong one is said, not ignored (a reader would show the wrong animals). */
export const newPetsFeedSchema = z.strictObject(
  {
    uf: z.enum(UFS, { error: "Estado inválido: use a sigla, como RJ." }).optional(),
    cidade: z
      .string()
      .regex(/^\d{7}$/, "Cidade inválida: use o código IBGE de 7 dígitos, como 3304557.")
      .transform(Number)
      .optional(),
    especie: z.enum(SPECIES, { error: "Espécie inválida: use cao, gato ou outro." }).optional(),
  },
  { error: "Filtro desconhecido: use uf, cidade ou especie." },
);
