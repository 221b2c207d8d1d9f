/**
 * The two-dice table actions beyond the attack, each through the active GM: sneaking past an
 * observer (its Perception rolls, twice when it saw movement), waiting and cutting in out of the
 * side's turn, readying a weapon, and bleeding after the fight. The combats are on a scene nobody
 * views (core's game.combat is null everywhere): the rules find the fight an actor is in. Every
 * die is fixed through CONFIG.Dice.randomUniform, and each refusal is seen to write nothing.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PLAYER, PLAYER2 } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import type * as Checks from "../../src/foundry/rulesets/twodice/table/checks.ts";
import type * as TurnActions from "../../src/foundry/rulesets/twodice/table/self.ts";
import type * as Workflow from "../../src/foundry/rulesets/twodice/attack/declare.ts";
import type * as Budget from "../../src/foundry/rulesets/twodice/budget.ts";
import { twodiceWorld } from "./twodice.support.ts";
import { fightOffScreen } from "./viewed.support.ts";
import type { TwodiceWorld } from "./twodice.support.ts";

let world: TwodiceWorld;
let fake: FakeFoundry;
let actions: typeof Checks & typeof TurnActions;
let workflow: typeof Workflow;
let budget: typeof Budget;

beforeAll(async () => {
  world = await twodiceWorld({ "fray.turnStrictness": "strict" });
  fake = world.fake;
  actions = {
    ...(await import("../../src/foundry/rulesets/twodice/table/checks.ts")),
    ...(await import("../../src/foundry/rulesets/twodice/table/self.ts")),
  };
  workflow = await import("../../src/foundry/rulesets/twodice/attack/declare.ts");
  budget = await import("../../src/foundry/rulesets/twodice/budget.ts");
});

beforeEach(() => {
  world.reset();
});

interface System {
  wounds: { marked: number[] };
}

const createActor = (source: Record<string, unknown>) => world.createActor(source);
/** The actor's turn as the referee recorded it (its combat's ledger). */
const turnOf = (actor: Actor.Implementation) => budget.twodiceTurnOf(actor);
const system = (actor: Actor.Implementation) => (actor as unknown as { system: System }).system;
const item = (actor: Actor.Implementation, name: string) => world.item(actor, name);
const dice = (...faces: number[]) => {
  world.dice(...faces);
};
const messages = () => fake.game.messages.contents as unknown as ChatMessage.Implementation[];
const lastMessage = () => messages().at(-1) as ChatMessage.Implementation;
const rollTotals = (message: ChatMessage.Implementation) =>
  (message as unknown as { rolls: { total: number }[] }).rolls.map((r) => r.total);
const warnings = () => world.warnings();

const SWORD = {
  name: "Sword",
  type: "weapon",
  system: { kind: "melee", attack: 12, defense: 6, damage: 2 },
};
const RIFLE = {
  name: "Rifle",
  type: "weapon",
  system: {
    kind: "ranged",
    attack: 13,
    defense: 8,
    damage: 5,
    range: 7,
    type: "C",
    ammo: { rounds: 1 },
  },
};

describe("sneaking", () => {
  it("the observer sees movement, looks again at −5 for a still sneaker, and does not find it", async () => {
    const sly = await createActor({
      name: "Sly",
      type: "character",
      ownership: { [PLAYER.id]: 3 },
      system: { traits: { stealth: 4 } },
    });
    const guard = await createActor({
      name: "Guard",
      type: "npc",
      system: { traits: { perception: 12 } },
    });
    // They fight in one combat, with no token on any scene: nothing can be measured.
    await fightOffScreen(fake, await world.startedCombat([sly, guard], false));

    // A player's request when nothing can be measured is refused; no die is rolled.
    const before = messages().length;
    const refused = await fake.as(PLAYER.id, () => actions.twodiceSneak(sly, guard, 0, 3));
    expect(refused).toMatchObject({ ok: false, reason: "noDistance" });
    expect(messages().length).toBe(before);

    // Faster than the distance to the observer: refused before any die.
    expect(await actions.twodiceSneak(sly, guard, 20, 10)).toMatchObject({
      ok: false,
      reason: "tooFast",
    });
    expect(messages().length).toBe(before);

    // The GM gives the distance, 10 m: range step 2. Perception 12 − Stealth 4 = 8: black 7
    // succeeds above the step (movement seen); the second look, Perception 12 − 5 = 7 (still),
    // fails with 9 and 18.
    dice(7, 15, 9, 18);
    const outcome = await actions.twodiceSneak(sly, guard, 0, 10);
    expect(outcome).toEqual({ ok: true, value: { noticed: true, located: false } });
    const card = lastMessage();
    expect(card.content).toContain("Guard sees movement");
    expect(rollTotals(card)).toEqual([7, 15, 9, 18]);
  });
});

