import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  MAX_COORDINATE,
  coverBetween,
  gangUp,
  lineOfSight,
  litBy,
  measureScene,
  occupiedSpaces,
  pointInShape,
  spacesBetween,
  tokensInShape,
} from "./index.ts";
import type { AreaShape, Bystander, Footprint, SceneInput, Segment } from "./index.ts";

const at = (x: number, y: number, size = 1): Footprint => ({ x, y, width: size, height: size });
const ally = (id: string, f: Footprint, fights = true): Bystander => ({
  id,
  footprint: f,
  side: "ally",
  fights,
});
const foe = (id: string, f: Footprint): Bystander => ({
  id,
  footprint: f,
  side: "foe",
  fights: true,
});
const wall = (x0: number, y0: number, x1: number, y1: number): Segment => ({ x0, y0, x1, y1 });

function scene(over: Partial<SceneInput> = {}): SceneInput {
  return {
    attacker: { ...ally("me", at(0, 0)), elevation: 0 },
    target: { id: "it", footprint: at(4, 0), elevation: 0 },
    others: [],
    coverWalls: [],
    sightWalls: [],
    ...over,
  };
}

function measured(input: SceneInput) {
  const r = measureScene(input);
  if (!r.ok) throw new Error(r.reason);
  return r.value;
}

describe("reach between footprints", () => {
  it("a token covers every space of its size", () => {
    expect(occupiedSpaces({ x: 2, y: 3, width: 2, height: 2 })).toEqual([
      { x: 2, y: 3 },
      { x: 3, y: 3 },
      { x: 2, y: 4 },
      { x: 3, y: 4 },
    ]);
  });

  it("counts the steps between the nearest spaces: the next space (diagonals too) is adjacent", () => {
    expect(spacesBetween(at(0, 0), at(1, 1))).toBe(1);
    expect(spacesBetween(at(0, 0), at(2, 0))).toBe(2);
    // A large token reaches from its far edge: a 2×2 at (0,0) is adjacent to (2,1).
    expect(spacesBetween(at(0, 0, 2), at(2, 1))).toBe(1);
    expect(
      measured(scene({ target: { id: "it", footprint: at(1, 1), elevation: 0 } })).adjacent,
    ).toBe(true);
    expect(measured(scene()).adjacent).toBe(false);
    expect(measured(scene({ reach: 4 })).adjacent).toBe(true);
  });
});

describe("flanking and surrounding", () => {
  const target = at(4, 4);
  it("allies on opposite sides or corners flank; side by side or at right angles do not", () => {
    expect(gangUp(ally("me", at(3, 4)), target, [ally("b", at(5, 4))]).flanked).toBe(true);
    expect(gangUp(ally("me", at(3, 3)), target, [ally("b", at(5, 5))]).flanked).toBe(true);
    expect(gangUp(ally("me", at(3, 4)), target, [ally("b", at(3, 5))]).flanked).toBe(false);
    expect(gangUp(ally("me", at(3, 4)), target, [ally("b", at(4, 3))]).flanked).toBe(false);
  });

  it("a shooter from afar gains the flank of two allies engaged on opposite sides", () => {
    const g = gangUp(ally("me", at(0, 0)), target, [ally("a", at(3, 4)), ally("b", at(5, 4))]);
    expect(g.flanked).toBe(true);
    expect(g.flankers).toEqual(["a", "b"]);
  });

  it("foes, the fallen and allies out of reach neither flank nor surround", () => {
    const g = gangUp(ally("me", at(3, 4)), target, [
      foe("f", at(5, 4)),
      ally("down", at(5, 4), false),
      ally("far", at(7, 4)),
    ]);
    expect(g.flanked).toBe(false);
    expect(g.adjacentAllies).toEqual(["me"]);
  });

  it("counts the attacker's allies adjacent to the target (a swarm), not the attacker", () => {
    const m = measured(
      scene({
        attacker: { ...ally("me", at(3, 4)), elevation: 0 },
        target: { id: "it", footprint: target, elevation: 0 },
        others: [ally("a", at(4, 3)), ally("b", at(5, 5)), ally("c", at(9, 9))],
      }),
    );
    expect(m.alliesAdjacent).toEqual(["a", "b"]);
  });

  it("names the foes at the attacker's side (shooting while in melee)", () => {
    const m = measured(scene({ others: [foe("f", at(1, 0)), foe("g", at(3, 3))] }));
    expect(m.foesAdjacent).toEqual(["f"]);
  });
});

