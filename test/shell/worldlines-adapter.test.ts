import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import type { ClientDocument } from "../fake-foundry/documents.ts";
import type * as Adapter from "../../src/foundry/rulesets/worldlines/adapter.ts";
import type * as Rules from "../../src/rules/worldlines/index.ts";

let fake: FakeFoundry;
let adapter: typeof Adapter;
let rules: typeof Rules;

beforeAll(async () => {
  fake = installFakeFoundry();
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  adapter = await import("../../src/foundry/rulesets/worldlines/adapter.ts");
  rules = await import("../../src/rules/worldlines/index.ts");
});

beforeEach(() => {
  fake.db.clear();
});

type Doc = ClientDocument & {
  items: { contents: ClientDocument[] };
  effects: { contents: (ClientDocument & { statuses: Set<string> })[] };
};

async function createActor(source: Record<string, unknown>): Promise<Actor.Implementation> {
  const Actor = fake.CONFIG["Actor"]?.documentClass;
  const actor = await Actor?.create(source);
  if (!actor) throw new Error("actor not created");
  return actor as unknown as Actor.Implementation;
}

const doc = (actor: Actor.Implementation) => actor as unknown as Doc;
const system = (actor: Actor.Implementation): unknown => doc(actor).system;
/** A value of the actor's system data by dotted path. */
const at = (actor: Actor.Implementation, path: string): unknown =>
  path
    .split(".")
    .reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], doc(actor).system);

describe("toCombatant", () => {
  it("reads traits, skills, stance, limbs and rank from the actor", async () => {
    const actor = await createActor({
      name: "Vex",
      type: "npc",
      system: {
        health: { value: 12, max: 20 },
        energy: { value: 4, max: 6 },
        traits: { combat: 10, spirit: 4, mind: 8 },
        skills: { evasion: 2, firearms: 3 },
        stance: "crouched",
        rank: "elite",
        disabledLimbs: { legs: true },
        unconsciousMinutes: null,
      },
    });
    const combatant = adapter.toCombatant(actor, "red");
    expect(combatant).toMatchObject({
      id: actor.id,
      name: "Vex",
      teamId: "red",
      rank: "elite",
      life: "active",
      health: { value: 12, max: 20 },
      energy: { value: 4, max: 6 },
      traits: { combat: 10, spirit: 4, mind: 8 },
      stance: "crouched",
      disabledLimbs: { arms: false, legs: true },
      armor: {},
      armorBonus: 0,
      statuses: {},
    });
    expect(combatant.skills["evasion"]).toBe(2);
    expect(combatant.skills["firearms"]).toBe(3);
    expect("unconsciousMinutes" in combatant).toBe(false);
    // Player characters are heroes to the headshot table.
    expect(adapter.toCombatant(await createActor({ name: "P", type: "character" })).rank).toBe(
      "hero",
    );
  });

  it("wears only equipped armor: the biggest die per zone and the qualities summed", async () => {
    const actor = await createActor({
      name: "Tank",
      type: "character",
      items: [
        { name: "Vest", type: "armor", system: { zones: { torso: 8, arms: 4 }, quality: 1 } },
        { name: "Sleeves", type: "armor", system: { zones: { arms: 6 }, quality: -1 } },
        { name: "Helmet", type: "armor", system: { zones: { head: 10 }, quality: 2 } },
        {
          name: "Spare helmet",
          type: "armor",
          system: { zones: { head: 12 }, quality: 3, equipped: false },
        },
      ],
    });
    const combatant = adapter.toCombatant(actor);
    expect(combatant.armor).toEqual({ torso: 8, arms: 6, head: 10 });
    expect(combatant.armorBonus).toBe(2);
  });

  it("reads statuses from active effects, their data from flags.fray, defaults otherwise", async () => {
    const actor = await createActor({
      name: "Hurt",
      type: "character",
      system: { exhaustion: 2 },
      effects: [
        { name: "Bleeding", statuses: ["bleeding"], flags: { fray: { hpPerTurn: 7 } } },
        { name: "Staggered", statuses: ["staggered"] },
        { name: "Blinded", statuses: ["blinded"] },
        { name: "Charmed", statuses: ["charmed"], flags: { fray: { sourceId: "witch" } } },
        { name: "Poisoned (off)", statuses: ["poisoned"], disabled: true },
      ],
    });
    expect(adapter.toCombatant(actor).statuses).toEqual({
      bleeding: { hpPerTurn: 7 },
      staggered: { turnsLeft: 1 },
      blinded: { turnsLeft: null },
      charmed: { sourceId: "witch" },
      exhausted: { points: 2 },
    });
  });
});

