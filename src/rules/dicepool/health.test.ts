import fc from "fast-check";
import { checkedCombatant } from "./dicepool.support.ts";
import { describe, expect, it } from "vitest";
import { fixedDice } from "../core/dice.ts";
import { seededRandom } from "../core/random.ts";
import { makeDicepoolCombatant } from "./factory.ts";
import {
  bleedOnTurn,
  bleeds,
  damageByHand,
  healNonLethal,
  healWeeks,
  maxHealth,
  remainingHealth,
  stabilize,
  takeDamage,
} from "./health.ts";
import type { DamageTaken } from "./health.ts";
import type { DicepoolCombatant } from "./model.ts";

// The book's example: Physical 4, Size 1 → 8 health.
const hero = makeDicepoolCombatant({ id: "hero", physical: 4, size: 1 });
const medic = makeDicepoolCombatant({ id: "medic", skills: { medicine: 1 } });

function hit(
  c: DicepoolCombatant,
  amount: number,
  nonLethal = false,
  dice?: number[],
): DamageTaken {
  const faces = dice ?? Array<number>(amount).fill(1);
  const r = takeDamage(checkedCombatant(c), amount, { nonLethal }, fixedDice(faces));
  if (!r.ok) throw new Error(r.reason);
  return r.value;
}

describe("health and damage", () => {
  it("total health is Physical + Size + 3", () => {
    expect(maxHealth(hero)).toBe(8);
    expect(remainingHealth({ ...hero, damage: 3 })).toBe(5);
  });

  it("each point of damage rolls a wound die; its hits add to the wound penalty", () => {
    const out = hit(hero, 3, false, [4, 6, 2]);
    expect([out.woundDice, out.woundAdded, out.combatant.woundPenalty]).toEqual([3, 2, 2]);
  });

  it("Wound Penalty Resistance removes one wound die per purchase", () => {
    const tough = { ...hero, powers: { ...hero.powers, woundPenaltyResistance: 2 } };
    const out = hit(tough, 3, false, [6]);
    expect([out.woundDice, out.combatant.woundPenalty]).toEqual([1, 1]);
  });

  it("damage at total health incapacitates; at twice it kills", () => {
    const down = hit(hero, 8);
    expect([down.incapacitated, down.combatant.incapacitated, down.died]).toEqual([
      true,
      "lethal",
      false,
    ]);
    const dead = hit(down.combatant, 8);
    expect([dead.died, dead.combatant.dead]).toEqual([true, true]);
    expect(hit(dead.combatant, 5).taken).toBe(0);
  });

  it("non-lethal damage incapacitates without bleeding and never kills", () => {
    const out = hit(hero, 20, true);
    expect([out.combatant.incapacitated, out.died, out.combatant.nonLethalDamage]).toEqual([
      "nonLethal",
      false,
      20,
    ]);
    const bled = bleedOnTurn(out.combatant, fixedDice([]));
    expect(bled.ok && bled.value.taken).toBe(0);
  });

  it("a lethal blow on someone knocked out non-lethally makes them bleed", () => {
    const out = hit(hit(hero, 8, true).combatant, 1);
    expect(out.combatant.incapacitated).toBe("lethal");
  });

  it("the incapacitated bleed 1 a turn until stabilized (Stabilize comes with Medicine 1)", () => {
    const down = hit(hero, 8).combatant;
    const bled = bleedOnTurn(down, fixedDice([1]));
    expect(bled.ok && bled.value.combatant.damage).toBe(9);
    expect(stabilize(down, hero)).toMatchObject({ ok: false, reason: "cannot-stabilize" });
    const stable = stabilize(down, medic);
    if (!stable.ok) throw new Error(stable.reason);
    const after = bleedOnTurn(stable.value, fixedDice([]));
    expect(after.ok && after.value.taken).toBe(0);
    expect(stabilize(hero, medic)).toMatchObject({ ok: false, reason: "not-bleeding" });
  });

  it("Plot Armor: damage past incapacitation is lost, and at most 1 per attack while down", () => {
    const lucky = { ...hero, damage: 6, powers: { ...hero.powers, plotArmor: true } };
    const down = hit(lucky, 10);
    expect([down.taken, down.combatant.damage, down.combatant.incapacitated]).toEqual([
      2,
      8,
      "lethal",
    ]);
    expect(hit(down.combatant, 10).taken).toBe(1);
  });

  it("heals 1 a week (non-lethal: 1 per 10 minutes) and the wound penalty with it", () => {
    const hurt = { ...hero, damage: 5, nonLethalDamage: 2, woundPenalty: 4 };
    const weeks = healWeeks(hurt, 3);
    expect(
      weeks.ok && [weeks.value.damage, weeks.value.nonLethalDamage, weeks.value.woundPenalty],
    ).toEqual([2, 0, 1]);
    const minutes = healNonLethal(hurt, 35);
    expect(minutes.ok && [minutes.value.damage, minutes.value.nonLethalDamage]).toEqual([3, 0]);
  });

  it("property: damage never heals, never exceeds what was dealt, NaN and ±Infinity are refused", () => {
    fc.assert(
      fc.property(fc.nat(40), fc.nat(20), fc.boolean(), fc.integer(), (amount, start, nl, seed) => {
        const c = { ...hero, damage: start };
        const r = takeDamage(c, amount, { nonLethal: nl }, seededRandom(seed));
        if (!r.ok) throw new Error(r.reason);
        expect(r.value.combatant.damage).toBeGreaterThanOrEqual(c.damage);
        expect(r.value.taken).toBeLessThanOrEqual(amount);
        expect(r.value.combatant.woundPenalty - c.woundPenalty).toBeLessThanOrEqual(r.value.taken);
      }),
    );
    for (const bad of [Number.NaN, Infinity, -Infinity, -1, 0.5, 1e9]) {
      expect(takeDamage(hero, bad, { nonLethal: false }, seededRandom(1)).ok).toBe(false);
      expect(healWeeks(hero, bad).ok).toBe(false);
    }
  });
});

