import { describe, expect, it } from "vitest";
import { fixedDice } from "../core/index.ts";
import { wwnInitiative, wwnTurnOrder } from "./initiative.ts";
import { wwnSurpriseCheck } from "./surprise.ts";
import type { SurpriseSide } from "./surprise.ts";

// Ambushers: a stealthy scout (Dex +2, Sneak-2: +4) and a clumsy brute (no Sneak: Dex 0 − 1 = −1).
const scout = { attributes: { dex: 2 }, skills: { sneak: 2 } };
const brute = { attributes: { str: 2 }, skills: {} };
// Watchers: a sentry (Wis +1, Notice-1: +2) and a sleepy cook (−1).
const sentry = { attributes: { wis: 1 }, skills: { notice: 1 } };
const cook = { attributes: {}, skills: {} };

const bandits: SurpriseSide = { teamId: "bandits", members: [scout, brute] };
const party: SurpriseSide = { teamId: "party", members: [cook, sentry] };

describe("WWN surprise check", () => {
  it("opposes the ambushers' worst Dex/Sneak to the watchers' best Wis/Notice", () => {
    // Brute 6+6 −1 = 11 against sentry 4+4 +2 = 10: the bandits surprise the party.
    const out = wwnSurpriseCheck(bandits, party, fixedDice([6, 6, 4, 4]));
    if (!out.ok) throw new Error(out.reason);
    expect(out.value.sneak.total).toBe(11);
    expect(out.value.notice.total).toBe(10);
    expect(out.value).toMatchObject({ surprised: true, surprise: ["bandits"] });
  });

  it("a tie is no surprise", () => {
    const out = wwnSurpriseCheck(bandits, party, fixedDice([6, 5, 4, 4]));
    expect(out.ok && out.value).toMatchObject({ surprised: false, surprise: [] });
  });

  it("a lone scout sneaks with its own skill; situational modifiers count", () => {
    const out = wwnSurpriseCheck(
      { teamId: "bandits", members: [scout] },
      { ...party, modifier: 2 },
      fixedDice([3, 3, 3, 3]),
    );
    // Scout 6 + 4 = 10 against sentry 6 + 2 + 2 = 10: a tie, no surprise.
    expect(out.ok && out.value.sneak.total).toBe(10);
    expect(out.ok && out.value.surprised).toBe(false);
  });

  it("feeds the side initiative: the winners play round 1 alone", () => {
    const out = wwnSurpriseCheck(bandits, party, fixedDice([6, 6, 1, 1]));
    if (!out.ok) throw new Error(out.reason);
    const order = wwnInitiative(
      [
        { teamId: "party", isPlayerSide: true, d8: 8, dexModifiers: [1] },
        { teamId: "bandits", isPlayerSide: false, d8: 1, dexModifiers: [2] },
      ],
      { surprise: out.value.surprise },
    );
    if (!order.ok) throw new Error(order.reason);
    expect(wwnTurnOrder.roundPlan(order.order, 1)[0]).toEqual({ kind: "team", teamId: "bandits" });
    expect(wwnTurnOrder.roundPlan(order.order, 2)[0]).toEqual({ kind: "team", teamId: "party" });
  });

  it("refuses a side with nobody in it, or a side ambushing itself", () => {
    expect(wwnSurpriseCheck({ teamId: "x", members: [] }, party, fixedDice([]))).toEqual({
      ok: false,
      reason: "noMembers",
    });
    expect(wwnSurpriseCheck(party, party, fixedDice([]))).toEqual({
      ok: false,
      reason: "sameTeam",
    });
  });
});
