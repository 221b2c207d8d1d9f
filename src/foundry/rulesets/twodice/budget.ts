/**
 * The two-dice turn in the referee's ledger: each combatant's one combat action of the round and
 * what hangs on it (waiting with a declared action, the Defense of its melee attack, moving,
 * aiming, a weapon readied, an action owed to rolling with an attack). It settles what others
 * may do (a counterattack, a cut-in), so it lives on the Combat, where only the GM writes
 * (combat/ledger.ts), never on the player's own actor: the round start hands every combatant its
 * next turn as a ledger entry (combat.ts), and the referee records each action taken.
 *
 * Outside a started combat nothing is tracked: an actor acts with a fresh turn. Actors still
 * carry the `system.turn` an older version wrote there; it loads and is never read.
 */
import { FIELD_PATHS } from "../../../rules/twodice/changes.ts";
import { FRESH_TURN } from "../../../rules/twodice/model.ts";
import type { TurnState, TwodiceCombatant } from "../../../rules/twodice/model.ts";
import { ledgerBudget } from "../../combat/budget.ts";
import { fightOf } from "../../combat/ledger.ts";
import { toTwodiceCombatant } from "./adapter.ts";
import { TWODICE_ACTIONS } from "./data.ts";

/** The ledger key of a combatant's turn. */
export const TWODICE_TURN = "twodiceTurn";

const FLAGS = ["acted", "moving", "moveHalved", "aiming", "aimed", "actionOwed"] as const;

const idOrNull = (v: unknown) => v === null || typeof v === "string";

/** A stored turn, or a fresh one when nothing (or nothing of this shape) was recorded. */
function turnFrom(value: unknown): TurnState {
  if (typeof value !== "object" || value === null) return FRESH_TURN;
  const v = value as Record<string, unknown>;
  const fits =
    FLAGS.every((key) => typeof v[key] === "boolean") &&
    (v["waiting"] === null || (TWODICE_ACTIONS as readonly unknown[]).includes(v["waiting"])) &&
    (v["meleeDefense"] === null || typeof v["meleeDefense"] === "number") &&
    idOrNull(v["readied"]) &&
    idOrNull(v["readiedLastTurn"]);
  return fits ? (value as TurnState) : FRESH_TURN;
}

const budget = ledgerBudget(TWODICE_TURN, turnFrom, FIELD_PATHS.turn);

/** A combatant's turn as the referee recorded it in this combat. */
export const turnIn = budget.in;

/** The actor's turn now: as recorded in its fight, or fresh outside one. */
export const twodiceTurnOf = budget.of;

/** Whether the actor fights in a started combat (its one action per round is counted). */
export function inFight(actor: Actor.Implementation): boolean {
  return fightOf(actor) !== null;
}

/** The actor as the rules see it now, with its turn from the ledger. */
export function twodiceNow(actor: Actor.Implementation): TwodiceCombatant {
  return { ...toTwodiceCombatant(actor), turn: twodiceTurnOf(actor) };
}

/**
 * Writes what the rules decided (on the referee): the documents' changes in one batch per kind
 * (never the turn), then each `{ actor, value: turn }` in one Combat update per fight.
 */
export const commitTwodice = budget.commit;
