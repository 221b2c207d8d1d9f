/**
 * The dice-pool DataModels and turn start in the fake: stored data of another ruleset loads
 * (migrateData), Energy above its max is refused with a message (validateJoint), the rules' field
 * paths exist on the model, and an incapacitated, unstabilized combatant bleeds on its own turn
 * (with its wound die) while a stabilized one does not; both are marked on the tracker.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import type { ClientDocument } from "../fake-foundry/documents.ts";
import { DICEPOOL_FIELD_PATHS } from "../../src/rules/dicepool/changes.ts";
import type * as Data from "../../src/foundry/rulesets/dicepool/data.ts";
import type * as CombatHooks from "../../src/foundry/rulesets/dicepool/combat.ts";
import { refusedByModel } from "./refused.support.ts";

let fake: FakeFoundry;
let data: typeof Data;
let combat: typeof CombatHooks;
let queue: number[] = [];

beforeAll(async () => {
  fake = installFakeFoundry({
    settings: { "fray.ruleset": "dicepool" },
    random: () => {
      const next = queue.shift();
      if (next === undefined) throw new Error("the test gave no die for this roll");
      return (next - 0.5) / 6;
    },
  });
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  data = await import("../../src/foundry/rulesets/dicepool/data.ts");
  combat = await import("../../src/foundry/rulesets/dicepool/combat.ts");
});

beforeEach(() => {
  fake.setUser(GM.id);
  queue = [];
});

async function create(system: Record<string, unknown>, type = "npc") {
  const Actor = fake.CONFIG["Actor"]?.documentClass;
  const actor = await Actor?.create({ name: "Vic", type, system });
  if (!actor) throw new Error("actor not created");
  return actor as unknown as Actor.Implementation;
}
const sys = (actor: Actor.Implementation) =>
  (actor as unknown as ClientDocument).system as unknown as Record<string, unknown> & {
    health: { damage: number };
    woundPenalty: number;
    dead: boolean;
  };

describe("the dice-pool actor model", () => {
  it("has every field path the rules write", async () => {
    const actor = await create({});
    for (const path of Object.values(DICEPOOL_FIELD_PATHS)) {
      const value = path
        .split(".")
        .slice(1)
        .reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], sys(actor));
      expect(value, path).not.toBeUndefined();
    }
  });

  it("reads a WWN actor's data: the damage it had taken carries over, foreign fields drop", () => {
    const wwn = {
      health: { value: 3, max: 8 },
      attributes: { str: 14, dex: 10 },
      life: "helpless",
      grappling: null,
      energy: { value: 9, max: 4 },
    };
    const migrated = data.migrateDicepoolActor(structuredClone(wwn));
    expect(migrated["health"]).toEqual({ damage: 5, nonLethal: 0 });
    expect(migrated["attributes"]).toEqual({});
    expect(migrated["energy"]).toEqual({ max: 4, value: 4 });
    expect(migrated["schemaVersion"]).toBe(data.DICEPOOL_SCHEMA_VERSION);
    // Data already in this shape is left alone.
    const own = {
      schemaVersion: data.DICEPOOL_SCHEMA_VERSION,
      health: { damage: 2, nonLethal: 1 },
    };
    expect(data.migrateDicepoolActor(structuredClone(own))).toEqual(own);
  });

  it("refuses Energy above its maximum with a message naming both", () => {
    expect(() => {
      data.validateDicepoolActor({ energy: { value: 6, max: 5 } });
    }).toThrow("Energy 6 cannot be above its maximum 5.");
    expect(() => {
      data.validateDicepoolActor({ energy: { value: 5, max: 5 } });
    }).not.toThrow();
  });

  it("brings a negative damage into bounds, refuses a non-number rating, keeps the old value", async () => {
    const actor = await create({});
    // Core cleans a number into its field's bounds before validating it: -1 is stored as 0.
    await actor.update({ "system.health.damage": -1 } as never);
    expect(sys(actor).health.damage).toBe(0);
    expect(
      await refusedByModel(fake, () => actor.update({ "system.size": Number.NaN } as never)),
    ).toMatch(/size/);
    expect(sys(actor).size).toBe(1);
  });
});

/** A combat (not started) of the actor, and its combatant. */
async function fightOf(actor: Actor.Implementation) {
  const Combat = fake.CONFIG["Combat"]?.documentClass;
  const encounter = (await Combat?.create({})) as unknown as Combat.Implementation;
  const [member] = (await encounter.createEmbeddedDocuments("Combatant", [
    { actorId: actor.id },
  ])) as unknown as Combatant.Implementation[];
  if (member === undefined) throw new Error("no combatant");
  return { encounter, member };
}

describe("the old system.falling field (a fall is the ledger's now: falling.ts)", () => {
  it("an actor stored with a fall on it, or a malformed one, still loads; neither makes it fall", async () => {
    const stored = await create({ falling: { height: 3, fallen: 1 } });
    expect(sys(stored)["falling"]).toEqual({ height: 3, fallen: 1 });
    const bad = await create({ falling: "very high" });
    expect(sys(bad)["falling"]).toBeNull();
    for (const actor of [stored, bad]) {
      const labels = combat.dicepoolMemberChips(actor).map((c) => c.label);
      expect(labels.some((l) => l.startsWith("Falling"))).toBe(false);
    }
  });
});

