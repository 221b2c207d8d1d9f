/**
 * Freelancers' and the two-dice game's price of a path, and Worldlines' Retreat: the book's
 * costs, the refusals by name, and hostile numbers refused without a throw or a priced path.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FRESH_ACTIONS } from "../freelancers/actions.ts";
import { makeFreelancer } from "../freelancers/factory.ts";
import { freelancersMoveCost } from "../freelancers/move-cost.ts";
import { FRESH_TURN } from "../twodice/model.ts";
import { twodiceMoveCost } from "../twodice/move-cost.ts";
import { makeCombatant } from "../worldlines/factory.ts";
import { worldlinesMoveCost } from "../worldlines/move-cost.ts";
import type { MoveMode, MovePath } from "./types.ts";

const HOSTILE = fc.constantFrom(NaN, Infinity, -Infinity, -1, -1e9, 1e308);
const path = (distance: number, mode: MoveMode = "walk"): MovePath => ({ distance, mode });
const teammate = () => makeFreelancer({ id: "k", name: "Kara" });

describe("Freelancers: metres of Move actions", () => {
  it("a Move carries 6 m; a longer path trades the Base; beyond both is too far", () => {
    const one = freelancersMoveCost(teammate(), null, path(4.5));
    expect(one.ok && one.value.after).toEqual({
      actions: { ...FRESH_ACTIONS, move: 0 },
      left: 1.5,
    });
    const two = freelancersMoveCost(teammate(), null, path(9));
    expect(two.ok && two.value.after.actions).toMatchObject({ move: 0, base: 0 });
    expect(two.ok && two.value.price.band).toBe("next");
    const far = freelancersMoveCost(teammate(), null, path(12.5));
    expect(far.ok ? null : far.reason).toBe("tooFar");
  });

  it("what is left of the open Move is used first; climbing counts double", () => {
    const r = freelancersMoveCost(teammate(), 3, path(1.5, "climb"));
    expect(r.ok && r.value.after).toEqual({ actions: FRESH_ACTIONS, left: 0 });
  });

  it("Disengage is the Long action and twice the Move; refused once an action is used", () => {
    const r = freelancersMoveCost(teammate(), null, path(12, "disengage"));
    expect(r.ok && r.value.after.actions).toMatchObject({ long: true, disengaging: true });
    const used = { ...teammate(), actions: { ...FRESH_ACTIONS, quick: 0 } };
    const refused = freelancersMoveCost(used, null, path(3, "disengage"));
    expect(refused.ok ? null : refused.reason).toBe("longNeedsWholeTurn");
  });

  it("refuses an unknown way of moving and hostile numbers", () => {
    expect(freelancersMoveCost(teammate(), null, path(1, "retreat")).ok).toBe(false);
    fc.assert(
      fc.property(HOSTILE, HOSTILE, (distance, left) => {
        expect(freelancersMoveCost(teammate(), null, path(distance)).ok).toBe(false);
        expect(freelancersMoveCost(teammate(), left, path(1)).ok).toBe(false);
        expect(freelancersMoveCost(teammate(), null, path(1), distance).ok).toBe(false);
      }),
    );
  });
});

describe("two dice: Agility in metres", () => {
  it("the first path takes the turn's action; later ones use what is left", () => {
    const first = twodiceMoveCost(FRESH_TURN, 6, null, path(4));
    expect(first.ok && first.value.after.left).toBe(2);
    expect(first.ok && first.value.after.turn).toMatchObject({ acted: true, moving: true });
    const turn = first.ok ? first.value.after.turn : FRESH_TURN;
    const more = twodiceMoveCost(turn, 6, 2, path(3));
    expect(more.ok ? null : more.reason).toBe("tooFar");
  });

  it("a turn that acted without moving cannot move; one that declared a move walks half", () => {
    const acted = { ...FRESH_TURN, acted: true };
    const r = twodiceMoveCost(acted, 6, null, path(1));
    expect(r.ok ? null : r.reason).toBe("alreadyActed");
    const half = twodiceMoveCost({ ...acted, moving: true }, 6, null, path(3));
    expect(half.ok && half.value.after.left).toBe(0);
  });

  it("refuses hostile numbers", () => {
    fc.assert(
      fc.property(HOSTILE, (n) => {
        expect(twodiceMoveCost(FRESH_TURN, 6, null, path(n)).ok).toBe(false);
        expect(twodiceMoveCost(FRESH_TURN, n, null, path(1)).ok).toBe(false);
      }),
    );
  });
});

describe("Worldlines: Retreat", () => {
  it("costs 2 Energy on top of the spaces, and is refused to the Staggered", () => {
    const r = worldlinesMoveCost(makeCombatant({ id: "a", energy: 5 }), path(1, "retreat"));
    expect(r.ok && r.value.price.cost).toBe(3);
    const poor = worldlinesMoveCost(makeCombatant({ id: "a", energy: 2 }), path(1, "retreat"));
    expect(poor.ok ? null : poor.reason).toBe("notEnoughEnergy");
  });
});
