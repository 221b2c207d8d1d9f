/**
 * The Worldlines attack as a person sees it, in Chromium with the real templates and CSS: the
 * attack dialog with the engine's exact odds, and the chat card of an attack that hit through
 * armor and left the target Bleeding. Both contexts come from the shell's own builders, the card's
 * from a workflow run in the fake Foundry with fixed dice.
 */
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GM, PLAYER, REPO_ROOT, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import type { FakeUser } from "../fake-foundry/world.ts";
import { installTableFakes } from "../fake-foundry/table.ts";
import type { ClientDocument } from "../fake-foundry/documents.ts";
import { launchChromium, lowestContrast, renderInPage } from "./harness.ts";
import { auditRenderedViews } from "./views.ts";
import type { Theme } from "./harness.ts";
import { attackOdds } from "../../src/rules/worldlines/index.ts";
import type { AttackSituation } from "../../src/rules/worldlines/index.ts";
import type * as Env from "../../src/foundry/shared/env.ts";
import type * as Data from "../../src/foundry/rulesets/worldlines/data.ts";
import type * as Adapter from "../../src/foundry/rulesets/worldlines/adapter.ts";
import type * as Dialog from "../../src/foundry/rulesets/worldlines/attack/dialog.ts";
import type * as Referee from "../../src/foundry/rulesets/worldlines/attack/referee.ts";
import type * as Protocol from "../../src/foundry/cards/protocol.ts";
import type * as AttackCard from "../../src/foundry/rulesets/worldlines/cards/attack-card.ts";
import type * as Buttons from "../../src/foundry/rulesets/worldlines/cards/recover.ts";
import type * as Actors from "../../src/foundry/shared/actors.ts";
import { boardOf } from "../fake-foundry/tokens.ts";
import { worldlinesActions } from "../shell/worldlines.support.ts";
import type { WorldlinesActions } from "../shell/worldlines.support.ts";

const OUTPUT = resolve(REPO_ROOT, "test/browser/__output__");
/** Set FRAY_UPDATE_DOCS=1 to refresh the README screenshots under docs/. */
const UPDATE_DOCS = process.env["FRAY_UPDATE_DOCS"] === "1";

/** A player who owns neither side of the attack and did not make it. */
const OTHER: FakeUser = { id: "pl0000000000000c", name: "Other", isGM: false, active: true };

let fake: FakeFoundry;
let table: ReturnType<typeof installTableFakes>;
let browser: Browser;
let shell: {
  actions: WorldlinesActions;
  adapter: typeof Adapter;
  data: typeof Data;
  env: typeof Env;
  dialog: typeof Dialog;
  referee: typeof Referee;
  protocol: typeof Protocol;
  card: typeof AttackCard;
  buttons: typeof Buttons;
  actors: typeof Actors;
};

/** The dice still to come, as [faces, value]; a roll the test did not plan fails it. */
let queue: [number, number][] = [];

beforeAll(async () => {
  fake = installFakeFoundry({
    // The player has a name as at a table, for the README's card ("claimed by Kim").
    users: [GM, { ...PLAYER, name: "Kim" }, OTHER],
    random: () => {
      const next = queue.shift();
      if (next === undefined) throw new Error("the test gave no die for this roll");
      return (next[1] - 0.5) / next[0];
    },
  });
  table = installTableFakes(fake);
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  shell = {
    actions: await worldlinesActions(),
    adapter: await import("../../src/foundry/rulesets/worldlines/adapter.ts"),
    data: await import("../../src/foundry/rulesets/worldlines/data.ts"),
    env: await import("../../src/foundry/shared/env.ts"),
    dialog: await import("../../src/foundry/rulesets/worldlines/attack/dialog.ts"),
    referee: await import("../../src/foundry/rulesets/worldlines/attack/referee.ts"),
    protocol: await import("../../src/foundry/cards/protocol.ts"),
    card: await import("../../src/foundry/rulesets/worldlines/cards/attack-card.ts"),
    buttons: await import("../../src/foundry/rulesets/worldlines/cards/recover.ts"),
    actors: await import("../../src/foundry/shared/actors.ts"),
  };
  browser = await launchChromium();
  mkdirSync(OUTPUT, { recursive: true });
});

afterAll(async () => {
  // Undefined only when the launch failed, which beforeAll has already reported.
  await (browser as Browser | undefined)?.close();
});