describe("incapacitated and dying combatants at their turn start", () => {
  const turn = async (actor: Actor.Implementation) => {
    const { encounter, member } = await fightOf(actor);
    const { changes, report } = await combat.dicepoolTurnStart(encounter, member);
    for (const change of changes) await actor.update(change.changes);
    return report;
  };

  it("a lethally downed, unstabilized combatant takes 1 damage and a wound die on its turn", async () => {
    // Health 2 + 1 + 3 = 6; 6 damage: incapacitated.
    const actor = await create({ health: { damage: 6 }, incapacitated: "lethal" });
    expect(combat.dicepoolMemberChips(actor).map((c) => c.label)).toContain(
      "FRAY.Dicepool.Status.dying",
    );
    queue = [5]; // the wound die: a hit
    const report = await turn(actor);
    expect(sys(actor).health.damage).toBe(7);
    expect(sys(actor).woundPenalty).toBe(1);
    expect(report).toMatchObject({ bled: 1, woundAdded: 1, died: false });
  });

  it("dies when the bleeding reaches twice its health", async () => {
    const actor = await create({ health: { damage: 11 }, incapacitated: "lethal" });
    queue = [1];
    await turn(actor);
    expect(sys(actor).dead).toBe(true);
    expect(combat.dicepoolMemberChips(actor).map((c) => c.label)).toContain(
      "FRAY.Dicepool.Status.dead",
    );
  });

  it("a stabilized or non-lethally downed combatant does not bleed", async () => {
    const stable = await create({
      health: { damage: 6 },
      incapacitated: "lethal",
      stabilized: true,
    });
    const out = await create({ health: { damage: 6 }, incapacitated: "nonLethal" });
    expect(await turn(stable)).toBeNull();
    expect(await turn(out)).toBeNull();
    expect(sys(stable).health.damage).toBe(6);
    expect(sys(out).health.damage).toBe(6);
    expect(combat.dicepoolMemberChips(out).map((c) => c.label)).toContain(
      "FRAY.Dicepool.Status.incapacitated",
    );
  });

  it("shows Simple, Free and Interrupt chips from the referee's ledger, dimmed as the turn is used", async () => {
    // The actor's own old fields say the turn is spent: nothing reads them any more.
    const actor = await create({ actions: { simpleUsed: 2, freeUsed: 1 } });
    const { encounter, member } = await fightOf(actor);
    const { whenIdle } = await import("../../src/foundry/combat/actions.ts");
    queue = [6, 1]; // its initiative pool: Mental 2 + Awareness 0
    await encounter.startCombat();
    await whenIdle();
    const chips = () =>
      combat
        .dicepoolMemberChips(actor)
        .slice(0, 3)
        .map((c) => [c.label, c.on]);
    expect(chips()).toEqual([
      ["FRAY.Dicepool.Tracker.SimpleTwo", true],
      ["FRAY.Dicepool.Tracker.Free", true],
      ["FRAY.Dicepool.Tracker.Interrupt", true],
    ]);
    const { ledgerChanges } = await import("../../src/foundry/combat/ledger.ts");
    await encounter.update(
      ledgerChanges([
        {
          combatantId: member.id ?? "",
          key: "turn",
          value: { simpleUsed: 1, complexUsed: false, freeUsed: 1, moves: 0 },
        },
      ]),
    );
    expect(chips()).toEqual([
      ["FRAY.Dicepool.Tracker.Simple", true],
      ["FRAY.Dicepool.Tracker.Free", false],
      ["FRAY.Dicepool.Tracker.Interrupt", true],
    ]);
  });

  it("still loads an actor stored with the grapples, penalty and actions it once kept itself", async () => {
    const actor = await create({
      grapples: [{ victimId: "x", victimName: "X", pool: 3, resistOffered: false }],
      grapplePenalty: 2,
      actions: { simpleUsed: 1, complexUsed: false, freeUsed: 0, moves: 1 },
    });
    expect(sys(actor)["grapplePenalty"]).toBe(2);
    // Out of a combat, nobody holds anything: the tracker shows no grapple.
    expect(combat.dicepoolMemberChips(actor).map((c) => c.label)).not.toContain("Grapple 3");
  });

  it("offers the initiative pool (Mental + Awareness; Physical too by a setting) as the order's die", async () => {
    const actor = await create({
      attributes: { physical: 3, mental: 2 },
      skills: { awareness: 1 },
    });
    expect(combat.dicepoolOrderInput(actor)).toEqual({ die: "3d6" });
    await fake.game.settings.set("fray", "dicepoolInitiativePool", "mentalPhysical");
    expect(combat.dicepoolOrderInput(actor)).toEqual({ die: "6d6" });
    await fake.game.settings.set("fray", "dicepoolInitiativePool", "mental");
  });
});