describe("waiting and cutting in", () => {
  it("a waiting character attacks out of its side's turn, before what it answers", async () => {
    const kara = await createActor({
      name: "Kara",
      type: "character",
      ownership: { [PLAYER.id]: 3 },
      prototypeToken: { disposition: 1 },
      items: [SWORD],
    });
    const moss = await createActor({
      name: "Moss",
      type: "character",
      ownership: { [PLAYER.id]: 3 },
      prototypeToken: { disposition: 1 },
      items: [SWORD],
    });
    const brute = await createActor({
      name: "Brute",
      type: "npc",
      prototypeToken: { disposition: -1 },
    });
    await fightOffScreen(fake, await world.startedCombat([kara, moss, brute], false));

    // Nobody's turn is active: an ordinary attack is refused.
    fake.setUser(PLAYER.id);
    expect(await workflow.declareTwodiceAttack(kara, item(kara, "Sword"), brute)).toBeNull();
    expect(warnings()).toContain("It is not this character's turn.");

    // Cutting in without waiting first is refused, and writes nothing.
    const calls = fake.db.calls.length;
    expect(
      await workflow.declareTwodiceAttack(moss, item(moss, "Sword"), brute, { cutIn: true }),
    ).toBeNull();
    expect(warnings()).toContain("Only a waiting character can cut in.");
    expect(fake.db.since(calls, { documentName: "Actor" })).toEqual([]);

    // Kara waits, declaring a melee attack, then cuts in with it.
    expect(await actions.twodiceDeclare(kara, "meleeAttack", { wait: true })).toMatchObject({
      ok: true,
    });
    expect(turnOf(kara).waiting).toBe("meleeAttack");
    dice(3, 11);
    const id = await workflow.declareTwodiceAttack(kara, item(kara, "Sword"), brute, {
      cutIn: true,
    });
    expect(id).not.toBeNull();
    expect(lastMessage().content).toContain(
      "Cuts in: the declared action, before what it answers.",
    );
    expect(turnOf(kara)).toMatchObject({ acted: true, waiting: null });
  });
});

describe("readying a weapon", () => {
  it("is the action of the turn and names the weapon; something that is no weapon is refused", async () => {
    const ana = await createActor({
      name: "Ana",
      type: "character",
      ownership: { [PLAYER.id]: 3 },
      prototypeToken: { disposition: 1 },
      items: [RIFLE, { name: "Rope", type: "gear" }],
    });
    const foe = await createActor({
      name: "Foe",
      type: "npc",
      prototypeToken: { disposition: -1 },
    });
    await fightOffScreen(fake, await world.startedCombat([ana, foe], false));
    fake.setUser(PLAYER.id);
    const rope = item(ana, "Rope");
    expect(await actions.twodiceDeclare(ana, "ready", { weaponId: rope.id ?? "" })).toMatchObject({
      ok: false,
      reason: "notAWeapon",
    });
    expect(turnOf(ana).acted).toBe(false);
    const rifle = item(ana, "Rifle");
    expect(await actions.twodiceDeclare(ana, "ready", { weaponId: rifle.id ?? "" })).toMatchObject({
      ok: true,
    });
    expect(turnOf(ana)).toMatchObject({ acted: true, readied: rifle.id });
    // The action is spent: a second one this turn is refused.
    expect(await actions.twodiceDeclare(ana, "aim")).toMatchObject({
      ok: false,
      reason: "alreadyActed",
    });
  });
});

describe("bleeding after the fight", () => {
  it("a wound equal to Toughness bleeds slowly: the lowest empty circle is marked", async () => {
    const kara = await createActor({
      name: "Kara",
      type: "character",
      ownership: { [PLAYER.id]: 3 },
      system: { traits: { toughness: 8 }, wounds: { marked: [1, 8] } },
    });
    fake.setUser(PLAYER.id);
    expect(await actions.twodiceBleed(kara)).toEqual({ ok: true, value: { circle: 2 } });
    expect(system(kara).wounds.marked).toEqual([1, 2, 8]);
    expect(lastMessage().content).toContain("Bleeding slowly: wound 2 marked (every 1 hour).");
  });

  it("is refused for a character that does not bleed, and for someone else's", async () => {
    const kara = await createActor({
      name: "Kara",
      type: "character",
      ownership: { [PLAYER.id]: 3 },
      system: { traits: { toughness: 8 }, wounds: { marked: [3] } },
    });
    const other = await createActor({
      name: "Other",
      type: "character",
      ownership: { [PLAYER2.id]: 3 },
      system: { traits: { toughness: 8 }, wounds: { marked: [9] } },
    });
    fake.setUser(PLAYER.id);
    const calls = fake.db.calls.length;
    expect(await actions.twodiceBleed(kara)).toMatchObject({ ok: false, reason: "notBleeding" });
    expect(await actions.twodiceBleed(other)).toMatchObject({ ok: false, reason: "notAllowed" });
    expect(fake.db.since(calls, { documentName: "Actor" })).toEqual([]);
    expect(system(other).wounds.marked).toEqual([9]);
  });
});

describe("the fake's Collection (core's foundry.utils.Collection)", () => {
  it("has `some`, true when any value passes the test", async () => {
    const { Collection } = await import("../fake-foundry/collection.ts");
    const c = new Collection<number>([
      ["a", 1],
      ["b", 2],
    ]);
    expect(c.some((n) => n > 1)).toBe(true);
    expect(c.some((n) => n > 2)).toBe(false);
  });
});
