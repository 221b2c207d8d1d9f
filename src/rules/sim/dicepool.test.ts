import { checkedCombatant } from "../dicepool/dicepool.support.ts";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { makeDicepoolCombatant } from "../dicepool/factory.ts";
import { maxHealth } from "../dicepool/health.ts";
import type { DicepoolSimFighter } from "./dicepool.ts";
import { dicepoolSimAdapter } from "./dicepool.ts";
import { dicepoolFourVsFour, dicepoolHopeless, dicepoolSquad } from "./dicepool-fixtures.ts";
import { FIXTURE_TEAMS } from "./fixtures.ts";
import { simulate } from "./simulate.ts";
import type { SimRequest } from "./simulate.ts";
import { expectSeedReproduces, report } from "./sim.support.ts";
import { proportion } from "./stats.ts";

const fightersOf = (request: SimRequest) => request.fighters as DicepoolSimFighter[];

/** Nobody wins initiative ties for being the players: the two sides are exact mirror images. */
const mirrored = (request: SimRequest): SimRequest => ({
  ...request,
  teams: FIXTURE_TEAMS.map((t) => ({ ...t, isPlayerSide: false })),
});

/** The same fight with Red listed (in the tracker's order) before Blue. */
const redListedFirst = (request: SimRequest): SimRequest => {
  const fighters = fightersOf(request);
  return {
    ...request,
    fighters: [
      ...fighters.filter((f) => f.teamId === "red"),
      ...fighters.filter((f) => f.teamId === "blue"),
    ],
  };
};

const withTactic = (
  request: SimRequest,
  teamId: string,
  tactic: DicepoolSimFighter["tactic"],
): SimRequest => ({
  ...request,
  fighters: fightersOf(request).map((f) => (f.teamId === teamId ? { ...f, tactic } : f)),
});

