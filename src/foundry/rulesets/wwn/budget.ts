/**
 * WWN's part of the referee's ledger (combat/ledger.ts: the Combat's flags, which only a GM can
 * write): the state that settles other owners' outcomes, never read from a player's own actor.
 *
 * - Each combatant's round of actions (rules/wwn/actions.ts `ActionState`: Main used, Move open,
 *   holding, Total Defense, screening …), one ledger key per field (`wwn_mainUsed` …). A round
 *   start, a turn end and a turn start may all change one combatant in one transition; each hook
 *   hands back only the fields it changes, so they merge field by field.
 * - The captive a combatant grapples (`wwn_grappling`: its rules id), recorded by the referee when
 *   the grapple succeeds and cleared when it ends.
 * - The swarm against a combatant (`wwn_swarm` on the target: the round, who joined, whether its
 *   blow has been struck), recorded as each assailant joins.
 *
 * - What stops a spell this round (Cast a Spell): the round in which the combatant last lost hit
 *   points (`wwn_hurtRound`, marked by every write that lowers them: marks.ts), was called badly
 *   jostled by the GM (`wwn_jostledRound`, marks.ts) and last readied or stowed an item
 *   (`wwn_handRound`, recorded as the referee writes that change: applyWwnOutcome).
 *
 * Outside a started combat nothing is tracked: a fresh round, no grapple, no swarm. The actor's
 * own `system.actions` and `system.grappling` (where older worlds kept them) load but are not read.
 */
import { FRESH_ACTIONS } from "../../../rules/wwn/index.ts";
import type {
  ActionState,
  TurnContext,
  WwnCombatant,
  WwnUpdate,
} from "../../../rules/wwn/index.ts";
import { FIELD_PATHS, ITEM_FIELD_PATHS } from "../../../rules/wwn/index.ts";
import { SYSTEM_ID } from "../../constants.ts";
import { fightOf, ledgerChanges, ledgerEntry } from "../../combat/ledger.ts";
import type { LedgerWrite } from "../../combat/ledger.ts";
import { turnStateOf } from "../../combat/state.ts";
import type { CombatLike, CombatantLike } from "../../combat/state.ts";
import { combatMembers } from "../../shared/combat-members.ts";
import { applyWwnUpdates, combatantId, toWwnCombatant } from "./adapter.ts";

export type { LedgerWrite };

/** The started combat an actor fights in, and its combatant. */
export interface Fight {
  readonly combat: CombatLike;
  readonly combatant: CombatantLike;
}

const ACTION_KEYS = Object.keys(FRESH_ACTIONS) as (keyof ActionState)[];
const actionKey = (field: string) => `wwn_${field}`;
const GRAPPLING_KEY = "wwn_grappling";
const SWARM_KEY = "wwn_swarm";

/** The combatant's round of actions as the referee recorded it (a fresh round where it recorded none). */
export function budgetOf(combat: CombatLike, combatantId: string): ActionState {
  const budget: Record<string, unknown> = { ...FRESH_ACTIONS };
  for (const key of ACTION_KEYS) {
    const value = ledgerEntry(combat, combatantId, actionKey(key));
    if (value !== undefined) budget[key] = value;
  }
  return budget as unknown as ActionState;
}

/** The ledger entries that turn one round of actions into another: the fields that changed. */
export function budgetEntries(
  before: ActionState,
  after: ActionState,
): Record<string, ActionState[keyof ActionState]> {
  const entries: Record<string, ActionState[keyof ActionState]> = {};
  for (const key of ACTION_KEYS) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      entries[actionKey(key)] = after[key];
    }
  }
  return entries;
}

/** The rules id of the captive the combatant grapples, as the referee recorded it, or null. */
export function grapplingOf(combat: CombatLike, combatantId: string): string | null {
  const value = ledgerEntry(combat, combatantId, GRAPPLING_KEY);
  return typeof value === "string" ? value : null;
}

