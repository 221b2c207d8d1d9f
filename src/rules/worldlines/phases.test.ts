import { describe, expect, it } from "vitest";
import { actingCombatants, eventCombatants, mayActInPhase, worldlinesRoundPlan } from "./phases.ts";

describe("Worldlines round plan", () => {
  it("runs the active team, the reactive team, Energy refresh, then status resolution", () => {
    expect(worldlinesRoundPlan(["raiders", "crew"])).toEqual([
      { kind: "team", teamId: "raiders" },
      { kind: "team", teamId: "crew" },
      { kind: "event", event: "energyRefresh" },
      { kind: "event", event: "statusResolution" },
    ]);
  });
});

describe("who may act", () => {
  const combatants = [
    { id: "maya", teamId: "crew", life: "active" as const },
    { id: "jun", teamId: "crew", life: "dying" as const },
    { id: "rook", teamId: "raiders", life: "active" as const },
    { id: "vex", teamId: "raiders", life: "unconscious" as const },
    { id: "ash", teamId: "raiders", life: "dead" as const },
  ];

  it("lets only the phase's team members who are still up take a turn", () => {
    expect(actingCombatants({ kind: "team", teamId: "crew" }, combatants)).toEqual(["maya"]);
    expect(actingCombatants({ kind: "team", teamId: "raiders" }, combatants)).toEqual(["rook"]);
    const rook = { id: "rook", teamId: "raiders", life: "active" as const };
    expect(mayActInPhase({ kind: "team", teamId: "crew" }, rook)).toBe(false);
    expect(mayActInPhase({ kind: "team", teamId: "raiders" }, rook)).toBe(true);
  });

  it("gives nobody a turn in a round event, which applies to all but the dead", () => {
    const refresh = { kind: "event", event: "energyRefresh" } as const;
    expect(actingCombatants(refresh, combatants)).toEqual([]);
    expect(eventCombatants(refresh, combatants)).toEqual(["maya", "jun", "rook", "vex"]);
  });
});
