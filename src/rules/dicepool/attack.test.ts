import fc from "fast-check";
import { checkedAttack } from "./dicepool.support.ts";
import { describe, expect, it } from "vitest";
import { fixedDice } from "../core/dice.ts";
import { seededRandom } from "../core/random.ts";
import { checkAttackInput, planAttack, resolveAttack } from "./attack.ts";
import type { AttackInput } from "./attack.ts";
import { makeDicepoolCombatant, makeDicepoolWeapon } from "./factory.ts";
import type { DicepoolCombatant } from "./model.ts";
import { withDicepoolOptions } from "./options.ts";

const fighter = makeDicepoolCombatant({
  id: "sam",
  physical: 3,
  skills: { closeCombat: 2, rangedCombat: 4, mobility: 1, protection: 1 },
});
const target = makeDicepoolCombatant({
  id: "dean",
  physical: 2,
  skills: { mobility: 3, closeCombat: 1, protection: 0 },
  armorRating: 2,
});
const sword = makeDicepoolWeapon({ id: "sword" });
const pistol = makeDicepoolWeapon({ id: "pistol", kind: "ranged" });

const base: AttackInput = {
  attacker: fighter,
  defender: target,
  weapon: sword,
  intent: "damage",
  defense: "dodge",
};

function plan(input: Partial<AttackInput>, options = withDicepoolOptions()) {
  const r = planAttack(checkedAttack({ ...base, ...input }), options);
  if (!r.ok) throw new Error(`${r.reason} ${JSON.stringify(r.detail)}`);
  return r.value;
}

function resolve(input: Partial<AttackInput>, dice: number[], options = withDicepoolOptions()) {
  const r = resolveAttack(checkedAttack({ ...base, ...input }), fixedDice(dice), options);
  if (!r.ok) throw new Error(`${r.reason} ${JSON.stringify(r.detail)}`);
  return r.value;
}

describe("attack and defense pools", () => {
  it("close: Physical + Close Combat; ranged: Physical + Ranged Combat − 1 per space", () => {
    expect(plan({}).attackPool.dice).toBe(5);
    expect(plan({ weapon: pistol, situation: { distance: 3 } }).attackPool.dice).toBe(4);
  });

  it("Dodge is Physical + Mobility, Parry Physical + Close Combat, Soak the better of Protection and armor", () => {
    expect(plan({ defense: "dodge" }).defensePool.dice).toBe(5);
    expect(plan({ defense: "parry" }).defensePool.dice).toBe(3);
    expect(plan({ defense: "soak" }).defensePool.dice).toBe(4);
    expect(plan({ defense: "soak", soakWith: "protection" }).defensePool.dice).toBe(2);
  });

  it("cover adds 2 / 4 / 8 dice to the defense, halved (rounded down) against close attacks", () => {
    const ranged = (cover: "light" | "medium" | "full") =>
      plan({ weapon: pistol, situation: { distance: 1, cover } }).defensePool.dice;
    expect([ranged("light"), ranged("medium"), ranged("full")]).toEqual([7, 9, 13]);
    const close = (cover: "light" | "medium" | "full") =>
      plan({ situation: { cover } }).defensePool.dice;
    expect([close("light"), close("medium"), close("full")]).toEqual([6, 7, 9]);
  });

  it("the wound penalty lowers both sides' pools, never below 0", () => {
    const p = plan({
      attacker: { ...fighter, woundPenalty: 2 },
      defender: { ...target, woundPenalty: 9 },
    });
    expect(p.attackPool.dice).toBe(3);
    expect(p.defensePool.dice).toBe(0);
  });

  it("a close attack needs the same space", () => {
    expect(planAttack(checkedAttack({ ...base, situation: { distance: 1 } }))).toMatchObject({
      ok: false,
      reason: "not-in-melee",
    });
  });

  it("non-lethal costs 3 dice unless the weapon has the non-lethal mod", () => {
    expect(plan({ intent: "nonLethal" }).attackPool.dice).toBe(2);
    const baton = makeDicepoolWeapon({ id: "baton", mods: { nonLethal: true } });
    const p = plan({ intent: "damage", weapon: baton });
    expect([p.attackPool.dice, p.nonLethal]).toEqual([5, true]);
  });

  it("disarm and grapple cost 6 dice without their mods, and are close only", () => {
    expect(plan({ intent: "disarm", disarmWeaponId: "knife" }).attackPool.dice).toBe(0);
    const hook = makeDicepoolWeapon({ id: "hook", mods: { disarming: true, grappling: true } });
    expect(plan({ intent: "disarm", weapon: hook, disarmWeaponId: "knife" }).attackPool.dice).toBe(
      5,
    );
    expect(plan({ intent: "grapple", weapon: hook }).attackPool.dice).toBe(5);
    expect(planAttack(checkedAttack({ ...base, intent: "grapple", weapon: pistol }))).toMatchObject(
      {
        ok: false,
        reason: "close-only",
      },
    );
    expect(planAttack(checkedAttack({ ...base, intent: "disarm" }))).toMatchObject({
      ok: false,
      reason: "nothing-to-disarm",
    });
  });

  it("cannot grapple a larger foe, unless Anti-Large Grappling makes up the size", () => {
    const bus = { ...target, size: 3 };
    expect(planAttack(checkedAttack({ ...base, intent: "grapple", defender: bus }))).toMatchObject({
      ok: false,
      reason: "target-too-large",
    });
    const strong = { ...fighter, powers: { ...fighter.powers, antiLargeGrappling: 2 } };
    expect(
      planAttack(checkedAttack({ ...base, intent: "grapple", defender: bus, attacker: strong })).ok,
    ).toBe(true);
  });

  it("the book's bus: a larger target soaks flawlessly with the size difference as extra dice", () => {
    const bus = makeDicepoolCombatant({ id: "bus", physical: 4, size: 3 });
    const p = plan({ defender: bus, defense: "soak" });
    expect([p.defensePool.dice, p.defenseMode]).toEqual([6, "flawless"]);
    // Dodging gets no size benefit.
    expect(plan({ defender: bus, defense: "dodge" }).defenseMode).toBe("rolled");
  });

  it("an incapacitated defender may only soak; a power may rule a defense out", () => {
    const down = { ...target, incapacitated: "lethal" as const, damage: 7 };
    expect(planAttack(checkedAttack({ ...base, defender: down, defense: "dodge" }))).toMatchObject({
      ok: false,
      reason: "defense-not-allowed",
    });
    expect(planAttack(checkedAttack({ ...base, defender: down, defense: "soak" })).ok).toBe(true);
    expect(planAttack(checkedAttack({ ...base, forbid: ["dodge"] }))).toMatchObject({
      ok: false,
      reason: "defense-not-allowed",
      detail: { why: "forbidden" },
    });
  });

  it("Blitz Attack: +4 dice for 2 Energy, from Close Combat 3", () => {
    expect(planAttack(checkedAttack({ ...base, situation: { blitz: true } }))).toMatchObject({
      ok: false,
      reason: "no-blitz",
    });
    const brawler = { ...fighter, skills: { ...fighter.skills, closeCombat: 3 } };
    const p = plan({ attacker: brawler, situation: { blitz: true } });
    expect([p.attackPool.dice, p.energyCost]).toEqual([10, 2]);
    const tired = { ...brawler, energy: { value: 1, max: 5 } };
    expect(
      planAttack(checkedAttack({ ...base, attacker: tired, situation: { blitz: true } })),
    ).toMatchObject({
      ok: false,
      reason: "not-enough-energy",
    });
    const out = resolve({ attacker: brawler, situation: { blitz: true } }, [
      ...Array<number>(10).fill(1),
      ...Array<number>(5).fill(1),
    ]);
    expect(out.attacker.energy.value).toBe(3);
  });
});

