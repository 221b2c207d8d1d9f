/**
 * The two-dice views the sheet test does not show, rendered in Chromium with the real templates
 * and CSS: the item sheet of each item type (its context from the item), and the attack dialog,
 * the Medicine dialog and the check cards (Sneak, Recovery, Medicine) as the shell renders them
 * when a GM drives them (harness.ts recordTemplates). The shared audits (views.ts) then read each
 * in both themes and at the sidebar's and a small window's width.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, recordTemplates, renderInPage } from "./harness.ts";
import type { RecordedTemplate } from "./harness.ts";
import { auditRenderedViews } from "./views.ts";
import { ICON, lastContext, showCard } from "./views.support.ts";
import { twodiceWorld } from "../shell/twodice.support.ts";
import type { TwodiceWorld } from "../shell/twodice.support.ts";
import type * as ItemSheetModule from "../../src/foundry/rulesets/twodice/sheets/item-sheet.ts";
import type * as DialogModule from "../../src/foundry/rulesets/twodice/attack/dialog.ts";
import type * as MedicineModule from "../../src/foundry/rulesets/twodice/sheets/medicine.ts";
import type * as ChecksModule from "../../src/foundry/rulesets/twodice/table/checks.ts";

let world: TwodiceWorld;
let browser: Browser;
let items: typeof ItemSheetModule;
let dialog: typeof DialogModule;
let medicine: typeof MedicineModule;
let checks: typeof ChecksModule;
let recorded: RecordedTemplate[];

beforeAll(async () => {
  world = await twodiceWorld();
  items = await import("../../src/foundry/rulesets/twodice/sheets/item-sheet.ts");
  dialog = await import("../../src/foundry/rulesets/twodice/attack/dialog.ts");
  medicine = await import("../../src/foundry/rulesets/twodice/sheets/medicine.ts");
  checks = await import("../../src/foundry/rulesets/twodice/table/checks.ts");
  recorded = recordTemplates();
  browser = await launchChromium();
});

afterAll(async () => {
  await (browser as Browser | undefined)?.close();
});

const CARBINE = {
  name: "Carbine with a folding stock and a cracked scope",
  type: "weapon",
  img: ICON,
  system: { kind: "ranged", attack: 14, defense: 9, damage: 4, range: 5, type: "A13" },
};

const MACHETE = {
  name: "Machete with a taped handle",
  type: "weapon",
  img: ICON,
  system: { kind: "melee", attack: 12, defense: 8, damage: 3 },
};

/** Mira, a medic and scout, and the sentry she faces. */
async function pair() {
  const mira = await world.createActor({
    name: "Mira Castellanos-Okafor",
    type: "character",
    img: ICON,
    system: { traits: { agility: 12, toughness: 8, perception: 13, stealth: 9, medicine: 11 } },
    items: [CARBINE, MACHETE],
  });
  const sentry = await world.createActor({
    name: "Sentry of the Eastern Gate",
    type: "npc",
    img: ICON,
    system: { traits: { toughness: 10, perception: 12 }, wounds: { marked: [4, 7] } },
  });
  return { mira, sentry };
}

describe("the two-dice item sheet, rendered in Chromium", () => {
  const ITEMS = [
    CARBINE,
    {
      name: "Ballistic vest with trauma plates",
      type: "armor",
      img: ICON,
      system: { coverage: 12, protection: 4 },
    },
    { name: "Field dressings (sterile)", type: "gear", img: ICON, system: { quantity: 8 } },
  ];

  for (const data of ITEMS) {
    it(`shows the ${data.type}'s fields under its name`, async () => {
      const { mira } = await pair();
      const holder = await world.createActor({ name: "Holder", type: "character", items: [data] });
      const item = world.item(holder, data.name);
      const page = await renderInPage(browser, {
        template: "templates/twodice/item/item-sheet.hbs",
        context: await items.twodiceItemSheetContext(item),
        classes: ["fray", "item-sheet", "twodice"],
        title: data.name,
        width: 480,
        height: 560,
      });
      await expect(page.locator("input[name='name']").inputValue()).resolves.toBe(data.name);
      expect(mira.name).toBe("Mira Castellanos-Okafor");
      await page.close();
    });
  }
});

