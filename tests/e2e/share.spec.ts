import { expectNoAxeViolations, expect, test } from "./support";
import { newCaretaker, publishPet } from "./pets-support";

test.describe("sharing a pet's page", () => {
  test("offers WhatsApp and copying the address where the browser has no share sheet", async ({
    page,
    request,
    context,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await newCaretaker(request);
    const pet = await publishPet(request, { nome: "Tamarindo", cidade: "Maricá" });
    await page.goto(`/adopet/pets/${pet.id}`);
    await page.getByText("Compartilhar", { exact: true }).click();
    const address = new RegExp(`^http://127\\.0\\.0\\.1:\\d+/adopet/pets/${pet.id}$`);
    const whatsapp = page.getByRole("link", { name: "Enviar pelo WhatsApp" });
    const href = await whatsapp.getAttribute("href");
    expect(href).toMatch(/^https:\/\/wa\.me\/\?text=/);
    const shared = decodeURIComponent(href!.replace("https://wa.me/?text=", ""));
    expect(shared).toMatch(/^Conheça Tamarindo, para adoção em Maricá \(RJ\) na Adopet: http/);
    expect(shared.split(" ").at(-1)).toMatch(address);
    await expect(page.getByLabel("Endereço")).toHaveValue(address);
    await page.getByRole("button", { name: "Copiar endereço" }).click();
    await expect(page.getByText("Endereço copiado.")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(address);
    await expectNoAxeViolations(page);
  });

  test("uses the phone's share sheet where there is one", async ({ page, request }) => {
    await page.addInitScript(() => {
      const calls: unknown[] = [];
      (window as unknown as { shareCalls: unknown[] }).shareCalls = calls;
      Object.defineProperty(navigator, "share", { value: async (data: unknown) => void calls.push(data) });
    });
    await newCaretaker(request);
    const pet = await publishPet(request, { nome: "Cajá" });
    await page.goto(`/adopet/pets/${pet.id}`);
    await page.getByText("Compartilhar", { exact: true }).click();
    await expect
      .poll(() =>
        page.evaluate(() => (window as unknown as { shareCalls: { title: string; url: string }[] }).shareCalls),
      )
      .toEqual([
        expect.objectContaining({ title: "Cajá para adoção", url: expect.stringMatching(`/adopet/pets/${pet.id}$`) }),
      ]);
    // The sheet instead of the links.
    await expect(page.getByRole("link", { name: "Enviar pelo WhatsApp" })).toBeHidden();
  });
});
