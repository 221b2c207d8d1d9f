import { describe, expect, it } from "vitest";
import { resolveAttack, resolveAutoFire, resolveExchange } from "./attack.ts";
import type { AttackInput } from "./attack.ts";
import { attackUpdates } from "./changes.ts";
import { makeTwodiceCombatant, makeTwodiceWeapon } from "./factory.ts";
import { FRESH_TURN } from "./model.ts";
import type { TwodiceCombatant } from "./model.ts";
import { withTwodiceOptions } from "./options.ts";

const sword = makeTwodiceWeapon({ id: "sword", attack: 12, defense: 6, damage: 2 });
const rifle = makeTwodiceWeapon({
  id: "rifle",
  kind: "ranged",
  attack: 14,
  defense: 9,
  damage: 4,
  range: 7,
});
const ann = makeTwodiceCombatant({ id: "ann" });
const bo = makeTwodiceCombatant({ id: "bo", unarmedDefense: 6 });

function attack(input: AttackInput, black: number, white: number) {
  const outcome = resolveAttack(input, { black, white });
  if (!outcome.ok) throw new Error(`${outcome.reason} ${JSON.stringify(outcome.detail)}`);
  return outcome.value;
}

describe("a two-dice attack", () => {
  it("hits with a die that succeeds above the defense; the missed die gives the damage digit (book example 1)", () => {
    const out = attack({ attacker: ann, defender: bo, weapon: sword }, 3, 11);
    expect(out.setup).toMatchObject({ value: 12, defense: 6 });
    expect(out.black).toEqual({ face: 3, success: true, hit: false });
    expect(out.white).toEqual({ face: 11, success: true, hit: true });
    expect(out.damage).toMatchObject({ digit: 3, from: "black", raw: 5, final: 5 });
    expect(out.defender.wounds.marked).toEqual([5]);
  });

  it("uses the black die's digit when both hit (book example 2), and 20 counts as 10", () => {
    const blade = { ...sword, attack: 15, damage: 0 };
    const fighter = { ...bo, unarmedDefense: 5 };
    expect(attack({ attacker: ann, defender: fighter, weapon: blade }, 15, 7).damage).toMatchObject(
      {
        digit: 5,
        from: "black",
      },
    );
    const huge = { ...sword, attack: 20, damage: 0 };
    expect(attack({ attacker: ann, defender: fighter, weapon: huge }, 20, 20).damage?.digit).toBe(
      10,
    );
    expect(attack({ attacker: ann, defender: fighter, weapon: huge }, 3, 14).damage?.digit).toBe(3);
    expect(attack({ attacker: ann, defender: fighter, weapon: huge }, 14, 3).damage?.digit).toBe(3);
  });

  it("misses when no die succeeds above the defense, and marks nothing", () => {
    const out = attack({ attacker: ann, defender: bo, weapon: sword }, 13, 6);
    expect(out.hit).toBe(false);
    expect(out.white).toEqual({ face: 6, success: true, hit: false });
    expect(out.defender).toBe(bo);
  });

  it("defends in melee with its own melee attack's Defense, else Unarmed Defense, else 0 when unaware", () => {
    const striking: TwodiceCombatant = { ...bo, turn: { ...FRESH_TURN, meleeDefense: 9 } };
    expect(attack({ attacker: ann, defender: striking, weapon: sword }, 8, 20).hit).toBe(false);
    expect(attack({ attacker: ann, defender: bo, weapon: sword }, 8, 20).hit).toBe(true);
    const ambushed = attack(
      { attacker: ann, defender: striking, weapon: sword, situation: { awareness: "unaware" } },
      1,
      20,
    );
    expect(ambushed.setup.defense).toBe(0);
    expect(ambushed.hit).toBe(true);
  });

  it("lets the white die, successful or not, bypass armor whose Coverage it exceeds; each struck layer takes off its Protection", () => {
    const armored = {
      ...bo,
      armor: [
        { id: "vest", name: "Vest", coverage: 15, protection: 3 },
        { id: "helm", name: "Helm", coverage: 5, protection: 2 },
      ],
    };
    // White 17 fails (above 12) and bypasses both layers; black 9 hits, digit 7 + 2.
    const bypassed = attack({ attacker: ann, defender: armored, weapon: sword }, 9, 17);
    expect(bypassed.damage).toMatchObject({ digit: 7, struck: [], final: 9 });
    // White 12 hits and strikes the vest only: digit 2 (black 12) + 2 − 3.
    const vest = attack({ attacker: ann, defender: armored, weapon: sword }, 12, 12);
    expect(vest.damage?.struck.map((l) => l.id)).toEqual(["vest"]);
    expect(vest.damage?.final).toBe(1);
    // White 4 misses (not above 6) and strikes both: digit 4 + 2 − 5 = 1.
    expect(attack({ attacker: ann, defender: armored, weapon: sword }, 10, 4).damage?.final).toBe(
      1,
    );
    // Coverage 20 is sealed: every white die strikes it; damage never goes below 0.
    const sealed = { ...bo, armor: [{ id: "plate", name: "Plate", coverage: 20, protection: 30 }] };
    const stopped = attack({ attacker: ann, defender: sealed, weapon: sword }, 9, 20);
    expect(stopped.damage?.final).toBe(0);
    expect(stopped.woundCircle).toBeNull();
    expect(stopped.defender.wounds.marked).toEqual([]);
  });

  it("takes 2 off when the defender rolls with it, spending its next action", () => {
    const out = attack(
      { attacker: ann, defender: bo, weapon: sword, situation: { rollWithIt: true } },
      3,
      11,
    );
    expect(out.damage).toMatchObject({ raw: 5, final: 3, rolledWithIt: true });
    expect(out.defender.turn.acted).toBe(true);
    const acted = { ...bo, turn: { ...FRESH_TURN, acted: true } };
    const later = attack(
      { attacker: ann, defender: acted, weapon: sword, situation: { rollWithIt: true } },
      3,
      11,
    );
    expect(later.defender.turn.actionOwed).toBe(true);
  });

  it("marks the wound and says when it is above Toughness", () => {
    const tough = { ...bo, traits: { toughness: 6 } };
    expect(attack({ attacker: ann, defender: tough, weapon: sword }, 3, 11).incapacitated).toBe(
      false,
    );
    const hurt = attack({ attacker: ann, defender: tough, weapon: sword }, 7, 10);
    expect(hurt.damage?.final).toBe(9);
    expect(hurt.incapacitated).toBe(true);
  });

  it("writes only what changed: the defender's wounds", () => {
    const input = { attacker: ann, defender: bo, weapon: sword };
    const out = attack(input, 3, 11);
    expect(attackUpdates(input, out)).toEqual([
      { actorId: "bo", changes: { "system.wounds.marked": [5] } },
    ]);
  });

  it("refuses bad numbers by name and changes nothing", () => {
    const input = { attacker: ann, defender: bo, weapon: sword };
    expect(resolveAttack(input, { black: 21, white: 3 })).toMatchObject({
      ok: false,
      reason: "out-of-range",
      detail: { field: "dice.black" },
    });
    expect(
      resolveAttack({ ...input, weapon: { ...sword, attack: Number.NaN } }, { black: 1, white: 1 }),
    ).toMatchObject({ ok: false, reason: "not-a-number", detail: { field: "weapon.attack" } });
    expect(
      resolveAttack({ ...input, defender: { ...bo, unarmedDefense: 1e9 } }, { black: 1, white: 1 }),
    ).toMatchObject({
      ok: false,
      reason: "out-of-range",
      detail: { field: "defender.unarmedDefense" },
    });
    expect(resolveAttack({ ...input, defender: ann }, { black: 1, white: 1 })).toMatchObject({
      ok: false,
      reason: "sameCombatant",
    });
  });
});

