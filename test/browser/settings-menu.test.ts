/**
 * The rules options menu as a GM sees it, in Chromium with the real template and handlebars: the
 * view the shell builds (menuView) from a ruleset's settings, each field by section with the
 * book's default beside it; a text option's stored value is shown escaped.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../fake-foundry/index.ts";
import { Localization } from "../fake-foundry/game.ts";
import { launchChromium, renderInPage } from "./harness.ts";
import { auditRenderedViews } from "./views.ts";
import { menuView } from "../../src/foundry/settings-menu-view.ts";
import type { MenuSetting } from "../../src/foundry/shared/settings.ts";

const words = new Localization(
  JSON.parse(readFileSync(resolve(REPO_ROOT, "lang/en.json"), "utf8")) as Record<string, unknown>,
);

const SETTINGS: readonly MenuSetting[] = [
  {
    key: "dicepoolDieSides",
    name: "FRAY.Dicepool.Settings.DieSides.Name",
    hint: "FRAY.Dicepool.Settings.DieSides.Hint",
    section: "rules",
    kind: "number",
    default: 6,
    range: { min: 2, max: 20, step: 1 },
  },
  {
    key: "dicepoolStaticDefense",
    name: "FRAY.Dicepool.Settings.StaticDefense.Name",
    hint: "FRAY.Dicepool.Settings.StaticDefense.Hint",
    section: "rules",
    kind: "boolean",
    default: false,
  },
  {
    key: "freelancersCounterRules",
    name: "FRAY.Freelancers.Settings.CounterRules.Name",
    hint: "FRAY.Freelancers.Settings.CounterRules.Hint",
    section: "rules",
    kind: "text",
    default: "",
  },
  {
    key: "sceneDarkness",
    name: "FRAY.Scene.Settings.Darkness.Name",
    hint: "FRAY.Scene.Settings.Darkness.Hint",
    section: "scene",
    kind: "number",
    default: 0.5,
    range: { min: 0, max: 1, step: 0.05 },
  },
];

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await (browser as Browser | undefined)?.close();
});

describe("the rules options menu template", () => {
  it("shows each option by section with its field and the book's default, escaping stored text", async () => {
    const stored: Record<string, unknown> = {
      dicepoolDieSides: 10,
      freelancersCounterRules: '<img src=x onerror="alert(1)">',
    };
    const view = menuView(
      SETTINGS,
      (key) => stored[key],
      (k) => words.localize(k),
      true,
      "Dice pool",
    );
    const page = await renderInPage(browser, {
      template: "templates/settings/settings-menu.hbs",
      context: view,
      classes: ["fray", "fray-settings-menu"],
      title: "Fray: rules options",
      width: 600,
      height: 600,
    });
    try {
      const legends = await page.locator("fieldset legend").allTextContents();
      expect(legends.map((t) => t.trim())).toEqual(["Rules", "Wounds, life and recovery", "Scene"]);
      const die = page.locator('[data-setting="dicepoolDieSides"]');
      expect(await die.locator("input").getAttribute("type")).toBe("number");
      expect(await die.locator("input").inputValue()).toBe("10");
      expect(await die.locator("input").getAttribute("max")).toBe("20");
      expect((await die.locator("[data-default]").textContent())?.trim()).toBe("Book: 6");
      const flag = page.locator('[data-setting="dicepoolStaticDefense"]');
      expect(await flag.locator("input").isChecked()).toBe(false);
      expect((await flag.locator("[data-default]").textContent())?.trim()).toBe("Book: Off");
      const text = page.locator('[data-setting="freelancersCounterRules"] input');
      expect(await text.inputValue()).toBe('<img src=x onerror="alert(1)">');
      expect(await page.locator("img").count()).toBe(0);
      expect(await page.locator('button[type="submit"]').count()).toBe(1);
    } finally {
      await page.close();
    }
  });
});

auditRenderedViews(() => browser, {
  templates: ["templates/settings/settings-menu.hbs"],
});
