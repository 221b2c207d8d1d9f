import { describe, expect, it } from "vitest";
import { DEFAULT_RULESET, getRuleset, rulesetIds } from "./registry.ts";

describe("ruleset registry", () => {
  it("offers the five rulesets, Worldlines first and by default", () => {
    expect(rulesetIds()).toEqual(["worldlines", "wwn", "freelancers", "dicepool", "twodice"]);
    expect(DEFAULT_RULESET).toBe("worldlines");
  });

  it("maps every id to the module that carries that id", () => {
    for (const id of rulesetIds()) expect(getRuleset(id).id).toBe(id);
  });

  it("falls back to Worldlines for an unknown or missing id", () => {
    expect(getRuleset("chess").id).toBe("worldlines");
    expect(getRuleset(undefined).id).toBe("worldlines");
  });
});
