import { describe, expect, it } from "vitest";
import { endPhase, reconcile, startCombat } from "../combat/machine.ts";
import type { TurnContext } from "../combat/machine.ts";
import { planSource, settleTie } from "../combat/order.ts";
import type { OrderOutcome } from "../combat/order.ts";
import type { RosterMember, TurnState } from "../combat/types.ts";
import { stealMomentum } from "./momentum.ts";
import { worldlinesInitiative, worldlinesReorder, worldlinesTurnOrder } from "./order.ts";

function settled(outcome: OrderOutcome) {
  if (!outcome.ok) throw new Error(outcome.reason);
  return outcome;
}

/** Faces of the default Combat die, a d8. */
const d8 = (...faces: number[]) => faces.map((value) => ({ sides: 8, value }));
const crew = { teamId: "crew", isPlayerSide: true, combatRolls: d8(3, 7, 5) };
const raiders = { teamId: "raiders", isPlayerSide: false, combatRolls: d8(6, 2, 4, 1) };

describe("Worldlines turn order", () => {
  it("puts the team with more momentum (two best Combat dice) first and shows its momentum", () => {
    const { order, tied } = settled(worldlinesInitiative([raiders, crew]));
    expect(order.values).toEqual({ crew: 12, raiders: 10 });
    expect(order.order).toEqual(["crew", "raiders"]);
    expect(tied).toEqual([]);
  });

  it("runs active team, reactive team, Energy refresh, status resolution, every round", () => {
    const { order } = settled(worldlinesInitiative([raiders, crew]));
    expect(worldlinesTurnOrder.roundPlan(order, 5)).toEqual([
      { kind: "team", teamId: "crew" },
      { kind: "team", teamId: "raiders" },
      { kind: "event", event: "energyRefresh" },
      { kind: "event", event: "statusResolution" },
    ]);
  });

  it("has tied teams reroll by default, or gives the tie to the players when set so", () => {
    const even = { ...raiders, combatRolls: d8(8, 4) };
    const reroll = settled(worldlinesInitiative([even, crew]));
    expect(reroll.tied).toEqual([["raiders", "crew"]]);
    const settledTie = settleTie(reroll.order, reroll.tied, ["raiders", "crew"], {
      raiders: 2,
      crew: 6,
    });
    expect(settledTie.ok && settledTie.order.order).toEqual(["crew", "raiders"]);
    const players = settled(worldlinesInitiative([even, crew], "players"));
    expect(players.order.order).toEqual(["crew", "raiders"]);
    expect(players.tied).toEqual([]);
  });

  it("refuses a face outside its die, a die off the ladder, a team listed twice, no team", () => {
    expect(worldlinesInitiative([{ ...crew, combatRolls: d8(0) }])).toMatchObject({
      ok: false,
      reason: "out-of-range",
      detail: { field: "crew.combatRolls.0", value: 0 },
    });
    // A momentum roll of 999 on a d8 and a Combat "d7" were once accepted.
    expect(worldlinesInitiative([{ ...crew, combatRolls: d8(999) }])).toMatchObject({
      ok: false,
      reason: "out-of-range",
      detail: { value: 999, max: 8 },
    });
    expect(
      worldlinesInitiative([{ ...crew, combatRolls: [{ sides: 7, value: 3 }] }]),
    ).toMatchObject({
      ok: false,
      reason: "out-of-range",
      detail: { field: "crew.combatRolls.0.sides" },
    });
    for (const bad of [Number.NaN, Infinity, -Infinity]) {
      expect(worldlinesInitiative([{ ...crew, combatRolls: d8(bad) }])).toMatchObject({
        ok: false,
        reason: "not-a-number",
      });
    }
    expect(worldlinesInitiative([crew, crew])).toEqual({ ok: false, reason: "duplicateId" });
    expect(worldlinesInitiative([])).toEqual({ ok: false, reason: "noTeams" });
  });

  it("applies stolen momentum from the next round, not in the middle of this one", () => {
    const { order } = settled(worldlinesInitiative([raiders, crew]));
    const roster: RosterMember[] = [
      { id: "ana", teamId: "crew", defeated: false, hidden: false },
      { id: "rex", teamId: "raiders", defeated: false, hidden: false },
    ];
    const ctx: TurnContext = { roster, planFor: planSource(worldlinesTurnOrder, order) };
    const begun = startCombat(ctx);
    if (!begun.ok) throw new Error(begun.reason);
    const stolen = stealMomentum(
      [
        { id: "crew", momentum: 12 },
        { id: "raiders", momentum: 10 },
      ],
      "raiders",
      "crew",
    );
    if (!stolen.ok) throw new Error(stolen.reason);
    const reorder = worldlinesReorder(order, stolen.value);
    if (!reorder.ok) throw new Error(reorder.reason);
    const reordered = reorder.value;
    expect(reordered.order).toEqual(["raiders", "crew"]);
    const after: TurnContext = { roster, planFor: planSource(worldlinesTurnOrder, reordered) };
    const same = reconcile(begun.state, after);
    if (!same.ok) throw new Error(same.reason);
    const teamOf = (s: TurnState) => s.plan[s.phaseIndex];
    expect(teamOf(same.state)).toEqual({ kind: "team", teamId: "crew" });
    const next = endPhase(same.state, after, "gm");
    if (!next.ok) throw new Error(next.reason);
    expect(teamOf(next.state)).toEqual({ kind: "team", teamId: "raiders" });
    expect(next.state.round).toBe(1);
    const round2 = endPhase(next.state, after, "gm");
    expect(round2.ok && round2.state.round).toBe(2);
    expect(round2.ok && teamOf(round2.state)).toEqual({ kind: "team", teamId: "raiders" });
    expect(round2.ok && round2.events.map((e) => e.event)).toEqual([
      "energyRefresh",
      "statusResolution",
    ]);
  });
});
