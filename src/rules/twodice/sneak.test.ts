import { describe, expect, it } from "vitest";
import { readCheck } from "./roll.ts";
import { resolveSneak, rollCheck } from "./sneak.ts";

describe("a check", () => {
  it("takes the best success as its result, or the lower die of a failure", () => {
    expect(readCheck({ black: 11, white: 4 }, 8)).toMatchObject({ success: true, result: 4 });
    expect(readCheck({ black: 7, white: 4 }, 8)).toMatchObject({ success: true, result: 7 });
    expect(readCheck({ black: 12, white: 19 }, 8)).toMatchObject({ success: false, result: 12 });
    expect(rollCheck(8, { black: 0, white: 4 })).toMatchObject({
      ok: false,
      reason: "out-of-range",
    });
  });
});

describe("sneaking", () => {
  const base = { perception: 14, stealth: 4, distance: 20, moved: 5 };

  it("is noticed when Perception − Stealth gives a result above the distance's step", () => {
    // 20 m is step 3; value 10.
    const unseen = resolveSneak({ ...base, dice: { black: 3, white: 12 } });
    expect(unseen).toMatchObject({ ok: true, value: { step: 3, noticed: false, located: false } });
    expect(resolveSneak({ ...base, dice: { black: 4, white: 12 } })).toMatchObject({
      ok: false,
      reason: "locateRollNeeded",
    });
    const seen = resolveSneak({
      ...base,
      dice: { black: 4, white: 12 },
      locateDice: { black: 14, white: 20 },
    });
    expect(seen).toMatchObject({ ok: true, value: { noticed: true, located: true } });
  });

  it("makes the locating roll 5 harder when the sneaker keeps still", () => {
    const still = resolveSneak({
      ...base,
      moved: 0,
      dice: { black: 4, white: 12 },
      locateDice: { black: 14, white: 20 },
    });
    expect(still).toMatchObject({ ok: true, value: { noticed: true, located: false } });
  });

  it("refuses moving faster than the distance to the observer", () => {
    expect(resolveSneak({ ...base, moved: 25, dice: { black: 1, white: 1 } })).toMatchObject({
      ok: false,
      reason: "tooFast",
    });
  });
});
