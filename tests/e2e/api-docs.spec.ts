import { expectNoAxeViolations, expectNoHorizontalScroll, WIDTHS, expect, test, saveScreenshot } from "./support";

/**
 * The API's documentation (issues 23 and 61): an index reached from the footer, then a page per
 * area, each readable, keyboard usable and accessible.
 */
test("the API's pages: from the footer to an area by keyboard, a schema one link away, every page accessible", async ({
  page,
}) => {
  // axe over the index and every area's page (20): about 80 s alone on a 2-core machine, more
  // beside another test.
  test.setTimeout(240_000);
  await page.goto("/adopet/home");
  await page.getByRole("contentinfo").getByRole("link", { name: "API" }).click();
  await expect(page).toHaveURL(/\/adopet\/api\/docs$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("API do Adopet");
  await expectNoAxeViolations(page);

  // An area's page, by keyboard from the table of contents.
  const toc = page.getByRole("navigation", { name: "Seções da API" });
  await toc.getByRole("link", { name: "Candidaturas" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/adopet\/api\/docs\/candidaturas$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Candidaturas");

  // An operation shows its parameters, body and answers.
  const apply = page.locator("#post-pets-id-candidaturas");
  await expect(apply.getByRole("heading", { level: 3 })).toContainText("POST /adopet/api/pets/{id}/candidaturas");
  await expect(apply.getByText("Precisa de sessão (cookie de login).")).toBeVisible();
  await expect(apply.getByRole("definition").filter({ hasText: "candidatura_id" })).toBeVisible();

  // The index's line for an operation leads to it; a schema's name leads to the schema.
  await page.getByRole("link", { name: "API do Adopet" }).click();
  await page.getByRole("link", { name: "GET /pets", exact: true }).click();
  await expect(page).toHaveURL(/\/adopet\/api\/docs\/animais#get-pets$/);
  await page.locator("#get-pets").getByRole("link", { name: "PaginaDePets" }).click();
  await expect(page.getByRole("heading", { level: 3, name: "PaginaDePets" })).toBeInViewport();

  const document = await page.request.get("/adopet/api/openapi.json");
  expect(document.status()).toBe(200);
  expect((await document.json()).openapi).toBe("3.1.0");

  await page.goto("/adopet/api/docs");
  const areas = await toc.getByRole("link").evaluateAll((links) => links.map((link) => link.getAttribute("href")!));
  expect(areas.length).toBeGreaterThan(15);
  for (const area of areas) {
    await page.goto(area);
    await expectNoAxeViolations(page);
  }
});

test("the API's pages fit every width (screenshots to look at)", async ({ page }) => {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    for (const [path, name] of [
      ["/adopet/api/docs", "api-docs"],
      ["/adopet/api/docs/animais", "api-docs-animais"],
    ] as const) {
      await page.goto(path);
      await page.evaluate(() => document.fonts.ready);
      await expectNoHorizontalScroll(page);
      await saveScreenshot(page, `${name}-${width}.png`);
    }
  }
});
