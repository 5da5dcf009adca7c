import { FOSTER_MESSAGES } from "../../app/validation/foster";
import { NOTICES } from "../../app/validation/messages";
import { expectNoAxeViolations, expect, test } from "./support";
import { signInThroughApi } from "./accounts-support";

/** The foster network (issue 44) in the browser: a person offers their home, pauses and withdraws it. */

test("a visitor reads what fostering is and is asked to sign in to offer a home", async ({ page }) => {
  await page.goto("/adopet/");
  await page
    .getByRole("navigation", { name: "Informações do site" })
    .getByRole("link", { name: "Lar temporário" })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Lar temporário");
  await expect(page.getByText("Um lar temporário recebe em casa")).toBeVisible();
  await page.getByRole("link", { name: "Entre na sua conta" }).click();
  await expect(page).toHaveURL(/\/adopet\/login\?voltar=%2Fadopet%2Flar-temporario$/);
});

test("a person offers their home, is told what is missing, then pauses, resumes and withdraws the offer", async ({
  page,
}) => {
  await signInThroughApi(page);
  await page.goto("/adopet/lar-temporario");
  await page.getByRole("button", { name: "Oferecer meu lar" }).click();
  // Nothing chosen: the first field with an error takes the focus.
  await expect(page.getByLabel("Cidade")).toBeFocused();
  await expect(page.getByRole("group", { name: "Quais animais você pode receber" })).toContainText(
    FOSTER_MESSAGES.especies,
  );
  await expectNoAxeViolations(page);

  await page.getByLabel("Cidade").fill("Niterói");
  await page.getByLabel("Cidade").press("Escape");
  await page.getByLabel("Estado (UF)").selectOption("RJ");
  const group = (name: string) => page.getByRole("group", { name });
  await group("Quais animais você pode receber").getByLabel("Gato").check();
  await group("De que porte").getByLabel("Pequeno").check();
  await page.getByLabel("Quantos de uma vez").fill("2");
  await group("Você tem outros animais em casa?").getByLabel("Sim").check();
  await group("Há crianças em casa?").getByLabel("Não").check();
  await group("As janelas têm tela de proteção?").getByLabel("Sim").check();
  await page.getByLabel("Observações (opcional)").fill("Apartamento telado, trabalho em casa.");
  await page.getByRole("button", { name: "Oferecer meu lar" }).click();
  await expect(page.getByText(NOTICES.fosterOfferSaved)).toBeVisible();
  await expect(page.getByText("Ativa: organizações perto de você podem encontrá-la e convidar você.")).toBeVisible();
  await expect(page.getByLabel("Quantos de uma vez")).toHaveValue("2");
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Pausar a oferta" }).click();
  await expect(page.getByText(NOTICES.fosterOfferPaused)).toBeVisible();
  await page.getByRole("button", { name: "Retomar a oferta" }).click();
  await expect(page.getByText(NOTICES.fosterOfferResumed)).toBeVisible();
  await page.getByRole("button", { name: "Retirar a oferta" }).click();
  await expect(page.getByText(NOTICES.fosterOfferWithdrawn)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Oferecer meu lar" })).toBeVisible();
});
