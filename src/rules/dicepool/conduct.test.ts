/**
 * The dice-pool table actions the action table names without mechanics (conduct.ts), and the
 * attack flags and Flawless Defense they bring into attacks (attack.ts).
 */
import fc from "fast-check";
import { fixedDice } from "../core/dice.ts";
import { describe, expect, it } from "vitest";
import { FRESH_TURN, takeAction } from "./actions.ts";
import { planAttack, resolveAttack } from "./attack.ts";
import type { DefenseKind } from "./attack.ts";
import {
  coverMet,
  forbiddenDefenses,
  guardModifier,
  openDefenses,
  surrender,
  takeCover,
  usePower,
  useRestraints,
  words,
  MAX_WORDS,
} from "./conduct.ts";
import { checkedAttack } from "./dicepool.support.ts";
import { makeDicepoolCombatant, makeDicepoolWeapon } from "./factory.ts";
import { COVER_KINDS } from "./options.ts";

const HOSTILE = [NaN, Infinity, -Infinity, -1, 0.5, 1e12, 2 ** 53, -0];
const attacker = makeDicepoolCombatant({ id: "a", physical: 3, skills: { closeCombat: 2 } });
const knife = makeDicepoolWeapon({ id: "k" });

/** Faces for `n` dice, all hits (6) or all misses (1). */
const faces = (hits: number, misses: number) => [
  ...Array<number>(hits).fill(6),
  ...Array<number>(misses).fill(1),
];
const queue = (values: number[]) => fixedDice(values);

describe("attacks that rule out a defense", () => {
  it("each flag rules out its defense; a bad flag is refused by name", () => {
    expect(forbiddenDefenses({ undodgeable: true })).toEqual({ ok: true, value: ["dodge"] });
    expect(forbiddenDefenses({ unparryable: true, unsoakable: true, undodgeable: false })).toEqual({
      ok: true,
      value: ["parry", "soak"],
    });
    expect(forbiddenDefenses({ unsoakable: "yes" as never })).toMatchObject({
      ok: false,
      reason: "badChoice",
      detail: { field: "flags.unsoakable" },
    });
    expect(forbiddenDefenses(null as never)).toMatchObject({ ok: false, reason: "badChoice" });
  });

  it("an incapacitated defender hit by an unsoakable attack is undefended: no defense hit", () => {
    const down = makeDicepoolCombatant({ id: "d", physical: 4, incapacitated: "lethal" });
    expect(openDefenses(down, ["soak"])).toEqual([]);
    const input = checkedAttack({
      attacker,
      defender: down,
      weapon: knife,
      intent: "damage",
      defense: "soak",
      forbid: ["soak"],
    });
    const plan = planAttack(input);
    expect(plan.ok && plan.value.defensePool.dice).toBe(0);
    // 5 attack dice, all hits; no defense dice are drawn; the wound dice follow.
    const out = resolveAttack(input, queue([...faces(5, 0), ...faces(0, 5)]));
    expect(out.ok && out.value.net).toBe(5);
    // Standing, the same defender must pick a defense the attack leaves open.
    const up = makeDicepoolCombatant({ id: "d", physical: 4 });
    const refused = planAttack(checkedAttack({ ...input, defender: up }));
    expect(refused).toMatchObject({ ok: false, reason: "defense-not-allowed" });
    expect(planAttack(checkedAttack({ ...input, defender: up, defense: "dodge" })).ok).toBe(true);
  });

  it("Flawless Defense scores every defense die without a roll", () => {
    const wall = makeDicepoolCombatant({
      id: "w",
      physical: 5,
      powers: { flawlessDefense: true },
    });
    const input = checkedAttack({
      attacker,
      defender: wall,
      weapon: knife,
      intent: "damage",
      defense: "dodge",
    });
    const out = resolveAttack(input, queue(faces(5, 0)));
    expect(out.ok && out.value.defense.hits).toBe(5);
    expect(out.ok && out.value.hit).toBe(false);
    // Without the trait the defense is rolled (the same five attack hits, five misses).
    const noTrait = checkedAttack({
      ...input,
      defender: { ...wall, powers: { ...wall.powers, flawlessDefense: false } },
    });
    const rolled = resolveAttack(noTrait, queue([...faces(5, 0), ...faces(0, 5), ...faces(0, 5)]));
    expect(rolled.ok && rolled.value.hit).toBe(true);
  });

  it("a Flawless Defense flag that is not yes/no is refused by name", () => {
    const bad = { ...attacker, powers: { ...attacker.powers, flawlessDefense: 1 } };
    expect(() =>
      checkedAttack({
        attacker,
        defender: bad as never,
        weapon: knife,
        intent: "damage",
        defense: "soak",
      }),
    ).toThrow(/powers.flawlessDefense/);
  });

  it("property: an attack is undefended exactly when no defense is left open", () => {
    const defenses: DefenseKind[] = ["dodge", "parry", "soak"];
    fc.assert(
      fc.property(
        fc.subarray(defenses),
        fc.boolean(),
        fc.constantFrom(...defenses),
        (forbid, down, defense) => {
          const defender = makeDicepoolCombatant({
            id: "d",
            physical: 3,
            incapacitated: down ? "lethal" : null,
          });
          const input = checkedAttack({
            attacker,
            defender,
            weapon: knife,
            intent: "damage",
            defense,
            forbid,
          });
          const plan = planAttack(input);
          const open = openDefenses(defender, forbid);
          if (open.length === 0) {
            expect(plan.ok && plan.value.defensePool.dice).toBe(0);
          } else {
            expect(plan.ok).toBe(open.includes(defense));
          }
        },
      ),
    );
  });
});

