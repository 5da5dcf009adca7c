import { backgroundOf, expectNoAxeViolations, expect, test } from "./support";

test.describe("the welcome page", () => {
  test("shows the title, the links to login and cadastro, and the illustration", async ({ page }) => {
    await page.goto("/adopet/");
    await expect(page).toHaveTitle("Adopet | Boas-vindas!");
    await expect(page.getByRole("heading", { level: 1, name: "Boas-vindas!" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Já tenho conta" })).toHaveAttribute("href", "/adopet/login");
    await expect(page.getByRole("link", { name: "Quero me cadastrar" })).toHaveAttribute("href", "/adopet/cadastro");
    await expect(page.getByRole("img", { name: "Desenho de um cão e um gato" })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("has the short intro text on small screens", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/adopet/");
    await expect(
      page.getByText("Que tal mudar sua vida adotando seu novo melhor amigo? Vem com a gente!", { exact: true }),
    ).toBeVisible();
    await expect(
      page.getByText("Adotar pode mudar uma vida. Que tal buscar seu novo melhor amigo hoje? Vem com a gente!"),
    ).toBeHidden();
  });

  test("has the longer intro text from 768px", async ({ page }) => {
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.goto("/adopet/");
    await expect(
      page.getByText("Adotar pode mudar uma vida. Que tal buscar seu novo melhor amigo hoje? Vem com a gente!", {
        exact: true,
      }),
    ).toBeVisible();
    await expect(
      page.getByText("Que tal mudar sua vida adotando seu novo melhor amigo? Vem com a gente!"),
    ).toBeHidden();
  });

  test("has the blue background and the title in IBM Plex Sans", async ({ page }) => {
    await page.goto("/adopet/");
    expect(await backgroundOf(page)).toBe("rgb(47, 102, 240)");
    const title = page.getByRole("heading", { name: "Boas-vindas!" });
    // IBM Plex Sans 500 reduced to the title's glyphs, renamed as its licence requires of a modified version (vendor/ibm-plex-sans).
    await expect(title).toHaveCSS("font-family", /^"Adopet Title"/);
    await expect(title).toHaveCSS("font-weight", "500");
    // The font is the app's own file, and it really loaded.
    expect(await page.evaluate(() => document.fonts.check('500 26px "Adopet Title"'))).toBe(true);
    // Every glyph of the title is drawn from that file, none from a fallback. Again from the
    // cache, where `optional` always uses it.
    await page.reload();
    await page.evaluate(() => document.fonts.ready);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("DOM.enable");
    await cdp.send("CSS.enable");
    const { root } = await cdp.send("DOM.getDocument");
    const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector: "h1.welcome__title" });
    const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
    expect(fonts).toEqual([expect.objectContaining({ isCustomFont: true, glyphCount: 12 })]);
    expect(fonts[0]!.familyName).not.toMatch(/Poppins|Plex/);
  });
});

test.describe("entering the app", () => {
  for (const from of ["/", "/adopet"]) {
    test(`${from} redirects to /adopet/`, async ({ page }) => {
      const response = await page.goto(from);
      expect(response?.status()).toBe(200);
      expect(new URL(page.url()).pathname).toBe("/adopet/");
      await expect(page.getByRole("heading", { name: "Boas-vindas!" })).toBeVisible();
    });
  }
});
