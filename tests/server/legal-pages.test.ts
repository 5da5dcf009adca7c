import { afterAll, beforeAll, expect, it } from "vitest";
import { Client, startTestApp, type TestApp } from "../support/app";

/** The privacy page says what this installation is configured with (issue 22). */
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ PRIVACY_CONTACT: "privacidade@ong-exemplo.org.br", APPLICATION_RETENTION_DAYS: "90" });
});
afterAll(() => app?.close());

it("names the contact and the retention of applications set for the installation", async () => {
  const page = await new Client(app.baseUrl).get("/privacidade");
  expect(page.status).toBe(200);
  expect(page.text).toContain("privacidade@ong-exemplo.org.br");
  expect(page.text).toContain("são apagadas <!-- -->90<!-- --> dias depois do encerramento");
});
