/**
 * The dice-pool character sheet and attack card, rendered in Chromium with the real templates and
 * CSS from the contexts the shell builds. FRAY_UPDATE_DOCS=1 writes the README screenshots
 * (docs/dicepool-sheet.png, docs/dicepool-defend-card.png, docs/dicepool-attack-card.png).
 */
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { launchChromium, renderInPage } from "./harness.ts";
import { auditRenderedViews } from "./views.ts";
import type * as SheetModule from "../../src/foundry/rulesets/dicepool/sheets/actor-sheet.ts";
import type * as CardModule from "../../src/foundry/rulesets/dicepool/cards/attack-card.ts";
import type * as Rules from "../../src/rules/dicepool/index.ts";
import { fixedDice } from "../../src/rules/core/dice.ts";
import { makeDicepoolWeapon } from "../../src/rules/dicepool/factory.ts";

const svg = (body: string) =>
  "data:image/svg+xml," +
  encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">${body}</svg>`);
const PORTRAIT = svg(
  '<rect width="10" height="10" fill="#3a4a5a"/><circle cx="5" cy="4" r="2.2" fill="#e0c8a0"/><rect x="2" y="7" width="6" height="3" rx="1.5" fill="#5a3a3a"/>',
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
  fake = installFakeFoundry({ settings: { "fray.ruleset": "dicepool" } });
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  sheets = await import("../../src/foundry/rulesets/dicepool/sheets/actor-sheet.ts");
  cards = await import("../../src/foundry/rulesets/dicepool/cards/attack-card.ts");
  rules = await import("../../src/rules/dicepool/index.ts");
  browser = await launchChromium();
  mkdirSync(OUTPUT, { recursive: true });
});

afterAll(async () => {
  await (browser as Browser | undefined)?.close();
});

async function shot(page: Page, name: string) {
  await page.screenshot({ path: resolve(OUTPUT, `${name}.png`) });
  if (UPDATE_DOCS) await page.screenshot({ path: resolve(REPO_ROOT, `docs/${name}.png`) });
}

describe("the dice-pool character sheet, rendered in Chromium", () => {
  let page: Page;

  beforeAll(async () => {
    const Actor = fake.CONFIG["Actor"]?.documentClass;
    const actor = (await Actor?.create({
      name: "Ana Reyes",
      type: "character",
      img: PORTRAIT,
      system: {
        attributes: { physical: 4, mental: 2 },
        skills: { awareness: 2, closeCombat: 3, mobility: 2, rangedCombat: 1 },
        size: 1,
        health: { damage: 3 },
        woundPenalty: 1,
        energy: { value: 3, max: 5 },
        powers: { blitz: true, multiGrapple: 1 },
        biography: "<p>Courier who never lost a package.</p>",
      },
      items: [
        {
          name: "Baton",
          type: "weapon",
          img: ICON,
          system: { kind: "close", mods: { nonLethal: true } },
        },
        { name: "Pistol", type: "weapon", img: ICON, system: { kind: "ranged" } },
        { name: "Vest", type: "armor", img: ICON, system: { rating: 2 } },
      ],
    })) as unknown as Actor.Implementation;
    // Ana holds Brute in a grapple of a running combat: the referee's record in its ledger.
    const brute = (await Actor?.create({
      name: "Brute",
      type: "npc",
    })) as unknown as Actor.Implementation;
    const Combat = fake.CONFIG["Combat"]?.documentClass;
    const combat = (await Combat?.create({})) as unknown as Combat.Implementation;
    const [member] = (await combat.createEmbeddedDocuments("Combatant", [
      { actorId: actor.id },
      { actorId: brute.id },
    ])) as unknown as Combatant.Implementation[];
    const { whenIdle } = await import("../../src/foundry/combat/actions.ts");
    await combat.startCombat();
    await whenIdle();
    const { ledgerChanges } = await import("../../src/foundry/combat/ledger.ts");
    const held = [{ victimId: brute.id, victimName: "Brute", pool: 3, resistOffered: false }];
    await combat.update(
      ledgerChanges([{ combatantId: member?.id ?? "", key: "grapples", value: held }]),
    );
    page = await renderInPage(browser, {
      template: "templates/dicepool/actor-sheet.hbs",
      context: await sheets.dicepoolActorSheetContext(actor, true),
      classes: ["fray", "actor-sheet", "dicepool"],
      title: "Ana Reyes",
      width: 680,
      height: 1000,
    });
    await shot(page, "dicepool-sheet");
  });

  afterAll(async () => page.close());

  it("shows health 4 + 1 + 3 = 8 with 3 damage taken: 5 left", async () => {
    await expect(page.locator(".dp-health-left").innerText()).resolves.toBe("5 / 8");
  });

  it("lists each weapon's attack pool, less the wound penalty", async () => {
    // Baton: Physical 4 + Close Combat 3 − 1; Pistol: 4 + 1 − 1; bare hands as the baton.
    await expect(page.locator(".dp-pool").allInnerTexts()).resolves.toEqual(["6d6", "6d6", "4d6"]);
    await expect(page.locator("button[data-action='attack']").count()).resolves.toBe(2);
  });

  it("shows the grapple held with its Spend and Restrain buttons, moving, Stabilize, cover, Defend Other, Surrender and the powers", async () => {
    await expect(page.locator(".dp-grapple [data-grapple]").innerText()).resolves.toBe("3");
    await expect(page.locator(".dp-turn-left").innerText()).resolves.toBe(
      "Left this turn: 2 Simple, 1 Free",
    );
    const acts = await page
      .locator("button[data-action='act']")
      .evaluateAll((buttons) => buttons.map((b) => (b as HTMLElement).dataset["act"]));
    expect(acts).toEqual([
      "spendGrapple",
      "restrain",
      "move",
      "stabilize",
      "takeCover",
      "defendOther",
      "surrender",
      "issueCommand",
      "quickCommunication",
      "socialAction",
      "complexAction",
      "fall",
      "rest",
    ]);
    // The words said go in a box of the card's line length; the GM's rest is weeks or 10 minutes.
    await expect(
      page.locator(".dp-words input[data-act-choice]").getAttribute("maxlength"),
    ).resolves.toBe("64");
    await expect(
      page
        .locator(".dp-rest select[data-act-choice] option")
        .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value)),
    ).resolves.toEqual(["weeks", "tenMinutes"]);
    // The cover to take: the book's three kinds.
    await expect(
      page.locator(".dp-conduct select[data-act-choice] option").allInnerTexts(),
    ).resolves.toEqual(["Light cover", "Medium cover", "Full cover"]);
    await expect(page.locator(".dp-power").count()).resolves.toBe(10);
    await expect(page.locator("input[name='system.powers.blitz']").isChecked()).resolves.toBe(true);
  });

  it("lets each weapon row be dragged to the hotbar as its item (core's .draggable rows)", async () => {
    const rows = page.locator("li.item:has(button[data-action='attack'])");
    const count = await rows.count();
    expect(count).toBeGreaterThan(0);
    await expect(
      page.locator("li.item.draggable:has(button[data-action='attack'])[data-item-id]").count(),
    ).resolves.toBe(count);
  });
});

