/**
 * The encounter simulator in the shell: the worker's message protocol, driven in Node directly
 * (round trip, progress, cancel, refusal, junk), the GM's runner over a fake Worker that runs that
 * same handler, and openSimulator on a fake world's combat.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { simulate } from "../../src/rules/sim/simulate.ts";
import { worldlinesFourVsFour } from "../../src/rules/sim/fixtures.ts";
import { createWorkerHandler } from "../../src/foundry/simulator/protocol.ts";
import type { FromWorker, ToWorker } from "../../src/foundry/simulator/protocol.ts";
import { combatOf as combatOfActors } from "./combat-order.support.ts";
import { FakeWorker } from "./simulator.support.ts";
import type * as Runner from "../../src/foundry/simulator/runner.ts";
import type * as Simulator from "../../src/foundry/simulator/index.ts";
import type * as Actions from "../../src/foundry/combat/actions.ts";

/** A handler whose "later" steps wait in a queue the test drains. */
function driven() {
  const sent: FromWorker[] = [];
  const queue: (() => void)[] = [];
  const handle = createWorkerHandler(
    (m) => sent.push(m),
    (step) => queue.push(step),
  );
  const drain = (limit = Infinity) => {
    for (let i = 0; i < limit && queue.length > 0; i++) queue.shift()?.();
  };
  return { sent, handle, drain };
}

describe("the worker's protocol", { timeout: 60_000 }, () => {
  it("plays the request in chunks, reports progress, and ends with the rules' own report", () => {
    const { sent, handle, drain } = driven();
    const request = worldlinesFourVsFour(300, "protocol");
    handle({ type: "run", id: 7, request } satisfies ToWorker);
    drain();
    const progress = sent.filter(
      (m): m is Extract<FromWorker, { type: "progress" }> => m.type === "progress",
    );
    expect(progress.length).toBeGreaterThan(10);
    const dones = progress.map((m) => m.done);
    expect(dones).toEqual([...dones].sort((a, b) => a - b));
    expect(dones.at(-1)).toBe(300);
    const last = sent.at(-1);
    expect(last?.type).toBe("done");
    const expected = simulate(request);
    expect(expected.ok && last?.type === "done" && last.report).toEqual(
      expected.ok ? expected.value : null,
    );
    // It crossed a (structured-clone) boundary intact.
    expect(structuredClone(last)).toEqual(last);
  });

  it("stops between chunks when cancelled, and says so once, with no report", () => {
    const { sent, handle, drain } = driven();
    handle({ type: "run", id: 1, request: worldlinesFourVsFour(1000, "cancel") });
    drain(3);
    handle({ type: "cancel", id: 1 } satisfies ToWorker);
    drain();
    const last = sent.at(-1);
    expect(last?.type).toBe("cancelled");
    expect(last?.type === "cancelled" && last.done).toBeLessThan(1000);
    expect(sent.some((m) => m.type === "done")).toBe(false);
    expect(sent.filter((m) => m.type === "cancelled")).toHaveLength(1);
  });

  it("cancels only the run it names", () => {
    const { sent, handle, drain } = driven();
    handle({ type: "run", id: 1, request: worldlinesFourVsFour(50, "a") });
    handle({ type: "run", id: 2, request: worldlinesFourVsFour(50, "b") });
    handle({ type: "cancel", id: 2 });
    drain();
    expect(sent.filter((m) => m.type === "done").map((m) => m.id)).toEqual([1]);
    expect(sent.filter((m) => m.type === "cancelled").map((m) => m.id)).toEqual([2]);
  });

  it("passes the rules' refusal on by name, for a ruleset with no adapter", () => {
    const { sent, handle, drain } = driven();
    handle({
      type: "run",
      id: 3,
      request: { ...worldlinesFourVsFour(10, 1), ruleset: "nonsense" },
    });
    drain();
    expect(sent).toEqual([
      { type: "refused", id: 3, reason: "noSimAdapter", detail: { ruleset: "nonsense" } },
    ]);
  });

  it("ignores anything that is not one of its messages", () => {
    const { sent, handle, drain } = driven();
    for (const junk of [null, 1, "run", {}, { type: "run" }, { type: "run", id: 1 }, { id: 1 }]) {
      handle(junk);
    }
    drain();
    expect(sent).toEqual([]);
  });
});

let fake: FakeFoundry;
let runner: typeof Runner;
let simulator: typeof Simulator;
let actions: typeof Actions;

beforeAll(async () => {
  fake = installFakeFoundry({ settings: { "fray.ruleset": "worldlines" } });
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  runner = await import("../../src/foundry/simulator/runner.ts");
  simulator = await import("../../src/foundry/simulator/index.ts");
  actions = await import("../../src/foundry/combat/actions.ts");
});

beforeEach(() => {
  fake.setUser(GM.id);
  fake.notifications.length = 0;
});

