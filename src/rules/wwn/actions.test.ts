import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Checked } from "../core/checked.ts";
import { ok } from "../core/result.ts";
import * as rules from "./actions.ts";
import {
  FRESH_ACTIONS,
  actionSummary,
  resumeAfterDelay,
  spendInstant,
  spendMain,
  spendMainAsInstant,
  spendMoveAction,
  spendOnTurn,
} from "./actions.ts";
import type { ActionCost, ActionState, MoveSpan, TurnContext } from "./actions.ts";
import { checkedWwnActions } from "./valid.ts";

/** A rule that takes a checked state, after the state's check (whose refusal comes back as is). */
function checkedThen<T>(state: ActionState, rule: (checked: Checked<ActionState>) => T) {
  const checked = checkedWwnActions("actions", state);
  return checked.ok ? rule(checked.value) : checked;
}
const startRound = (s: ActionState) => checkedThen(s, (c) => ok(rules.startRound(c)));
const beginTurn = (s: ActionState) => checkedThen(s, (c) => ok(rules.beginTurn(c)));
const spendMove = (s: ActionState, feet: number, limit: number, ctx: TurnContext) =>
  checkedThen(s, (c) => rules.spendMove(c, feet, limit, ctx));
const spendAction = (s: ActionState, cost: ActionCost, ctx: TurnContext, move?: MoveSpan) =>
  checkedThen(s, (c) => rules.spendAction(c, cost, ctx, move));
const holdAction = (s: ActionState, ctx: TurnContext) =>
  checkedThen(s, (c) => rules.holdAction(c, ctx));
const delayAction = (s: ActionState, afterId: string, ctx: TurnContext) =>
  checkedThen(s, (c) => rules.delayAction(c, afterId, ctx));

const own = { ownTurn: true };
const notOwn = { ownTurn: false };

function after<T>(result: { ok: true; value: T } | { ok: false; reason: string }): T {
  if (!result.ok) throw new Error(result.reason);
  return result.value;
}

