import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { launchChromium, lowestContrast, renderInPage } from "./harness.ts";
import { auditRenderedViews } from "./views.ts";
import type { Theme } from "./harness.ts";
import type * as SheetModule from "../../src/foundry/rulesets/worldlines/sheets/actor-sheet.ts";
import type * as ItemSheetModule from "../../src/foundry/rulesets/worldlines/sheets/item-sheet.ts";

/** Plain pictures for the portrait and item icons, as Foundry's default icons would be. */
const svg = (body: string) =>
  "data:image/svg+xml," +
  encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">${body}</svg>`);
const PORTRAIT = svg(
  '<rect width="10" height="10" fill="#4a5560"/><circle cx="5" cy="4" r="2.2" fill="#d9c7a8"/><rect x="2" y="7" width="6" height="3" rx="1.5" fill="#8a5a1f"/>',
);
const ICON = svg(
  '<rect width="10" height="10" rx="2" fill="#667"/><circle cx="5" cy="5" r="2.5" fill="#ccd"/>',
);

const OUTPUT = resolve(REPO_ROOT, "test/browser/__output__");
/** Set FRAY_UPDATE_DOCS=1 to refresh the README screenshot under docs/. */
const UPDATE_DOCS = process.env["FRAY_UPDATE_DOCS"] === "1";

let fake: FakeFoundry;
let browser: Browser;
let sheets: typeof SheetModule;
let itemSheets: typeof ItemSheetModule;

beforeAll(async () => {
  fake = installFakeFoundry();
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  sheets = await import("../../src/foundry/rulesets/worldlines/sheets/actor-sheet.ts");
  itemSheets = await import("../../src/foundry/rulesets/worldlines/sheets/item-sheet.ts");
  browser = await launchChromium();
  mkdirSync(OUTPUT, { recursive: true });
});

afterAll(async () => {
  await (browser as Browser | undefined)?.close();
});

async function createActor(source: Record<string, unknown>) {
  const Actor = fake.CONFIG["Actor"]?.documentClass;
  const actor = await Actor?.create(source);
  if (!actor) throw new Error("actor not created");
  return actor as unknown as Actor.Implementation;
}

