import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { fixedDice, seededRandom } from "../core/index.ts";
import {
  attackModifiers,
  checkAttack,
  criticalDamage,
  attackUpdates,
  damageFormula,
} from "./attack.ts";
import type { ActorUpdate } from "./changes.ts";
import { checkAndResolve } from "./checked.support.ts";
import type { Result } from "../core/result.ts";
import type {
  AttackInput,
  AttackOutcome,
  AttackSituation,
  DefenseChoice,
  Modifier,
} from "./attack.ts";
import { makeCombatant } from "./factory.ts";
import type { WorldlinesWeapon } from "./model.ts";
import { withOptions } from "./options.ts";

const pistol: WorldlinesWeapon = {
  id: "pistol",
  name: "Pistol",
  kind: "ranged",
  skill: "firearms",
  damage: "1d6+1",
};
const baton: WorldlinesWeapon = {
  id: "baton",
  name: "Stun baton",
  kind: "melee",
  skill: "melee",
  damage: "1d4+1",
};
const maya = makeCombatant({
  id: "maya",
  teamId: "crew",
  traits: { combat: 8, spirit: 6 },
  skills: { firearms: 2, melee: 1, evasion: 1 },
});
const raider = makeCombatant({
  id: "raider",
  teamId: "raiders",
  traits: { combat: 6, spirit: 6 },
  skills: { evasion: 1 },
  armor: { torso: 6, arms: 4, legs: 4 },
});

/** The modifiers of an attack the test knows to be valid. */
function listed(result: Result<Modifier[]>): Modifier[] {
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result.value;
}

function attack(
  dice: readonly number[],
  overrides: Partial<AttackInput> = {},
  situation: AttackSituation = {},
  defense: DefenseChoice = {},
): AttackOutcome & { readonly updates: readonly ActorUpdate[] } {
  const source = fixedDice(dice);
  const input = { attacker: maya, defender: raider, weapon: pistol, situation, ...overrides };
  const result = checkAndResolve(input, source, defense);
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  // Every die handed in was used: the rule asked for exactly these dice.
  expect(source.remaining).toBe(0);
  return { ...result.value, updates: attackUpdates(input, result.value) };
}

describe("attack roll", () => {
  it("is Combat die + weapon skill + modifiers", () => {
    const out = attack([5, 3, 2], {}, { zone: "torso" });
    expect(out.attack).toMatchObject({ die: 8, natural: 5, total: 7, critical: false });
  });

  it("applies zone, cover, visibility, flanking, stance and blindness modifiers", () => {
    const total = (situation: AttackSituation, attacker = maya) =>
      listed(attackModifiers({ attacker, defender: raider, weapon: pistol, situation })).reduce(
        (s, m) => s + m.value,
        0,
      ) - 2; // less the +2 firearms skill
    expect(total({ zone: "head" })).toBe(-2);
    expect(total({ zone: "arms" })).toBe(-1);
    expect(total({ zone: "legs" })).toBe(-1);
    expect(total({ cover: "half" })).toBe(-2);
    expect(total({ cover: "full" })).toBe(-4);
    expect(total({ poorVisibility: true })).toBe(-2);
    expect(total({ flanked: true })).toBe(2);
    expect(total({}, { ...maya, stance: "prone" })).toBe(-2);
    expect(total({}, { ...maya, stance: "crouched" })).toBe(-1);
    expect(total({}, { ...maya, statuses: { blinded: { turnsLeft: 2 } } })).toBe(-4);
    expect(total({ zone: "head", cover: "half", flanked: true })).toBe(-2);
  });

  it("uses the range bands, which a weapon may override", () => {
    const acc = (range: AttackSituation["range"], weapon = pistol) =>
      listed(
        attackModifiers({ attacker: maya, defender: raider, weapon, situation: { range } }),
      ).find((m) => m.source === "range")?.value ?? 0;
    expect([acc("pointBlank"), acc("short"), acc("medium"), acc("long"), acc("extreme")]).toEqual([
      1, 0, -1, -2, -4,
    ]);
    const sniper = { ...pistol, rangeBands: { long: { accuracy: 0, damage: 0 } } };
    expect(acc("long", sniper)).toBe(0);
    expect(acc("extreme", sniper)).toBe(-4);
    // Melee attacks have no range band.
    expect(acc("extreme", baton)).toBe(0);
  });

  it("adds +1 damage at point blank", () => {
    const out = attack([5, 3, 1], {}, { range: "pointBlank" });
    expect(out.damage).toMatchObject({ weapon: 4, rangeBonus: 1, total: 5, armor: 1, dealt: 4 });
  });
});

