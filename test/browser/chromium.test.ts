import { existsSync } from "node:fs";
import { expect, it } from "vitest";
import { chromiumPath, launchChromium } from "./harness.ts";

// The browser tests never skip: without a Chromium this file fails by name, and the render tests
// fail in their setup.
it("finds the Chromium the npm package ships (or CHROMIUM_PATH) and opens a page in it", async () => {
  const path = await chromiumPath();
  expect(existsSync(path), `no Chromium at ${path}`).toBe(true);
  const browser = await launchChromium();
  const page = await browser.newPage();
  await page.setContent("<p>Fray</p>");
  await expect(page.locator("p").innerText()).resolves.toBe("Fray");
  await browser.close();
});