type Doc = ClientDocument & { items: { contents: ClientDocument[] } };

async function createActor(source: Record<string, unknown>): Promise<Actor.Implementation> {
  const Actor = fake.CONFIG["Actor"]?.documentClass;
  // The GM makes the world's actors (players lack core's ACTOR_CREATE permission).
  const actor = await fake.as(GM.id, () => Actor?.create(source));
  if (!actor) throw new Error("actor not created");
  return actor as unknown as Actor.Implementation;
}

function itemOf(actor: Actor.Implementation, type: string): Item.Implementation {
  const item = (actor as unknown as Doc).items.contents.find((i) => i.type === type);
  if (!item) throw new Error(`${actor.name} has no ${type}`);
  return item as unknown as Item.Implementation;
}

/** Maya, the player's character: d8 Combat (crits on an 8), Firearms 2, a tuned pistol. */
function maya(weaponName = "Service pistol") {
  return createActor({
    name: "Maya Okafor",
    type: "character",
    ownership: { [PLAYER.id]: 3 },
    system: {
      health: { value: 20, max: 20 },
      energy: { value: 6, max: 6 },
      traits: { combat: 8, spirit: 6, mind: 6 },
      skills: { firearms: 2 },
    },
    items: [
      {
        name: weaponName,
        type: "weapon",
        system: {
          damage: "1d6+1",
          skill: "firearms",
          kind: "ranged",
          accuracy: { quality: 1, attachments: 0 },
        },
      },
    ],
  });
}

/** Vex, a GM-run elite: d6 Combat and Evasion 1, Spirit d6, fatigues (legs d4, torso d6). */
function vex(name = "Vex") {
  return createActor({
    name,
    type: "npc",
    system: {
      health: { value: 20, max: 20 },
      energy: { value: 4, max: 6 },
      traits: { combat: 6, spirit: 6, mind: 6 },
      skills: { evasion: 1 },
      rank: "elite",
    },
    items: [
      {
        name: "Combat fatigues",
        type: "armor",
        system: { zones: { torso: 6, legs: 4 }, equipped: true },
      },
    ],
  });
}

/**
 * The scene the GM measures: Maya 45 feet (nine spaces) from Vex, and two of Maya's allies
 * engaging Vex from opposite sides, so Vex is flanked.
 */
async function stage(m: Actor.Implementation, v: Actor.Implementation) {
  const board = boardOf(fake);
  board.place(m, { col: 0, row: 0 }, { disposition: 1 });
  board.place(v, { col: 9, row: 0 }, { disposition: -1 });
  for (const [row, name] of [
    [-1, "Ash Varga"],
    [1, "Bram Okafor"],
  ] as const) {
    const ally = await createActor({ name, type: "npc" });
    board.place(ally, { col: 9, row }, { disposition: 1 });
  }
}

/** 45 feet away, flanked, half behind a crate, aimed at the legs. */
const DISTANCE = 45;
const SITUATION: AttackSituation = {
  zone: "legs",
  cover: "half",
  range: "medium",
  flanked: true,
  poorVisibility: false,
  nonLethal: false,
};

/** Tall enough for the whole card after the damage roll, down to its Apply button. */
const CARD_HEIGHT = 640;

async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: resolve(OUTPUT, name) });
  if (UPDATE_DOCS) await page.screenshot({ path: resolve(REPO_ROOT, "docs", name) });
}

type Prune = typeof Buttons.pruneCardButtons;

/** Shows the card as `user`'s client would: buttons they may not press are removed. */
async function showCardAs(
  message: ChatMessage.Implementation,
  user: FakeUser,
  height = 350,
  theme: Theme = "light",
): Promise<Page> {
  const state = shell.card.attackCardOf(message);
  if (state === null) throw new Error("not an attack card");
  const page = await renderInPage(browser, {
    template: "templates/worldlines/chat/attack-card.hbs",
    context: shell.card.attackCardContext(state, shell.env.i18n()),
    classes: ["fray", "chat-message"],
    title: "Chat",
    width: 320,
    height,
    theme,
  });
  const viewer = fake.users.get(user.id);
  if (!viewer) throw new Error("no such user");
  // What the card protocol leaves this user (each step they may press now), and Recover.
  const asUser = viewer as unknown as User.Implementation;
  const shown: Record<string, boolean> = {
    recover: shell.buttons.canRecover(shell.actors.resolveActor(state.defenderId), asUser),
  };
  for (const [name, step] of Object.entries(shell.referee.attackCard.steps)) {
    shown[name] = step.mayPress(state, asUser) && (step.closed?.(state) ?? null) === null;
  }
  // The shell's own pruning function (self-contained by design), loaded into the page and run
  // on the card there.
  await page.addScriptTag({
    content: `window.frayPruneCardButtons = ${shell.buttons.pruneCardButtons.toString()};`,
  });
  await page.evaluate((shown) => {
    const prune = (window as unknown as { frayPruneCardButtons: Prune }).frayPruneCardButtons;
    const root = document.querySelector(".window-content");
    if (root !== null) prune(root, shown);
  }, shown);
  return page;
}

