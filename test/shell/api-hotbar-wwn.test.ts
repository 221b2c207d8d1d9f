/**
 * The WWN sheet's rows and buttons on the hotbar (issue 26). The sheet is rendered in the fake as
 * its users see it (a player's character in a fight, holding a captive; the GM's bandit, held),
 * and every button with an action is found there: each must reach the hotbar (dragged itself, or
 * its row's item for the row's own use), save the sheet's own housekeeping, so a new button with no
 * macro fails here. Each is dropped on the hotbar through core's `hotbarDrop`, and its macro run
 * for the selected token changes what the click changes, in a fresh copy of the same fight on the
 * same dice (the same cards, warnings and stored documents), refusals included (out of turn, no
 * target). With no token selected and no character, every macro says so and changes nothing.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER } from "../fake-foundry/index.ts";
import { installHotbarFakes } from "../fake-foundry/hotbar.ts";
import type { FakeTokenDocument } from "../fake-foundry/movement.ts";
import { moveWorld } from "./movement.support.ts";
import type { MoveWorld } from "./movement.support.ts";
import { renderSheet } from "./sheet-dom.support.ts";
import {
  distinctButtons,
  dropOnHotbar,
  keyOf,
  markNow,
  reachOf,
  recordSince,
} from "./hotbar-sheet.support.ts";

let w: MoveWorld;
let hotbar: ReturnType<typeof installHotbarFakes>;
let Sheet: unknown;
let maneuvers: typeof import("../../src/foundry/rulesets/wwn/table/maneuver-card.ts");

beforeAll(async () => {
  w = await moveWorld("wwn", { distance: 5, units: "ft" });
  hotbar = installHotbarFakes(w.fake);
  Sheet = (await import("../../src/foundry/rulesets/wwn/sheets/actor-sheet.ts")).WwnActorSheet;
  maneuvers = await import("../../src/foundry/rulesets/wwn/table/maneuver-card.ts");
});

beforeEach(() => {
  w.fake.notifications.length = 0;
});

/** The row's own use, dragged as the row's item (a weapon's Attack, a spell's Cast). */
const ROW_USES = ["attack", "cast"];

/** The sheet's housekeeping, no action of the table: open, delete an item, flip armor on. */
const HOUSEKEEPING = ["editItem", "deleteItem", "toggleEquipped"];

const KARA = {
  name: "Kara",
  type: "character",
  ownership: { [PLAYER.id]: 3 },
  system: {
    health: { value: 10, max: 10 },
    attributes: { str: 14 },
    skills: { punch: 1, stab: 1, shoot: 1 },
    spellSlots: { value: 2, max: 2 },
  },
  items: [
    // The maneuvers row opens on the first readied weapon: an axe that can shatter a shield.
    { name: "Axe", type: "weapon", system: { damage: "1d8", skill: "stab", crushing: true } },
    { name: "Fists", type: "weapon", system: { damage: "1d2", skill: "punch", unarmed: true } },
    {
      name: "Crossbow",
      type: "weapon",
      system: { damage: "1d10", skill: "shoot", mode: "ranged", reload: "slow", loaded: false },
    },
    {
      name: "Shortbow",
      type: "weapon",
      system: {
        damage: "1d6",
        skill: "shoot",
        mode: "ranged",
        reload: "bow",
        loaded: false,
        ammo: { value: 3, max: 10 },
      },
    },
    { name: "Dagger", type: "weapon", system: { damage: "1d4", skill: "stab", readied: false } },
    { name: "Leather", type: "armor", system: { kind: "armor", ac: 13, equipped: true } },
    { name: "Sleep", type: "technique", system: { spell: true, spellLevel: 1 } },
  ],
};

const BANDIT = {
  name: "Bandit",
  type: "npc",
  system: {
    health: { value: 8, max: 8 },
    morale: 7,
    saves: { physical: 15, evasion: 15, mental: 15 },
  },
  items: [
    { name: "Spear", type: "weapon", system: { damage: "1d6", skill: "stab" } },
    { name: "Buckler", type: "armor", system: { kind: "shield", equipped: true } },
  ],
};

