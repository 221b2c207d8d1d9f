/**
 * The Rules options menu of a fresh Worldlines world as its GM opens it (Game Settings → Configure
 * Settings → System Settings → Rules options), for the README's first fight: the context the real
 * menu application builds from the ruleset's registered settings, rendered with its real template.
 * FRAY_UPDATE_DOCS=1 writes docs/rules-options.png.
 */
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { launchChromium, renderInPage } from "./harness.ts";

const OUTPUT = resolve(REPO_ROOT, "test/browser/__output__");
const UPDATE_DOCS = process.env["FRAY_UPDATE_DOCS"] === "1";

let fake: FakeFoundry;
let browser: Browser;

beforeAll(async () => {
  fake = installFakeFoundry();
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  browser = await launchChromium();
  mkdirSync(OUTPUT, { recursive: true });
});

afterAll(async () => {
  await (browser as Browser | undefined)?.close();
});

describe("the Rules options menu of a Worldlines world", () => {
  it("names the ruleset and shows its options with the book's defaults", async () => {
    const { SettingsMenuApp } = await import("../../src/foundry/settings-menu.ts");
    const app = new SettingsMenuApp();
    const context = await app._prepareContext({ isFirstRender: true });
    const page = await renderInPage(browser, {
      template: "templates/settings/settings-menu.hbs",
      context,
      classes: ["fray", "fray-settings-menu"],
      title: fake.i18n.localize("FRAY.SettingsMenu.Title"),
      width: 600,
      height: 640,
    });
    const text = await page.locator(".window-content").innerText();
    expect(text).toContain("Worldlines");
    expect(text).not.toMatch(/FRAY\./);
    expect(await page.locator("[data-setting]").count()).toBeGreaterThan(2);
    expect(await page.locator("[data-default]").count()).toBeGreaterThan(2);
    await page.screenshot({ path: resolve(OUTPUT, "rules-options.png") });
    if (UPDATE_DOCS) await page.screenshot({ path: resolve(REPO_ROOT, "docs/rules-options.png") });
    await page.close();
  });
});