describe("the dice-pool attack card, rendered in Chromium", () => {
  const i18n = () => ({
    localize: (key: string) => fake.i18n.localize(key),
    format: (key: string, data: Record<string, string>) => fake.i18n.format(key, data),
    has: (key: string) => fake.i18n.has(key),
  });
  const attacker = () =>
    rules.makeDicepoolCombatant({ id: "ana", physical: 4, skills: { closeCombat: 3 } });
  const defender = () =>
    rules.makeDicepoolCombatant({
      id: "brute",
      physical: 2,
      skills: { mobility: 1, closeCombat: 2 },
      armorRating: 3,
    });
  const weapon = makeDicepoolWeapon({ id: "baton" });

  function declared(): CardModule.DicepoolAttackCardState {
    const input = { attacker: attacker(), defender: defender(), weapon, intent: "damage" as const };
    return {
      stage: "defend",
      attackerId: "ana",
      defenderId: "brute",
      attackerName: "Ana",
      defenderName: "Brute",
      weaponName: "Baton",
      declaredBy: "",
      attacker: input.attacker,
      weapon,
      intent: "damage",
      situation: {},
      distanceBy: "measured",
      disarmWeaponId: null,
      attackPool: { dice: 7, faces: [6, 5, 4, 4, 2, 1, 3], hits: 4, mode: "rolled" },
      choices: cards.defenseChoices(input, 4, rules.DEFAULT_DICEPOOL_OPTIONS),
      dice: [6, 5, 4, 4, 2, 1, 3].map((value) => ({ sides: 6, value })),
      result: null,
    };
  }

  it("asks the defender to choose, with each defense's pool and the chance it still hits", async () => {
    const page = await renderInPage(browser, {
      template: "templates/dicepool/attack-card.hbs",
      context: cards.dicepoolAttackCardContext(declared(), i18n()),
      classes: ["fray", "chat-card"],
      title: "Chat",
      width: 340,
      height: 260,
    });
    await shot(page, "dicepool-defend-card");
    const buttons = page.locator("button[data-fray-step='defend']");
    await expect(buttons.count()).resolves.toBe(3);
    await expect(buttons.first().innerText()).resolves.toMatch(
      /^Dodge 3 dice · hit chance \d+\.\d%$/,
    );
    await page.close();
  });

  it("waits for the GM's distance and cover when the GM's canvas could not measure one", async () => {
    const card: CardModule.DicepoolAttackCardState = {
      ...declared(),
      stage: "confirm",
      situation: { distance: 2, cover: "light" },
      distanceBy: "stated",
      attackPool: null,
      choices: [],
      dice: [],
    };
    const page = await renderInPage(browser, {
      template: "templates/dicepool/attack-card.hbs",
      context: cards.dicepoolAttackCardContext(card, i18n()),
      classes: ["fray", "chat-card"],
      title: "Chat",
      width: 340,
      height: 220,
    });
    await expect(page.locator(".fray-dp-where").innerText()).resolves.toBe(
      "2 spaces (stated by the attacker) · cover: Light cover",
    );
    await expect(page.locator(".fray-dp-attack").count()).resolves.toBe(0);
    await expect(page.locator("input[data-dp-distance]").inputValue()).resolves.toBe("2");
    await expect(page.locator("select[data-dp-cover]").inputValue()).resolves.toBe("light");
    const steps = await page
      .locator("[data-fray-step-row] button[data-fray-step]")
      .evaluateAll((buttons) => buttons.map((b) => (b as HTMLElement).dataset["frayStep"]));
    expect(steps).toEqual(["confirm", "cancel"]);
    await page.close();
  });

  it("shows the Dodge rolled, 2 net hits, 2 damage, the wound roll and Apply", async () => {
    const card = declared();
    const input = rules.checkAttackInput({
      attacker: card.attacker,
      defender: defender(),
      weapon,
      intent: "damage" as const,
      defense: "dodge" as const,
    });
    if (!input.ok) throw new Error(input.reason);
    // Attack 6 5 4 4 2 1 3 (4 hits), Dodge 4 5 1 (2 hits), wound dice 6 2 (1 hit).
    const outcome = rules.resolveAttack(
      input.value,
      fixedDice([6, 5, 4, 4, 2, 1, 3, 4, 5, 1, 6, 2]),
    );
    if (!outcome.ok) throw new Error(outcome.reason);
    const result = cards.resultView(
      outcome.value,
      "dodge",
      defender(),
      outcome.value.defender,
      cards.NO_GRAPPLE,
      rules.DEFAULT_DICEPOOL_OPTIONS,
    );
    const page = await renderInPage(browser, {
      template: "templates/dicepool/attack-card.hbs",
      context: cards.dicepoolAttackCardContext({ ...card, stage: "resolved", result }, i18n()),
      classes: ["fray", "chat-card"],
      title: "Chat",
      width: 340,
      height: 300,
    });
    await shot(page, "dicepool-attack-card");
    await expect(page.locator(".fray-dp-net").innerText()).resolves.toBe("Net hits 2");
    await expect(page.locator(".fray-dp-damage").innerText()).resolves.toBe("Damage 2");
    await expect(page.locator(".fray-dp-wound .fray-dp-hits").innerText()).resolves.toBe(
      "penalty + 1",
    );
    await expect(page.locator(".fray-dp-health").innerText()).resolves.toContain("6 → 4 / 6");
    await expect(page.locator("button[data-fray-step='apply']").count()).resolves.toBe(1);
    await page.close();
  });

  /** The card rendered in a chat-sized page. */
  const cardPage = (card: CardModule.DicepoolAttackCardState) =>
    renderInPage(browser, {
      template: "templates/dicepool/attack-card.hbs",
      context: cards.dicepoolAttackCardContext(card, i18n()),
      classes: ["fray", "chat-card"],
      title: "Chat",
      width: 340,
      height: 260,
    });

  it("offers the grapple's victim Resist with an Energy box once applied, and shows what it spent", async () => {
    const card: CardModule.DicepoolAttackCardState = {
      ...declared(),
      intent: "grapple",
      stage: "applied",
      choices: [],
      resist: { energy: null, pool: null },
    };
    const open = await cardPage(card);
    await expect(open.locator(".fray-dp-resist .fray-dp-label").innerText()).resolves.toContain(
      "Brute is held down by the grapple",
    );
    await expect(
      open.locator(".fray-dp-resist[data-fray-step-row] input[data-dp-resist]").inputValue(),
    ).resolves.toBe("0");
    await expect(open.locator("button[data-fray-step='resist']").count()).resolves.toBe(1);
    await open.close();
    const done = await cardPage({ ...card, resist: { energy: 2, pool: 4 } });
    await expect(done.locator(".fray-dp-resist").innerText()).resolves.toBe(
      "Brute spent 2 Energy against the grapple (pool 4).",
    );
    await expect(done.locator("button[data-fray-step='resist']").count()).resolves.toBe(0);
    await done.close();
  });
});

auditRenderedViews(() => browser, {
  templates: ["templates/dicepool/actor-sheet.hbs", "templates/dicepool/attack-card.hbs"],
});
