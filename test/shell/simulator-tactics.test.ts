/**
 * The GM's tactics in the simulator window: what the GM picks reaches the worker's request and
 * changes the report, stays with the combat for the next opening (a bad stored value falls back
 * to the ruleset's default), and bad input is refused with a message while no worker starts.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { WORLDLINES_TACTIC } from "../../src/rules/sim/worldlines.ts";
import { simAdapterInfo, simulatedRulesets } from "../../src/rules/sim/simulate.ts";
import type { SimReport } from "../../src/rules/sim/simulate.ts";
import type { ToWorker } from "../../src/foundry/simulator/protocol.ts";
import type * as Simulator from "../../src/foundry/simulator/index.ts";
import type * as View from "../../src/foundry/simulator/view.ts";
import { combatOf } from "./combat-order.support.ts";
import { FakeWorker } from "./simulator.support.ts";

let fake: FakeFoundry;
let simulator: typeof Simulator;
let view: typeof View;

beforeAll(async () => {
  fake = installFakeFoundry({ settings: { "fray.ruleset": "worldlines" } });
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  simulator = await import("../../src/foundry/simulator/index.ts");
  view = await import("../../src/foundry/simulator/view.ts");
});

beforeEach(() => {
  fake.setUser(GM.id);
  fake.notifications.length = 0;
});

const crew = (name: string, disposition: number, health: number, combat = 8) => ({
  name,
  type: "character",
  prototypeToken: { disposition },
  system: { health: { value: health, max: 20 }, traits: { combat } },
});

/** A world of workers: every one the window starts, and the run requests they were handed. */
function workers() {
  const started: FakeWorker[] = [];
  return {
    started,
    create: () => {
      const worker = new FakeWorker();
      started.push(worker);
      return worker;
    },
    requests: () =>
      started.flatMap((w) =>
        w.posted.flatMap((m: ToWorker) => (m.type === "run" ? [m.request] : [])),
      ),
  };
}

async function duel() {
  const combat = await combatOf(fake, [
    crew("Ash", 1, 20),
    crew("Bram", 1, 20),
    crew("Vex", -1, 20, 10),
    crew("Wren", -1, 9, 10),
  ]);
  const teamOf = (name: string) =>
    (combat.combatants.contents.find((c) => c.name === name)?._source as { group?: string })
      .group ?? "";
  const idOf = (name: string) => combat.combatants.contents.find((c) => c.name === name)?.id ?? "";
  return { combatant: idOf, combat, teamOf };
}

const reportOf = (app: Simulator.SimulatorApp | null): SimReport | null =>
  app?.simState.kind === "done" ? app.simState.report : null;

