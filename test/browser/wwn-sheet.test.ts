/**
 * The WWN character sheet and a Shock attack card, rendered in Chromium with the real templates
 * and CSS from the contexts the shell builds. FRAY_UPDATE_DOCS=1 writes the README screenshots
 * (docs/wwn-sheet.png, docs/wwn-shock-card.png).
 */
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { launchChromium, renderInPage } from "./harness.ts";
import { auditRenderedViews } from "./views.ts";
import type * as SheetModule from "../../src/foundry/rulesets/wwn/sheets/actor-sheet.ts";
import type * as CardModule from "../../src/foundry/rulesets/wwn/cards/attack-card.ts";
import type * as Rules from "../../src/rules/wwn/index.ts";

const svg = (body: string) =>
  "data:image/svg+xml," +
  encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">${body}</svg>`);
const PORTRAIT = svg(
  '<rect width="10" height="10" fill="#5a4a3a"/><circle cx="5" cy="4" r="2.2" fill="#e0c8a0"/><rect x="2" y="7" width="6" height="3" rx="1.5" fill="#3a5a3a"/>',
);
const ICON = svg(
  '<rect width="10" height="10" rx="2" fill="#667"/><circle cx="5" cy="5" r="2.5" fill="#ccd"/>',
);

const OUTPUT = resolve(REPO_ROOT, "test/browser/__output__");
const UPDATE_DOCS = process.env["FRAY_UPDATE_DOCS"] === "1";

let fake: FakeFoundry;
let browser: Browser;
let sheets: typeof SheetModule;
let cards: typeof CardModule;
let rules: typeof Rules;

beforeAll(async () => {
  fake = installFakeFoundry({ settings: { "fray.ruleset": "wwn" } });
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  sheets = await import("../../src/foundry/rulesets/wwn/sheets/actor-sheet.ts");
  cards = await import("../../src/foundry/rulesets/wwn/cards/attack-card.ts");
  rules = await import("../../src/rules/wwn/index.ts");
  browser = await launchChromium();
  mkdirSync(OUTPUT, { recursive: true });
});

afterAll(async () => {
  await (browser as Browser | undefined)?.close();
});

