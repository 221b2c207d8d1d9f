import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { makeCombatant } from "../worldlines/factory.ts";
import { FIXTURE_TEAMS, worldlinesFourVsFour, worldlinesSquad, wwnFourVsFour } from "./fixtures.ts";
import { simulate } from "./simulate.ts";
import type { SimRequest } from "./simulate.ts";
import { expectSeedReproduces, report } from "./sim.support.ts";
import type { WorldlinesSimFighter } from "./worldlines.ts";

const mirrored = (request: SimRequest): SimRequest => ({
  ...request,
  // Nobody wins ties for being the players: the two sides are exact mirror images.
  teams: FIXTURE_TEAMS.map((t) => ({ ...t, isPlayerSide: false })),
});

// Thousands of whole fights per test: generous timeouts for a loaded machine (nothing is timed).
describe("encounter simulator: what the GM reads", { timeout: 60_000 }, () => {
  it("gives a lone, weak fighter against four veterans next to no chance", () => {
    const loner: WorldlinesSimFighter = {
      combatant: makeCombatant({
        id: "loner",
        teamId: "blue",
        traits: { combat: 4, spirit: 4 },
        health: 4,
      }),
      weapon: { id: "knife", name: "Knife", kind: "melee", skill: "melee", damage: "1d4" },
    };
    const r = report({
      ...worldlinesFourVsFour(400, "hopeless"),
      fighters: [loner, ...worldlinesSquad("red", "Red")],
    });
    const [blue, red] = r.teams;
    expect(blue?.win.chance).toBeLessThan(0.01);
    expect(blue?.win.high).toBeLessThan(0.02);
    expect(red?.win.chance).toBeGreaterThan(0.98);
    expect(r.fighters[0]?.standing.chance).toBeLessThan(0.01);
  });

  for (const [label, make] of [
    ["Worldlines", worldlinesFourVsFour],
    ["WWN", wwnFourVsFour],
  ] as const) {
    it(`puts mirrored ${label} teams near 50%, within the interval`, () => {
      const r = report(mirrored(make(1000, "mirror")));
      // What is left after draws and unfinished fights, shared evenly.
      const fair = (1 - r.draw.chance - r.unresolved.chance) / 2;
      for (const team of r.teams) {
        expect(team.win.low).toBeLessThanOrEqual(fair);
        expect(team.win.high).toBeGreaterThanOrEqual(fair);
        expect(Math.abs(team.win.chance - 0.5)).toBeLessThan(0.06);
      }
    });
  }

  it("gives the players' side the WWN ties, which shows in its chance", () => {
    const r = report(wwnFourVsFour(1000, "ties"));
    const [blue, red] = r.teams;
    expect(blue?.win.low).toBeGreaterThan(red?.win.high ?? 1);
  });

  it("reproduces the same report from the same seed, in one run or in chunks, and states N and the seed", () => {
    expectSeedReproduces(worldlinesFourVsFour, 300);
  });

  it("counts every fight once: wins, draws and unfinished fights; rounds; who is down or dead", () => {
    const r = report({ ...worldlinesFourVsFour(500, 3), maxRounds: 4 });
    const wins = r.teams.reduce((sum, t) => sum + t.win.count, 0);
    expect(wins + r.draw.count + r.unresolved.count).toBe(500);
    expect(r.unresolved.count).toBeGreaterThan(0); // 4 rounds are often not enough
    expect(r.rounds.histogram).toHaveLength(5);
    expect(r.rounds.histogram.reduce((a, b) => a + b, 0)).toBe(500);
    for (const f of r.fighters) {
      expect(f.standing.count + f.down.count + f.dead.count).toBe(500);
      const [health, energy] = f.resources;
      expect(health?.key).toBe("health");
      expect(health?.mean).toBeLessThan(health?.start ?? 0);
      expect(energy?.mean).toBeLessThanOrEqual(energy?.max ?? 0);
    }
  });

  it("plays a settled order instead of rolling one (simulating from the middle of a combat)", () => {
    const first = report({ ...mirrored(worldlinesFourVsFour(600, 5)), order: ["red", "blue"] });
    const other = report({ ...mirrored(worldlinesFourVsFour(600, 5)), order: ["blue", "red"] });
    // Acting first is worth a lot in a fight this lethal.
    expect(first.teams[1]?.win.low).toBeGreaterThan(first.teams[0]?.win.high ?? 1);
    expect(other.teams[0]?.win.low).toBeGreaterThan(other.teams[1]?.win.high ?? 1);
  });

  it("goes on from the current turn within the round, not from the round's start", () => {
    const base = { ...mirrored(worldlinesFourVsFour(600, 5)), order: ["blue", "red"] };
    const fromStart = report(base);
    // Blue's phase is over (every Blue fighter acted, Energy as spent): Red is next.
    const blueIds = (base.fighters as WorldlinesSimFighter[])
      .filter((f) => f.combatant.teamId === "blue")
      .map((f) => f.combatant.id);
    const redsTurn = report({ ...base, resume: { phaseIndex: 1, acted: blueIds } });
    expect(fromStart.teams[0]?.win.low).toBeGreaterThan(fromStart.teams[1]?.win.high ?? 1);
    expect(redsTurn.teams[1]?.win.low).toBeGreaterThan(redsTurn.teams[0]?.win.high ?? 1);
    // Within Blue's phase, those who acted do not act again: three of four done is worse for
    // Blue than none.
    const oneLeft = report({ ...base, resume: { phaseIndex: 0, acted: blueIds.slice(0, 3) } });
    expect(oneLeft.teams[0]?.win.chance).toBeLessThan(fromStart.teams[0]?.win.chance ?? 0);
    expect(simulate({ ...base, resume: { phaseIndex: 0, acted: ["nobody"] } })).toMatchObject({
      ok: false,
      reason: "unknownFighter",
    });
    expect(simulate({ ...base, resume: { phaseIndex: Number.NaN, acted: [] } })).toMatchObject({
      ok: false,
      reason: "not-a-number",
    });
  });

  it("lets a fighter keep back from evading: evading fighters do better", () => {
    const base = mirrored(worldlinesFourVsFour(600, 9));
    const fighters = (base.fighters as WorldlinesSimFighter[]).map((f) =>
      f.combatant.teamId === "red" ? { ...f, tactic: { defend: false } } : f,
    );
    const r = report({ ...base, fighters });
    expect(r.teams[0]?.win.low).toBeGreaterThan(r.teams[1]?.win.high ?? 1);
  });
});