describe("cover and sight through walls", () => {
  // Attacker at (0,0), target at (4,0); walls at x = 2.5.
  it("no wall, no cover, seen", () => {
    expect(coverBetween(at(0, 0), at(4, 0), []).level).toBe("none");
    expect(lineOfSight(at(0, 0), at(4, 0), [])).toBe(true);
  });

  it("a wall across the whole line gives full cover and hides", () => {
    const walls = [wall(2.5, -5, 2.5, 5)];
    expect(coverBetween(at(0, 0), at(4, 0), walls)).toMatchObject({ level: "full", blocked: 4 });
    expect(lineOfSight(at(0, 0), at(4, 0), walls)).toBe(false);
  });

  it("a low half wall hides part of the target: light or heavy by the rays it blocks", () => {
    // Blocks the rays to the target's lower corners from every attacker corner: 2 of 4.
    expect(coverBetween(at(0, 0), at(4, 0), [wall(3.9, 0.5, 3.9, 5)]).level).toBe("light");
    // One wall before the target's upper half, one inside its far lower half: 3 of 4 blocked.
    const heavy = [wall(3.95, -1, 3.95, 0.5), wall(4.5, 0.5, 4.5, 2)];
    expect(coverBetween(at(0, 0), at(4, 0), heavy).level).toBe("heavy");
  });

  it("a wall elsewhere on the map changes nothing", () => {
    expect(coverBetween(at(0, 0), at(4, 0), [wall(2.5, 3, 2.5, 9)]).level).toBe("none");
  });

  it("the scene reports the elevation difference", () => {
    const m = measured(scene({ target: { id: "it", footprint: at(4, 0), elevation: 15 } }));
    expect(m.elevation).toBe(15);
  });
});

describe("vertical spaces (elevation counted in spaces of the grid's size)", () => {
  const above = (elevation: number, others: Bystander[] = []) =>
    measured(
      scene({
        target: { id: "it", footprint: at(1, 0), elevation },
        others,
        unitsPerSpace: 5,
      }),
    );

  it("a target in the next space 5 ft up is in reach; 15 ft up it is three spaces away", () => {
    expect(above(5)).toMatchObject({ spaces: 1, adjacent: true });
    expect(above(15)).toMatchObject({ spaces: 3, adjacent: false });
    expect(above(-15)).toMatchObject({ spaces: 3, adjacent: false });
  });

  it("a foe beside the attacker but high above is not at hand, nor an ally high above a flanker", () => {
    const high = { elevation: 20 };
    expect(
      measured(scene({ others: [{ ...foe("f", at(1, 0)), ...high }], unitsPerSpace: 5 }))
        .foesAdjacent,
    ).toEqual([]);
    const m = above(0, [{ ...ally("a", at(2, 0)), ...high }]);
    expect([m.flanked, m.alliesAdjacent]).toEqual([false, []]);
    expect(above(0, [ally("a", at(2, 0))]).flanked).toBe(true);
  });

  it("without the grid's size, elevation changes no distance (as before)", () => {
    const m = measured(scene({ target: { id: "it", footprint: at(1, 0), elevation: 30 } }));
    expect(m).toMatchObject({ spaces: 1, adjacent: true });
  });

  it("never fewer spaces than the flat distance or the height, for any heights", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -10, max: 10 }),
        fc.double({ min: -1000, max: 1000, noNaN: true }),
        fc.double({ min: 0.5, max: 50, noNaN: true }),
        (x, elevation, unitsPerSpace) => {
          const m = measured(
            scene({ target: { id: "it", footprint: at(x, 0), elevation }, unitsPerSpace }),
          );
          expect(m.spaces).toBeGreaterThanOrEqual(spacesBetween(at(0, 0), at(x, 0)));
          expect(m.spaces).toBeGreaterThanOrEqual(Math.round(Math.abs(elevation) / unitsPerSpace));
        },
      ),
    );
  });

  it("refuses a grid size or a bystander's height it cannot measure", () => {
    for (const unitsPerSpace of [0, -5, Number.NaN, Infinity]) {
      expect(measureScene(scene({ unitsPerSpace })).ok).toBe(false);
    }
    expect(
      measureScene(scene({ others: [{ ...ally("a", at(1, 1)), elevation: Number.NaN }] })).ok,
    ).toBe(false);
  });
});