describe("the GM's tactics", { timeout: 60_000 }, () => {
  it("start at the ruleset's default, which the first run plays", async () => {
    const { combat } = await duel();
    const w = workers();
    const app = await simulator.openSimulator(combat, undefined, {
      fights: 200,
      seed: "t",
      createWorker: w.create,
    });
    const [request] = w.requests();
    expect(request?.fighters.map((f) => f.tactic)).toEqual([
      WORLDLINES_TACTIC,
      WORLDLINES_TACTIC,
      WORLDLINES_TACTIC,
      WORLDLINES_TACTIC,
    ]);
    // The pane offers them: target, Evade, Energy kept up to Worldlines' cap.
    const setup = app?.view().setup;
    expect(setup?.defendLabel).toBe("Evade");
    expect(setup?.reserveLabel).toBe("Energy kept");
    expect(setup?.showReserve).toBe(true);
    const ash = setup?.teams.flatMap((t) => t.members).find((m) => m.name === "Ash");
    expect(ash?.targets.find((t) => t.selected)?.label).toBe("Weakest");
    expect(ash?.defend).toBe(true);
    expect(ash?.reserve).toBe("1");
  });

  it("picked for a whole team (random, no evading) reach the worker and change the report", async () => {
    const { combat, teamOf } = await duel();
    const w = workers();
    const app = await simulator.openSimulator(combat, undefined, {
      fights: 400,
      seed: "tactics",
      createWorker: w.create,
    });
    if (app === null) throw new Error("no window");
    const before = reportOf(app);
    const crewTeam = teamOf("Ash");
    await app.setTeamTactic(crewTeam, "target", "random");
    await app.setTeamTactic(crewTeam, "defend", false);
    await expect(app.runAgain()).resolves.toBe(true);

    expect(w.started).toHaveLength(2);
    const again = w.requests()[1];
    const tacticOf = (name: string) =>
      again?.fighters.find((f) => (f as { combatant?: { name?: string } }).combatant?.name === name)
        ?.tactic;
    expect(tacticOf("Ash")).toEqual({ target: "random", defend: false, reserve: 1 });
    expect(tacticOf("Bram")).toEqual({ target: "random", defend: false, reserve: 1 });
    expect(tacticOf("Vex")).toEqual(WORLDLINES_TACTIC);
    // Same seed, other tactics: another report, still stating its seed.
    const after = reportOf(app);
    expect(after?.seed).toBe("tactics");
    expect(after?.fighters).not.toEqual(before?.fighters);
    expect(app.view().summary).toContain("“tactics”");
  });

  it("stay with the combat: the next opening shows and plays them", async () => {
    const { combat, combatant } = await duel();
    const first = await simulator.openSimulator(combat, undefined, {
      fights: 50,
      seed: "keep",
      createWorker: workers().create,
    });
    const ash = combatant("Ash");
    await first?.runAgain({
      [`tactic.${ash}.target`]: "nearest",
      [`tactic.${ash}.defend`]: false,
      [`tactic.${ash}.reserve`]: "3",
    });
    const w = workers();
    const second = await simulator.openSimulator(combat, undefined, {
      fights: 50,
      seed: "keep",
      createWorker: w.create,
    });
    expect(second?.draft?.tactics[ash]).toEqual({ target: "nearest", defend: false, reserve: "3" });
    const played = w.requests()[0]?.fighters.map((f) => f.tactic);
    expect(played).toContainEqual({ target: "nearest", defend: false, reserve: 3 });
    expect(played?.filter((t) => t?.target === "weakest")).toHaveLength(3);
  });

  it("fall back to the default when what is stored is not a tactic", async () => {
    const { combat, combatant } = await duel();
    // What a hand edit or an older build could leave in the flag.
    const stored: Record<string, unknown> = {
      "flags.fray.simTactics": {
        [combatant("Ash")]: { target: "sideways", defend: true, reserve: 1 },
        [combatant("Bram")]: { target: "random", defend: "yes", reserve: 1 },
        [combatant("Vex")]: { target: "random", defend: false, reserve: Number.NaN },
        [combatant("Wren")]: { target: "nearest", defend: false, reserve: 2 },
      },
    };
    await combat.update(stored);
    const w = workers();
    await simulator.openSimulator(combat, undefined, {
      fights: 20,
      seed: "junk",
      createWorker: w.create,
    });
    expect(w.requests()[0]?.fighters.map((f) => f.tactic)).toEqual([
      WORLDLINES_TACTIC,
      WORLDLINES_TACTIC,
      WORLDLINES_TACTIC,
      { target: "nearest", defend: false, reserve: 2 },
    ]);
  });
});

describe("closing the window", { timeout: 60_000 }, () => {
  it("mid-run stops the fights, and the window stays closed", async () => {
    const { combat } = await duel();
    const w = workers();
    const first = await simulator.openSimulator(combat, undefined, {
      fights: 20,
      seed: "close",
      createWorker: w.create,
    });
    if (first === null) throw new Error("no window");
    const again = first.runAgain({ fights: "20000" });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(first.busy).toBe(true);
    await first.close();
    await expect(again).resolves.toBe(true);
    expect(first.simState).toEqual({ kind: "cancelled" });
    expect(w.started[1]?.posted.map((m) => m.type)).toEqual(["run", "cancel"]);
    expect(first.rendered).toBe(false);
  });
});