describe("the WWN character sheet, rendered in Chromium", () => {
  let page: Page;

  beforeAll(async () => {
    const Actor = fake.CONFIG["Actor"]?.documentClass;
    const actor = (await Actor?.create({
      name: "Kara of the Marches",
      type: "character",
      img: PORTRAIT,
      system: {
        health: { value: 7, max: 10 },
        attackBonus: 1,
        attributes: { str: 14, dex: 15, con: 12, int: 9, wis: 11, cha: 7 },
        skills: { stab: 1, shoot: 0, notice: 1, exert: 0 },
        saves: { physical: 14, evasion: 13, mental: 15 },
        // Where older worlds kept the round: it still loads, the sheet reads the referee's ledger.
        actions: { mainUsed: false, movesUsed: 2 },
        biography: "<p>Caravan guard turned sellsword.</p>",
      },
      items: [
        {
          name: "Spear",
          type: "weapon",
          img: ICON,
          system: {
            damage: "1d6",
            attributes: { str: true, dex: true },
            shock: { enabled: true, damage: 2, ac: 13 },
            throwable: true,
          },
        },
        {
          name: "Shortbow",
          type: "weapon",
          img: ICON,
          system: {
            damage: "1d6",
            skill: "shoot",
            attributes: { str: false, dex: true },
            mode: "ranged",
            twoHanded: true,
            reload: "bow",
            loaded: false,
            readied: false,
          },
        },
        { name: "Buff coat", type: "armor", img: ICON, system: { kind: "armor", ac: 13 } },
        {
          name: "Small shield",
          type: "armor",
          img: ICON,
          system: { kind: "shield", ac: 13, bonus: 1 },
        },
      ],
    })) as unknown as Actor.Implementation;
    // Kara fights in a started combat, and the referee recorded her Main Action spent.
    const Combat = fake.CONFIG["Combat"]?.documentClass;
    const combat = (await Combat?.create({})) as unknown as Combat.Implementation;
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: actor.id }] as never);
    const { whenIdle } = await import("../../src/foundry/combat/actions.ts");
    await whenIdle();
    await combat.startCombat();
    await whenIdle();
    const { ledgerChanges } = await import("../../src/foundry/combat/ledger.ts");
    const combatantId = combat.combatants.contents[0]?.id ?? "";
    await combat.update(ledgerChanges([{ combatantId, key: "wwn_mainUsed", value: true }]));
    page = await renderInPage(browser, {
      template: "templates/wwn/actor/actor-sheet.hbs",
      context: await sheets.wwnActorSheetContext(actor, true),
      classes: ["fray", "actor-sheet", "wwn"],
      title: "Kara of the Marches",
      width: 720,
      height: 780,
    });
    await page.screenshot({ path: resolve(OUTPUT, "wwn-sheet.png") });
    if (UPDATE_DOCS) await page.screenshot({ path: resolve(REPO_ROOT, "docs/wwn-sheet.png") });
  });

  afterAll(async () => page.close());

  it("shows AC 15: buff coat 13, shield +1, Dex +1", async () => {
    await expect(page.locator(".wwn-ac .wwn-stat-value").innerText()).resolves.toBe("15");
  });

  it("lists the spear at +3 to hit with its Shock, and the stowed bow dimmed", async () => {
    const spear = page.locator(".wwn-weapon").first();
    await expect(spear.locator(".wwn-num").allInnerTexts()).resolves.toEqual([
      "+3",
      "1d6+1",
      "Shock 3/AC 13",
    ]);
    const bow = page.locator(".wwn-weapon.stowed");
    await expect(bow.count()).resolves.toBe(1);
    expect(await bow.evaluate((el) => getComputedStyle(el).opacity)).toBe("0.6");
  });

  it("shows the Main Action spent and one Move action left", async () => {
    await expect(page.locator(".wwn-round .fray-chip.off").innerText()).resolves.toBe("Main");
    await expect(page.locator(".wwn-round .fray-chip.on").first().innerText()).resolves.toBe(
      "Move × 1",
    );
  });

  it("offers the round's maneuvers as buttons with their English labels", async () => {
    await expect(
      page.locator(".wwn-round-actions button:visible").allInnerTexts(),
    ).resolves.toEqual([
      "Total Defense",
      "Fighting Withdrawal",
      "Run",
      "Go prone",
      "Hold action",
      "Delay",
      // The sheet is rendered for the GM: the GM's call that a caster was jostled.
      "Jostled",
    ]);
  });

  it("offers Reload on the unloaded bow's row only", async () => {
    const reload = page.locator(".wwn-weapon button.wwn-reload");
    await expect(reload.count()).resolves.toBe(1);
    await expect(reload.isVisible()).resolves.toBe(true);
    await expect(reload.innerText()).resolves.toBe("Reload");
    await expect(
      page.locator(".wwn-weapon:has(button.wwn-reload) .fray-link").innerText(),
    ).resolves.toBe("Shortbow");
  });

  it("lets each weapon row be dragged to the hotbar as its item (core's .draggable rows)", async () => {
    const count = await page.locator(".wwn-weapon").count();
    expect(count).toBeGreaterThan(0);
    await expect(page.locator(".wwn-weapon.draggable[data-item-id]").count()).resolves.toBe(count);
  });
});