/**
 * Where a case starts: Kara's turn beside the bandit, or the bandit's; Kara holding the bandit
 * she grappled, on her turn of the next round, or on the bandit's turn then.
 */
type Start = "karaTurn" | "banditTurn" | "holding" | "held";

interface Fight {
  readonly kara: Actor.Implementation;
  readonly bandit: Actor.Implementation;
  readonly combat: Combat.Implementation;
  readonly tokens: FakeTokenDocument[];
  readonly roles: Map<string, string>;
}

type Turns = Combat.Implementation & { activateCombatant(id: string): Promise<unknown> };

/** A fresh fight of Kara (the player's) and the bandit (the GM's), from where the case starts. */
async function fight(start: Start, bandit = { col: 1, row: 0 }): Promise<Fight> {
  const [kara, foe] = await w.actors([KARA, BANDIT]);
  if (kara === undefined || foe === undefined) throw new Error("no actors");
  const { combat, tokens } = await w.fight([kara, foe], [{ col: 0, row: 0 }, bandit]);
  const idOf = (actor: Actor.Implementation) =>
    combat.combatants.contents.find((c) => c.actorId === actor.id)?.id ?? "";
  if (start === "banditTurn") {
    await (combat as Turns).activateCombatant(idOf(foe));
    await w.idle();
  }
  if (start === "holding" || start === "held") {
    // Kara grapples the bandit with her fists (every die shows its top face: she wins).
    w.fake.setUser(PLAYER.id);
    w.table.target(foe);
    const fists = kara.items.contents.find((i) => i.name === "Fists");
    await maneuvers.declareWwnManeuver(kara, "grapple", {}, fists);
    await w.idle();
    w.table.target();
    // The GM starts the next round; Kara's turn again, or the bandit's.
    w.fake.setUser(GM.id);
    await (combat as Turns & { nextRound(): Promise<unknown> }).nextRound();
    await w.idle();
    await (combat as Turns).activateCombatant(idOf(start === "held" ? foe : kara));
    await w.idle();
  }
  const roles = new Map<string, string>([
    [kara.id ?? "", "kara"],
    [foe.id ?? "", "bandit"],
    [combat.id ?? "", "combat"],
    ...combat.combatants.contents.map(
      (c) => [c.id ?? "", `combatant:${c.name}`] as [string, string],
    ),
    ...tokens.map((t, k) => [t.id, `token${String(k)}`] as [string, string]),
    ...[...kara.items.contents, ...foe.items.contents].map(
      (i) => [i.id ?? "", `item:${i.name}`] as [string, string],
    ),
  ]);
  w.fake.notifications.length = 0;
  return { kara, bandit: foe, combat, tokens, roles };
}

/** Who presses, on whose sheet, from where, targeting whom. */
interface Case {
  readonly user: "player" | "gm";
  readonly sheet: "kara" | "bandit";
  readonly start: Start;
  readonly target?: "kara" | "bandit";
  /** Where the bandit stands (default: beside Kara). */
  readonly banditAt?: { col: number; row: number };
}

const karaCase = (target?: "bandit", start: Start = "karaTurn"): Case => ({
  user: "player",
  sheet: "kara",
  start,
  ...(target === undefined ? {} : { target }),
});
const gmCase = (target?: "kara"): Case => ({
  user: "gm",
  sheet: "bandit",
  start: "karaTurn",
  ...(target === undefined ? {} : { target }),
});

