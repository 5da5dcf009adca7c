import { backgroundOf, expectNoAxeViolations, expect, test } from "./support";

// Every page that exists so far, with what the home icon must lead to there.
const PAGES = [
  { name: "boas-vindas", path: "/adopet/", homeHref: "/adopet/home", status: 200 },
  { name: "404", path: "/adopet/pagina-que-nao-existe", homeHref: "/adopet/home", status: 404 },
  // On home the specification sends the home icon back to "/".
  { name: "home", path: "/adopet/home", homeHref: "/adopet/", status: null },
] as const;

test.describe("the shared layout", () => {
  for (const { name, path, homeHref } of PAGES) {
    test(`on ${name}: logo, home and messages icons, footer`, async ({ page }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(path);
      const nav = page.getByRole("navigation", { name: "Principal" });
      const logo = nav.getByRole("link", { name: "Logomarca da Adopet" });
      await expect(logo).toBeVisible();
      await expect(logo).toHaveAttribute("href", "/adopet/");
      await expect(nav.getByRole("link", { name: "Página inicial" })).toHaveAttribute("href", homeHref);
      await expect(nav.getByRole("link", { name: "Caixa de mensagens" })).toHaveAttribute("href", "/adopet/contato");
      // The specified text, and beside it the legal pages.
      const footer = page.getByRole("contentinfo");
      await expect(footer.getByText("2022 - Desenvolvido por Alura.", { exact: true })).toBeVisible();
      await expect(footer.getByRole("link", { name: "Privacidade" })).toHaveAttribute("href", "/adopet/privacidade");
      await expect(footer.getByRole("link", { name: "Termos de uso" })).toHaveAttribute(
        "href",
        "/adopet/termos-de-uso",
      );
      await expect(page.locator("main.feed")).toBeVisible();
    });
  }

  test("the header logo shows from 768px and gives way to the icons on phones", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/adopet/pagina-que-nao-existe");
    await expect(page.getByRole("link", { name: "Logomarca da Adopet" })).toBeHidden();
    await expect(page.getByRole("link", { name: "Página inicial" })).toBeVisible();
    await page.setViewportSize({ width: 768, height: 1024 });
    await expect(page.getByRole("link", { name: "Logomarca da Adopet" })).toBeVisible();
  });

  test("the logo leads back to the welcome page", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/adopet/pagina-que-nao-existe");
    await page.getByRole("link", { name: "Logomarca da Adopet" }).click();
    await expect(page).toHaveURL(/\/adopet\/$/);
    await expect(page.getByRole("heading", { name: "Boas-vindas!" })).toBeVisible();
  });

  test("pages other than the welcome page have a white background", async ({ page }) => {
    await page.goto("/adopet/pagina-que-nao-existe");
    expect(await backgroundOf(page)).toBe("rgb(255, 255, 255)");
  });

  test("the skip link takes keyboard users to the content", async ({ page }) => {
    await page.goto("/adopet/");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Pular para o conteúdo" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page.locator("#conteudo")).toBeFocused();
  });
});

test.describe("unknown addresses", () => {
  test("get a 404 page in Portuguese inside the layout", async ({ page }) => {
    const response = await page.goto("/adopet/pagina-que-nao-existe");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle("Página não encontrada | Adopet");
    await expect(page.getByRole("heading", { level: 1, name: "Página não encontrada" })).toBeVisible();
    await expect(page.getByText("O endereço que você procurou não existe ou foi removido.")).toBeVisible();
    await page.getByRole("link", { name: "Voltar ao início" }).click();
    await expect(page.getByRole("heading", { name: "Boas-vindas!" })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
