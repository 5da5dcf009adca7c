import { render } from "@react-email/render";
import { describe, expect, it } from "vitest";
import { AlertEmail } from "~/emails/alert.server";
import { NewApplicationEmail, StatusChangeEmail } from "~/emails/applications.server";
import { renderEmail } from "~/emails/render.server";

/**
 * renderEmail renders an e-mail once and makes its plain text from that HTML. This checks that
 * it is the text React Email makes by rendering the tree again (`plainText: true`): a new version
 * of the library that changes either way shows here.
 */
const textOptions = {
  wordwrap: 78,
  selectors: ["h1", "h2", "h3"].map((selector) => ({ selector, options: { uppercase: false } })),
};

const emails = {
  "a new application": NewApplicationEmail({
    caretakerNome: "ONG Patas",
    adopterNome: "Ana",
    petNome: "Bolota",
    applicationUrl: "https://adote.exemplo.org/adopet/candidaturas/1",
  }),
  "a refusal, with its reason": StatusChangeEmail({
    adopterNome: "Ana",
    petNome: "Bolota",
    statusLabel: "Recusada",
    explanation: "A pessoa que cuida do animal decidiu por outra adoção.",
    motivo: "Procuramos uma casa com quintal & telas <já instaladas>.",
    applicationUrl: "https://adote.exemplo.org/adopet/candidaturas/1",
  }),
  "an alert, with photos and links": AlertEmail({
    nome: "Bia",
    descricao: "Gatos · até 25 km de Niterói (RJ)",
    total: 2,
    pets: [
      {
        nome: "Mia",
        resumo: "Gata, 2 anos",
        local: "Niterói (RJ)",
        url: "https://a.exemplo/p/1",
        foto: "https://a.exemplo/1.webp",
      },
      { nome: "Tom", resumo: "Gato, 1 ano", local: "Maricá (RJ)", url: "https://a.exemplo/p/2", foto: null },
    ],
    feedUrl: "https://a.exemplo/home",
    alertsUrl: "https://a.exemplo/alertas",
    unsubscribeUrl: "https://a.exemplo/alertas/cancelar?token=x",
  }),
};

describe("renderEmail", () => {
  for (const [name, element] of Object.entries(emails)) {
    it(`gives ${name} the plain text React Email gives it`, async () => {
      const { html, text } = await renderEmail(element);
      expect(html).toBe(await render(element));
      expect(text).toBe(await render(element, { plainText: true, htmlToTextOptions: textOptions }));
      expect(text).not.toMatch(/<\/?(p|a|div|table|td|img|h1|span)\b/);
      expect(text.length).toBeGreaterThan(50);
    });
  }
});
