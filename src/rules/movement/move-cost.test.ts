/**
 * Each ruleset's price of a path: the book's costs, the refusals by name, and hostile numbers
 * (NaN, infinities, huge, negative, fractions) refused without a throw or a priced path.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FRESH_TURN, takeAction } from "../dicepool/actions.ts";
import { makeDicepoolCombatant } from "../dicepool/factory.ts";
import { dicepoolMoveCost } from "../dicepool/move-cost.ts";
import { makeCombatant } from "../worldlines/factory.ts";
import { worldlinesMoveCost } from "../worldlines/move-cost.ts";
import { wwnMoveCost } from "../wwn/move-cost.ts";
import { FRESH_ACTIONS } from "../wwn/actions.ts";
import { checkAttack } from "../wwn/attack.ts";
import { makeWwnCombatant, makeWwnWeapon } from "../wwn/factory.ts";
import type { MoveMode, MovePath } from "./types.ts";
import { MOVE_MODES } from "./types.ts";

const HOSTILE = fc.constantFrom(NaN, Infinity, -Infinity, -1, -1e9, 0.5, 2.5, 1e308);
const MODE = fc.constantFrom(...MOVE_MODES);
const OWN = { turn: { ownTurn: true } };
const walk = (distance: number, mode: MoveMode = "walk"): MovePath => ({ distance, mode });

describe("Worldlines: Energy per space", () => {
  it("costs 1, 2 or 3 a space by stance, and 2 climbing or swimming", () => {
    const cost = (stance: "standing" | "crouched" | "prone", mode: MoveMode = "walk") => {
      const r = worldlinesMoveCost(makeCombatant({ id: "a", stance, energy: 20 }), walk(3, mode));
      return r.ok ? r.value.price.cost : r.reason;
    };
    expect([cost("standing"), cost("crouched"), cost("prone")]).toEqual([3, 6, 9]);
    expect([cost("standing", "climb"), cost("standing", "swim"), cost("prone", "swim")]).toEqual([
      6, 6, 9,
    ]);
  });

  it("pays a walk's spaces in ground climbed or swum at the climb/swim rate, never a hostile count", () => {
    const walkOver = (hard: number, energy = 20, stance: "standing" | "prone" = "standing") => {
      const path = { ...walk(4, stance === "prone" ? "crawl" : "walk"), climbSwimSpaces: hard };
      const r = worldlinesMoveCost(makeCombatant({ id: "a", stance, energy }), path);
      return r.ok ? r.value.price.cost : r.reason;
    };
    expect([walkOver(0), walkOver(2), walkOver(4), walkOver(9)]).toEqual([4, 6, 8, 8]);
    // Prone, the stance's 3 a space is already more than swimming's 2.
    expect(walkOver(2, 20, "prone")).toBe(12);
    expect(walkOver(2, 5)).toBe("notEnoughEnergy");
    // A count that is not a whole number of spaces is refused, never priced.
    for (const bad of [NaN, -1, 0.5, Infinity]) expect(typeof walkOver(bad)).toBe("string");
  });

  it("says what is left: 2 spaces of 5 Energy leave 3", () => {
    const r = worldlinesMoveCost(makeCombatant({ id: "a", energy: 5 }), walk(2));
    expect(r.ok && r.value.price).toMatchObject({ cost: 2, left: 3, of: 5, currency: "energy" });
  });

  it("refuses the Staggered, disabled legs, a fighter who is down and a path beyond its Energy", () => {
    const reason = (seed: Parameters<typeof makeCombatant>[0], spaces = 1) => {
      const r = worldlinesMoveCost(makeCombatant(seed), walk(spaces));
      return r.ok ? "ok" : r.reason;
    };
    expect(reason({ id: "a", statuses: { staggered: { turnsLeft: 1 } } })).toBe("staggered");
    expect(reason({ id: "a", disabledLimbs: { arms: false, legs: true } })).toBe("legDisabled");
    expect(reason({ id: "a", life: "unconscious" })).toBe("notActive");
    expect(reason({ id: "a", energy: 2 }, 3)).toBe("notEnoughEnergy");
    expect(reason({ id: "a", statuses: { staggered: { turnsLeft: 1 } } }, 0)).toBe("staggered");
  });

  it("never prices a hostile distance or an unknown mode", () => {
    fc.assert(
      fc.property(HOSTILE, MODE, (distance, mode) => {
        const r = worldlinesMoveCost(makeCombatant({ id: "a", energy: 1e6 }), walk(distance, mode));
        expect(r.ok).toBe(false);
      }),
    );
    const odd = { distance: 1, mode: "teleport" } as unknown as MovePath;
    expect(worldlinesMoveCost(makeCombatant({ id: "a" }), odd)).toMatchObject({
      reason: "unknown-mode",
    });
  });

  it("never spends more than the Energy there is, and the cost grows with the path", () => {
    fc.assert(
      fc.property(fc.nat(40), fc.nat(40), MODE, (energy, spaces, mode) => {
        const r = worldlinesMoveCost(makeCombatant({ id: "a", energy }), walk(spaces, mode));
        if (!r.ok) return;
        expect(r.value.price.cost).toBeGreaterThanOrEqual(spaces);
        expect(r.value.after).toBe(energy - r.value.price.cost);
        expect(r.value.after).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe("WWN: feet of Move actions", () => {
  it("a 30 ft Move, then the Main as a second (running), then nothing", () => {
    const first = wwnMoveCost(makeWwnCombatant({ id: "a" }), walk(20), OWN);
    expect(first.ok && first.value.price).toMatchObject({
      cost: 20,
      left: 10,
      of: 30,
      actionsBegun: 1,
      band: "within",
    });
    const run = wwnMoveCost(makeWwnCombatant({ id: "a" }), walk(50), OWN);
    expect(run.ok && run.value.price).toMatchObject({
      left: 10,
      actionsBegun: 2,
      moveActions: { used: 2, max: 2 },
      extra: { mainAction: true },
      band: "next",
    });
    const tooFar = wwnMoveCost(makeWwnCombatant({ id: "a" }), walk(61), OWN);
    expect(tooFar.ok ? "ok" : tooFar.reason).toBe("noMoveAction");
  });

  it("goes on with the open Move before beginning the next", () => {
    const first = wwnMoveCost(makeWwnCombatant({ id: "a" }), walk(10), OWN);
    if (!first.ok) throw new Error(first.reason);
    const second = wwnMoveCost(
      makeWwnCombatant({ id: "a", actions: first.value.after }),
      walk(15),
      OWN,
    );
    expect(second.ok && second.value.price).toMatchObject({ actionsBegun: 0, left: 5 });
  });

  it("halves the Move climbing, swimming, on difficult ground and prone", () => {
    const reach = (path: MovePath, prone = false) => {
      const r = wwnMoveCost(makeWwnCombatant({ id: "a", prone }), path, OWN);
      return r.ok ? r.value.price.of : r.reason;
    };
    expect(reach(walk(5, "climb"))).toBe(15);
    expect(reach(walk(5, "swim"))).toBe(15);
    expect(reach({ ...walk(5), difficult: true })).toBe(15);
    expect(reach(walk(5, "crawl"), true)).toBe(15);
    expect(reach(walk(5, "climb"), true)).toBe(7);
  });

  it("refuses out of turn, held in a grapple, and a fighter who is down", () => {
    const reason = (r: { ok: boolean; reason?: string }) => (r.ok ? "ok" : r.reason);
    const a = makeWwnCombatant({ id: "a" });
    expect(reason(wwnMoveCost(a, walk(5), { turn: { ownTurn: false } }))).toBe("notYourTurn");
    expect(reason(wwnMoveCost(a, walk(5), { ...OWN, grappled: true }))).toBe("grappled");
    expect(reason(wwnMoveCost(makeWwnCombatant({ id: "a", life: "dead" }), walk(5), OWN))).toBe(
      "notActive",
    );
  });

  it("never prices hostile numbers (distance or speed), and ends on every input", () => {
    fc.assert(
      fc.property(HOSTILE, fc.nat(200), MODE, (bad, distance, mode) => {
        expect(wwnMoveCost(makeWwnCombatant({ id: "a" }), walk(bad, mode), OWN).ok).toBe(false);
        // Built around the factory, which fits what it is given: the engine must refuse it.
        const odd = { ...makeWwnCombatant({ id: "a" }), speed: bad };
        const r = wwnMoveCost(odd, walk(distance, mode), OWN);
        if (r.ok) expect(r.value.price.cost).toBe(0);
      }),
    );
  });

  it("never covers more than two Moves' reach", () => {
    fc.assert(
      fc.property(fc.nat(120), fc.nat(500), MODE, fc.boolean(), (speed, feet, mode, prone) => {
        const r = wwnMoveCost(makeWwnCombatant({ id: "a", speed, prone }), walk(feet, mode), OWN);
        if (!r.ok) return;
        expect(feet).toBeLessThanOrEqual(2 * speed);
        expect(r.value.price.left).toBeGreaterThanOrEqual(0);
        expect(r.value.after.movesUsed).toBeLessThanOrEqual(2);
      }),
    );
  });
});

describe("Dice pool: spaces at speed per Simple action", () => {
  const mover = (seed: Partial<Parameters<typeof makeDicepoolCombatant>[0]> = {}) =>
    makeDicepoolCombatant({ id: "a", speed: 2, ...seed });
  const ctx = { ownTurn: true };

  it("moves up to speed for a Simple action, sprints for 1 Energy more", () => {
    const one = dicepoolMoveCost(mover(), FRESH_TURN, walk(2), ctx);
    expect(one.ok && one.value.price).toMatchObject({
      currency: "spaces",
      cost: 2,
      left: 0,
      of: 2,
      actionsBegun: 1,
      extra: { energy: 0 },
      band: "within",
    });
    const sprint = dicepoolMoveCost(
      mover({ energy: { value: 3, max: 3 } }),
      FRESH_TURN,
      walk(3),
      ctx,
    );
    expect(sprint.ok && sprint.value).toMatchObject({
      price: { actionsBegun: 2, extra: { energy: 1 }, band: "next", left: 1 },
      after: { energy: 2, turn: { simpleUsed: 2, moves: 2 } },
    });
  });

  it("swimming slows by 1 and costs Energy; climbing up costs Energy", () => {
    const swim = dicepoolMoveCost(mover(), FRESH_TURN, walk(1, "swim"), ctx);
    expect(swim.ok && swim.value.price).toMatchObject({ of: 1, extra: { energy: 1 } });
    const up = dicepoolMoveCost(mover(), FRESH_TURN, { ...walk(1, "climb"), rising: true }, ctx);
    expect(up.ok && up.value.price.extra.energy).toBe(1);
  });

  it("refuses the held, the out of turn, beyond two moves, and a sprint without Energy", () => {
    const reason = (r: { ok: boolean; reason?: string }) => (r.ok ? "ok" : r.reason);
    expect(reason(dicepoolMoveCost(mover(), FRESH_TURN, walk(1), { ...ctx, grappled: true }))).toBe(
      "grappled",
    );
    expect(reason(dicepoolMoveCost(mover(), FRESH_TURN, walk(1), { ownTurn: false }))).toBe(
      "not-your-turn",
    );
    expect(reason(dicepoolMoveCost(mover(), FRESH_TURN, walk(5), ctx))).toBe("too-far");
    const tired = mover({ energy: { value: 0, max: 3 } });
    expect(reason(dicepoolMoveCost(tired, FRESH_TURN, walk(3), ctx))).toBe("not-enough-energy");
    const spent = { ...FRESH_TURN, simpleUsed: 2, moves: 0 };
    expect(reason(dicepoolMoveCost(mover(), spent, walk(1), ctx))).toBe("turn-over");
  });

  it("never prices hostile numbers, and never spends Energy it does not have", () => {
    fc.assert(
      fc.property(
        HOSTILE,
        fc.nat(12),
        fc.nat(5),
        fc.nat(4),
        MODE,
        (bad, spaces, speed, energy, mode) => {
          expect(dicepoolMoveCost(mover(), FRESH_TURN, walk(bad, mode), ctx).ok).toBe(false);
          // Built around the factory, which fits what it is given: the engine must refuse it.
          const hostile = { ...mover(), speed: bad };
          expect(dicepoolMoveCost(hostile, FRESH_TURN, walk(spaces, mode), ctx).ok).toBe(false);
          const r = dicepoolMoveCost(
            mover({ speed, energy: { value: energy, max: 4 } }),
            FRESH_TURN,
            walk(spaces, mode),
            ctx,
          );
          if (!r.ok) return;
          expect(r.value.after.energy).toBeGreaterThanOrEqual(0);
          expect(r.value.price.left).toBeGreaterThanOrEqual(0);
          expect(r.value.after.turn.simpleUsed).toBeLessThanOrEqual(2);
        },
      ),
    );
  });
});

describe("Dice pool: a Blitz Attack's move", () => {
  const ctx = { ownTurn: true };
  const brawler = (seed: Partial<Parameters<typeof makeDicepoolCombatant>[0]> = {}) =>
    makeDicepoolCombatant({
      id: "a",
      speed: 2,
      skills: { closeCombat: 3 },
      energy: { value: 3, max: 3 },
      ...seed,
    });
  const reason = (r: { ok: boolean; reason?: string }) => (r.ok ? "ok" : r.reason);

  it("after a Move, the Blitz's move goes up to speed with no sprint, and its attack takes no more", () => {
    const first = dicepoolMoveCost(brawler(), FRESH_TURN, walk(2), ctx);
    if (!first.ok) throw new Error(first.reason);
    const blitz = dicepoolMoveCost(brawler(), first.value.after.turn, walk(2, "blitz"), ctx);
    expect(blitz.ok && blitz.value).toMatchObject({
      price: { cost: 2, left: 0, of: 2, actionsBegun: 1, extra: { energy: 0 }, band: "within" },
      after: { energy: 3, turn: { simpleUsed: 2, moves: 2, blitz: true } },
    });
    if (!blitz.ok) return;
    // The attack the move was made for: the Simple action is the one the move took.
    const attack = takeAction(blitz.value.after.turn, "blitzAttack", ctx);
    expect(attack.ok && attack.value).toEqual({
      simpleUsed: 2,
      complexUsed: false,
      freeUsed: 0,
      moves: 2,
    });
    if (!attack.ok) return;
    expect(reason(takeAction(attack.value, "blitzAttack", ctx))).toBe("turn-over");
  });

  it("refuses one without Blitz, beyond speed, without the Blitz's Energy, or with no action left", () => {
    const blitz = (seed = {}, spaces = 1, turn = FRESH_TURN) =>
      reason(dicepoolMoveCost(brawler(seed), turn, walk(spaces, "blitz"), ctx));
    expect(blitz({ skills: { closeCombat: 2 } })).toBe("no-blitz");
    expect(blitz({ skills: { closeCombat: 0 }, powers: { blitz: true } })).toBe("ok");
    expect(blitz({}, 3)).toBe("too-far");
    expect(blitz({ energy: { value: 1, max: 3 } })).toBe("not-enough-energy");
    expect(blitz({}, 1, { ...FRESH_TURN, simpleUsed: 2, moves: 2 })).toBe("turn-over");
    expect(
      reason(dicepoolMoveCost(brawler(), FRESH_TURN, walk(1, "blitz"), { ...ctx, grappled: true })),
    ).toBe("grappled");
  });
});

describe("WWN: a Charge's move", () => {
  const charge = (distance: number, straight = true): MovePath => ({
    distance,
    mode: "charge",
    straight,
  });
  const reason = (r: { ok: boolean; reason?: string }) => (r.ok ? "ok" : r.reason);

  it("a straight line of 10 ft to twice the move, for the Move and the Main, AC lowered", () => {
    const r = wwnMoveCost(makeWwnCombatant({ id: "a" }), charge(45), OWN);
    expect(r.ok && r.value).toMatchObject({
      price: { cost: 45, left: 15, of: 60, actionsBegun: 1, extra: { mainAction: true } },
      after: { mainUsed: true, movesUsed: 1, charged: true },
    });
  });

  it("refuses a crooked path, under 10 ft, past twice the move, or after the Move is spent", () => {
    const a = makeWwnCombatant({ id: "a" });
    expect(reason(wwnMoveCost(a, charge(20, false), OWN))).toBe("notStraight");
    expect(reason(wwnMoveCost(a, charge(5), OWN))).toBe("needsTenFeet");
    expect(reason(wwnMoveCost(a, charge(65), OWN))).toBe("chargeTooFar");
    expect(reason(wwnMoveCost(a, { ...charge(35), difficult: true }, OWN))).toBe("chargeTooFar");
    const moved = wwnMoveCost(a, walk(5), OWN);
    if (!moved.ok) throw new Error(moved.reason);
    const after = makeWwnCombatant({ id: "a", actions: moved.value.after });
    expect(reason(wwnMoveCost(after, charge(20), OWN))).toBe("noMoveAction");
    expect(reason(wwnMoveCost(a, charge(20), { ...OWN, grappled: true }))).toBe("grappled");
    expect(reason(wwnMoveCost(a, charge(20), { turn: { ownTurn: false } }))).toBe("notYourTurn");
  });

  it("the attack that ends the Charge's move spends nothing more, and only that one is free", () => {
    const moved = wwnMoveCost(makeWwnCombatant({ id: "a" }), charge(30), OWN);
    if (!moved.ok) throw new Error(moved.reason);
    const attack = (moved: boolean | undefined) =>
      checkAttack({
        attacker: makeWwnCombatant({
          id: "a",
          actions: moved === undefined ? FRESH_ACTIONS : after,
        }),
        defender: makeWwnCombatant({ id: "b" }),
        weapon: makeWwnWeapon({ id: "spear", mode: "melee" }),
        situation: { kind: { kind: "charge", feet: 30, ...(moved ? { moved } : {}) } },
        turn: { ownTurn: true },
      });
    const after = moved.value.after;
    const ending = attack(true);
    expect(ending.ok && ending.value.attacker.actions).toEqual(after);
    // Without the move made on the map, a Charge pays its Move and Main, spent already.
    expect(reason(attack(false))).toBe("noMainAction");
    // A Charge stated in the dialog, with no move on the map, still pays both.
    const stated = attack(undefined);
    expect(stated.ok && stated.value.attacker.actions).toMatchObject({
      mainUsed: true,
      charged: true,
    });
  });
});
