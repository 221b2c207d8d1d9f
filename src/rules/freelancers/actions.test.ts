import { describe, expect, it } from "vitest";
import {
  FRESH_ACTIONS,
  disengage,
  dodge,
  provokes,
  readyAction,
  spendAction,
  startTurn,
  useReadied,
} from "./actions.ts";
import type { ActionKind } from "./actions.ts";
import { makeFreelancer } from "./factory.ts";
import type { FreelancersActor } from "./model.ts";
import { withFreelancersOptions } from "./options.ts";

const ace = makeFreelancer({ id: "ace" });

/** Spends actions in order, each on the state the last one left. */
function spendAll(actor: FreelancersActor, kinds: ActionKind[]) {
  let current = actor;
  for (const kind of kinds) {
    const spent = spendAction(current, kind);
    if (!spent.ok) return spent;
    current = { ...current, actions: spent.value };
  }
  return { ok: true as const, value: current.actions };
}

describe("Freelancers actions", () => {
  it("a turn holds a Base, a Move and a Quick", () => {
    expect(spendAll(ace, ["base", "move", "quick"]).ok).toBe(true);
    expect(spendAll(ace, ["base", "base"])).toEqual({ ok: false, reason: "noBase" });
  });

  it("a Base can become a second Move or a second Quick; a Move never a Base", () => {
    expect(spendAll(ace, ["move", "move"]).ok).toBe(true);
    expect(spendAll(ace, ["quick", "quick"]).ok).toBe(true);
    expect(spendAll(ace, ["move", "move", "move"])).toEqual({ ok: false, reason: "noMove" });
    expect(spendAll(ace, ["move", "move", "base"])).toEqual({ ok: false, reason: "noBase" });
  });

  it("a Long-action takes the whole turn, and only a whole turn", () => {
    const long = spendAll(ace, ["long"]);
    expect(long.ok && long.value).toMatchObject({ base: 0, move: 0, quick: 0, long: true });
    expect(spendAll(ace, ["long", "move"])).toEqual({ ok: false, reason: "longTaken" });
    expect(spendAll(ace, ["move", "long"])).toEqual({ ok: false, reason: "longNeedsWholeTurn" });
    // Reactions and free actions stay.
    expect(spendAll(ace, ["long", "reaction", "free"]).ok).toBe(true);
  });

  it("a stun counter stops Base and Long actions, not moves, quick actions or reactions", () => {
    const stunned = { ...ace, counters: { stun: 1 } };
    expect(spendAction(stunned, "base")).toEqual({ ok: false, reason: "stunned" });
    expect(spendAction(stunned, "long")).toEqual({ ok: false, reason: "stunned" });
    expect(spendAll(stunned, ["move", "quick", "reaction"]).ok).toBe(true);
  });

  it("one reaction until the next turn starts", () => {
    expect(spendAll(ace, ["reaction", "reaction"])).toEqual({ ok: false, reason: "noReaction" });
    const used = spendAll(ace, ["reaction", "base"]);
    if (!used.ok) throw new Error(used.reason);
    expect(startTurn(used.value)).toEqual(FRESH_ACTIONS);
  });

  it("Dodge is a Long-action that an immobilized entity cannot take", () => {
    expect(dodge(ace)).toMatchObject({ ok: true, value: { dodging: true, long: true } });
    expect(dodge({ ...ace, immobilized: true })).toEqual({ ok: false, reason: "immobilized" });
    expect(dodge({ ...ace, actions: { ...FRESH_ACTIONS, move: 0 } })).toEqual({
      ok: false,
      reason: "longNeedsWholeTurn",
    });
  });

  it("a readied Base costs the Quick and the Base, and fires as the reaction", () => {
    const ready = readyAction(ace, "base");
    expect(ready).toMatchObject({
      ok: true,
      value: { base: 0, quick: 0, move: 1, readied: "base" },
    });
    if (!ready.ok) throw new Error(ready.reason);
    const fired = useReadied({ ...ace, actions: ready.value });
    expect(fired).toMatchObject({
      ok: true,
      value: { readied: "base", triggered: true, reaction: 0 },
    });
    expect(useReadied(ace)).toEqual({ ok: false, reason: "nothingReadied" });
    expect(readyAction({ ...ace, counters: { stun: 2 } }, "base")).toEqual({
      ok: false,
      reason: "stunned",
    });
  });

  it("a triggered readied action is taken once, only as its held kind, and lapses at the turn", () => {
    const ready = readyAction(ace, "base");
    if (!ready.ok) throw new Error(ready.reason);
    const fired = useReadied({ ...ace, actions: ready.value });
    if (!fired.ok) throw new Error(fired.reason);
    const triggered = { ...ace, actions: fired.value };
    expect(useReadied(triggered)).toEqual({ ok: false, reason: "nothingReadied" });
    expect(spendAction(triggered, "move")).toEqual({ ok: false, reason: "onlyReadied" });
    expect(spendAction(triggered, "free")).toEqual({ ok: true, value: fired.value });
    const taken = spendAction(triggered, "base");
    expect(taken).toMatchObject({ ok: true, value: { readied: null, triggered: false, base: 0 } });
    if (!taken.ok) throw new Error(taken.reason);
    expect(spendAction({ ...ace, actions: taken.value }, "base")).toEqual({
      ok: false,
      reason: "noBase",
    });
    expect(startTurn(fired.value)).toMatchObject({ readied: null, triggered: false });
  });

  it("only the active act", () => {
    expect(spendAction({ ...ace, life: "dying" }, "move")).toEqual({
      ok: false,
      reason: "notActive",
    });
  });

  it("targets of opportunity: moving over 1.5 m in reach, unless disengaging; shooting past a foe", () => {
    const disengaged = disengage(ace);
    if (!disengaged.ok) throw new Error(disengaged.reason);
    const move = { kind: "move", meters: 3, withinReach: true } as const;
    expect(provokes(move, FRESH_ACTIONS)).toBe(true);
    expect(provokes(move, disengaged.value)).toBe(false);
    expect(provokes({ ...move, meters: 1.5 }, FRESH_ACTIONS)).toBe(false);
    expect(provokes({ ...move, withinReach: false }, FRESH_ACTIONS)).toBe(false);
    const wide = withFreelancersOptions({ opportunityMoveMeters: 3 });
    expect(provokes(move, FRESH_ACTIONS, wide)).toBe(false);
    expect(provokes({ kind: "shootWhileEngaged", atEngagingFoe: false }, FRESH_ACTIONS)).toBe(true);
    expect(provokes({ kind: "shootWhileEngaged", atEngagingFoe: true }, FRESH_ACTIONS)).toBe(false);
    expect(provokes({ kind: "manifest" }, FRESH_ACTIONS)).toBe(true);
  });
});
