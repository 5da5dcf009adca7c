import { randomInt } from "node:crypto";
import { expectNoAxeViolations, expect, test } from "./support";
import { createAccount, logIn } from "./accounts-support";
import { newCaretaker, publishPet } from "./pets-support";

test.describe("favourites", () => {
  test("a heart on cards and pet pages, without a reload, and the favourites page", async ({
    page,
    request,
    playwright,
  }) => {
    const ong = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    await newCaretaker(ong, "ONG Coração");
    const marker = `coracaozinho${randomInt(1_000_000)}`;
    const pitanga = await publishPet(ong, { nome: "Pitanga", perfil: `Doce, ${marker}` });
    const pet = await publishPet(ong, { nome: "Cambuci", perfil: `Manso, ${marker}` });

    const { email } = await createAccount(request, "Fabi Favorita");
    await logIn(page, email);
    await page.goto(`/adopet/home?q=${marker}`);
    const heart = page.getByRole("article", { name: "Pitanga" }).getByRole("button", { name: "Favoritar: Pitanga" });
    await expect(heart).toHaveAttribute("aria-pressed", "false");
    // Marked with a script: the page stays (its scroll and focus), the button turns.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await heart.click();
    const marked = page
      .getByRole("article", { name: "Pitanga" })
      .getByRole("button", { name: "Remover dos favoritos: Pitanga" });
    await expect(marked).toHaveAttribute("aria-pressed", "true");
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    await expectNoAxeViolations(page);

    // On the pet's page, a button with its words.
    await page.goto(`/adopet/pets/${pet.id}`);
    // The button turns at once, before the server answers: leaving sooner would cancel the request.
    const saved = page.waitForResponse(
      (response) => response.request().method() === "POST" && new URL(response.url()).pathname.includes("/favoritos"),
    );
    await page.getByRole("button", { name: "Favoritar" }).click();
    await expect(page.getByRole("button", { name: "Remover dos favoritos" })).toHaveAttribute("aria-pressed", "true");
    expect((await saved).status()).toBeLessThan(400);

    // The page of favourites, from the account menu; an adopted one says so.
    expect((await ong.patch(`/adopet/api/pets/${pitanga.id}`, { data: { status: "adotado" } })).status()).toBe(200);
    await page.goto("/adopet/favoritos");
    await expect(page.getByRole("heading", { level: 1, name: "Favoritos" })).toBeVisible();
    await expect(page.getByRole("article", { name: "Cambuci" })).toBeVisible();
    await expect(page.getByText("Pitanga foi adotado e encontrou um lar.")).toBeVisible();
    await expectNoAxeViolations(page);
    await page
      .getByRole("article", { name: "Cambuci" })
      .getByRole("button", { name: "Remover dos favoritos: Cambuci" })
      .click();
    await expect(page.getByRole("article", { name: "Cambuci" })).toHaveCount(0);
    await ong.dispose();
  });

  test("without JavaScript the heart is a form that comes back to the page", async ({ browser, request }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: test.info().project.use.baseURL });
    const page = await context.newPage();
    const ong = await context.request;
    await newCaretaker(request, "ONG Sem Script");
    const pet = await publishPet(request, { nome: "Uvaia" });
    const { email } = await createAccount(ong, "Sem Script");
    expect((await ong.post("/adopet/api/session", { data: { email, senha: "Abc@123" } })).status()).toBe(200);
    await page.goto(`/adopet/pets/${pet.id}`);
    await page.getByRole("button", { name: "Favoritar" }).click();
    await expect(page).toHaveURL(new RegExp(`/adopet/pets/${pet.id}$`));
    await expect(page.getByRole("button", { name: "Remover dos favoritos" })).toHaveAttribute("aria-pressed", "true");
    await context.close();
  });
});