describe("a Shock card, rendered in Chromium", () => {
  it("shows the miss, the Shock dealt, and the Apply button", async () => {
    const attacker = rules.makeWwnCombatant({
      id: "kara",
      name: "Kara",
      isPC: true,
      attackBonus: 1,
      attributes: { str: 1 },
      skills: { stab: 1 },
    });
    const defender = rules.makeWwnCombatant({ id: "bandit", name: "Bandit", ac: 12, hp: 8 });
    const weapon = rules.makeWwnWeapon({
      id: "spear",
      name: "Spear",
      shock: { damage: 2, ac: 13 },
    });
    const input = { attacker, defender, weapon };
    const checked = rules.checkWwnAttackInput(input);
    if (!checked.ok) throw new Error(checked.reason);
    const resolved = rules.resolveAttack(checked.value, { roll: () => 5 });
    if (!resolved.ok) throw new Error(resolved.reason);
    const outcome = {
      ok: true,
      value: { ...resolved.value, updates: rules.attackUpdates(input, resolved.value) },
    };
    const state = {
      stage: "resolved" as const,
      attackerId: "kara",
      defenderId: "bandit",
      attackerName: "Kara",
      defenderName: "Bandit",
      weaponName: "Spear",
      attacker,
      weapon,
      situation: {},
      turn: { ownTurn: true },
      dice: [{ sides: 20, value: 5 }],
      result: cards.wwnResultView(outcome.value, defender),
    };
    const i18n = {
      localize: (key: string) => fake.i18n.localize(key),
      format: (key: string, data: Record<string, string | number>) =>
        fake.i18n.format(
          key,
          Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)])),
        ),
    };
    const page = await renderInPage(browser, {
      template: "templates/wwn/chat/attack-card.hbs",
      context: cards.wwnAttackCardContext(state, i18n),
      classes: ["fray", "chat-card"],
      title: "Chat",
      width: 320,
      height: 250,
    });
    await page.screenshot({ path: resolve(OUTPUT, "wwn-shock-card.png") });
    if (UPDATE_DOCS) await page.screenshot({ path: resolve(REPO_ROOT, "docs/wwn-shock-card.png") });
    await expect(page.locator(".fray-wwn-outcome").innerText()).resolves.toBe("Miss");
    await expect(page.locator(".fray-wwn-shock .fray-wwn-total").innerText()).resolves.toBe("3");
    await expect(page.locator(".fray-wwn-dealt").innerText()).resolves.toContain("3");
    await expect(page.locator('button[data-fray-step="apply"]').count()).resolves.toBe(1);
    await page.close();
  });
});

describe("a Shove card, rendered in Chromium", () => {
  it("shows the hit, both opposed checks with the winner marked, and the result", async () => {
    const maneuvers = await import("../../src/foundry/rulesets/wwn/table/maneuver-card.ts");
    /** The card of Kara's shove on a bandit of this name. */
    const cardOn = (target: string): Parameters<typeof maneuvers.wwnManeuverCardContext>[0] => ({
      kind: "shove",
      actorName: "Kara",
      targetName: target,
      weaponName: "Fists",
      hit: { natural: 17, total: 19, ac: 13, hit: true },
      checks: [
        { name: "Kara", faces: "5 + 4", total: 11, won: true },
        { name: target, faces: "3 + 2", total: 4, won: false },
      ],
      result: "FRAY.Wwn.Maneuver.Result.shove.prone",
      resultData: { actor: "Kara", target },
    });
    const render = (target: string) =>
      renderInPage(browser, {
        template: "templates/wwn/chat/maneuver-card.hbs",
        context: maneuvers.wwnManeuverCardContext(cardOn(target)),
        classes: ["fray", "chat-card"],
        title: "Chat",
        width: 320,
        height: 230,
      });
    // The README's picture shows a table's names; the test's markup-laden name stays in the test.
    const clean = await render("Bandit chief");
    await clean.screenshot({ path: resolve(OUTPUT, "wwn-maneuver-card.png") });
    if (UPDATE_DOCS) {
      await clean.screenshot({ path: resolve(REPO_ROOT, "docs/wwn-maneuver-card.png") });
    }
    await clean.close();
    const page = await render("Bandit <i>chief</i>");
    await expect(page.locator(".fray-card-what").innerText()).resolves.toBe("Shove · Fists");
    await expect(page.locator(".fray-wwn-outcome").innerText()).resolves.toBe("Hit");
    await expect(page.locator(".fray-wwn-check.won .fray-wwn-who").innerText()).resolves.toBe(
      "Kara",
    );
    await expect(page.locator(".fray-card-result").innerText()).resolves.toBe(
      "Kara knocks Bandit <i>chief</i> prone.",
    );
    await expect(page.locator(".fray-wwn-card i").count()).resolves.toBe(0);
    await page.close();
  });
});