describe("evasion", () => {
  it("costs the defender 1 Energy; an equal roll misses", () => {
    // Attack: 3 + 2 = 5. Evasion: 4 + 1 = 5 → miss.
    const out = attack([3, 4], {}, {}, { evade: true });
    expect(out.evasions).toMatchObject([{ total: 5, success: true }]);
    expect(out.hit).toBe(false);
    expect(out.defender.energy.value).toBe(5);
    expect(out.defender.health.value).toBe(20);
    expect(out.energySpent).toEqual({ attacker: 2, defender: 1 });
  });

  it("a lower Evasion roll does not stop the hit", () => {
    const out = attack([4, 4, 3, 2], {}, {}, { evade: true });
    expect(out.evasions[0]?.success).toBe(false);
    expect(out.hit).toBe(true);
  });

  it("needs Energy left", () => {
    const spent = { ...raider, energy: { value: 0, max: 6 } };
    const out = attack([4, 3, 2], { defender: spent }, {}, { evade: true });
    expect(out.evasionRefused).toBe("notEnoughEnergy");
    expect(out.hit).toBe(true);
  });

  it("crouching and going prone help against ranged attacks and hurt against melee", () => {
    const evade = (stance: "crouched" | "prone", weapon: WorldlinesWeapon) => {
      const dice = weapon === pistol ? [5, 3, 4, 1] : [4, 3, 3, 1];
      const out = attack(dice, { defender: { ...raider, stance }, weapon }, {}, { evade: true });
      return out.evasions[0]?.total;
    };
    // Evasion die 3 + skill 1 = 4, then the stance.
    expect(evade("crouched", pistol)).toBe(5);
    expect(evade("prone", pistol)).toBe(6);
    expect(evade("crouched", baton)).toBe(3);
    expect(evade("prone", baton)).toBe(2);
  });

  it("a disabled leg rolls Evasion twice and keeps the lower", () => {
    const lame = { ...raider, disabledLimbs: { arms: false, legs: true } };
    const out = attack([3, 6, 2, 3, 1], { defender: lame }, {}, { evade: true });
    expect(out.evasions[0]).toMatchObject({ naturals: [6, 2], total: 3, success: false });
  });

  it("an extra Evasion is an interruption: once a round, not while Stressed", () => {
    const out = attack([4, 1, 6], {}, {}, { evade: true, extraEvasion: true });
    expect(out.evasions.map((e) => [e.extra, e.success])).toEqual([
      [false, false],
      [true, true],
    ]);
    expect(out.defender.energy.value).toBe(4);
    expect(out.defender.interruptUsed).toBe(true);
    const used = { ...raider, interruptUsed: true };
    expect(
      attack([4, 1, 3, 1], { defender: used }, {}, { evade: true, extraEvasion: true }).evasions,
    ).toHaveLength(1);
    const stressed = { ...raider, statuses: { stressed: {} } };
    expect(
      attack([4, 1, 3, 1], { defender: stressed }, {}, { evade: true, extraEvasion: true })
        .evasions,
    ).toHaveLength(1);
  });
});

describe("critical hits", () => {
  it("a d8 crits on 8 only; a d10 on 9 and 10; a d6 or d12 never", () => {
    expect(attack([8, 1]).attack.critical).toBe(true);
    expect(attack([7, 3, 1]).attack.critical).toBe(false);
    const d10 = { ...maya, traits: { combat: 10 as const, spirit: 6 as const } };
    expect(attack([9, 1], { attacker: d10 }).attack.critical).toBe(true);
    expect(attack([10, 1], { attacker: d10 }).attack.critical).toBe(true);
    expect(attack([8, 3, 1], { attacker: d10 }).attack.critical).toBe(false);
    const d6 = { ...maya, traits: { combat: 6 as const, spirit: 6 as const } };
    expect(attack([6, 3, 1], { attacker: d6 }).attack.critical).toBe(false);
    const d12 = { ...maya, traits: { combat: 12 as const, spirit: 6 as const } };
    expect(attack([12, 3, 1], { attacker: d12 }).attack.critical).toBe(false);
  });

  it("a 1d6+1 critical deals 14 before armor, and armor still absorbs", () => {
    expect(criticalDamage(damageFormula("1d6+1") ?? { source: "", terms: [] })).toEqual({
      ok: true,
      value: 14,
    });
    // No damage dice are drawn: 8 (attack), then the torso's d6 Armor die rolls 3.
    const out = attack([8, 3]);
    expect(out.damage).toMatchObject({
      weapon: 14,
      critical: true,
      total: 14,
      armor: 3,
      dealt: 11,
    });
    expect(out.defender.health.value).toBe(9);
  });

  it("cannot be evaded, and the defender keeps its Energy", () => {
    const out = attack([8, 2], {}, {}, { evade: true });
    expect(out.evasionRefused).toBe("critical");
    expect(out.evasions).toEqual([]);
    expect(out.hit).toBe(true);
    expect(out.defender.energy.value).toBe(6);
  });

  it("widens with items or techniques", () => {
    const keen = { ...maya, critWiden: 1 };
    expect(attack([7, 1], { attacker: keen }).attack.critical).toBe(true);
    const threshold = withOptions({ critFrom: { 8: 7 } });
    const result = checkAndResolve(
      { attacker: maya, defender: raider, weapon: pistol },
      fixedDice([7, 1]),
      {},
      threshold,
    );
    expect(result.ok && result.value.attack.critical).toBe(true);
  });

  it("Vulnerable turns every hit into critical damage", () => {
    const exposed = { ...raider, statuses: { vulnerable: {} } };
    const out = attack([4, 2], { defender: exposed });
    expect(out.attack.critical).toBe(false);
    expect(out.damage).toMatchObject({ weapon: 14, critical: true, dealt: 12 });
  });
});