const percent = (text: string) => Number(text.replace("%", ""));

describe("the attack dialog, rendered in Chromium", () => {
  it("pre-fills the range band from the distance and shows the engine's exact odds", async () => {
    const m = await maya();
    const v = await vex();
    const pistol = itemOf(m, "weapon");
    const band = shell.adapter.bandForDistance(
      shell.adapter.bandReach(pistol, shell.data.DEFAULT_BAND_FEET),
      DISTANCE,
    );
    expect(band).toBe("medium");
    const attacker = shell.adapter.toCombatant(m);
    const defender = shell.adapter.toCombatant(v);
    const weapon = shell.adapter.toWeapon(pistol);
    const context = shell.dialog.attackDialogContext({
      attacker,
      defender,
      weapon,
      situation: SITUATION,
      distance: DISTANCE,
    });
    const page = await renderInPage(browser, {
      template: "templates/worldlines/dialog/attack-dialog.hbs",
      context,
      classes: ["fray", "fray-wl-attack-dialog"],
      title: fake.i18n.format("FRAY.Worldlines.Attack.Title", { weapon: weapon.name }),
      width: 440,
      height: 450,
    });
    await screenshot(page, "worldlines-attack-dialog.png");

    const who = await page.locator(".fray-dialog-who").innerText();
    expect(who).toContain("Maya Okafor");
    expect(who).toContain("Vex");
    expect(who).toContain("Service pistol · 1d6+1");
    const selected = (name: string) =>
      page.locator(`select[name=${name}]`).evaluate((s) => {
        const select = s as HTMLSelectElement;
        return select.options[select.selectedIndex]?.text ?? "";
      });
    await expect(selected("zone")).resolves.toBe("Legs");
    await expect(selected("cover")).resolves.toBe("Half cover");
    await expect(selected("range")).resolves.toBe("Medium");
    await expect(page.locator(".fray-dialog-hint").innerText()).resolves.toBe("45 ft between you");
    await expect(page.locator("input[name=flanked]").isChecked()).resolves.toBe(true);
    await expect(page.locator("input[name=poorVisibility]").isChecked()).resolves.toBe(false);
    // The pistol cannot strike to subdue: no non-lethal box.
    expect(await page.locator("input[name=nonLethal]").count()).toBe(0);

    const odds = attackOdds({ attacker, defender, weapon, situation: SITUATION }, { evade: true });
    if (!odds.ok) throw new Error(odds.reason);
    const hit = await page.locator("[data-odds=hit]").innerText();
    const crit = await page.locator("[data-odds=critical]").innerText();
    const damage = await page.locator("[data-odds=expectedDamage]").innerText();
    // Each number shown is the engine's, to the one decimal shown.
    expect(Math.abs(percent(hit) - odds.value.hit * 100)).toBeLessThanOrEqual(0.05);
    expect(Math.abs(percent(crit) - odds.value.critical * 100)).toBeLessThanOrEqual(0.05);
    expect(Math.abs(Number(damage) - odds.value.expectedDamage)).toBeLessThanOrEqual(0.05);
    // By hand: the modifiers add +1 (Firearms +2, pistol +1, legs −1, half cover −2, flanked +2,
    // medium −1); Vex evades when d6 + 1 ≥ d8 + 1, and a natural 8 cannot be evaded. Hits:
    // (0 + 1 + 2 + 3 + 4 + 5 + 6) / 6 + 1 = 4.5 faces of 8 = 56.25 %; criticals: 1 of 8.
    expect(hit).toBe("56.3%");
    expect(crit).toBe("12.5%");
    expect(Number(damage)).toBeGreaterThan(0);
    // No headshot line off the head; no refusal.
    await expect(page.locator("[data-odds=headshot]").isVisible()).resolves.toBe(false);
    // If Vex takes it instead, the engine's odds without an evasion.
    const taken = attackOdds(
      { attacker, defender, weapon, situation: SITUATION },
      { evade: false },
    );
    if (!taken.ok) throw new Error(taken.reason);
    const hitTaken = await page.locator("[data-odds=hitTaken]").innerText();
    expect(Math.abs(percent(hitTaken) - taken.value.hit * 100)).toBeLessThanOrEqual(0.05);
    await expect(page.locator("[data-odds=refused]").isVisible()).resolves.toBe(false);
    const text = await page.locator(".fray-wl-dialog").innerText();
    expect(text).toContain("Hit");
    expect(text).toContain("Critical");
    expect(text).toContain("Expected damage after armor");
    expect(text).not.toMatch(/FRAY\./);
  });
});

