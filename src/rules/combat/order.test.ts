import { describe, expect, it } from "vitest";
import { addToOrder, rankByValue, removeFromOrder, settleTie, teamPhases } from "./order.ts";
import type { SettledOrder } from "./order.ts";

describe("ranking by value", () => {
  it("puts the highest value first", () => {
    const ranked = rankByValue(
      [
        { id: "a", value: 3 },
        { id: "b", value: 9 },
        { id: "c", value: 5 },
      ],
      "reroll",
    );
    expect(ranked).toEqual({ order: ["b", "c", "a"], tied: [] });
  });

  it("settles an equal value by the tie-breaks, in turn", () => {
    const ranked = rankByValue(
      [
        { id: "npc", value: 6, tiebreak: [0] },
        { id: "pc", value: 6, tiebreak: [1] },
      ],
      "reroll",
    );
    expect(ranked).toEqual({ order: ["pc", "npc"], tied: [] });
  });

  it("reports what stays tied as groups to reroll, or keeps the given order", () => {
    const entries = [
      { id: "a", value: 4 },
      { id: "b", value: 7 },
      { id: "c", value: 4 },
      { id: "d", value: 7 },
      { id: "e", value: 1 },
    ];
    expect(rankByValue(entries, "reroll")).toEqual({
      order: ["b", "d", "a", "c", "e"],
      tied: [
        ["b", "d"],
        ["a", "c"],
      ],
    });
    expect(rankByValue(entries, "stable").tied).toEqual([]);
  });
});

describe("changing a settled order mid-combat", () => {
  const individual: SettledOrder = {
    mode: "individual",
    order: ["bob", "dia", "sam"],
    values: { bob: 12, dia: 9, sam: 7 },
    surpriseRound: [],
  };

  it("slots a newcomer by its roll, after those it ties with, without moving the others", () => {
    expect(addToOrder(individual, "eve", 9).order).toEqual(["bob", "dia", "eve", "sam"]);
    expect(addToOrder(individual, "eve", 20).order).toEqual(["eve", "bob", "dia", "sam"]);
    expect(addToOrder(individual, "eve", 1).order).toEqual(["bob", "dia", "sam", "eve"]);
    expect(addToOrder(individual, "eve", 9).values.eve).toBe(9);
  });

  it("puts a new team last", () => {
    const teams: SettledOrder = {
      mode: "team",
      order: ["b", "a"],
      values: { a: 3, b: 8 },
      surpriseRound: [],
    };
    expect(addToOrder(teams, "c", 20).order).toEqual(["b", "a", "c"]);
    expect(addToOrder(teams, "a", 20)).toBe(teams);
  });

  it("drops someone who leaves, keeping the others' places", () => {
    const left = removeFromOrder(individual, "dia");
    expect(left.order).toEqual(["bob", "sam"]);
    expect(left.values).toEqual({ bob: 12, sam: 7 });
  });
});

describe("team phases", () => {
  it("lists team phases in order, then the round events", () => {
    expect(teamPhases(["x", "y"], ["upkeep"])).toEqual([
      { kind: "team", teamId: "x" },
      { kind: "team", teamId: "y" },
      { kind: "event", event: "upkeep" },
    ]);
  });
});

describe("settling a tie by a reroll", () => {
  const order: SettledOrder = {
    mode: "team",
    order: ["a", "b", "c", "d"],
    values: { a: 9, b: 5, c: 5, d: 5 },
    surpriseRound: [],
  };
  const tied = [["b", "c", "d"]];

  it("reorders only the tied teams among themselves, whatever the reroll's size", () => {
    const result = settleTie(order, tied, ["d", "c", "b"], { b: 1, c: 20, d: 7 });
    expect(result.ok && result.order.order).toEqual(["a", "c", "d", "b"]);
    expect(result.ok && result.order.values).toEqual(order.values);
    expect(result.ok && result.tied).toEqual([]);
  });

  it("leaves those who tie again to reroll once more", () => {
    const result = settleTie(order, tied, ["b", "c", "d"], { b: 3, c: 3, d: 8 });
    expect(result.ok && result.order.order).toEqual(["a", "d", "b", "c"]);
    expect(result.ok && result.tied).toEqual([["b", "c"]]);
  });

  it("refuses a group that is not tied, or a missing reroll", () => {
    expect(settleTie(order, tied, ["a", "b"], { a: 1, b: 2 })).toEqual({
      ok: false,
      reason: "notATiedGroup",
    });
    expect(settleTie(order, tied, ["b", "c", "d"], { b: 1 })).toEqual({
      ok: false,
      reason: "missingRoll",
    });
  });
});

describe("names every object answers to are no values (issue 30)", () => {
  it("a combatant named constructor has no value by inheritance: a newcomer goes before it", () => {
    const order: SettledOrder = {
      mode: "individual",
      order: ["a", "constructor"],
      values: { a: 7 },
      surpriseRound: [],
    };
    expect(addToOrder(order, "x", 3).order).toEqual(["a", "x", "constructor"]);
  });

  it("a newcomer whose value is no finite number joins last, and stores none", () => {
    const order: SettledOrder = {
      mode: "individual",
      order: ["a"],
      values: { a: 7 },
      surpriseRound: [],
    };
    const joined = addToOrder(order, "x", Number.NaN);
    expect(joined.order).toEqual(["a", "x"]);
    expect(joined.values).toEqual({ a: 7 });
  });

  it("a reroll missing for toString is missing; an infinite reroll is refused", () => {
    const order: SettledOrder = {
      mode: "team",
      order: ["toString", "b"],
      values: {},
      surpriseRound: [],
    };
    const group = ["toString", "b"];
    expect(settleTie(order, [group], group, { b: 3 })).toEqual({
      ok: false,
      reason: "missingRoll",
    });
    expect(settleTie(order, [group], group, { toString: Infinity, b: 3 })).toEqual({
      ok: false,
      reason: "invalidDie",
    });
  });

  it("ranks huge totals by their order, equal infinities as a tie", () => {
    const ranked = rankByValue(
      [
        { id: "a", value: -Number.MAX_VALUE },
        { id: "b", value: Number.MAX_VALUE },
        { id: "c", value: Infinity },
        { id: "d", value: Infinity },
      ],
      "reroll",
    );
    expect(ranked).toEqual({ order: ["c", "d", "b", "a"], tied: [["c", "d"]] });
  });
});
