import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { fixedDice, seededRandom } from "../core/index.ts";
import { makeCombatant } from "./factory.ts";
import { loseHealth } from "./health.ts";

const rook = makeCombatant({ id: "rook", health: 12 });

describe("losing health", () => {
  it("takes the damage off and stops at 0, which means dying", () => {
    expect(loseHealth(rook, 5, { nonLethal: false, dice: fixedDice([]) })).toMatchObject({
      lost: 5,
      actor: { health: { value: 7 }, life: "active" },
    });
    const down = loseHealth(rook, 30, { nonLethal: false, dice: fixedDice([]) });
    expect(down).toMatchObject({
      lost: 12,
      downed: "dying",
      actor: { health: { value: 0 }, life: "dying" },
    });
  });

  it("a non-lethal blow to 0 knocks out for 1d6 × 10 minutes; lethal damage then makes them dying", () => {
    const out = loseHealth(rook, 12, { nonLethal: true, dice: fixedDice([6]) });
    expect(out).toMatchObject({
      downed: "unconscious",
      unconsciousMinutes: 60,
      actor: { life: "unconscious" },
    });
    const worse = loseHealth(out.actor, 3, { nonLethal: false, dice: fixedDice([]) });
    expect(worse.actor.life).toBe("dying");
    expect(worse.actor.unconsciousMinutes).toBeUndefined();
  });

  it("never heals, never goes below 0, never yields NaN", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40 }),
        fc.oneof(fc.integer({ min: -50, max: 50 }), fc.double()),
        fc.boolean(),
        fc.integer(),
        (health, amount, nonLethal, seed) => {
          const actor = makeCombatant({
            id: "x",
            health: { value: health, max: 40 },
            life: health > 0 ? "active" : "dying",
          });
          const out = loseHealth(actor, amount, { nonLethal, dice: seededRandom(seed) });
          expect(Number.isNaN(out.actor.health.value)).toBe(false);
          expect(out.actor.health.value).toBeLessThanOrEqual(health);
          expect(out.actor.health.value).toBeGreaterThanOrEqual(0);
          expect(out.lost).toBe(health - out.actor.health.value);
        },
      ),
    );
  });
});