describe("an attack card after the damage roll, rendered in Chromium", () => {
  let message: ChatMessage.Implementation;
  let target: Actor.Implementation;

  beforeAll(async () => {
    const m = await maya();
    target = await vex();
    await stage(m, target);
    // The player attacks: d8 rolls 6, + 1 = 7.
    fake.setUser(PLAYER.id);
    table.target(target);
    queue = [[8, 6]];
    const posted = await shell.actions.attack(m, itemOf(m, "weapon"), SITUATION);
    if (posted === null) throw new Error(`refused: ${String(fake.notifications.at(-1)?.message)}`);
    message = posted;
    // The GM evades for Vex: d6 rolls 3, + 1 = 4, short of 7. Vex could interrupt for a second
    // Evasion but takes the hit. Damage 1d6+1 rolls 5 → 6; the legs' d4 stops 2; 4 gets through.
    // The Spirit check for the leg rolls a 1: Vex falls, the leg is disabled and bleeds.
    fake.setUser(GM.id);
    queue = [[6, 3]];
    expect(await shell.protocol.pressCard(message, "evade")).toEqual({ ok: true });
    queue = [
      [6, 5],
      [4, 2],
      [6, 1],
    ];
    const outcome = await shell.protocol.pressCard(message, "take");
    expect(outcome).toEqual({ ok: true });
    expect(queue).toEqual([]);
  });

  it("stays readable in core's light and dark themes", async () => {
    for (const theme of ["light", "dark"] as const) {
      const page = await showCardAs(message, GM, CARD_HEIGHT, theme);
      const worst = await lowestContrast(page, ".fray-wl-attack");
      expect(worst.below, theme).toEqual([]);
      if (theme === "dark") await screenshot(page, "worldlines-attack-card-dark.png");
    }
  });

  it("shows the roll, every modifier, the total, the armor die, the health change and Bleeding", async () => {
    const page = await showCardAs(message, GM, CARD_HEIGHT);
    await screenshot(page, "worldlines-attack-card.png");
    const card = page.locator(".fray-wl-attack");
    const header = await card.locator(".fray-card-header").innerText();
    expect(header).toMatch(/Maya Okafor\s*→\s*Vex\s*Service pistol/);
    await expect(card.locator(".fray-card-tags li").allInnerTexts()).resolves.toEqual([
      "Legs",
      "Medium",
      "Half cover",
    ]);
    const roll = card.locator(".fray-wl-attack-roll");
    await expect(roll.locator(".fray-wl-die").innerText()).resolves.toBe("d8: 6");
    await expect(roll.locator(".fray-wl-mod").allInnerTexts()).resolves.toEqual([
      "Skill +2",
      "Weapon +1",
      "Zone −1",
      "Cover −2",
      "Flanked +2",
      "Range −1",
    ]);
    const negatives = await roll.locator(".fray-wl-mod.negative").allInnerTexts();
    expect(negatives).toEqual(["Zone −1", "Cover −2", "Range −1"]);
    await expect(roll.locator(".fray-wl-total").innerText()).resolves.toBe("= 7");
    expect(await roll.locator(".fray-wl-crit").count()).toBe(0);

    const evasion = card.locator(".fray-wl-evasion");
    await expect(evasion.locator(".fray-wl-die").innerText()).resolves.toBe("3");
    await expect(evasion.locator(".fray-wl-mod").allInnerTexts()).resolves.toEqual(["Skill +1"]);
    await expect(evasion.locator(".fray-wl-total").innerText()).resolves.toBe("= 4");
    expect(await evasion.locator(".fray-wl-evaded").count()).toBe(0);

    const damage = card.locator(".fray-wl-damage");
    await expect(damage.locator(".fray-wl-die").innerText()).resolves.toBe("1d6+1: 6");
    await expect(damage.locator(".fray-wl-total").innerText()).resolves.toBe("= 6");
    const armor = card.locator(".fray-wl-armor");
    await expect(armor.locator(".fray-wl-label").innerText()).resolves.toBe("Armor");
    await expect(armor.locator(".fray-wl-die").innerText()).resolves.toBe("d4: 2");
    await expect(armor.locator(".fray-wl-total").innerText()).resolves.toBe("−2");
    await expect(card.locator(".fray-wl-dealt").innerText()).resolves.toBe("Damage taken: 4");

    const limb = card.locator(".fray-wl-limb");
    await expect(limb.locator(".fray-wl-label").innerText()).resolves.toBe("Spirit check (Legs)");
    // What was rolled against what, and what happened (issue 29: not "= 1 / 6 falls prone").
    await expect(limb.locator(".fray-wl-total").innerText()).resolves.toBe("= 1");
    await expect(limb.locator(".fray-card-vs").innerText()).resolves.toBe("(needs 6)");
    await expect(limb.locator(".fray-card-verdict").innerText()).resolves.toBe("failed:");
    await expect(limb.locator(".fray-wl-effect").innerText()).resolves.toBe("Vex falls prone.");
    await expect(limb.locator(".fray-wl-crit").innerText()).resolves.toBe(
      "limb disabled, Bleeding",
    );
    await expect(card.locator(".fray-wl-statuses li").allInnerTexts()).resolves.toEqual([
      "Bleeding",
    ]);
    await expect(card.locator(".fray-wl-health").innerText()).resolves.toBe("Health: 20 → 16 / 20");
    // Shown, not yet written: the target keeps its health until someone presses Apply.
    const health = (target.system as unknown as { health: { value: number } }).health.value;
    expect(health).toBe(20);

    const text = await card.innerText();
    expect(text).not.toMatch(/FRAY\.|undefined|NaN/);
    // Nothing spills out of the card's box.
    const overflow = await card.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it("offers Apply to the GM and to the attacking player, and no button to another player", async () => {
    const gm = await showCardAs(message, GM);
    const apply = gm.locator("button[data-fray-step=apply]");
    await expect(apply.isVisible()).resolves.toBe(true);
    await expect(apply.innerText()).resolves.toBe("Apply");
    expect(
      await gm.locator("button[data-fray-step=evade], button[data-fray-step=take]").count(),
    ).toBe(0);

    const author = await showCardAs(message, PLAYER);
    await expect(author.locator("button[data-fray-step=apply]").isVisible()).resolves.toBe(true);

    const other = await showCardAs(message, OTHER);
    expect(await other.locator("button").count()).toBe(0);
    expect(await other.locator(".fray-wl-buttons").count()).toBe(0);
    // The rest of the card reads the same for everyone.
    await expect(other.locator(".fray-wl-health").innerText()).resolves.toBe(
      "Health: 20 → 16 / 20",
    );
  });

  it("while waiting for the defender, only the GM (who runs Vex) sees Evade and Take it", async () => {
    const m = await maya();
    const v = await vex();
    await stage(m, v);
    fake.setUser(PLAYER.id);
    table.target(v);
    queue = [[8, 2]];
    const waiting = await shell.actions.attack(m, itemOf(m, "weapon"), SITUATION);
    if (waiting === null) throw new Error("refused");
    const gm = await showCardAs(waiting, GM, 260);
    await expect(gm.locator(".fray-wl-buttons button").allInnerTexts()).resolves.toEqual([
      "Evade (1 Energy)",
      "Take it",
    ]);
    const player = await showCardAs(waiting, PLAYER, 260);
    expect(await player.locator("button").count()).toBe(0);
    // Who must answer, and the number the Evasion must reach (issue 29).
    await expect(player.locator(".fray-card-next-step").innerText()).resolves.toBe(
      "GM, for Vex: Evade or Take it",
    );
    await expect(player.locator(".fray-card-target-number").innerText()).resolves.toMatch(
      /^To beat it: Vex's Evasion needs \d+ or more\.$/,
    );
  });
});

describe("an attack card's second chances, rendered in Chromium", () => {
  it("after a failed Evasion, the GM (who runs Vex) sees Evade again and Take it; the attacker sees neither", async () => {
    const m = await maya();
    const v = await vex();
    await stage(m, v);
    fake.setUser(PLAYER.id);
    table.target(v);
    queue = [[8, 6]];
    const posted = await shell.actions.attack(m, itemOf(m, "weapon"), SITUATION);
    if (posted === null) throw new Error("refused");
    fake.setUser(GM.id);
    queue = [[6, 2]]; // 2 + 1 = 3, short of 7
    await shell.protocol.pressCard(posted, "evade");
    const gm = await showCardAs(posted, GM, 300);
    await expect(gm.locator(".fray-wl-buttons button").allInnerTexts()).resolves.toEqual([
      "Evade again (1 Energy)",
      "Take it",
    ]);
    await expect(gm.locator(".fray-wl-evasion .fray-wl-total").innerText()).resolves.toBe("= 3");
    const player = await showCardAs(posted, PLAYER, 300);
    expect(await player.locator("button").count()).toBe(0);
  });

  it("once applied with Bleeding, offers Recover to the GM (Vex's owner) and to nobody else", async () => {
    const m = await maya();
    const v = await vex();
    await stage(m, v);
    fake.setUser(PLAYER.id);
    table.target(v);
    queue = [[8, 6]];
    const posted = await shell.actions.attack(m, itemOf(m, "weapon"), SITUATION);
    if (posted === null) throw new Error("refused");
    fake.setUser(GM.id);
    // Damage 6, legs' d4 stops 2, the leg's Spirit check rolls a 1: Bleeding.
    queue = [
      [6, 5],
      [4, 2],
      [6, 1],
    ];
    await shell.protocol.pressCard(posted, "take");
    await shell.protocol.pressCard(posted, "apply");
    const gm = await showCardAs(posted, GM, 420);
    await expect(gm.locator("button[data-fray-action=recover]").allInnerTexts()).resolves.toEqual([
      "Recover from Bleeding",
    ]);
    const player = await showCardAs(posted, PLAYER, 420);
    expect(await player.locator("button").count()).toBe(0);
    expect(await player.locator(".fray-wl-buttons").count()).toBe(0);
  });
});

describe("names typed by users", () => {
  it("are shown as text on the dialog and the card, never run as HTML", async () => {
    const hostile = '<img src="x" onerror="window.__pwned = true">Vex';
    const m = await maya('Pistol <b>"Lucky"</b>');
    const v = await vex(hostile);
    await stage(m, v);
    const pistol = itemOf(m, "weapon");
    const context = shell.dialog.attackDialogContext({
      attacker: shell.adapter.toCombatant(m),
      defender: shell.adapter.toCombatant(v),
      weapon: shell.adapter.toWeapon(pistol),
      situation: SITUATION,
      distance: DISTANCE,
    });
    const dialog = await renderInPage(browser, {
      template: "templates/worldlines/dialog/attack-dialog.hbs",
      context,
      classes: ["fray", "fray-wl-attack-dialog"],
      title: "Attack",
      width: 440,
      height: 400,
    });
    const who = await dialog.locator(".fray-dialog-who").innerText();
    expect(who).toContain(hostile);
    expect(who).toContain('Pistol <b>"Lucky"</b>');
    expect(await dialog.locator(".fray-wl-dialog img, .fray-wl-dialog b").count()).toBe(0);

    fake.setUser(PLAYER.id);
    table.target(v);
    queue = [[8, 2]];
    const posted = await shell.actions.attack(m, pistol, SITUATION);
    if (posted === null) throw new Error("refused");
    const card = await showCardAs(posted, GM, 260);
    await expect(card.locator(".fray-card-target").innerText()).resolves.toBe(hostile);
    await expect(card.locator(".fray-card-what").innerText()).resolves.toBe(
      'Pistol <b>"Lucky"</b>',
    );
    expect(await card.locator(".fray-wl-card img, .fray-wl-card b").count()).toBe(0);
    await expect(card.evaluate(() => (window as { __pwned?: boolean }).__pwned)).resolves.toBe(
      undefined,
    );
  });
});

auditRenderedViews(() => browser, {
  templates: [
    "templates/worldlines/chat/attack-card.hbs",
    "templates/worldlines/dialog/attack-dialog.hbs",
  ],
});
