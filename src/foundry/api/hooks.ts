/**
 * Fray's hooks for modules: their names and the plain data each hands its handlers (ids,
 * numbers, names; never a document), frozen so one handler cannot change what the next sees.
 * Each fires once, on the client that did the work: the declaring client for `fray.preAttack`,
 * the referee (the active GM) for what a card's step resolves and for the combat's transitions,
 * the writing client for a status. docs/api.md documents each with its arguments.
 *
 * Where they are fired: cards/protocol.ts (attacks and damage, for every ruleset whose strategy
 * describes its attack: `CardDeclaration.attack`, `CardStrategy.attack`), combat/turn-hooks.ts
 * (turns and phases), statuses.ts and hud/statuses.ts (statuses), movement/register.ts
 * (`fray.moved`), init.ts (`fray.ready`).
 */
import type { Phase } from "../../rules/combat/types.ts";

/** Every hook Fray fires, by its short name. */
export const FRAY_HOOKS = {
  /** An attack is about to be declared; a handler returning false stops it (nothing is sent). */
  preAttack: "fray.preAttack",
  /** An attack's card has its result (hit or miss, the damage it shows). */
  attackResolved: "fray.attackResolved",
  /** A card is about to write its damage; a handler returning false stops the write. */
  preApplyDamage: "fray.preApplyDamage",
  /** A card wrote its damage. */
  damageApplied: "fray.damageApplied",
  /** A status was set on or taken off an actor. */
  statusChanged: "fray.statusChanged",
  /** A combatant's turn started. */
  turnStarted: "fray.turnStarted",
  /** The combat moved to another phase of its round (a team's, a combatant's, a round event). */
  phaseChanged: "fray.phaseChanged",
  /** A token's move was settled by the referee: paid (in a fight) or free (outside one). */
  moved: "fray.moved",
  /** Fray is ready: its API is at `game.system.api` and the world's data is up to date. */
  ready: "fray.ready",
} as const;

export type FrayHookName = (typeof FRAY_HOOKS)[keyof typeof FRAY_HOOKS];

/** `fray.preAttack`: who attacks whom with what, as declared (before any check of the referee). */
export interface PreAttackData {
  /** The card kind declared, e.g. "dicepool.attack". */
  readonly kind: string;
  /** The attacker: an actor id, or a token actor's uuid. */
  readonly attackerId: string;
  /** The weapon's item id on the attacker; null for bare hands or no weapon. */
  readonly weaponId: string | null;
  /** The target: an actor id, or a token actor's uuid. */
  readonly targetId: string;
  /** The declaring user. */
  readonly userId: string;
}

/** `fray.attackResolved`: an attack card's result. */
export interface AttackResolvedData {
  readonly kind: string;
  /** The card's chat message id. */
  readonly messageId: string;
  readonly attackerId: string;
  readonly targetId: string;
  readonly hit: boolean;
  /** The damage the card shows (0 for a miss). */
  readonly damage: number;
  /** The user whose press (or declaration) brought the result. */
  readonly userId: string;
}

/** `fray.preApplyDamage` and `fray.damageApplied`: a card's damage on its target. */
export interface DamageData {
  readonly kind: string;
  readonly messageId: string;
  /** The actor the damage lands on (the card's target). */
  readonly actorId: string;
  readonly attackerId: string;
  readonly hit: boolean;
  /** Before the write: the damage the card shows; after it: the damage written. */
  readonly damage: number;
  /** The user whose press applies it (the referee itself when it applies on its own). */
  readonly userId: string;
}

/** `fray.statusChanged`: one status of one actor. */
export interface StatusChangedData {
  /** The actor: an actor id, or a token actor's uuid. */
  readonly actorId: string;
  /** The status id (CONFIG.statusEffects), e.g. "prone". */
  readonly statusId: string;
  /** Whether the actor has it now. */
  readonly active: boolean;
  /** The user who wrote the change. */
  readonly userId: string;
}

/** `fray.turnStarted`: a combatant's turn. */
export interface TurnStartedData {
  readonly combatId: string;
  readonly round: number;
  readonly combatantId: string;
  /** The combatant's actor id (a token actor's uuid), or null without an actor. */
  readonly actorId: string | null;
  /** The team (CombatantGroup) id, "" when it has none. */
  readonly teamId: string;
}

/** A phase of a round, as `fray.phaseChanged` hands it. */
export type PhaseData = Phase;

/** `fray.phaseChanged`: where the round is now, and where it was. */
export interface PhaseChangedData {
  readonly combatId: string;
  readonly round: number;
  /** The phase now (null: nobody can act in this round). */
  readonly phase: PhaseData | null;
  readonly previousRound: number;
  readonly previous: PhaseData | null;
  /** Whether an undo went back to it. */
  readonly undone: boolean;
}

/** `fray.moved`: a token's move as the referee settled it. */
export interface MovedData {
  /** The token's actor: an actor id, or a token actor's uuid. */
  readonly actorId: string;
  readonly tokenId: string;
  /** Where the move began and ended (canvas pixels, core's waypoints). */
  readonly from: { readonly x: number; readonly y: number };
  readonly to: { readonly x: number; readonly y: number };
  /** The movement action of its last step (walk, crawl …). */
  readonly action: string;
  /** What it cost in the ruleset's currency; null for a free move (no started fight). */
  readonly cost: { readonly currency: string; readonly amount: number } | null;
  /** The user who moved the token. */
  readonly userId: string;
}

/** `fray.ready`: the ruleset the world plays and Fray's version. */
export interface ReadyData {
  readonly ruleset: string;
  readonly version: string;
}

/** The data each hook hands its handlers. */
export interface FrayHookData {
  "fray.preAttack": PreAttackData;
  "fray.attackResolved": AttackResolvedData;
  "fray.preApplyDamage": DamageData;
  "fray.damageApplied": DamageData;
  "fray.statusChanged": StatusChangedData;
  "fray.turnStarted": TurnStartedData;
  "fray.phaseChanged": PhaseChangedData;
  "fray.moved": MovedData;
  "fray.ready": ReadyData;
}

/**
 * Core's `Hooks` with a hook named by any string (fvtt-types lists core's own hooks only; its
 * overloads take any name at run time, as core does).
 */
interface AnyHooks {
  call(hook: string, ...args: unknown[]): boolean;
  callAll(hook: string, ...args: unknown[]): boolean;
}
const anyHooks = (): AnyHooks => Hooks;

/** Tells every handler; none may stop anything. */
export function announce<H extends keyof FrayHookData>(hook: H, data: FrayHookData[H]): void {
  anyHooks().callAll(hook, Object.freeze({ ...data }));
}

/** Asks the handlers first: false when one of them returned false (the caller stops). */
export function mayProceed<H extends keyof FrayHookData>(hook: H, data: FrayHookData[H]): boolean {
  return anyHooks().call(hook, Object.freeze({ ...data }));
}