describe("toWeapon", () => {
  it("folds accuracy and damage bonus in, keeps only the range bands the weapon changes", async () => {
    const actor = await createActor({
      name: "Sniper",
      type: "character",
      items: [
        {
          name: "Longshot",
          type: "weapon",
          system: {
            damage: "2d6",
            kind: "ranged",
            skill: "firearms",
            accuracy: { quality: 1, attachments: 1 },
            damageBonus: 1,
            range: { long: { accuracy: 0 }, extreme: { accuracy: -1, damage: 2 } },
            critWiden: 1,
            headshotWiden: 2,
            lethalOnly: true,
            onHit: { bleeding: true },
          },
        },
      ],
    });
    const item = doc(actor).items.contents[0] as unknown as Item.Implementation;
    expect(adapter.toWeapon(item)).toEqual({
      id: item.id,
      name: "Longshot",
      kind: "ranged",
      skill: "firearms",
      damage: "2d6+1",
      accuracy: 2,
      rangeBands: { long: { accuracy: 0, damage: 0 }, extreme: { accuracy: -1, damage: 2 } },
      lethalOnly: true,
      critWiden: 1,
      headshotWiden: 2,
      onHit: [{ status: "bleeding" }],
    });
  });

  it("gives the attack engine a weapon it resolves: the book's 1d6+1 crit deals 14", async () => {
    const actor = await createActor({
      name: "Maya",
      type: "character",
      items: [{ name: "Pistol", type: "weapon", system: { damage: "1d6+1", kind: "ranged" } }],
    });
    const weapon = adapter.toWeapon(doc(actor).items.contents[0] as unknown as Item.Implementation);
    const formula = rules.damageFormula(weapon.damage);
    if (!formula) throw new Error("formula not parsed");
    expect(rules.criticalDamage(formula)).toEqual({ ok: true, value: 14 });
  });

  it("knows how far its bands reach: its own profile first, the defaults otherwise", async () => {
    const actor = await createActor({
      name: "Sniper",
      type: "character",
      items: [{ name: "Rifle", type: "weapon", system: { range: { long: { feet: 300 } } } }],
    });
    const data = await import("../../src/foundry/rulesets/worldlines/data.ts");
    const item = doc(actor).items.contents[0] as unknown as Item.Implementation;
    const reach = adapter.bandReach(item, data.DEFAULT_BAND_FEET);
    expect(adapter.bandForDistance(reach, 5)).toBe("pointBlank");
    expect(adapter.bandForDistance(reach, 45)).toBe("medium");
    expect(adapter.bandForDistance(reach, 250)).toBe("long");
    expect(adapter.bandForDistance(reach, 500)).toBeNull();
  });
});

