/**
 * The Freelancers character sheet, an attack card and an Upkeep card, rendered in Chromium with
 * the real templates and CSS from the contexts the shell builds. FRAY_UPDATE_DOCS=1 writes the
 * README screenshots (docs/freelancers-sheet.png, docs/freelancers-attack-card.png,
 * docs/freelancers-upkeep-card.png).
 */
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { launchChromium, renderInPage } from "./harness.ts";
import { auditRenderedViews } from "./views.ts";
import { startedCombat } from "../shell/boot.support.ts";
import type * as SheetModule from "../../src/foundry/rulesets/freelancers/sheets/actor-sheet.ts";
import type * as DialogModule from "../../src/foundry/rulesets/freelancers/attack/dialog.ts";
import type * as CardModule from "../../src/foundry/rulesets/freelancers/cards/attack-card.ts";
import type * as CombatModule from "../../src/foundry/rulesets/freelancers/combat.ts";
import type * as Rules from "../../src/rules/freelancers/index.ts";

const svg = (body: string) =>
  "data:image/svg+xml," +
  encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">${body}</svg>`);
const PORTRAIT = svg(
  '<rect width="10" height="10" fill="#2f3d4a"/><circle cx="5" cy="4" r="2.2" fill="#d8b894"/><rect x="2" y="7" width="6" height="3" rx="1.5" fill="#8a3a2a"/>',
);
const ICON = svg(
  '<rect width="10" height="10" rx="2" fill="#566"/><circle cx="5" cy="5" r="2.5" fill="#cdd"/>',
);

const OUTPUT = resolve(REPO_ROOT, "test/browser/__output__");
const UPDATE_DOCS = process.env["FRAY_UPDATE_DOCS"] === "1";

let fake: FakeFoundry;
let browser: Browser;
let sheets: typeof SheetModule;
let cards: typeof CardModule;
let combat: typeof CombatModule;
let rules: typeof Rules;
let dialog: typeof DialogModule;

beforeAll(async () => {
  fake = installFakeFoundry({ settings: { "fray.ruleset": "freelancers" } });
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  sheets = await import("../../src/foundry/rulesets/freelancers/sheets/actor-sheet.ts");
  cards = await import("../../src/foundry/rulesets/freelancers/cards/attack-card.ts");
  combat = await import("../../src/foundry/rulesets/freelancers/combat.ts");
  rules = await import("../../src/rules/freelancers/index.ts");
  dialog = await import("../../src/foundry/rulesets/freelancers/attack/dialog.ts");
  browser = await launchChromium();
  mkdirSync(OUTPUT, { recursive: true });
});

afterAll(async () => {
  await (browser as Browser | undefined)?.close();
});

const i18n = () => ({
  localize: (key: string) => fake.i18n.localize(key),
  format: (key: string, data: Record<string, string | number>) =>
    fake.i18n.format(key, Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)]))),
});

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: resolve(OUTPUT, name) });
  if (UPDATE_DOCS) await page.screenshot({ path: resolve(REPO_ROOT, "docs", name) });
}

