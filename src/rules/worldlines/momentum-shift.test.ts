/**
 * Momentum changing hands in the middle of a fight (issue 27): a team takes it from the team
 * that holds it (a technique, the GM's dramatic shift), and the round being played is re-planned
 * so that team acts now, not only from the next round.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { activate, endTurn, replan, startCombat } from "../combat/machine.ts";
import type { TurnContext } from "../combat/machine.ts";
import { planSource } from "../combat/order.ts";
import type { SettledOrder } from "../combat/order.ts";
import type { RosterMember, TurnResult, TurnState } from "../combat/types.ts";
import { worldlinesTakeMomentum, worldlinesTurnOrder } from "./order.ts";

const order: SettledOrder = {
  mode: "team",
  order: ["crew", "raiders"],
  values: { crew: 12, raiders: 10 },
  surpriseRound: [],
};

const roster: RosterMember[] = [
  { id: "ana", teamId: "crew", defeated: false, hidden: false },
  { id: "bo", teamId: "crew", defeated: false, hidden: false },
  { id: "rex", teamId: "raiders", defeated: false, hidden: false },
];

const ctxOf = (o: SettledOrder): TurnContext => ({
  roster,
  planFor: planSource(worldlinesTurnOrder, o),
});

function state(result: TurnResult): TurnState {
  if (!result.ok) throw new Error(result.reason);
  return result.state;
}

const teamOf = (s: TurnState) => {
  const phase = s.plan[s.phaseIndex];
  return phase?.kind === "team" ? phase.teamId : null;
};

function taken(o: SettledOrder, teamId: string): SettledOrder {
  const result = worldlinesTakeMomentum(o, teamId);
  if (!result.ok) throw new Error(result.reason);
  return result.value;
}

describe("a team takes the momentum", () => {
  it("changes places and momentum with the team that held it", () => {
    expect(taken(order, "raiders")).toEqual({
      ...order,
      order: ["raiders", "crew"],
      values: { crew: 10, raiders: 12 },
    });
  });

  it("takes the lead from a tie too, and leaves a third team where it was", () => {
    const three: SettledOrder = {
      ...order,
      order: ["crew", "raiders", "beasts"],
      values: { crew: 9, raiders: 9, beasts: 4 },
    };
    expect(taken(three, "beasts")).toMatchObject({
      order: ["beasts", "raiders", "crew"],
      values: { crew: 4, raiders: 9, beasts: 9 },
    });
    expect(taken(three, "raiders").order).toEqual(["raiders", "crew", "beasts"]);
  });

  it("is refused for the team that holds it and for a team not in the fight", () => {
    expect(worldlinesTakeMomentum(order, "crew")).toMatchObject({
      ok: false,
      reason: "momentumHeld",
    });
    expect(worldlinesTakeMomentum(order, "ghosts")).toMatchObject({
      ok: false,
      reason: "unknownTeam",
    });
    expect(worldlinesTakeMomentum(order, "__proto__")).toMatchObject({ reason: "unknownTeam" });
  });

  it("refuses a momentum that two Combat dice cannot roll, by name", () => {
    for (const bad of [Number.NaN, Infinity, -Infinity, 1e308, -1, 25]) {
      const result = worldlinesTakeMomentum(
        { ...order, values: { crew: 12, raiders: bad } },
        "raiders",
      );
      expect(result).toMatchObject({ ok: false, detail: { field: "order.values.raiders" } });
    }
  });

  it("always puts the taker first and keeps every team and value (property)", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom("a", "b", "c", "d", "e"), { minLength: 2 }),
        fc.array(fc.integer({ min: 0, max: 24 }), { minLength: 5, maxLength: 5 }),
        fc.nat(),
        (ids, momenta, pick) => {
          const values = Object.fromEntries(ids.map((id, i) => [id, momenta[i] ?? 0]));
          const o: SettledOrder = { ...order, order: ids, values };
          const thief = ids[1 + (pick % (ids.length - 1))] ?? "";
          const next = taken(o, thief);
          expect(next.order[0]).toBe(thief);
          expect([...next.order].sort()).toEqual([...ids].sort());
          expect(Object.values(next.values).sort()).toEqual(Object.values(values).sort());
          expect(next.values[thief]).toBe(values[ids[0] ?? ""]);
        },
      ),
    );
  });
});

describe("the round re-planned when momentum changes hands", () => {
  it("gives the taker the phase now; the turn in progress ends; the rest of its team follows", () => {
    const begun = state(startCombat(ctxOf(order)));
    expect(teamOf(begun)).toBe("crew");
    const anaActs = state(activate(begun, ctxOf(order), "ana", "owner"));
    const shifted = ctxOf(taken(order, "raiders"));
    const now = state(replan(anaActs, shifted, "gm"));
    expect(teamOf(now)).toBe("raiders");
    expect(now.active).toBeNull();
    expect(now.acted).toEqual(["ana"]);
    // The raiders play their phase, then Bo (who had not acted) plays the crew's.
    const rexDone = state(endTurn(now, shifted, "rex", "owner"));
    expect(teamOf(rexDone)).toBe("crew");
    expect(activate(rexDone, shifted, "ana", "owner")).toEqual({
      ok: false,
      reason: "alreadyActed",
    });
    const boDone = state(endTurn(rexDone, shifted, "bo", "owner"));
    // Round 2 starts with the raiders, after the Energy refresh and status resolution.
    expect(boDone.round).toBe(2);
    expect(teamOf(boDone)).toBe("raiders");
  });

  it("changes nothing this round when the taker's phase is already the one being played", () => {
    const begun = state(startCombat(ctxOf(order)));
    const crewDone = state(
      endTurn(state(endTurn(begun, ctxOf(order), "ana", "gm")), ctxOf(order), "bo", "gm"),
    );
    const rexActs = state(activate(crewDone, ctxOf(order), "rex", "owner"));
    const now = state(replan(rexActs, ctxOf(taken(order, "raiders")), "gm"));
    expect(now.plan).toEqual(rexActs.plan);
    expect(now.phaseIndex).toBe(rexActs.phaseIndex);
    expect(now.active).toBe("rex");
  });

  it("is the GM's alone, and needs a started combat", () => {
    const begun = state(startCombat(ctxOf(order)));
    expect(replan(begun, ctxOf(order), "owner")).toEqual({ ok: false, reason: "notGM" });
    expect(replan({ ...begun, round: 0 }, ctxOf(order), "gm")).toEqual({
      ok: false,
      reason: "notStarted",
    });
  });
});
