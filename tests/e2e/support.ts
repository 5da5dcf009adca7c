import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import axe from "axe-core";
import { expect, test as base, type Page } from "@playwright/test";

/**
 * Playwright's test, with page.goto waiting until the app is interactive
 * (hydrated) when JavaScript runs: typing into a form before that races React.
 * Pages that ship no scripts are marked data-static and ready as soon as they load.
 */
export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (...args: Parameters<Page["goto"]>) => {
      const response = await goto(...args);
      if (javaScriptEnabled !== false) {
        // A page that ships no scripts (data-static) is ready once it is loaded.
        await page.locator("html[data-hydrated], html[data-static]").waitFor({ state: "attached" });
      }
      return response;
    };
    await use(page);
  },
});
export { expect };

export const WIDTHS = [360, 768, 1440] as const;

/** No WCAG 2.2 A/AA violation on the page as it stands. */
export async function expectNoAxeViolations(page: Page) {
  const withoutFrames = page.frames().length === 1;
  // AxeBuilder sends axe's 550 KB script into the page twice on every pass, and a page checked at
  // three widths got it six times: half of each pass. A page without frames gets it once per
  // document here, and AxeBuilder's injection is then a no-op (`axeSource`); it still configures
  // and runs that axe, the same rules on the same nodes. A page with frames keeps the default,
  // which injects into each frame.
  if (withoutFrames && !(await page.evaluate(() => "axe" in window))) await page.evaluate(axe.source);
  const results = await new AxeBuilder({ page, ...(withoutFrames && { axeSource: ";" }) })
    // Only violations are read: axe then describes one node of each passing rule instead of
    // every node (a selector and an HTML snippet each); the same rules still check every node.
    // First: `options` replaces what `withTags` sets.
    .options({ resultTypes: ["violations"] })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    // axe's default run gathers its results in a new page, which costs half of each pass here:
    // a page without frames is checked in one run in place (the same rules, the same findings).
    // A page with frames keeps the default, which reaches into frames from other origins too.
    .setLegacyMode(withoutFrames)
    .analyze();
  const found = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`,
  );
  expect(found).toEqual([]);
}

/** Nothing sticks out sideways (the commonest way a phone layout breaks). */
export async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

export async function backgroundOf(page: Page) {
  return page.evaluate(() => getComputedStyle(document.body).backgroundColor);
}

/**
 * Where pictures of the pages go, to be looked at: SCREENSHOTS_DIR (test-results/screenshots is
 * ignored by git; docs/screenshots refreshes the committed ones, on purpose). Unset, as in CI,
 * no picture is taken: nothing would read it, and the checks beside each one run all the same.
 */
const SCREENSHOTS_DIR = process.env.SCREENSHOTS_DIR ? path.resolve(process.env.SCREENSHOTS_DIR) : undefined;

/** Saves the page as it stands as `file` in SCREENSHOTS_DIR, if it is set. */
export async function saveScreenshot(page: Page, file: string, { fullPage = false } = {}) {
  if (!SCREENSHOTS_DIR) return;
  if (fullPage) {
    // Lazy images load once scrolled to; a full-page screenshot should show them (srcset picks per width).
    await page.evaluate(async () => {
      for (const image of Array.from(document.images)) image.loading = "eager";
      await Promise.all(Array.from(document.images).map((image) => image.decode().catch(() => undefined)));
    });
  }
  await page.screenshot({ path: path.join(SCREENSHOTS_DIR, file), fullPage });
}