describe("the Freelancers character sheet, rendered in Chromium", () => {
  let page: Page;

  beforeAll(async () => {
    const Actor = fake.CONFIG["Actor"]?.documentClass;
    const actor = (await Actor?.create({
      name: "Vesna Kade",
      type: "character",
      img: PORTRAIT,
      system: {
        health: { value: 7, max: 12 },
        attributes: {
          agility: 8,
          fortitude: 6,
          might: 5,
          intellect: 7,
          awareness: 6,
          willpower: 5,
        },
        skills: { finesse: 3, marksman: 2, stealth: 2, medicine: 1 },
        armor: 0,
        counters: { stun: 1 },
        biography: "<p>Courier for hire.</p>",
      },
      items: [
        {
          name: "Knife",
          type: "weapon",
          img: ICON,
          system: { skill: "finesse", attribute: "agility", damage: "1d6+1", reach: 1 },
        },
        {
          name: "Carbine",
          type: "weapon",
          img: ICON,
          system: {
            kind: "ranged",
            skill: "marksman",
            attribute: "agility",
            damage: "2d6",
            range: { nominal: 30, max: 90 },
            integrity: { value: 2, max: 4 },
          },
        },
        { name: "Padded vest", type: "armor", img: ICON, system: { rating: 2 } },
        {
          name: "Overclock",
          type: "technique",
          img: ICON,
          system: { recharge: 5, action: "quick", charged: false },
        },
      ],
    })) as unknown as Actor.Implementation;
    // She fights, and spent her Base action before the stun: the referee's ledger says so.
    await startedCombat(fake, [actor], false);
    const { recordForActors } = await import("../../src/foundry/combat/ledger.ts");
    const { FL_ACTIONS } = await import("../../src/foundry/rulesets/freelancers/budget.ts");
    const { FRESH_ACTIONS } = await import("../../src/rules/freelancers/actions.ts");
    await recordForActors([{ actor, key: FL_ACTIONS, value: { ...FRESH_ACTIONS, base: 0 } }]);
    page = await renderInPage(browser, {
      template: "templates/freelancers/actor/actor-sheet.hbs",
      context: await sheets.flActorSheetContext(actor, true),
      classes: ["fray", "actor-sheet", "freelancers"],
      title: "Vesna Kade",
      width: 720,
      height: 800,
    });
    await shot(page, "freelancers-sheet.png");
  });

  afterAll(async () => page.close());

  it("shows the armor rating of the worn vest", async () => {
    await expect(page.locator(".fl-armor .fl-stat-value").innerText()).resolves.toBe("2");
  });

  it("lists the knife's check target (Agility 8 + Finesse 3) and the carbine's ranges", async () => {
    const knife = page.locator(".fl-weapon").first();
    await expect(knife.locator(".fl-num").allInnerTexts()).resolves.toEqual([
      "11",
      "1d6+1",
      "1 m",
      "3/3",
    ]);
    await expect(
      page.locator(".fl-weapon").nth(1).locator(".fl-num").nth(2).innerText(),
    ).resolves.toBe("30/90 m");
  });

  it("dims the spent Base (and the Long), and counts the stun counter", async () => {
    await expect(page.locator(".fl-turn .fray-chip.off").allInnerTexts()).resolves.toEqual([
      "Long",
      "Base",
    ]);
    await expect(
      page.locator('.fl-counter[data-counter="stun"] .fl-counter-count').innerText(),
    ).resolves.toBe("1");
  });

  it("offers a check button per attribute and skill", async () => {
    await expect(page.locator(".fl-attribute button.fl-roll").count()).resolves.toBe(6);
    await expect(page.locator(".fl-skill button.fl-roll").count()).resolves.toBe(10);
  });

  it("lets each weapon row be dragged to the hotbar as its item (core's .draggable rows)", async () => {
    const count = await page.locator(".fl-weapon").count();
    expect(count).toBeGreaterThan(0);
    await expect(page.locator(".fl-weapon.draggable[data-item-id]").count()).resolves.toBe(count);
  });
});

