import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fixedDice } from "../core/dice.ts";
import { makeFreelancer } from "./factory.ts";
import { afterArmor, deathCheck, heal, lifeAtHealth, loseHealth, stabilize } from "./health.ts";
import { withFreelancersOptions } from "./options.ts";

const rook = makeFreelancer({ id: "rook", health: 8, attributes: { fortitude: 9 } });
const dying = { ...rook, health: { value: 0, max: 8 }, life: "dying" as const };
const medic = makeFreelancer({ id: "doc", attributes: { intellect: 6 }, skills: { medicine: 4 } });

describe("Freelancers health", () => {
  it("damage − AR, never below 0; 0 does not penetrate", () => {
    expect(afterArmor(7, 3)).toEqual({ dealt: 4, penetrated: true, touchApplies: false });
    expect(afterArmor(2, 3)).toEqual({ dealt: 0, penetrated: false, touchApplies: false });
  });

  it("0 health is Dying; more damage leaves it Dying; the dead take none", () => {
    expect(loseHealth(rook, 8)).toMatchObject({ health: { value: 0 }, life: "dying" });
    expect(loseHealth(rook, 50).health.value).toBe(0);
    expect(loseHealth(dying, 3)).toMatchObject({ life: "dying", health: { value: 0 } });
    expect(loseHealth({ ...dying, life: "stable" }, 1).life).toBe("dying");
    expect(loseHealth({ ...dying, life: "dead" }, 1).life).toBe("dead");
  });

  it("failed death checks are counted and the third kills by default; a pass keeps it Dying", () => {
    expect(deathCheck(dying, fixedDice([10]))).toMatchObject({
      ok: true,
      value: { actor: { life: "dying", deathFailures: 1 }, check: { failures: 1 } },
    });
    expect(deathCheck(dying, fixedDice([9]))).toMatchObject({
      value: { actor: { life: "dying", deathFailures: 0 } },
    });
    expect(deathCheck({ ...dying, deathFailures: 1 }, fixedDice([15]))).toMatchObject({
      value: { actor: { life: "dying", deathFailures: 2 } },
    });
    expect(deathCheck({ ...dying, deathFailures: 2 }, fixedDice([15]))).toMatchObject({
      value: { actor: { life: "dead", deathFailures: 3 } },
    });
    // A world that kept one failure as its setting: the first failure kills.
    const one = withFreelancersOptions({ deathFailures: 1 });
    expect(deathCheck(dying, fixedDice([15]), one)).toMatchObject({
      value: { actor: { life: "dead" } },
    });
    expect(deathCheck(rook, fixedDice([1]))).toEqual({ ok: false, reason: "notDying" });
  });

  it("Help stabilizes; Medicine stabilizes when the check passes", () => {
    expect(stabilize(dying, { kind: "help" }, fixedDice([]))).toMatchObject({
      ok: true,
      value: { stabilized: true, patient: { life: "stable", deathFailures: 0 } },
    });
    expect(stabilize(dying, { kind: "medicine", medic }, fixedDice([10]))).toMatchObject({
      value: { stabilized: true, patient: { life: "stable" }, roll: { target: 10 } },
    });
    expect(stabilize(dying, { kind: "medicine", medic }, fixedDice([11]))).toMatchObject({
      value: { stabilized: false, patient: { life: "dying" } },
    });
    expect(stabilize(rook, { kind: "help" }, fixedDice([]))).toEqual({
      ok: false,
      reason: "notDying",
    });
  });

  it("healing above 0 brings the Dying back; the dead stay dead", () => {
    expect(heal({ ...dying, deathFailures: 1 }, 3)).toMatchObject({
      ok: true,
      value: { health: { value: 3 }, life: "active", deathFailures: 0 },
    });
    expect(heal(rook, 100)).toMatchObject({ value: { health: { value: 8 } } });
    expect(heal({ ...dying, life: "dead" }, 3)).toEqual({ ok: false, reason: "dead" });
  });

  it("refuses health above its max, NaN health and NaN healing by name", () => {
    expect(heal({ ...rook, health: { value: 99, max: 8 } }, 1)).toMatchObject({
      detail: { field: "health.value" },
    });
    expect(
      deathCheck({ ...dying, health: { value: 0, max: Number.NaN } }, fixedDice([1])),
    ).toMatchObject({
      detail: { field: "actor.health.max" },
    });
    expect(heal(rook, Number.NaN)).toMatchObject({ detail: { field: "amount" } });
    expect(
      deathCheck({ ...dying, attributes: { fortitude: Infinity } }, fixedDice([1])),
    ).toMatchObject({
      detail: { field: "actor.attributes.fortitude" },
    });
  });

  it("health set by hand: above 0 ends Dying (and Stable) and clears the count; 0 makes Dying", () => {
    expect(lifeAtHealth({ life: "dying", deathFailures: 2 }, 3)).toEqual({
      life: "active",
      deathFailures: 0,
    });
    expect(lifeAtHealth({ life: "stable", deathFailures: 0 }, 1)).toEqual({
      life: "active",
      deathFailures: 0,
    });
    expect(lifeAtHealth({ life: "active", deathFailures: 0 }, 0)).toEqual({
      life: "dying",
      deathFailures: 0,
    });
    expect(lifeAtHealth({ life: "dying", deathFailures: 1 }, 0)).toBeNull();
    expect(lifeAtHealth({ life: "dead", deathFailures: 3 }, 10)).toBeNull();
    expect(lifeAtHealth({ life: "active", deathFailures: 0 }, 5)).toBeNull();
  });

  it("health set by hand never leaves a living entity active at 0 or down above 0 (property)", () => {
    const lives = fc.constantFrom("active", "dying", "stable", "dead" as const);
    const hostile = fc.constantFrom(Number.NaN, Infinity, -Infinity, -1, 0.5, 1e12, 2 ** 53);
    fc.assert(
      fc.property(lives, fc.nat(50), fc.oneof(fc.nat(1000), hostile), (life, failures, value) => {
        const next = lifeAtHealth({ life, deathFailures: failures }, value);
        const after = next?.life ?? life;
        if (!Number.isInteger(value) || value < 0 || life === "dead") {
          expect(next).toBeNull();
          return;
        }
        if (value > 0) expect(["active", "dead"]).toContain(after);
        else expect(after).not.toBe("active");
        if (next !== null) expect(Number.isInteger(next.deathFailures)).toBe(true);
      }),
    );
  });
});
