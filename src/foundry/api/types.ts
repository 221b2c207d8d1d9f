/**
 * The public API's ruleset part, through the seam (`ShellRuleset.api`): what a call of
 * `game.system.api` that depends on the rules does for the world's ruleset. The API resolves the
 * ids a macro gives into documents first (api/index.ts); a ruleset's part then runs the same
 * checks and declaration as its sheet's button, so the referee sees the same intent as a click.
 */
import type { Result } from "../../rules/core/result.ts";
import type { RefereeOutcome } from "../shared/referee.ts";
import type { StatusBinding } from "../hud/types.ts";

/** An attack as a macro names it, resolved into documents (the dialog's choices by name). */
export interface AttackRequest {
  readonly attacker: Actor.Implementation;
  /** The weapon, an item of the attacker's; null for bare hands (where the rules allow it). */
  readonly weapon: Item.Implementation | null;
  readonly target: Actor.Implementation;
  /** The attack dialog's choices by name; what is missing takes the dialog's default. */
  readonly choices: Readonly<Record<string, unknown>>;
}

/** Odds of an attack as plain data: the chance to hit in [0, 1], and what the rules add. */
export interface AttackOddsData {
  readonly hit: number;
  readonly [detail: string]: unknown;
}

/**
 * What a non-weapon item's button on the sheet does (Use, Throw, Build …) for the actor, through
 * the same check and referee as the click: whether it was carried out (a refusal is the ruleset's
 * warning, as the button's).
 */
export type ItemUse = (actor: Actor.Implementation, item: Item.Implementation) => Promise<boolean>;

export interface RulesetApi {
  /**
   * Declares the attack without the dialog (its defaults, overridden by the request's choices):
   * checked on this client first (a refusal is a warning and nothing is sent), then declared
   * through the card protocol. Answers with the card's message id as `value`.
   */
  readonly attack?: (request: AttackRequest) => Promise<RefereeOutcome>;
  /** The attack's odds as the dialog shows them, or the rules' refusal. */
  readonly odds?: (request: AttackRequest) => Result<AttackOddsData>;
  /** The sheet's use of a non-weapon item of this kind, or null when the sheet offers none. */
  readonly itemUse?: (item: Item.Implementation) => ItemUse | null;
  /** The sheet's Prone button (go prone or stand up), where the ruleset keeps prone itself. */
  /**
   * Statuses the ruleset keeps in its own state (a field, the referee's ledger), shown and
   * toggled as core's status effects (hud/statuses.ts) and told as `fray.statusChanged`.
   */
  readonly statuses?: readonly StatusBinding[];
}
