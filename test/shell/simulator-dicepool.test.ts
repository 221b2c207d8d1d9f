/**
 * The encounter simulator in a dice-pool world: the request reads every combatant through the
 * dice-pool seam (`simFighter`) as it stands now, and the rules play it.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { GM } from "../fake-foundry/index.ts";
import { bootWorld, faceOf, queuedDice } from "./boot.support.ts";
import { createSimulation } from "../../src/rules/sim/simulate.ts";
import type { DicepoolSimFighter } from "../../src/rules/sim/dicepool.ts";
import { combatOf as combatOfActors } from "./combat-order.support.ts";
import type * as Simulator from "../../src/foundry/simulator/index.ts";
import type * as Settings from "../../src/foundry/settings.ts";

let fake: FakeFoundry;
let simulator: typeof Simulator;
let settings: typeof Settings;

/** Only the dice a test queues (a combat's start rolls initiative); building a request rolls none. */
const faces = queuedDice(faceOf(6));

beforeAll(async () => {
  // Building a request rolls nothing: a die asked for and not queued fails the test.
  fake = await bootWorld("dicepool", faces.random);
  simulator = await import("../../src/foundry/simulator/index.ts");
  settings = await import("../../src/foundry/settings.ts");
  fake.setUser(GM.id);
});

async function combatOf(sources: Record<string, unknown>[]) {
  const combat = await combatOfActors(fake, sources);
  const actors = combat.combatants.contents.flatMap((c) => (c.actor === null ? [] : [c.actor]));
  return { combat, actors };
}

const fighter = (
  name: string,
  disposition: number,
  system: Record<string, unknown> = {},
  items: Record<string, unknown>[] = [],
) => ({
  name,
  type: "character",
  prototypeToken: { disposition },
  system: { attributes: { physical: 3, mental: 2 }, skills: { closeCombat: 2 }, ...system },
  items,
});

describe("the simulator in a dice-pool world", { timeout: 60_000 }, () => {
  it("plays the combatants as they stand: damage, wound penalty, Energy, the weapon held", async () => {
    const { combat, actors } = await combatOf([
      fighter("Ana", 1, {}, [
        { name: "Knife", type: "weapon", system: { kind: "close", damage: 1 } },
      ]),
      fighter("Bo", 1),
      fighter("Cy", -1, {
        health: { damage: 4, nonLethal: 0 },
        woundPenalty: 2,
        energy: { value: 1, max: 5 },
      }),
      fighter("Dee", -1),
    ]);
    const request = simulator.simulationRequest(combat, settings.activeRuleset(), 300, "dp");
    expect(request.ruleset).toBe("dicepool");
    // Not started: no order is settled, every fight rolls its own initiative.
    expect(request.order).toBeUndefined();
    expect(request.resume).toBeUndefined();
    expect(request.teams).toHaveLength(2);
    const fighters = request.fighters as DicepoolSimFighter[];
    expect(fighters.map((f) => f.name)).toEqual(["Ana", "Bo", "Cy", "Dee"]);
    const [ana, bo, cy] = fighters;
    expect(ana?.teamId).toBe(bo?.teamId);
    expect(cy?.teamId).not.toBe(ana?.teamId);
    // The wounded actor shows in the request as it stands.
    expect(cy?.combatant).toMatchObject({ damage: 4, woundPenalty: 2, energy: { value: 1 } });
    expect(ana?.weapon).toMatchObject({ id: actors[0]?.items.contents[0]?.id, damage: 1 });
    expect(bo?.weapon).toMatchObject({ id: "", kind: "close" });

    const created = createSimulation(request);
    if (!created.ok) throw new Error(created.reason);
    created.value.run(created.value.total);
    const report = created.value.report();
    expect(report).toMatchObject({ ruleset: "dicepool", fights: 300, seed: "dp" });
    const cyReport = report.fighters.find((f) => f.name === "Cy");
    // Physical 3 + Size 1 + 3 = 7 health, 4 taken.
    expect(cyReport?.resources).toEqual([
      expect.objectContaining({ key: "health", start: 3, max: 7 }),
      expect.objectContaining({ key: "energy", start: 1, max: 5 }),
    ]);
    // Cy's side starts hurt and down a few dice: Ana's side (a knife more) wins more often.
    const anaSide = report.teams.find((t) => t.id === ana?.teamId);
    const cySide = report.teams.find((t) => t.id === cy?.teamId);
    expect(anaSide?.win.low).toBeGreaterThan(cySide?.win.high ?? 1);
  });

  it("fights with a weapon still in hand, not one a disarm knocked away", async () => {
    const { combat, actors } = await combatOf([
      fighter("Eve", 1, {}, [
        { name: "Sword", type: "weapon", system: { kind: "close" } },
        { name: "Pistol", type: "weapon", system: { kind: "ranged" } },
      ]),
      fighter("Fox", -1),
    ]);
    const eve = actors[0];
    const [sword, pistol] = eve?.items.contents ?? [];
    // A disarm is the referee's record in the started combat's ledger (dicepool/dropped.ts), as
    // the GM's Apply of a disarm writes it.
    faces.set(...[1, 1], ...[1, 1]);
    await combat.startCombat();
    const eveCombatant = combat.combatants.find((c) => c.actorId === eve?.id)?.id ?? "";
    await combat.update({
      [`flags.fray.ledger.${eveCombatant}.dropped`]: { weaponId: sword?.id, pickedUp: false },
    });
    const request = simulator.simulationRequest(combat, settings.activeRuleset(), 10, "drop");
    const [eveFighter] = request.fighters as DicepoolSimFighter[];
    expect(eveFighter?.weapon).toMatchObject({ id: pistol?.id, kind: "ranged" });
  });

  it("mid-round, keeps the tracker's initiative order and goes on from the current turn", async () => {
    const actions = await import("../../src/foundry/combat/actions.ts");
    const { turnStateOf } = await import("../../src/foundry/combat/state.ts");
    const { combat, actors } = await combatOf([
      fighter("Gus", 1),
      fighter("Hob", 1),
      fighter("Ike", -1),
      fighter("Jo", -1),
    ]);
    // Two dice each (Mental 2 + Awareness 0), rolled in the combatants' order: Gus and Hob no
    // hit (a tie: the tracker's order), Ike 2, Jo 1. So the order is Ike, Jo, Gus, Hob.
    faces.set(...[1, 1], ...[1, 1], ...[4, 5], ...[4, 1]);
    await combat.startCombat();
    await actions.whenIdle();
    expect(faces.left()).toEqual([]);
    const [gus, hob, ike, jo] = actors.map((a) => a.id);
    const byName = (name: string) => combat.combatants.find((c) => c.name === name);
    const ikeCombatant = byName("Ike");
    expect(turnStateOf(combat).active).toBe(ikeCombatant?.id);
    if (!ikeCombatant?.id) throw new Error("no Ike");
    await actions.requestTurnAction(combat, { kind: "endTurn", combatantId: ikeCombatant.id });
    await actions.whenIdle();
    expect(turnStateOf(combat).active).toBe(byName("Jo")?.id);

    const request = simulator.simulationRequest(combat, settings.activeRuleset(), 50, "mid");
    // The fighters by their ids, in the tracker's initiative order; Jo's phase, Ike has acted.
    expect(request.order).toEqual([ike, jo, gus, hob]);
    expect(request.resume).toEqual({ phaseIndex: 1, acted: [ike] });
    // The rules take it as it is.
    const created = createSimulation(request);
    expect(created.ok).toBe(true);
  });
});