describe("areas", () => {
  const tokens = [
    { id: "centre", footprint: at(5, 5) },
    { id: "edge", footprint: at(7, 5) },
    { id: "out", footprint: at(8, 5) },
    { id: "big", footprint: at(3, 2, 2) },
  ];
  const ids = (shape: AreaShape) => {
    const r = tokensInShape(shape, tokens);
    if (!r.ok) throw new Error(r.reason);
    return r.value.map((t) => t.id);
  };

  it("a radius catches every token with a space centre inside it, a large one by any space", () => {
    expect(ids({ kind: "circle", x: 5.5, y: 5.5, radius: 2 })).toEqual(["centre", "edge"]);
    expect(ids({ kind: "circle", x: 5.5, y: 5.5, radius: 2.3 })).toEqual(["centre", "edge", "big"]);
  });

  it("a radius on a grid that counts every diagonal step one space catches a square of spaces", () => {
    const round = { kind: "circle", x: 5.5, y: 5.5, radius: 2.3 } as const;
    expect(ids(round)).not.toContain("corner");
    const grid = { ...round, radius: 2, diagonals: "equidistant" } as const;
    const corner = [...tokens, { id: "corner", footprint: at(7, 7) }];
    const r = tokensInShape(grid, corner);
    expect(r.ok && r.value.map((t) => t.id)).toEqual(["centre", "edge", "big", "corner"]);
  });

  it("a cone opens from its point towards its direction", () => {
    const east = { kind: "cone", x: 5, y: 5.5, direction: 0, length: 3, angle: 90 } as const;
    expect(ids(east)).toEqual(["centre", "edge"]);
    expect(ids({ ...east, direction: 180 })).toEqual([]);
  });

  it("a line is a strip of its width from its start", () => {
    const line = { kind: "line", x: 0, y: 5.5, direction: 0, length: 8, width: 1 } as const;
    expect(ids(line)).toEqual(["centre", "edge"]);
    expect(ids({ ...line, length: 9 })).toEqual(["centre", "edge", "out"]);
  });

  it("refuses a shape or a token it cannot measure, by name", () => {
    for (const radius of [Number.NaN, Infinity, -1, 2 * MAX_COORDINATE]) {
      const r = tokensInShape({ kind: "circle", x: 0, y: 0, radius }, tokens);
      expect(r).toMatchObject({ ok: false, detail: { field: "shape.radius" } });
    }
    const r = tokensInShape({ kind: "circle", x: 0, y: 0, radius: 1 }, [
      { id: "bad", footprint: { x: Number.NaN, y: 0, width: 1, height: 1 } },
    ]);
    expect(r).toMatchObject({ ok: false, detail: { field: "token.x", token: "bad" } });
  });
});

