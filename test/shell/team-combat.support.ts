/**
 * A Fray world's team combat for shell tests: actors of three dispositions (friendly ones owned
 * by PLAYER), their combatants sorted into teams by the active GM.
 */
import { PLAYER } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import type { TurnState } from "../../src/rules/combat/types.ts";

export type TestCombat = Combat.Implementation & {
  activateCombatant(id: string): Promise<unknown>;
  endCombatantTurn(id: string): Promise<unknown>;
  endPhase(): Promise<unknown>;
};

export function documentClass(fake: FakeFoundry, name: string) {
  const cls = fake.CONFIG[name]?.documentClass;
  if (!cls) throw new Error(`no ${name} class`);
  return cls;
}

/** Makes `perTeam` actors of each disposition and a combat of them, teams assigned. */
export async function setUpTeamCombat(
  fake: FakeFoundry,
  perTeam: number,
  whenIdle: () => Promise<void>,
): Promise<TestCombat> {
  const sources = [1, -1, 0].flatMap((disposition) =>
    Array.from({ length: perTeam }, (_, i) => ({
      name: `${String(disposition)}-${String(i)}`,
      type: disposition === 1 ? "character" : "npc",
      prototypeToken: { disposition },
      ownership: disposition === 1 ? { [PLAYER.id]: 3 } : {},
    })),
  );
  const actors = await documentClass(fake, "Actor").createDocuments(sources);
  const combat = await documentClass(fake, "Combat").create({});
  if (!combat) throw new Error("no combat");
  await combat.createEmbeddedDocuments(
    "Combatant",
    actors.map((actor) => ({ actorId: actor.id })),
  );
  await whenIdle();
  return combat as unknown as TestCombat;
}

/** The team whose phase is being played, or null (an event, or not started). */
export function phaseTeamOf(state: TurnState): string | null {
  const phase = state.plan[state.phaseIndex];
  return phase?.kind === "team" ? phase.teamId : null;
}
