import { describe, expect, it } from "vitest";
import { FRESH_TURN } from "./model.ts";
import type { TurnState } from "./model.ts";
import { counterattack, moveDistance, nextTurn, rollWithIt, takeAction, wait } from "./turns.ts";

function must<T>(result: { ok: true; value: T } | { ok: false; reason: string }): T {
  if (!result.ok) throw new Error(result.reason);
  return result.value;
}

describe("a two-dice turn", () => {
  it("allows one combat action a turn, and gives it back next turn", () => {
    const acted = must(takeAction(FRESH_TURN, { kind: "hide" })).turn;
    expect(takeAction(acted, { kind: "aim" })).toEqual({ ok: false, reason: "alreadyActed" });
    expect(nextTurn(acted).acted).toBe(false);
  });

  it("lets a waiting combatant cut in with its declared action, and act after the event otherwise", () => {
    const waiting = must(wait(FRESH_TURN, "rangedAttack"));
    expect(waiting.acted).toBe(false);
    expect(must(takeAction(waiting, { kind: "rangedAttack" }, true))).toMatchObject({
      timing: "before",
      turn: { acted: true, waiting: null },
    });
    expect(must(takeAction(waiting, { kind: "hide" }, true)).timing).toBe("after");
    expect(takeAction(FRESH_TURN, { kind: "hide" }, true)).toMatchObject({ reason: "notWaiting" });
    expect(wait(waiting, "aim")).toMatchObject({ reason: "alreadyWaiting" });
    // Next turn it is back in its usual place: not waiting.
    expect(nextTurn(waiting).waiting).toBeNull();
  });

  it("sets the Defense a combatant defends with from its melee attack, made or declared", () => {
    const striking = must(takeAction(FRESH_TURN, { kind: "moveAndMelee", defense: 7 })).turn;
    expect(striking).toMatchObject({ meleeDefense: 7, moving: true });
    expect(nextTurn(striking).meleeDefense).toBeNull();
    expect(takeAction(FRESH_TURN, { kind: "meleeAttack" })).toMatchObject({
      reason: "missingDefense",
    });
    expect(takeAction(FRESH_TURN, { kind: "meleeAttack", defense: Number.NaN })).toMatchObject({
      reason: "not-a-number",
    });
  });

  it("lets only a combatant that has not acted counterattack, and that is its action", () => {
    const countered = must(counterattack(FRESH_TURN, 5));
    expect(countered).toMatchObject({ acted: true, meleeDefense: 5 });
    expect(counterattack(countered, 5)).toMatchObject({ reason: "alreadyActed" });
    // A waiting combatant has not acted: its counterattack spends the wait.
    expect(must(counterattack(must(wait(FRESH_TURN, "aim")), 5)).waiting).toBeNull();
  });

  it("carries aiming and readying into the next turn only", () => {
    const aiming = must(takeAction(FRESH_TURN, { kind: "aim" })).turn;
    expect(nextTurn(aiming).aimed).toBe(true);
    expect(nextTurn(nextTurn(aiming)).aimed).toBe(false);
    const readying = must(takeAction(FRESH_TURN, { kind: "ready", weaponId: "rifle" })).turn;
    expect(nextTurn(readying).readiedLastTurn).toBe("rifle");
    expect(takeAction(FRESH_TURN, { kind: "ready" })).toMatchObject({ reason: "missingWeapon" });
  });

  it("spends the next available action when rolling with it: this turn's, else next turn's", () => {
    expect(must(rollWithIt(FRESH_TURN)).acted).toBe(true);
    const acted: TurnState = { ...FRESH_TURN, acted: true };
    const owed = must(rollWithIt(acted));
    expect(owed.actionOwed).toBe(true);
    expect(rollWithIt(owed)).toMatchObject({ reason: "actionAlreadyOwed" });
    const next = nextTurn(owed);
    expect(next).toMatchObject({ acted: true, actionOwed: false });
    expect(nextTurn(next).acted).toBe(false);
  });

  it("cuts a declared move to half when rolling with it in the middle of it", () => {
    const moving = must(takeAction(FRESH_TURN, { kind: "move" })).turn;
    const rolled = must(rollWithIt(moving));
    expect(rolled).toMatchObject({ moveHalved: true, actionOwed: false });
    expect(moveDistance("move", 8, rolled.moveHalved)).toBe(4);
  });

  it("moves Agility in meters, half of it when shooting or taking cover on the way", () => {
    expect(moveDistance("move", 8)).toBe(8);
    expect(moveDistance("moveAndMelee", 8)).toBe(8);
    expect(moveDistance("moveAndShoot", 8)).toBe(4);
    expect(moveDistance("moveAndCover", 8)).toBe(4);
    expect(moveDistance("hide", 8)).toBe(0);
  });
});
