import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { fixedDice } from "../core/index.ts";
import { makeCombatant } from "./factory.ts";
import { buildItem, resolveBlast, THROW_LIMIT_FEET, throwItem } from "./gear.ts";

const rook = makeCombatant({ id: "rook", energy: 6 });

describe("Build (3 Energy)", () => {
  it("deploys a deployable item, else repairs a damaged one", () => {
    const sentry = { deployable: true, deployed: false, damaged: false };
    expect(buildItem(rook, sentry)).toMatchObject({ value: { does: "deploy", cost: 3 } });
    const broken = { deployable: false, deployed: false, damaged: true };
    const out = buildItem(rook, broken);
    expect(out).toMatchObject({ value: { does: "repair", actor: { energy: { value: 3 } } } });
  });

  it("refuses an item with nothing to build, and too little Energy", () => {
    const done = { deployable: true, deployed: true, damaged: false };
    expect(buildItem(rook, done)).toMatchObject({ reason: "nothingToBuild" });
    const tired = { ...rook, energy: { value: 2, max: 6 } };
    const sentry = { deployable: true, deployed: false, damaged: false };
    expect(buildItem(tired, sentry)).toMatchObject({ reason: "notEnoughEnergy" });
  });
});

describe("Throw (2 Energy, at most 45 ft)", () => {
  it("pays 2 Energy within the limit and refuses beyond it", () => {
    expect(THROW_LIMIT_FEET).toBe(45);
    // Rook's d8 Combat die reaches 35 ft (table27.test.ts: the reach by die).
    expect(throwItem(rook, 35, 1)).toMatchObject({ value: { cost: 2 } });
    expect(throwItem(rook, 40, 1)).toMatchObject({
      reason: "outOfThrowRange",
      detail: { feet: 40, limit: 35 },
    });
    expect(throwItem(rook, 50, 1, undefined, 50)).toMatchObject({ value: { cost: 2 } });
    expect(throwItem(rook, 10, 0)).toMatchObject({ reason: "nothingToThrow" });
  });
});

describe("a blast", () => {
  it("rolls the damage once and each target's torso Armor die against it", () => {
    const vested = makeCombatant({ id: "a", armor: { torso: 6 } });
    const bare = makeCombatant({ id: "b" });
    // 2d6 shows 4 + 5 = 9; a's Armor d6 shows 3 → 6 dealt; b has no torso armor → 9.
    const out = resolveBlast([vested, bare], "2d6", fixedDice([4, 5, 3]));
    expect(out).toMatchObject({
      ok: true,
      value: {
        damage: 9,
        hits: [
          { id: "a", armor: 3, dealt: 6, lost: 6 },
          { id: "b", armor: 0, dealt: 9, lost: 9 },
        ],
      },
    });
    expect(out.ok && out.value.updates.map((u) => u.actorId)).toEqual(["a", "b"]);
  });

  it("never heals nor takes a target below 0 health", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.nat(30), (face, health) => {
        const t = makeCombatant({ id: "t", health: { value: health, max: 30 } });
        const out = resolveBlast([t], "1d6+3", fixedDice([face]));
        if (!out.ok) return false;
        const hit = out.value.hits[0];
        return hit !== undefined && hit.lost >= 0 && hit.lost <= health;
      }),
    );
  });
});