describe("the Worldlines character sheet, rendered in Chromium", () => {
  let page: Page;
  let context: unknown;

  const renderSheet = (theme: Theme = "light") =>
    renderInPage(browser, {
      template: "templates/worldlines/actor/actor-sheet.hbs",
      context,
      classes: ["fray", "actor-sheet", "worldlines"],
      title: "Maya Okafor",
      width: 720,
      height: 760,
      theme,
    });

  it("stays readable in core's light and dark themes", async () => {
    for (const theme of ["light", "dark"] as const) {
      const themed = await renderSheet(theme);
      const worst = await lowestContrast(themed, ".window-content");
      expect(worst.below, theme).toEqual([]);
      if (theme === "dark") {
        await themed.screenshot({ path: resolve(OUTPUT, "worldlines-character-sheet-dark.png") });
        if (UPDATE_DOCS) {
          await themed.screenshot({
            path: resolve(REPO_ROOT, "docs/worldlines-character-sheet-dark.png"),
          });
        }
      }
    }
  });

  beforeAll(async () => {
    const actor = await createActor({
      name: "Maya Okafor",
      type: "character",
      img: PORTRAIT,
      system: {
        health: { value: 14, max: 20 },
        energy: { value: 4, max: 6 },
        traits: { combat: 10, spirit: 6, mind: 8 },
        skills: { evasion: 2, medicine: 1, firearms: 3, melee: 1 },
        stance: "crouched",
        exhaustion: 1,
        biography: "<p>Ex-courier. Owes the <em>Lantern syndicate</em> a favour.</p>",
      },
      items: [
        {
          name: "Service pistol",
          type: "weapon",
          img: ICON,
          system: {
            damage: "1d6+1",
            kind: "ranged",
            skill: "firearms",
            accuracy: { quality: 0, attachments: 1 },
            ammo: { value: 9, max: 12 },
          },
        },
        {
          name: "Shock baton",
          type: "weapon",
          img: ICON,
          system: { damage: "1d4+1", kind: "melee", skill: "melee", nonLethal: true },
        },
        {
          name: "Kevlar vest",
          type: "armor",
          img: ICON,
          system: { zones: { torso: 8, arms: 4 }, quality: 1 },
        },
        { name: "Patrol helmet", type: "armor", img: ICON, system: { zones: { head: 6 } } },
        {
          name: "Steady aim",
          type: "technique",
          img: ICON,
          system: { energyCost: 1, effect: "+1 accuracy on the next shot" },
        },
        { name: "Field medkit", type: "gear", img: ICON, system: { kind: "firstAidKit" } },
      ],
      effects: [
        { name: "Bleeding", statuses: ["bleeding"], flags: { fray: { hpPerTurn: 5 } } },
        { name: "Staggered", statuses: ["staggered"], flags: { fray: { turnsLeft: 1 } } },
      ],
    });
    context = await sheets.worldlinesActorSheetContext(actor, "combat", true);
    page = await renderSheet();
    await page.screenshot({ path: resolve(OUTPUT, "worldlines-character-sheet.png") });
    if (UPDATE_DOCS) {
      await page.screenshot({ path: resolve(REPO_ROOT, "docs/worldlines-character-sheet.png") });
    }
  });

  afterAll(async () => page.close());

  it("fills the health bar to 70 % and the Energy bar to two thirds", async () => {
    const fraction = async (resource: string) =>
      page.evaluate((name) => {
        const bar = document.querySelector(`.resource.${name} .bar`);
        const fill = document.querySelector(`.resource.${name} .fill`);
        if (!bar || !fill) return -1;
        return fill.getBoundingClientRect().width / bar.getBoundingClientRect().width;
      }, resource);
    expect(await fraction("health")).toBeCloseTo(0.7, 2);
    expect(await fraction("energy")).toBeCloseTo(4 / 6, 2);
  });

  it("shows the Combat die with its critical range and the current stance pressed", async () => {
    const combat = page.locator('.wl-quick select[name="system.traits.combat"] option:checked');
    await expect(combat.innerText()).resolves.toBe("d10");
    await expect(page.locator(".wl-crit").innerText()).resolves.toBe("crits on 9–10");
    await expect(page.locator(".wl-stance-button.active").innerText()).resolves.toBe("Crouched");
    expect(await page.locator(".wl-stance-button.active").isDisabled()).toBe(true);
  });

  it("lists each status with what it does and a Recover button", async () => {
    const statuses = page.locator(".wl-status");
    await expect(statuses.locator(".wl-status-name").allInnerTexts()).resolves.toEqual([
      "Bleeding",
      "Staggered",
      "Exhausted",
    ]);
    await expect(
      page.locator('.wl-status[data-status="bleeding"] .wl-status-detail').innerText(),
    ).resolves.toBe("−5 per turn");
    expect(await page.locator('.wl-status[data-status="bleeding"] .wl-recover').count()).toBe(1);
    // Exhaustion is cured by rest, not by a check from the sheet.
    expect(await page.locator('.wl-status[data-status="exhausted"] .wl-recover').count()).toBe(0);
  });

  it("offers an Attack button per weapon with its bonus, damage and ammunition", async () => {
    const pistol = page.locator(".wl-weapons .item-row").first();
    await expect(pistol.locator(".item-name").innerText()).resolves.toBe("Service pistol");
    // The ammunition's box icon (Font Awesome, as core draws it) stands before its count.
    const stats = (await pistol.locator(".wl-stat").allInnerTexts()).map((t) => t.trim());
    expect(stats).toEqual(["+4", "1d6+1", "9 / 12"]);
    expect(await page.locator('.wl-weapons [data-action="attack"]').count()).toBe(2);
    await expect(page.locator(".wl-weapons .wl-tag").allInnerTexts()).resolves.toEqual([
      "non-lethal",
    ]);
  });

  it("shows the armor die of every zone from the worn pieces", async () => {
    const die = (zone: string) => page.locator(`.wl-zones tr[data-zone="${zone}"] td`).innerText();
    await expect(die("head")).resolves.toBe("d6");
    await expect(die("torso")).resolves.toBe("d8");
    await expect(die("arms")).resolves.toBe("d4");
    await expect(die("legs")).resolves.toBe("—");
  });

  it("keeps the other tabs hidden and leaves no raw localization key", async () => {
    expect(await page.locator(".tab.combat").isVisible()).toBe(true);
    expect(await page.locator(".tab.techniques").isVisible()).toBe(false);
    const text = await page.locator(".window-content").innerText();
    expect(text).not.toMatch(/FRAY\.|TYPES\./);
    expect(text).toContain("First Aid");
    expect(text).toContain("Defensive Posture");
  });

  it("fits its window: nothing in the header or the combat tab runs off to the side", async () => {
    const overflow = await page.evaluate(() => {
      const content = document.querySelector(".window-content");
      if (!content) return -1;
      const right = content.getBoundingClientRect().right;
      return Array.from(content.querySelectorAll(".sheet-header *, .tab.combat *"))
        .map((element) => element.getBoundingClientRect().right - right)
        .filter((excess) => excess > 1).length;
    });
    expect(overflow).toBe(0);
  });
});

describe("the Worldlines weapon sheet, rendered in Chromium", () => {
  it("shows the damage formula, the range profile with the defaults it keeps greyed", async () => {
    const actor = await createActor({
      name: "Holder",
      type: "character",
      items: [
        {
          name: "Marksman rifle",
          type: "weapon",
          img: ICON,
          system: {
            damage: "2d6",
            kind: "ranged",
            skill: "firearms",
            range: { long: { accuracy: 0, feet: 300 } },
          },
        },
      ],
    });
    const item = actor.items.contents[0];
    if (!item) throw new Error("no item");
    const page = await renderInPage(browser, {
      template: "templates/worldlines/item/item-sheet.hbs",
      context: await itemSheets.worldlinesItemSheetContext(item),
      classes: ["fray", "item-sheet", "worldlines"],
      title: "Marksman rifle",
      width: 520,
      height: 900,
    });
    await page.screenshot({ path: resolve(OUTPUT, "worldlines-weapon-sheet.png") });
    await expect(page.locator('input[name="system.damage"]').inputValue()).resolves.toBe("2d6");
    await expect(
      page.locator('select[name="system.skill"] option:checked').innerText(),
    ).resolves.toBe("Firearms");
    const long = page.locator('tr[data-band="long"] input');
    await expect(long.nth(0).inputValue()).resolves.toBe("0");
    await expect(long.nth(2).inputValue()).resolves.toBe("300");
    await expect(long.nth(1).getAttribute("placeholder")).resolves.toBe("0");
    await expect(
      page.locator('tr[data-band="extreme"] input').nth(0).getAttribute("placeholder"),
    ).resolves.toBe("-4");
    const text = await page.locator(".window-content").innerText();
    expect(text).not.toMatch(/FRAY\.|TYPES\./);
    await page.close();
  });
});

auditRenderedViews(() => browser, {
  templates: [
    "templates/worldlines/actor/actor-sheet.hbs",
    "templates/worldlines/item/item-sheet.hbs",
  ],
});
