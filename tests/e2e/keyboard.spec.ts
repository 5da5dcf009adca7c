import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./support";
import { uniqueEmail } from "./accounts-support";
import { newCaretaker, publishPet, uniqueCity } from "./pets-support";

/**
 * Every flow of the specification with the keyboard alone: Tab to move, typing, Enter
 * and Space to act; no clicks. Each stop must show where the focus is.
 */
async function tabTo(page: Page, target: Locator, { max = 60, backwards = false } = {}) {
  for (let step = 0; step < max; step += 1) {
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) {
      // An outline, or a ring: a shadow with no offset and no blur (a field's or a button's
      // own soft shadow is not one).
      const visible = await target.evaluate((element) => {
        const style = getComputedStyle(element);
        const ring = /\b0px 0px 0px [1-9]\d*px/.test(style.boxShadow);
        return element.matches(":focus-visible") && (ring || style.outlineStyle !== "none");
      });
      expect(visible, "the focused element shows its focus").toBe(true);
      return;
    }
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

test("sign up, log in, write about a pet, edit the profile and log out, by keyboard only", async ({
  page,
  request,
}) => {
  const { cidade, uf } = uniqueCity();
  await newCaretaker(request, "ONG Teclado");
  await publishPet(request, { nome: "Teclinha", cidade, uf });
  const email = uniqueEmail("teclado");

  // Welcome → Cadastrar.
  await page.goto("/adopet/");
  await tabTo(page, page.getByRole("link", { name: "Cadastrar" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/adopet\/cadastro$/);
  await typeInto(page, page.getByLabel("Email*"), email);
  await typeInto(page, page.getByLabel("Nome*"), "Teresa Tecla");
  await typeInto(page, page.getByLabel("Senha*", { exact: true }), "Abc@123");
  await typeInto(page, page.getByLabel("Confirma sua senha*"), "Abc@123");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status")).toHaveText("Usuário cadastrado com sucesso!");
  await expect(page).toHaveURL(/\/adopet\/login$/);

  // Login: Enter in the password field submits.
  await typeInto(page, page.getByLabel("Email"), email);
  await typeInto(page, page.getByLabel("Senha", { exact: true }), "Abc@123");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/adopet\/home$/);

  // The feed, narrowed to one city with the filter form (folded away until opened), then the card's contact link.
  await tabTo(page, page.getByText("Filtrar por cidade, espécie, porte ou idade"));
  await page.keyboard.press("Enter");
  await typeInto(page, page.getByLabel("Cidade"), cidade);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/cidade=/);
  await tabTo(page, page.getByRole("link", { name: "Falar com responsável por Teclinha" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/adopet\/contato\?pet=/);
  await expect(page.getByLabel("Nome do animal")).toHaveValue("Teclinha");
  // Signed in: no name or phone asked; the message opens the conversation, and the page goes to it.
  await typeInto(page, page.getByLabel("Mensagem"), "Posso visitar no sábado?");
  await tabTo(page, page.getByRole("button", { name: "Enviar" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status")).toHaveText("Mensagem enviada com sucesso!");
  await expect(page).toHaveURL(/\/adopet\/mensagens\/[0-9a-f-]{36}$/);

  // Perfil from the account menu (the conversation's page has no profile link of its own), a
  // change, saved with Space on the button.
  const menu = page.getByRole("navigation", { name: "Sua conta" });
  await tabTo(page, menu.locator("summary"), { backwards: true });
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  await expect(menu.getByRole("link", { name: "Meu perfil" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/adopet\/perfil$/);
  await typeInto(page, page.getByLabel("Telefone"), "21 98888-7777");
  await typeInto(page, page.getByLabel("Cidade"), "Niterói");
  await typeInto(page, page.getByLabel("Sobre"), "Tenho quintal e tempo.");
  await tabTo(page, page.getByRole("button", { name: "Salvar" }));
  await page.keyboard.press("Space");
  await expect(page.getByRole("status")).toHaveText("Usuário modificado com sucesso!");
  await expect(page.getByLabel("Cidade")).toHaveValue("Niterói (RJ)");

  // Sair.
  await tabTo(page, page.getByRole("button", { name: "Sair" }), { backwards: true });
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status")).toHaveText("Você saiu da sua conta.");
  await expect(page).toHaveURL(/\/adopet\/$/);
});
