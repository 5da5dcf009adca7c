import type { Page } from "@playwright/test";
import { expect, test } from "./support";
import { createAccount, logInThroughForm, storedUser } from "./accounts-support";
import { newCaretaker, publishPet } from "./pets-support";

/** Console errors and uncaught exceptions (a hydration mismatch shows as one of these). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && !/status of 404/.test(message.text())) errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

test.describe("how pages load", () => {
  test("the welcome page loads no script file and still mirrors the user after logout", async ({ page, request }) => {
    const scripts: string[] = [];
    page.on("request", (req) => {
      if (req.resourceType() === "script") scripts.push(req.url());
    });
    await page.goto("/adopet/");
    await expect(page.getByRole("heading", { name: "Boas-vindas!" })).toBeVisible();
    expect(scripts).toEqual([]);
    await expect(page.locator("html[data-hydrated]")).not.toBeAttached();

    const { email } = await createAccount(request);
    await logInThroughForm(page, email);
    const stored = async () => JSON.parse((await storedUser(page)) ?? "null") as unknown;
    expect(await stored()).toMatchObject({ email });
    await page.getByRole("button", { name: "Sair" }).click();
    await expect(page).toHaveURL(/\/adopet\/$/);
    // Set by the welcome page's inline mirror: no script file ran there.
    await expect.poll(stored).toEqual({ id: "", email: "" });
  });

  test("the app's scripts start after the first paint, and pages hydrate without errors", async ({ page }) => {
    const errors = collectErrors(page);
    // Nothing is painted before the stylesheet arrives (it blocks rendering): hold it back,
    // and no script may be asked for until it has been delivered.
    let stylesheetDelivered: number;
    const scriptRequested: number[] = [];
    await page.route("**/assets/*.css", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      const response = await route.fetch();
      stylesheetDelivered = Date.now();
      await route.fulfill({ response });
    });
    page.on("request", (req) => {
      if (req.resourceType() === "script") scriptRequested.push(Date.now());
    });
    for (const path of ["/adopet/home", "/adopet/login", "/adopet/contato", "/adopet/pagina-que-nao-existe"]) {
      stylesheetDelivered = 0;
      scriptRequested.length = 0;
      await page.goto(path);
      await expect(page.locator("html[data-hydrated]")).toBeAttached();
      expect(stylesheetDelivered, path).toBeGreaterThan(0);
      expect(scriptRequested.length, path).toBeGreaterThan(0);
      expect(Math.min(...scriptRequested), path).toBeGreaterThanOrEqual(stylesheetDelivered);
    }
    // Hydrated: navigation happens in the page (no new document).
    await page.goto("/adopet/home");
    const documents: string[] = [];
    page.on("request", (req) => {
      if (req.resourceType() === "document") documents.push(req.url());
    });
    await page.getByRole("link", { name: "Caixa de mensagens" }).click();
    await expect(page).toHaveURL(/\/adopet\/contato$/);
    expect(documents).toEqual([]);
    expect(errors).toEqual([]);
  });

  test("on a pet page the scripts wait for the main photo, but not for ever", async ({ page, browser }) => {
    const caretaker = await browser.newContext();
    await newCaretaker(caretaker.request);
    const pet = await publishPet(caretaker.request, { nome: "Foto Primeiro" });
    await caretaker.close();
    const errors = collectErrors(page);
    let photoDelivered = 0;
    const scriptRequested: number[] = [];
    page.on("request", (req) => {
      if (req.resourceType() === "script") scriptRequested.push(Date.now());
    });

    // A slow photo: no script is asked for until it has arrived.
    await page.route("**/adopet/imagens/**", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      const response = await route.fetch();
      photoDelivered = Date.now();
      await route.fulfill({ response });
    });
    await page.goto(`/adopet/pets/${pet.id}`);
    await expect(page.locator("html[data-hydrated]")).toBeAttached();
    expect(photoDelivered).toBeGreaterThan(0);
    expect(scriptRequested.length).toBeGreaterThan(0);
    expect(Math.min(...scriptRequested)).toBeGreaterThanOrEqual(photoDelivered);

    // A photo that never comes: the scripts start anyway, and the page works.
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await page.route("**/adopet/imagens/**", () => undefined);
    scriptRequested.length = 0;
    const opened = Date.now();
    await page.goto(`/adopet/pets/${pet.id}`, { waitUntil: "domcontentloaded" });
    await expect(page.locator("html[data-hydrated]")).toBeAttached({ timeout: 10_000 });
    expect(scriptRequested.length).toBeGreaterThan(0);
    expect(Math.min(...scriptRequested) - opened).toBeLessThan(6_000);
    expect(errors).toEqual([]);
  });
});
