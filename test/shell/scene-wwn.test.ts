/**
 * The scene decides the WWN situation (issue 25), on a 5 ft grid of 100 px spaces: a melee attack
 * reaches only an adjacent token, walls give cover (at least half, almost complete), a foe at the
 * attacker's side puts it in melee; the attack dialog opens with what the scene says and why, and
 * the GM refuses a player's claim the scene contradicts.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { installTableFakes } from "../fake-foundry/table.ts";
import { boardOf, clearScenes } from "../fake-foundry/tokens.ts";
import type { ClientDocument } from "../fake-foundry/documents.ts";
import { queuedDice } from "./boot.support.ts";
import { sceneCallLines } from "./scene-calls.support.ts";
import { wwnShell } from "./wwn.support.ts";
import type { WwnShell } from "./wwn.support.ts";

let fake: FakeFoundry;
let table: ReturnType<typeof installTableFakes>;
let actions: WwnShell;

const rolls = queuedDice<[number, number]>(([sides, face]) => (face - 0.5) / sides);

beforeAll(async () => {
  fake = installFakeFoundry({ settings: { "fray.ruleset": "wwn" }, random: rolls.random });
  table = installTableFakes(fake);
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  actions = await wwnShell();
});

beforeEach(() => {
  fake.setUser(GM.id);
  fake.notifications.length = 0;
  fake.dialogs.asked.length = 0;
  rolls.set();
});

afterEach(() => {
  clearScenes(fake);
});

type Doc = ClientDocument & { items: { contents: ClientDocument[] } };

async function create(source: Record<string, unknown>): Promise<Actor.Implementation> {
  const Actor = fake.CONFIG["Actor"]?.documentClass;
  const actor = await fake.as(GM.id, () => Actor?.create(source));
  if (!actor) throw new Error("actor not created");
  return actor as unknown as Actor.Implementation;
}

/** Kara, the player's: a spear (melee, throwable) and a shortbow. */
const kara = () =>
  create({
    name: "Kara",
    type: "character",
    prototypeToken: { disposition: 1 },
    ownership: { [PLAYER.id]: 3 },
    system: { health: { value: 10, max: 10 }, attributes: { str: 14, dex: 14 } },
    items: [
      { name: "Spear", type: "weapon", system: { damage: "1d6", skill: "stab", throwable: true } },
      {
        name: "Sling",
        type: "weapon",
        system: { damage: "1d4", skill: "shoot", mode: "ranged", range: { normal: 100, max: 300 } },
      },
    ],
  });

const bandit = (name = "Bandit") =>
  create({
    name,
    type: "npc",
    prototypeToken: { disposition: -1 },
    system: { health: { value: 8, max: 8 }, ac: { natural: 10, bonus: 0 } },
  });

const item = (actor: Actor.Implementation, name: string) =>
  (actor as unknown as Doc).items.contents.find(
    (i) => i.name === name,
  ) as unknown as Item.Implementation;

async function attack(
  k: Actor.Implementation,
  target: Actor.Implementation,
  weapon: string,
  situation?: Record<string, unknown>,
) {
  fake.setUser(PLAYER.id);
  table.target(target);
  rolls.set([20, 15], [6, 3], [4, 3]);
  return actions.wwnAttack(k, item(k, weapon), situation);
}

describe("reach", () => {
  it("a token in the next space is adjacent: the spear reaches it; three spaces away it does not", async () => {
    const k = await kara();
    const near = await bandit("Near");
    const far = await bandit("Far");
    const board = boardOf(fake);
    board.place(k, { col: 0, row: 0 });
    board.place(near, { col: 1, row: 1 });
    board.place(far, { col: 3, row: 0 });
    expect(await attack(k, near, "Spear", {})).not.toBeNull();
    expect(await attack(k, far, "Spear", {})).toBeNull();
    expect(fake.notifications.at(-1)?.level).toBe("warn");
    // A claim of reach the scene contradicts is refused with the scene's sentence.
    fake.notifications.length = 0;
    expect(await attack(k, far, "Spear", { adjacent: true })).toBeNull();
    expect(fake.notifications.at(-1)?.message).toBe(
      "The scene says otherwise: Out of reach: Far stands 3 spaces away. Nothing happened.",
    );
  });
});