describe("an Execution Attack card waiting for the GM, rendered in Chromium", () => {
  it("says what the GM confirms and offers Confirm and Call off", async () => {
    const maneuvers = await import("../../src/foundry/rulesets/wwn/table/maneuver-card.ts");
    const page = await renderInPage(browser, {
      template: "templates/wwn/chat/maneuver-card.hbs",
      context: maneuvers.wwnManeuverCardContext({
        kind: "execution",
        actorName: "Kara",
        targetName: "Bandit <i>chief</i>",
        weaponName: "Axe",
        hit: null,
        checks: [],
        result: "FRAY.Wwn.Maneuver.Execution.Pending",
        resultData: { actor: "Kara", target: "Bandit <i>chief</i>" },
        pending: true,
      }),
      classes: ["fray", "chat-card"],
      title: "Chat",
      width: 320,
      height: 230,
    });
    await page.screenshot({ path: resolve(OUTPUT, "wwn-execution-card.png") });
    await expect(page.locator(".fray-card-result").innerText()).resolves.toContain(
      "The GM confirms the minute of preparation and that Bandit <i>chief</i> is unaware",
    );
    await expect(page.locator("button[data-fray-step]").allInnerTexts()).resolves.toEqual([
      "Prepared and unaware: strike",
      "Not so: call it off",
    ]);
    await expect(page.locator(".fray-wwn-card i").count()).resolves.toBe(0);
    await page.close();
  });
});

describe("the WWN sheet in a 400 px window, with long weapon names", () => {
  it("keeps each weapon's name a readable phrase beside its numbers and buttons", async () => {
    const Actor = fake.CONFIG["Actor"]?.documentClass;
    const actor = (await Actor?.create({
      name: "Orla Venn, Sergeant of the Ninth",
      type: "character",
      img: PORTRAIT,
      system: { health: { value: 11, max: 11 }, attackBonus: 2 },
      items: [
        {
          name: "Lochaber axe of the Ninth Marcher Company",
          type: "weapon",
          img: ICON,
          system: { damage: "1d10", attributes: { str: true, dex: false }, twoHanded: true },
        },
        {
          name: "Heavy crossbow with a goat's-foot lever",
          type: "weapon",
          img: ICON,
          system: {
            damage: "1d10",
            skill: "shoot",
            attributes: { str: false, dex: true },
            mode: "ranged",
            twoHanded: true,
            reload: "slow",
          },
        },
      ],
    })) as unknown as Actor.Implementation;
    const page = await renderInPage(browser, {
      template: "templates/wwn/actor/actor-sheet.hbs",
      context: await sheets.wwnActorSheetContext(actor, true),
      classes: ["fray", "actor-sheet", "wwn"],
      title: "Orla Venn, Sergeant of the Ninth",
      width: 400,
      height: 900,
    });
    await page.locator(".wwn-weapons").scrollIntoViewIfNeeded();
    await page.screenshot({ path: resolve(OUTPUT, "wwn-sheet-long-names.png"), fullPage: true });
    // Lines each name takes (its text's line boxes): a phrase, not a word per line.
    const lines = await page.locator(".wwn-weapon .fray-link").evaluateAll((names) =>
      names.map((name) => {
        const range = document.createRange();
        range.selectNodeContents(name);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      }),
    );
    expect(lines).toHaveLength(2);
    for (const count of lines) expect(count).toBeLessThanOrEqual(3);
    await page.close();
  });
});

auditRenderedViews(() => browser, {
  templates: [
    "templates/wwn/actor/actor-sheet.hbs",
    "templates/wwn/chat/attack-card.hbs",
    "templates/wwn/chat/maneuver-card.hbs",
  ],
});
