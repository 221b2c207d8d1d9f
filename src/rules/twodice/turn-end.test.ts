import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FRESH_TURN } from "./model.ts";
import { rollWithIt, takeAction } from "./turns.ts";
import { cutPath, declareDestination, pathLength, plannedMove, turnEnd } from "./turn-end.ts";
import type { MapPoint, MoveKind, PlannedMove } from "./turn-end.ts";

function must<T>(result: { ok: true; value: T } | { ok: false; reason: string }): T {
  if (!result.ok) throw new Error(result.reason);
  return result.value;
}

const P = (x: number, y: number): MapPoint => ({ x, y });
const move = (id: string, kind: MoveKind, seq: number, path: MapPoint[] | null = [P(100, 0)]) => ({
  ...plannedMove(id, kind, seq, 6, FRESH_TURN),
  path,
});

describe("a destination for the turn's move", () => {
  it("declares a plain Move, the turn's action, when the combatant has not acted", () => {
    const how = { combatantId: "kara", agility: 6, declared: null, seq: 1 };
    const out = must(declareDestination(FRESH_TURN, how, [P(400, 0)], 4));
    expect(out.turn).toMatchObject({ acted: true, moving: true });
    expect(out.move).toMatchObject({ kind: "move", metres: 6, path: [P(400, 0)], seq: 1 });
    expect(declareDestination(FRESH_TURN, how, [P(700, 0)], 7)).toMatchObject({
      ok: false,
      reason: "tooFar",
      detail: { meters: 7, limit: 6 },
    });
  });

  it("gives the declared move its destination, no farther than that move goes", () => {
    const acted = must(takeAction(FRESH_TURN, { kind: "moveAndShoot" })).turn;
    const declared = plannedMove("kara", "moveAndShoot", 2, 6, FRESH_TURN);
    const how = { combatantId: "kara", agility: 6, declared, seq: 9 };
    expect(must(declareDestination(acted, how, [P(300, 0)], 3)).move).toMatchObject({
      kind: "moveAndShoot",
      seq: 2,
      metres: 3,
    });
    expect(declareDestination(acted, how, [P(400, 0)], 4)).toMatchObject({ reason: "tooFar" });
  });

  it("refuses a combatant that acted without moving, and bad numbers by name", () => {
    const acted = must(takeAction(FRESH_TURN, { kind: "aim" })).turn;
    const how = { combatantId: "kara", agility: 6, declared: null, seq: 1 };
    expect(declareDestination(acted, how, [P(1, 0)], 1)).toMatchObject({ reason: "alreadyActed" });
    expect(declareDestination(FRESH_TURN, how, [P(Number.NaN, 0)], 1)).toMatchObject({
      ok: false,
      detail: { field: "path.0.x" },
    });
    expect(declareDestination(FRESH_TURN, how, [P(1, 0)], Infinity)).toMatchObject({
      ok: false,
      detail: { field: "distance" },
    });
    for (const elevation of [Number.NaN, Infinity, -Infinity, 1e12]) {
      expect(declareDestination(FRESH_TURN, how, [{ ...P(1, 0), elevation }], 1)).toMatchObject({
        ok: false,
        detail: { field: "path.0.elevation" },
      });
    }
  });

  it("keeps a destination's elevation; a cut path comes up or down as far as it goes", () => {
    const how = { combatantId: "kara", agility: 6, declared: null, seq: 1 };
    const up = { ...P(400, 0), elevation: 4 };
    expect(must(declareDestination(FRESH_TURN, how, [up], 5)).move.path).toEqual([up]);
    expect(cutPath({ ...P(0, 0), elevation: 0 }, [up], 0.5)).toEqual([
      { ...P(200, 0), elevation: 2 },
    ]);
    // Only up: the ground's length is none, so half of it stays where it is.
    expect(cutPath({ ...P(0, 0), elevation: 0 }, [{ ...P(0, 0), elevation: 4 }], 0.5)).toEqual([
      { ...P(0, 0), elevation: 0 },
    ]);
  });
});