describe("damage and armor", () => {
  it("subtracts the hit zone's Armor die, rolled for this hit", () => {
    const out = attack([5, 4, 2]);
    expect(out.damage).toMatchObject({ weapon: 5, armorDie: 6, armorRoll: 2, dealt: 3 });
    expect(out.defender.health.value).toBe(17);
    expect(out.updates).toContainEqual({
      actorId: "raider",
      changes: { "system.health.value": 17 },
      setStatuses: {},
      removeStatuses: [],
    });
    expect(out.updates).toContainEqual({
      actorId: "maya",
      changes: { "system.energy.value": 4 },
      setStatuses: {},
      removeStatuses: [],
    });
  });

  it("never goes below 0: armor that beats the damage leaves health alone", () => {
    const out = attack([5, 1, 6]);
    expect(out.damage?.dealt).toBe(0);
    expect(out.defender.health.value).toBe(20);
    expect(out.updates.map((u) => u.actorId)).toEqual(["maya"]);
  });

  it("an unarmored zone rolls no Armor die", () => {
    const out = attack([6, 2, 6], {}, { zone: "head" });
    expect(out.damage).toMatchObject({ armorDie: null, armor: 0, dealt: 7 });
  });

  it("Defensive Posture raises the Armor die one step (d6 → d8)", () => {
    const braced = { ...raider, defensivePosture: true };
    // A d6 could not show 8: the fixed dice would refuse it.
    const out = attack([5, 6, 8], { defender: braced });
    expect(out.damage).toMatchObject({ armorDie: 8, armorRoll: 8, dealt: 0 });
  });

  it("adds armor quality to the roll", () => {
    const plated = { ...raider, armorBonus: 1 };
    expect(attack([5, 6, 2], { defender: plated }).damage?.armor).toBe(3);
  });

  it("0 health means dying", () => {
    const hurt = { ...raider, health: { value: 3, max: 20 } };
    const out = attack([5, 6, 1], { defender: hurt });
    expect(out.downed).toBe("dying");
    expect(out.defender).toMatchObject({ life: "dying", health: { value: 0 } });
    expect(out.healthLost).toBe(3);
  });
});

describe("non-lethal takedowns", () => {
  const hurt = { ...raider, health: { value: 2, max: 20 } };

  it("leave the target unconscious and stable for 1d6 × 10 minutes", () => {
    const out = attack([5, 4, 1, 3], { defender: hurt, weapon: baton }, { nonLethal: true });
    expect(out.downed).toBe("unconscious");
    expect(out.unconsciousMinutes).toBe(30);
    expect(out.defender.life).toBe("unconscious");
    expect(out.updates.find((u) => u.actorId === "raider")?.changes).toEqual({
      "system.health.value": 0,
      "system.life": "unconscious",
      "system.unconsciousMinutes": 30,
    });
  });

  it("only with melee, blunt or non-lethal weapons", () => {
    const check = (weapon: WorldlinesWeapon) =>
      checkAttack({ attacker: maya, defender: raider, weapon, situation: { nonLethal: true } });
    expect(check(pistol)).toMatchObject({ ok: false, reason: "nonLethalNotAllowed" });
    expect(check(baton).ok).toBe(true);
    expect(check({ ...pistol, nonLethal: true }).ok).toBe(true);
    expect(check({ ...pistol, blunt: true }).ok).toBe(true);
    expect(check({ ...baton, lethalOnly: true })).toMatchObject({ reason: "nonLethalNotAllowed" });
  });
});

