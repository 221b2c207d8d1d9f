import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { resolveAttack, resolveExchange } from "./attack.ts";
import { makeTwodiceCombatant, makeTwodiceWeapon } from "./factory.ts";

const ann = makeTwodiceCombatant({ id: "ann" });
const bo = makeTwodiceCombatant({ id: "bo" });
const face = fc.integer({ min: 1, max: 20 });
const weird = fc.oneof(
  fc.double(),
  fc.constantFrom(Number.NaN, Infinity, -Infinity, 1e308, -1e308, 2 ** 53, -0),
  fc.integer({ min: -1500, max: 1500 }),
);
const NUMBER_REFUSALS = ["not-a-number", "not-whole", "out-of-range"];

describe("two-dice attacks (properties)", () => {
  it("refuse NaN, infinities, fractions and huge values by name, or give whole wounds on the track", () => {
    fc.assert(
      fc.property(
        weird,
        weird,
        weird,
        weird,
        weird,
        weird,
        fc.boolean(),
        (attack, damage, unarmed, protection, black, white, ranged) => {
          const out = resolveAttack(
            {
              attacker: ann,
              defender: {
                ...bo,
                unarmedDefense: unarmed,
                armor: [{ id: "a", name: "A", coverage: 12, protection }],
              },
              // Over the factory's weapon: the factory clamps, and these must reach the guard.
              weapon: {
                ...makeTwodiceWeapon({ id: "w", kind: ranged ? "ranged" : "melee", range: 12 }),
                attack,
                damage,
              },
            },
            { black, white },
          );
          if (!out.ok) {
            expect(NUMBER_REFUSALS).toContain(out.reason);
            expect(out.detail?.field).toEqual(expect.any(String));
            return;
          }
          const marked = out.value.defender.wounds.marked;
          expect(marked.every((c) => Number.isInteger(c) && c >= 1 && c <= 26)).toBe(true);
          expect(Number.isFinite(out.value.damage?.final ?? 0)).toBe(true);
          expect(out.value.damage?.final ?? 0).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  it("never turn a hit into a miss for a higher attack value, or a miss into a hit for a higher defense", () => {
    const n = fc.integer({ min: -30, max: 30 });
    fc.assert(
      fc.property(n, n, fc.nat({ max: 25 }), face, face, (attack, defense, more, black, white) => {
        const hit = (a: number, d: number) => {
          const out = resolveAttack(
            {
              attacker: ann,
              defender: { ...bo, unarmedDefense: d },
              weapon: makeTwodiceWeapon({ id: "w", attack: a }),
            },
            { black, white },
          );
          if (!out.ok) throw new Error(out.reason);
          return out.value.hit;
        };
        if (hit(attack, defense)) expect(hit(attack + more, defense)).toBe(true);
        if (!hit(attack, defense)) expect(hit(attack, defense + more)).toBe(false);
      }),
    );
  });

  it("resolve both sides of an exchange, and never wound anyone but the two", () => {
    fc.assert(
      fc.property(face, face, face, face, (b1, w1, b2, w2) => {
        const sword = makeTwodiceWeapon({ id: "sword", attack: 12, defense: 6, damage: 2 });
        const out = resolveExchange(
          { attacker: ann, defender: bo, weapon: sword },
          { black: b1, white: w1 },
          { weapon: sword, dice: { black: b2, white: w2 } },
        );
        if (!out.ok) throw new Error(out.reason);
        expect(out.value.defender.wounds.marked.length).toBe(
          out.value.attack.damage?.final ? 1 : 0,
        );
        expect(out.value.attacker.wounds.marked.length).toBe(
          out.value.counter.damage?.final ? 1 : 0,
        );
        expect(out.value.defender.turn.acted).toBe(true);
      }),
    );
  });
});