describe("the end of the turn", () => {
  it("moves every able mover at once, then the combined actions in the order declared", () => {
    const declared = [
      move("c", "moveAndShoot", 3),
      move("a", "moveAndMelee", 1),
      move("b", "move", 2),
      move("d", "moveAndCover", 4),
      move("out", "moveAndMelee", 0),
    ];
    const end = must(
      turnEnd(
        declared,
        (id) => id !== "out",
        () => false,
      ),
    );
    expect(end.moves.map((m) => m.combatantId).sort()).toEqual(["a", "b", "c", "d"]);
    expect(end.actions.map((m) => m.combatantId)).toEqual(["a", "c", "d"]);
  });

  it("cuts a move that rolled with an attack to half its path", () => {
    const end = must(
      turnEnd(
        [move("a", "move", 1)],
        () => true,
        (id) => id === "a",
      ),
    );
    expect(end.moves[0]?.share).toBe(0.5);
    expect(cutPath(P(0, 0), [P(100, 0), P(100, 100)], 0.5)).toEqual([P(100, 0)]);
    expect(cutPath(P(0, 0), [P(100, 0), P(100, 100)], 0.25)).toEqual([P(50, 0)]);
    // Rolling with it in the middle of a declared move halves it (turns.ts).
    const moving = must(takeAction(FRESH_TURN, { kind: "move" })).turn;
    expect(must(rollWithIt(moving)).moveHalved).toBe(true);
  });

  it("keeps a move with no destination in place, its combined action still carried out", () => {
    const end = must(
      turnEnd(
        [move("a", "moveAndMelee", 1, null)],
        () => true,
        () => false,
      ),
    );
    expect(end.moves).toEqual([]);
    expect(end.actions.map((m) => m.combatantId)).toEqual(["a"]);
  });

  it("refuses a declared move with numbers it cannot read, by name", () => {
    const bad = { ...move("a", "move", 1), metres: Number.NaN };
    expect(
      turnEnd(
        [bad],
        () => true,
        () => false,
      ),
    ).toMatchObject({
      ok: false,
      detail: { field: "declared.0.metres" },
    });
    const kind = { ...move("a", "move", 1), kind: "aim" } as unknown as PlannedMove;
    expect(
      turnEnd(
        [kind],
        () => true,
        () => false,
      ),
    ).toMatchObject({ reason: "noMoveDeclared" });
  });
});

const point = fc.record({
  x: fc.integer({ min: -5000, max: 5000 }),
  y: fc.integer({ min: -5000, max: 5000 }),
});
const kind = fc.constantFrom<MoveKind>("move", "moveAndMelee", "moveAndShoot", "moveAndCover");
const planned = fc.record({
  combatantId: fc.string({ minLength: 1, maxLength: 3 }),
  kind,
  seq: fc.integer({ min: 0, max: 20 }),
  metres: fc.integer({ min: 0, max: 30 }),
  path: fc.option(fc.array(point, { maxLength: 5 })),
});

describe("the end of the turn (properties)", () => {
  it("moves each able mover with a destination once and orders the actions by declaration", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(planned, { selector: (m) => m.combatantId, maxLength: 8 }),
        fc.func(fc.boolean()),
        fc.func(fc.boolean()),
        (declared, able, halved) => {
          const end = must(turnEnd(declared, able, halved));
          const moving = declared.filter((m) => able(m.combatantId) && (m.path?.length ?? 0) > 0);
          expect(end.moves.map((m) => m.combatantId).sort()).toEqual(
            moving.map((m) => m.combatantId).sort(),
          );
          for (const m of end.moves) expect(m.share).toBe(halved(m.combatantId) ? 0.5 : 1);
          expect(end.actions.every((a) => able(a.combatantId) && a.kind !== "move")).toBe(true);
          for (let i = 1; i < end.actions.length; i++) {
            expect((end.actions[i - 1] as PlannedMove).seq).toBeLessThanOrEqual(
              (end.actions[i] as PlannedMove).seq,
            );
          }
          const combined = declared.filter((m) => able(m.combatantId) && m.kind !== "move");
          expect(end.actions).toHaveLength(combined.length);
        },
      ),
    );
  });

  it("a cut path never goes farther than its share of the path, and ends on it", () => {
    fc.assert(
      fc.property(
        point,
        fc.array(point, { minLength: 1, maxLength: 6 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (from, path, share) => {
          const cut = cutPath(from, path, share);
          const full = pathLength(from, path);
          expect(pathLength(from, cut)).toBeLessThanOrEqual(full * share + 1e-6);
          if (share >= 1) expect(cut).toEqual(path);
          if (share > 0 && full > 0) expect(pathLength(from, cut)).toBeCloseTo(full * share, 6);
        },
      ),
    );
  });

  it("a hostile share or distance never makes the mover go anywhere odd", () => {
    const odd = fc.constantFrom(Number.NaN, Infinity, -Infinity, -1, 1e308, -0);
    fc.assert(
      fc.property(point, fc.array(point, { maxLength: 4 }), odd, (from, path, share) => {
        const cut = cutPath(from, path, share);
        for (const p of cut) {
          expect(Number.isFinite(p.x) && Number.isFinite(p.y)).toBe(true);
        }
        const how = { combatantId: "a", agility: 6, declared: null, seq: 1 };
        // Only a distance of 0 (here −0) is one a move may go.
        expect(declareDestination(FRESH_TURN, how, path, share).ok).toBe(Object.is(share, -0));
      }),
    );
  });
});