/** The actor as the rules see it now: in a started combat, with the referee's record of its round. */
export function fighterIn(actor: Actor.Implementation, fight: Fight | null): WwnCombatant {
  const me = toWwnCombatant(actor);
  if (fight === null) return me;
  const id = fight.combatant.id ?? "";
  return { ...me, actions: budgetOf(fight.combat, id), grappling: grapplingOf(fight.combat, id) };
}

/** The actor as the rules see it now (see fighterIn), in the combat it fights in. */
export function fighterOf(actor: Actor.Implementation): WwnCombatant {
  return fighterIn(actor, fightOf(actor));
}

/** The ledger key of a holder acting now on its held action (its value: the round). */
export const ACTING_NOW_KEY = "wwn_actingNow";

/** The combatants acting now on a held action in the combat's current round. */
export function actingNowIn(combat: CombatLike): string[] {
  const round = turnStateOf(combat).round;
  return combatMembers(combat)
    .filter(({ combatantId: id }) => ledgerEntry(combat, id, ACTING_NOW_KEY) === round)
    .map(({ combatantId: id }) => id);
}

/**
 * Whether it is the actor's turn, as the turn-strictness setting reads it (its own combat's), and
 * whether, its turn though it is, it waits while another acts first on a held action (table/held.ts).
 */
export function turnOf(actor: Actor.Implementation): TurnContext {
  const fight = fightOf(actor);
  if (fight === null) return { ownTurn: true };
  const mine = turnStateOf(fight.combat).active === fight.combatant.id;
  const strict = game.settings.get(SYSTEM_ID, "turnStrictness") === "strict";
  const ownTurn = strict ? mine : true;
  const heldFirst = mine && actingNowIn(fight.combat).some((id) => id !== fight.combatant.id);
  return heldFirst ? { ownTurn, heldFirst } : { ownTurn };
}

/** The combat's members with a combatant id, by the rules id of their actors. */
export function membersByRulesId(combat: CombatLike): Map<string, string> {
  return new Map(combatMembers(combat).map((m) => [combatantId(m.actor), m.combatantId]));
}

/** The rules ids of those the combat's members grapple, by the grappler's rules id. */
export function grapplesIn(combat: CombatLike): Map<string, string> {
  const holds = new Map<string, string>();
  for (const { actor, combatantId: id } of combatMembers(combat)) {
    const captive = grapplingOf(combat, id);
    if (captive !== null) holds.set(combatantId(actor), captive);
  }
  return holds;
}

/* ------------------------------------------------------------------------------------------ */
/*  Swarms                                                                                      */
/* ------------------------------------------------------------------------------------------ */

/** A swarm against one combatant this round: who joined (rules ids, in order), and whether it struck. */
export interface SwarmRecord {
  readonly round: number;
  readonly members: readonly string[];
  readonly struck: boolean;
}

/** The swarm against a combatant in the combat's current round (an empty one when none formed). */
export function swarmAgainst(combat: CombatLike, targetCombatantId: string): SwarmRecord {
  const round = turnStateOf(combat).round;
  const stored = ledgerEntry(combat, targetCombatantId, SWARM_KEY);
  const {
    members,
    struck,
    round: at,
  } = (typeof stored === "object" && stored !== null ? stored : {}) as Partial<
    Record<keyof SwarmRecord, unknown>
  >;
  if (at !== round || !Array.isArray(members)) return { round, members: [], struck: false };
  return {
    round,
    members: (members as unknown[]).filter((m): m is string => typeof m === "string"),
    struck: struck === true,
  };
}

/** The ledger write that records a swarm against a combatant. */
export function swarmWrite(targetCombatantId: string, swarm: SwarmRecord): LedgerWrite {
  return { combatantId: targetCombatantId, key: SWARM_KEY, value: swarm };
}

/* ------------------------------------------------------------------------------------------ */
/*  Writing a rule's outcome                                                                    */
/* ------------------------------------------------------------------------------------------ */

