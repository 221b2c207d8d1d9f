/**
 * Issue 27's Worldlines rules: a hit the armor stops puts no status on (an option turns it back),
 * Exhaustion points cost every trait-die roll, the throw reaches as far as the thrower's die, and
 * a disabled leg makes Athletics roll twice and keep the lower die.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { fixedDice, seededRandom } from "../core/index.ts";
import { attackModifiers } from "./attack.ts";
import { checkAndResolve, checked } from "./checked.support.ts";
import { checkAction } from "./energy.ts";
import { firstAid } from "./treatment.ts";
import { rollCheck } from "./checks.ts";
import { makeCombatant } from "./factory.ts";
import { throwItem, throwRangeOf } from "./gear.ts";
import type { WorldlinesWeapon } from "./model.ts";
import { DEFAULT_OPTIONS, withOptions } from "./options.ts";
import { checkOptions } from "./valid.ts";

const knife: WorldlinesWeapon = {
  id: "knife",
  name: "Knife",
  kind: "melee",
  skill: "melee",
  damage: "1d4",
  onHit: [{ status: "bleeding" }],
};
const maya = makeCombatant({ id: "maya", traits: { combat: 8, spirit: 6 }, skills: { melee: 1 } });
const vested = makeCombatant({ id: "vest", traits: { combat: 6, spirit: 6 }, armor: { torso: 6 } });

describe("a hit the armor stops", () => {
  // Attack d8 shows 7 (+1 = 8) and is not evaded; the knife's d4 shows 2; the Armor d6 shows 5.
  const stopped = [7, 2, 5];

  it("puts none of the weapon's statuses on by default", () => {
    const out = checkAndResolve(
      { attacker: maya, defender: vested, weapon: knife },
      fixedDice(stopped),
    );
    expect(out).toMatchObject({ ok: true, value: { hit: true, damage: { dealt: 0 } } });
    if (!out.ok) return;
    expect(out.value.statusesApplied).toEqual([]);
    expect(out.value.defender.statuses.bleeding).toBeUndefined();
  });

  it("puts them on when the option says so, and always when damage got through", () => {
    const anyway = withOptions({ statusesWhenAbsorbed: true });
    const input = { attacker: maya, defender: vested, weapon: knife };
    const out = checkAndResolve(input, fixedDice(stopped), {}, anyway);
    expect(out).toMatchObject({ value: { statusesApplied: ["bleeding"] } });
    // d4 shows 4, Armor d6 shows 1: 3 get through, and the knife bleeds.
    const through = checkAndResolve(input, fixedDice([7, 4, 1]));
    expect(through).toMatchObject({
      value: { damage: { dealt: 3 }, statusesApplied: ["bleeding"] },
    });
  });

  it("never applies a status without damage, whatever the dice (property)", () => {
    fc.assert(
      fc.property(fc.integer(), fc.constantFrom(4, 6, 8, 10, 12), (seed, torso) => {
        const defender = makeCombatant({ id: "d", armor: { torso } });
        const out = checkAndResolve(
          { attacker: maya, defender, weapon: knife },
          seededRandom(seed),
        );
        if (!out.ok || out.value.damage === undefined) return;
        if (out.value.damage.dealt === 0) expect(out.value.statusesApplied).toEqual([]);
        else expect(out.value.statusesApplied).toEqual(["bleeding"]);
      }),
      { numRuns: 300 },
    );
  });
});

describe("Exhaustion points", () => {
  const tired = makeCombatant({
    id: "tired",
    traits: { combat: 8, spirit: 6, mind: 6 },
    skills: { medicine: 2, melee: 1 },
    statuses: { exhausted: { points: 2 } },
  });

  it("take 1 per point off a check by default, nothing when the option is 0", () => {
    const spec = { trait: "mind", skill: "medicine" };
    expect(rollCheck(tired, spec, 5, fixedDice([4]))).toMatchObject({
      value: { bonus: 0, total: 4, passed: false },
    });
    const none = withOptions({ exhaustionPenalty: 0 });
    expect(rollCheck(tired, spec, 5, fixedDice([4]), none)).toMatchObject({
      value: { bonus: 2, total: 6, passed: true },
    });
  });

  it("take the same off the attack roll, shown as its own modifier", () => {
    const mods = attackModifiers({ attacker: tired, defender: maya, weapon: knife });
    expect(mods.ok && mods.value.find((m) => m.source === "exhausted")).toEqual({
      source: "exhausted",
      value: -2,
    });
  });

  it("refuse a penalty that is not a small whole number, by name (NaN, infinities, huge)", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.constantFrom(Number.NaN, Infinity, -Infinity, 1e308, -1, 0.5, 6),
          fc.double({ min: 5.000001, max: 1e300, noNaN: true }),
        ),
        (penalty) => {
          expect(checkOptions(withOptions({ exhaustionPenalty: penalty }))).toMatchObject({
            ok: false,
            detail: { field: "options.exhaustionPenalty" },
          });
        },
      ),
    );
  });
});

describe("the throw's reach", () => {
  it("goes by the thrower's Combat die: 45 ft at d12, 5 ft less per step", () => {
    const at = (combat: 4 | 6 | 8 | 10 | 12) =>
      throwRangeOf(makeCombatant({ id: "t", traits: { combat, spirit: 6 } }));
    expect([4, 6, 8, 10, 12].map((d) => at(d as 4))).toEqual(
      [25, 30, 35, 40, 45].map((value) => ({ ok: true, value })),
    );
    const d6 = makeCombatant({ id: "t", traits: { combat: 6, spirit: 6 } });
    expect(throwItem(d6, 30, 1)).toMatchObject({ ok: true, value: { cost: 2 } });
    expect(throwItem(d6, 35, 1)).toMatchObject({
      reason: "outOfThrowRange",
      detail: { feet: 35, limit: 30 },
    });
  });

  it("follows the option's trait and table; a bad table is refused by name", () => {
    const strong = makeCombatant({ id: "s", traits: { combat: 4, spirit: 6, body: 12 } });
    expect(throwRangeOf(strong, withOptions({ throwTrait: "body" }))).toEqual({
      ok: true,
      value: 45,
    });
    for (const bad of [Number.NaN, Infinity, -5, 1e9]) {
      const options = withOptions({
        throwFeetByDie: { ...DEFAULT_OPTIONS.throwFeetByDie, 8: bad },
      });
      expect(throwRangeOf(maya, options)).toMatchObject({
        ok: false,
        detail: { field: "options.throwFeetByDie.8" },
      });
    }
  });
});

describe("a disabled leg", () => {
  const hobbled = makeCombatant({
    id: "h",
    traits: { combat: 8, spirit: 6, mind: 6 },
    skills: { athletics: 1, medicine: 1 },
    disabledLimbs: { arms: false, legs: true },
  });

  it("rolls Athletics twice and keeps the lower die; other checks roll once", () => {
    const athletics = { trait: "combat", skill: "athletics" };
    expect(rollCheck(hobbled, athletics, 6, fixedDice([7, 2]))).toMatchObject({
      value: { natural: 2, total: 3, passed: false },
    });
    const walking = { ...hobbled, disabledLimbs: { arms: false, legs: false } };
    const once = fixedDice([7, 2]);
    expect(rollCheck(walking, athletics, 6, once)).toMatchObject({ value: { natural: 7 } });
    expect(once.remaining).toBe(1);
    const medicine = fixedDice([5, 2]);
    expect(rollCheck(hobbled, { trait: "mind", skill: "medicine" }, 6, medicine)).toMatchObject({
      value: { natural: 5 },
    });
    expect(medicine.remaining).toBe(1);
  });
});

describe("a disabled arm", () => {
  const oneArmed = makeCombatant({
    id: "o",
    traits: { combat: 8, spirit: 6, mind: 6 },
    skills: { medicine: 1 },
    disabledLimbs: { arms: true, legs: false },
    statuses: { bleeding: { hpPerTurn: 5 } },
  });

  it("refuses the two-handed actions (reload, build, First Aid) and nothing else", () => {
    for (const kind of ["reload", "build", "firstAid"] as const) {
      expect(checkAction(oneArmed, { kind })).toMatchObject({ ok: false, reason: "armDisabled" });
    }
    expect(checkAction(oneArmed, { kind: "attack" })).toMatchObject({ ok: true });
    expect(firstAid(checked(oneArmed), checked(oneArmed), fixedDice([6]))).toMatchObject({
      ok: false,
      reason: "armDisabled",
    });
    const healed = { ...oneArmed, disabledLimbs: { arms: false, legs: false } };
    expect(checkAction(healed, { kind: "reload" })).toMatchObject({ ok: true });
  });

  it("blocks what the option lists; a bad list is refused by name", () => {
    const options = withOptions({ armActions: ["attack"] });
    expect(checkAction(oneArmed, { kind: "attack" }, options)).toMatchObject({
      reason: "armDisabled",
    });
    expect(checkAction(oneArmed, { kind: "reload" }, options)).toMatchObject({ ok: true });
    const bad = withOptions({ armActions: ["reload", "", "constructor"] });
    expect(checkAction(oneArmed, { kind: "reload" }, bad)).toMatchObject({
      ok: false,
      detail: { field: "options.armActions.1" },
    });
  });
});
