import { describe, expect, it } from "vitest";
import { currentPhase, endTurn, startCombat } from "../combat/machine.ts";
import type { TurnContext } from "../combat/machine.ts";
import { planSource } from "../combat/order.ts";
import type { OrderOutcome } from "../combat/order.ts";
import { freelancersInitiative, freelancersTurnOrder } from "./initiative.ts";
import type { FreelancersTeam } from "./initiative.ts";

const crew: FreelancersTeam = { teamId: "crew", memberIds: ["ace", "bex"] };
const guards: FreelancersTeam = { teamId: "guards", memberIds: ["g1", "g2", "g3"] };
const drones: FreelancersTeam = { teamId: "drones", memberIds: ["d1"] };

function settled(outcome: OrderOutcome) {
  if (!outcome.ok) throw new Error(outcome.reason);
  return outcome;
}

describe("Freelancers initiative", () => {
  it("lets the team the GM picks act first, the other team after it", () => {
    const { order } = settled(
      freelancersInitiative({ teams: [crew, guards], initiative: "guards" }),
    );
    expect(order.order).toEqual(["guards", "crew"]);
  });

  it("puts further teams after the leader in the tracker's order", () => {
    const { order } = settled(
      freelancersInitiative({ teams: [crew, guards, drones], initiative: "drones" }),
    );
    expect(order.order).toEqual(["drones", "crew", "guards"]);
  });

  it("ends every round with the Upkeep, the same order each round", () => {
    const { order } = settled(freelancersInitiative({ teams: [crew, guards], initiative: "crew" }));
    for (const round of [1, 2, 5]) {
      expect(freelancersTurnOrder.roundPlan(order, round)).toEqual([
        { kind: "team", teamId: "crew" },
        { kind: "team", teamId: "guards" },
        { kind: "event", event: "upkeep" },
      ]);
    }
  });

  it("gives each member of a surprised team one stun counter, and nobody else", () => {
    const { effects } = settled(
      freelancersInitiative({
        teams: [crew, guards, drones],
        initiative: "crew",
        surprised: ["guards"],
      }),
    );
    expect(effects).toEqual(
      ["g1", "g2", "g3"].map((combatantId) => ({
        kind: "addCounter",
        combatantId,
        counter: "stun",
        amount: 1,
      })),
    );
  });

  it("refuses a surprised team taking initiative, an unknown team, no team", () => {
    expect(
      freelancersInitiative({ teams: [crew, guards], initiative: "crew", surprised: ["crew"] }),
    ).toEqual({ ok: false, reason: "surprisedCannotLead" });
    expect(freelancersInitiative({ teams: [crew], initiative: "guards" })).toEqual({
      ok: false,
      reason: "unknownTeam",
    });
    expect(freelancersInitiative({ teams: [], initiative: "crew" })).toEqual({
      ok: false,
      reason: "noTeams",
    });
  });

  it("asks the active GM for the Upkeep once, after both teams acted", () => {
    const { order } = settled(
      freelancersInitiative({ teams: [crew, guards], initiative: "guards" }),
    );
    const ctx: TurnContext = {
      roster: [
        { id: "ace", teamId: "crew", defeated: false, hidden: false },
        { id: "g1", teamId: "guards", defeated: false, hidden: false },
      ],
      planFor: planSource(freelancersTurnOrder, order),
    };
    const begun = startCombat(ctx);
    if (!begun.ok) throw new Error(begun.reason);
    expect(currentPhase(begun.state)).toEqual({ kind: "team", teamId: "guards" });
    const mid = endTurn(begun.state, ctx, "g1", "gm");
    if (!mid.ok) throw new Error(mid.reason);
    expect(mid.events).toEqual([]);
    const end = endTurn(mid.state, ctx, "ace", "owner");
    expect(end.ok && end.events).toEqual([{ round: 1, event: "upkeep" }]);
    expect(end.ok && end.state.round).toBe(2);
  });
});
