import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { withoutStatus } from "./changes.ts";
import { changed, copyOf, withStatus } from "./combatant.ts";
import { makeCombatant } from "./factory.ts";
import type { StatusState, WorldlinesCombatant } from "./model.ts";

/** A combatant with every field of the model set: a new field must be added here (tsc says so). */
const full: Required<WorldlinesCombatant> = {
  id: "a",
  name: "A",
  teamId: "t",
  rank: "boss",
  life: "unconscious",
  health: { value: 3, max: 20 },
  energy: { value: 2, max: 6 },
  traits: { combat: 10, spirit: 6 },
  skills: { firearms: 2 },
  stance: "prone",
  armor: { torso: 6 },
  armorBonus: -1,
  statuses: { bleeding: { hpPerTurn: 1 } },
  disabledLimbs: { arms: true, legs: false },
  defensivePosture: true,
  interruptUsed: true,
  critWiden: 1,
  headshotWiden: 2,
  unconsciousMinutes: 30,
};

describe("changed: a combatant's fields copied one by one, as the spread would", () => {
  it("copies every field of the model", () => {
    const copy = copyOf(full);
    expect(copy).not.toBe(full);
    expect(copy).toStrictEqual(full);
    expect(changed(full, { stance: "standing" })).toStrictEqual({ ...full, stance: "standing" });
  });

  it("equals { ...actor, ...patch } and leaves the actor as it was", () => {
    const optional = fc.record(
      { critWiden: fc.integer(), headshotWiden: fc.integer(), unconsciousMinutes: fc.integer() },
      { requiredKeys: [] },
    );
    const patch = fc.record(
      {
        life: fc.constantFrom("active", "dying", "dead"),
        health: fc.record({ value: fc.integer(), max: fc.integer() }),
        interruptUsed: fc.boolean(),
        unconsciousMinutes: fc.option(fc.integer(), { nil: undefined }),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(optional, patch, (extra, p) => {
        const actor: WorldlinesCombatant = { ...makeCombatant({ id: "x" }), ...extra };
        const before = structuredClone(actor);
        expect(changed(actor, p as Partial<WorldlinesCombatant>)).toStrictEqual({
          ...actor,
          ...p,
        });
        expect(actor).toStrictEqual(before);
      }),
    );
  });
});

describe("withStatus and withoutStatus: status states copied key by key", () => {
  it("equal the spread and the delete", () => {
    const statuses: StatusState = { bleeding: { hpPerTurn: 1 }, staggered: { turnsLeft: 2 } };
    const added = withStatus(statuses, "poisoned", { hpPerTurn: 2 });
    expect(added).toStrictEqual({ ...statuses, poisoned: { hpPerTurn: 2 } });
    expect(Object.keys(withStatus(statuses, "bleeding", { hpPerTurn: 3 }))).toEqual([
      "bleeding",
      "staggered",
    ]);
    expect(withoutStatus(added, "bleeding")).toStrictEqual({
      staggered: { turnsLeft: 2 },
      poisoned: { hpPerTurn: 2 },
    });
    expect(withoutStatus(statuses, "charmed")).toBe(statuses);
    expect(statuses).toStrictEqual({ bleeding: { hpPerTurn: 1 }, staggered: { turnsLeft: 2 } });
  });
});
