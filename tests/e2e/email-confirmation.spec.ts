import { expectNoAxeViolations, expect, test } from "./support";
import { confirmationPath, logInThroughForm, SENHA, uniqueEmail } from "./accounts-support";
import { photo, uniqueCity } from "./pets-support";

/**
 * `Confirme seu e-mail` (issue 41) in the browser: sign up, log in and browse as before; publishing
 * waits for the link; the link shows a button, which confirms; then the animal is published.
 */
test("a new account confirms its e-mail through the link, then publishes an animal", async ({ page }) => {
  const email = uniqueEmail("confirma");
  await page.goto("/adopet/cadastro");
  await page.getByLabel("Email*").fill(email);
  await page.getByLabel("Nome*").fill("Clara Confirma");
  await page.getByLabel("Senha*", { exact: true }).fill(SENHA);
  await page.getByLabel("Confirma sua senha*").fill(SENHA);
  await page.getByRole("button", { name: "Cadastrar" }).click();
  await expect(page.getByRole("status")).toHaveText("Usuário cadastrado com sucesso!");
  await logInThroughForm(page, email);

  // Before the link: publishing says why it waits, and the profile offers the link again.
  await page.goto("/adopet/meus-pets/novo");
  await expect(page.getByRole("alert")).toContainText("Confirme seu e-mail para publicar animais");
  await expect(page.getByLabel("Nome do animal")).toHaveCount(0);
  await page.goto("/adopet/perfil");
  await expect(page.getByText("Seu e-mail ainda não foi confirmado.", { exact: false })).toBeVisible();
  await page.getByRole("button", { name: "Reenviar e-mail de confirmação" }).click();
  await expect(page.getByRole("status")).toHaveText("Enviamos um novo link de confirmação para o seu e-mail.");

  // The link: opening it changes nothing, its button confirms.
  await page.goto(await confirmationPath(email));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirme seu e-mail");
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Confirmar meu e-mail" }).click();
  await expect(page).toHaveURL(/\/adopet\/perfil$/);
  await expect(page.getByRole("status")).toHaveText(
    "E-mail confirmado! Agora você pode publicar animais e cadastrar a sua ONG.",
  );
  await expect(page.getByRole("button", { name: "Reenviar e-mail de confirmação" })).toHaveCount(0);

  // Now the animal is published.
  const { cidade, uf } = uniqueCity();
  await page.goto("/adopet/meus-pets/novo");
  await page.getByLabel("Nome do animal").fill("Bolacha");
  await page.getByLabel("Espécie").selectOption("cao");
  await page.getByLabel("Sexo").selectOption("macho");
  await page.getByLabel("Idade", { exact: true }).fill("2");
  await page.getByLabel("Unidade").selectOption("anos");
  await page.getByLabel("Porte").selectOption("medio");
  await page.getByLabel("Perfil").fill("Brincalhão e carinhoso");
  await page.getByLabel("Cidade").fill(cidade);
  await page.getByLabel("Estado (UF)").selectOption(uf);
  await page.getByLabel(/^Fotos/).setInputFiles(await photo("#f2cc8f"));
  await page.getByRole("button", { name: "Publicar" }).click();
  await expect(page.getByRole("status")).toHaveText("Animal publicado com sucesso!");
  await expect(page.getByRole("heading", { level: 1, name: "Bolacha" })).toBeVisible();
});
