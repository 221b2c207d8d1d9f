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
import type { TwodiceUpdate } from "../../../rules/twodice/changes.ts";
import { FRESH_TURN } from "../../../rules/twodice/model.ts";
import type { TurnState, TwodiceCombatant } from "../../../rules/twodice/model.ts";
import { actorLedgerEntry, fightOf, ledgerEntry, recordForActors } from "../../combat/ledger.ts";
import type { CombatLike } from "../../combat/state.ts";
import { withoutPath } from "../../shared/updates.ts";
import { applyTwodiceUpdates, toTwodiceCombatant } from "./adapter.ts";
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

/** A combatant's turn as the referee recorded it in this combat. */
export function turnIn(combat: CombatLike, combatantId: string): TurnState {
  return turnFrom(ledgerEntry(combat, combatantId, TWODICE_TURN));
}

/** Whether the actor fights in a started combat (its one action per round is counted). */
export function inFight(actor: Actor.Implementation): boolean {
  return fightOf(actor) !== null;
}

/** The actor's turn now: as recorded in its fight, or fresh outside one. */
export function twodiceTurnOf(actor: Actor.Implementation): TurnState {
  return turnFrom(actorLedgerEntry(actor, TWODICE_TURN));
}

/** The actor as the rules see it now, with its turn from the ledger. */
export function twodiceNow(actor: Actor.Implementation): TwodiceCombatant {
  return { ...toTwodiceCombatant(actor), turn: twodiceTurnOf(actor) };
}

/** A turn to record for an actor (in the fight it is in; ignored outside one). */
export interface TurnRecord {
  readonly actor: Actor.Implementation;
  readonly turn: TurnState;
}

/**
 * Writes what the rules decided (on the referee): the documents' changes in one batch per kind,
 * the turns in one Combat update per fight.
 */
export async function commitTwodice(
  updates: readonly (TwodiceUpdate | null)[],
  turns: readonly TurnRecord[] = [],
): Promise<void> {
  const documents = withoutPath(updates, FIELD_PATHS.turn);
  if (documents.length > 0) await applyTwodiceUpdates(documents);
  await recordForActors(
    turns.map(({ actor, turn }) => ({ actor, key: TWODICE_TURN, value: turn })),
  );
}