describe("resolving an attack", () => {
  it("net hits are the damage; the wound dice are rolled after, one per point", () => {
    // Attack 5 dice: 6,6,5,4,1 = 4 hits. Dodge 5 dice: 4,1,1,1,1 = 1 hit. Net 3.
    const out = resolve({}, [6, 6, 5, 4, 1, 4, 1, 1, 1, 1, 5, 2, 6]);
    expect([out.attack.hits, out.defense.hits, out.net, out.hit]).toEqual([4, 1, 3, true]);
    expect(out.damage?.taken).toBe(3);
    expect(out.damage?.woundFaces).toEqual([5, 2, 6]);
    expect(out.defender.damage).toBe(3);
    expect(out.defender.woundPenalty).toBe(2);
  });

  it("0 net hits or fewer misses and deals nothing", () => {
    const out = resolve({}, [6, 6, 1, 1, 1, 4, 5, 1, 1, 1]);
    expect([out.net, out.hit, out.damage]).toEqual([0, false, null]);
    expect(out.defender).toBe(target);
  });

  it("a weapon's extra damage adds to the net hits of a hit", () => {
    const axe = makeDicepoolWeapon({ id: "axe", damage: 2 });
    const out = resolve({ weapon: axe }, [6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(out.damage?.taken).toBe(3);
  });

  it("a static defense rolls no dice", () => {
    const out = resolve(
      {},
      [6, 6, 6, 6, 1, 1, 1, 1, 1],
      withDicepoolOptions({ staticDefense: true }),
    );
    expect([out.defense.hits, out.defense.faces, out.net]).toEqual([3, [], 1]);
  });

  it("a disarm that hits makes the defender drop the named weapon, with no damage", () => {
    const hook = makeDicepoolWeapon({ id: "hook", mods: { disarming: true } });
    const out = resolve(
      { intent: "disarm", weapon: hook, disarmWeaponId: "knife" },
      [6, 6, 1, 1, 1, 1, 1, 1, 1, 1],
    );
    expect([out.disarmed, out.defender.droppedWeaponId, out.damage]).toEqual([
      "knife",
      "knife",
      null,
    ]);
    const knife = makeDicepoolWeapon({ id: "knife" });
    expect(
      planAttack(checkedAttack({ ...base, attacker: out.defender, weapon: knife })),
    ).toMatchObject({
      ok: false,
      reason: "weapon-dropped",
    });
  });

  it("a grapple's net hits become Grappling Pool points, not damage", () => {
    const hands = makeDicepoolWeapon({ id: "hands", mods: { grappling: true } });
    const out = resolve(
      { intent: "grapple", weapon: hands, defense: "parry" },
      [6, 6, 6, 1, 1, 1, 1, 1],
    );
    expect([out.grapplePoints, out.damage, out.defender.damage]).toEqual([3, null, 0]);
  });

  it("the attacker must be able to act and the target must be alive", () => {
    expect(
      planAttack(checkedAttack({ ...base, attacker: { ...fighter, incapacitated: "nonLethal" } })),
    ).toMatchObject({ ok: false, reason: "attacker-incapacitated" });
    expect(
      planAttack(checkedAttack({ ...base, defender: { ...target, dead: true } })),
    ).toMatchObject({
      ok: false,
      reason: "target-dead",
    });
  });

  it("an attack that settles after its target went down lands on the defense it rolled", () => {
    const down = { ...target, damage: 5, incapacitated: "lethal" as const };
    const fresh = checkAttackInput({ ...base, defender: down });
    expect(fresh.ok && planAttack(fresh.value)).toMatchObject({
      ok: false,
      reason: "defense-not-allowed",
    });
    const settling = checkAttackInput({ ...base, defender: down, settling: true });
    const r = settling.ok
      ? resolveAttack(settling.value, fixedDice([6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]))
      : settling;
    expect(r).toMatchObject({ ok: true, value: { hit: true, damage: { taken: 2 } } });
    const dead = checkAttackInput({ ...base, defender: { ...down, dead: true }, settling: true });
    expect(dead.ok && planAttack(dead.value).ok).toBe(true);
    expect(checkAttackInput({ ...base, settling: NaN as never })).toMatchObject({ ok: false });
  });

  it("NaN, ±Infinity, fractions and huge numbers in any field, on either side, are refused", () => {
    const weird = [Number.NaN, Infinity, -Infinity, 1e9, -1e9, 0.5];
    const slots = [
      "physical",
      "skill",
      "size",
      "woundPenalty",
      "distance",
      "modifier",
      "weaponDamage",
      "energy",
      "grapplePenalty",
    ] as const;
    for (const bad of weird) {
      for (const where of slots) {
        for (const onDefender of [false, true]) {
          const c = onDefender ? target : fighter;
          const changed: DicepoolCombatant =
            where === "physical"
              ? { ...c, physical: bad }
              : where === "skill"
                ? { ...c, skills: { ...c.skills, mobility: bad, closeCombat: bad } }
                : where === "size"
                  ? { ...c, size: bad }
                  : where === "woundPenalty"
                    ? { ...c, woundPenalty: bad }
                    : where === "energy"
                      ? { ...c, energy: { value: bad, max: 5 } }
                      : c;
          const input: AttackInput = {
            ...base,
            weapon:
              where === "distance"
                ? pistol
                : where === "weaponDamage"
                  ? { ...sword, damage: bad }
                  : sword,
            [onDefender ? "defender" : "attacker"]: changed,
            situation: {
              distance: where === "distance" ? bad : 0,
              attackModifiers: where === "modifier" ? [{ source: "x", value: bad }] : [],
              grapplePenaltyOnDefense: where === "grapplePenalty" ? bad : 0,
            },
          };
          // The input check refuses it (a billion Energy is also above its max, on either side).
          const checked = checkAttackInput(input);
          const result = checked.ok ? resolveAttack(checked.value, seededRandom("p")) : checked;
          expect([where, onDefender, bad, result.ok]).toEqual([where, onDefender, bad, false]);
        }
      }
    }
  });

  it("property: attacks never deal damage on a miss and never more than the net hits + weapon", () => {
    fc.assert(
      fc.property(
        fc.nat(8),
        fc.nat(8),
        fc.nat(8),
        fc.constantFrom("dodge", "parry", "soak"),
        fc.boolean(),
        fc.integer(),
        (physical, skillValue, defPhysical, defense, staticDefense, seed) => {
          const input: AttackInput = {
            ...base,
            attacker: { ...fighter, physical, skills: { closeCombat: skillValue } },
            defender: { ...target, physical: defPhysical },
            defense,
          };
          const r = resolveAttack(
            checkedAttack(input),
            seededRandom(seed),
            withDicepoolOptions({ staticDefense }),
          );
          if (!r.ok) throw new Error(r.reason);
          const dealt = r.value.damage?.taken ?? 0;
          expect(dealt).toBe(r.value.hit ? r.value.net : 0);
          expect(r.value.defender.damage).toBe(dealt);
        },
      ),
    );
  });
});