describe("WWN action economy", () => {
  it("gives one Main and one Move a round", () => {
    let s = after(spendMain(FRESH_ACTIONS, own));
    expect(spendMain(s, own)).toEqual({ ok: false, reason: "noMainAction" });
    s = after(spendMove(s, 30, 30, own));
    expect(spendMove(s, 5, 30, own)).toEqual({ ok: false, reason: "noMoveAction" });
    expect(after(actionSummary(s))).toMatchObject({ main: false, moves: 0 });
  });

  it("lets the Main go to a second Move", () => {
    let s = after(spendMove(FRESH_ACTIONS, 30, 30, own));
    s = after(spendMove(s, 30, 30, own));
    expect(s).toMatchObject({ mainUsed: true, mainAsMove: true, movesUsed: 2 });
    expect(spendMain(s, own)).toEqual({ ok: false, reason: "noMainAction" });
  });

  it("lets a Move go on in steps while no Main came between", () => {
    let s = after(spendMove(FRESH_ACTIONS, 10, 30, own));
    s = after(spendMove(s, 15, 30, own));
    expect(s).toMatchObject({ movesUsed: 1, moveFeet: 25, mainUsed: false });
    expect(after(actionSummary(s)).moveFeetLeft).toBe(5);
  });

  it("does not let a Move be split around the Main (10 ft, shoot, then 20 ft more)", () => {
    let s = after(spendMove(FRESH_ACTIONS, 10, 30, own));
    s = after(spendMain(s, own));
    expect(spendMove(s, 20, 30, own)).toEqual({ ok: false, reason: "moveAlreadySplit" });
    // A full Move then the Main is not a split: the Move is simply used up.
    let t = after(spendMove(FRESH_ACTIONS, 30, 30, own));
    t = after(spendMain(t, own));
    expect(spendMove(t, 5, 30, own)).toEqual({ ok: false, reason: "noMoveAction" });
  });

  it("refuses a Move longer than its reach, and nonsense distances by name", () => {
    expect(spendMove(FRESH_ACTIONS, 35, 30, own)).toMatchObject({ ok: false, reason: "tooFar" });
    expect(spendMove(FRESH_ACTIONS, -5, 30, own)).toMatchObject({
      ok: false,
      reason: "out-of-range",
      detail: { field: "feet" },
    });
    expect(spendMove(FRESH_ACTIONS, Number.NaN, 30, own)).toMatchObject({
      ok: false,
      reason: "not-a-number",
      detail: { field: "feet" },
    });
    expect(spendMove(FRESH_ACTIONS, 10, Infinity, own)).toMatchObject({
      ok: false,
      reason: "not-a-number",
      detail: { field: "limit" },
    });
  });

  it("refuses a stored count that is NaN or negative, whatever the action", () => {
    const broken = { ...FRESH_ACTIONS, movesUsed: Number.NaN };
    for (const result of [
      startRound(broken),
      beginTurn(broken),
      spendMain(broken, own),
      spendMoveAction(broken, own),
      spendOnTurn(broken, own),
      spendInstant(broken),
      spendMainAsInstant(broken),
      holdAction(broken, own),
      delayAction(broken, "orc", own),
      resumeAfterDelay(broken, "orc"),
      actionSummary(broken),
    ]) {
      expect(result).toMatchObject({
        ok: false,
        reason: "not-a-number",
        detail: { field: "actions.movesUsed" },
      });
    }
    expect(spendOnTurn({ ...FRESH_ACTIONS, onTurn: -1 }, own)).toMatchObject({
      ok: false,
      reason: "out-of-range",
    });
  });

  it("On Turn actions only on one's own turn, as many as wanted; Instants any time", () => {
    let s = after(spendOnTurn(FRESH_ACTIONS, own));
    s = after(spendOnTurn(s, own));
    expect(s.onTurn).toBe(2);
    expect(spendOnTurn(s, notOwn)).toEqual({ ok: false, reason: "notYourTurn" });
    expect(spendMain(s, notOwn)).toEqual({ ok: false, reason: "notYourTurn" });
    expect(after(spendInstant(after(spendInstant(s)))).instants).toBe(2);
  });

  it("spends the pending Main as an Instant out of turn (Snap Attack, Total Defense)", () => {
    const s = after(spendMainAsInstant(FRESH_ACTIONS));
    expect(s).toMatchObject({ mainUsed: true, instants: 1 });
    expect(spendMainAsInstant(s)).toEqual({ ok: false, reason: "noMainAction" });
    // Having spent its Main early, the combatant still has its Move on its own turn.
    expect(spendMove(s, 30, 30, own).ok).toBe(true);
  });

  it("Hold: a Move action, then the rest may be used out of turn", () => {
    const held = after(holdAction(FRESH_ACTIONS, own));
    expect(held).toMatchObject({ holding: true, movesUsed: 1 });
    expect(spendMain(held, notOwn).ok).toBe(true);
    expect(holdAction(FRESH_ACTIONS, notOwn)).toEqual({ ok: false, reason: "notYourTurn" });
  });

  it("Delay: an On Turn action; nothing but Instants until the named participant has acted", () => {
    const waiting = after(delayAction(FRESH_ACTIONS, "orc", own));
    expect(spendMain(waiting, own)).toEqual({ ok: false, reason: "delaying" });
    expect(spendMainAsInstant(waiting).ok).toBe(true);
    expect(after(resumeAfterDelay(waiting, "goblin"))).toBe(waiting);
    expect(spendMain(after(resumeAfterDelay(waiting, "orc")), own).ok).toBe(true);
  });

  it("Charge costs both a fresh Move and the Main", () => {
    expect(spendAction(FRESH_ACTIONS, "moveAndMain", own, { feet: 40, limit: 60 })).toMatchObject({
      ok: true,
      value: { mainUsed: true, movesUsed: 1 },
    });
    const moved = after(spendMove(FRESH_ACTIONS, 5, 30, own));
    expect(spendAction(moved, "moveAndMain", own, { feet: 40, limit: 60 })).toEqual({
      ok: false,
      reason: "noMoveAction",
    });
  });

  it("a new round gives everything back and ends the round-long effects; a turn ends Total Defense", () => {
    const used: ActionState = {
      ...after(spendMove(after(spendMain(FRESH_ACTIONS, own)), 10, 30, own)),
      totalDefense: true,
      shockProof: true,
      charged: true,
      withdrawn: true,
      screening: { allyId: "ally", blocksLeft: 1 },
    };
    const next = after(startRound(used));
    expect(next).toEqual({
      ...FRESH_ACTIONS,
      totalDefense: true,
      screening: { allyId: "ally", blocksLeft: 1 },
    });
    expect(after(beginTurn(next))).toEqual(FRESH_ACTIONS);
  });

  it("never grants more than one Main and two Moves, whatever is asked, in any order", () => {
    const step = fc.oneof(
      fc.constantFrom<ActionCost>("main", "move", "onTurn", "instant", "mainAsInstant"),
      fc.constant<ActionCost>("moveAndMain"),
    );
    fc.assert(
      fc.property(
        fc.array(fc.tuple(step, fc.integer({ min: 0, max: 40 }), fc.boolean()), {
          maxLength: 12,
        }),
        (steps) => {
          let s = FRESH_ACTIONS;
          let mains = 0;
          for (const [cost, feet, ownTurn] of steps) {
            const r =
              cost === "move" && feet > 0
                ? spendMove(s, feet, 30, { ownTurn })
                : cost === "move"
                  ? spendMoveAction(s, { ownTurn })
                  : spendAction(s, cost, { ownTurn }, { feet, limit: 60 });
            if (!r.ok) continue;
            if (r.value.mainUsed && !s.mainUsed) mains += 1;
            s = r.value;
          }
          expect(mains).toBeLessThanOrEqual(1);
          expect(s.movesUsed).toBeLessThanOrEqual(2);
          if (s.movesUsed === 2) expect(s.mainAsMove).toBe(true);
        },
      ),
    );
  });
});
