import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FRESH_ACTIONS } from "./actions.ts";
import type { FreelancersActor } from "./model.ts";
import { stealthAction } from "./stealth.ts";

const dice = (...faces: number[]) => ({
  roll: () => {
    const face = faces.shift();
    if (face === undefined) throw new Error("no die");
    return face;
  },
});

const hider = (over: Partial<FreelancersActor> = {}): FreelancersActor => ({
  id: "a",
  name: "Kara",
  attributes: { agility: 8, intellect: 5 },
  skills: { stealth: 3, investigation: 2 },
  size: "medium",
  defense: "roll",
  health: { value: 10, max: 10 },
  armor: 0,
  life: "active",
  deathFailures: 0,
  counters: {},
  immobilized: false,
  abilities: [],
  actions: FRESH_ACTIONS,
  ...over,
});

describe("Hide and Search", () => {
  it("spend the Move, roll Agility + Stealth or Intellect + Investigation, and provoke", () => {
    const hide = stealthAction(hider(), "hide", dice(11));
    expect(hide).toMatchObject({
      ok: true,
      value: { roll: { target: 11, passed: true }, actions: { move: 0, base: 1 }, provokes: true },
    });
    const search = stealthAction(hider(), "search", dice(8));
    expect(search).toMatchObject({ ok: true, value: { roll: { target: 7, passed: false } } });
  });

  it("trade the Base down once the Move is gone, and are refused with neither", () => {
    const moved = hider({ actions: { ...FRESH_ACTIONS, move: 0 } });
    expect(stealthAction(moved, "hide", dice(3))).toMatchObject({
      value: { actions: { move: 0, base: 0 } },
    });
    const spent = hider({ actions: { ...FRESH_ACTIONS, move: 0, base: 0 } });
    expect(stealthAction(spent, "search", dice(3))).toMatchObject({ ok: false, reason: "noMove" });
  });

  it("never throws, and refuses a bad attribute or skill without rolling a die", () => {
    const anyNumber = fc.oneof(
      fc.integer({ min: -50, max: 50 }),
      fc.constantFrom(Number.NaN, Infinity, -Infinity, 1e308, -1e308),
    );
    fc.assert(
      fc.property(anyNumber, anyNumber, fc.constantFrom("hide", "search"), (a, s, kind) => {
        let rolled = 0;
        const source = { roll: () => (rolled++, 10) };
        const out = stealthAction(
          hider({
            attributes: { agility: a, intellect: a },
            skills: { stealth: s, investigation: s },
          }),
          kind,
          source,
        );
        if (!out.ok) expect(rolled).toBe(0);
        else expect(out.value.actions.move).toBe(0);
      }),
    );
  });
});
