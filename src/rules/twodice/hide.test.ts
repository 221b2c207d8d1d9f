import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkAttackFromHiding, hiddenAfter } from "./hide.ts";
import { ACTION_KINDS } from "./model.ts";

describe("hiding", () => {
  it("is an action that hides; taking cover (going from hiding to cover) shows the hider", () => {
    expect(hiddenAfter(false, "hide")).toBe(true);
    expect(hiddenAfter(true, "takeCover")).toBe(false);
  });

  it("a move ends it, unless the move ends in hiding", () => {
    expect(hiddenAfter(true, "move")).toBe(false);
    expect(hiddenAfter(true, "moveAndCover")).toBe(false);
    expect(hiddenAfter(false, "moveAndCover", true)).toBe(true);
  });

  it("quiet actions keep it, and never hide one who was seen", () => {
    for (const kind of ["reload", "ready", "medicine", "other"] as const) {
      expect(hiddenAfter(true, kind)).toBe(true);
      expect(hiddenAfter(false, kind)).toBe(false);
    }
    expect(hiddenAfter(true, "aim")).toBe(false);
  });

  it("a hider makes no plain attack, but may attack as part of a move", () => {
    expect(checkAttackFromHiding(true, "rangedAttack")).toMatchObject({
      reason: "attackFromHiding",
    });
    expect(checkAttackFromHiding(true, "meleeAttack")).toMatchObject({
      reason: "attackFromHiding",
    });
    expect(checkAttackFromHiding(true, "moveAndShoot")).toBeUndefined();
    expect(checkAttackFromHiding(true, "moveAndMelee")).toBeUndefined();
    expect(checkAttackFromHiding(false, "rangedAttack")).toBeUndefined();
  });

  it("only hiding and a move into hiding make one hidden", () => {
    fc.assert(
      fc.property(fc.constantFrom(...ACTION_KINDS), fc.boolean(), (kind, into) => {
        if (hiddenAfter(false, kind, into)) {
          expect(kind === "hide" || (kind === "moveAndCover" && into)).toBe(true);
        }
      }),
    );
  });
});
