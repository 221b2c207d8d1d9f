/**
 * Issue 10's turn attacks in the fake: a player's turn request that names the GM in its payload
 * (the old `fray.combatAction` query, and the referee's `combat.turn` intent), and a turn
 * transition whose Combat update fails once and is tried again. Written before the fix and seen
 * red against the code before the referee (see each test's comment).
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { GM, PLAYER, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { installTableFakes } from "../fake-foundry/table.ts";
import type { ClientDocument } from "../fake-foundry/documents.ts";
import type { TurnState } from "../../src/rules/combat/types.ts";
import { gameWrites } from "./referee.support.ts";

let fake: FakeFoundry;
let shell: {
  whenIdle: () => Promise<void>;
  turnStateOf: (combat: Combat.Implementation) => TurnState;
  teamIdOf: (combatant: Combatant.Implementation) => string | null;
  sendIntent: (action: string, payload: unknown) => Promise<unknown>;
};

beforeAll(async () => {
  fake = installFakeFoundry();
  installTableFakes(fake);
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  const actions = await import("../../src/foundry/combat/actions.ts");
  const state = await import("../../src/foundry/combat/state.ts");
  const referee = await import("../../src/foundry/shared/referee.ts");
  shell = {
    whenIdle: actions.whenIdle,
    turnStateOf: state.turnStateOf,
    teamIdOf: state.teamIdOf,
    sendIntent: referee.sendIntent,
  };
});

beforeEach(() => {
  fake.setUser(GM.id);
});

type FrayCombat = Combat.Implementation & {
  activateCombatant(id: string): Promise<unknown>;
  endPhase(): Promise<unknown>;
};
type ActorDoc = ClientDocument & { system: { health: { value: number } } };

const docClass = (name: string) => {
  const cls = fake.CONFIG[name]?.documentClass;
  if (!cls) throw new Error(`no ${name} class`);
  return cls;
};

/** Rook (bleeding 5 a turn, nobody's) and Vex, in a started team combat. */
async function bleedingFight() {
  const [rook, vex] = await docClass("Actor").createDocuments([
    {
      name: "Rook",
      type: "character",
      prototypeToken: { disposition: 1 },
      system: { health: { value: 20, max: 20 }, energy: { value: 1, max: 6 } },
      effects: [{ name: "Bleeding", statuses: ["bleeding"], flags: { fray: { hpPerTurn: 5 } } }],
    },
    { name: "Vex", type: "npc", prototypeToken: { disposition: -1 } },
  ]);
  if (!rook || !vex) throw new Error("actors not created");
  const combat = (await docClass("Combat").create({})) as unknown as FrayCombat;
  await combat.createEmbeddedDocuments("Combatant", [{ actorId: rook.id }, { actorId: vex.id }]);
  await shell.whenIdle();
  await combat.startCombat();
  await shell.whenIdle();
  const rookCombatant = combat.combatants.contents.find((c) => c.actorId === rook.id);
  if (!rookCombatant) throw new Error("Rook is not in the combat");
  const currentTeam = () => {
    const state = shell.turnStateOf(combat);
    const phase = state.plan[state.phaseIndex];
    return phase?.kind === "team" ? phase.teamId : null;
  };
  while (currentTeam() !== shell.teamIdOf(rookCombatant)) {
    await combat.endPhase();
    await shell.whenIdle();
  }
  return { combat, rook, rookCombatant };
}

const bleedingCards = () =>
  fake.game.messages.contents.filter((m) =>
    String((m as { content?: string }).content).includes("Bleeding"),
  );

describe("a turn transition whose Combat update fails", () => {
  // Seen red before the wiring (Bleeding ticked before the Combat update failed, then again).
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("writes nothing, and the retry ticks the statuses once", async () => {
    // The failed write is logged by design; keep the test's output clean.
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { combat, rook, rookCombatant } = await bleedingFight();
    const health = (rook as ActorDoc).system.health.value;
    const cards = bleedingCards().length;
    const mark = fake.db.calls.length;
    fake.db.failNext({ operation: "update", documentName: "Combat" });
    await combat.activateCombatant(rookCombatant.id ?? "").catch(() => undefined);
    await shell.whenIdle().catch(() => undefined);
    expect(fake.db.since(mark)).toEqual([]);
    // The GM is told, in words, that it did not work and to press again.
    expect(fake.notifications.at(-1)?.message).toBe(
      fake.i18n.localize("FRAY.Referee.Refusal.failed"),
    );
    await combat.activateCombatant(rookCombatant.id ?? "");
    await shell.whenIdle();
    expect((rook as ActorDoc).system.health.value).toBe(health - 5);
    expect(bleedingCards()).toHaveLength(cards + 1);
  });
});

describe("a player's turn query naming the GM", () => {
  // Seen red before the referee (the query's userId made the player the GM).
  it("is not treated as the GM: the phase does not end, the Combat is not written", async () => {
    const { combat } = await bleedingFight();
    const before = shell.turnStateOf(combat);
    const mark = fake.db.calls.length;
    const asGM = { combatId: combat.id, userId: GM.id, action: { kind: "endPhase" } };
    await expect(
      fake.as(PLAYER.id, () => fake.users.get(GM.id)?.query("fray.combatAction", asGM)),
    ).rejects.toThrow(/no query handler/);
    const outcome = await fake.as(PLAYER.id, () => shell.sendIntent("combat.turn", asGM));
    expect(outcome).toMatchObject({ ok: false, reason: "notGM" });
    expect(gameWrites(fake, mark)).toEqual([]);
    expect(shell.turnStateOf(combat)).toEqual(before);
  });
});
