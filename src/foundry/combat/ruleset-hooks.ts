/**
 * What a ruleset adds to the team combat, registered at init by the ruleset the world plays:
 * - the order at the start of a combat (`rollOrder`, from what each member brings: `orderInput`);
 * - chips under each member in the tracker (what is left of its round: WWN's Main / Move / On
 *   Turn), built from the member's actor;
 * - changes when a round starts (round 1 included), when a combatant starts its turn, and for the
 *   round events it handles itself (e.g. WWN's round end: grapple damage).
 *
 * Every hook returns actor changes as data (ActorChange, by combatant; with the referee's ledger
 * entries where the ruleset keeps GM-owned state, see ledger.ts); the combat code merges them with
 * the generic round events and writes them all in one batch (the ledger in the transition's one
 * Combat update). Hooks may roll dice, so
 * they may be async; they read the documents as they stood before the transition's writes.
 * A ruleset that registers nothing keeps the generic behaviour.
 */
import type { SetupEffect, SettledOrder } from "../../rules/combat/order.ts";
import type { TeamId } from "../../rules/combat/types.ts";
import type { RoundEvent, TurnResult } from "../../rules/combat/types.ts";
import { eventCombatants, roundEventChanges } from "./events.ts";
import type { ActorChange, EventCombatant, FieldValue } from "./events.ts";
import type { CombatLike, CombatantLike } from "./like.ts";

/** What the GM chose on the tracker before round 1. */
export interface StartChoice {
  /** Freelancers: the team that takes initiative (default: the first team listed). */
  readonly initiative?: TeamId;
  /** Teams that surprise the others (WWN free round, two-dice first side, Freelancers). */
  readonly surprising?: readonly TeamId[];
  /** Two-dice: roll d20 per team instead of a declared surprise or players-first. */
  readonly roll?: boolean;
}

export type Settled =
  | { readonly ok: true; readonly order: SettledOrder; readonly effects: readonly SetupEffect[] }
  | {
      readonly ok: false;
      readonly reason: string;
      readonly detail?: Readonly<Record<string, string | number | boolean>>;
    };

/** One mark under a member in the tracker. */
export interface TrackerChip {
  /** Localization key. */
  readonly label: string;
  /** Still available (lit) or used up (dimmed). */
  readonly on: boolean;
  /** Localization key of the hover text, or "". */
  readonly hint: string;
  /** A state worth drawing attention to (Total Defense, holding …). */
  readonly flag?: boolean;
}

/** Why a member is out of the fight (the `outOfFight` hook). */
export interface OutOfFight {
  /** Localization key of why: the tracker shows it. */
  readonly reason: string;
  /**
   * Its rules still give it its turns though it cannot fight (the dice-pool game's incapacitated
   * bleed at the start of their own turn): the order keeps it, the side-down check counts it out.
   */
  readonly keepsTurns?: boolean;
}

type Changes = ActorChange[] | Promise<ActorChange[]>;

/** What a combatant brings to the combat's order, from its actor; absent parts use defaults. */
export interface OrderInput {
  /** The die it rolls for the order (Worldlines: its Combat die, for momentum). */
  readonly die?: string;
  /** What it adds to its side's roll (WWN: its Dexterity modifier; the side takes the best). */
  readonly modifier?: number;
}

/**
 * A check the GM's tracker offers per team before round 1, beside the ruleset's usual starts (WWN:
 * that team ambushes, and the surprise check is rolled). `run` rolls it on the GM's client, posts
 * what it needs to, and answers how the combat starts, or null to leave it unstarted.
 */
export interface StartCheck {
  /** Localization key of the per-team button. */
  readonly label: string;
  run(combat: CombatLike, teamId: string): Promise<StartChoice | null>;
}

/**
 * A button the GM's tracker shows on each team of a started combat (Worldlines: the dramatic shift
 * that hands that team the momentum). Pressed on the GM's client; what it changes goes through the
 * referee, which refuses anyone but a GM.
 */
export interface TeamControl {
  /** Its name among the ruleset's controls (the button's `data-control`). */
  readonly id: string;
  /** Localization keys of its label and hover text. */
  readonly label: string;
  readonly hint: string;
  press(combat: CombatLike, teamId: TeamId): Promise<unknown>;
}

