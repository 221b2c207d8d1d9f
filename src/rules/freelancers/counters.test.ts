import { describe, expect, it } from "vitest";
import { addCounter, isStunned, upkeepCounters } from "./counters.ts";
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