describe("Freelancers chat cards, rendered in Chromium", () => {
  it("an attack card shows both checks, the challenge, damage after AR and Apply", async () => {
    const attacker = rules.makeFreelancer({
      id: "vesna",
      name: "Vesna",
      attributes: { agility: 8 },
      skills: { finesse: 3 },
    });
    const defender = rules.makeFreelancer({
      id: "guard",
      name: "Guard",
      attributes: { agility: 7 },
      armor: 1,
    });
    const weapon = rules.makeFreelancersWeapon({
      id: "knife",
      name: "Knife",
      skill: "finesse",
      damage: "1d6+2",
    });
    const faces = [4, 6, 5];
    const outcome = rules.resolveAttack(
      { attacker, defender, weapon, situation: { distance: 1 } },
      { roll: () => faces.shift() ?? 1 },
    );
    if (!outcome.ok) throw new Error(outcome.reason);
    const state = {
      stage: "resolved" as const,
      attackerId: "vesna",
      defenderId: "guard",
      attackerName: "Vesna",
      defenderName: "Guard",
      attacker,
      weapon,
      situation: { distance: 1 },
      dice: [
        { sides: 20, value: 4 },
        { sides: 20, value: 6 },
        { sides: 6, value: 5 },
      ],
      attack: outcome.value.attack,
      integrityLost: 0,
      broken: false,
      provokedBy: [],
      result: cards.flResultView(outcome.value, defender),
    };
    const page = await renderInPage(browser, {
      template: "templates/freelancers/chat/attack-card.hbs",
      context: cards.flAttackCardContext(state, i18n()),
      classes: ["fray", "chat-card"],
      title: "Chat",
      width: 320,
      height: 330,
    });
    await shot(page, "freelancers-attack-card.png");
    await expect(page.locator(".fray-fl-challenge").innerText()).resolves.toContain(
      "Both passed: 4 is lower than 6.",
    );
    await expect(page.locator(".fray-fl-damage .fray-fl-total").innerText()).resolves.toBe("= 6");
    await expect(page.locator('button[data-fray-step="apply"]').count()).resolves.toBe(1);
    await page.close();
  });

  it("an attack card waiting for the defense offers Roll defense and the GM's Unseen, and says when unseen", async () => {
    const attacker = rules.makeFreelancer({ id: "vesna", name: "Vesna" });
    const weapon = rules.makeFreelancersWeapon({ id: "knife", name: "Knife" });
    const waiting = {
      stage: "defend" as const,
      attackerId: "vesna",
      defenderId: "guard",
      attackerName: "Vesna",
      defenderName: "Guard",
      attacker,
      weapon,
      situation: { distance: 1 },
      dice: [{ sides: 20, value: 4 }],
      attack: { faces: [4], natural: 4, roll: 4, target: 11, passed: true, fumbles: 0 },
      integrityLost: 0,
      broken: false,
      provokedBy: [],
      result: null,
    };
    const render = async (state: typeof waiting) =>
      renderInPage(browser, {
        template: "templates/freelancers/chat/attack-card.hbs",
        context: cards.flAttackCardContext(state, i18n()),
        classes: ["fray", "chat-card"],
        title: "Chat",
        width: 320,
        height: 260,
      });
    const seen = await render(waiting);
    await expect(seen.locator("button[data-fray-step]").allInnerTexts()).resolves.toEqual([
      "Roll defense",
      "Unseen",
    ]);
    await seen.close();
    const unseen = await render({
      ...waiting,
      situation: { distance: 1, defenderSees: false } as never,
    });
    await expect(unseen.locator("button[data-fray-step]").allInnerTexts()).resolves.toEqual([
      "Roll defense",
    ]);
    await expect(unseen.locator(".fray-card-tags").innerText()).resolves.toContain(
      "Unseen by the defender",
    );
    await unseen.close();
  });

  it("the attack dialog: a player sees the distance measured, a GM may type one and rule it unseen", async () => {
    const attacker = rules.makeFreelancer({ id: "vesna", name: "Vesna" });
    const defender = rules.makeFreelancer({ id: "guard", name: "Guard" });
    const weapon = rules.makeFreelancersWeapon({ id: "knife", name: "Knife" });
    const choices = { cover: "none", as: "base", targetEngaged: false } as const;
    const render = async (measured: number | null, gm: boolean) =>
      renderInPage(browser, {
        template: "templates/freelancers/dialog/attack-dialog.hbs",
        context: dialog.flAttackDialogContext(attacker, defender, weapon, choices, measured, gm),
        classes: ["fray", "fray-fl-attack-dialog"],
        title: "Attack",
        width: 360,
        height: 420,
      });
    const player = await render(3, false);
    await expect(player.locator("#fray-fl-distance").innerText()).resolves.toBe("3.0");
    await expect(player.locator("input[name='distance']").count()).resolves.toBe(0);
    await expect(player.locator("input[name='defenderSees']").count()).resolves.toBe(0);
    await player.close();
    const unmeasured = await render(null, false);
    await expect(unmeasured.locator("#fray-fl-distance").innerText()).resolves.toBe(
      "not measured: the GM's call",
    );
    await unmeasured.close();
    const gm = await render(null, true);
    await expect(gm.locator("input[name='distance']").count()).resolves.toBe(1);
    await expect(gm.locator("input[name='defenderSees']").count()).resolves.toBe(1);
    await gm.close();
  });

  it("an Upkeep card reports counters removed, recharges rolled and death checks made", async () => {
    const data = {
      refused: null,
      field: "",
      lines: [
        {
          name: "Vesna",
          counters: [{ kind: "stun", before: 1, after: 0 }],
          recharges: [{ abilityId: "oc", name: "Overclock", face: 7, needed: 5, recharged: true }],
          death: null,
        },
        {
          name: "Guard",
          counters: [],
          recharges: [],
          death: { faces: "15", target: 6, passed: false, life: "dead", failures: 3, limit: 3 },
        },
      ],
    };
    const page = await renderInPage(browser, {
      template: "templates/freelancers/chat/upkeep-card.hbs",
      context: combat.flUpkeepCardContext(data, i18n()),
      classes: ["fray", "chat-card"],
      title: "Chat",
      width: 320,
      height: 230,
    });
    await shot(page, "freelancers-upkeep-card.png");
    await expect(page.locator(".fray-fl-upkeep-counter").innerText()).resolves.toBe("Stun: 1 → 0");
    await expect(page.locator(".fray-fl-upkeep-recharge").innerText()).resolves.toContain(
      "recharged",
    );
    await expect(page.locator(".fray-fl-upkeep-death.dead").count()).resolves.toBe(1);
    await expect(page.locator(".fray-fl-upkeep-death").innerText()).resolves.toContain(
      "failures 3 of 3",
    );
    await page.close();
  });
});

auditRenderedViews(() => browser, {
  templates: [
    "templates/freelancers/actor/actor-sheet.hbs",
    "templates/freelancers/chat/attack-card.hbs",
    "templates/freelancers/dialog/attack-dialog.hbs",
    "templates/freelancers/chat/upkeep-card.hbs",
  ],
});
