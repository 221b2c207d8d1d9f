import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { fixedDice, seededRandom } from "../core/index.ts";
import { makeCombatant } from "./factory.ts";
import { loseHealth } from "./health.ts";
import type { HealthLoss } from "./health.ts";

/** loseHealth for numbers that pass the boundary. */
function lose(...args: Parameters<typeof loseHealth>): HealthLoss {
  const out = loseHealth(...args);
  if (!out.ok) throw new Error(`refused: ${out.reason}`);
  return out.value;
}

const rook = makeCombatant({ id: "rook", health: 12 });

describe("losing health", () => {
  it("takes the damage off and stops at 0, which means dying", () => {
    expect(lose(rook, 5, { nonLethal: false, dice: fixedDice([]) })).toMatchObject({
      lost: 5,
      actor: { health: { value: 7 }, life: "active" },
    });
    const down = lose(rook, 30, { nonLethal: false, dice: fixedDice([]) });
    expect(down).toMatchObject({
      lost: 12,
      downed: "dying",
      actor: { health: { value: 0 }, life: "dying" },
    });
  });

  it("a non-lethal blow to 0 knocks out for 1d6 × 10 minutes; lethal damage then makes them dying", () => {
    const out = lose(rook, 12, { nonLethal: true, dice: fixedDice([6]) });
    expect(out).toMatchObject({
      downed: "unconscious",
      unconsciousMinutes: 60,
      actor: { life: "unconscious" },
    });
    const worse = lose(out.actor, 3, { nonLethal: false, dice: fixedDice([]) });
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
          const result = loseHealth(actor, amount, { nonLethal, dice: seededRandom(seed) });
          if (!Number.isFinite(amount)) {
            expect(result).toMatchObject({ ok: false, reason: "not-a-number" });
            return;
          }
          if (!result.ok) throw new Error(result.reason);
          const out = result.value;
          expect(Number.isNaN(out.actor.health.value)).toBe(false);
          expect(out.actor.health.value).toBeLessThanOrEqual(health);
          expect(out.actor.health.value).toBeGreaterThanOrEqual(0);
          expect(out.lost).toBe(health - out.actor.health.value);
        },
      ),
    );
  });

  it("refuses health or an amount it cannot trust, instead of healing or going NaN", () => {
    // A negative starting health once "healed" to 0 on any loss (the factory clamps its pools: a
    // stored actor is where such a value comes from).
    const negative = { ...makeCombatant({ id: "x", health: 12 }), health: { value: -5, max: 12 } };
    expect(loseHealth(negative, 3, { nonLethal: false, dice: fixedDice([]) })).toMatchObject({
      ok: false,
      reason: "out-of-range",
      detail: { field: "actor.health.value", value: -5 },
    });
    fc.assert(
      fc.property(
        fc.constantFrom(Number.NaN, Infinity, -Infinity, -1, 13, 1e308),
        fc.constantFrom("value", "max"),
        (bad, which) => {
          const health = which === "value" ? { value: bad, max: 12 } : { value: 6, max: bad };
          const out = loseHealth({ ...rook, health }, 3, { nonLethal: false, dice: fixedDice([]) });
          // A large finite maximum above the value is a legal (if odd) pool.
          if (which === "max" && Number.isFinite(bad) && bad >= 6) return;
          expect(out.ok).toBe(false);
        },
      ),
    );
  });
});
