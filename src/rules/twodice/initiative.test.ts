import { describe, expect, it } from "vitest";
import type { OrderOutcome } from "../combat/order.ts";
import {
  surpriseBonusOf,
  twodiceInitiative,
  twodiceTeamTotal,
  twodiceTurnOrder,
} from "./initiative.ts";
import type { TwodiceTeam } from "./initiative.ts";

const players: TwodiceTeam = { teamId: "players", isPlayerSide: true };
const raiders: TwodiceTeam = { teamId: "raiders", isPlayerSide: false };
const militia: TwodiceTeam = { teamId: "militia", isPlayerSide: false };

function orderOf(outcome: OrderOutcome): readonly string[] {
  if (!outcome.ok) throw new Error(outcome.reason);
  return outcome.order.order;
}

describe("two-dice side order", () => {
  it("lets the players' side act first with neither surprise nor roll", () => {
    expect(orderOf(twodiceInitiative({ teams: [raiders, players] }))).toEqual([
      "players",
      "raiders",
    ]);
  });

  it("lets the surprising side act first, even against the players", () => {
    expect(
      orderOf(twodiceInitiative({ teams: [players, raiders], surprising: ["raiders"] })),
    ).toEqual(["raiders", "players"]);
  });

  it("counts a member's surprise bonus, and nothing from a member out of the fight", () => {
    expect(surpriseBonusOf({ surpriseBonus: 2, incapacitated: false })).toEqual({
      ok: true,
      value: 2,
    });
    expect(surpriseBonusOf({ surpriseBonus: 2, incapacitated: true })).toEqual({
      ok: true,
      value: 0,
    });
    expect(surpriseBonusOf({ surpriseBonus: Number.NaN, incapacitated: false })).toMatchObject({
      ok: false,
      reason: "not-a-number",
    });
  });

  it("adds every member's trait bonus to the team's d20", () => {
    expect(twodiceTeamTotal({ teamId: "x", d20: 11, traitBonuses: [2, 1, -1] })).toEqual({
      ok: true,
      value: 13,
    });
  });

  it("when in doubt, orders by d20 + trait bonuses, highest first, overriding a declared surprise", () => {
    const outcome = twodiceInitiative({
      teams: [players, raiders],
      surprising: ["players"],
      rolls: [
        { teamId: "players", d20: 8, traitBonuses: [1] },
        { teamId: "raiders", d20: 12, traitBonuses: [] },
      ],
    });
    expect(orderOf(outcome)).toEqual(["raiders", "players"]);
    expect(outcome.ok && outcome.order.values).toEqual({ players: 9, raiders: 12 });
  });

  it("gives a draw to the players; two other sides that draw roll again", () => {
    const drawn = twodiceInitiative({
      teams: [raiders, players, militia],
      rolls: [
        { teamId: "raiders", d20: 10, traitBonuses: [2] },
        { teamId: "players", d20: 12, traitBonuses: [] },
        { teamId: "militia", d20: 12, traitBonuses: [] },
      ],
    });
    expect(orderOf(drawn)).toEqual(["players", "raiders", "militia"]);
    expect(drawn.ok && drawn.tied).toEqual([["raiders", "militia"]]);
  });

  it("refuses a roll that is missing, out of range, or for an unknown team", () => {
    const teams = [players, raiders];
    expect(
      twodiceInitiative({ teams, rolls: [{ teamId: "players", d20: 4, traitBonuses: [] }] }),
    ).toEqual({
      ok: false,
      reason: "missingRoll",
    });
    expect(
      twodiceInitiative({
        teams,
        rolls: [
          { teamId: "players", d20: 21, traitBonuses: [] },
          { teamId: "raiders", d20: 3, traitBonuses: [] },
        ],
      }),
    ).toMatchObject({ ok: false, reason: "out-of-range", detail: { field: "players.d20" } });
    expect(twodiceInitiative({ teams, surprising: ["ghosts"] })).toEqual({
      ok: false,
      reason: "unknownTeam",
    });
  });

  it("refuses a trait bonus that is not a finite whole number, by name, instead of an arbitrary order", () => {
    const teams = [players, raiders];
    for (const bad of [Number.NaN, Infinity, -Infinity, 1.5, 1e300]) {
      const outcome = twodiceInitiative({
        teams,
        rolls: [
          { teamId: "players", d20: 4, traitBonuses: [1, bad] },
          { teamId: "raiders", d20: 3, traitBonuses: [] },
        ],
      });
      // The engine's number guard names the field; a finite fraction is the order's own refusal.
      expect(outcome.ok).toBe(false);
      if (!outcome.ok)
        expect(["not-a-number", "out-of-range", "invalidBonus"]).toContain(outcome.reason);
    }
  });

  it("runs the sides in that order every round, then the round end", () => {
    const outcome = twodiceInitiative({ teams: [players, raiders], surprising: ["raiders"] });
    if (!outcome.ok) throw new Error(outcome.reason);
    expect(twodiceTurnOrder.roundPlan(outcome.order, 4)).toEqual([
      { kind: "team", teamId: "raiders" },
      { kind: "team", teamId: "players" },
      { kind: "event", event: "roundEnd" },
    ]);
  });
});
