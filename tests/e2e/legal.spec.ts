import { expectNoAxeViolations, expect, test } from "./support";

/** The legal pages (issue 22): from the footer of every page and from cadastro. */
test("privacy and terms: reached from the footer and from cadastro, saying what is kept and the rights", async ({
  page,
}) => {
  await page.goto("/adopet/home");
  await page.getByRole("contentinfo").getByRole("link", { name: "Privacidade" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Política de privacidade");
  // How long closed applications' answers are kept, as configured (the default here).
  await expect(page.getByText(/são apagadas 180 dias depois do encerramento/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Baixar meus dados" })).toHaveAttribute("href", "/adopet/perfil/dados");
  await expect(page.getByRole("link", { name: "Excluir conta" })).toHaveAttribute("href", "/adopet/perfil/excluir");
  await expectNoAxeViolations(page);

  await page.goto("/adopet/cadastro");
  await page.getByRole("link", { name: "Termos de uso" }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Termos de uso");
  await expect(page.getByText(/Lei 14\.064\/2020/)).toBeVisible();
  await expectNoAxeViolations(page);
});