describe("encounter simulator: refusals", () => {
  it("refuses a ruleset without an adapter by name, rather than guessing", () => {
    // "constructor" and "__proto__" are names every object answers to: no adapter either.
    for (const ruleset of ["nonsense", "constructor", "__proto__", "toString"]) {
      const result = simulate({ ...worldlinesFourVsFour(10, 1), ruleset });
      expect(result).toEqual({ ok: false, reason: "noSimAdapter", detail: { ruleset } });
    }
  });

  it("refuses fewer than two teams, a team nobody is in, a fighter of an unknown team", () => {
    const base = worldlinesFourVsFour(10, 1);
    const [first] = FIXTURE_TEAMS;
    expect(simulate({ ...base, teams: first ? [first] : [] })).toMatchObject({
      reason: "needTwoTeams",
    });
    expect(
      simulate({ ...base, teams: [...FIXTURE_TEAMS, { id: "x", name: "X", isPlayerSide: false }] }),
    ).toMatchObject({ reason: "emptyTeam", detail: { team: "x" } });
    expect(
      simulate({ ...base, teams: FIXTURE_TEAMS.slice(1).concat(FIXTURE_TEAMS.slice(1)) }),
    ).toMatchObject({ reason: "duplicateTeam" });
    const stray = { ...base, fighters: base.fighters.slice(0, 4) };
    expect(simulate(stray)).toMatchObject({ reason: "emptyTeam", detail: { team: "red" } });
    expect(simulate({ ...base, order: ["blue"] })).toMatchObject({ reason: "badOrder" });
  });

  const bad = fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY);

  it("refuses NaN and ±Infinity anywhere in the numbers it is handed", () => {
    type Poke = (request: SimRequest, value: number) => SimRequest;
    const wl = (r: SimRequest) => r.fighters as WorldlinesSimFighter[];
    const pokeFighter =
      (change: (f: WorldlinesSimFighter, v: number) => WorldlinesSimFighter): Poke =>
      (r, v) => ({ ...r, fighters: wl(r).map((f, i) => (i === 2 ? change(f, v) : f)) });
    const pokes: Poke[] = [
      (r, v) => ({ ...r, fights: v }),
      (r, v) => ({ ...r, maxRounds: v }),
      (r, v) => ({ ...r, seed: v }),
      pokeFighter((f, v) => ({
        ...f,
        combatant: { ...f.combatant, health: { value: v, max: 18 } },
      })),
      pokeFighter((f, v) => ({
        ...f,
        combatant: { ...f.combatant, energy: { value: 6, max: v } },
      })),
      pokeFighter((f, v) => ({ ...f, combatant: { ...f.combatant, skills: { firearms: v } } })),
      pokeFighter((f, v) => ({ ...f, combatant: { ...f.combatant, armorBonus: v } })),
      pokeFighter((f, v) => ({ ...f, weapon: { ...f.weapon, accuracy: v } })),
      pokeFighter((f, v) => ({ ...f, tactic: { reserve: v } })),
      pokeFighter((f, v) => ({ ...f, position: { x: v, y: 0 } })),
    ];
    fc.assert(
      fc.property(fc.integer({ min: 0, max: pokes.length - 1 }), bad, (k, value) => {
        const result = simulate(
          pokes[k]?.(worldlinesFourVsFour(5, 1), value) ?? worldlinesFourVsFour(5, 1),
        );
        expect(result.ok).toBe(false);
      }),
    );
  });

  it("refuses NaN and ±Infinity in WWN fighters too", () => {
    fc.assert(
      fc.property(bad, fc.constantFrom("hp", "ac", "attackBonus", "dex"), (value, field) => {
        const base = wwnFourVsFour(5, 1);
        const fighters = base.fighters.map((f, i) => {
          if (i !== 5) return f;
          const w = f as (typeof base.fighters)[number] & { combatant: Record<string, unknown> };
          const c = w.combatant;
          const changed =
            field === "hp"
              ? { ...c, hp: { value, max: 12 } }
              : field === "dex"
                ? { ...c, attributes: { dex: value } }
                : { ...c, [field]: value };
          return { ...w, combatant: changed };
        });
        expect(simulate({ ...base, fighters }).ok).toBe(false);
      }),
    );
  });

  it("refuses huge fight counts and round limits, and unknown target rules", () => {
    expect(simulate({ ...worldlinesFourVsFour(1e12, 1) })).toMatchObject({
      reason: "out-of-range",
    });
    expect(simulate({ ...worldlinesFourVsFour(10, 1), maxRounds: 1e9 })).toMatchObject({
      reason: "out-of-range",
    });
    const base = worldlinesFourVsFour(10, 1);
    const fighters = (base.fighters as WorldlinesSimFighter[]).map((f) => ({
      ...f,
      tactic: { target: "loudest" as unknown as "random" },
    }));
    expect(simulate({ ...base, fighters })).toMatchObject({ reason: "badTactic" });
  });
});

