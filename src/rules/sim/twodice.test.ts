import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { makeTwodiceCombatant, makeTwodiceWeapon } from "../twodice/factory.ts";
import { FIXTURE_TEAMS } from "./fixtures.ts";
import { simulate } from "./simulate.ts";
import type { SimRequest } from "./simulate.ts";
import { expectSeedReproduces, report } from "./sim.support.ts";
import { twodiceFourVsFour, twodiceHopeless, twodiceSquad } from "./twodice-fixtures.ts";
import type { TwodiceSimFighter } from "./twodice.ts";

const fighters = (request: SimRequest) => request.fighters as TwodiceSimFighter[];

// Thousands of whole fights per test: generous timeouts for a loaded machine (nothing is timed).
describe("two-dice encounter simulator: what the GM reads", { timeout: 60_000 }, () => {
  it("gives one untrained fighter with a knife against four armed veterans next to no chance", () => {
    const r = report(twodiceHopeless(400, "hopeless"));
    const [blue, red] = r.teams;
    expect(blue?.win.chance).toBeLessThan(0.01);
    expect(blue?.win.high).toBeLessThan(0.02);
    expect(red?.win.chance).toBeGreaterThan(0.98);
    const loner = r.fighters[0];
    expect(loner?.standing.chance).toBeLessThan(0.01);
    // Out of the fight means a wound above its Toughness (5): below 0 Toughness left.
    expect(loner?.resources).toEqual([
      { key: "toughnessLeft", start: 5, max: 5, mean: expect.any(Number) as number },
    ]);
    expect(loner?.resources[0]?.mean).toBeLessThan(0);
    expect((loner?.down.chance ?? 0) + (loner?.dead.chance ?? 0)).toBeGreaterThan(0.99);
  });

  it("puts mirrored teams near 50%, within the interval", () => {
    const r = report({
      // A 95% interval misses about one seed in twenty; this one is not among them.
      ...twodiceFourVsFour(2000, "mirror"),
      // Nobody wins the d20 draw for being the players: the two sides are exact mirror images.
      teams: FIXTURE_TEAMS.map((t) => ({ ...t, isPlayerSide: false })),
    });
    // What is left after draws and unfinished fights, shared evenly.
    const fair = (1 - r.draw.chance - r.unresolved.chance) / 2;
    for (const team of r.teams) {
      expect(team.win.low).toBeLessThanOrEqual(fair);
      expect(team.win.high).toBeGreaterThanOrEqual(fair);
      expect(Math.abs(team.win.chance - 0.5)).toBeLessThan(0.06);
    }
  });

  it("gives the same report for the same seed, in one run or in chunks, and states N and the seed", () => {
    expectSeedReproduces(twodiceFourVsFour, 200);
  });

  it("reports the wounds as they stand, and down or dead by the wound track", () => {
    // Blue's second already has a wound above its Toughness (out of the fight, alive); red's
    // second one more than five above (dead in the aftermath). Both start out of the fight.
    const hurt = (f: TwodiceSimFighter, marked: number[]): TwodiceSimFighter => ({
      ...f,
      combatant: { ...f.combatant, wounds: { ...f.combatant.wounds, marked } },
    });
    const [b0, b1] = twodiceSquad("blue", "Blue");
    const [r0, r1] = twodiceSquad("red", "Red");
    if (!b0 || !b1 || !r0 || !r1) throw new Error("no squad");
    const r = report({
      ...twodiceFourVsFour(300, "wounded"),
      fighters: [b0, hurt(b1, [4, 12]), r0, hurt(r1, [17])],
    });
    const [blue0, blue1, red0, red1] = r.fighters;
    expect(blue1?.down.chance).toBe(1);
    expect(blue1?.dead.chance).toBe(0);
    expect(red1?.dead.chance).toBe(1);
    // Toughness left: Toughness 10 less the highest wound, as they stand (nobody attacks them).
    expect(blue1?.resources).toEqual([{ key: "toughnessLeft", start: -2, max: 10, mean: -2 }]);
    expect(red1?.resources).toEqual([{ key: "toughnessLeft", start: -7, max: 10, mean: -7 }]);
    // The fresh fighters fight it out: wounds only ever pile up, so less Toughness is left.
    for (const f of [blue0, red0]) {
      expect(f?.resources[0]?.start).toBe(11);
      expect(f?.resources[0]?.mean).toBeLessThan(11);
    }
  });

  it("counterattacks only with the defend tactic, and that shows in the chances", () => {
    // Two swordsmen each side; red never counterattacks (it meets every blow with its Unarmed
    // Defense and keeps its action), blue always does.
    const swords = (teamId: string, defend: boolean): TwodiceSimFighter[] =>
      [0, 1].map((k) => ({
        combatant: makeTwodiceCombatant({ id: `${teamId}-${k}`, unarmedDefense: 2 }),
        teamId,
        weapon: makeTwodiceWeapon({ id: "sword", attack: 13, defense: 8, damage: 2 }),
        tactic: { defend },
      }));
    const r = report({
      ...twodiceFourVsFour(1000, "defend"),
      teams: FIXTURE_TEAMS.map((t) => ({ ...t, isPlayerSide: false })),
      fighters: [...swords("blue", true), ...swords("red", false)],
    });
    const [blue, red] = r.teams;
    expect(blue?.win.low).toBeGreaterThan(red?.win.high ?? 1);
  });

  it("goes on from a settled order: the team named first strikes first", () => {
    // One blow each way can decide it: a heavy hitter against a glass jaw, in both directions.
    const duelist = (teamId: string): TwodiceSimFighter => ({
      combatant: makeTwodiceCombatant({
        id: `${teamId}-0`,
        traits: { toughness: 1 },
      }),
      teamId,
      weapon: makeTwodiceWeapon({
        id: "gun",
        kind: "ranged",
        attack: 20,
        defense: 0,
        damage: 5,
        range: 5,
      }),
    });
    const base = {
      ...twodiceFourVsFour(200, "order"),
      fighters: [duelist("blue"), duelist("red")],
    };
    const redFirst = report({ ...base, order: ["red", "blue"] });
    expect(redFirst.teams[1]?.win.chance).toBe(1);
    const blueFirst = report({ ...base, order: ["blue", "red"] });
    expect(blueFirst.teams[0]?.win.chance).toBe(1);
    // Mid-round, with red already done this round, blue shoots first and wins.
    const resumed = report({
      ...base,
      order: ["red", "blue"],
      resume: { phaseIndex: 1, acted: [] },
    });
    expect(resumed.teams[0]?.win.chance).toBe(1);
  });
});

