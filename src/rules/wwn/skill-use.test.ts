/**
 * Use a Skill (issue 27): the check spends the Main Action and adds the skill (or the untrained
 * term) and the attribute; an opposed use rolls the opponent's check too; Heal stabilizes a dying
 * PC at the difficulty or more, and a failed attempt leaves the patient dying. Bad input (a name
 * every object answers to, an attribute off the list, NaN/infinite/huge modifiers or dice faces)
 * is refused by name and changes nothing.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fixedDice } from "../core/index.ts";
import { FRESH_ACTIONS } from "./actions.ts";
import { FIELD_PATHS } from "./changes.ts";
import { makeWwnCombatant } from "./factory.ts";
import { stabilize, useSkill } from "./maneuvers.ts";
import { DEFAULT_WWN_OPTIONS } from "./options.ts";

const medic = makeWwnCombatant({
  id: "medic",
  isPC: true,
  attributes: { int: 1, dex: 2 },
  skills: { heal: 1, exert: 0 },
});
const brute = makeWwnCombatant({ id: "brute", attributes: { str: 2 }, skills: { exert: 1 } });
const fallen = makeWwnCombatant({
  id: "fallen",
  isPC: true,
  life: "dying",
  hp: { value: 0, max: 8 },
});

describe("Use a Skill", () => {
  it("spends the Main Action and rolls 2d6 + skill + attribute", () => {
    const out = useSkill(medic, { skill: "exert", attribute: "dex" }, fixedDice([3, 4]));
    expect(out.ok && out.value.roll.total).toBe(3 + 4 + 0 + 2);
    expect(out.ok && out.value.actor.actions.mainUsed).toBe(true);
    // Untrained: WWN's −1.
    const untrained = useSkill(medic, { skill: "sneak", attribute: "int" }, fixedDice([3, 4]));
    expect(untrained.ok && untrained.value.roll.total).toBe(7 - 1 + 1);
  });

  it("is refused once the Main Action is spent, or when the actor is down", () => {
    const spent = { ...medic, actions: { ...FRESH_ACTIONS, mainUsed: true } };
    expect(useSkill(spent, { skill: "heal", attribute: "int" }, fixedDice([6, 6])).ok).toBe(false);
    const down = { ...medic, life: "unconscious" as const };
    expect(useSkill(down, { skill: "heal", attribute: "int" }, fixedDice([6, 6]))).toMatchObject({
      ok: false,
      reason: "notActive",
    });
  });

  it("opposed: the opponent rolls its own check, ties to the one resisting", () => {
    const out = useSkill(
      medic,
      { skill: "exert", attribute: "dex" },
      fixedDice([3, 4, 2, 3]),
      undefined,
      undefined,
      {
        actor: brute,
        use: { skill: "exert", attribute: "str" },
      },
    );
    // 3 + 4 + 0 + 2 = 9 against 2 + 3 + 1 + 2 = 8.
    expect(out.ok && out.value.opposed?.actorWins).toBe(true);
    const tie = useSkill(
      medic,
      { skill: "exert", attribute: "dex" },
      fixedDice([3, 3, 2, 3]),
      undefined,
      undefined,
      {
        actor: brute,
        use: { skill: "exert", attribute: "str" },
      },
    );
    expect(tie.ok && tie.value.opposed?.actorWins).toBe(false);
  });

  it("refuses bad input by name", () => {
    for (const [use, field] of [
      [{ skill: "constructor", attribute: "int" }, "use.skill"],
      [{ skill: "heal", attribute: "luck" }, "use.attribute"],
      [{ skill: "heal", attribute: "int", modifier: Number.NaN }, "use.modifier"],
      [{ skill: "heal", attribute: "int", modifier: Number.POSITIVE_INFINITY }, "use.modifier"],
      [{ skill: "heal", attribute: "int", modifier: 1e12 }, "use.modifier"],
    ] as const) {
      const out = useSkill(medic, use as never, fixedDice([3, 4]));
      expect(out.ok ? null : out.detail).toMatchObject({ field });
    }
    const loaded = { roll: () => 7 };
    expect(useSkill(medic, { skill: "heal", attribute: "int" }, loaded).ok).toBe(false);
  });
});

describe("Heal to stabilize a dying PC", () => {
  it("at the difficulty or more: unconscious, waking later; the medic's Main Action spent", () => {
    // 2 + 3 + heal 1 + Dex 2 = 8.
    const out = stabilize(medic, fallen, fixedDice([2, 3]));
    expect(out.ok && out.value.stabilized).toBe(true);
    expect(out.ok && out.value.patient.life).toBe("unconscious");
    expect(out.ok && out.value.patient.downMinutes).toBe(DEFAULT_WWN_OPTIONS.downMinutes);
    expect(out.ok && out.value.updates).toContainEqual(
      expect.objectContaining({
        actorId: "fallen",
        changes: expect.objectContaining({ [FIELD_PATHS.life]: "unconscious" }) as unknown,
      }),
    );
    expect(out.ok && out.value.actor.actions.mainUsed).toBe(true);
  });

  it("short of it: still dying, nothing written on the patient", () => {
    const out = stabilize(medic, fallen, fixedDice([1, 3]));
    expect(out.ok && out.value.stabilized).toBe(false);
    expect(out.ok && out.value.updates.some((u) => u.actorId === "fallen")).toBe(false);
  });

  it("only for someone dying", () => {
    expect(stabilize(medic, brute, fixedDice([6, 6]))).toMatchObject({
      ok: false,
      reason: "notDying",
    });
  });

  it("property: whatever the dice and the difficulty, stable exactly when the total reaches it", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: -20, max: 20 }),
        (a, b, difficulty) => {
          const options = { ...DEFAULT_WWN_OPTIONS, stabilizeDifficulty: difficulty };
          const out = stabilize(medic, fallen, fixedDice([a, b]), undefined, options);
          expect(out.ok && out.value.stabilized).toBe(a + b + 3 >= difficulty);
        },
      ),
    );
  });

  it("property: a difficulty or a modifier no GM could set is refused, never rolled", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.constant(Number.NaN),
          fc.constant(Number.POSITIVE_INFINITY),
          fc.constant(-1e15),
          fc.double({ min: 1e9 }),
        ),
        (bad) => {
          const options = { ...DEFAULT_WWN_OPTIONS, stabilizeDifficulty: bad };
          expect(stabilize(medic, fallen, fixedDice([6, 6]), undefined, options).ok).toBe(false);
          const use = { skill: "heal", attribute: "int" as const, modifier: bad };
          expect(useSkill(medic, use, fixedDice([6, 6])).ok).toBe(false);
        },
      ),
    );
  });
});