/** Each draggable button's case: where its click and its macro are compared. */
const CASES: Readonly<Record<string, Case>> = {
  totalDefense: karaCase(),
  fightingWithdrawal: karaCase(),
  run: karaCase(),
  prone: karaCase(),
  hold: karaCase(),
  delay: karaCase("bandit"),
  screen: karaCase("bandit"),
  joinSwarm: karaCase("bandit"),
  "maneuver kind=shove effect=push": karaCase("bandit"),
  "maneuver kind=shove effect=prone": karaCase("bandit"),
  "maneuver kind=grapple": karaCase("bandit"),
  "maneuver kind=shatter": karaCase("bandit"),
  "maneuver kind=execution": karaCase("bandit"),
  "maneuver kind=moveGrappled effect=drag": karaCase(undefined, "holding"),
  "maneuver kind=moveGrappled effect=throw": karaCase(undefined, "holding"),
  release: karaCase(undefined, "holding"),
  "maneuver kind=escape": { user: "gm", sheet: "bandit", start: "held" },
  useSkill: karaCase(),
  morale: gmCase(),
  "callSave save=physical": gmCase("kara"),
  "callSave save=evasion": gmCase("kara"),
  "callSave save=mental": gmCase("kara"),
  jostle: gmCase(),
  "charge @ Fists": { ...karaCase("bandit"), banditAt: { col: 3, row: 0 } },
  "charge @ Axe": { ...karaCase("bandit"), banditAt: { col: 3, row: 0 } },
  "charge @ Dagger": { ...karaCase("bandit"), banditAt: { col: 3, row: 0 } },
  "reload @ Crossbow": karaCase(),
  "reload @ Shortbow": karaCase(),
  "refill @ Shortbow": karaCase(),
  "toggleReadied @ Fists": karaCase(),
  "toggleReadied @ Axe": karaCase(),
  "toggleReadied @ Crossbow": karaCase(),
  "toggleReadied @ Shortbow": karaCase(),
  "toggleReadied @ Dagger": karaCase(),
  "drop @ Fists": karaCase(),
  "drop @ Axe": karaCase(),
  "drop @ Crossbow": karaCase(),
  "drop @ Shortbow": karaCase(),
  "pickUp @ Dagger": karaCase(),
  // The GM's bandit, on its turn, at Kara.
  "charge @ Spear": { ...gmCase("kara"), start: "banditTurn", banditAt: { col: 3, row: 0 } },
  "toggleReadied @ Spear": { ...gmCase(), start: "banditTurn" },
  "drop @ Spear": { ...gmCase(), start: "banditTurn" },
};

/** The same button and the same world again, out of turn: refused alike. */
const OUT_OF_TURN: readonly string[] = [
  "reload @ Crossbow",
  "maneuver kind=shove effect=prone",
  "run",
  "hold",
];

const userOf = (c: Case) => (c.user === "gm" ? GM.id : PLAYER.id);

/** The sheets a user meets: Kara's (player) in a fight and holding; the bandit's (GM), held. */
async function everySheet() {
  const renders = [];
  for (const start of ["karaTurn", "holding"] as const) {
    const f = await fight(start);
    w.fake.setUser(PLAYER.id);
    renders.push({ actor: f.kara, sheet: await renderSheet(w.fake, Sheet, f.kara) });
    w.fake.setUser(GM.id);
    renders.push({ actor: f.bandit, sheet: await renderSheet(w.fake, Sheet, f.bandit) });
  }
  return distinctButtons(renders);
}

/** One run of a case: the button's click, or its macro for the selected token; what changed. */
async function run(key: string, c: Case, how: "click" | "macro", start = c.start) {
  const f = await fight(start, c.banditAt);
  const actor = c.sheet === "kara" ? f.kara : f.bandit;
  const token = f.tokens[c.sheet === "kara" ? 0 : 1];
  const user = userOf(c);
  w.fake.setUser(user);
  const sheet = await renderSheet(w.fake, Sheet, actor);
  const button = sheet.buttons.find((b) => keyOf(actor, b) === key);
  if (button === undefined) throw new Error(`no button ${key}`);
  const macro =
    how === "macro"
      ? await dropOnHotbar(w.fake, hotbar, user, reachData(actor, button, key))
      : null;
  w.fake.setUser(user);
  w.table.target(...(c.target === undefined ? [] : [c.target === "kara" ? f.kara : f.bandit]));
  const mark = markNow(w.fake);
  if (macro === null) await sheet.click(button);
  else {
    if (token !== undefined) w.moves.control(token);
    await macro.execute();
    w.moves.control();
  }
  await w.idle();
  w.table.target();
  return record(f, mark);
}

function reachData(actor: Actor.Implementation, button: Parameters<typeof keyOf>[1], key: string) {
  const reach = reachOf(actor, button, ROW_USES);
  if (reach.by === "none") throw new Error(`${key} does not reach the hotbar`);
  return reach.data;
}

