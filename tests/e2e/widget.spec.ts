import http from "node:http";
import type { AddressInfo } from "node:net";
import { randomInt } from "node:crypto";
import { expectNoAxeViolations, expect, test, WIDTHS, saveScreenshot } from "./support";
import { newCaretaker, publishPet } from "./pets-support";

/**
 * The widget (issue 23) on a partner's page served from another origin: the snippet inserts
 * the iframe, which shows the caretaker's animals, keeps its height to them, is reached by
 * keyboard, and opens a pet's page in a new tab.
 */

test("a partner site embeds the snippet from meus-pets, and its visitors reach the pets", async ({
  page,
  playwright,
}) => {
  const baseURL = test.info().project.use.baseURL!;
  const caretaker = await playwright.request.newContext({ baseURL });
  const nome = `ONG Vitrine ${String.fromCharCode(97 + randomInt(26))}`;
  await newCaretaker(caretaker, nome);
  const names = [`Pipoca${randomInt(1_000_000)}`, `Amora${randomInt(1_000_000)}`, `Tufo${randomInt(1_000_000)}`];
  const published = [];
  for (const name of names) published.push(await publishPet(caretaker, { nome: name }));
  // The snippet, as meus-pets gives it to copy.
  const mine = await caretaker.get("/adopet/meus-pets");
  const snippet = /<textarea[^>]*id="widget-codigo"[^>]*>([^<]+)<\/textarea>/.exec(await mine.text())![1]!;
  const tag = snippet.replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&quot;", '"');
  expect(tag).toBe(
    `<script src="${baseURL}/adopet/widget.js" data-responsavel="${published[0]!.responsavel.id}" async></script>`,
  );
  await caretaker.dispose();

  // A partner's page on another origin, with the snippet and an option.
  const partner = http.createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    res.end(
      // data-static: the suite's page.goto waits for it (a page without the app's scripts).
      `<!doctype html><html lang="pt-BR" data-static><head><title>Pet shop parceiro</title></head><body>` +
        `<h1>Adote com a gente</h1>${tag.replace(" async", ' data-limite="2" async')}<p>Rodapé do parceiro</p></body></html>`,
    );
  });
  await new Promise<void>((resolve) => partner.listen(0, "127.0.0.1", resolve));
  const partnerUrl = `http://localhost:${(partner.address() as AddressInfo).port}/`;
  try {
    await page.goto(partnerUrl);
    const iframe = page.locator('iframe[title="Animais para adoção na Adopet"]');
    const frame = page.frameLocator('iframe[title="Animais para adoção na Adopet"]');
    await expect(frame.getByRole("heading", { level: 1 })).toHaveText(`Animais para adoção com ${nome}`);
    // The newest two, as asked.
    await expect(frame.getByRole("listitem")).toHaveCount(2);
    const newest = frame.getByRole("link", { name: new RegExp(`^${names[2]}`) });
    await expect(newest).toHaveAttribute("href", `${baseURL}/adopet/pets/${published[2]!.id}`);
    await expect(newest).toHaveAttribute("target", "_blank");
    // The frame takes its content's height (not the script's first guess).
    await expect.poll(() => iframe.evaluate((element: HTMLIFrameElement) => element.style.height)).not.toBe("480px");
    const height = await iframe.evaluate((element: HTMLIFrameElement) => element.getBoundingClientRect().height);
    const content = await frame.locator("body").evaluate((element) => element.getBoundingClientRect().height);
    expect(Math.abs(height - content)).toBeLessThanOrEqual(2);

    // By keyboard: the first stop is the first pet, inside the frame.
    await page.keyboard.press("Tab");
    await expect(frame.getByRole("link").first()).toBeFocused();
    const [popup] = await Promise.all([page.waitForEvent("popup"), page.keyboard.press("Enter")]);
    await expect(popup).toHaveURL(`${baseURL}/adopet/pets/${published[2]!.id}`);
    await expect(popup.getByRole("heading", { level: 1 })).toHaveText(names[2]!);
    await popup.close();

    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await expect.poll(() => iframe.evaluate((element: HTMLIFrameElement) => element.style.height)).not.toBe("480px");
      await saveScreenshot(page, `widget-${width}.png`, { fullPage: true });
    }
  } finally {
    partner.close();
  }

  // The widget's own page passes axe.
  await page.goto(`/adopet/widget/${published[0]!.responsavel.id}`);
  await expectNoAxeViolations(page);
});