describe("a ranged attack", () => {
  const shot = (situation: AttackInput["situation"], black: number, white: number, shooter = ann) =>
    attack({ attacker: shooter, defender: bo, weapon: rifle, situation }, black, white);

  it("needs a success above the range step: at about 100 m, above 7", () => {
    expect(shot({ distance: 100 }, 7, 20).hit).toBe(false);
    expect(shot({ distance: 100 }, 8, 20).hit).toBe(true);
  });

  it("hits with every success under 5 m, whatever the target's melee defenses", () => {
    expect(shot({ distance: 4 }, 1, 20).setup.defense).toBe(0);
    expect(shot({ distance: 4 }, 1, 20).hit).toBe(true);
  });

  it("costs 2 a step beyond Range, and does not reach more than 5 steps beyond", () => {
    const short = { ...rifle, range: 3 };
    const at = (distance: number) =>
      resolveAttack(
        { attacker: ann, defender: bo, weapon: short, situation: { distance } },
        { black: 1, white: 1 },
      );
    const hundred = at(100);
    expect(hundred.ok && hundred.value.setup.modifiers).toEqual([
      { source: "beyondRange", value: -8 },
    ]);
    const far = at(150);
    expect(far.ok && far.value.setup.value).toBe(14 - 10);
    expect(at(250)).toMatchObject({ ok: false, reason: "outOfReach" });
  });

  it("shoots with the weapon's Defense after moving, turning, or readying it last turn", () => {
    expect(shot({ distance: 10 }, 1, 1).setup).toMatchObject({ value: 14, usesDefense: false });
    expect(shot({ distance: 10, moved: true }, 1, 1).setup).toMatchObject({
      value: 9,
      usesDefense: true,
    });
    const readied = { ...ann, turn: { ...FRESH_TURN, readiedLastTurn: "rifle" } };
    expect(shot({ distance: 10 }, 1, 1, readied).setup.value).toBe(9);
    const moving = { ...ann, turn: { ...FRESH_TURN, moving: true } };
    expect(shot({ distance: 10 }, 1, 1, moving).setup.value).toBe(9);
  });

  it("adds the aim bonus, the GM's target modifier and only the worst cover", () => {
    const aimed = { ...ann, turn: { ...FRESH_TURN, aimed: true } };
    const out = shot({ distance: 10, targetModifier: -3, cover: [-2, -5, 4] }, 1, 1, aimed);
    expect(out.setup.modifiers).toEqual([
      { source: "aim", value: 2 },
      { source: "target", value: -3 },
      { source: "cover", value: -5 },
    ]);
    expect(out.setup.value).toBe(8);
    const runner = { ...bo, turn: { ...FRESH_TURN, moving: true } };
    const options = withTwodiceOptions({ movingTarget: -2 });
    const atRunner = resolveAttack(
      { attacker: ann, defender: runner, weapon: rifle, situation: { distance: 10 } },
      { black: 1, white: 1 },
      options,
    );
    expect(atRunner.ok && atRunner.value.setup.modifiers).toEqual([
      { source: "movingTarget", value: -2 },
    ]);
    // A target whose token the map saw move this turn is a moving target too.
    const atMover = resolveAttack(
      {
        attacker: ann,
        defender: bo,
        weapon: rifle,
        situation: { distance: 10, targetMoving: true },
      },
      { black: 1, white: 1 },
      options,
    );
    expect(atMover.ok && atMover.value.setup.modifiers).toEqual([
      { source: "movingTarget", value: -2 },
    ]);
    expect(
      resolveAttack(
        { attacker: ann, defender: bo, weapon: rifle, situation: { hidden: true } },
        { black: 1, white: 1 },
      ),
    ).toMatchObject({ ok: false, reason: "noLineOfSight" });
  });

  it("spends a round of a C2 weapon a shot, and refuses to fire an empty one", () => {
    const shotgun = {
      ...rifle,
      type: { kind: "capacity", rounds: 2 } as const,
      ammo: { rounds: 2, empty: false, fresh: true },
    };
    const first = attack({ attacker: ann, defender: bo, weapon: shotgun }, 1, 1);
    expect(first.weapon.ammo.rounds).toBe(1);
    const second = attack({ attacker: ann, defender: bo, weapon: first.weapon }, 1, 1);
    expect(second.weapon.ammo.rounds).toBe(0);
    expect(
      resolveAttack({ attacker: ann, defender: bo, weapon: second.weapon }, { black: 1, white: 1 }),
    ).toMatchObject({
      ok: false,
      reason: "mustReload",
    });
  });
});