describe("bad set-up input", { timeout: 60_000 }, () => {
  const cases: [string, (ids: { ash: string }) => Record<string, unknown>, string][] = [
    [
      "a reserve above the ruleset's cap",
      ({ ash }) => ({ [`tactic.${ash}.reserve`]: "9" }),
      "Ash: the reserve must be a whole number from 0 to 6, not “9”. Nothing was run.",
    ],
    [
      "a reserve that is not a number",
      ({ ash }) => ({ [`tactic.${ash}.reserve`]: "NaN" }),
      "Ash: the reserve must be a whole number from 0 to 6, not “NaN”. Nothing was run.",
    ],
    [
      "an empty reserve",
      ({ ash }) => ({ [`tactic.${ash}.reserve`]: " " }),
      "Ash: the reserve must be a whole number from 0 to 6, not “ ”. Nothing was run.",
    ],
    [
      "an unknown target rule",
      ({ ash }) => ({ [`tactic.${ash}.target`]: "<b>sideways</b>" }),
      "Ash: “<b>sideways</b>” is not a way to pick a target. Nothing was run.",
    ],
    [
      "no fights",
      () => ({ fights: "0" }),
      "The number of fights must be a whole number from 1 to 1,000,000, not “0”. Nothing was run.",
    ],
    [
      "too many fights",
      () => ({ fights: "1e9" }),
      "The number of fights must be a whole number from 1 to 1,000,000, not “1e9”. Nothing was run.",
    ],
    ["an empty seed", () => ({ seed: "   " }), "The seed cannot be empty. Nothing was run."],
  ];

  for (const [what, values, message] of cases) {
    it(`${what}: the message, no worker, nothing stored`, async () => {
      const { combat, combatant } = await duel();
      const w = workers();
      const app = await simulator.openSimulator(combat, undefined, {
        fights: 20,
        seed: "bad",
        createWorker: w.create,
      });
      if (app === null) throw new Error("no window");
      const shown = app.simState;
      await expect(app.runAgain(values({ ash: combatant("Ash") }))).resolves.toBe(false);
      expect(app.view().setup?.error).toBe(message);
      expect(w.started).toHaveLength(1);
      expect(app.simState).toBe(shown);
      expect(
        (combat.flags as { fray?: { simTactics?: unknown } }).fray?.simTactics,
      ).toBeUndefined();
    });
  }

  it("a rules refusal names the fighter, not its id", async () => {
    const { combat } = await duel();
    const ash = combat.combatants.contents.find((c) => c.name === "Ash")?.actor?.id ?? "";
    const names = simulator.fighterNames(combat);
    const words = fake.game.i18n;
    const shown = (detail: Record<string, string>, reason: string) =>
      view.simulatorView({ kind: "refused", reason, detail }, words, {}, undefined, { names })
        .message;
    expect(shown({ id: ash, target: "up" }, "badTactic")).toBe(
      "Ash has a tactic the simulator does not know.",
    );
    expect(shown({ field: `${ash}.reserve`, value: "NaN" }, "not-a-number")).toBe(
      "Ash (reserve) is not a number (NaN).",
    );
  });
});

describe("simulator tactics: every simulated ruleset says what its tactic means", () => {
  it("has its own words for defend (and reserve, where it keeps one), not the generic fallback", () => {
    for (const ruleset of simulatedRulesets()) {
      const parts = ["Defend", "DefendHint"];
      if ((simAdapterInfo(ruleset)?.reserveMax ?? 0) > 0) parts.push("Reserve", "ReserveHint");
      for (const part of parts) {
        const key = `FRAY.Simulator.Tactic.${ruleset}.${part}`;
        expect(fake.game.i18n.localize(key), key).not.toBe(key);
      }
    }
  });
});