// Thousands of whole fights per test: generous timeouts for a loaded machine (nothing is timed).
describe("dice-pool encounter simulator: what the GM reads", { timeout: 120_000 }, () => {
  it("gives an untrained bystander against four fighters next to no chance", () => {
    const r = report(dicepoolHopeless(400, "hopeless"));
    const [blue, red] = r.teams;
    expect(blue?.win.chance).toBeLessThan(0.01);
    expect(blue?.win.high).toBeLessThan(0.02);
    expect(red?.win.chance).toBeGreaterThan(0.98);
    expect(r.fighters[0]?.standing.chance).toBeLessThan(0.01);
  });

  it("puts mirrored teams near 50%, within the interval, once each is listed first as often", () => {
    // The last initiative tie-break is the tracker's order: over both orders it evens out.
    const a = report(mirrored(dicepoolFourVsFour(800, "mirror")));
    const b = report(redListedFirst(mirrored(dicepoolFourVsFour(800, "mirror"))));
    const blueWins = (a.teams[0]?.win.count ?? 0) + (b.teams[0]?.win.count ?? 0);
    const undecided = a.draw.count + a.unresolved.count + b.draw.count + b.unresolved.count;
    const blue = proportion(blueWins, 1600);
    const fair = (1 - undecided / 1600) / 2;
    expect(blue.low).toBeLessThanOrEqual(fair);
    expect(blue.high).toBeGreaterThanOrEqual(fair);
    expect(Math.abs(blue.chance - 0.5)).toBeLessThan(0.05);
  });

  it("breaks initiative ties by the tracker's order: the team listed first does better", () => {
    const r = report(mirrored(dicepoolFourVsFour(1000, "ties")));
    const [blue, red] = r.teams;
    expect(blue?.win.low).toBeGreaterThan(red?.win.high ?? 1);
    const swapped = report(redListedFirst(mirrored(dicepoolFourVsFour(1000, "ties"))));
    expect(swapped.teams[1]?.win.low).toBeGreaterThan(swapped.teams[0]?.win.high ?? 1);
  });

  it("reproduces the same report from the same seed, in one run or in chunks, and states N and the seed", () => {
    expectSeedReproduces(dicepoolFourVsFour, 200);
  });

  it("reports health left, Energy left, and who is down or dead", () => {
    const r = report(dicepoolFourVsFour(500, 3));
    for (const f of r.fighters) {
      expect(f.standing.count + f.down.count + f.dead.count).toBe(500);
      const [health, energy] = f.resources;
      // Physical 3 + Size 1 + 3.
      expect(health).toMatchObject({ key: "health", start: 7, max: 7 });
      expect(health?.mean).toBeLessThan(7);
      expect(health?.mean).toBeGreaterThanOrEqual(0);
      expect(energy).toMatchObject({ key: "energy", start: 5, max: 5 });
    }
    const shooters = r.fighters.filter((f) => f.id.endsWith("-0") || f.id.endsWith("-2"));
    const brawlers = r.fighters.filter((f) => f.id.endsWith("-1") || f.id.endsWith("-3"));
    // Shooters never Blitz; brawlers (Close Combat 3) spend 2 Energy a Blitz Attack.
    for (const f of shooters) expect(f.resources[1]?.mean).toBe(5);
    for (const f of brawlers) expect(f.resources[1]?.mean).toBeLessThan(2);
    // Lethal fights: some go down, some die (twice their health, or bleeding on their turn).
    expect(r.fighters.some((f) => f.down.count > 0)).toBe(true);
    expect(r.fighters.some((f) => f.dead.count > 0)).toBe(true);
  });

  it("keeps the Energy a fighter reserves: no Blitz Attack below it", () => {
    const r = report(withTactic(dicepoolFourVsFour(200, 4), "red", { reserve: 4 }));
    for (const f of r.fighters.filter((f) => f.teamId === "red")) {
      expect(f.resources[1]?.mean).toBe(5);
    }
  });

  it("lets a defender pick its best defense: a team that only Soaks does worse", () => {
    // Red is listed first (it wins the residual initiative ties) and still loses.
    const base = redListedFirst(mirrored(dicepoolFourVsFour(800, 9)));
    const r = report(withTactic(base, "red", { defend: false }));
    expect(r.teams[0]?.win.low).toBeGreaterThan(r.teams[1]?.win.high ?? 1);
  });

  it("makes a dying fighter bleed on its turn until it dies, and a stabilized one stay down", () => {
    const squad = dicepoolSquad("blue", "Blue");
    const [first] = squad;
    if (first === undefined) throw new Error("no fighter");
    const max = maxHealth(checkedCombatant(first.combatant));
    // One point from death: its first bleed kills it.
    const dying: DicepoolSimFighter = {
      ...first,
      combatant: { ...first.combatant, damage: 2 * max - 1, incapacitated: "lethal" },
    };
    const stable: DicepoolSimFighter = {
      ...dying,
      combatant: { ...dying.combatant, stabilized: true },
    };
    const base = dicepoolFourVsFour(200, 5);
    const red = fightersOf(base).filter((f) => f.teamId === "red");
    const bleeding = report({ ...base, fighters: [dying, ...squad.slice(1), ...red] });
    expect(bleeding.fighters[0]?.dead.chance).toBe(1);
    expect(bleeding.fighters[0]?.resources[0]).toMatchObject({ start: 0, mean: 0 });
    const stabilized = report({ ...base, fighters: [stable, ...squad.slice(1), ...red] });
    expect(stabilized.fighters[0]?.down.chance).toBe(1);
  });
});