describe("full Auto", () => {
  const a13 = {
    ...rifle,
    type: { kind: "auto", threshold: 13 } as const,
    ammo: { rounds: 0, empty: false, fresh: true },
  };

  it("skips the ammunition check on the first turn after a reload, then empties on a black die above 13 (book example)", () => {
    const fresh = resolveAutoFire({ attacker: ann, defender: bo, weapon: a13 }, [
      { dice: { black: 19, white: 2 } },
      { dice: { black: 18, white: 3 } },
    ]);
    expect(fresh.ok && fresh.value.attacks.length).toBe(2);
    expect(fresh.ok && fresh.value.emptied).toBe(false);
    if (!fresh.ok) return;
    const used = fresh.value.weapon;
    expect(used.ammo.fresh).toBe(false);
    const second = resolveAutoFire({ attacker: ann, defender: bo, weapon: used }, [
      { dice: { black: 17, white: 2 } },
    ]);
    expect(second).toMatchObject({ ok: true, value: { emptied: true } });
    expect(second.ok && second.value.attacks).toHaveLength(1);
    expect(second.ok && second.value.attacks[0]?.hit).toBe(true);
    if (!second.ok) return;
    expect(
      resolveAttack(
        { attacker: ann, defender: bo, weapon: second.value.weapon },
        { black: 1, white: 1 },
      ),
    ).toMatchObject({ ok: false, reason: "mustReload" });
  });

  it("asks for the second attack's dice when the first did not empty it, and refuses dice it would not use", () => {
    const used = { ...a13, ammo: { ...a13.ammo, fresh: false } };
    expect(
      resolveAutoFire({ attacker: ann, defender: bo, weapon: used }, [
        { dice: { black: 5, white: 5 } },
      ]),
    ).toMatchObject({ ok: false, reason: "secondRollNeeded" });
    expect(
      resolveAutoFire({ attacker: ann, defender: bo, weapon: used }, [
        { dice: { black: 15, white: 5 } },
        { dice: { black: 5, white: 5 } },
      ]),
    ).toMatchObject({ ok: false, reason: "out-of-range" });
    expect(
      resolveAutoFire({ attacker: ann, defender: bo, weapon: rifle }, [
        { dice: { black: 5, white: 5 } },
      ]),
    ).toMatchObject({ ok: false, reason: "notAutomatic" });
  });

  it("lets both attacks wound the same target", () => {
    const out = resolveAutoFire({ attacker: ann, defender: bo, weapon: a13 }, [
      { dice: { black: 3, white: 11 } },
      { dice: { black: 3, white: 11 } },
    ]);
    expect(out.ok && out.value.defender.wounds.marked).toEqual([7, 8]);
  });
});

