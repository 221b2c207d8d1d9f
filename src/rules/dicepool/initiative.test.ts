import { describe, expect, it } from "vitest";
import { addCombatant, endTurn, startCombat } from "../combat/machine.ts";
import type { TurnContext } from "../combat/machine.ts";
import { planSource } from "../combat/order.ts";
import type { OrderOutcome } from "../combat/order.ts";
import type { RosterMember } from "../combat/types.ts";
import { trackerView } from "../combat/view.ts";
import { makeDicepoolCombatant } from "./factory.ts";
import {
  dicepoolInitiative,
  dicepoolJoin,
  dicepoolTurnOrder,
  initiativeFromDice,
  initiativePool,
} from "./initiative.ts";
import { withDicepoolOptions } from "./options.ts";
import type { DicepoolInitiativeRoll } from "./initiative.ts";

const roll = (
  combatantId: string,
  result: number,
  pool = 12,
  isPlayerSide = true,
): DicepoolInitiativeRoll => ({
  combatantId,
  result,
  pool,
  isPlayerSide,
});

function settled(outcome: OrderOutcome) {
  if (!outcome.ok) throw new Error(outcome.reason);
  return outcome;
}

const rolls = [roll("sam", 7), roll("bob", 12), roll("dean", 2, 3, false), roll("diane", 9)];

describe("dice-pool individual initiative", () => {
  it("orders everybody by their own roll, highest first, and shows each roll", () => {
    const { order } = settled(dicepoolInitiative(rolls));
    expect(order.mode).toBe("individual");
    expect(order.order).toEqual(["bob", "diane", "sam", "dean"]);
    expect(order.values).toEqual({ sam: 7, bob: 12, dean: 2, diane: 9 });
    expect(dicepoolTurnOrder.roundPlan(order, 3)).toEqual(
      ["bob", "diane", "sam", "dean"].map((combatantId) => ({ kind: "combatant", combatantId })),
    );
  });

  it("settles a tie by the larger pool, then the players' side, by default", () => {
    const tie = [roll("npc", 5, 6, false), roll("pc", 5, 5, true), roll("pc2", 5, 6, true)];
    expect(settled(dicepoolInitiative(tie)).order.order).toEqual(["pc2", "npc", "pc"]);
    expect(settled(dicepoolInitiative(tie, "players")).order.order).toEqual(["pc", "pc2", "npc"]);
    const reroll = settled(dicepoolInitiative(tie, "reroll"));
    expect(reroll.tied).toEqual([["npc", "pc", "pc2"]]);
  });

  it("refuses a negative or fractional result, a combatant listed twice, nobody", () => {
    expect(dicepoolInitiative([roll("a", -1)])).toMatchObject({
      ok: false,
      reason: "out-of-range",
    });
    expect(dicepoolInitiative([roll("a", 2.5)])).toMatchObject({ ok: false, reason: "not-whole" });
    expect(dicepoolInitiative([roll("a", 1), roll("a", 2)])).toEqual({
      ok: false,
      reason: "duplicateId",
    });
    expect(dicepoolInitiative([])).toEqual({ ok: false, reason: "noTeams" });
  });

  it("marks who has gone yet, and slots in a newcomer without rerolling anybody", () => {
    const { order } = settled(dicepoolInitiative(rolls));
    const roster: RosterMember[] = rolls.map((r) => ({
      id: r.combatantId,
      teamId: r.isPlayerSide ? "pcs" : "npcs",
      defeated: false,
      hidden: false,
    }));
    const ctx: TurnContext = { roster, planFor: planSource(dicepoolTurnOrder, order) };
    const begun = startCombat(ctx);
    if (!begun.ok) throw new Error(begun.reason);
    const bobDone = endTurn(begun.state, ctx, "bob", "owner");
    if (!bobDone.ok) throw new Error(bobDone.reason);
    const gone = trackerView(bobDone.state, roster, "player").phases.map((p) =>
      p.members.map((m) => [m.id, m.acted, m.active]),
    );
    expect(gone).toEqual([
      [["bob", true, false]],
      [["diane", false, true]],
      [["sam", false, false]],
      [["dean", false, false]],
    ]);

    const joinedOutcome = dicepoolJoin(order, roll("eve", 9));
    if (!joinedOutcome.ok) throw new Error(joinedOutcome.reason);
    const joinedOrder = joinedOutcome.order;
    expect(joinedOrder.order).toEqual(["bob", "diane", "eve", "sam", "dean"]);
    const joined: TurnContext = {
      roster: [...roster, { id: "eve", teamId: "npcs", defeated: false, hidden: false }],
      planFor: planSource(dicepoolTurnOrder, joinedOrder),
    };
    const after = addCombatant(bobDone.state, joined);
    if (!after.ok) throw new Error(after.reason);
    expect(after.state.active).toBe("diane");
    expect(after.state.acted).toEqual(["bob"]);
    const next = endTurn(after.state, joined, "diane", "owner");
    expect(next.ok && next.state.active).toBe("eve");
  });

  it("rolls Mental + Awareness, less the wound penalty; Physical joins it by a setting", () => {
    const diane = makeDicepoolCombatant({
      id: "diane",
      mental: 3,
      physical: 2,
      skills: { awareness: 1 },
      woundPenalty: 1,
    });
    const pool = initiativePool(diane);
    expect(pool.ok && pool.value.dice).toBe(3);
    const both = initiativePool(
      diane,
      withDicepoolOptions({ initiativeAttributes: ["mental", "physical"] }),
    );
    expect(both.ok && both.value.dice).toBe(5);
  });

  it("an initiative is the pool's hits; the larger pool wins a tie by default", () => {
    const faces: [string, number[]][] = [
      ["sam", [6, 1, 1, 4]],
      ["bob", [6, 6, 5, 2, 1]],
      ["dean", [4, 4]],
    ];
    const rolled = faces.map(([id, f]) => {
      const r = initiativeFromDice(id, f, true);
      if (!r.ok) throw new Error(r.reason);
      return r.value;
    });
    expect(rolled.map((r) => [r.result, r.pool])).toEqual([
      [2, 4],
      [3, 5],
      [2, 2],
    ]);
    expect(settled(dicepoolInitiative(rolled)).order.order).toEqual(["bob", "sam", "dean"]);
    expect(initiativeFromDice("x", [0], true)).toMatchObject({ ok: false, reason: "out-of-range" });
    expect(initiativeFromDice("x", Array<number>(1000).fill(6), true)).toMatchObject({
      ok: false,
      reason: "pool-too-large",
    });
  });
});
