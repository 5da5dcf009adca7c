import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expectNoAxeViolations, expectNoHorizontalScroll, WIDTHS, expect, test, saveScreenshot } from "./support";
import { newCaretaker, publishPet, sendMessage } from "./pets-support";

/**
 * The signed-in person's menu (app/lib/account-nav.ts): from every page, each of
 * its entries is two steps away (open the menu, follow the entry), with the mouse,
 * the keyboard alone or without JavaScript, on a phone and on a wide screen.
 */
const ENTRIES: readonly { name: string | RegExp; path: string; lands?: RegExp }[] = [
  { name: "Meu perfil", path: "/adopet/perfil" },
  // The animals of the organisation the person works in (issue 62): its own page.
  { name: "Meus animais", path: "/adopet/meus-pets", lands: /\/adopet\/organizacoes\/[0-9a-f-]{36}\/animais$/ },
  { name: "Publicar um animal", path: "/adopet/meus-pets/novo" },
  // No `Criar organização`: a caretaker has their organisation's menu (app/lib/account-nav.ts).
  { name: "Favoritos", path: "/adopet/favoritos" },
  { name: "Alertas", path: "/adopet/alertas" },
  { name: "Meus apadrinhamentos", path: "/adopet/apadrinhamentos" },
  { name: "Minhas candidaturas", path: "/adopet/candidaturas" },
  { name: /^Candidaturas recebidas/, path: "/adopet/candidaturas/recebidas" },
  { name: /^Mensagens/, path: "/adopet/mensagens" },
  { name: "Alterar senha", path: "/adopet/perfil/senha" },
  { name: "Excluir conta", path: "/adopet/perfil/excluir" },
];

/** Every page a signed-in person may be on, given one of their pets. */
function pagesOf(pet: { id: string }) {
  return [
    "/adopet/",
    "/adopet/home",
    `/adopet/pets/${pet.id}`,
    "/adopet/contato",
    "/adopet/mensagens",
    "/adopet/alertas",
    "/adopet/candidaturas",
    "/adopet/candidaturas/recebidas",
    "/adopet/meus-pets/questionario",
    `/adopet/pets/${pet.id}/adotar`,
    "/adopet/perfil",
    "/adopet/perfil/senha",
    "/adopet/perfil/excluir",
    "/adopet/meus-pets",
    "/adopet/meus-pets/novo",
    `/adopet/meus-pets/${pet.id}`,
    "/adopet/organizacoes/nova",
    "/adopet/pagina-que-nao-existe",
  ];
}

const menuOf = (page: Page) => page.getByRole("navigation", { name: "Sua conta" });
const menuButton = (page: Page) => menuOf(page).locator("summary");
const entry = (page: Page, name: string | RegExp) => menuOf(page).getByRole("link", { name });
const isOpen = (page: Page) =>
  menuOf(page)
    .locator("details")
    .evaluate((details: HTMLDetailsElement) => details.open);

/** A caretaker signed in with one pet published (the context's cookies are the page's). */
async function signedInCaretaker(request: APIRequestContext) {
  await newCaretaker(request, "Marta Menu");
  return publishPet(request, { nome: "Bússola" });
}

