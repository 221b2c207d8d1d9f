/**
 * Dragging a grappled victim on the map (dicepoolMoveCost with `dragging`): speed 1 unless the
 * assailant is larger, 1 Grappling Pool point per space, never more spaces than the pool, and
 * hostile numbers refused.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FRESH_TURN } from "./actions.ts";
import { makeDicepoolCombatant } from "./factory.ts";
import { dicepoolMoveCost } from "./move-cost.ts";
import type { MoveMode } from "../movement/types.ts";

const walk = (distance: number, mode: MoveMode = "walk") => ({ distance, mode });
const mover = (size = 1, speed = 3) =>
  makeDicepoolCombatant({
    id: "a",
    speed,
    size,
    skills: { closeCombat: 3 },
    energy: { value: 5, max: 5 },
  });
const dragging = (victimSize: number, grapplePool: number) => ({
  ownTurn: true,
  dragging: { victimSize, grapplePool },
});
const reason = (r: { ok: boolean; reason?: string }) => (r.ok ? "ok" : r.reason);

describe("dragging a grappled victim", () => {
  it("moves 1 space per move unless larger, and pays 1 pool point per space", () => {
    const slow = dicepoolMoveCost(mover(), FRESH_TURN, walk(1), dragging(1, 3));
    expect(slow.ok && slow.value.after.dragged).toBe(1);
    expect(slow.ok && slow.value.price.of).toBe(1);
    // Two spaces at speed 1 take two moves: the second a sprint.
    const two = dicepoolMoveCost(mover(), FRESH_TURN, walk(2), dragging(1, 3));
    expect(two.ok && two.value).toMatchObject({
      price: { actionsBegun: 2 },
      after: { dragged: 2, turn: { moves: 2 } },
    });
    expect(reason(dicepoolMoveCost(mover(), FRESH_TURN, walk(3), dragging(1, 3)))).toBe("too-far");
    // Larger than the victim: its whole speed.
    const big = dicepoolMoveCost(mover(2), FRESH_TURN, walk(3), dragging(1, 5));
    expect(big.ok && big.value.after).toMatchObject({ dragged: 3, turn: { moves: 1 } });
  });

  it("never drags farther than the pool, a Blitz's move included", () => {
    expect(reason(dicepoolMoveCost(mover(2), FRESH_TURN, walk(3), dragging(1, 2)))).toBe(
      "not-enough-grapple",
    );
    expect(reason(dicepoolMoveCost(mover(2), FRESH_TURN, walk(3, "blitz"), dragging(1, 2)))).toBe(
      "not-enough-grapple",
    );
    const blitz = dicepoolMoveCost(mover(2), FRESH_TURN, walk(2, "blitz"), dragging(1, 2));
    expect(blitz.ok && blitz.value.after.dragged).toBe(2);
    // Nobody dragged: nothing paid from a pool.
    const free = dicepoolMoveCost(mover(), FRESH_TURN, walk(3), { ownTurn: true });
    expect(free.ok && free.value.after.dragged).toBe(0);
  });

  it("the pool paid is the spaces moved, never more than the pool; hostile numbers refused", () => {
    const hostile = fc.constantFrom(NaN, Infinity, -Infinity, -1, 0.5, 1e308);
    fc.assert(
      fc.property(
        fc.nat(8),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 3 }),
        fc.nat(6),
        hostile,
        (spaces, size, victim, pool, bad) => {
          const r = dicepoolMoveCost(mover(size), FRESH_TURN, walk(spaces), dragging(victim, pool));
          if (r.ok) {
            expect(r.value.after.dragged).toBe(spaces);
            expect(spaces).toBeLessThanOrEqual(pool);
            if (size <= victim) expect(r.value.price.of).toBeLessThanOrEqual(2);
          }
          expect(dicepoolMoveCost(mover(), FRESH_TURN, walk(1), dragging(bad, 3)).ok).toBe(false);
          expect(dicepoolMoveCost(mover(), FRESH_TURN, walk(1), dragging(1, bad)).ok).toBe(false);
        },
      ),
    );
  });
});