describe("headshots", () => {
  const minor = { ...raider, rank: "minor" as const };

  it("a natural 20 kills a minor enemy outright", () => {
    const out = attack([6, 20], { defender: minor }, { zone: "head" });
    expect(out.headshot).toEqual({ roll: 20, from: 20, effect: "kill" });
    expect(out.killed).toBe(true);
    expect(out.defender).toMatchObject({ life: "dead", health: { value: 0 } });
    expect(out.healthLost).toBe(20);
  });

  it("a natural 20 triples the damage against an elite enemy", () => {
    // 1d6+1 rolls 3 → 4, tripled → 12; no head armor.
    const out = attack([6, 20, 3], {}, { zone: "head" });
    expect(out.headshot?.effect).toBe("triple");
    expect(out.damage).toMatchObject({ weapon: 4, multiplier: 3, total: 12, dealt: 12 });
  });

  it("19 is a normal hit; a widened range makes it count", () => {
    expect(attack([6, 19, 3], { defender: minor }, { zone: "head" }).headshot?.effect).toBe("miss");
    const marksman = { ...maya, headshotWiden: 2 };
    const out = attack([6, 19], { attacker: marksman, defender: minor }, { zone: "head" });
    expect(out.headshot).toEqual({ roll: 19, from: 18, effect: "kill" });
  });

  it("needs a ranged weapon and a hit", () => {
    expect(attack([6, 3], { weapon: baton }, { zone: "head" }).headshot).toBeUndefined();
    const missed = attack([1, 6], {}, { zone: "head" }, { evade: true });
    expect(missed.headshot).toBeUndefined();
  });
});

describe("arm and leg hits", () => {
  it("an arm hit: a TD 6 Spirit check, failing drops the item", () => {
    // Hit 5+1 → 6 damage vs d4 armor 1 → 5; Spirit d6 rolls 5 < 6.
    const out = attack([7, 5, 1, 5], {}, { zone: "arms" });
    expect(out.limbCheck).toMatchObject({
      zone: "arms",
      effect: "droppedItem",
      limbDisabled: false,
    });
    expect(out.limbCheck?.check).toMatchObject({ total: 5, td: 6, passed: false });
    expect(attack([7, 5, 1, 6], {}, { zone: "arms" }).limbCheck?.effect).toBe("held");
  });

  it("a leg hit: failing means falling prone", () => {
    const out = attack([7, 5, 1, 4], {}, { zone: "legs" });
    expect(out.limbCheck?.effect).toBe("fellProne");
    expect(out.defender.stance).toBe("prone");
  });

  it("a critical failure adds Bleeding and disables the limb", () => {
    const out = attack([7, 5, 1, 1], {}, { zone: "legs" });
    expect(out.limbCheck).toMatchObject({ effect: "fellProne", limbDisabled: true });
    expect(out.defender.statuses.bleeding).toEqual({ hpPerTurn: 5 });
    expect(out.defender.disabledLimbs.legs).toBe(true);
    expect(out.updates.find((u) => u.actorId === "raider")).toMatchObject({
      changes: { "system.stance": "prone", "system.disabledLimbs.legs": true },
      setStatuses: { bleeding: { hpPerTurn: 5 } },
    });
  });

  it("no check when armor stopped everything", () => {
    expect(attack([7, 1, 4], {}, { zone: "legs" }).limbCheck).toBeUndefined();
  });
});

describe("who may attack whom", () => {
  it("refuses the Staggered, the charmed against their charmer, and the out of Energy", () => {
    const input = { attacker: maya, defender: raider, weapon: pistol };
    const staggered = { ...maya, statuses: { staggered: { turnsLeft: 1 } } };
    expect(checkAttack({ ...input, attacker: staggered })).toMatchObject({ reason: "staggered" });
    const charmed = { ...maya, statuses: { charmed: { sourceId: "raider" } } };
    expect(checkAttack({ ...input, attacker: charmed })).toMatchObject({
      reason: "charmedByTarget",
    });
    const other = { ...raider, id: "other" };
    expect(checkAttack({ ...input, attacker: charmed, defender: other }).ok).toBe(true);
    const tired = { ...maya, energy: { value: 1, max: 6 } };
    expect(checkAttack({ ...input, attacker: tired })).toMatchObject({ reason: "notEnoughEnergy" });
  });

  it("a charmer attacking its charmed target breaks the charm", () => {
    const charmed = { ...raider, statuses: { charmed: { sourceId: "maya" } } };
    const out = attack([1, 6], { defender: charmed }, {}, { evade: true });
    expect(out.hit).toBe(false);
    expect(out.charmBroken).toBe(true);
    expect(out.defender.statuses.charmed).toBeUndefined();
  });
});

