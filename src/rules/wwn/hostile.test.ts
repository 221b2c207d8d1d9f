/**
 * What the WWN engine refuses instead of computing (issue 30): names every object answers to
 * (`toString`, `constructor`, `__proto__`) read as skills or attributes, values outside their
 * lists (an attack kind, a mode, a target size, a range, a harm, a life state), hit points beyond
 * the actor model's bound, factories that built negative pools, and counts that a rule pushed past
 * the bound its own check holds them to. Each was seen to fail before its fix.
 */
import { describe, expect, it } from "vitest";
import { fixedDice, MAX_MODIFIER, seededRandom } from "../core/index.ts";
import { FRESH_ACTIONS, spendInstant } from "./actions.ts";
import { checkAttack } from "./attack.ts";
import type { AttackInput } from "./attack.ts";
import { checkAndResolve } from "./checked.support.ts";
import { checkedSide } from "./checks.ts";
import { makeWwnCombatant, makeWwnWeapon } from "./factory.ts";
import { executionAttack, GRAPPLE_CHECK, shove } from "./maneuvers.ts";
import type { WwnCombatant } from "./model.ts";
import { wwnAttackOdds } from "./odds.ts";
import { checkWwnActions, checkWwnCombatant } from "./valid.ts";

const BUILT_IN = ["toString", "constructor", "__proto__", "hasOwnProperty", "valueOf"];

const hero = makeWwnCombatant({
  id: "hero",
  attackBonus: 1,
  attributes: { str: 1 },
  skills: { stab: 1 },
  hp: 12,
});
const bandit = makeWwnCombatant({ id: "bandit", ac: 13, hp: 8 });
const sword = makeWwnWeapon({ id: "sword", damage: "1d8", shock: { damage: 2, ac: 15 } });
const input: AttackInput = { attacker: hero, defender: bandit, weapon: sword };
// A value its field does not list, typed as the field (as a forged document would carry it).
const bad = (value: string) => value as never;

describe("names every object answers to", () => {
  it("are refused by name as a weapon's skill: never read as the attacker's skill", () => {
    for (const skill of BUILT_IN) {
      const weapon = { ...sword, skill };
      const refused = { ok: false, reason: "badName", detail: { field: "weapon.skill" } };
      expect(checkAndResolve({ ...input, weapon }, fixedDice([12, 4]))).toMatchObject(refused);
      expect(wwnAttackOdds({ ...input, weapon })).toMatchObject(refused);
    }
  });

  it("are no attribute of a weapon: refused by name, never thrown", () => {
    for (const attribute of BUILT_IN) {
      const weapon = { ...sword, attributes: [bad(attribute)] };
      expect(wwnAttackOdds({ ...input, weapon })).toMatchObject({
        ok: false,
        reason: "badChoice",
        detail: { field: "weapon.attributes.0" },
      });
    }
  });

  it("are refused as a skill of a check, and as keys of a combatant's tables", () => {
    for (const skill of BUILT_IN) {
      const side = { user: hero, spec: { attributes: ["str" as const], skills: [skill] } };
      expect(checkedSide("actor", side)).toMatchObject({
        ok: false,
        reason: "badName",
        detail: { field: "actor.spec.skills.0" },
      });
      const skills = JSON.parse(`{"${skill}": 2}`) as Record<string, number>;
      expect(checkWwnCombatant("hero", { ...hero, skills })).toMatchObject({ reason: "badName" });
    }
  });

  it("tables with inherited entries are refused: a name never reads an entry not its own", () => {
    const user = {
      attributes: Object.create({ str: 9 }) as Record<string, number>,
      skills: Object.create({ stab: 9 }) as Record<string, number>,
    };
    expect(checkedSide("actor", { user, spec: GRAPPLE_CHECK })).toMatchObject({
      ok: false,
      reason: "badName",
      detail: { field: "actor.user.attributes" },
    });
    expect(checkWwnCombatant("hero", { ...hero, skills: user.skills })).toMatchObject({
      reason: "badName",
      detail: { field: "hero.skills" },
    });
  });
});

describe("values outside their lists", () => {
  it("are refused by name, never thrown and never read as a default", () => {
    const cases: [string, () => unknown][] = [
      ["kind", () => checkAttack({ ...input, situation: { kind: bad("flying") } })],
      ["mode", () => wwnAttackOdds({ ...input, weapon: { ...sword, mode: bad("laser") } })],
      ["situation mode", () => wwnAttackOdds({ ...input, situation: { mode: bad("psychic") } })],
      ["cover", () => wwnAttackOdds({ ...input, situation: { cover: bad("wall") } })],
      [
        "harm",
        () => checkAndResolve({ ...input, situation: { harm: bad("curse") } }, fixedDice([20, 3])),
      ],
      ["life", () => checkAttack({ ...input, attacker: { ...hero, life: bad("zombie") } })],
      [
        "size",
        () => shove({ ...input, effect: "prone", size: bad("gigantic") }, seededRandom("s")),
      ],
      [
        "range",
        () =>
          executionAttack(
            { ...input, prepared: true, targetUnaware: true, range: bad("orbit") },
            seededRandom("e"),
          ),
      ],
    ];
    for (const [name, run] of cases) {
      let out: unknown;
      expect(() => (out = run()), name).not.toThrow();
      expect(out, name).toMatchObject({ ok: false, reason: "badChoice" });
    }
  });
});

describe("hit points beyond the model's bound", () => {
  it("are refused by name", () => {
    const defender: WwnCombatant = { ...bandit, hp: { value: 1e12, max: 1e12 } };
    expect(wwnAttackOdds({ ...input, defender })).toMatchObject({
      ok: false,
      reason: "out-of-range",
      detail: { field: "defender.hp.max" },
    });
  });
});

describe("modifiers the sheet stores whole", () => {
  it("a fraction is refused by name: it would reach hit points through the damage bonus", () => {
    // Before: an attribute modifier of 0.5 passed, and the blow left the defender a fraction of a
    // hit point, which its own check then refused.
    const attacker: WwnCombatant = { ...hero, attributes: { ...hero.attributes, str: 0.5 } };
    expect(checkAndResolve({ ...input, attacker }, seededRandom("half"))).toMatchObject({
      ok: false,
      reason: "not-whole",
      detail: { field: "attacker.attributes.str" },
    });
    for (const [key, value] of [
      ["ac", 13.5],
      ["attackBonus", 0.5],
    ] as const) {
      expect(checkWwnCombatant("hero", { ...hero, [key]: value })).toMatchObject({
        reason: "not-whole",
        detail: { field: `hero.${key}` },
      });
    }
    expect(checkAttack({ ...input, weapon: { ...sword, magicBonus: 0.5 } })).toMatchObject({
      ok: false,
      reason: "not-whole",
      detail: { field: "weapon.magicBonus" },
    });
  });
});

describe("factories", () => {
  it("build no negative pool and none beyond the model's bound", () => {
    for (const hp of [-1, -1e12, 1e12, { value: 9, max: 3 }, { value: Number.NaN, max: 5 }]) {
      expect(checkWwnCombatant("x", makeWwnCombatant({ id: "x", hp }))).toBeUndefined();
    }
  });
});

describe("counts", () => {
  it("a rule never pushes a count past the bound its own check holds it to", () => {
    const state = { ...FRESH_ACTIONS, instants: MAX_MODIFIER, onTurn: MAX_MODIFIER };
    expect(checkWwnActions("actions", state)).toBeUndefined();
    const next = spendInstant(state);
    if (!next.ok) throw new Error(next.reason);
    expect(checkWwnActions("actions", next.value)).toBeUndefined();
  });
});