/** Presses Tab until the target has the focus. */
async function tabTo(page: Page, target: Locator, max = 40) {
  for (let step = 0; step < max; step += 1) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

async function expectEntriesShown(page: Page, currentPath: string) {
  for (const { name, path: href, lands } of ENTRIES) {
    const link = entry(page, name);
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute("href", href);
    if (href === currentPath && !lands) await expect(link).toHaveAttribute("aria-current", "page");
    else await expect(link).not.toHaveAttribute("aria-current");
  }
  await expect(entry(page, "Criar organização")).toHaveCount(0);
  await expect(menuOf(page).getByRole("button", { name: "Sair" })).toBeVisible();
}

for (const width of [360, 1440] as const) {
  test.describe(`at ${width}px`, () => {
    test.use({ viewport: { width, height: width < 768 ? 740 : 900 } });

    // One width walks every page (the slowest tour of the suite); the other width's menu is
    // checked by the tests beside it and by the no-JavaScript tour.
    if (width === 360)
      test("every entry is two steps from every page: open the menu, follow the entry", async ({ page }) => {
        const pet = await signedInCaretaker(page.request);
        const pages = pagesOf(pet);
        for (const [index, from] of pages.entries()) {
          await page.goto(from);
          await expect(menuButton(page)).toBeVisible();
          // Closed until asked for: none of its entries is shown or reachable by Tab.
          await expect(entry(page, "Meus animais")).toBeHidden();
          await menuButton(page).click();
          await expectEntriesShown(page, from);
          // Follow one entry from each page, in turn, and land on it with the menu closed.
          const target = ENTRIES[index % ENTRIES.length]!;
          await entry(page, target.name).click();
          await expect(page).toHaveURL(target.lands ?? new RegExp(`${target.path}$`));
          await expect(entry(page, target.name)).toBeHidden();
          if (!target.lands) {
            await expect(menuOf(page).locator(`a[href="${target.path}"]`)).toHaveAttribute("aria-current", "page");
          }
        }
      });

    test("the menu's button and entries are tap-sized and fit the screen", async ({ page }) => {
      await signedInCaretaker(page.request);
      for (const from of ["/adopet/home", "/adopet/mensagens"]) {
        await page.goto(from);
        await menuButton(page).click();
        await expectNoHorizontalScroll(page);
        const targets = [menuButton(page), ...ENTRIES.map(({ name }) => entry(page, name))];
        targets.push(menuOf(page).getByRole("button", { name: "Sair" }));
        for (const target of targets) {
          const box = (await target.boundingBox())!;
          expect(box.height).toBeGreaterThanOrEqual(44);
          expect(box.width).toBeGreaterThanOrEqual(44);
          expect(box.x).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width).toBeLessThanOrEqual(width);
        }
      }
    });

    test("with the menu open, axe finds nothing, on a white page and on the welcome page", async ({ page }) => {
      await signedInCaretaker(page.request);
      for (const from of ["/adopet/home", "/adopet/", "/adopet/meus-pets"]) {
        await page.goto(from);
        await menuButton(page).click();
        await expect(entry(page, "Meu perfil")).toBeVisible();
        await expectNoAxeViolations(page);
      }
    });
  });
}