describe("encounter simulator: invariants over any small fight", { timeout: 60_000 }, () => {
  const squadArb = fc.record({
    health: fc.integer({ min: 1, max: 30 }),
    energy: fc.integer({ min: 0, max: 8 }),
    combat: fc.constantFrom(4, 6, 8, 10, 12),
    size: fc.integer({ min: 1, max: 3 }),
    target: fc.constantFrom("nearest", "weakest", "random"),
    defend: fc.boolean(),
    reserve: fc.integer({ min: 0, max: 4 }),
  });

  it("win chances and draws sum to at most 1, and every interval contains its estimate", () => {
    fc.assert(
      fc.property(
        squadArb,
        squadArb,
        fc.integer(),
        fc.integer({ min: 1, max: 8 }),
        (a, b, seed, maxRounds) => {
          const squad = (teamId: string, s: typeof a): WorldlinesSimFighter[] =>
            Array.from({ length: s.size }, (_, k) => ({
              combatant: makeCombatant({
                id: `${teamId}${k}`,
                teamId,
                health: s.health,
                energy: s.energy,
                traits: { combat: s.combat as 4, spirit: 6 },
              }),
              weapon: { id: "w", name: "W", kind: "ranged", skill: "s", damage: "1d6" },
              tactic: { target: s.target as "random", defend: s.defend, reserve: s.reserve },
              position: { x: k, y: teamId === "blue" ? 0 : 5 },
            }));
          const r = report({
            ruleset: "worldlines",
            teams: FIXTURE_TEAMS,
            fighters: [...squad("blue", a), ...squad("red", b)],
            fights: 20,
            seed,
            maxRounds,
          });
          const wins = r.teams.reduce((sum, t) => sum + t.win.chance, 0);
          expect(wins + r.draw.chance).toBeLessThanOrEqual(1 + 1e-12);
          expect(wins + r.draw.chance + r.unresolved.chance).toBeCloseTo(1, 12);
          const all = [
            ...r.teams.map((t) => t.win),
            r.draw,
            r.unresolved,
            ...r.fighters.flatMap((f) => [f.standing, f.down, f.dead]),
          ];
          for (const p of all) {
            expect(p.low).toBeLessThanOrEqual(p.chance);
            expect(p.high).toBeGreaterThanOrEqual(p.chance);
            expect(p.low).toBeGreaterThanOrEqual(0);
            expect(p.high).toBeLessThanOrEqual(1);
          }
          for (const f of r.fighters) {
            for (const res of f.resources) {
              expect(Number.isFinite(res.mean)).toBe(true);
              expect(res.mean).toBeGreaterThanOrEqual(0);
              expect(res.mean).toBeLessThanOrEqual(res.max);
            }
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