describe("applyUpdatesBatch", () => {
  it("writes every actor's fields in one round-trip and only the effects that changed", async () => {
    const a = await createActor({ name: "A", type: "character" });
    const b = await createActor({
      name: "B",
      type: "npc",
      effects: [{ name: "Bleeding", statuses: ["bleeding"], flags: { fray: { hpPerTurn: 5 } } }],
    });
    const c = await createActor({ name: "C", type: "npc" });
    fake.db.clear();

    const before = [a, b, c].map((actor) => adapter.toCombatant(actor));
    const [ca, cb, cc] = before;
    if (!ca || !cb || !cc) throw new Error("combatants missing");
    const after = [
      { ...ca, energy: { ...ca.energy, value: 4 }, stance: "prone" as const },
      {
        ...cb,
        health: { ...cb.health, value: 15 },
        statuses: { staggered: { turnsLeft: 1 } },
        disabledLimbs: { arms: true, legs: false },
      },
      { ...cc, statuses: { exhausted: { points: 3 } } },
    ];
    const updates = rules.diffAll(before.map((x, i) => [x, after[i] ?? x] as const));
    await adapter.applyUpdatesBatch(updates);

    expect(fake.db.count({ operation: "update", documentName: "Actor" })).toBe(1);
    expect(fake.db.calls[0]).toMatchObject({
      operation: "update",
      documentName: "Actor",
      count: 3,
    });
    // B lost Bleeding and gained Staggered; C gained the Exhausted marker: one create and one
    // delete on B, one create on C.
    expect(fake.db.count({ documentName: "ActiveEffect" })).toBe(3);

    expect(system(a)).toMatchObject({ energy: { value: 4 }, stance: "prone" });
    expect(system(b)).toMatchObject({ health: { value: 15 }, disabledLimbs: { arms: true } });
    expect(at(c, "exhaustion")).toBe(3);
    expect(adapter.toCombatant(b).statuses).toEqual({ staggered: { turnsLeft: 1 } });
    expect(adapter.toCombatant(c).statuses).toEqual({ exhausted: { points: 3 } });
    expect(doc(b).effects.contents.map((effect) => [...effect.statuses])).toEqual([["staggered"]]);
  });

  it("updates the data of a status it already has instead of adding a second effect", async () => {
    const actor = await createActor({
      name: "D",
      type: "npc",
      effects: [{ name: "Staggered", statuses: ["staggered"], flags: { fray: { turnsLeft: 2 } } }],
    });
    fake.db.clear();
    const before = adapter.toCombatant(actor);
    const update = rules.diffCombatant(before, {
      ...before,
      statuses: { staggered: { turnsLeft: 1 } },
    });
    if (!update) throw new Error("no update");
    await adapter.applyUpdatesBatch([update]);
    expect(fake.db.calls.map((call) => call.operation)).toEqual(["update"]);
    expect(doc(actor).effects.contents).toHaveLength(1);
    expect(adapter.toCombatant(actor).statuses).toEqual({ staggered: { turnsLeft: 1 } });
  });

  it("a change the model refuses is reported and left out; the rest of the batch is written", async () => {
    const a = await createActor({ name: "E", type: "character" });
    const b = await createActor({ name: "F", type: "character" });
    fake.db.clear();
    fake.notifications.length = 0;
    // Core tries each change on the writing client (#preUpdateDocumentArray): one its model
    // refuses gets an error notification and is not sent; the others go in the one request.
    await adapter.applyUpdatesBatch([
      {
        actorId: a.id ?? "",
        changes: { "system.energy.value": 2 },
        setStatuses: {},
        removeStatuses: [],
      },
      {
        actorId: b.id ?? "",
        changes: { "system.health.value": "lots" },
        setStatuses: {},
        removeStatuses: [],
      },
    ]);
    expect(fake.db.calls.map((call) => [call.documentName, call.count])).toEqual([["Actor", 1]]);
    expect(at(a, "energy.value")).toBe(2);
    expect(at(b, "health.value")).toBe(20);
    expect(fake.notifications).toMatchObject([{ level: "error" }]);
    expect(fake.notifications[0]?.message).toMatch(/health\.value/);
  });

  it("skips and reports updates for actors that no longer exist", async () => {
    const result = await adapter.applyUpdatesBatch([
      {
        actorId: "gone000000000000",
        changes: { "system.energy.value": 1 },
        setStatuses: {},
        removeStatuses: [],
      },
    ]);
    expect(result.missing).toEqual(["gone000000000000"]);
    expect(fake.db.calls).toEqual([]);
  });
});
