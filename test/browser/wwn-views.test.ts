/**
 * The WWN views the sheet test does not show, rendered in Chromium with the real templates and CSS
 * from the contexts the shell builds, with a table's long names: the item sheet of each item type,
 * the attack dialog, and the grapple, morale, saving throw and surprise cards. The shared audits
 * (views.ts) then read each in both themes and at the sidebar's and a small window's width.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { launchChromium, renderInPage } from "./harness.ts";
import { auditRenderedViews } from "./views.ts";
import { ICON, showCard } from "./views.support.ts";
import type * as ItemSheetModule from "../../src/foundry/rulesets/wwn/sheets/item-sheet.ts";
import type * as DialogModule from "../../src/foundry/rulesets/wwn/attack/dialog.ts";
import type * as CombatModule from "../../src/foundry/rulesets/wwn/combat.ts";
import type * as MoraleModule from "../../src/foundry/rulesets/wwn/table/morale.ts";
import type * as SavesModule from "../../src/foundry/rulesets/wwn/table/saves.ts";
import type * as SurpriseModule from "../../src/foundry/rulesets/wwn/table/surprise.ts";
import type * as Rules from "../../src/rules/wwn/index.ts";

let fake: FakeFoundry;
let browser: Browser;
let items: typeof ItemSheetModule;
let dialog: typeof DialogModule;
let combat: typeof CombatModule;
let morale: typeof MoraleModule;
let saves: typeof SavesModule;
let surprise: typeof SurpriseModule;
let rules: typeof Rules;

beforeAll(async () => {
  fake = installFakeFoundry({ settings: { "fray.ruleset": "wwn" } });
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  items = await import("../../src/foundry/rulesets/wwn/sheets/item-sheet.ts");
  dialog = await import("../../src/foundry/rulesets/wwn/attack/dialog.ts");
  combat = await import("../../src/foundry/rulesets/wwn/combat.ts");
  morale = await import("../../src/foundry/rulesets/wwn/table/morale.ts");
  saves = await import("../../src/foundry/rulesets/wwn/table/saves.ts");
  surprise = await import("../../src/foundry/rulesets/wwn/table/surprise.ts");
  rules = await import("../../src/rules/wwn/index.ts");
  browser = await launchChromium();
});

afterAll(async () => {
  await (browser as Browser | undefined)?.close();
});

const card = (template: string, context: unknown): Promise<Page> =>
  showCard(browser, template, context);

describe("the WWN item sheet, rendered in Chromium", () => {
  const ITEMS = [
    {
      name: "Lochaber axe of the Ninth Marcher Company",
      type: "weapon",
      system: {
        damage: "1d10",
        attributes: { str: true, dex: false },
        shock: { enabled: true, damage: 3, ac: 15 },
        twoHanded: true,
      },
    },
    { name: "Lamellar hauberk", type: "armor", system: { kind: "armor", ac: 15 } },
    { name: "Torches, pitch-soaked", type: "gear", system: { quantity: 6 } },
    {
      name: "Ember of the Cinder Saint",
      type: "technique",
      system: { spell: true, spellLevel: 2 },
    },
  ] as const;

  for (const data of ITEMS) {
    it(`shows the ${data.type}'s fields under its name`, async () => {
      const Item = fake.CONFIG["Item"]?.documentClass;
      const item = (await Item?.create({
        ...data,
        img: ICON,
      })) as unknown as Item.Implementation;
      const page = await renderInPage(browser, {
        template: "templates/wwn/item/item-sheet.hbs",
        context: await items.wwnItemSheetContext(item),
        classes: ["fray", "item-sheet", "wwn"],
        title: data.name,
        width: 500,
        height: 600,
      });
      await expect(page.locator("input[name='name']").inputValue()).resolves.toBe(data.name);
      await expect(page.locator("input[name^='system.']").count()).resolves.toBeGreaterThan(0);
      await page.close();
    });
  }
});

describe("the WWN attack dialog, rendered in Chromium", () => {
  it("names both sides and the weapon, and gives the odds of the chosen attack", async () => {
    const attacker = rules.makeWwnCombatant({
      id: "kara",
      name: "Kara of the Marches, Sworn Blade",
      isPC: true,
      attackBonus: 1,
      attributes: { str: 1 },
      skills: { stab: 1 },
    });
    const defender = rules.makeWwnCombatant({
      id: "chief",
      name: "Hargast the Bandit Chief",
      ac: 14,
      hp: 12,
    });
    const weapon = rules.makeWwnWeapon({
      id: "spear",
      name: "Boar spear with a crossbar",
      shock: { damage: 2, ac: 13 },
      throwable: true,
    });
    const page = await renderInPage(browser, {
      template: "templates/wwn/dialog/attack-dialog.hbs",
      context: dialog.wwnAttackDialogContext(
        attacker,
        defender,
        weapon,
        { kind: { kind: "attack" } },
        { allies: 1, notes: ["Hargast stands in half cover behind the cart."] },
      ),
      classes: ["fray", "fray-wwn-attack-dialog"],
      title: "Attack with Boar spear with a crossbar",
      width: 400,
      height: 520,
    });
    await expect(page.locator(".fray-dialog-who").innerText()).resolves.toContain(
      "Hargast the Bandit Chief",
    );
    await expect(page.locator("[data-odds='hit']").innerText()).resolves.toMatch(/%$/);
    // A blow: the Charge's feet and a foe at hand do not apply and are not shown.
    await expect(page.locator("input[name=feet]").isVisible()).resolves.toBe(false);
    await expect(page.locator("input[name=inMelee]").isVisible()).resolves.toBe(false);
    await expect(page.locator("[data-odds='shockOnMiss']").isVisible()).resolves.toBe(true);
    await page.close();

    // A Charge, then a throw: each shows its own fields (audited below like every view).
    const charge = await renderInPage(browser, {
      template: "templates/wwn/dialog/attack-dialog.hbs",
      context: dialog.wwnAttackDialogContext(attacker, defender, weapon, {
        kind: { kind: "charge", feet: 30 },
      }),
      classes: ["fray", "fray-wwn-attack-dialog"],
      title: "Charge with Boar spear with a crossbar",
      width: 400,
      height: 520,
    });
    await expect(charge.locator("input[name=feet]").inputValue()).resolves.toBe("30");
    await charge.close();
    const thrown = await renderInPage(browser, {
      template: "templates/wwn/dialog/attack-dialog.hbs",
      context: dialog.wwnAttackDialogContext(attacker, defender, weapon, {
        kind: { kind: "attack" },
        mode: "thrown",
        inMelee: true,
      }),
      classes: ["fray", "fray-wwn-attack-dialog"],
      title: "Throw Boar spear with a crossbar",
      width: 400,
      height: 520,
    });
    await expect(thrown.locator("input[name=inMelee]").isChecked()).resolves.toBe(true);
    await expect(thrown.locator("[data-odds='shockOnMiss']").isVisible()).resolves.toBe(false);
    await thrown.close();
  });
});

describe("the WWN table cards, rendered in Chromium", () => {
  it("a grapple report says who took how much from whom", async () => {
    const page = await card(
      "templates/wwn/chat/grapple-report.hbs",
      combat.wwnGrappleReportContext([
        { defender: "Hargast the Bandit Chief", grappler: "Kara of the Marches", dealt: 3 },
        { defender: "Osric Two-Knives", grappler: "Brother Aldous the Grey", dealt: 0 },
      ]),
    );
    await expect(page.locator("li").count()).resolves.toBe(2);
    await page.close();
  });

  it("a morale card lists each check against the morale and who breaks", async () => {
    const page = await card(
      "templates/wwn/chat/morale-card.hbs",
      morale.wwnMoraleCardContext({
        modifier: -1,
        rows: [
          { name: "Hargast the Bandit Chief", faces: "4 + 5", total: 8, morale: 9, broken: false },
          { name: "Bandit crossbowman", faces: "6 + 6", total: 11, morale: 7, broken: true },
          { name: "Bandit crossbowman (2)", faces: "2 + 3", total: 4, morale: 7, broken: false },
        ],
      }),
    );
    await expect(page.locator(".fray-card").innerText()).resolves.toContain("Bandit crossbowman");
    await page.close();
  });

  it("a saving throw card gives each die, the number needed and the outcome", async () => {
    const page = await card(
      "templates/wwn/chat/save-card.hbs",
      saves.wwnSaveCardContext({
        kind: "evasion",
        modifier: 2,
        rows: [
          { name: "Kara of the Marches", natural: 14, target: 13, success: true },
          { name: "Brother Aldous the Grey", natural: 6, target: 15, success: false },
        ],
      }),
    );
    await expect(page.locator(".fray-wwn-save-row.won .fray-wwn-who").innerText()).resolves.toBe(
      "Kara of the Marches",
    );
    await page.close();
  });

  it("a surprise card shows both checks and who is surprised", async () => {
    const roll = (faces: number[], total: number) => ({
      faces,
      attribute: 1,
      skill: 1,
      modifier: 0,
      total,
    });
    const page = await card(
      "templates/wwn/chat/surprise-card.hbs",
      surprise.wwnSurpriseCardContext("The Ninth Marcher Company", "Hargast's Roadside Bandits", {
        sneak: roll([5, 6], 13),
        notice: roll([2, 4], 8),
        surprised: true,
        surprise: ["marchers"],
      }),
    );
    await expect(page.locator(".fray-wwn-check.won .fray-wwn-who").innerText()).resolves.toBe(
      "The Ninth Marcher Company",
    );
    await page.close();
  });
});

auditRenderedViews(() => browser, {
  templates: [
    "templates/wwn/item/item-sheet.hbs",
    "templates/wwn/dialog/attack-dialog.hbs",
    "templates/wwn/chat/grapple-report.hbs",
    "templates/wwn/chat/morale-card.hbs",
    "templates/wwn/chat/save-card.hbs",
    "templates/wwn/chat/surprise-card.hbs",
  ],
});
