import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkOptions } from "./checks.ts";
import { addCounter, isStunned, parseCounterRules, upkeepCounters } from "./counters.ts";
import { withFreelancersOptions } from "./options.ts";

describe("Freelancers counters", () => {
  it("stacks by name, any name, and drops a kind at 0", () => {
    expect(addCounter({}, "stun", 2)).toEqual({ ok: true, value: { stun: 2 } });
    expect(addCounter({ stun: 2 }, "poison", 1)).toEqual({
      ok: true,
      value: { stun: 2, poison: 1 },
    });
    expect(addCounter({ stun: 2 }, "stun", -5)).toEqual({ ok: true, value: {} });
    expect(addCounter({}, " ", 1)).toEqual({ ok: false, reason: "noKind" });
  });

  it("refuses bad counts by name", () => {
    expect(addCounter({ stun: Number.NaN }, "stun", 1)).toMatchObject({
      detail: { field: "counters.stun" },
    });
    expect(addCounter({}, "stun", Infinity)).toMatchObject({ reason: "not-a-number" });
    expect(addCounter({}, "stun", 0.5)).toMatchObject({ reason: "not-whole" });
  });

  it("the Upkeep drops one of each kind unless the kind says otherwise", () => {
    expect(upkeepCounters({ stun: 1, stress: 3, bleed: 2, poison: 2 })).toEqual({
      stress: 2,
      bleed: 1,
      poison: 1,
    });
    const options = withFreelancersOptions({
      counters: { stress: { upkeepRemoves: 0 }, shock: { upkeepRemoves: "all" } },
    });
    // The GM's kinds are added to the defaults, not put in their place.
    expect(upkeepCounters({ stun: 2, stress: 3, shock: 4 }, options)).toEqual({
      stun: 1,
      stress: 3,
    });
  });

  it("stunned while a stun counter stands", () => {
    expect(isStunned({ counters: { stun: 1 } })).toBe(true);
    expect(isStunned({ counters: { stress: 1 } })).toBe(false);
  });
});

describe("the world's counter rules", () => {
  it("reads kind=N and kind=all, and an Upkeep follows them over the default", () => {
    const parsed = parseCounterRules(" stress=0; burning = all, ");
    expect(parsed).toEqual({
      ok: true,
      value: { stress: { upkeepRemoves: 0 }, burning: { upkeepRemoves: "all" } },
    });
    if (!parsed.ok) return;
    const options = withFreelancersOptions({ counters: parsed.value });
    expect(upkeepCounters({ stress: 2, burning: 3, webbed: 2 }, options)).toEqual({
      stress: 2,
      webbed: 1,
    });
  });

  it("refuses an entry of another shape by its text", () => {
    for (const entry of ["stress", "=2", "stress=-1", "stress=1.5", "toString=1", "a=1e9"]) {
      expect(parseCounterRules(entry)).toEqual({
        ok: false,
        reason: "badCounterRule",
        detail: { entry },
      });
    }
  });

  it("never throws, and what it reads the options check accepts", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const parsed = parseCounterRules(text);
        if (!parsed.ok) return;
        expect(checkOptions(withFreelancersOptions({ counters: parsed.value }))).toBeUndefined();
      }),
    );
  });
});
