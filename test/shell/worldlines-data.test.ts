import { beforeAll, describe, expect, it } from "vitest";
import { installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import type { ClientDocument } from "../fake-foundry/documents.ts";
import { refusedByModel } from "./refused.support.ts";

let fake: FakeFoundry;

beforeAll(async () => {
  fake = installFakeFoundry();
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
});

async function createActor(source: Record<string, unknown>): Promise<ClientDocument> {
  const Actor = fake.CONFIG["Actor"]?.documentClass;
  const actor = await Actor?.create(source);
  if (!actor) throw new Error("actor not created");
  return actor;
}

const system = (doc: ClientDocument): unknown => doc.system;
/** A value of the document's system data by dotted path. */
const at = (doc: ClientDocument, path: string): unknown =>
  path
    .split(".")
    .reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], doc.system);

describe("Worldlines actors", () => {
  it("start at full health and Energy, standing, up, with Combat d8 and Spirit d6", async () => {
    const actor = await createActor({ name: "Maya", type: "character" });
    expect(system(actor)).toMatchObject({
      health: { value: 20, max: 20 },
      energy: { value: 6, max: 6 },
      traits: { combat: 8, spirit: 6, mind: 6 },
      stance: "standing",
      life: "active",
      disabledLimbs: { arms: false, legs: false },
      defensivePosture: false,
      interruptUsed: false,
      unconsciousMinutes: null,
      exhaustion: 0,
    });
    expect(at(actor, "skills")).toMatchObject({ evasion: 0, medicine: 0, firearms: 0 });
  });

  it("show the critical range of the Combat die and the movement cost of the stance", async () => {
    const d10 = await createActor({
      name: "Ace",
      type: "character",
      system: { traits: { combat: 10 }, stance: "prone" },
    });
    expect(at(d10, "derived")).toEqual({ critFrom: 9, moveCost: 3 });
    const d6 = await createActor({ name: "Rook", type: "npc", system: { traits: { combat: 6 } } });
    expect(at(d6, "derived")).toEqual({ critFrom: null, moveCost: 1 });
  });

  it("refuse a die that is not on the ladder, saying which dice are allowed, and keep the old", async () => {
    const actor = await createActor({ name: "Bo", type: "character" });
    const writes = fake.db.count({ operation: "update" });
    expect(await refusedByModel(fake, () => actor.update({ "system.traits.combat": 7 }))).toMatch(
      /traits\.combat: 7 is not a die Fray knows: choose one of d4, d6, d8, d10, d12/,
    );
    expect(at(actor, "traits.combat")).toBe(8);
    expect(fake.db.count({ operation: "update" })).toBe(writes);
    await actor.update({ "system.traits.combat": 12 });
    expect(at(actor, "traits.combat")).toBe(12);
  });

  it("bring numbers into their bounds as core cleans them, and refuse an unknown stance", async () => {
    const actor = await createActor({ name: "Cy", type: "npc" });
    // Core's NumberField rounds and clamps before it validates: nothing here is refused.
    await actor.update({ "system.health.value": -1 });
    await actor.update({ "system.energy.value": 2.5 });
    await actor.update({ "system.skills.evasion": 11 });
    expect(system(actor)).toMatchObject({ health: { value: 0 }, energy: { value: 3 } });
    expect(at(actor, "skills.evasion")).toBe(10);
    expect(await refusedByModel(fake, () => actor.update({ "system.stance": "kneeling" }))).toMatch(
      /stance/,
    );
    expect(at(actor, "stance")).toBe("standing");
  });

  it("give NPCs a rank of minor, elite or boss and nothing else", async () => {
    const actor = await createActor({ name: "Grunt", type: "npc" });
    expect(at(actor, "rank")).toBe("minor");
    expect(await refusedByModel(fake, () => actor.update({ "system.rank": "hero" }))).toMatch(
      /rank/,
    );
    await actor.update({ "system.rank": "boss" });
    expect(at(actor, "rank")).toBe("boss");
  });

  it("refuse to be created with a bad value: nothing is stored", async () => {
    const Actor = fake.CONFIG["Actor"]?.documentClass;
    expect(
      await refusedByModel(fake, async () =>
        Actor?.create({ name: "Bad", type: "character", system: { traits: { spirit: 5 } } }),
      ),
    ).toMatch(/traits\.spirit/);
  });
});