export interface CombatRulesetHooks {
  startCheck?: StartCheck;
  /** The GM's buttons on each team of a started combat. */
  teamControls?: readonly TeamControl[];
  /** What a member's actor brings to the order (read by its own `rollOrder`). */
  orderInput?(actor: Actor.Implementation): OrderInput;
  /**
   * Settles the combat's order when the GM starts it: gathers and rolls what its rules' ordering
   * asks for (composing combat/order-kit.ts) and returns the settled order. Absent: the teams act
   * in the order listed.
   */
  rollOrder?(combat: CombatLike, choice: StartChoice): Promise<Settled>;
  memberChips?(
    actor: Actor.Implementation,
    member: { readonly active: boolean },
  ): readonly TrackerChip[];
  /**
   * Whether a member's actor is out of the fight under the ruleset's rules though nobody marked it
   * defeated (dying, dead, knocked out …), and why; null while it can fight. The turn order passes
   * over an out member as it does the defeated (unless the world keeps them in: out-of-fight.ts)
   * and the tracker says why ("skipped: Mortally wounded"); a side with nobody left able to act
   * tells the GMs (sides.ts). Read from the actor as it stands: the active GM reconciles the order
   * whenever a combatant's actor changes. Absent: only core's defeat counts.
   */
  outOfFight?(actor: Actor.Implementation): OutOfFight | null;
  roundStart?(combat: CombatLike, combatants: readonly EventCombatant[]): Changes;
  /**
   * The one-time effects of settling the order as the GM starts the combat (a surprised side's
   * counters …), as actor changes written before round 1. Without it they stay on the
   * combatants' flags.
   */
  setupEffects?(combat: CombatLike, effects: readonly SetupEffect[]): Changes;
  turnStart?(combat: CombatLike, combatant: CombatantLike): Changes;
  /** The combatant who was taking its turn stopped (ended it, or the GM moved on). */
  turnEnd?(combat: CombatLike, combatant: CombatantLike): Changes;
  roundEvents?: Partial<
    Record<RoundEvent, (combat: CombatLike, combatants: readonly EventCombatant[]) => Changes>
  >;
}

let registered: CombatRulesetHooks = {};

/** Called once at init by the active ruleset. */
export function registerCombatHooks(hooks: CombatRulesetHooks): void {
  registered = hooks;
}

export function combatHooks(): CombatRulesetHooks {
  return registered;
}

interface Merged {
  changes: Record<string, FieldValue>;
  ledger: Record<string, unknown>;
}

function merge(into: Map<string, Merged>, changes: readonly ActorChange[]) {
  for (const change of changes) {
    const was = into.get(change.combatantId) ?? { changes: {}, ledger: {} };
    into.set(change.combatantId, {
      changes: { ...was.changes, ...change.changes },
      ledger: { ...was.ledger, ...change.ledger },
    });
  }
}

/**
 * Every actor change a transition brings, merged per combatant in order: the round events (the
 * ruleset's handler where it has one, else the generic one), then the new round's start, then the
 * turn end of the combatant who stopped, then the turn start of a combatant who just became active.
 */
export async function transitionChanges(
  combat: CombatLike,
  result: Extract<TurnResult, { ok: true }>,
  activeBefore: string | null,
): Promise<ActorChange[]> {
  const hooks = registered;
  const merged = new Map<string, Merged>();
  const combatants = eventCombatants(combat);
  const own = hooks.roundEvents ?? {};
  // The generic events first (chained as roundEventChanges does), then the ruleset's own.
  merge(
    merged,
    roundEventChanges(
      result.events.filter((run) => own[run.event] === undefined),
      combatants,
    ),
  );
  for (const run of result.events) {
    const handler = own[run.event];
    if (handler !== undefined) merge(merged, await handler(combat, combatants));
  }
  if (result.roundStarted !== null && hooks.roundStart !== undefined) {
    merge(merged, await hooks.roundStart(combat, combatants));
  }
  const active = result.state.active;
  if (activeBefore !== null && active !== activeBefore && hooks.turnEnd !== undefined) {
    const combatant = combat.combatants.get(activeBefore);
    if (combatant !== undefined) merge(merged, await hooks.turnEnd(combat, combatant));
  }
  if (active !== null && active !== activeBefore && hooks.turnStart !== undefined) {
    const combatant = combat.combatants.get(active);
    if (combatant !== undefined) merge(merged, await hooks.turnStart(combat, combatant));
  }
  return [...merged].map(([combatantId, { changes, ledger }]) =>
    Object.keys(ledger).length === 0 ? { combatantId, changes } : { combatantId, changes, ledger },
  );
}
