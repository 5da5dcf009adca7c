import { expectNoAxeViolations, expectNoHorizontalScroll, WIDTHS, expect, test, saveScreenshot } from "./support";

/** The API's documentation page (issue 23): reached from the footer, readable, keyboard usable. */
test("the API's page: from the footer, every section linked, the document one click away", async ({ page }) => {
  // A long page (every operation and schema, more with each issue): axe takes its time over it,
  // about 45 s alone on a 2-core machine, twice that beside another test.
  test.setTimeout(240_000);
  await page.goto("/adopet/home");
  await page.getByRole("contentinfo").getByRole("link", { name: "API" }).click();
  await expect(page).toHaveURL(/\/adopet\/api\/docs$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("API do Adopet");
  await expectNoAxeViolations(page);

  // The table of contents leads to a section by keyboard.
  const toc = page.getByRole("navigation", { name: "Seções da API" });
  await toc.getByRole("link", { name: "Candidaturas" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#candidaturas$/);
  await expect(page.getByRole("heading", { level: 2, name: "Candidaturas" })).toBeInViewport();

  // An operation shows its parameters, body and answers; a schema's name leads to it.
  const apply = page.locator("#post-pets-id-candidaturas");
  await expect(apply.getByRole("heading", { level: 3 })).toContainText("POST /adopet/api/pets/{id}/candidaturas");
  await expect(apply.getByText("Precisa de sessão (cookie de login).")).toBeVisible();
  await expect(apply.getByRole("definition").filter({ hasText: "candidatura_id" })).toBeVisible();
  await page.locator("#get-pets").getByRole("link", { name: "PaginaDePets" }).click();
  await expect(page.getByRole("heading", { level: 3, name: "PaginaDePets" })).toBeInViewport();

  const document = await page.request.get("/adopet/api/openapi.json");
  expect(document.status()).toBe(200);
  expect((await document.json()).openapi).toBe("3.1.0");
});

test("the API's page fits every width (screenshots to look at)", async ({ page }) => {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/adopet/api/docs#animais");
    await page.evaluate(() => document.fonts.ready);
    await expectNoHorizontalScroll(page);
    await saveScreenshot(page, `api-docs-${width}.png`);
  }
});
