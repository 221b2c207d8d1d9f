/**
 * Which combat an actor fights in, and the referee's ledger: the per-combatant state that settles
 * other owners' outcomes (action budgets, grapples held, the GM's calls), kept where only the GM
 * can write it.
 *
 * Why the Combat's flags: core v13's server lets a player update their own actor's `system` with
 * any value (it does not run a system's DataModels) and their own Combatant's `initiative`,
 * `flags`, `defeated` and `system` (BaseCombatant#canUpdate, schema 13.341; v12 did not allow
 * `system`), but of a Combat only `round`, `turn` and combatant changes each combatant allows
 * (BaseCombat#canUpdate), never its flags; so a value under `flags.fray.ledger` was written by a
 * GM, while nothing on a Combatant is. The referee reads budgets and grapples
 * from here, never from the requester's actor, and writes them in the same single Combat update
 * as the rest of its step (`ledgerChanges`), so a round advance stays one Combat write.
 *
 * `combatOf` replaces `game.combat` for rules: core's `game.combat` is the combat of the scene
 * the user is *viewing*, so on the GM's client it switches off while the GM prepares another
 * scene, and a player on another scene would act freely.
 */
import { SYSTEM_ID } from "../constants.ts";
import { turnStateOf } from "./state.ts";
import type { CombatLike, CombatantLike } from "./state.ts";

/** Whether this combatant stands for the actor: a linked actor by id, a token's actor by token. */
export function standsFor(combatant: CombatantLike, actor: Actor.Implementation): boolean {
  if (actor.isToken) return combatant.tokenId === (actor.token?.id ?? null);
  return combatant.actorId === actor.id && (combatant.token?.actorLink ?? true);
}

/** The scene the actor's token stands on (the token's own for a token actor), or null. */
function sceneIdOf(actor: Actor.Implementation): string | null {
  if (actor.isToken) return actor.token?.parent?.id ?? null;
  const token = actor.getActiveTokens()[0] as
    { document?: { parent?: { id?: string } } } | undefined;
  return token?.document?.parent?.id ?? null;
}

/** Every combat of the world, as core's collection holds them (it iterates its values). */
function worldCombats(): CombatLike[] {
  return (game.combats?.contents ?? []) as CombatLike[];
}

/**
 * The started Fray combat the actor fights in, and its combatant, or null when it fights in none.
 * A token actor is found by its token; a linked actor by its id. When it fights in more than one
 * started combat, the one on the scene its token stands on wins, then the active one.
 */
export function fightOf(
  actor: Actor.Implementation,
): { combat: CombatLike; combatant: CombatantLike } | null {
  const found: { combat: CombatLike; combatant: CombatantLike }[] = [];
  for (const combat of worldCombats()) {
    if (turnStateOf(combat).round < 1) continue;
    const combatant = combat.combatants.contents.find((c) => standsFor(c, actor));
    if (combatant !== undefined) found.push({ combat, combatant });
  }
  if (found.length <= 1) return found[0] ?? null;
  const scene = sceneIdOf(actor);
  const rank = (f: { combat: CombatLike }) =>
    ((f.combat.scene?.id ?? null) === scene ? 2 : 0) + (f.combat.active ? 1 : 0);
  return found.reduce((best, f) => (rank(f) > rank(best) ? f : best));
}

/** The started Fray combat the actor fights in, or null (see `fightOf`). */
export function combatOf(actor: Actor.Implementation): CombatLike | null {
  return fightOf(actor)?.combat ?? null;
}

/** The ledger's entries of one combat: combatant id → key → value. */
type Ledger = Record<string, Record<string, unknown> | undefined>;

function ledgerOfCombat(combat: CombatLike): Ledger {
  const flags = combat.flags as unknown as Record<string, { ledger?: unknown } | undefined>;
  const ledger = flags[SYSTEM_ID]?.ledger;
  return typeof ledger === "object" && ledger !== null ? (ledger as Ledger) : {};
}

/**
 * The value the referee recorded under `key` for a combatant, or undefined when it recorded none.
 * Only the own entries of the stored objects are read, so an id or key such as `constructor` or
 * `__proto__` finds nothing.
 */
export function ledgerEntry(combat: CombatLike, combatantId: string, key: string): unknown {
  const ledger = ledgerOfCombat(combat);
  if (!Object.hasOwn(ledger, combatantId)) return undefined;
  const entries: unknown = ledger[combatantId];
  if (typeof entries !== "object" || entries === null || !Object.hasOwn(entries, key)) {
    return undefined;
  }
  return (entries as Record<string, unknown>)[key];
}

/** One value for the ledger: a combatant's entry under a key. */
export interface LedgerWrite {
  readonly combatantId: string;
  readonly key: string;
  readonly value: unknown;
}

const SAFE_PART = /^[A-Za-z0-9_-]+$/;

/**
 * The Combat update data that records these values (dotted keys, for the referee's one Combat
 * update of its step). A value replaces what was there; write whole objects with every field, as
 * core merges an object into the stored one key by key. Ids and keys that are not plain names
 * (a dot would open another path) are left out.
 */
export function ledgerChanges(writes: readonly LedgerWrite[]): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const { combatantId, key, value } of writes) {
    if (!SAFE_PART.test(combatantId) || !SAFE_PART.test(key)) continue;
    changes[`flags.${SYSTEM_ID}.ledger.${combatantId}.${key}`] = value;
  }
  return changes;
}

/**
 * What the referee recorded under `key` for the actor in the started combat it fights in
 * (`fightOf`); undefined when it fights in none or nothing was recorded yet.
 */
export function actorLedgerEntry(actor: Actor.Implementation, key: string): unknown {
  const fight = fightOf(actor);
  return fight === null ? undefined : ledgerEntry(fight.combat, fight.combatant.id ?? "", key);
}

/** One value for the ledger of the combat an actor fights in. */
export interface ActorLedgerWrite {
  readonly actor: Actor.Implementation;
  readonly key: string;
  readonly value: unknown;
}

/**
 * Records values for actors in the started combats they fight in (on the active GM): one Combat
 * update per combat, whatever the number of actors. An actor that fights in no started combat is
 * left out: outside a fight nothing is budgeted.
 */
export async function recordForActors(writes: readonly ActorLedgerWrite[]): Promise<void> {
  const byCombat = new Map<CombatLike, LedgerWrite[]>();
  for (const { actor, key, value } of writes) {
    const fight = fightOf(actor);
    if (fight === null) continue;
    const list = byCombat.get(fight.combat) ?? [];
    list.push({ combatantId: fight.combatant.id ?? "", key, value });
    byCombat.set(fight.combat, list);
  }
  for (const [combat, list] of byCombat) {
    const changes = ledgerChanges(list);
    if (Object.keys(changes).length > 0) await combat.update(changes);
  }
}
