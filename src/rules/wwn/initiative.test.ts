import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { activate, currentPhase, endTurn, startCombat } from "../combat/machine.ts";
import type { TurnContext } from "../combat/machine.ts";
import { planSource } from "../combat/order.ts";
import type { OrderOutcome } from "../combat/order.ts";
import type { Phase } from "../combat/types.ts";
import { wwnInitiative, wwnSideInitiative, wwnTurnOrder } from "./initiative.ts";
import type { WwnSide } from "./initiative.ts";

const party: WwnSide = { teamId: "party", isPlayerSide: true, d8: 3, dexModifiers: [0, 2, -1] };
const bandits: WwnSide = { teamId: "bandits", isPlayerSide: false, d8: 6, dexModifiers: [0, 0] };

function settled(outcome: OrderOutcome) {
  if (!outcome.ok) throw new Error(outcome.reason);
  return outcome;
}

const team = (teamId: string): Phase => ({ kind: "team", teamId });

describe("WWN side initiative", () => {
  it("adds the best Dexterity modifier of the side to its d8", () => {
    expect(wwnSideInitiative(party)).toEqual({ ok: true, value: 5 });
    expect(wwnSideInitiative({ ...bandits, dexModifiers: [] })).toEqual({ ok: true, value: 6 });
    expect(wwnSideInitiative({ ...bandits, dexModifiers: [-2, -1] })).toEqual({
      ok: true,
      value: 5,
    });
  });

  it("lets the higher side act first, and shows each side's total", () => {
    const { order, tied } = settled(wwnInitiative([party, bandits]));
    expect(order.order).toEqual(["bandits", "party"]);
    expect(order.values).toEqual({ party: 5, bandits: 6 });
    expect(tied).toEqual([]);
  });

  it("gives a tie to the players' side", () => {
    const { order, tied } = settled(wwnInitiative([{ ...bandits, d8: 5 }, party]));
    expect(order.order).toEqual(["party", "bandits"]);
    expect(tied).toEqual([]);
  });

  it("has two non-player sides that tie roll again, unless told to keep the tracker's order", () => {
    const wolves: WwnSide = { teamId: "wolves", isPlayerSide: false, d8: 6, dexModifiers: [] };
    expect(settled(wwnInitiative([party, bandits, wolves])).tied).toEqual([["bandits", "wolves"]]);
    expect(settled(wwnInitiative([party, bandits, wolves], { tieRule: "stable" })).tied).toEqual(
      [],
    );
  });

  it("refuses a d8 outside 1–8, a side listed twice, an unknown surprising side", () => {
    expect(wwnInitiative([{ ...party, d8: 9 }])).toMatchObject({
      ok: false,
      reason: "out-of-range",
    });
    // A NaN Dexterity modifier once put its side first (every comparison with NaN is false).
    for (const bad of [Number.NaN, Infinity, -Infinity]) {
      expect(wwnInitiative([{ ...party, dexModifiers: [1, bad] }])).toMatchObject({
        ok: false,
        reason: "not-a-number",
        detail: { field: `${party.teamId}.dexModifiers.1` },
      });
      expect(wwnSideInitiative({ ...party, d8: bad })).toMatchObject({ ok: false });
    }
    expect(wwnInitiative([party, party])).toEqual({ ok: false, reason: "duplicateId" });
    expect(wwnInitiative([party], { surprise: ["ghosts"] })).toEqual({
      ok: false,
      reason: "unknownTeam",
    });
    expect(wwnInitiative([])).toEqual({ ok: false, reason: "noTeams" });
  });

  it("keeps the order for the whole combat: every round runs the same sides, then the round end", () => {
    const { order } = settled(wwnInitiative([party, bandits]));
    for (const round of [1, 2, 7]) {
      expect(wwnTurnOrder.roundPlan(order, round)).toEqual([
        team("bandits"),
        team("party"),
        { kind: "event", event: "roundEnd" },
      ]);
    }
  });
});

describe("WWN surprise", () => {
  it("gives the ambushers one full round alone, then the normal order, even if they lost initiative", () => {
    const { order } = settled(wwnInitiative([party, bandits], { surprise: ["party"] }));
    expect(wwnTurnOrder.roundPlan(order, 1)).toEqual([
      team("party"),
      { kind: "event", event: "roundEnd" },
    ]);
    expect(wwnTurnOrder.roundPlan(order, 2)).toEqual([
      team("bandits"),
      team("party"),
      { kind: "event", event: "roundEnd" },
    ]);
  });

  it("plays out in the turn machine: the ambushed side cannot act in the free round", () => {
    const { order } = settled(wwnInitiative([party, bandits], { surprise: ["party"] }));
    const ctx: TurnContext = {
      roster: [
        { id: "hero", teamId: "party", defeated: false, hidden: false },
        { id: "thug", teamId: "bandits", defeated: false, hidden: false },
      ],
      planFor: planSource(wwnTurnOrder, order),
    };
    const begun = startCombat(ctx);
    if (!begun.ok) throw new Error(begun.reason);
    expect(activate(begun.state, ctx, "thug", "gm")).toEqual({ ok: false, reason: "notYourPhase" });
    const after = endTurn(begun.state, ctx, "hero", "owner");
    expect(after.ok && after.state.round).toBe(2);
    expect(after.ok && currentPhase(after.state)).toEqual(team("bandits"));
    expect(after.ok && after.events).toEqual([{ round: 1, event: "roundEnd" }]);
  });
});

describe("WWN ordering, any sides", () => {
  it("orders any set of sides by total, a player side never behind a non-player side it ties", () => {
    const sideArb = fc.record({
      d8: fc.integer({ min: 1, max: 8 }),
      isPlayerSide: fc.boolean(),
      dexModifiers: fc.array(fc.integer({ min: -2, max: 3 }), { maxLength: 4 }),
    });
    fc.assert(
      fc.property(fc.array(sideArb, { minLength: 1, maxLength: 5 }), (raw) => {
        const sides = raw.map((side, i) => ({ ...side, teamId: `s${i}` }));
        const { order } = settled(wwnInitiative(sides, { tieRule: "stable" }));
        const byId = new Map(sides.map((side) => [side.teamId, side]));
        for (let i = 1; i < order.order.length; i += 1) {
          const before = byId.get(order.order[i - 1] ?? "");
          const after = byId.get(order.order[i] ?? "");
          if (before === undefined || after === undefined) throw new Error("lost a side");
          const [a, b] = [wwnSideInitiative(before), wwnSideInitiative(after)].map((total) =>
            total.ok ? total.value : NaN,
          );
          if (a === undefined || b === undefined) throw new Error("no total");
          expect(a).toBeGreaterThanOrEqual(b);
          if (a === b) expect(!before.isPlayerSide && after.isPlayerSide).toBe(false);
        }
      }),
    );
  });
});