describe("damage set by hand", () => {
  const down = makeDicepoolCombatant({
    id: "down",
    physical: 4,
    size: 1,
    damage: 9,
    incapacitated: "lethal",
    stabilized: true,
  });

  it("under the total health a wound incapacitation ends: no longer dying or stabilized", () => {
    const healed = damageByHand(down, 0, 0);
    expect(healed.ok && healed.value).toMatchObject({
      damage: 0,
      incapacitated: null,
      stabilized: false,
    });
    expect(healed.ok && bleeds(healed.value)).toBe(false);
  });

  it("at the total health an unhurt character goes down; non-lethal when all of it is", () => {
    const hurt = damageByHand(hero, 8, 0);
    expect(hurt.ok && hurt.value.incapacitated).toBe("lethal");
    const knocked = damageByHand(hero, 8, 8);
    expect(knocked.ok && knocked.value.incapacitated).toBe("nonLethal");
  });

  it("restraints, a grapple and death are not wounds: healing leaves them", () => {
    const bound = makeDicepoolCombatant({ id: "b", damage: 3, incapacitated: "restraints" });
    expect(damageByHand(bound, 0, 0)).toMatchObject({
      ok: true,
      value: { incapacitated: "restraints" },
    });
    const dead = makeDicepoolCombatant({
      id: "d",
      damage: 20,
      dead: true,
      incapacitated: "lethal",
    });
    expect(damageByHand(dead, 0, 0)).toMatchObject({ ok: true, value: { dead: true } });
  });

  it("keeps the non-lethal part within the damage; refuses NaN, infinite or huge amounts", () => {
    const r = damageByHand(hero, 2, 5);
    expect(r.ok && r.value.nonLethalDamage).toBe(2);
    fc.assert(
      fc.property(fc.constantFrom(NaN, Infinity, -1, 1e12, 0.5), (bad) => {
        expect(damageByHand(hero, bad, 0).ok).toBe(false);
        expect(damageByHand(hero, 0, bad).ok).toBe(false);
      }),
    );
  });
});
