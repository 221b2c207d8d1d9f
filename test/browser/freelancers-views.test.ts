/**
 * The Freelancers views the sheet test does not show, rendered in Chromium with the real templates
 * and CSS from the contexts the shell builds: the item sheet of each item type, and the Aid, Ready
 * and Hide/Search cards waiting and settled. The shared audits (views.ts) then read each in both
 * themes and at the sidebar's and a small window's width.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { launchChromium, renderInPage } from "./harness.ts";
import { auditRenderedViews } from "./views.ts";
import { ICON, cardI18n, showCard } from "./views.support.ts";
import type * as ItemSheetModule from "../../src/foundry/rulesets/freelancers/sheets/item-sheet.ts";
import type * as AidModule from "../../src/foundry/rulesets/freelancers/table/aid.ts";
import type * as ReadyModule from "../../src/foundry/rulesets/freelancers/table/ready.ts";
import type * as StealthModule from "../../src/foundry/rulesets/freelancers/table/stealth.ts";
import type * as DialogModule from "../../src/foundry/rulesets/freelancers/attack/dialog.ts";
import type * as Rules from "../../src/rules/freelancers/index.ts";

let fake: FakeFoundry;
let browser: Browser;
let items: typeof ItemSheetModule;
let aid: typeof AidModule;
let ready: typeof ReadyModule;
let stealth: typeof StealthModule;
let dialog: typeof DialogModule;
let rules: typeof Rules;

beforeAll(async () => {
  fake = installFakeFoundry({ settings: { "fray.ruleset": "freelancers" } });
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  items = await import("../../src/foundry/rulesets/freelancers/sheets/item-sheet.ts");
  aid = await import("../../src/foundry/rulesets/freelancers/table/aid.ts");
  ready = await import("../../src/foundry/rulesets/freelancers/table/ready.ts");
  stealth = await import("../../src/foundry/rulesets/freelancers/table/stealth.ts");
  dialog = await import("../../src/foundry/rulesets/freelancers/attack/dialog.ts");
  rules = await import("../../src/rules/freelancers/index.ts");
  browser = await launchChromium();
});

afterAll(async () => {
  await (browser as Browser | undefined)?.close();
});

const i18n = () => cardI18n(fake);

const card = (template: string, context: unknown): Promise<Page> =>
  showCard(browser, `templates/freelancers/chat/${template}.hbs`, context);

/** A d20 check kept at `natural` against `target`. */
const check = (faces: number[], natural: number, target: number) => ({
  faces,
  natural,
  roll: natural,
  target,
  passed: natural <= target,
  fumbles: 0,
});

describe("the Freelancers item sheet, rendered in Chromium", () => {
  const ITEMS = [
    {
      name: "Monofilament whip, custom grip",
      type: "weapon",
      img: ICON,
      system: { damage: 3, range: 2 },
    },
    { name: "Reinforced riot plate", type: "armor", img: ICON, system: {} },
    { name: "Overclock the reflex booster", type: "technique", img: ICON, system: {} },
    { name: "Signal flares", type: "gear", img: ICON, system: {} },
  ];
  for (const data of ITEMS) {
    it(`shows the ${data.type}'s fields under its name`, async () => {
      const Item = fake.CONFIG["Item"]?.documentClass;
      const item = (await Item?.create(data)) as unknown as Item.Implementation;
      const page = await renderInPage(browser, {
        template: "templates/freelancers/item/item-sheet.hbs",
        context: await items.flItemSheetContext(item),
        classes: ["fray", "item-sheet", "freelancers"],
        title: data.name,
        width: 500,
        height: 600,
      });
      await expect(page.locator("input[name='name']").inputValue()).resolves.toBe(data.name);
      await page.close();
    });
  }
});