describe("dice-pool encounter simulator: refusals", () => {
  const bad = fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY);
  type Poke = { field: string; change: (f: DicepoolSimFighter, v: number) => DicepoolSimFighter };
  const pokes: Poke[] = [
    {
      field: "combatant.physical",
      change: (f, v) => ({ ...f, combatant: { ...f.combatant, physical: v } }),
    },
    {
      field: "combatant.skills.closeCombat",
      change: (f, v) => ({ ...f, combatant: { ...f.combatant, skills: { closeCombat: v } } }),
    },
    {
      field: "combatant.energy.value",
      change: (f, v) => ({ ...f, combatant: { ...f.combatant, energy: { value: v, max: 5 } } }),
    },
    {
      field: "combatant.damage",
      change: (f, v) => ({ ...f, combatant: { ...f.combatant, damage: v } }),
    },
    {
      field: "combatant.woundPenalty",
      change: (f, v) => ({ ...f, combatant: { ...f.combatant, woundPenalty: v } }),
    },
    {
      field: "combatant.armorRating",
      change: (f, v) => ({ ...f, combatant: { ...f.combatant, armorRating: v } }),
    },
    { field: "weapon.damage", change: (f, v) => ({ ...f, weapon: { ...f.weapon, damage: v } }) },
    { field: "situation.distance", change: (f, v) => ({ ...f, situation: { distance: v } }) },
    {
      field: "situation.attackModifiers.0.value",
      change: (f, v) => ({ ...f, situation: { attackModifiers: [{ source: "gm", value: v }] } }),
    },
    { field: "tactic.reserve", change: (f, v) => ({ ...f, tactic: { reserve: v } }) },
    { field: "position.x", change: (f, v) => ({ ...f, position: { x: v, y: 0 } }) },
  ];

  it("refuses NaN and ±Infinity anywhere in a fighter, naming the fighter and the field", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: pokes.length - 1 }), bad, (k, value) => {
        const poke = pokes[k];
        if (poke === undefined) return;
        const base = dicepoolFourVsFour(5, 1);
        const fighters = fightersOf(base).map((f, i) => (i === 5 ? poke.change(f, value) : f));
        const result = simulate({ ...base, fighters });
        expect(result).toMatchObject({ ok: false, reason: "not-a-number" });
        const field = result.ok ? "" : String(result.detail?.field);
        expect(field.startsWith("red-1")).toBe(true);
        expect(field.endsWith(poke.field.split(".").slice(-1)[0] ?? "")).toBe(true);
      }),
    );
  });

  it("refuses numbers the engine would refuse: fractions, negative dice, a pool part too large", () => {
    const base = dicepoolFourVsFour(5, 1);
    const poke = (change: (f: DicepoolSimFighter) => DicepoolSimFighter) =>
      simulate({ ...base, fighters: fightersOf(base).map((f, i) => (i === 2 ? change(f) : f)) });
    expect(poke((f) => ({ ...f, combatant: { ...f.combatant, physical: 2.5 } }))).toMatchObject({
      reason: "not-whole",
      detail: { field: "blue-2.physical" },
    });
    expect(poke((f) => ({ ...f, situation: { distance: -1 } }))).toMatchObject({
      reason: "out-of-range",
    });
    expect(
      poke((f) => ({ ...f, situation: { attackModifiers: [{ source: "gm", value: 1001 }] } })),
    ).toMatchObject({
      reason: "out-of-range",
      detail: { field: "blue-2.situation.attackModifiers.gm" },
    });
  });

  it("says how its tactic reads: defend on, no reserve by default, up to the default Energy", () => {
    expect(dicepoolSimAdapter.defaultTactic).toEqual({
      target: "weakest",
      defend: true,
      reserve: 0,
    });
    expect(dicepoolSimAdapter.reserveMax).toBe(5);
    const unhurt = makeDicepoolCombatant({ id: "x", physical: 4, damage: 2 });
    expect(
      dicepoolSimAdapter.startResources({
        combatant: unhurt,
        name: "X",
        teamId: "blue",
        weapon: dicepoolSquad("blue", "B")[0]?.weapon ?? {
          id: "",
          kind: "close",
          damage: 0,
          mods: { nonLethal: false, disarming: false, grappling: false },
        },
      }),
    ).toEqual([
      { value: 6, max: 8 },
      { value: 5, max: 5 },
    ]);
  });
});