describe("take cover", () => {
  it("takes one of the book's three kinds; no cover or a made-up kind is refused", () => {
    expect(takeCover("medium")).toEqual({ ok: true, value: "medium" });
    expect(takeCover("none")).toMatchObject({ ok: false, reason: "no-cover" });
    expect(takeCover("bunker" as never)).toMatchObject({ ok: false, reason: "badChoice" });
  });

  it("property: the cover met is the better of the declared and the taken, and one of the two", () => {
    const kinds = fc.constantFrom(...COVER_KINDS);
    fc.assert(
      fc.property(kinds, fc.option(kinds, { nil: null }), (declared, taken) => {
        const met = coverMet(declared, taken);
        expect([declared, taken]).toContain(met);
        const table = { none: 0, light: 2, medium: 4, full: 8 };
        expect(table[met]).toBe(Math.max(table[declared], taken === null ? 0 : table[taken]));
      }),
    );
    // A stored record holding anything counts as no cover.
    expect(coverMet("light", "__proto__" as never)).toBe("light");
    expect(coverMet(NaN as never, "full")).toBe("full");
  });
});

describe("defend other", () => {
  const guard = makeDicepoolCombatant({ id: "g" });
  it("one able guard gives the world's dice; the down, dead or surrendered give none", () => {
    expect(guardModifier([guard], 2)).toEqual({
      ok: true,
      value: { source: "defendOther", value: 2 },
    });
    expect(guardModifier([guard, guard], 2)).toMatchObject({ value: { value: 2 } });
    expect(guardModifier([{ ...guard, incapacitated: "lethal" }], 2)).toEqual({
      ok: true,
      value: null,
    });
    expect(guardModifier([{ ...guard, dead: true }], 2)).toEqual({ ok: true, value: null });
    expect(guardModifier([guard], 2, [true])).toEqual({ ok: true, value: null });
    expect(guardModifier([], 2)).toEqual({ ok: true, value: null });
    expect(guardModifier([guard], 0)).toEqual({ ok: true, value: null });
  });

  it("property: a hostile number of guard dice is refused by name", () => {
    fc.assert(
      fc.property(fc.constantFrom(...HOSTILE.filter((v) => !Object.is(v, -0)), 21), (dice) => {
        expect(guardModifier([guard], dice)).toMatchObject({
          ok: false,
          detail: { field: "guardDice" },
        });
      }),
    );
  });
});

