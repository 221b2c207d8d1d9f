/**
 * The dice-pool game's entries in the referee's ledger (combat/ledger.ts): what settles other
 * owners' outcomes, kept on the Combat, where only a GM writes, never on the players' actors.
 * Per combatant:
 * - `turn`: the action budget of its turn (rules/dicepool/actions.ts TurnActions: Simple and Free
 *   actions used, Complex used, moves). Round start and its own turn start hand back a fresh one;
 *   a combatant without an entry has a fresh turn.
 * - `grapples`: the grapples it holds as assailant, one per victim ({ victimId, victimName, pool,
 *   resistOffered }): recorded when a grapple attack is applied, changed by the referee only.
 * - `grapplePenalty`: Grappling Pool points an assailant spent against it, off its next roll.
 *
 * Out of a started combat there is no ledger: no action is counted and no grapple is held. The
 * actors' old `system.actions`, `system.grapples` and `system.grapplePenalty` stay in the model so
 * stored actors load, and nothing reads them.
 */
import type { Checked } from "../../../rules/core/checked.ts";
import { ok } from "../../../rules/core/result.ts";
import type { Result } from "../../../rules/core/result.ts";
import { FRESH_TURN, takeAction, turnOver } from "../../../rules/dicepool/actions.ts";
import type {
  ActionContext,
  ActionName,
  ActionRefusal,
  TurnActions,
} from "../../../rules/dicepool/actions.ts";
import type { Grapple } from "../../../rules/dicepool/grapple.ts";
import type { DicepoolOptions } from "../../../rules/dicepool/options.ts";
import { fightOf, ledgerChanges, ledgerEntry } from "../../combat/ledger.ts";
import type { LedgerWrite } from "../../combat/ledger.ts";
import { turnStateOf } from "../../combat/state.ts";
import type { CombatLike, CombatantLike } from "../../combat/state.ts";
import { SYSTEM_ID } from "../../constants.ts";
import { combatantId } from "../../shared/actors.ts";
import { isRecord } from "../../data/migrate.ts";
import { serializedBy } from "../../shared/referee.ts";

export const TURN_KEY = "turn";
export const GRAPPLES_KEY = "grapples";
export const PENALTY_KEY = "grapplePenalty";

/** The started combat an actor fights in, and its combatant there. */
export interface Fight {
  readonly combat: CombatLike;
  readonly combatant: CombatantLike;
}

/** One value for the ledger of one combat. */
export interface LedgerNote {
  readonly combat: CombatLike;
  readonly write: LedgerWrite;
}

/** The grapple an assailant holds, as the ledger records it. */
export interface StoredGrapple {
  readonly victimId: string;
  readonly victimName: string;
  readonly pool: number;
  readonly resistOffered: boolean;
}

/**
 * The referee's one queue for the dice-pool ledger: declarations, table acts and Apply read and
 * write budgets and grapples one at a time, so two requests never both spend the same action or
 * point. (A task holding it never waits for a card's own queue: the order is card, then ledger.)
 */
export function withLedger<T>(task: () => Promise<T>): Promise<T> {
  return serializedBy(`${SYSTEM_ID}.dicepool.ledger`, task);
}

/** The most a count of the ledger may be (the model's bound on a Grappling Pool or penalty). */
const MAX_COUNT = 999;

/** A whole number from 0 to `max`, or null. */
function count(value: unknown, max: number): number | null {
  return typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= max
    ? value
    : null;
}

/** A value for the combatant's ledger entry under `key`. */
export function ledgerNote(fight: Fight, key: string, value: unknown): LedgerNote {
  // A turn is written whole (core merges an object key by key): an owed Blitz is written as no.
  const whole =
    key === TURN_KEY && isRecord(value) ? { ...value, blitz: value["blitz"] === true } : value;
  return {
    combat: fight.combat,
    write: { combatantId: fight.combatant.id ?? "", key, value: whole },
  };
}

/**
 * Writes the notes: one Combat update per combat they touch (the referee's only). Each value is
 * copied, as the server would: what is stored shares nothing with what was read.
 */