describe("a melee exchange", () => {
  const axe = makeTwodiceWeapon({ id: "axe", attack: 11, defense: 4, damage: 3 });

  it("resolves the attack and the counterattack together, each defending with its own weapon's Defense", () => {
    const out = resolveExchange(
      { attacker: ann, defender: bo, weapon: sword },
      { black: 5, white: 2 },
      { weapon: axe, dice: { black: 7, white: 1 } },
    );
    if (!out.ok) throw new Error(out.reason);
    // Bo counterattacks with the axe: Ann's sword needs more than 4, not Bo's Unarmed 6.
    expect(out.value.attack.setup.defense).toBe(4);
    expect(out.value.attack.hit).toBe(true);
    // Ann attacked with the sword: Bo's axe needs more than 6.
    expect(out.value.counter.setup.defense).toBe(6);
    expect(out.value.counter.hit).toBe(true);
    expect(out.value.defender.turn.acted).toBe(true);
    expect(out.value.attacker.wounds.marked).toEqual([4]);
    expect(out.value.defender.wounds.marked).toEqual([4]);
  });

  it("resolves the counterattack even when the attack takes the defender out", () => {
    const frail = { ...bo, traits: { toughness: 1 } };
    const out = resolveExchange(
      { attacker: ann, defender: frail, weapon: sword },
      { black: 9, white: 9 },
      { weapon: axe, dice: { black: 10, white: 10 } },
    );
    expect(out.ok && out.value.attack.incapacitated).toBe(true);
    expect(out.ok && out.value.counter.hit).toBe(true);
  });

  it("refuses a counterattack from a defender who has already acted, or with a gun", () => {
    const acted = { ...bo, turn: { ...FRESH_TURN, acted: true } };
    const dice = { black: 1, white: 1 };
    expect(
      resolveExchange({ attacker: ann, defender: acted, weapon: sword }, dice, {
        weapon: axe,
        dice,
      }),
    ).toMatchObject({ ok: false, reason: "cannotCounterattack" });
    expect(
      resolveExchange({ attacker: ann, defender: bo, weapon: sword }, dice, {
        weapon: rifle,
        dice,
      }),
    ).toMatchObject({ ok: false, reason: "notMeleeWeapon" });
  });
});