/** Every fighter id of `request`, `teamId`'s first, then the others (as the tracker lists them). */
const orderWith = (request: SimRequest, teamId: string): string[] => {
  const fighters = fightersOf(request);
  return [
    ...fighters.filter((f) => f.teamId === teamId),
    ...fighters.filter((f) => f.teamId !== teamId),
  ].map((f) => f.combatant.id);
};

/** The four-against-four with Blue's second brawler already hurt: Blue is the weaker side. */
const blueHurt = (request: SimRequest): SimRequest => ({
  ...request,
  fighters: fightersOf(request).map((f) =>
    f.combatant.id === "blue-1" ? { ...f, combatant: { ...f.combatant, damage: 3 } } : f,
  ),
});

describe(
  "dice-pool encounter simulator: mid-fight, from the settled order",
  { timeout: 120_000 },
  () => {
    it("keeps a settled order instead of rolling: the weaker side acting first does better than acting last", () => {
      const weak = blueHurt(mirrored(dicepoolFourVsFour(1000, "settled")));
      const blueFirst = report({ ...weak, order: orderWith(weak, "blue") });
      const redFirst = report({ ...weak, order: orderWith(weak, "red") });
      const [blueWhenFirst] = blueFirst.teams;
      const [blueWhenLast] = redFirst.teams;
      expect(blueWhenFirst?.win.low).toBeGreaterThan(blueWhenLast?.win.high ?? 1);
      // Going first is worth a great deal in this game: the weaker side then wins most fights.
      expect(blueFirst.teams[0]?.win.chance).toBeGreaterThan(blueFirst.teams[1]?.win.chance ?? 1);
    });

    it("goes on from the current turn: who has acted this round takes no turn until the next", () => {
      const hopeless = dicepoolHopeless(300, "resume");
      const red = fightersOf(hopeless)
        .filter((f) => f.teamId === "red")
        .map((f) => f.combatant.id);
      const order = [...red, "bystander"];
      // Round 1 from the top, everybody to act: the four cut the bystander down almost always.
      const fresh = report({ ...hopeless, order, maxRounds: 1 });
      expect(fresh.fighters[0]?.standing.chance).toBeLessThan(0.1);
      // The four have already acted this round: only the bystander acts before the round ends.
      const resumed = { ...hopeless, order, maxRounds: 1, resume: { phaseIndex: 0, acted: red } };
      const spared = report(resumed);
      expect(spared.fighters[0]?.standing.count).toBe(300);
      expect(spared.unresolved.count).toBe(300);
      // At the bystander's own phase, the same: the phases before it are over.
      const atPhase = report({ ...resumed, resume: { phaseIndex: 4, acted: [] } });
      expect(atPhase.fighters[0]?.standing.count).toBe(300);
      // The next round everybody acts again, in the same order.
      const next = report({ ...resumed, maxRounds: 2 });
      expect(next.fighters[0]?.standing.chance).toBeLessThan(0.1);
    });

    it("refuses, by name, an order that does not list every fighter once", () => {
      const base = dicepoolFourVsFour(10, "bad");
      const order = orderWith(base, "blue");
      const badOrders = [
        ["blue", "red"],
        order.slice(1),
        [...order.slice(1), order[1] ?? ""],
        [...order.slice(1), "stranger"],
        [...order, "stranger"],
      ];
      for (const bad of badOrders) {
        expect(simulate({ ...base, order: bad })).toMatchObject({
          ok: false,
          reason: "badFighterOrder",
        });
      }
      expect(simulate({ ...base, order }).ok).toBe(true);
      expect(
        simulate({ ...base, order, resume: { phaseIndex: order.length, acted: [] } }),
      ).toMatchObject({ ok: false, reason: "out-of-range" });
      expect(
        simulate({ ...base, order, resume: { phaseIndex: 0, acted: ["stranger"] } }),
      ).toMatchObject({ ok: false, reason: "unknownFighter", detail: { id: "stranger" } });
    });
  },
);