describe("the GM's runner over a Worker", { timeout: 60_000 }, () => {
  it("settles with the report, reporting progress on the way, and ends the worker", async () => {
    const worker = new FakeWorker();
    const seen: number[] = [];
    const run = runner.runSimulation(
      worldlinesFourVsFour(200, "runner"),
      (done) => seen.push(done),
      () => worker,
    );
    const outcome = await run.outcome;
    expect(outcome.kind).toBe("done");
    expect(outcome.kind === "done" && outcome.report.fights).toBe(200);
    expect(seen.at(-1)).toBe(200);
    expect(worker.terminated).toBe(true);
  });

  it("cancels: the outcome says cancelled and the worker is ended", async () => {
    const worker = new FakeWorker();
    const run: Runner.SimulationRun = runner.runSimulation(
      worldlinesFourVsFour(20_000, "long"),
      () => {
        run.cancel();
      },
      () => worker,
    );
    expect(await run.outcome).toEqual({ kind: "cancelled" });
    expect(worker.posted.map((m) => m.type)).toContain("cancel");
    expect(worker.terminated).toBe(true);
  });

  it("reports a worker that cannot start as a failure", async () => {
    const run = runner.runSimulation(
      worldlinesFourVsFour(10, 1),
      () => undefined,
      () => {
        throw new Error("no workers here");
      },
    );
    expect(await run.outcome).toEqual({ kind: "failed", message: "no workers here" });
  });
});

const combatOf = (sources: Record<string, unknown>[]) => combatOfActors(fake, sources);

describe("openSimulator on a combat", () => {
  const crew = (name: string, disposition: number, health: number) => ({
    name,
    type: "character",
    prototypeToken: { disposition },
    system: { health: { value: health, max: 20 }, traits: { combat: 8 } },
  });

  it("plays the combatants as they stand now, and shows the chances from the asked team's side", async () => {
    const combat = await combatOf([crew("Ash", 1, 20), crew("Bram", 1, 20), crew("Vex", -1, 2)]);
    const friends = combat.groups.contents.find((g) =>
      combat.combatants.contents.some(
        (c) => c.actor?.name === "Ash" && (c._source as { group?: string }).group === g.id,
      ),
    );
    const app = await simulator.openSimulator(combat, friends?.id ?? undefined, {
      fights: 300,
      seed: "shell",
      createWorker: () => new FakeWorker(),
    });
    expect(app?.simState.kind).toBe("done");
    const report = app?.simState.kind === "done" ? app.simState.report : null;
    expect(report?.fights).toBe(300);
    expect(report?.seed).toBe("shell");
    const vex = report?.fighters.find((f) => f.name === "Vex");
    expect(vex?.resources[0]).toMatchObject({ key: "health", start: 2 });
    // Two fresh fighters against one at 2 health: the friends win nearly always.
    const view = app?.view();
    expect(view?.headline).toContain(friends?.name ?? "?");
    expect(view?.wins?.rows[0]?.label).toBe(friends?.name);
    expect(report?.teams.find((t) => t.id === friends?.id)?.win.chance).toBeGreaterThan(0.9);
  });

  it("mid-round, goes on from the current turn: the phase being played and who has acted", async () => {
    const combat = await combatOf([crew("Gale", 1, 20), crew("Hal", 1, 20), crew("Ivo", -1, 20)]);
    const started = await actions.startFrayCombat(combat);
    expect(started).toEqual({ ok: true });
    const turn = () =>
      (combat.flags as { fray?: { turn?: { plan: { teamId?: string }[]; phaseIndex: number } } })
        .fray?.turn;
    const phaseTeam = turn()?.plan[turn()?.phaseIndex ?? 0]?.teamId;
    const first = combat.combatants.contents.find(
      (c) => (c._source as { group?: string }).group === phaseTeam,
    );
    if (!first?.id) throw new Error("no combatant in the first phase");
    await actions.requestTurnAction(combat, { kind: "activate", combatantId: first.id });
    await actions.requestTurnAction(combat, { kind: "endTurn", combatantId: first.id });
    await actions.whenIdle();
    const ruleset = (await import("../../src/foundry/settings.ts")).activeRuleset();
    const request = simulator.simulationRequest(combat, ruleset, 10, "mid");
    expect(request.order?.[0]).toBe(phaseTeam);
    // Still the first team's phase (Gale and Hal share a team; Ivo is alone), one has acted.
    expect(request.resume).toEqual({
      phaseIndex: turn()?.phaseIndex,
      acted: [first.actor?.id],
    });
    // The rules take it as it is.
    expect(simulate(request).ok).toBe(true);
  });

  it("tells a player it is for the GM and runs nothing", async () => {
    const combat = await combatOf([crew("Cole", 1, 20), crew("Dax", -1, 20)]);
    fake.setUser("pl0000000000000b");
    let started = false;
    const app = await simulator.openSimulator(combat, undefined, {
      createWorker: () => {
        started = true;
        return new FakeWorker();
      },
    });
    expect(app).toBeNull();
    expect(started).toBe(false);
    expect(fake.notifications).toEqual([
      { level: "warn", message: "Only the GM can simulate an encounter." },
    ]);
  });
});