describe("Worldlines weapons", () => {
  const weapon = async (system: Record<string, unknown>) => {
    const actor = await createActor({
      name: "Holder",
      type: "character",
      items: [{ name: "Pistol", type: "weapon", system }],
    });
    const item = (actor as unknown as { items: { contents: ClientDocument[] } }).items.contents[0];
    if (!item) throw new Error("no weapon");
    return { actor, item };
  };

  it("refuse a damage formula Foundry cannot roll, with a message that says how to write one", async () => {
    const { item } = await weapon({ damage: "1d6+1" });
    expect(
      await refusedByModel(fake, () => item.update({ "system.damage": "1d6+fire" })),
    ).toContain(
      "damage: “1d6+fire” is not a damage formula Fray can roll. Use dice and whole numbers joined by + or −, such as 1d6+1 or 2d8-1.",
    );
    expect(at(item, "damage")).toBe("1d6+1");
  });

  it("refuse a formula Foundry reads but the odds engine cannot (no silent odds of zero)", async () => {
    const { item } = await weapon({ damage: "2d8-1" });
    expect(await refusedByModel(fake, () => item.update({ "system.damage": "1d6*2" }))).toMatch(
      /1d6\*2/,
    );
    expect(await refusedByModel(fake, () => item.update({ "system.damage": "" }))).toMatch(
      /damage/,
    );
    expect(at(item, "damage")).toBe("2d8-1");
  });

  it("refuse a formula over the one dice limit, naming the limit (100d1000 would freeze the odds)", async () => {
    const { item } = await weapon({ damage: "2d8-1" });
    expect(
      await refusedByModel(fake, () => item.update({ "system.damage": "100d1000" })),
    ).toContain(
      "The damage formula “100d1000” is too large: a formula may roll at most 40 dice in all, each of at most 100 faces, and add at most 10000.",
    );
    expect(at(item, "damage")).toBe("2d8-1");
  });

  it("fold quality, attachments and damage bonus into what the attack rolls", async () => {
    const { item } = await weapon({
      damage: "1d6+1",
      kind: "ranged",
      skill: "firearms",
      accuracy: { quality: 1, attachments: 2 },
      damageBonus: -1,
      ammo: { value: 12, max: 15 },
    });
    expect(at(item, "derived")).toEqual({
      accuracyTotal: 3,
      effectiveDamage: "1d6+1-1",
      nonLethalCapable: false,
      usesAmmo: true,
    });
  });

  it("refuse a weapon skill the actor does not have; clamp a critical widening and ammo", async () => {
    const { item } = await weapon({});
    expect(await refusedByModel(fake, () => item.update({ "system.skill": "archery" }))).toMatch(
      /skill/,
    );
    await item.update({ "system.critWiden": 10 });
    await item.update({ "system.ammo.value": -1 });
    expect(at(item, "critWiden")).toBeLessThan(10);
    expect(at(item, "ammo.value")).toBe(0);
  });
});

describe("Worldlines armor, techniques and gear", () => {
  it("armor covers zones with dice from the ladder and sums them up", async () => {
    const actor = await createActor({
      name: "Tank",
      type: "character",
      items: [{ name: "Vest", type: "armor", system: { zones: { torso: 8, arms: 6 } } }],
    });
    const vest = (actor as unknown as { items: { contents: ClientDocument[] } }).items.contents[0];
    if (!vest) throw new Error("no vest");
    expect(at(vest, "equipped")).toBe(true);
    expect(at(vest, "derived.summary")).toBe("torso d8 · arms d6");
    expect(await refusedByModel(fake, () => vest.update({ "system.zones.head": 3 }))).toMatch(
      /zones\.head: 3 is not/,
    );
    await vest.update({ "system.zones.arms": null });
    expect(at(vest, "derived.summary")).toBe("torso d8");
  });

  it("a technique costs 0 to 20 Energy; gear counts up from 0 and checks a grenade's damage", async () => {
    const actor = await createActor({
      name: "Kit",
      type: "character",
      items: [
        { name: "Adrenal surge", type: "technique", system: { energyCost: 2, interrupt: true } },
        { name: "Frag", type: "gear", system: { kind: "grenade", quantity: 2, damage: "2d6" } },
      ],
    });
    const [technique, grenade] = (actor as unknown as { items: { contents: ClientDocument[] } })
      .items.contents;
    if (!technique || !grenade) throw new Error("items missing");
    await technique.update({ "system.energyCost": 21 });
    expect(system(technique)).toMatchObject({ energyCost: 20 });
    await grenade.update({ "system.quantity": -1 });
    await grenade.update({ "system.quantity": 2 });
    expect(await refusedByModel(fake, () => grenade.update({ "system.kind": "laser" }))).toMatch(
      /kind/,
    );
    expect(await refusedByModel(fake, () => grenade.update({ "system.damage": "boom" }))).toMatch(
      /“boom”/,
    );
    await grenade.update({ "system.damage": "" });
    expect(system(grenade)).toMatchObject({ kind: "grenade", quantity: 2, damage: "" });
  });
});
