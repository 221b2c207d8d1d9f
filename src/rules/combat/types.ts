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

/** A stable text key for a phase, to compare phases and plans. */
export function phaseKey(phase: Phase): string {
  switch (phase.kind) {
    case "team":
      return `team:${phase.teamId}`;
    case "combatant":
      return `combatant:${phase.combatantId}`;
    case "event":
      return `event:${phase.event}`;
  }
}

/**
 * What the turn machine needs to know about one combatant. The shell builds it from the
 * Combatant documents every time (team = its CombatantGroup); the machine never stores it.
 */
export interface RosterMember {
  readonly id: CombatantId;
  readonly teamId: TeamId;
  /** Marked defeated (core's defeated flag or status). */
  readonly defeated: boolean;
  /** Hidden from players by the GM. A hidden member is never waited for. */
  readonly hidden: boolean;
  /**
   * Why the member is out of the fight under its ruleset's rules though nobody marked it defeated
   * (dying, dead, knocked out …): the ruleset's name for it (the shell passes a localization key),
   * or null / absent while it can fight. Out members are treated as the defeated are.
   */
  readonly outOfFight?: string | null;
}

export type Roster = readonly RosterMember[];

/** Where the turn machine is, minus its undo history. */
export interface TurnPosition {
  /** 1 for the first round; 0 before the combat starts. */
  readonly round: number;
  /** The phases of the current round. */
  readonly plan: RoundPlan;
  /**
   * Index of the current phase in `plan`. It always points at a phase that somebody plays, or
   * equals `plan.length` when nobody at all can act this round (every team defeated or hidden).
   */
  readonly phaseIndex: number;
  /** The combatant taking its turn right now, if any. */
  readonly active: CombatantId | null;
  /** Who has taken their turn this round ("acted", "gone yet"), in the order they finished. */
  readonly acted: readonly CombatantId[];
}

/**
 * The whole stored state of the turn machine: plain, serializable data that the Combat document
 * keeps in its system data. `history` holds earlier positions, newest last, for undo.
 */
export interface TurnState extends TurnPosition {
  readonly history: readonly TurnPosition[];
}

/** Who asks for a turn action: the GM, a player who owns the combatant, or another player. */
export type Requester = "gm" | "owner" | "other";

/** A round event the active GM must run, once, for the given round. */
export interface RoundEventRun {
  readonly round: number;
  readonly event: RoundEvent;
}

export type TurnRefusal =
  | "notStarted"
  | "unknownCombatant"
  | "notOwner"
  | "notGM"
  | "defeated"
  | "outOfFight"
  | "alreadyActed"
  | "alreadyActive"
  | "anotherIsActive"
  | "notYourPhase"
  | "phaseOver"
  | "nothingToUndo";

export type TurnResult =
  | {
      readonly ok: true;
      readonly state: TurnState;
      /** Round events passed on the way forward, in order: run each once, as the active GM. */
      readonly events: readonly RoundEventRun[];
      /**
       * Round events passed backwards by an undo. The machine does not revert their effects
       * (refreshed Energy stays refreshed); the shell may tell the GM so.
       */
      readonly eventsUndone: readonly RoundEventRun[];
      /** The round number if a new round began during this transition, else null. */
      readonly roundStarted: number | null;
    }
  | { readonly ok: false; readonly reason: TurnRefusal };
