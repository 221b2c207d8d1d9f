/**
 * The Worldlines round: momentum decides the team order once, then every round runs
 * active team → reactive team(s) → Energy refresh → status resolution, and repeats.
 */
import type { Phase, RoundPlan } from "../combat/types.ts";

/**
 * One round as a plan for the turn machine: each team's phase in momentum order, then the Energy
 * refresh, then status resolution. (The momentum roll itself happens once, before round one.)
 */
export function worldlinesRoundPlan(teamOrder: readonly string[]): RoundPlan {
  return [
    ...teamOrder.map((teamId): Phase => ({ kind: "team", teamId })),
    { kind: "event", event: "energyRefresh" },
    { kind: "event", event: "statusResolution" },
  ];
}

/** Whether a combatant is up, down but alive, or gone. Only "active" combatants take turns. */
export type LifeState = "active" | "dying" | "unconscious" | "dead";

export interface PhaseCombatant {
  readonly id: string;
  readonly teamId: string;
  readonly life: LifeState;
}

/**
 * Whether this combatant may take a turn in this phase: in a team phase, every member of that
 * team who is still up (not dying, unconscious or dead). Nobody takes a turn during a round event;
 * the event is applied to everyone by the GM. (Interruptions are reactions, not turns; see
 * interruptions.ts.)
 */
export function mayActInPhase(phase: Phase, combatant: PhaseCombatant): boolean {
  switch (phase.kind) {
    case "team":
      return combatant.teamId === phase.teamId && combatant.life === "active";
    case "combatant":
      return combatant.id === phase.combatantId && combatant.life === "active";
    case "event":
      return false;
  }
}

/** Ids of the combatants who may take a turn in this phase, in the given order. */
export function actingCombatants(phase: Phase, combatants: readonly PhaseCombatant[]): string[] {
  return combatants.filter((combatant) => mayActInPhase(phase, combatant)).map((c) => c.id);
}

/** Combatants a round event applies to: everyone still in the fight (the dead are left out). */
export function eventCombatants(phase: Phase, combatants: readonly PhaseCombatant[]): string[] {
  if (phase.kind !== "event") return [];
  return combatants.filter((combatant) => combatant.life !== "dead").map((c) => c.id);
}
