import { checkedAttack } from "./dicepool.support.ts";
import { describe, expect, it } from "vitest";
import { fixedDice } from "../core/dice.ts";
import { planAttack, resolveAttack } from "./attack.ts";
import type { AttackInput } from "./attack.ts";
import { makeDicepoolCombatant, makeDicepoolWeapon } from "./factory.ts";
import { withDicepoolOptions } from "./options.ts";

const plugin = withDicepoolOptions({ initiativeDamage: true });
const ace = makeDicepoolCombatant({
  id: "ace",
  physical: 2,
  skills: { closeCombat: 1 },
  initiative: 4,
});
const foe = makeDicepoolCombatant({ id: "foe", physical: 2, initiative: 3 });
const base: AttackInput = {
  attacker: ace,
  defender: foe,
  weapon: makeDicepoolWeapon({ id: "blade" }),
  intent: "damage",
  defense: "soak",
};

function resolve(input: Partial<AttackInput>, dice: number[]) {
  const r = resolveAttack(checkedAttack({ ...base, ...input }), fixedDice(dice), plugin);
  if (!r.ok) throw new Error(r.reason);
  return r.value;
}

describe("the Initiative Damage plugin", () => {
  it("is off by default: attacks on initiative and Finishing Moves are refused", () => {
    expect(planAttack(checkedAttack({ ...base, intent: "initiative" }))).toMatchObject({
      ok: false,
      reason: "plugin-off",
    });
    expect(planAttack(checkedAttack(base)).ok && planAttack(checkedAttack(base))).toMatchObject({
      value: { defenseMode: "rolled" },
    });
  });

  it("a defender with initiative left defends flawlessly against health damage", () => {
    const p = planAttack(checkedAttack(base), plugin);
    expect(p.ok && p.value.defenseMode).toBe("flawless");
    const low = planAttack(checkedAttack({ ...base, defender: { ...foe, initiative: 0 } }), plugin);
    expect(low.ok && low.value.defenseMode).toBe("rolled");
  });

  it("an attack on initiative moves the net hits from the victim to the attacker", () => {
    const out = resolve({ intent: "initiative" }, [6, 6, 6, 6, 1]);
    expect([out.initiativeMoved, out.attacker.initiative, out.defender.initiative]).toEqual([
      2, 6, 1,
    ]);
    expect(out.damage).toBeNull();
  });

  it("at 0 initiative a character can deal only initiative damage", () => {
    const spent = { ...ace, initiative: 0 };
    expect(planAttack(checkedAttack({ ...base, attacker: spent }), plugin)).toMatchObject({
      ok: false,
      reason: "initiative-only",
    });
    expect(
      planAttack(checkedAttack({ ...base, attacker: spent, intent: "initiative" }), plugin).ok,
    ).toBe(true);
  });

  it("a Finishing Move adds all the attacker's initiative, only against a victim at 0", () => {
    expect(planAttack(checkedAttack({ ...base, intent: "finishingMove" }), plugin)).toMatchObject({
      ok: false,
      reason: "target-has-initiative",
    });
    const down = { ...foe, initiative: 0 };
    const p = planAttack(
      checkedAttack({ ...base, intent: "finishingMove", defender: down }),
      plugin,
    );
    expect(p.ok && p.value.attackPool.dice).toBe(7);
  });

  it("a Finishing Move that misses leaves the victim at 6 and the attacker at 0", () => {
    const down = { ...foe, initiative: 0 };
    const out = resolve({ intent: "finishingMove", defender: down }, [
      ...Array<number>(7).fill(1),
      1,
      1,
    ]);
    expect([out.hit, out.attacker.initiative, out.defender.initiative]).toEqual([false, 0, 6]);
  });

  it("a hit the victim survives leaves the attacker at 1; a takedown calls for a new roll", () => {
    const down = { ...foe, initiative: 0 };
    // 2 net hits against 6 health.
    const survive = resolve(
      { intent: "finishingMove", defender: down },
      [6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1],
    );
    expect([survive.hit, survive.attacker.initiative, survive.rerollInitiative]).toEqual([
      true,
      1,
      false,
    ]);
    const taken = resolve({ intent: "finishingMove", defender: down }, [
      6,
      6,
      6,
      6,
      6,
      6,
      6,
      1,
      1,
      ...Array<number>(7).fill(1),
    ]);
    expect([
      taken.defender.incapacitated,
      taken.rerollInitiative,
      taken.attacker.initiative,
    ]).toEqual(["lethal", true, 0]);
  });
});