describe("dice from outside the rules", () => {
  it("a face its die does not have is refused by name, not played", () => {
    const input = { attacker: maya, defender: raider, weapon: pistol };
    // Hands out good faces, then the bad one as the nth die.
    const source = (bad: number, at: number) => {
      let drawn = 0;
      return { roll: (sides: number) => (drawn++ === at ? bad : Math.min(2, sides)) };
    };
    expect(checkAndResolve(input, source(999, 0), { evade: true })).toMatchObject({
      ok: false,
      reason: "out-of-range",
      detail: { field: "dice.0", value: 999, min: 1, max: 8 },
    });
    expect(checkAndResolve(input, source(0, 1), { evade: true })).toMatchObject({
      reason: "out-of-range",
      detail: { field: "dice.1" },
    });
    expect(checkAndResolve(input, source(Number.NaN, 0))).toMatchObject({ reason: "not-a-number" });
    expect(checkAndResolve(input, source(2.5, 0))).toMatchObject({ reason: "not-whole" });
    // The same source with good faces resolves.
    expect(checkAndResolve(input, source(3, 0)).ok).toBe(true);
  });
});

describe("invariants", () => {
  const weapons: WorldlinesWeapon[] = [
    pistol,
    baton,
    { ...pistol, id: "shotgun", damage: "2d6-1", onHit: [{ status: "blinded", flash: true }] },
    { ...baton, id: "knife", damage: "1d4-2", onHit: [{ status: "bleeding" }] },
  ];
  const combatant = (id: string) =>
    fc
      .record({
        combat: fc.constantFrom(4, 6, 8, 10, 12),
        health: fc.integer({ min: 0, max: 30 }),
        energy: fc.integer({ min: 0, max: 8 }),
        stance: fc.constantFrom("standing", "crouched", "prone"),
        torso: fc.constantFrom(null, 4, 6, 8, 10, 12),
        arms: fc.constantFrom(null, 4, 6),
        rank: fc.constantFrom("minor", "elite", "boss", "hero"),
        posture: fc.boolean(),
        vulnerable: fc.boolean(),
        legs: fc.boolean(),
      })
      .map((r) =>
        makeCombatant({
          id,
          traits: { combat: r.combat, spirit: 6 },
          skills: { firearms: 1, melee: 2, evasion: 1 },
          health: { value: r.health, max: 30 },
          life: r.health > 0 ? "active" : "dying",
          energy: { value: r.energy, max: 8 },
          stance: r.stance,
          armor: { torso: r.torso, arms: r.arms },
          rank: r.rank,
          defensivePosture: r.posture,
          statuses: r.vulnerable ? { vulnerable: {} } : {},
          disabledLimbs: { arms: false, legs: r.legs },
        }),
      );
  const scenario = fc.record({
    attacker: combatant("a"),
    defender: combatant("d"),
    weapon: fc.constantFrom(...weapons),
    zone: fc.constantFrom("head", "torso", "arms", "legs"),
    range: fc.constantFrom("pointBlank", "short", "medium", "long", "extreme"),
    evade: fc.boolean(),
    extra: fc.boolean(),
    nonLethal: fc.boolean(),
    seed: fc.integer(),
  });

  it("no NaN, Energy never negative, damage never heals, same dice same outcome", () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const input = {
          attacker: s.attacker,
          defender: s.defender,
          weapon: s.weapon,
          situation: { zone: s.zone, range: s.range, nonLethal: s.nonLethal },
        };
        const defense = { evade: s.evade, extraEvasion: s.extra };
        const first = checkAndResolve(input, seededRandom(s.seed), defense);
        const second = checkAndResolve(input, seededRandom(s.seed), defense);
        expect(second).toEqual(first);
        if (!first.ok) return;
        const out = first.value;
        const numbers = JSON.stringify(out, (_k, v: unknown) => {
          if (typeof v === "number" && !Number.isFinite(v)) throw new Error("not a finite number");
          return v;
        });
        expect(numbers).not.toContain("NaN");
        expect(out.attacker.energy.value).toBeGreaterThanOrEqual(0);
        expect(out.defender.energy.value).toBeGreaterThanOrEqual(0);
        expect(out.defender.health.value).toBeLessThanOrEqual(s.defender.health.value);
        expect(out.defender.health.value).toBeGreaterThanOrEqual(0);
        expect(out.healthLost).toBe(s.defender.health.value - out.defender.health.value);
        if (out.damage) expect(out.damage.dealt).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 500 },
    );
  });
});