describe("two-dice encounter simulator: refusals", () => {
  const bad = fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY);

  it("refuses NaN and ±Infinity in a fighter, naming the number", () => {
    type Change = (f: TwodiceSimFighter, v: number) => TwodiceSimFighter;
    const changes: [string, Change][] = [
      [
        "red-2.combatant.traits.toughness",
        (f, v) => ({ ...f, combatant: { ...f.combatant, traits: { toughness: v } } }),
      ],
      [
        "red-2.combatant.unarmedDefense",
        (f, v) => ({ ...f, combatant: { ...f.combatant, unarmedDefense: v } }),
      ],
      [
        "red-2.combatant.wounds.marked.0",
        (f, v) => ({
          ...f,
          combatant: { ...f.combatant, wounds: { ...f.combatant.wounds, marked: [v] } },
        }),
      ],
      ["red-2.weapon.attack", (f, v) => ({ ...f, weapon: { ...f.weapon, attack: v } })],
      ["red-2.weapon.damage", (f, v) => ({ ...f, weapon: { ...f.weapon, damage: v } })],
      [
        "red-2.weapon.ammo.rounds",
        (f, v) => ({ ...f, weapon: { ...f.weapon, ammo: { ...f.weapon.ammo, rounds: v } } }),
      ],
      ["red-2.surpriseBonus", (f, v) => ({ ...f, surpriseBonus: v })],
      ["red-2.situation.distance", (f, v) => ({ ...f, situation: { distance: v } })],
      ["red-2.reserve", (f, v) => ({ ...f, tactic: { reserve: v } })],
    ];
    fc.assert(
      fc.property(fc.integer({ min: 0, max: changes.length - 1 }), bad, (k, value) => {
        const [field, change] = changes[k] ?? ["", (f: TwodiceSimFighter) => f];
        const base = twodiceFourVsFour(5, 1);
        const poisoned = fighters(base).map((f, i) => (i === 6 ? change(f, value) : f));
        const result = simulate({ ...base, fighters: poisoned });
        expect(result.ok).toBe(false);
        expect(result).toMatchObject({ ok: false, detail: { field } });
      }),
    );
  });
});
