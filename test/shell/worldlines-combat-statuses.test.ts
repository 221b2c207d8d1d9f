/**
 * Worldlines statuses running in the team combat's phases: Bleeding when the bleeder's turn
 * starts, Staggered wearing off when its turn ends, Poison at status resolution, each with its
 * chat card, all written by the active GM as part of the turn transition.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { installTableFakes } from "../fake-foundry/table.ts";
import type { ClientDocument } from "../fake-foundry/documents.ts";
import type { TurnState } from "../../src/rules/combat/types.ts";

let fake: FakeFoundry;
let shell: {
  whenIdle: () => Promise<void>;
  turnStateOf: (combat: Combat.Implementation) => TurnState;
  teamIdOf: (combatant: Combatant.Implementation) => string | null;
};

beforeAll(async () => {
  fake = installFakeFoundry();
  installTableFakes(fake);
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  const actions = await import("../../src/foundry/combat/actions.ts");
  const state = await import("../../src/foundry/combat/state.ts");
  shell = { whenIdle: actions.whenIdle, turnStateOf: state.turnStateOf, teamIdOf: state.teamIdOf };
});

beforeEach(() => {
  fake.setUser(GM.id);
});

type FrayCombat = Combat.Implementation & {
  activateCombatant(id: string): Promise<unknown>;
  endCombatantTurn(id: string): Promise<unknown>;
  endPhase(): Promise<unknown>;
};
type ActorDoc = ClientDocument & {
  system: { health: { value: number }; energy: { value: number; max: number } };
  effects: { contents: (ClientDocument & { statuses: Set<string> })[] };
};

const docClass = (name: string) => {
  const cls = fake.CONFIG[name]?.documentClass;
  if (!cls) throw new Error(`no ${name} class`);
  return cls;
};
const health = (actor: ClientDocument) => (actor as ActorDoc).system.health.value;
const statusesOf = (actor: ClientDocument) =>
  (actor as ActorDoc).effects.contents.flatMap((effect) => [...effect.statuses]);
const cards = () =>
  fake.game.messages.contents.map((message) => String((message as { content?: string }).content));

describe("Worldlines statuses in a team combat", () => {
  let combat: FrayCombat;
  let rook: ClientDocument;
  let rookCombatant: Combatant.Implementation;

  beforeAll(async () => {
    const [made, vex] = await docClass("Actor").createDocuments([
      {
        name: "Rook",
        type: "character",
        prototypeToken: { disposition: 1 },
        system: { health: { value: 20, max: 20 }, energy: { value: 1, max: 6 } },
        effects: [
          { name: "Bleeding", statuses: ["bleeding"], flags: { fray: { hpPerTurn: 5 } } },
          { name: "Poisoned", statuses: ["poisoned"], flags: { fray: { hpPerTurn: 2 } } },
          { name: "Staggered", statuses: ["staggered"], flags: { fray: { turnsLeft: 1 } } },
        ],
      },
      { name: "Vex", type: "npc", prototypeToken: { disposition: -1 } },
    ]);
    if (!made || !vex) throw new Error("actors not created");
    rook = made;
    const created = await docClass("Combat").create({});
    if (!created) throw new Error("no combat");
    combat = created as unknown as FrayCombat;
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: rook.id }, { actorId: vex.id }]);
    await shell.whenIdle();
    await combat.startCombat();
    await shell.whenIdle();
    const found = combat.combatants.contents.find((c) => c.actorId === rook.id);
    if (!found) throw new Error("Rook is not in the combat");
    rookCombatant = found;
  });

  const currentTeam = () => {
    const state = shell.turnStateOf(combat);
    const phase = state.plan[state.phaseIndex];
    return phase?.kind === "team" ? phase.teamId : null;
  };

  it("Bleeding costs 5 health when the bleeder's turn starts, with a chat card", async () => {
    // Whichever team won momentum, play on until Rook's team has its phase.
    while (currentTeam() !== shell.teamIdOf(rookCombatant)) {
      await combat.endPhase();
      await shell.whenIdle();
    }
    const healthBefore = health(rook);
    const cardsBefore = cards().length;
    await combat.activateCombatant(rookCombatant.id ?? "");
    await shell.whenIdle();
    expect(health(rook)).toBe(healthBefore - 5);
    const newCards = cards().slice(cardsBefore);
    expect(newCards.join("\n")).toMatch(/Bleeding: Rook loses 5 health/);
  });

  it("Staggered wears off when that turn ends", async () => {
    expect(statusesOf(rook)).toContain("staggered");
    await combat.endCombatantTurn(rookCombatant.id ?? "");
    await shell.whenIdle();
    expect(statusesOf(rook)).not.toContain("staggered");
    expect(statusesOf(rook)).toEqual(expect.arrayContaining(["bleeding", "poisoned"]));
  });

  it("Poison costs 2 at status resolution and Energy refreshes, once each per round", async () => {
    const round = combat.round;
    const healthBefore = health(rook);
    while (combat.round === round) {
      await combat.endPhase();
      await shell.whenIdle();
    }
    expect(health(rook)).toBe(healthBefore - 2);
    expect((rook as ActorDoc).system.energy.value).toBe(6);
    expect(cards().at(-1)).toMatch(/Poisoned: Rook loses 2 health/);
  });
});