export async function writeLedger(notes: readonly LedgerNote[]): Promise<void> {
  const byCombat = new Map<CombatLike, LedgerWrite[]>();
  for (const { combat, write } of notes) {
    const copy = { ...write, value: structuredClone(write.value) };
    byCombat.set(combat, [...(byCombat.get(combat) ?? []), copy]);
  }
  for (const [combat, writes] of byCombat) {
    const changes = ledgerChanges(writes);
    if (Object.keys(changes).length > 0) await combat.update(changes);
  }
}

/* ------------------------------------------------------------------------------------------ */
/*  The action budget                                                                           */
/* ------------------------------------------------------------------------------------------ */

/** The budget the referee recorded for a combatant's turn (fresh when it recorded none). */
export function turnActionsIn(combat: CombatLike, id: string): TurnActions {
  const raw = ledgerEntry(combat, id, TURN_KEY);
  if (!isRecord(raw)) return FRESH_TURN;
  return {
    simpleUsed: count(raw["simpleUsed"], 99) ?? 0,
    complexUsed: raw["complexUsed"] === true,
    freeUsed: count(raw["freeUsed"], 99) ?? 0,
    moves: count(raw["moves"], 99) ?? 0,
    // A Blitz Attack's move made, its attack owed (rules/dicepool/actions.ts takeBlitzMove).
    ...(raw["blitz"] === true ? { blitz: true } : {}),
  };
}

/** The actor's budget this turn: its combat's record, or a fresh turn out of combat. */
export function turnActionsOf(actor: Actor.Implementation): TurnActions {
  const fight = fightOf(actor);
  return fight === null ? FRESH_TURN : turnActionsIn(fight.combat, fight.combatant.id ?? "");
}

/** The Simple and Free actions a turn has left. */
export function actionsLeft(
  turn: TurnActions,
  options: Checked<DicepoolOptions>,
): { readonly simple: number; readonly free: number } {
  return {
    simple: turnOver(turn, options)
      ? 0
      : Math.max(0, options.simpleActionsPerTurn - turn.simpleUsed),
    free: Math.max(0, options.freeActionsPerTurn - turn.freeUsed),
  };
}

/**
 * Whether it is this combatant's turn, as the turn-strictness setting reads it: "strict" only
 * while the combat's running turn is its own; "lenient" always.
 */
export function ownTurnIn(fight: Fight): boolean {
  if (game.settings.get(SYSTEM_ID, "turnStrictness") !== "strict") return true;
  return turnStateOf(fight.combat).active === fight.combatant.id;
}

/** Whether it is the actor's turn (out of a started combat, it always is). */
export function isOwnTurn(actor: Actor.Implementation): boolean {
  const fight = fightOf(actor);
  return fight === null || ownTurnIn(fight);
}

/**
 * Takes a named action from the actor's budget: in a started combat, its turn's record changes
 * (the note to write); out of one nothing is counted. Refused when the rules refuse it.
 */
export function spendAction(
  actor: Actor.Implementation,
  action: ActionName,
  ctx: Omit<ActionContext, "ownTurn">,
  options: DicepoolOptions,
): Result<LedgerNote[], ActionRefusal> {
  const fight = fightOf(actor);
  if (fight === null) return ok([]);
  const before = turnActionsIn(fight.combat, fight.combatant.id ?? "");
  // One who surrendered only talks (table/conduct.ts): read from the actor, which only hurts it.
  const surrendered = (actor.system as { surrendered?: unknown }).surrendered === true;
  const spent = takeAction(
    before,
    action,
    { ...ctx, ownTurn: ownTurnIn(fight), ...(surrendered ? { surrendered } : {}) },
    options,
  );
  return spent.ok ? ok([ledgerNote(fight, TURN_KEY, spent.value)]) : spent;
}

/** The ledger entries of a fresh turn (the round and turn start hooks hand them back). */
export function freshTurnLedger(): Record<string, unknown> {
  // A copy each time: the stored value must not be the rules' own constant.
  return { [TURN_KEY]: { ...FRESH_TURN, blitz: false } };
}

/* ------------------------------------------------------------------------------------------ */
/*  Grapples and the grapple penalty                                                            */
/* ------------------------------------------------------------------------------------------ */