describe("every button of the WWN sheet reaches the hotbar", () => {
  it("each is draggable, or its row's own use, or the sheet's housekeeping", async () => {
    const buttons = await everySheet();
    const stranded = [...buttons]
      .filter(([, { actor, button }]) => reachOf(actor, button, ROW_USES).by === "none")
      .map(([key]) => key)
      .filter((key) => !HOUSEKEEPING.includes(key.split(" ")[0] ?? ""));
    expect(stranded).toEqual([]);
    // Every draggable button has its case below (a new one must be added there too).
    const draggable = [...buttons]
      .filter(([, { actor, button }]) => reachOf(actor, button, ROW_USES).by === "button")
      .map(([key]) => key);
    expect(draggable.sort()).toEqual(Object.keys(CASES).sort());
  });

  it("each drop makes a Fray macro: the action (and its row's item) for the selected token", async () => {
    const buttons = await everySheet();
    for (const [key, { actor, button }] of buttons) {
      const reach = reachOf(actor, button, ROW_USES);
      if (reach.by === "none") continue;
      const macro = await dropOnHotbar(w.fake, hotbar, GM.id, reach.data);
      const item = actor.items.get(button.closest("[data-item-id]")?.dataset["itemId"] ?? "");
      if (reach.by === "row") {
        expect(macro.command, key).toBe(
          `return game.system.api.useItem(${JSON.stringify(item?.name)});`,
        );
      } else if (item !== undefined) {
        expect(macro.command, key).toMatch(/^return game\.system\.api\.act\("\w+", \{ item: "/);
        expect(macro.command, key).toContain(JSON.stringify(item.name));
        expect(macro.name, key).toContain(item.name);
      } else {
        expect(macro.command, key).toMatch(/^return game\.system\.api\.act\("[\w.]+"\);$/);
      }
    }
  });
});

describe("a WWN macro does what its button does", () => {
  for (const [key, c] of Object.entries(CASES)) {
    it(`${key}: the same cards, warnings and writes as the click`, async () => {
      const clicked = await run(key, c, "click");
      const ran = await run(key, c, "macro");
      expect(ran).toEqual(clicked);
      // Something happened: a card, a warning or a write (else the comparison proves nothing).
      expect(clicked).not.toEqual(await idle(c));
    });
  }

  for (const key of OUT_OF_TURN) {
    it(`${key} on the bandit's turn: refused as the click is`, async () => {
      const c = CASES[key];
      if (c === undefined) throw new Error(key);
      const clicked = await run(key, c, "click", "banditTurn");
      const ran = await run(key, c, "macro", "banditTurn");
      expect(ran).toEqual(clicked);
      expect((clicked as { warnings: string[] }).warnings).not.toEqual([]);
    });
  }
});

/** What changed in the fight since `mark`, where its tokens stand included. */
function record(f: Fight, mark: ReturnType<typeof markNow>) {
  const documents = { kara: f.kara, bandit: f.bandit, combat: f.combat };
  const tokens = f.tokens.map((t) => ({ x: t.x, y: t.y }));
  return recordSince(w.fake, mark, documents, f.roles, { tokens });
}

/** What a case's world records when nobody presses anything. */
async function idle(c: Case) {
  const f = await fight(c.start, c.banditAt);
  const mark = markNow(w.fake);
  return record(f, mark);
}

describe("a WWN macro with no actor", () => {
  it("says to select a token or be given a character, and changes nothing", async () => {
    const buttons = await everySheet();
    for (const [key, { actor, button }] of buttons) {
      const reach = reachOf(actor, button, ROW_USES);
      if (reach.by === "none") continue;
      const macro = await dropOnHotbar(w.fake, hotbar, PLAYER.id, reach.data);
      const writes = w.fake.db.calls.length;
      const mark = markNow(w.fake);
      w.moves.control();
      const outcome = await macro.execute();
      await w.idle();
      expect(outcome, key).toEqual({ ok: false, reason: "noActor" });
      expect(
        w.fake.notifications.slice(mark.warnings).map((n) => n.message),
        key,
      ).toEqual(["Select your token, or have your GM assign you a character."]);
      expect(w.fake.db.calls.length, key).toBe(writes);
      expect(w.fake.game.messages.size, key).toBe(mark.messages);
    }
  });
});
