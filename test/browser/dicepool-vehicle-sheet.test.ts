/**
 * The dice-pool vehicle sheet, rendered in Chromium with the real template and CSS from the
 * context the shell builds: every control is labelled, and it shows the structure, Energy, the
 * pilot and the Drive and Refuel buttons.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { launchChromium, renderInPage } from "./harness.ts";
import { auditRenderedViews } from "./views.ts";
import type * as SheetModule from "../../src/foundry/rulesets/dicepool/vehicle/sheet.ts";

let fake: FakeFoundry;
let browser: Browser;
let sheets: typeof SheetModule;
let page: Page;

beforeAll(async () => {
  fake = installFakeFoundry({ settings: { "fray.ruleset": "dicepool" } });
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  sheets = await import("../../src/foundry/rulesets/dicepool/vehicle/sheet.ts");
  browser = await launchChromium();
  const Actor = fake.CONFIG["Actor"]?.documentClass;
  const pilot = (await Actor?.create({
    name: "Ana Reyes",
    type: "character",
    system: { attributes: { mental: 3 }, skills: { pilot: 2 } },
  })) as unknown as Actor.Implementation;
  const vehicle = (await Actor?.create({
    name: "Rover",
    type: "vehicle",
    system: { crew: { pilotId: pilot.id }, speed: 6, damage: 2, energy: { value: 4, max: 5 } },
    // A table's weapon names, long ones among them, for the narrow-window audit.
    items: [
      { name: "Turret gun", type: "weapon", system: { kind: "ranged" } },
      {
        name: "Twin-linked autocannon with a gyro-stabilised mount",
        type: "weapon",
        system: { kind: "ranged", damage: 2 },
      },
      { name: "Ramming prow", type: "weapon", system: { kind: "close", damage: 1 } },
    ],
  })) as unknown as Actor.Implementation;
  page = await renderInPage(browser, {
    template: "templates/dicepool/vehicle-sheet.hbs",
    context: await sheets.dicepoolVehicleSheetContext(vehicle, true),
    classes: ["fray", "actor-sheet", "dicepool"],
    title: "Rover",
    width: 560,
    height: 620,
  });
});

afterAll(async () => {
  await page.close();
  await (browser as Browser | undefined)?.close();
});

describe("the dice-pool vehicle sheet, rendered in Chromium", () => {
  it("labels every control", async () => {
    const unlabelled = await page.$$eval("input, select", (controls) =>
      controls
        .filter(
          (c) =>
            c.getAttribute("type") !== "hidden" &&
            c.closest("label") === null &&
            (c.getAttribute("aria-label") ?? "") === "",
        )
        .map((c) => c.getAttribute("name")),
    );
    expect(unlabelled).toEqual([]);
  });

  it("shows the structure left, the Energy, the pilot and the Drive and Refuel buttons", async () => {
    expect(await page.textContent(".dp-structure-left")).toBe("5 / 7");
    expect(await page.inputValue('input[name="system.energy.value"]')).toBe("4");
    expect(
      await page.$eval(
        'select[name="system.crew.pilotId"]',
        (s) => (s as HTMLSelectElement).selectedOptions[0]?.textContent,
      ),
    ).toBe("Ana Reyes");
    expect(await page.isVisible('button[data-action="drive"]')).toBe(true);
    expect(await page.isVisible('button[data-action="refuel"]')).toBe(true);
    expect(await page.textContent(".dp-weapons")).toContain("Turret gun");
  });
});

auditRenderedViews(() => browser, {
  templates: ["templates/dicepool/vehicle-sheet.hbs"],
});
