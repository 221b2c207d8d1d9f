import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { freelancersFourVsFour, freelancersHopeless } from "./freelancers-fixtures.ts";
import { FREELANCERS_TACTIC, freelancersSimAdapter } from "./freelancers.ts";
import type { FreelancersSimFighter } from "./freelancers.ts";
import { simulate, simulatedRulesets } from "./simulate.ts";
import type { SimRequest } from "./simulate.ts";
import { expectSeedReproduces, report } from "./sim.support.ts";

const fighters = (request: SimRequest) => request.fighters as FreelancersSimFighter[];

/** The request with `change` applied to each fighter. */
function each(
  request: SimRequest,
  change: (f: FreelancersSimFighter, i: number) => FreelancersSimFighter,
): SimRequest {
  return { ...request, fighters: fighters(request).map(change) };
}

// Thousands of whole fights per test: generous timeouts for a loaded machine (nothing is timed).
describe("Freelancers in the encounter simulator: what the GM reads", { timeout: 60_000 }, () => {
  it("is one of the rulesets the simulator plays, with health and weapon integrity as resources", () => {
    expect(simulatedRulesets()).toContain("freelancers");
    expect(freelancersSimAdapter.resources.map((r) => r.key)).toEqual(["health", "integrity"]);
    expect(freelancersSimAdapter.defaultTactic).toEqual(FREELANCERS_TACTIC);
    expect(freelancersSimAdapter.reserveMax).toBe(1);
  });

  it("gives a lone raw recruit against four veterans next to no chance", () => {
    const r = report(freelancersHopeless(400, "hopeless"));
    const [blue, red] = r.teams;
    expect(blue?.win.chance).toBeLessThan(0.01);
    expect(blue?.win.high).toBeLessThan(0.02);
    expect(red?.win.chance).toBeGreaterThan(0.98);
    expect(r.fighters[0]?.standing.chance).toBeLessThan(0.01);
  });

  it("puts mirrored teams near 50%, within the interval", () => {
    const r = report(freelancersFourVsFour(1000, "mirror"));
    const fair = (1 - r.draw.chance - r.unresolved.chance) / 2;
    for (const team of r.teams) {
      expect(team.win.low).toBeLessThanOrEqual(fair);
      expect(team.win.high).toBeGreaterThanOrEqual(fair);
      expect(Math.abs(team.win.chance - 0.5)).toBeLessThan(0.06);
    }
  });

  it("reproduces the same report from the same seed, in one run or in chunks", () => {
    expectSeedReproduces(freelancersFourVsFour, 300);
  });

  it("reports health and integrity left, and who is down (Dying or stable) or dead", () => {
    const r = report({ ...freelancersFourVsFour(500, 3), maxRounds: 6 });
    const wins = r.teams.reduce((sum, t) => sum + t.win.count, 0);
    expect(wins + r.draw.count + r.unresolved.count).toBe(500);
    expect(r.unresolved.count).toBeGreaterThan(0); // 6 rounds are often not enough
    expect(r.rounds.histogram).toHaveLength(7);
    for (const f of r.fighters) {
      expect(f.standing.count + f.down.count + f.dead.count).toBe(500);
      const [health, integrity] = f.resources;
      expect(health).toMatchObject({ key: "health", start: health?.max });
      expect(health?.mean).toBeLessThan(health?.start ?? 0);
      expect(health?.mean).toBeGreaterThanOrEqual(0);
      expect(integrity?.key).toBe("integrity");
      // Fumbles cost integrity now and then, never more than the weapon has.
      expect(integrity?.mean).toBeLessThan(integrity?.start ?? 0);
      expect(integrity?.mean).toBeGreaterThanOrEqual(0);
    }
    // Fighters go down; three failed death checks kill by default, and a fight is decided (or
    // its downed stabilized by an ally) before anyone fails three: nobody dies in these fights.
    expect(r.fighters.some((f) => f.down.count > 0)).toBe(true);
    expect(r.fighters.every((f) => f.dead.count === 0)).toBe(true);
  });

  it("starts from the fighters as they stand: a wounded squad does worse", () => {
    const base = freelancersFourVsFour(600, "wounded");
    const r = report(
      each(base, (f) =>
        f.teamId === "red"
          ? { ...f, combatant: { ...f.combatant, health: { ...f.combatant.health, value: 3 } } }
          : f,
      ),
    );
    expect(r.fighters[4]?.resources[0]).toMatchObject({ start: 3, max: 10 });
    expect(r.teams[0]?.win.low).toBeGreaterThan(r.teams[1]?.win.high ?? 1);
  });

  it("lets a stun counter take a fighter's turns: a stunned squad does worse", () => {
    const base = freelancersFourVsFour(600, "stun");
    const stunned = each(base, (f) =>
      f.teamId === "red" ? { ...f, combatant: { ...f.combatant, counters: { stun: 2 } } } : f,
    );
    const r = report(stunned);
    expect(r.teams[0]?.win.low).toBeGreaterThan(r.teams[1]?.win.high ?? 1);
  });

  it("keeps the Base-action for a Dying teammate with reserve 1: Help saves its life", () => {
    const base = freelancersFourVsFour(400, "help");
    const dyingFirst = each(base, (f, i) =>
      i === 0
        ? {
            ...f,
            combatant: { ...f.combatant, health: { value: 0, max: 10 }, life: "dying" as const },
          }
        : f,
    );
    const helped = report(dyingFirst);
    // A teammate helps before the first Upkeep's death check: stable, never dead.
    expect(helped.fighters[0]?.dead.count).toBe(0);
    expect(helped.fighters[0]?.down.count).toBe(400);
    const alone = report(each(dyingFirst, (f) => ({ ...f, tactic: { reserve: 0 } })));
    // Nobody helps: its Fortitude 9 check fails about half the time, and one failure kills.
    expect(alone.fighters[0]?.dead.chance).toBeGreaterThan(0.3);
  });

  it("dodges at half health with defend, which only a fighter rolling its defense can use", () => {
    const base = freelancersFourVsFour(400, "dodge");
    const dodging = report(each(base, (f) => ({ ...f, tactic: { defend: true } })));
    expect(dodging).not.toEqual(report(base));
    // A static defender has no defense roll to make favorable: it fights on as before.
    const statics = each(base, (f) => ({
      ...f,
      combatant: { ...f.combatant, defense: "static" as const },
    }));
    expect(report(each(statics, (f) => ({ ...f, tactic: { defend: true } })))).toEqual(
      report(statics),
    );
  });

  it("plays a settled order instead of drawing one, and goes on from the current phase", () => {
    const base = freelancersFourVsFour(600, 5);
    const blueFirst = report({ ...base, order: ["blue", "red"] });
    const redFirst = report({ ...base, order: ["red", "blue"] });
    expect(blueFirst.teams[0]?.win.chance).toBeGreaterThan(redFirst.teams[0]?.win.chance ?? 1);
    // Blue's turn is over (every Blue fighter acted): Red acts next, as if it had led.
    const blueIds = fighters(base)
      .filter((f) => f.teamId === "blue")
      .map((f) => f.combatant.id);
    const redsTurn = report({
      ...base,
      order: ["blue", "red"],
      resume: { phaseIndex: 1, acted: blueIds },
    });
    expect(redsTurn.teams[0]?.win.chance).toBeLessThan(blueFirst.teams[0]?.win.chance ?? 0);
  });
});

