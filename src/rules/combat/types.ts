/**
 * The vocabulary of a round, shared by every ruleset and by the combat shell.
 *
 * A ruleset turns its ordering (momentum, side initiative, the GM's pick, individual rolls …)
 * into a round plan: the phases of one round, in order. The turn machine walks that plan; the
 * Foundry Combat document only stores where it is and applies what the machine says.
 */
export type TeamId = string;
export type CombatantId = string;

/** Things that happen once per round for everybody, run by the active GM. */
export type RoundEvent = "energyRefresh" | "statusResolution" | "upkeep" | "roundEnd";

export type Phase =
  /** Every able member of this team may act, in any order. */
  | { readonly kind: "team"; readonly teamId: TeamId }
  /** Exactly this combatant acts (individual initiative). */
  | { readonly kind: "combatant"; readonly combatantId: CombatantId }
  /** A round event; nobody acts. */
  | { readonly kind: "event"; readonly event: RoundEvent };

export type RoundPlan = readonly Phase[];
