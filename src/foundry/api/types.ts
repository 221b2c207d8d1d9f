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

/**
 * An action of the actor sheet a macro can run (Defensive Posture, Run, Take Cover …): its id
 * (what `game.system.api.act(id)` and the hotbar macro name), its name and icon for the macro,
 * the sheet's button it is (its `data-action`, and the data attribute telling it from its
 * siblings), and what the button does for the actor, through the same checks and referee.
 */
export interface SheetAction {
  readonly id: string;
  /** A localization key of its name (the button's own label). */
  readonly label: string;
  /**
   * What the name's placeholders stand for, each a localization key (`{ skill: "…Skill.athletics" }`
   * for "Check: {skill}"); absent: the label as it is.
   */
  readonly labelArgs?: Readonly<Record<string, string>>;
  readonly img: string;
  readonly button: { readonly action: string; readonly data?: Readonly<Record<string, string>> };
  /** The button's work for the actor; resolves to whether it was carried out. */
  readonly run: (actor: Actor.Implementation) => Promise<boolean>;
  /**
   * The action is the sheet's actor's, not the user's (a vehicle's Drive): the macro names that
   * actor instead of taking the selected token's.
   */
  readonly sheetActor?: true;
}

/**
 * An action of an item's row on the actor sheet (Reload, Draw, Covering fire, a vehicle weapon's
 * Fire …): its id (what `game.system.api.act(id, { item })` and the hotbar macro name), its name
 * (the macro's: the item's name, then this), the row's button (its `data-action` and the data
 * telling it apart), and what the button does for the actor with the row's item, through the same
 * checks and referee; resolves to whether it was carried out (a refusal is the button's warning).
 */
export interface RowAction {
  readonly id: string;
  /** A localization key of its name (the button's own label). */
  readonly label: string;
  readonly button: { readonly action: string; readonly data?: Readonly<Record<string, string>> };
  readonly run: (actor: Actor.Implementation, item: Item.Implementation) => Promise<boolean>;
  /**
   * The action is the sheet's actor's, not the user's (a vehicle's weapon, fired by the user's
   * seat in its crew): the macro names that actor instead of taking the selected token's.
   */
  readonly sheetActor?: true;
  /** Whether dragging the item's row itself is this action (a vehicle's weapon row: Fire). */
  readonly isRow?: (item: Item.Implementation) => boolean;
}

export interface RulesetApi {
  /**
   * Declares the attack without the dialog (its defaults, overridden by the request's choices):
   * checked on this client first (a refusal is a warning and nothing is sent), then declared
   * through the card protocol. Answers with the card's message id as `value`.
   */
  readonly attack?: (request: AttackRequest) => Promise<RefereeOutcome>;
  /** The attack's odds as the dialog shows them, or the rules' refusal. */
  readonly odds?: (request: AttackRequest) => Result<AttackOddsData>;
  /**
   * Whether a refusal of `odds` (its reason) says the weapon cannot reach the target from where
   * the attacker stands, by the ruleset's own range rules: "reach" (a melee weapon's), "range" (a
   * shot's longest range), or null for any other refusal. The ruler says so instead of a chance.
   */
  readonly outOfReach?: (reason: string) => "reach" | "range" | null;
  /** The sheet's use of a non-weapon item of this kind, or null when the sheet offers none. */
  readonly itemUse?: (item: Item.Implementation) => ItemUse | null;
  /**
   * Statuses the ruleset keeps in its own state (a field, the referee's ledger), shown and
   * toggled as core's status effects (hud/statuses.ts) and told as `fray.statusChanged`.
   */
  readonly statuses?: readonly StatusBinding[];
  /**
   * The "Toggle stance" key's step for the actor (`toggleStance`): the ruleset's next stance (a
   * cycle of its stances, or prone and back), taken as its sheet's button takes it; resolves to
   * whether it was done (a refusal is the button's warning). Absent: the rules keep no stance.
   */
  readonly toggleStance?: (actor: Actor.Implementation) => Promise<boolean>;
  /** The sheet's actions a macro runs (`act`) and a user drags to the hotbar. */
  readonly sheetActions?: readonly SheetAction[];
  /** The actions of the sheet's item rows a macro runs (`act` with `item`), dragged the same way. */
  readonly rowActions?: readonly RowAction[];
}