describe("the two-dice dialogs, rendered in Chromium", () => {
  it("the attack dialog names both sides and the weapon, and gives the odds", async () => {
    const { mira, sentry } = await pair();
    world.table.target(sentry);
    await dialog.openTwodiceAttack(mira, world.item(mira, CARBINE.name), "single");
    const page = await renderInPage(browser, {
      template: "templates/twodice/dialog/attack-dialog.hbs",
      context: lastContext(recorded, "templates/twodice/dialog/attack-dialog.hbs"),
      classes: ["fray", "twodice-attack-dialog"],
      title: `Attack with ${CARBINE.name}`,
      width: 400,
      height: 560,
    });
    await expect(page.locator(".fray-dialog-who").first().innerText()).resolves.toContain(
      "Sentry of the Eastern Gate",
    );
    await expect(page.locator("[data-odds='hit']").innerText()).resolves.toMatch(/%$/);
    await expect(page.locator("input[name=cover]").isVisible()).resolves.toBe(true);
    await page.close();
  });

  it("a blow the GM makes asks the defender's awareness, not a shot's claims", async () => {
    const { mira, sentry } = await pair();
    world.table.target(sentry);
    await dialog.openTwodiceAttack(mira, world.item(mira, MACHETE.name), "single");
    const page = await renderInPage(browser, {
      template: "templates/twodice/dialog/attack-dialog.hbs",
      context: lastContext(recorded, "templates/twodice/dialog/attack-dialog.hbs"),
      classes: ["fray", "twodice-attack-dialog"],
      title: `Attack with ${MACHETE.name}`,
      width: 400,
      height: 560,
    });
    await expect(page.locator("select[name=awareness]").isVisible()).resolves.toBe(true);
    await expect(page.locator("input[name=cover]").isVisible()).resolves.toBe(false);
    await expect(page.locator("input[name=moved]").isVisible()).resolves.toBe(false);
    await page.close();
  });

  it("the Medicine dialog offers more time and, to the GM, better circumstances", async () => {
    const { mira, sentry } = await pair();
    world.table.target(sentry);
    await medicine.openTwodiceMedicine(mira);
    const page = await renderInPage(browser, {
      template: "templates/twodice/dialog/medicine-dialog.hbs",
      context: lastContext(recorded, "templates/twodice/dialog/medicine-dialog.hbs"),
      classes: ["fray", "twodice-medicine-dialog"],
      title: "Medicine",
      width: 400,
      height: 300,
    });
    await expect(page.locator("input[name='moreTime']").count()).resolves.toBe(1);
    await expect(page.locator("input[name='betterCircumstances']").count()).resolves.toBe(1);
    await expect(page.locator("[data-odds='success']").innerText()).resolves.toMatch(/%$/);
    await page.close();
  });
});

describe("the two-dice check cards, rendered in Chromium", () => {
  const checkCard = (): Promise<Page> =>
    showCard(
      browser,
      "templates/twodice/chat/check-card.hbs",
      lastContext(recorded, "templates/twodice/chat/check-card.hbs"),
    );

  it("a Sneak card shows the observer's look and what it saw", async () => {
    const { mira, sentry } = await pair();
    // Nothing measures on this scene: the GM gives 10 m.
    await world.startedCombat([mira, sentry], false);
    world.dice(7, 15, 9, 18);
    await expect(checks.twodiceSneak(mira, sentry, 0, 10)).resolves.toMatchObject({ ok: true });
    const page = await checkCard();
    await expect(page.locator(".fray-td-outcome-text").innerText()).resolves.toContain(
      "Sentry of the Eastern Gate",
    );
    await page.close();
  });

  it("a Recovery card shows the roll and the wounds that heal", async () => {
    const { sentry } = await pair();
    world.dice(3, 12);
    await expect(checks.twodiceRecovery(sentry)).resolves.toMatchObject({ ok: true });
    const page = await checkCard();
    await expect(page.locator(".fray-td-outcome-text").innerText()).resolves.not.toBe("");
    await page.close();
  });

  it("a Medicine card lists the care given and the outcome", async () => {
    const { mira, sentry } = await pair();
    world.place(mira, sentry);
    world.dice(5, 14);
    await expect(
      checks.twodiceMedicine(mira, sentry, undefined, { moreTime: true }),
    ).resolves.toMatchObject({ ok: true });
    const page = await checkCard();
    await expect(page.locator(".fray-td-care li").count()).resolves.toBeGreaterThan(0);
    await page.close();
  });
});

auditRenderedViews(() => browser, {
  templates: [
    "templates/twodice/item/item-sheet.hbs",
    "templates/twodice/dialog/attack-dialog.hbs",
    "templates/twodice/dialog/medicine-dialog.hbs",
    "templates/twodice/chat/check-card.hbs",
  ],
});