describe("reach and height (vertical spaces)", () => {
  it("a bandit on a ledge 15 ft above the next space is three spaces away: the spear does not reach", async () => {
    const k = await kara();
    const low = await bandit("Low");
    const ledge = await bandit("Ledge");
    const board = boardOf(fake);
    board.place(k, { col: 0, row: 0 });
    board.place(low, { col: 1, row: 1 }, { elevation: 5 });
    board.place(ledge, { col: 1, row: 0 }, { elevation: 15 });
    expect(await attack(k, low, "Spear", {})).not.toBeNull();
    fake.notifications.length = 0;
    expect(await attack(k, ledge, "Spear", { adjacent: true })).toBeNull();
    expect(fake.notifications.at(-1)?.message).toBe(
      "The scene says otherwise: Out of reach: Ledge stands 3 spaces away. Nothing happened.",
    );
  });
});

describe("cover and melee from the scene", () => {
  it("a wall between gives cover: the dialog opens with it, and the GM refuses a claim of none", async () => {
    const k = await kara();
    const b = await bandit();
    const board = boardOf(fake);
    board.place(k, { col: 0, row: 4 });
    board.place(b, { col: 6, row: 4 });
    board.wall({ col: 5.9, row: 4.5 }, { col: 5.9, row: 9 });
    fake.setUser(PLAYER.id);
    table.target(b);
    expect(await actions.wwnAttack(k, item(k, "Sling"))).toBeNull(); // the dialog, closed
    const content = fake.dialogs.asked.at(-1)?.content ?? "";
    expect(content).toContain('<option value="half" selected>');
    expect(content).toContain("Light cover: a wall between you hides part of Bandit");
    expect(await attack(k, b, "Sling", { cover: "none" })).toBeNull();
    expect(fake.notifications.at(-1)?.message).toContain("The scene says otherwise: Light cover");
    const message = await attack(k, b, "Sling", {});
    expect(message && actions.wwnCardOf(message)?.situation.cover).toBe("half");
  });

  it("a foe at the attacker's side puts its shot in melee; a claim otherwise is refused", async () => {
    const k = await kara();
    const b = await bandit();
    const other = await bandit("Thug");
    const board = boardOf(fake);
    board.place(k, { col: 0, row: 0 });
    board.place(other, { col: 1, row: 0 });
    board.place(b, { col: 6, row: 0 });
    fake.setUser(PLAYER.id);
    table.target(b);
    expect(await actions.wwnAttack(k, item(k, "Sling"))).toBeNull();
    const content = fake.dialogs.asked.at(-1)?.content ?? "";
    expect(content).toMatch(/name="inMelee" checked/);
    expect(content).toContain("In melee: Thug next to you");
    expect(await attack(k, b, "Sling", { inMelee: false })).toBeNull();
    expect(fake.notifications.at(-1)?.message).toBe(
      "The scene says otherwise: In melee: Thug next to you. Nothing happened.",
    );
    const message = await attack(k, b, "Sling", {});
    expect(message && actions.wwnCardOf(message)?.situation.inMelee).toBe(true);
  });
});

describe("the GM's card shows what the scene said and what was claimed", () => {
  it("a shot claimed behind almost full cover where the walls give half: both, marked; the foe at hand is the scene's", async () => {
    const k = await kara();
    const b = await bandit();
    const other = await bandit("Thug");
    const board = boardOf(fake);
    board.place(k, { col: 0, row: 4 });
    board.place(other, { col: 1, row: 4 });
    board.place(b, { col: 6, row: 4 });
    board.wall({ col: 5.9, row: 4.5 }, { col: 5.9, row: 9 });
    const message = await attack(k, b, "Sling", { cover: "almostFull", inMelee: true });
    if (message === null) throw new Error(fake.notifications.at(-1)?.message);
    expect(sceneCallLines(message.content)).toEqual([
      "≠ Cover: Almost full cover scene: Light cover: a wall between you hides part of Bandit (2 of 4 lines blocked) claimed by Player: Almost full cover The claim differs from the scene: it stands, the book leaves it to judgement.",
      "Foe at hand: yes scene: In melee: Thug next to you",
    ]);
  });
});
