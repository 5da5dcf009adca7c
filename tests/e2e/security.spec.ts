import type { Page } from "@playwright/test";
import { expect, test } from "./support";
import { createAccount, logInThroughForm } from "./accounts-support";

/** Every Content-Security-Policy violation the page meets, including ones a script catches (an eval probe). */
async function collectViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction("reportViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { reportViolation(text: string): void }).reportViolation(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  return violations;
}

test.describe("security headers in the browser", () => {
  test("the Content-Security-Policy allows the app's own scripts and nothing breaks", async ({ page }) => {
    const violations = await collectViolations(page);
    const response = await page.goto("/adopet/");
    const csp = response?.headers()["content-security-policy"] ?? "";
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe-inline");

    // The welcome page has no scripts; the login page runs them (and the nonce lets them).
    await page.getByRole("link", { name: "Já tenho conta" }).click();
    await expect(page).toHaveURL(/\/adopet\/login$/);
    await expect(page.locator("html[data-hydrated]")).toBeAttached();
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page.getByText("O campo email não pode estar vazio.")).toBeVisible();
    await page.goto("/adopet/home");
    await page.goto("/adopet/contato");
    expect(violations).toEqual([]);
  });

  test("signed-in pages break no rule of the policy, not even in a caught probe", async ({ page, request }) => {
    const violations = await collectViolations(page);
    const { email } = await createAccount(request);
    await logInThroughForm(page, email);
    for (const path of [
      "/adopet/perfil",
      "/adopet/perfil/senha",
      "/adopet/meus-pets",
      "/adopet/meus-pets/novo",
      "/adopet/mensagens",
    ]) {
      await page.goto(path);
      await expect(page.locator("html[data-hydrated]")).toBeAttached();
    }
    expect(violations).toEqual([]);
  });

  test("a page seen again still runs its scripts (a stored copy never meets a newer nonce)", async ({ page }) => {
    const violations = await collectViolations(page);
    for (let visit = 0; visit < 3; visit += 1) {
      // Our goto waits for the page to hydrate, which needs its scripts to run.
      await page.goto("/adopet/home?cidade=Niter%C3%B3i");
    }
    expect(violations).toEqual([]);
  });

  test("a form posted from another site is refused", async ({ request }) => {
    const response = await request.post("/adopet/login", {
      form: { email: "a@b.com", senha: "x" },
      headers: { Origin: "https://site-malicioso.example" },
    });
    expect(response.status()).toBe(403);
    expect(await response.text()).toBe("Pedido recusado: ele veio de outro site.");
  });
});