describe("surrender, powers and restraints", () => {
  it("surrender: once, and never by the dead", () => {
    expect(surrender({ dead: false }, false)).toEqual({ ok: true, value: true });
    expect(surrender({ dead: false }, true)).toMatchObject({ reason: "already-surrendered" });
    expect(surrender({ dead: true }, false)).toMatchObject({ reason: "target-dead" });
  });

  it("a power costs its Energy; not enough, or a character down, is refused", () => {
    const c = makeDicepoolCombatant({ id: "c", energy: { value: 3, max: 5 } });
    expect(usePower(c, { energy: 2 })).toEqual({ ok: true, value: 1 });
    expect(usePower(c, { energy: 4 })).toMatchObject({
      reason: "not-enough-energy",
      detail: { cost: 4, energy: 3 },
    });
    expect(usePower({ ...c, incapacitated: "lethal" }, { energy: 0 })).toMatchObject({
      reason: "attacker-incapacitated",
    });
  });

  it("property: a hostile Energy cost or Energy value is refused by name, never spent", () => {
    const c = makeDicepoolCombatant({ id: "c" });
    fc.assert(
      fc.property(fc.constantFrom(...HOSTILE.filter((v) => !Object.is(v, -0))), (bad) => {
        if (bad === 0) return;
        const cost = usePower(c, { energy: bad });
        const value = usePower({ ...c, energy: { value: bad, max: 5 } }, { energy: 1 });
        for (const r of [cost, value]) expect(r.ok).toBe(false);
      }),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 999 }),
        fc.integer({ min: 0, max: 999 }),
        (energy, cost) => {
          const r = usePower({ ...c, energy: { value: energy, max: 999 } }, { energy: cost });
          if (cost <= energy) expect(r).toEqual({ ok: true, value: energy - cost });
          else expect(r).toMatchObject({ ok: false, reason: "not-enough-energy" });
        },
      ),
    );
  });

  it("restraints need one at hand, and use it up; a hostile count is refused", () => {
    expect(useRestraints(2)).toEqual({ ok: true, value: 1 });
    expect(useRestraints(0)).toMatchObject({ ok: false, reason: "no-restraints" });
    for (const bad of [NaN, Infinity, -1, 0.5, 1e12]) {
      expect(useRestraints(bad)).toMatchObject({ ok: false, detail: { field: "restraints" } });
    }
  });
});

describe("a surrendered character at the table", () => {
  it("may only talk: social actions and quick words, nothing else", () => {
    const ctx = { ownTurn: true, surrendered: true };
    expect(takeAction(FRESH_TURN, "socialAction", ctx).ok).toBe(true);
    expect(takeAction(FRESH_TURN, "quickCommunication", ctx).ok).toBe(true);
    for (const action of ["closeAttack", "move", "takeCover", "usePower"] as const) {
      expect(takeAction(FRESH_TURN, action, { ...ctx, powerType: "simple" })).toMatchObject({
        ok: false,
        reason: "surrendered",
      });
    }
    expect(
      takeAction(FRESH_TURN, "move", { ownTurn: true, surrendered: 1 as never }),
    ).toMatchObject({ ok: false, reason: "badChoice" });
  });
});

describe("words: Issue command, Quick communication, social actions", () => {
  it("keeps the line trimmed, refuses a long one, and a command needs someone else", () => {
    expect(words("  Hold the door ", "a")).toEqual({ ok: true, value: "Hold the door" });
    expect(words("", "a")).toEqual({ ok: true, value: "" });
    expect(words("x".repeat(MAX_WORDS + 1), "a").ok).toBe(false);
    expect(words("Charge", "a", "a")).toMatchObject({ ok: false, reason: "no-listener" });
    expect(words("Charge", "a", "")).toMatchObject({ ok: false, reason: "no-listener" });
    expect(words("Charge", "a", "b")).toEqual({ ok: true, value: "Charge" });
    for (const bad of [null, undefined, 3, {}, { toString: false }]) {
      expect(words(bad as never, "a")).toMatchObject({ ok: false, reason: "badChoice" });
    }
  });

  it("never returns more than MAX_WORDS characters, whatever is typed", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (said) => {
        const line = words(said, "a");
        return line.ok ? line.value.length <= MAX_WORDS && line.value === said.trim() : true;
      }),
    );
  });

  it("the words' action types follow the book's table; Complex needs a fresh turn", () => {
    const ctx = { ownTurn: true };
    expect(takeAction(FRESH_TURN, "issueCommand", ctx)).toMatchObject({ value: { simpleUsed: 1 } });
    expect(takeAction(FRESH_TURN, "quickCommunication", ctx)).toMatchObject({
      value: { freeUsed: 1 },
    });
    expect(takeAction(FRESH_TURN, "complexAction", ctx)).toMatchObject({
      value: { complexUsed: true },
    });
    const oneSimple = { ...FRESH_TURN, simpleUsed: 1 };
    expect(takeAction(oneSimple, "complexAction", ctx)).toMatchObject({
      ok: false,
      reason: "no-complex-action",
    });
    // An incapacitated character keeps its social actions only.
    const down = { ownTurn: true, incapacitated: true };
    expect(takeAction(FRESH_TURN, "socialAction", down).ok).toBe(true);
    expect(takeAction(FRESH_TURN, "quickCommunication", down).ok).toBe(false);
  });
});