describe("properties", () => {
  const coord = fc.integer({ min: -50, max: 50 });
  const size = fc.integer({ min: 1, max: 3 });
  const footprint = fc.record({ x: coord, y: coord, width: size, height: size });
  const real = fc.double({ min: -60, max: 60, noNaN: true });
  const segment = fc.record({ x0: real, y0: real, x1: real, y1: real });

  it("reach and sight are symmetric", () => {
    fc.assert(
      fc.property(footprint, footprint, fc.array(segment, { maxLength: 8 }), (a, b, walls) => {
        expect(spacesBetween(a, b)).toBe(spacesBetween(b, a));
        expect(lineOfSight(a, b, walls)).toBe(lineOfSight(b, a, walls));
      }),
    );
  });

  it("more walls never give less cover; full cover is exactly not being seen", () => {
    const rank = { none: 0, light: 1, heavy: 2, full: 3 };
    fc.assert(
      fc.property(
        footprint,
        footprint,
        fc.array(segment, { maxLength: 6 }),
        segment,
        (a, b, walls, extra) => {
          const before = coverBetween(a, b, walls);
          const after = coverBetween(a, b, [...walls, extra]);
          expect(rank[after.level]).toBeGreaterThanOrEqual(rank[before.level]);
          expect(before.level === "full").toBe(!lineOfSight(a, b, walls));
        },
      ),
    );
  });

  it("a circle's tokens are those whose nearest space centre is within the radius", () => {
    fc.assert(
      fc.property(
        footprint,
        real,
        real,
        fc.double({ min: 0, max: 30, noNaN: true }),
        (f, x, y, r) => {
          const inside = tokensInShape({ kind: "circle", x, y, radius: r }, [
            { id: "t", footprint: f },
          ]);
          if (!inside.ok) throw new Error(inside.reason);
          const expected = occupiedSpaces(f).some((s) =>
            pointInShape({ kind: "circle", x, y, radius: r }, { x: s.x + 0.5, y: s.y + 0.5 }),
          );
          expect(inside.value.length === 1).toBe(expected);
        },
      ),
    );
  });

  it("refuses NaN, infinities and huge coordinates anywhere in the scene, naming the field", () => {
    const bad = fc.oneof(
      fc.constant(Number.NaN),
      fc.constant(Infinity),
      fc.constant(-Infinity),
      fc.double({ min: MAX_COORDINATE * 2, max: 1e300, noNaN: true }),
    );
    fc.assert(
      fc.property(bad, fc.integer({ min: 0, max: 3 }), (value, where) => {
        const input =
          where === 0
            ? scene({ attacker: { ...ally("me", { ...at(0, 0), x: value }), elevation: 0 } })
            : where === 1
              ? scene({ target: { id: "it", footprint: at(1, 1), elevation: value } })
              : where === 2
                ? scene({ others: [ally("a", { ...at(1, 1), width: value })] })
                : scene({ coverWalls: [wall(0, 0, value, 1)] });
        const r = measureScene(input);
        expect(r.ok).toBe(false);
        if (!r.ok) expect(String(r.detail?.["field"])).not.toBe("");
      }),
    );
  });
});

describe("light", () => {
  it("a point within a light's radius is lit, unless a wall stands between", () => {
    const lamp = { x: 0.5, y: 0.5, radius: 3 };
    expect(litBy({ x: 2.5, y: 0.5 }, [lamp], [])).toBe(true);
    expect(litBy({ x: 4.5, y: 0.5 }, [lamp], [])).toBe(false);
    expect(litBy({ x: 2.5, y: 0.5 }, [lamp], [wall(1.5, -2, 1.5, 2)])).toBe(false);
    expect(litBy({ x: 2.5, y: 0.5 }, [], [])).toBe(false);
  });

  it("a light whose radius is not a number lights nothing", () => {
    fc.assert(
      fc.property(fc.constantFrom(Number.NaN, -1, -Infinity), (radius) => {
        expect(litBy({ x: 0, y: 0 }, [{ x: 0, y: 0, radius }], [])).toBe(false);
      }),
    );
  });
});
