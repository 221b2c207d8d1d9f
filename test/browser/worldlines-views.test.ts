/**
 * The Worldlines cards the card test does not show, rendered in Chromium with the real templates
 * and CSS from the contexts the shell builds: a status card of a round's ticks with its Recover
 * buttons, and a Covering Fire card waiting for the target's answer and answered. The shared
 * audits (views.ts) then read each in both themes and at the chat sidebar's width.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { launchChromium, renderInPage } from "./harness.ts";
import { auditRenderedViews } from "./views.ts";
import { cardI18n, showCard } from "./views.support.ts";
import type * as StatusModule from "../../src/foundry/rulesets/worldlines/cards/status-card.ts";
import type * as CoverModule from "../../src/foundry/rulesets/worldlines/table/cover.ts";
import type * as DialogModule from "../../src/foundry/rulesets/worldlines/attack/dialog.ts";
import { makeCombatant } from "../../src/rules/worldlines/factory.ts";
import type { WorldlinesWeapon } from "../../src/rules/worldlines/model.ts";

let fake: FakeFoundry;
let browser: Browser;
let status: typeof StatusModule;
let cover: typeof CoverModule;
let dialog: typeof DialogModule;

beforeAll(async () => {
  fake = installFakeFoundry({ settings: { "fray.ruleset": "worldlines" } });
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  status = await import("../../src/foundry/rulesets/worldlines/cards/status-card.ts");
  cover = await import("../../src/foundry/rulesets/worldlines/table/cover.ts");
  dialog = await import("../../src/foundry/rulesets/worldlines/attack/dialog.ts");
  browser = await launchChromium();
});

afterAll(async () => {
  await (browser as Browser | undefined)?.close();
});

const i18n = () => cardI18n(fake);

describe("the Worldlines status card, rendered in Chromium", () => {
  it("says what each status did and offers a Recover button per status with a check", async () => {
    const ticks = [
      {
        actorId: "bram",
        name: "Bram Okonkwo-Lindqvist",
        status: "bleeding" as const,
        lost: 2,
        health: { before: 7, after: 5, max: 12 },
        expired: ["blinded" as const],
        statuses: ["bleeding" as const, "staggered" as const],
      },
      {
        actorId: "sable",
        name: "Sable of the Ninth Ward",
        status: "poisoned" as const,
        lost: 3,
        health: { before: 3, after: 0, max: 9 },
        downed: "dying" as const,
        expired: [],
        statuses: ["poisoned" as const],
      },
    ];
    const page: Page = await showCard(browser, "templates/worldlines/chat/status-card.hbs", {
      header: {
        actor: "Start of Bram Okonkwo-Lindqvist's turn",
        target: null,
        what: null,
        tags: [],
      },
      lines: status.tickLines(ticks, i18n()),
      recover: status.recoverButtons(ticks, i18n()),
    });
    await expect(page.locator(".fray-wl-tick").count()).resolves.toBeGreaterThan(2);
    await expect(
      page.locator("button[data-fray-action='recover']").count(),
    ).resolves.toBeGreaterThan(0);
    await page.close();
  });
});

describe("the Worldlines Covering Fire card, rendered in Chromium", () => {
  const base = {
    interrupterId: "bram",
    targetId: "sable",
    weaponId: "rifle",
    interrupterName: "Bram Okonkwo-Lindqvist",
    targetName: "Sable of the Ninth Ward",
    weaponName: "Marksman rifle with a suppressor",
    situation: {},
    cost: 2,
    attack: { natural: 14, rolls: [14], modifiers: [], total: 17 },
  };

  it("waits for the target's answer with Evade and Abort, then says what it chose", async () => {
    const waiting = await showCard(
      browser,
      "templates/worldlines/chat/cover-card.hbs",
      cover.coverContext({ ...base, answer: null }, i18n()),
    );
    await expect(waiting.locator("button[data-fray-step]").allInnerTexts()).resolves.toHaveLength(
      2,
    );
    await waiting.close();
    const answered = await showCard(
      browser,
      "templates/worldlines/chat/cover-card.hbs",
      cover.coverContext(
        {
          ...base,
          answer: {
            choice: "evade",
            evasion: { natural: 9, rolls: [9, 4], modifiers: [], total: 4 },
            aborted: true,
          },
        },
        i18n(),
      ),
    );
    await expect(answered.locator("button").count()).resolves.toBe(0);
    await answered.close();
  });
});

describe("the Worldlines attack dialog, rendered in Chromium", () => {
  const maya = makeCombatant({
    id: "maya",
    name: "Maya Okafor-Lindqvist",
    traits: { combat: 8, spirit: 6 },
    skills: { firearms: 2, melee: 1 },
  });
  const vex = makeCombatant({
    id: "vex",
    name: "Vex of the Ninth Ward",
    energy: { value: 4, max: 4 },
  });
  const weapon = (kind: "ranged" | "melee", name: string): WorldlinesWeapon => ({
    id: kind,
    name,
    kind,
    skill: kind === "ranged" ? "firearms" : "melee",
    damage: "1d6+1",
  });
  const show = (w: WorldlinesWeapon, zone: "head" | "torso", distance: number | null) =>
    renderInPage(browser, {
      template: "templates/worldlines/dialog/attack-dialog.hbs",
      context: dialog.attackDialogContext({
        attacker: maya,
        defender: vex,
        weapon: w,
        situation: { zone, cover: "half" },
        distance,
        sceneNotes: ["Half cover: a wall between you hides part of Vex (2 of 4 lines blocked)"],
      }),
      classes: ["fray", "fray-wl-attack-dialog"],
      title: `Attack with ${w.name}`,
      width: 400,
      height: 640,
    });

  it("a shot at the head: the range band with the distance, and every chance both ways", async () => {
    const page: Page = await show(weapon("ranged", "Service pistol, long barrel"), "head", 45);
    await expect(page.locator("select[name=range]").isVisible()).resolves.toBe(true);
    await expect(page.locator(".fray-dialog-hint").first().innerText()).resolves.toBe(
      "45 ft between you",
    );
    for (const line of ["hit", "hitTaken", "expectedDamage", "expectedDamageTaken", "headshot"]) {
      await expect(page.locator(`[data-odds='${line}']`).innerText()).resolves.toMatch(/\d/);
    }
    await page.close();
  });

  it("a knife: no range band, and no headshot line", async () => {
    const page: Page = await show(weapon("melee", "Combat knife"), "torso", null);
    await expect(page.locator("select[name=range]").isVisible()).resolves.toBe(false);
    await expect(page.locator("[data-odds='headshot']").isVisible()).resolves.toBe(false);
    await page.close();
  });
});

auditRenderedViews(() => browser, {
  templates: [
    "templates/worldlines/dialog/attack-dialog.hbs",
    "templates/worldlines/chat/status-card.hbs",
    "templates/worldlines/chat/cover-card.hbs",
  ],
});