const ACTIONS_PREFIX = `${FIELD_PATHS.actions}.`;

/**
 * A rule's updates split into what goes on the documents and what goes in the ledger: a
 * combatant's actions and grapple go to the ledger of `combat` (left out when there is none, or
 * when the actor does not fight in it: untracked), everything else stays.
 */
export function splitOutcome(
  updates: readonly WwnUpdate[],
  combat: CombatLike | null,
): { documents: WwnUpdate[]; ledger: LedgerWrite[] } {
  const members = combat === null ? new Map<string, string>() : membersByRulesId(combat);
  const documents: WwnUpdate[] = [];
  const ledger: LedgerWrite[] = [];
  for (const update of updates) {
    if (update.itemId !== undefined) {
      documents.push(update);
      continue;
    }
    const combatant = members.get(update.actorId);
    const kept: Record<string, WwnUpdate["changes"][string]> = {};
    for (const [path, value] of Object.entries(update.changes)) {
      const field = path.startsWith(ACTIONS_PREFIX)
        ? actionKey(path.slice(ACTIONS_PREFIX.length))
        : path === FIELD_PATHS.grappling
          ? GRAPPLING_KEY
          : null;
      if (field === null) kept[path] = value;
      else if (combatant !== undefined) ledger.push({ combatantId: combatant, key: field, value });
    }
    if (Object.keys(kept).length > 0) documents.push({ ...update, changes: kept });
  }
  return { documents, ledger };
}

/**
 * Writes a rule's outcome on the referee: the documents in batches (adapter.ts) and the ledger
 * entries, with any `extra` ones, in one Combat update.
 */
export async function applyWwnOutcome(
  updates: readonly WwnUpdate[],
  combat: CombatLike | null,
  extra: readonly LedgerWrite[] = [],
): Promise<void> {
  const { documents, ledger } = splitOutcome(updates, combat);
  const writes = [...ledger, ...extra, ...(combat === null ? [] : roundMarks(documents, combat))];
  if (combat !== null && writes.length > 0) await combat.update(ledgerChanges(writes));
  if (documents.length > 0) await applyWwnUpdates(documents);
}

/* ------------------------------------------------------------------------------------------ */
/*  What stops a spell this round                                                               */
/* ------------------------------------------------------------------------------------------ */

/** The ledger key of each mark that stops a spell, whose value is the round it was set in. */
export const MARK_KEYS = {
  hurt: "wwn_hurtRound",
  hand: "wwn_handRound",
  jostled: "wwn_jostledRound",
} as const;
export type RoundMark = keyof typeof MARK_KEYS;

/**
 * The ledger marks of document changes about to be written: a member readying or stowing an item,
 * stamped with the combat's round. (Hit points lost are marked by the actor's model: marks.ts.)
 */
function roundMarks(documents: readonly WwnUpdate[], combat: CombatLike): LedgerWrite[] {
  const members = membersByRulesId(combat);
  const round = turnStateOf(combat).round;
  const marks: LedgerWrite[] = [];
  for (const update of documents) {
    const combatant = members.get(update.actorId);
    if (combatant === undefined) continue;
    if (update.itemId !== undefined && Object.hasOwn(update.changes, ITEM_FIELD_PATHS.readied)) {
      marks.push({ combatantId: combatant, key: MARK_KEYS.hand, value: round });
    }
  }
  return marks;
}

/** Whether the referee marked the combatant (hurt, hand busy, jostled) in the current round. */
export function markedThisRound(fight: Fight | null, mark: RoundMark): boolean {
  return fight !== null && markedSince(fight, mark, turnStateOf(fight.combat).round);
}

/** Whether the referee marked the combatant in round `round` or later. */
export function markedSince(fight: Fight, mark: RoundMark, round: number): boolean {
  const value = ledgerEntry(fight.combat, fight.combatant.id ?? "", MARK_KEYS[mark]);
  return typeof value === "number" && value >= round;
}
