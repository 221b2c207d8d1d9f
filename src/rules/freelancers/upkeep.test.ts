import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fixedDice } from "../core/dice.ts";
import { seededRandom } from "../core/random.ts";
import { checkedOptions } from "./checks.ts";
import { makeFreelancer } from "./factory.ts";
import { checkedFreelancer } from "./guard.ts";
import type { FreelancersActor } from "./model.ts";
import { withFreelancersOptions } from "./options.ts";
import { rollUpkeep, upkeep } from "./upkeep.ts";

const blast = { id: "blast", name: "Blast", recharge: 5, charged: false };
const shield = { id: "shield", name: "Shield", recharge: 8, charged: true };
const once = { id: "once", name: "Once", recharge: null, charged: false };
const ace = makeFreelancer({
  id: "ace",
  counters: { stun: 1, bleed: 2 },
  abilities: [blast, shield, once],
});
const rook = makeFreelancer({
  id: "rook",
  health: { value: 0, max: 10 },
  life: "dying",
  attributes: { fortitude: 8 },
  counters: { stress: 1 },
});

function run(combatants: FreelancersActor[], faces: number[], options = withFreelancersOptions()) {
  const dice = fixedDice(faces);
  const result = upkeep(combatants, dice, options);
  if (!result.ok) throw new Error(result.reason);
  expect(dice.remaining).toBe(0);
  return result.value;
}

describe("Freelancers Upkeep", () => {
  it("drops a counter of each kind, rolls recharges, then death checks, in order", () => {
    // ace: one recharge roll (blast; the shield is charged, "once" has no number); rook: death check.
    const out = run([ace, rook], [6, 9]);
    const [a, r] = out.combatants;
    expect(a?.counters).toEqual({ bleed: 1 });
    expect(a?.abilities.map((x) => x.charged)).toEqual([true, true, false]);
    expect(r).toMatchObject({ counters: {}, life: "dying", deathFailures: 1 });
    expect(out.reports[0]?.recharges).toEqual([
      { abilityId: "blast", face: 6, needed: 5, recharged: true },
    ]);
    expect(out.reports[1]?.deathCheck).toMatchObject({ roll: { natural: 9, passed: false } });
  });

  it("writes the changes as document updates, actor and items", () => {
    const out = run([ace, rook], [4, 8]);
    expect(out.updates).toEqual([
      { actorId: "ace", changes: { "system.counters.stun": 0, "system.counters.bleed": 1 } },
      { actorId: "rook", changes: { "system.counters.stress": 0 } },
    ]);
    const recharged = run([ace], [5]);
    expect(recharged.updates).toContainEqual({
      actorId: "ace",
      itemId: "blast",
      changes: { "system.charged": true },
    });
  });

  it("a passed death check keeps the entity Dying; failures to kill is a setting", () => {
    expect(run([rook], [8]).combatants[0]).toMatchObject({ life: "dying", deathFailures: 0 });
    const two = withFreelancersOptions({ deathFailures: 2 });
    const first = run([rook], [15], two).combatants[0];
    expect(first).toMatchObject({ life: "dying", deathFailures: 1 });
    if (first === undefined) throw new Error("missing");
    expect(run([first], [15], two).combatants[0]).toMatchObject({ life: "dead" });
  });

  it("the stable, the active and the dead roll no death check; the dead keep their counters", () => {
    const stable = { ...rook, life: "stable" as const };
    const dead = { ...rook, id: "gone", life: "dead" as const };
    const out = run([stable, dead], []);
    expect(out.combatants[1]).toBe(dead);
    expect(out.updates).toEqual([{ actorId: "rook", changes: { "system.counters.stress": 0 } }]);
  });

  it("refuses the whole Upkeep on one bad number, before a die is drawn", () => {
    const bad = { ...rook, id: "bad", counters: { bleed: Number.NaN } };
    const dice = fixedDice([1, 1]);
    expect(upkeep([ace, bad], dice)).toMatchObject({
      ok: false,
      reason: "not-a-number",
      detail: { field: "bad.counters.bleed" },
    });
    expect(dice.remaining).toBe(2);
    expect(upkeep([{ ...ace, abilities: [{ ...blast, recharge: Infinity }] }], dice)).toMatchObject(
      {
        detail: { field: "ace.abilities.0.recharge" },
      },
    );
    expect(upkeep([{ ...rook, attributes: { fortitude: -Infinity } }], dice)).toMatchObject({
      detail: { field: "rook.attributes.fortitude" },
    });
  });

  it("counters never grow and never go negative; nobody comes back to life (property)", () => {
    const counts = fc.dictionary(fc.constantFrom("stun", "stress", "bleed", "fire"), fc.nat(5));
    fc.assert(
      fc.property(
        counts,
        fc.constantFrom("active", "dying", "stable", "dead"),
        fc.integer(),
        (c, life, seed) => {
          const actor = { ...rook, life: life, counters: c };
          const result = upkeep([actor], seededRandom(seed));
          if (!result.ok) throw new Error(result.reason);
          const after = result.value.combatants[0];
          for (const [kind, n] of Object.entries(after?.counters ?? {})) {
            expect(n).toBeGreaterThanOrEqual(0);
            expect(n).toBeLessThanOrEqual(c[kind] ?? 0);
          }
          if (life === "dead") expect(after?.life).toBe("dead");
          if (life !== "dying") expect(after?.life).toBe(life);
        },
      ),
    );
  });
});

describe("Freelancers Upkeep for checked combatants (rollUpkeep, the encounter simulator's)", () => {
  it("plays exactly the guarded Upkeep, dice for dice, without the document changes", () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const options = checkedOptions(withFreelancersOptions());
        if (!options.ok) throw new Error(options.reason);
        const guarded = upkeep([ace, rook], seededRandom(seed), options.value);
        const checked = [checkedFreelancer(ace), checkedFreelancer(rook)].map((c) => {
          if (!c.ok) throw new Error(c.reason);
          return c.value;
        });
        const bare = rollUpkeep(checked, seededRandom(seed), options.value);
        if (!guarded.ok) throw new Error(guarded.reason);
        const { updates, ...outcome } = guarded.value;
        expect(bare).toEqual({ ok: true, value: outcome });
        expect(updates.length).toBeGreaterThan(0);
      }),
      { numRuns: 50 },
    );
  });
});
