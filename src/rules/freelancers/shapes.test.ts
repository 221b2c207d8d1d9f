import { describe, expect, it } from "vitest";
import { withFreelancersOptions } from "./options.ts";
import { targetsInShape } from "./shapes.ts";

const origin = { x: 0, y: 0 };
const east = { x: 1, y: 0 };
const at = (id: string, x: number, y: number) => ({ id, at: { x, y } });

describe("Freelancers shapes", () => {
  it("radius: everyone within the range of the origin, behind it too", () => {
    const out = targetsInShape({ kind: "radius", range: 5, origin }, [
      at("near", 3, 4),
      at("behind", -5, 0),
      at("far", 4, 4),
    ]);
    expect(out).toEqual({ ok: true, value: ["near", "behind"] });
  });

  it("cone: as wide as it is long at its end, nothing behind the origin", () => {
    const out = targetsInShape({ kind: "cone", range: 6, origin, toward: east }, [
      at("edge", 6, 3), // 6 m out, 3 m off the aim: the cone is 6 wide there
      at("outside", 4, 2.5), // 4 m out the cone is 4 wide: 2.5 m off misses
      at("behind", -1, 0),
      at("beyond", 6.5, 0),
    ]);
    expect(out).toEqual({ ok: true, value: ["edge"] });
  });

  it("line: everything in its path, 1.5 m wide by default", () => {
    const out = targetsInShape({ kind: "line", range: 10, origin, toward: { x: 0, y: 3 } }, [
      at("inPath", 0.7, 9),
      at("aside", 0.8, 5),
      at("past", 0, 10.5),
    ]);
    expect(out).toEqual({ ok: true, value: ["inPath"] });
    const wide = withFreelancersOptions({ shapes: { lineWidth: 2 } });
    const aside = targetsInShape(
      { kind: "line", range: 10, origin, toward: { x: 0, y: 3 } },
      [at("aside", 0.8, 5)],
      wide,
    );
    expect(aside).toEqual({ ok: true, value: ["aside"] });
  });

  it("touch: the one target within reach; two at once is refused", () => {
    expect(
      targetsInShape({ kind: "touch", range: 0, origin }, [at("held", 1, 1), at("away", 3, 0)]),
    ).toEqual({ ok: true, value: ["held"] });
    expect(
      targetsInShape({ kind: "touch", range: 0, origin }, [at("a", 1, 0), at("b", 0, 1)]),
    ).toMatchObject({ ok: false, reason: "touchOneTarget" });
  });

  it("refuses a cone or line without an aim, and bad numbers by name", () => {
    expect(targetsInShape({ kind: "cone", range: 5, origin }, [])).toMatchObject({
      reason: "noAim",
    });
    expect(
      targetsInShape({ kind: "radius", range: 5, origin }, [at("x", Number.NaN, 0)]),
    ).toMatchObject({ reason: "not-a-number", detail: { field: "targets.0.at.x" } });
  });
});