describe("the Freelancers attack dialog, rendered in Chromium", () => {
  it("asks whether the target is engaged of a Base action, not of a Long one", async () => {
    const attacker = rules.makeFreelancer({ id: "vesna", name: "Vesna Kovalenko-Ashby" });
    const defender = rules.makeFreelancer({ id: "guard", name: "Guard of the Lower Docks" });
    const weapon = rules.makeFreelancersWeapon({ id: "knife", name: "Balisong with a worn grip" });
    const render = async (as: "base" | "long", gm: boolean) =>
      renderInPage(browser, {
        template: "templates/freelancers/dialog/attack-dialog.hbs",
        context: dialog.flAttackDialogContext(
          attacker,
          defender,
          weapon,
          { cover: "light", as, targetEngaged: true },
          gm ? null : 1,
          gm,
          ["Light cover: a crate between you hides part of the guard."],
        ),
        classes: ["fray", "fray-fl-attack-dialog"],
        title: "Attack with Balisong with a worn grip",
        width: 400,
        height: 640,
      });
    const base = await render("base", false);
    await expect(base.locator("input[name=targetEngaged]").isVisible()).resolves.toBe(true);
    await expect(base.locator("[data-odds='hit']").innerText()).resolves.toMatch(/%$/);
    await base.close();
    const long = await render("long", true);
    await expect(long.locator("input[name=targetEngaged]").isVisible()).resolves.toBe(false);
    await long.close();
  });
});

describe("the Freelancers table cards, rendered in Chromium", () => {
  it("an Aid card waits for the ally's pick, then shows the check", async () => {
    const base = {
      helperName: "Vesna Kade, Ex-Corporate Fixer",
      allyId: "dario",
      allyName: "Dario Montalban-Reyes",
      favorable: 1,
      check: null,
      roll: null,
      dice: [],
    };
    const waiting = await card("aid-card", aid.flAidCardContext(base, i18n()));
    await expect(waiting.locator(".fray-card").innerText()).resolves.toContain("Dario");
    await waiting.close();
    const rolled = await card(
      "aid-card",
      aid.flAidCardContext(
        { ...base, check: "ref+athletics", roll: check([7, 15], 7, 11), dice: [] },
        i18n(),
      ),
    );
    await rolled.close();
  });

  it("a Ready card names the trigger, then says the readied action fired", async () => {
    const base = {
      holderId: "vesna",
      holderName: "Vesna Kade, Ex-Corporate Fixer",
      held: "base" as const,
      trigger: "When the first guard steps through the loading-bay door",
      fired: false,
    };
    const page = await card("ready-card", ready.flReadyCardContext(base, i18n()));
    await expect(page.locator(".fray-card").innerText()).resolves.toContain("loading-bay door");
    await page.close();
    const fired = await card(
      "ready-card",
      ready.flReadyCardContext({ ...base, fired: true }, i18n()),
    );
    await fired.close();
  });

  it("a Hide card waits for the GM's ruling, a Search card shows who was spotted", async () => {
    const hide = await card(
      "stealth-card",
      stealth.flStealthCardContext(
        {
          kind: "hide",
          actorId: "vesna",
          name: "Vesna Kade, Ex-Corporate Fixer",
          roll: check([4], 4, 12),
          dice: [],
          provokes: true,
          ruling: null,
        },
        i18n(),
      ),
    );
    await expect(hide.locator("button").count()).resolves.toBeGreaterThan(0);
    await hide.close();
    const search = await card(
      "stealth-card",
      stealth.flStealthCardContext(
        {
          kind: "search",
          actorId: "dario",
          name: "Dario Montalban-Reyes",
          roll: check([9, 3], 9, 10),
          dice: [],
          provokes: false,
          ruling: { spotted: ["Vesna Kade, Ex-Corporate Fixer"] },
        },
        i18n(),
      ),
    );
    await search.close();
  });
});

auditRenderedViews(() => browser, {
  templates: [
    "templates/freelancers/item/item-sheet.hbs",
    "templates/freelancers/chat/aid-card.hbs",
    "templates/freelancers/chat/ready-card.hbs",
    "templates/freelancers/chat/stealth-card.hbs",
    "templates/freelancers/dialog/attack-dialog.hbs",
  ],
});
