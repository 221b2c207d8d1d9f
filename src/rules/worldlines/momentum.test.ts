import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { ok } from "../core/result.ts";
import {
  checkMomentumRolls,
  checkMomentumTeams,
  orderByMomentum as orderChecked,
  settleTieByReroll,
  stealMomentum,
  swapMomentum,
  teamMomentum as momentumOfChecked,
} from "./momentum.ts";
import type { MomentumTeam, MomentumTieRule } from "./momentum.ts";

/** The team's momentum after its rolls' check, as one result. */
function teamMomentum(rolls: readonly number[]) {
  const checked = checkMomentumRolls(rolls);
  return checked.ok ? ok(momentumOfChecked(checked.value)) : checked;
}

/** The order after the teams' check, as one result. */
function orderByMomentum(teams: readonly MomentumTeam[], rule: MomentumTieRule) {
  const checked = checkMomentumTeams(teams);
  return checked.ok ? ok(orderChecked(checked.value, rule)) : checked;
}

describe("team momentum", () => {
  it("adds the two best Combat-die rolls of the team", () => {
    expect(teamMomentum([3, 8, 5, 7])).toEqual({ ok: true, value: 15 });
    expect(teamMomentum([10, 10, 1])).toEqual({ ok: true, value: 20 });
    expect(teamMomentum([2, 6])).toEqual({ ok: true, value: 8 });
  });

  it("counts a lone member's single roll, and an empty team as 0", () => {
    expect(teamMomentum([6])).toEqual({ ok: true, value: 6 });
    expect(teamMomentum([])).toEqual({ ok: true, value: 0 });
  });

  it("equals the sum of the two largest for any rolls", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 2 }), (rolls) => {
        const sorted = [...rolls].sort((a, b) => b - a);
        expect(teamMomentum(rolls)).toEqual({
          ok: true,
          value: (sorted[0] ?? 0) + (sorted[1] ?? 0),
        });
      }),
    );
  });
});

describe("momentum order", () => {
  const crew = { id: "crew", isPlayerSide: true };
  const raiders = { id: "raiders", isPlayerSide: false };

  it("puts the higher team first as the active team", () => {
    const result = orderByMomentum(
      [
        { ...crew, momentum: 9 },
        { ...raiders, momentum: 14 },
      ],
      "reroll",
    );
    expect(result).toEqual({ ok: true, value: { order: ["raiders", "crew"], tied: [] } });
  });

  it("with 'players', a tie goes to the player side", () => {
    const result = orderByMomentum(
      [
        { ...raiders, momentum: 12 },
        { ...crew, momentum: 12 },
      ],
      "players",
    );
    expect(result).toEqual({ ok: true, value: { order: ["crew", "raiders"], tied: [] } });
  });

  it("with 'reroll', tied teams are reported and kept adjacent in input order", () => {
    const result = orderByMomentum(
      [
        { id: "a", momentum: 7, isPlayerSide: false },
        { id: "b", momentum: 12, isPlayerSide: true },
        { id: "c", momentum: 7, isPlayerSide: false },
        { id: "d", momentum: 3, isPlayerSide: false },
      ],
      "reroll",
    );
    expect(result).toEqual({
      ok: true,
      value: { order: ["b", "a", "c", "d"], tied: [["a", "c"]] },
    });
  });

  it("settles a tie by the tied teams' reroll without moving anybody else", () => {
    const ranked = orderByMomentum(
      [
        { id: "a", momentum: 7, isPlayerSide: false },
        { id: "b", momentum: 12, isPlayerSide: true },
        { id: "c", momentum: 7, isPlayerSide: false },
      ],
      "reroll",
    );
    if (!ranked.ok) throw new Error(ranked.reason);
    const first = ranked.value;
    // The reroll totals are higher than b's 12, yet b stays first: only a and c are reordered.
    const settled = settleTieByReroll(first, ["c", "a"], { a: 13, c: 15 });
    expect(settled).toEqual({ ok: true, value: { order: ["b", "c", "a"], tied: [] } });
    const again = settleTieByReroll(first, ["a", "c"], { a: 9, c: 9 });
    expect(again).toEqual({ ok: true, value: { order: ["b", "a", "c"], tied: [["a", "c"]] } });
    expect(settleTieByReroll(first, ["a", "b"], { a: 1, b: 2 })).toMatchObject({
      ok: false,
      reason: "notATiedGroup",
    });
    expect(settleTieByReroll(first, ["a", "c"], { a: 1 })).toMatchObject({
      ok: false,
      reason: "missingReroll",
    });
  });

  it("orders any teams from highest momentum down, listing every team once", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.record({
            id: fc.string({ minLength: 1, maxLength: 4 }),
            momentum: fc.integer({ min: 0, max: 24 }),
            isPlayerSide: fc.boolean(),
          }),
          { selector: (team) => team.id, maxLength: 6 },
        ),
        fc.constantFrom("reroll" as const, "players" as const),
        (teams, rule) => {
          const ranked = orderByMomentum(teams, rule);
          if (!ranked.ok) throw new Error(ranked.reason);
          const { order } = ranked.value;
          expect([...order].sort()).toEqual(teams.map((team) => team.id).sort());
          const momenta = order.map((id) => teams.find((team) => team.id === id)?.momentum ?? -1);
          for (let i = 1; i < momenta.length; i++) {
            expect(momenta[i - 1] ?? 0).toBeGreaterThanOrEqual(momenta[i] ?? 0);
          }
        },
      ),
    );
  });
});

describe("stealing momentum", () => {
  const teams = [
    { id: "crew", momentum: 9 },
    { id: "raiders", momentum: 14 },
  ];

  it("swaps the two teams' momentum", () => {
    expect(swapMomentum(teams, "crew", "raiders")).toEqual({
      ok: true,
      value: [
        { id: "crew", momentum: 14 },
        { id: "raiders", momentum: 9 },
      ],
    });
  });

  it("lets the trailing team take the lead, and does nothing for a team already ahead", () => {
    expect(stealMomentum(teams, "crew", "raiders")).toEqual({
      ok: true,
      value: [
        { id: "crew", momentum: 14 },
        { id: "raiders", momentum: 9 },
      ],
    });
    expect(stealMomentum(teams, "raiders", "crew")).toEqual({ ok: true, value: teams });
  });

  it("refuses unknown or identical teams", () => {
    expect(swapMomentum(teams, "crew", "ghosts")).toMatchObject({
      ok: false,
      reason: "unknownTeam",
    });
    expect(stealMomentum(teams, "crew", "crew")).toMatchObject({ ok: false, reason: "sameTeam" });
  });
});
