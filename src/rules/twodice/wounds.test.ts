import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NO_WOUNDS } from "./model.ts";
import type { WoundState } from "./model.ts";
import { withTwodiceOptions } from "./options.ts";
import { aftermath, bleed, isIncapacitated, markWound, recover, treatWounds } from "./wounds.ts";

const wounds = (...marked: number[]): WoundState => ({ ...NO_WOUNDS, marked });

describe("the wound track", () => {
  it("marks a wound at its number, or the nearest empty circle to the right", () => {
    expect(markWound(NO_WOUNDS, 12).wounds.marked).toEqual([12]);
    const again = markWound(wounds(12, 13), 12);
    expect(again.circle).toBe(14);
    expect(again.wounds.marked).toEqual([12, 13, 14]);
    expect(markWound(wounds(3), 0)).toEqual({ wounds: wounds(3), circle: null });
  });

  it("puts a wound with no circle left off the track, past the last circle", () => {
    expect(markWound(wounds(24, 25), 24).circle).toBe(26);
    expect(markWound(NO_WOUNDS, 40).circle).toBe(26);
    expect(markWound(NO_WOUNDS, 12, withTwodiceOptions({ woundCircles: 10 })).circle).toBe(11);
  });

  it("takes a character out of the fight with a wound above Toughness, not one equal to it", () => {
    expect(isIncapacitated(wounds(8), 8)).toBe(false);
    expect(isIncapacitated(wounds(3, 9), 8)).toBe(true);
  });

  it("starts the bleeding again with a new wound", () => {
    const stopped = { ...wounds(9), bleedingStopped: true };
    expect(markWound(stopped, 2).wounds.bleedingStopped).toBe(false);
  });

  it("keeps every wound on a whole circle from 1 to one past the track (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -5, max: 60 }), { maxLength: 40 }), (values) => {
        let state = NO_WOUNDS;
        for (const v of values) state = markWound(state, v).wounds;
        const onTrack = state.marked.filter((c) => c <= 25);
        expect(new Set(onTrack).size).toBe(onTrack.length);
        expect(state.marked.every((c) => Number.isInteger(c) && c >= 1 && c <= 26)).toBe(true);
        expect(state.marked.length).toBe(values.filter((v) => v >= 1).length);
      }),
    );
  });
});

describe("after the fight", () => {
  it("bleeds slowly with a wound equal to Toughness, badly with a higher one, and is dead more than 5 above", () => {
    expect(aftermath(wounds(4), 8)).toEqual({ ok: true, value: { state: "stable", every: null } });
    expect(aftermath(wounds(4, 8), 8)).toMatchObject({
      value: { state: "bleedingSlowly", every: { every: 1, unit: "hour" } },
    });
    expect(aftermath(wounds(13), 8)).toMatchObject({
      value: { state: "bleedingBadly", every: { unit: "minute" } },
    });
    expect(aftermath(wounds(14), 8)).toMatchObject({ value: { state: "dead" } });
    expect(aftermath(wounds(14), 8, withTwodiceOptions({ deathMargin: null }))).toMatchObject({
      value: { state: "bleedingBadly" },
    });
    expect(aftermath(NO_WOUNDS, 8)).toMatchObject({ value: { state: "unhurt" } });
  });

  it("marks the lowest empty circle each time it bleeds", () => {
    expect(bleed(wounds(1, 2, 9)).marked).toEqual([1, 2, 3, 9]);
  });

  it("stops the bleeding with a successful Medicine roll and keeps the best result for Recovery", () => {
    const hurt = wounds(9);
    const failed = treatWounds(hurt, 10, { black: 14, white: 12 });
    expect(failed.ok && failed.value.wounds).toBe(hurt);
    const treated = treatWounds(hurt, 10, { black: 7, white: 3 });
    expect(treated.ok && treated.value.wounds).toMatchObject({
      bleedingStopped: true,
      medicalBonus: 7,
    });
    const stopped = treated.ok ? treated.value.wounds : hurt;
    expect(aftermath(stopped, 9)).toMatchObject({ value: { state: "stable" } });
    const worse = treatWounds(stopped, 10, { black: 4, white: 15 });
    expect(worse.ok && worse.value.wounds.medicalBonus).toBe(7);
  });
});

describe("recovery", () => {
  it("lowers the highest wound by the result and heals the wounds on the way (book example 1)", () => {
    const out = recover(wounds(6, 7), 8, { black: 11, white: 4 });
    expect(out).toMatchObject({ ok: true, value: { kind: "healed", wounds: { marked: [3] } } });
  });

  it("marks the nearest empty circle above a result equal to a marked wound, and does not heal (book example 2)", () => {
    const out = recover(wounds(6, 7), 8, { black: 11, white: 6 });
    expect(out).toMatchObject({
      ok: true,
      value: { kind: "complication", wounds: { marked: [6, 7, 8] } },
    });
  });

  it("heals nothing on a failure, and uses the Medicine bonus up", () => {
    const helped = { ...wounds(12), medicalBonus: 5 };
    const out = recover(helped, 8, { black: 16, white: 14 });
    expect(out).toMatchObject({
      ok: true,
      value: { kind: "noHealing", value: 13, wounds: { marked: [12], medicalBonus: 0 } },
    });
    const healed = recover(helped, 8, { black: 13, white: 2 });
    expect(healed).toMatchObject({ value: { kind: "healed", wounds: { marked: [] } } });
  });

  it("refuses bad numbers by name", () => {
    expect(recover(wounds(6), Number.NaN, { black: 1, white: 1 })).toMatchObject({
      ok: false,
      reason: "not-a-number",
      detail: { field: "toughness" },
    });
    expect(recover(wounds(0.5), 8, { black: 1, white: 1 })).toMatchObject({
      ok: false,
      reason: "not-whole",
    });
    expect(treatWounds(wounds(6), Infinity, { black: 1, white: 1 })).toMatchObject({
      ok: false,
      reason: "not-a-number",
    });
  });

  it("never raises the highest wound on a success, and never leaves a wound above the old highest (property)", () => {
    const face = fc.integer({ min: 1, max: 20 });
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 25 }), { minLength: 1, maxLength: 12 }),
        fc.integer({ min: -5, max: 30 }),
        face,
        face,
        (marked, toughness, black, white) => {
          const state = wounds(...[...marked].sort((a, b) => a - b));
          const out = recover(state, toughness, { black, white });
          if (!out.ok) throw new Error(out.reason);
          const high = Math.max(...marked);
          const after = out.value.wounds.marked;
          if (out.value.kind === "healed") expect(Math.max(0, ...after)).toBeLessThan(high);
          if (out.value.kind === "noHealing") expect(after).toEqual(state.marked);
          if (out.value.kind === "complication") expect(after.length).toBe(marked.length + 1);
        },
      ),
    );
  });
});