function isStoredGrapple(value: unknown): value is StoredGrapple {
  return (
    isRecord(value) &&
    typeof value["victimId"] === "string" &&
    typeof value["victimName"] === "string" &&
    count(value["pool"], MAX_COUNT) !== null &&
    typeof value["resistOffered"] === "boolean"
  );
}

/** The grapples the referee recorded for a combatant (unreadable entries are skipped). */
export function grapplesIn(combat: CombatLike, id: string): StoredGrapple[] {
  const raw = ledgerEntry(combat, id, GRAPPLES_KEY);
  return Array.isArray(raw) ? (raw as unknown[]).filter(isStoredGrapple) : [];
}

/** The grapples the actor holds in its combat, as recorded (none out of a started combat). */
export function heldGrapples(actor: Actor.Implementation): StoredGrapple[] {
  const fight = fightOf(actor);
  return fight === null ? [] : grapplesIn(fight.combat, fight.combatant.id ?? "");
}

/** A recorded grapple as the rules see it. */
export function asGrapple(assailantId: string, stored: StoredGrapple): Grapple {
  return {
    assailantId,
    victimId: stored.victimId,
    pool: stored.pool,
    resistOffered: stored.resistOffered,
  };
}

/** The grapples the actor holds, as the rules see them. */
export function grapplesOf(actor: Actor.Implementation): Grapple[] {
  return heldGrapples(actor).map((g) => asGrapple(combatantId(actor), g));
}

/** The grapple `actor` holds on `victimId`, or null. */
export function grappleOn(actor: Actor.Implementation, victimId: string): Grapple | null {
  return grapplesOf(actor).find((g) => g.victimId === victimId && g.pool > 0) ?? null;
}

/** One who holds a victim: the assailant, where it fights, and the grapple. */
export interface Holder {
  readonly actor: Actor.Implementation;
  readonly fight: Fight;
  readonly grapple: Grapple;
}

/** Every member of the victim's combat that holds it in a grapple, as recorded. */
export function holdersOf(victim: Actor.Implementation): Holder[] {
  const fight = fightOf(victim);
  if (fight === null) return [];
  const me = combatantId(victim);
  return fight.combat.combatants.contents.flatMap((combatant) => {
    const actor = combatant.actor;
    if (actor === null) return [];
    const held = grapplesIn(fight.combat, combatant.id ?? "").find(
      (g) => g.victimId === me && g.pool > 0,
    );
    if (held === undefined) return [];
    return [
      {
        actor,
        fight: { combat: fight.combat, combatant },
        grapple: asGrapple(combatantId(actor), held),
      },
    ];
  });
}

/**
 * The recorded list after one grapple changed: `next` replaces the one on its victim (null or an
 * empty pool: that grapple ended). Names are kept; a new victim's name is `victimName`.
 */
export function grapplesAfter(
  stored: readonly StoredGrapple[],
  victimId: string,
  next: Grapple | null,
  victimName = "",
): StoredGrapple[] {
  const others = stored.filter((g) => g.victimId !== victimId);
  if (next === null || next.pool <= 0) return others;
  const name = stored.find((g) => g.victimId === victimId)?.victimName ?? victimName;
  return [
    ...others,
    { victimId, victimName: name, pool: next.pool, resistOffered: next.resistOffered },
  ];
}

/** The note that records the assailant's grapple on `victimId` as `next` (null: it ended). */
export function grappleNote(
  fight: Fight,
  victimId: string,
  next: Grapple | null,
  victimName = "",
): LedgerNote {
  const stored = grapplesIn(fight.combat, fight.combatant.id ?? "");
  return ledgerNote(fight, GRAPPLES_KEY, grapplesAfter(stored, victimId, next, victimName));
}

/** The points an assailant spent against the actor, off its next roll (0 out of combat). */
export function grapplePenaltyOf(actor: Actor.Implementation): number {
  const fight = fightOf(actor);
  if (fight === null) return 0;
  return count(ledgerEntry(fight.combat, fight.combatant.id ?? "", PENALTY_KEY), MAX_COUNT) ?? 0;
}
