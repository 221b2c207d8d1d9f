import { existsSync } from "node:fs";
import { expect, it } from "vitest";
import { CHROMIUM_PATH, launchChromium } from "./harness.ts";

// The browser tests never skip: without Chromium this file fails by name, and the render tests
// fail in their setup.
it(`finds Debian's Chromium at ${CHROMIUM_PATH} and opens a page in it`, async () => {
  expect(existsSync(CHROMIUM_PATH), "apt-get install chromium").toBe(true);
  const browser = await launchChromium();
  const page = await browser.newPage();
  await page.setContent("<p>Fray</p>");
  await expect(page.locator("p").innerText()).resolves.toBe("Fray");
  await browser.close();
});
