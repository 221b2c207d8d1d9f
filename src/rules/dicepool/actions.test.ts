import { describe, expect, it } from "vitest";
import {
  ACTION_TABLE,
  FRESH_TURN,
  opportunityAttackOpen,
  takeAction,
  turnOver,
} from "./actions.ts";
import type { ActionContext, ActionName, TurnActions } from "./actions.ts";

const mine: ActionContext = { ownTurn: true };

function run(actions: readonly ActionName[], ctx: ActionContext = mine) {
  let state: TurnActions = FRESH_TURN;
  for (const action of actions) {
    const r = takeAction(state, action, ctx);
    if (!r.ok) return r;
    state = r.value;
  }
  return { ok: true as const, value: state };
}

describe("actions in a turn", () => {
  it("takes the book's table: attacks, moves, readying are Simple, cover Free, surrender Interrupt", () => {
    expect(ACTION_TABLE.rangedAttack).toBe("simple");
    expect(ACTION_TABLE.closeAttack).toBe("simple");
    expect(ACTION_TABLE.move).toBe("simple");
    expect(ACTION_TABLE.readyWeapon).toBe("simple");
    expect(ACTION_TABLE.takeCover).toBe("free");
    expect(ACTION_TABLE.surrender).toBe("interrupt");
    expect(ACTION_TABLE.parkVehicle).toBe("complex");
  });

  it("two Simple actions end the turn; a Free action may still follow; a third Simple may not", () => {
    const two = run(["move", "rangedAttack"]);
    expect(two.ok && turnOver(two.value)).toBe(true);
    expect(run(["move", "rangedAttack", "takeCover"]).ok).toBe(true);
    expect(run(["move", "rangedAttack", "closeAttack"])).toMatchObject({
      ok: false,
      reason: "turn-over",
    });
  });

  it("a Complex action takes the whole turn, and needs an untouched one", () => {
    const parked = run(["parkVehicle"]);
    expect(parked.ok && turnOver(parked.value)).toBe(true);
    expect(run(["parkVehicle", "move"])).toMatchObject({ ok: false, reason: "turn-over" });
    expect(run(["move", "parkVehicle"])).toMatchObject({ ok: false, reason: "no-complex-action" });
  });

  it("one Free action per turn, on one's own turn only; Interrupts any time", () => {
    expect(run(["takeCover", "quickCommunication"])).toMatchObject({
      ok: false,
      reason: "no-free-action",
    });
    expect(run(["takeCover"], { ownTurn: false })).toMatchObject({
      ok: false,
      reason: "not-your-turn",
    });
    expect(run(["surrender", "opportunityAttack", "escapeGrapple"], { ownTurn: false }).ok).toBe(
      true,
    );
  });

  it("counts moves (the second is a sprint); the grappled cannot move; the downed only talk", () => {
    const moved = run(["move", "move"]);
    expect(moved.ok && moved.value.moves).toBe(2);
    expect(run(["move"], { ownTurn: true, grappled: true })).toMatchObject({
      ok: false,
      reason: "grappled",
    });
    expect(run(["closeAttack"], { ownTurn: true, incapacitated: true })).toMatchObject({
      ok: false,
      reason: "incapacitated",
    });
    expect(run(["socialAction"], { ownTurn: true, incapacitated: true }).ok).toBe(true);
  });

  it("Use a power takes the type the power names", () => {
    expect(run(["usePower"])).toMatchObject({ ok: false, reason: "power-type-needed" });
    expect(run(["usePower", "move"], { ownTurn: true, powerType: "complex" })).toMatchObject({
      ok: false,
      reason: "turn-over",
    });
  });

  it("opportunity attacks: an enemy leaving the space or shooting from it, with a close weapon", () => {
    const base = { sameSpace: true, closeWeapon: true };
    expect(opportunityAttackOpen({ ...base, kind: "leaveSpace" })).toBe(true);
    expect(opportunityAttackOpen({ ...base, kind: "rangedAttack" })).toBe(true);
    expect(opportunityAttackOpen({ ...base, kind: "other" })).toBe(false);
    expect(opportunityAttackOpen({ ...base, kind: "leaveSpace", sameSpace: false })).toBe(false);
    expect(opportunityAttackOpen({ ...base, kind: "leaveSpace", closeWeapon: false })).toBe(false);
  });
});