test.describe("with JavaScript", () => {
  test("the keyboard alone: Enter opens, Tab reaches the entries, Escape closes, Enter follows", async ({ page }) => {
    const pet = await signedInCaretaker(page.request);
    await page.goto(`/adopet/pets/${pet.id}`);
    await tabTo(page, menuButton(page));
    await page.keyboard.press("Enter");
    await expect(entry(page, "Meu perfil")).toBeVisible();
    expect(await isOpen(page)).toBe(true);
    // Escape closes it and leaves the focus on its button.
    await page.keyboard.press("Escape");
    await expect(entry(page, "Meu perfil")).toBeHidden();
    await expect(menuButton(page)).toBeFocused();
    // Space opens it too; Tab walks its entries in order; Enter follows one.
    await page.keyboard.press("Space");
    for (const { name } of ENTRIES.slice(0, 3)) {
      await page.keyboard.press("Tab");
      await expect(entry(page, name)).toBeFocused();
    }
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/adopet\/meus-pets\/novo$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // It closes as the new page renders, not before.
    await expect.poll(() => isOpen(page)).toBe(false);
    // The focus went to the new page's content, not lost in the closed menu.
    await expect(page.locator("#conteudo")).toBeFocused();
  });

  test("Tab past its last entry, or a click outside, closes it", async ({ page }) => {
    await signedInCaretaker(page.request);
    await page.goto("/adopet/meus-pets");
    await menuButton(page).click();
    const sair = menuOf(page).getByRole("button", { name: "Sair" });
    await tabTo(page, sair);
    await page.keyboard.press("Tab");
    expect(await isOpen(page)).toBe(false);

    await menuButton(page).click();
    expect(await isOpen(page)).toBe(true);
    await page.getByRole("heading", { level: 1 }).click();
    expect(await isOpen(page)).toBe(false);
  });

  test("the unread count shows on the menu's button and its entry, in words for screen readers", async ({
    page,
    playwright,
  }) => {
    const pet = await signedInCaretaker(page.request);
    await page.goto("/adopet/meus-pets");
    await expect(menuButton(page)).toHaveText("Minha conta");
    await expect(menuOf(page).locator(".badge")).toHaveCount(0);

    const other = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    await sendMessage(other, pet, "Olá! A Bússola ainda está disponível?");
    await sendMessage(other, pet, "Ela se dá bem com crianças?");
    await sendMessage(other, pet, "Posso visitar no sábado?");
    await other.dispose();

    await page.goto("/adopet/meus-pets");
    await expect(menuButton(page)).toContainText("Minha conta");
    await expect(menuButton(page)).toContainText("Mensagens: 3 não lidas");
    await expect(menuOf(page).locator(".badge")).toHaveText("3");
    await menuButton(page).click();
    await expect(entry(page, "Mensagens, 3 não lidas")).toBeVisible();
    await entry(page, /^Mensagens/).click();
    await page.getByRole("button", { name: "Marcar como lida" }).first().click();
    await expect(menuButton(page)).toContainText("Mensagens: 2 não lidas");
  });

  test("Sair in the menu ends the session", async ({ page }) => {
    await signedInCaretaker(page.request);
    await page.goto("/adopet/mensagens");
    await menuButton(page).click();
    await menuOf(page).getByRole("button", { name: "Sair" }).click();
    await expect(page.getByRole("status")).toHaveText("Você saiu da sua conta.");
    await expect(page).toHaveURL(/\/adopet\/$/);
    await expect(menuOf(page)).toHaveCount(0);
  });

  test("signed out, there is no menu", async ({ page }) => {
    for (const from of ["/adopet/", "/adopet/home", "/adopet/contato", "/adopet/pagina-que-nao-existe"]) {
      await page.goto(from);
      await expect(page.getByRole("navigation", { name: "Principal" })).toBeVisible();
      await expect(menuOf(page)).toHaveCount(0);
    }
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  // At the wide screen only: the phone's tour runs with JavaScript above.
  for (const width of [1440] as const) {
    test(`at ${width}px every entry is two steps from every page, and Sair works`, async ({ page }) => {
      await page.setViewportSize({ width, height: width < 768 ? 740 : 900 });
      const pet = await signedInCaretaker(page.request);
      for (const [index, from] of pagesOf(pet).entries()) {
        await page.goto(from);
        await menuButton(page).click();
        await expectEntriesShown(page, from);
        const target = ENTRIES[(index + 1) % ENTRIES.length]!;
        await entry(page, target.name).click();
        await expect(page).toHaveURL(target.lands ?? new RegExp(`${target.path}$`));
        await expect(entry(page, target.name)).toBeHidden();
      }
      // The keyboard without JavaScript: the disclosure is the browser's own.
      await page.goto("/adopet/home");
      await tabTo(page, menuButton(page));
      await page.keyboard.press("Enter");
      await page.keyboard.press("Tab");
      await expect(entry(page, "Meu perfil")).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/\/adopet\/perfil$/);

      await menuButton(page).click();
      await menuOf(page).getByRole("button", { name: "Sair" }).click();
      await expect(page).toHaveURL(/\/adopet\/$/);
      await expect(menuOf(page)).toHaveCount(0);
    });
  }
});

test.describe("screenshots", () => {
  for (const width of WIDTHS) {
    test(`at ${width}px, menu closed and open, saved to be looked at`, async ({ page, playwright }) => {
      await page.setViewportSize({ width, height: width < 768 ? 740 : 900 });
      const pet = await signedInCaretaker(page.request);
      const other = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
      await sendMessage(other, pet, "Olá! A Bússola ainda está disponível?");
      await other.dispose();
      for (const [name, from] of [
        ["home", "/adopet/home"],
        ["meus-pets", "/adopet/meus-pets"],
        ["boas-vindas", "/adopet/"],
      ] as const) {
        await page.goto(from);
        await page.evaluate(() => document.fonts.ready);
        await saveScreenshot(page, `menu-${name}-closed-${width}.png`);
        await menuButton(page).click();
        await expect(entry(page, "Meu perfil")).toBeVisible();
        await expectNoHorizontalScroll(page);
        await saveScreenshot(page, `menu-${name}-open-${width}.png`);
      }
      // The focus ring on an entry, reached by keyboard.
      await page.goto("/adopet/mensagens");
      await tabTo(page, menuButton(page));
      await page.keyboard.press("Enter");
      await page.keyboard.press("Tab");
      await page.keyboard.press("Tab");
      await expect(entry(page, "Meus animais")).toBeFocused();
      await saveScreenshot(page, `menu-mensagens-focus-${width}.png`);
    });
  }
});