describe("Freelancers in the encounter simulator: refusals", () => {
  const bad = fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY);
  type Poke = (f: FreelancersSimFighter, v: number) => FreelancersSimFighter;
  const pokes: [string, Poke][] = [
    ["health", (f, v) => ({ ...f, combatant: { ...f.combatant, health: { value: v, max: 10 } } })],
    ["agility", (f, v) => ({ ...f, combatant: { ...f.combatant, attributes: { agility: v } } })],
    ["skill", (f, v) => ({ ...f, combatant: { ...f.combatant, skills: { finesse: v } } })],
    ["armor", (f, v) => ({ ...f, combatant: { ...f.combatant, armor: v } })],
    ["stun", (f, v) => ({ ...f, combatant: { ...f.combatant, counters: { stun: v } } })],
    ["deathFailures", (f, v) => ({ ...f, combatant: { ...f.combatant, deathFailures: v } })],
    ["staticDefense", (f, v) => ({ ...f, combatant: { ...f.combatant, staticDefense: v } })],
    ["integrity", (f, v) => ({ ...f, weapon: { ...f.weapon, integrity: { value: 1, max: v } } })],
    ["reach", (f, v) => ({ ...f, weapon: { ...f.weapon, reach: v } })],
    ["distance", (f, v) => ({ ...f, situation: { distance: v } })],
    ["reserve", (f, v) => ({ ...f, tactic: { reserve: v } })],
    ["position", (f, v) => ({ ...f, position: { x: 0, y: v } })],
  ];

  it("refuses NaN and ±Infinity anywhere in a fighter, naming the fighter and the field", () => {
    fc.assert(
      fc.property(fc.constantFrom(...pokes), bad, ([, poke], value) => {
        const request = each(freelancersFourVsFour(5, 1), (f, i) => (i === 6 ? poke(f, value) : f));
        const result = simulate(request);
        expect(result).toMatchObject({ ok: false });
        if (result.ok) return;
        expect(["not-a-number", "out-of-range"]).toContain(result.reason);
        expect(String(result.detail?.["field"])).toContain("red-2");
      }),
    );
  });

  it("refuses a fighter beyond the sheet's bounds, and a damage formula it cannot roll", () => {
    const huge = each(freelancersFourVsFour(5, 1), (f, i) =>
      i === 1
        ? {
            ...f,
            combatant: { ...f.combatant, attributes: { might: 1e308 }, skills: { brawl: 1e308 } },
          }
        : f,
    );
    expect(simulate(huge)).toMatchObject({
      ok: false,
      reason: "out-of-range",
      detail: { field: "blue-1.attributes.might" },
    });
    const formula = each(freelancersFourVsFour(5, 1), (f, i) =>
      i === 3 ? { ...f, weapon: { ...f.weapon, damage: "lots" } } : f,
    );
    expect(simulate(formula)).toMatchObject({
      ok: false,
      reason: "badFormula",
      detail: { field: "blue-3.weapon.damage" },
    });
  });

  it("plays a rule the engine refuses (a broken weapon, a foe out of reach) as no attack", () => {
    const base = freelancersFourVsFour(200, 1);
    for (const blunted of [
      (f: FreelancersSimFighter) => ({
        ...f,
        weapon: { ...f.weapon, integrity: { value: 0, max: 3 } },
      }),
      (f: FreelancersSimFighter) => ({
        ...f,
        weapon: fighters(base)[0]?.weapon ?? f.weapon,
        situation: { distance: 10 },
      }),
    ]) {
      const r = report(each(base, (f) => (f.teamId === "blue" ? blunted(f) : f)));
      expect(r.teams[1]?.win.chance).toBe(1);
      // Red is never hurt.
      for (const f of r.fighters.slice(4)) expect(f.resources[0]?.mean).toBe(f.resources[0]?.start);
    }
  });
});
