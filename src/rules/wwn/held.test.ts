/**
 * Hold an Action that interrupts: the holder acts first, out of turn, while the combatant whose
 * action it answers waits (TurnContext.heldFirst) with only its Instants; once the held action is
 * done the holder no longer acts out of turn.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as rules from "./actions.ts";
import { ACTION_COSTS, FRESH_ACTIONS } from "./actions.ts";
import type { ActionState } from "./actions.ts";
import { makeWwnCombatant } from "./factory.ts";
import { actNow, heldDone, hold } from "./maneuvers.ts";
import { checkedWwnActions } from "./valid.ts";

const own = { ownTurn: true };
const waiting = { ownTurn: true, heldFirst: true };

function checked(state: ActionState) {
  const c = checkedWwnActions("actions", state);
  if (!c.ok) throw new Error(c.reason);
  return c.value;
}

describe("a held action that interrupts", () => {
  it("the holder acts now and later attacks out of turn; done, it may not any more", () => {
    const hero = makeWwnCombatant({ id: "hero" });
    const held = hold(hero);
    if (!held.ok) throw new Error(held.reason);
    const acting = actNow(held.value.actor);
    expect(acting.ok && acting.value.actor.actions.holding).toBe(true);
    if (!acting.ok) return;
    const shot = rules.spendMain(acting.value.actor.actions, { ownTurn: false });
    expect(shot.ok).toBe(true);
    const done = heldDone(acting.value.actor);
    expect(done.ok && done.value.actor.actions.holding).toBe(false);
    if (!done.ok) return;
    expect(rules.spendMoveAction(done.value.actor.actions, { ownTurn: false })).toMatchObject({
      reason: "notYourTurn",
    });
  });

  it("is refused to one who holds nothing", () => {
    const hero = makeWwnCombatant({ id: "hero" });
    expect(actNow(hero)).toMatchObject({ ok: false, reason: "notHolding" });
    expect(heldDone(hero)).toMatchObject({ ok: false, reason: "notHolding" });
    expect(actNow(makeWwnCombatant({ id: "d", life: "dead" }))).toMatchObject({
      reason: "notActive",
    });
  });

  it("the one whose turn it is waits: Main, Move and On Turn refused, Instants allowed", () => {
    expect(rules.spendMain(FRESH_ACTIONS, waiting)).toMatchObject({ reason: "heldActionFirst" });
    expect(rules.spendMoveAction(FRESH_ACTIONS, waiting)).toMatchObject({
      reason: "heldActionFirst",
    });
    expect(rules.spendOnTurn(FRESH_ACTIONS, waiting)).toMatchObject({ reason: "heldActionFirst" });
    expect(rules.spendMainAsInstant(FRESH_ACTIONS).ok).toBe(true);
    expect(rules.spendMain(FRESH_ACTIONS, own).ok).toBe(true);
  });

  it("while a held action goes first, no cost but an Instant is ever paid (property)", () => {
    const state = fc.record({
      mainUsed: fc.boolean(),
      movesUsed: fc.integer({ min: 0, max: 2 }),
      holding: fc.boolean(),
      onTurn: fc.integer({ min: 0, max: 5 }),
    });
    fc.assert(
      fc.property(state, fc.constantFrom(...ACTION_COSTS), fc.nat(60), (s, cost, feet) => {
        const before = checked({ ...FRESH_ACTIONS, ...s });
        const out = rules.spendAction(before, cost, waiting, { feet, limit: 60 });
        if (cost === "instant" || cost === "mainAsInstant") return;
        expect(out).toMatchObject({ ok: false, reason: "heldActionFirst" });
      }),
    );
  });
});
