import { checkedAttack } from "./dicepool.support.ts";
import { describe, expect, it } from "vitest";
import { fixedDice } from "../core/dice.ts";
import { resolveAttack } from "./attack.ts";
import { DICEPOOL_FIELD_PATHS, diffAllDicepool, diffDicepool } from "./changes.ts";
import { makeDicepoolCombatant, makeDicepoolWeapon } from "./factory.ts";

describe("outcomes as document changes", () => {
  it("an attack that hits writes the defender's damage and wound penalty, and nothing else", () => {
    const attacker = makeDicepoolCombatant({ id: "a", physical: 3 });
    const defender = makeDicepoolCombatant({ id: "d", physical: 1 });
    const r = resolveAttack(
      checkedAttack({
        attacker,
        defender,
        weapon: makeDicepoolWeapon({ id: "w" }),
        intent: "damage",
        defense: "dodge",
      }),
      fixedDice([6, 6, 1, 1, 6, 1]),
    );
    if (!r.ok) throw new Error(r.reason);
    expect(
      diffAllDicepool([
        [attacker, r.value.attacker],
        [defender, r.value.defender],
      ]),
    ).toEqual([
      {
        actorId: "d",
        changes: { [DICEPOOL_FIELD_PATHS.damage]: 2, [DICEPOOL_FIELD_PATHS.woundPenalty]: 1 },
      },
    ]);
  });

  it("no change, no update", () => {
    const c = makeDicepoolCombatant({ id: "c" });
    expect(diffDicepool(c, { ...c })).toBeNull();
    expect(diffDicepool(c, { ...c, energy: { value: 2, max: 5 } })).toEqual({
      actorId: "c",
      changes: { "system.energy.value": 2 },
    });
  });
});
