/**
 * The dice-pool views the sheet test does not show, rendered in Chromium with the real templates
 * and CSS: the item sheet of each item type (its context from the item), and the attack dialog as
 * the shell renders it when the GM presses Attack with a target (harness.ts recordTemplates). The
 * shared audits (views.ts) then read each in both themes and at a small window's width.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, recordTemplates, renderInPage } from "./harness.ts";
import type { RecordedTemplate } from "./harness.ts";
import { auditRenderedViews } from "./views.ts";
import { ICON, lastContext } from "./views.support.ts";
import { useDicepoolTable } from "../shell/dicepool.support.ts";
import type * as ItemSheetModule from "../../src/foundry/rulesets/dicepool/sheets/item-sheet.ts";

const t = useDicepoolTable();
let browser: Browser;
let items: typeof ItemSheetModule;
let recorded: RecordedTemplate[];

beforeAll(async () => {
  items = await import("../../src/foundry/rulesets/dicepool/sheets/item-sheet.ts");
  recorded = recordTemplates();
  browser = await launchChromium();
});

afterAll(async () => {
  await (browser as Browser | undefined)?.close();
});

const ITEMS = [
  {
    name: "Shock baton with an overcharged capacitor",
    type: "weapon",
    img: ICON,
    system: { kind: "close", damage: 2, mods: { nonLethal: true, disarming: true } },
  },
  {
    name: "Armoured long coat",
    type: "armor",
    img: ICON,
    system: { rating: 3, equipped: true },
  },
  {
    name: "Kinetic surge",
    type: "technique",
    img: ICON,
    system: { energyCost: 2 },
  },
  {
    name: "Zip-tie restraints",
    type: "gear",
    img: ICON,
    system: { quantity: 4, restraints: true },
  },
];

describe("the dice-pool item sheet, rendered in Chromium", () => {
  for (const data of ITEMS) {
    it(`shows the ${data.type}'s fields under its name`, async () => {
      const Actor = t.fake.CONFIG["Actor"]?.documentClass;
      const holder = (await Actor?.create({
        name: "Holder",
        type: "character",
        items: [data],
      })) as unknown as Actor.Implementation;
      const item = holder.items.contents[0] as Item.Implementation;
      const page = await renderInPage(browser, {
        template: "templates/dicepool/item-sheet.hbs",
        context: await items.dicepoolItemSheetContext(item),
        classes: ["fray", "item-sheet", "dicepool"],
        title: data.name,
        width: 480,
        height: 560,
      });
      await expect(page.locator("input[name='name']").inputValue()).resolves.toBe(data.name);
      await page.close();
    });
  }
});

describe("the dice-pool attack dialog, rendered in Chromium", () => {
  it("names both sides and the weapon, and gives the odds", async () => {
    const { ana, brute } = await t.fighters({ kind: "close", damage: 1 });
    await t.gmSets(ana, { name: "Ana Reyes-Whitfield, Night Courier" });
    await t.gmSets(brute, { name: "Brute from the Ninth Street Crew" });
    t.table.target(brute);
    await t.attack.dicepoolAttack(ana, t.itemOf(ana));
    const page = await renderInPage(browser, {
      template: "templates/dicepool/attack-dialog.hbs",
      context: lastContext(recorded, "templates/dicepool/attack-dialog.hbs"),
      classes: ["fray", "fray-dp-dialog"],
      title: "Ana Reyes-Whitfield, Night Courier attacks",
      width: 400,
      height: 560,
    });
    await expect(page.locator(".fray-dialog-who").innerText()).resolves.toContain(
      "Brute from the Ninth Street Crew",
    );
    await expect(page.locator("[data-odds='hit']").innerText()).resolves.toMatch(/%$/);
    await page.close();
  });
});

auditRenderedViews(() => browser, {
  templates: ["templates/dicepool/item-sheet.hbs", "templates/dicepool/attack-dialog.hbs"],
});
