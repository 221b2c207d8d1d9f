import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { launchChromium, renderInPage } from "./harness.ts";
import { auditRenderedViews } from "./views.ts";

/** A plain picture for portraits and item icons, as Foundry's default icons would be. */
const ICON =
  "data:image/svg+xml," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#556"/><circle cx="5" cy="4" r="2.2" fill="#bbc"/><rect x="2" y="7" width="6" height="3" rx="1.5" fill="#bbc"/></svg>',
  );

const OUTPUT = resolve(REPO_ROOT, "test/browser/__output__");

let fake: FakeFoundry;
let browser: Browser;
let shell: {
  actorSheetContext: typeof import("../../src/foundry/sheets/actor-sheet.ts").actorSheetContext;
  itemSheetContext: typeof import("../../src/foundry/sheets/item-sheet.ts").itemSheetContext;
};

beforeAll(async () => {
  fake = installFakeFoundry();
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  const actorSheet = await import("../../src/foundry/sheets/actor-sheet.ts");
  const itemSheet = await import("../../src/foundry/sheets/item-sheet.ts");
  shell = {
    actorSheetContext: actorSheet.actorSheetContext,
    itemSheetContext: itemSheet.itemSheetContext,
  };
  browser = await launchChromium();
  mkdirSync(OUTPUT, { recursive: true });
});

afterAll(async () => {
  // Undefined only when the launch failed, which beforeAll has already reported.
  await (browser as Browser | undefined)?.close();
});

async function createActor(source: Record<string, unknown>) {
  const Actor = fake.CONFIG["Actor"]?.documentClass;
  const actor = await Actor?.create(source);
  if (!actor) throw new Error("actor not created");
  return actor as unknown as Actor.Implementation;
}

/**
 * A picture of the render for the test's output only: these sheets carry the escaping tests'
 * hostile names, so they never become README pictures (the rulesets' own tests take those).
 */
async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: resolve(OUTPUT, name) });
}

describe("the actor sheet, rendered in Chromium", () => {
  let page: Page;
  const hostileName = 'Vex <b>"the Knife"</b>';
  const hostileItem = '<img src="x" onerror="window.__pwned = true">';

  beforeAll(async () => {
    const actor = await createActor({
      name: hostileName,
      type: "npc",
      img: ICON,
      system: {
        health: { value: 7, max: 10 },
        energy: { value: 2, max: 6 },
        rank: "elite",
        biography: "<p>Runs the <em>east docks</em>.</p>",
      },
      items: [
        { name: "Rusted cleaver", type: "weapon", img: ICON, system: { damage: "1d6+1" } },
        { name: hostileItem, type: "gear", img: ICON },
        { name: "Flak vest", type: "armor", img: ICON },
      ],
    });
    page = await renderInPage(browser, {
      template: "templates/actor/actor-sheet.hbs",
      context: await shell.actorSheetContext(actor, "items"),
      classes: ["fray", "actor-sheet"],
      title: hostileName,
      width: 640,
      height: 560,
    });
    await screenshot(page, "actor-sheet.png");
  });

  afterAll(async () => page.close());

  it("shows the name exactly as typed, as text, never as markup", async () => {
    await expect(page.locator("input.actor-name").inputValue()).resolves.toBe(hostileName);
    expect(await page.locator(".window-content b").count()).toBe(0);
    await expect(page.locator(".item-row .item-name").allTextContents()).resolves.toContain(
      hostileItem,
    );
    expect(await page.evaluate(() => (window as { __pwned?: boolean }).__pwned)).toBeUndefined();
  });

  it("fills the health bar to 70 % for 7 of 10 and the Energy bar to a third for 2 of 6", async () => {
    const fraction = async (resource: string) =>
      page.evaluate((name) => {
        const bar = document.querySelector(`.resource.${name} .bar`);
        const fill = document.querySelector(`.resource.${name} .fill`);
        if (!bar || !fill) return -1;
        return fill.getBoundingClientRect().width / bar.getBoundingClientRect().width;
      }, resource);
    expect(await fraction("health")).toBeCloseTo(0.7, 2);
    expect(await fraction("energy")).toBeCloseTo(2 / 6, 2);
    await expect(page.locator('input[name="system.health.value"]').inputValue()).resolves.toBe("7");
    await expect(page.locator('input[name="system.energy.max"]').inputValue()).resolves.toBe("6");
  });

  it("labels everything in English, with no raw localization key left", async () => {
    const text = await page.locator(".window-content").innerText();
    expect(text).toContain("Health");
    expect(text).toContain("Energy");
    expect(text).not.toMatch(/FRAY\.|TYPES\./);
    await expect(
      page.locator('select[name="system.rank"] option:checked').innerText(),
    ).resolves.toBe("Elite");
  });

  it("shows the Items tab and hides the biography until its tab is chosen", async () => {
    await expect(page.locator(".sheet-tabs .item.active").innerText()).resolves.toBe("Items");
    expect(await page.locator(".tab.items").isVisible()).toBe(true);
    expect(await page.locator(".tab.biography").isVisible()).toBe(false);
  });

  it("lists items under their type, and says so when a type has none", async () => {
    const group = (type: string) => page.locator(`.item-group[data-item-type="${type}"]`);
    await expect(group("weapon").locator("h3").innerText()).resolves.toBe("Weapon");
    await expect(group("weapon").locator(".item-name").allTextContents()).resolves.toEqual([
      "Rusted cleaver",
    ]);
    await expect(group("technique").locator(".empty").innerText()).resolves.toContain(
      "Nothing here yet",
    );
  });
});

describe("the item sheet, rendered in Chromium", () => {
  it("shows a weapon's damage formula and its kind selected", async () => {
    const actor = await createActor({
      name: "Holder",
      type: "character",
      items: [{ name: "Longbow", type: "weapon", system: { damage: "1d8", kind: "ranged" } }],
    });
    const item = actor.items.contents[0];
    if (!item) throw new Error("no item");
    const page = await renderInPage(browser, {
      template: "templates/item/item-sheet.hbs",
      context: await shell.itemSheetContext(item),
      classes: ["fray", "item-sheet"],
      title: "Longbow",
      width: 480,
      height: 360,
    });
    await screenshot(page, "item-sheet.png");
    await expect(page.locator('input[name="system.damage"]').inputValue()).resolves.toBe("1d8");
    await expect(
      page.locator('select[name="system.kind"] option:checked').innerText(),
    ).resolves.toBe("Ranged");
    await expect(page.locator(".item-type").innerText()).resolves.toBe("Weapon");
    await page.close();
  });
});

auditRenderedViews(() => browser, {
  templates: ["templates/actor/actor-sheet.hbs", "templates/item/item-sheet.hbs"],
});
