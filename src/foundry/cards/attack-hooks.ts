/**
 * The attack hooks of the one card protocol (api/hooks.ts names them), fired by the driver for
 * every ruleset whose declaration and card describe their attack, so a ruleset adds one line per
 * strategy, not a hook call per workflow:
 *
 * - a `CardDeclaration` with `attack(intent)` (the ids it declares): `fray.preAttack` on the
 *   declaring client, before anything is sent; a handler returning false stops the declaration;
 * - a `CardStrategy` with `attack(card)` (an `AttackView`: who attacks whom, the result once
 *   there is one, whether it was applied): on the referee, around each press and declaration,
 *   `fray.attackResolved` when the card got its result and `fray.damageApplied` when its damage
 *   was written; before a step marked `appliesDamage` runs (pressed, or the referee's own
 *   follow-up), `fray.preApplyDamage`, which may stop the write.
 */
import { FRAY_HOOKS, announce, mayProceed } from "../api/hooks.ts";

/** What a declaration declares, for `fray.preAttack`. */
export interface AttackIds {
  readonly attackerId: string;
  /** The weapon's item id, "" or null for none. */
  readonly weaponId: string | null;
  readonly targetId: string;
}

/** An attack card as modules hear of it. */
export interface AttackView {
  readonly attackerId: string;
  readonly targetId: string;
  /** The attack's result once the card has one (a hit or a miss, the damage it shows); else null. */
  readonly result: { readonly hit: boolean; readonly damage: number } | null;
  /** Whether the card's result has been written to the target. */
  readonly applied: boolean;
}

/**
 * An attack card as modules hear of it, from its attacker's and defender's ids, its result (null
 * before there is one) and whether that result was written (a strategy's `attack`).
 */
export function attackView(
  card: { readonly attackerId: string; readonly defenderId: string },
  result: AttackView["result"],
  applied: boolean,
): AttackView {
  return { attackerId: card.attackerId, targetId: card.defenderId, result, applied };
}

/** A card's result whose damage is what its damage roll deals (`dealt`; none on a miss). */
export function dealtResult(
  result: { readonly hit: boolean; readonly damage?: { readonly dealt: number } | null } | null,
): AttackView["result"] {
  return result === null ? null : { hit: result.hit, damage: result.damage?.dealt ?? 0 };
}

/** The refusal of a declaration or a step a module's handler stopped. */
export const CANCELLED_BY_MODULE = "cancelledByModule";

/** `fray.preAttack` on the declaring client: false when a handler stopped the attack. */
export function allowAttack(kind: string, ids: AttackIds, user: User.Implementation): boolean {
  return mayProceed(FRAY_HOOKS.preAttack, {
    kind,
    attackerId: ids.attackerId,
    weaponId: ids.weaponId === "" ? null : ids.weaponId,
    targetId: ids.targetId,
    userId: user.id ?? "",
  });
}

function damageData(
  kind: string,
  message: ChatMessage.Implementation,
  view: AttackView,
  user: User.Implementation,
) {
  return {
    kind,
    messageId: message.id ?? "",
    actorId: view.targetId,
    attackerId: view.attackerId,
    hit: view.result?.hit ?? false,
    damage: view.result?.damage ?? 0,
    userId: user.id ?? "",
  };
}

/** `fray.preApplyDamage` on the referee, before a step that writes the card's damage. */
export function allowDamage(
  kind: string,
  message: ChatMessage.Implementation,
  view: AttackView,
  user: User.Implementation,
): boolean {
  return mayProceed(FRAY_HOOKS.preApplyDamage, damageData(kind, message, view, user));
}

/** The hooks already fired for a card on this client (the referee's), so each fires once. */
const heard = new WeakMap<object, { resolved: boolean; applied: boolean }>();

/**
 * The card as it stood when the outermost step running on it began, who pressed that step, and
 * how deep the steps running on it nest (the referee's follow-ups run inside a press).
 */
interface Session {
  readonly before: AttackView | null;
  readonly user: User.Implementation;
  depth: number;
}
const sessions = new WeakMap<object, Session>();

/**
 * Fires what a card's change brought about, from the card `before` to `after`: its result
 * (`fray.attackResolved`), then the write of its damage (`fray.damageApplied`); each once per
 * card, however the steps that brought them nest.
 */
export function announceOutcome(
  kind: string,
  message: ChatMessage.Implementation,
  before: AttackView | null,
  after: AttackView | null,
  user: User.Implementation,
): void {
  if (after === null) return;
  const done = heard.get(message) ?? { resolved: false, applied: false };
  heard.set(message, done);
  if (after.result !== null && (before?.result ?? null) === null && !done.resolved) {
    done.resolved = true;
    announce(FRAY_HOOKS.attackResolved, {
      kind,
      messageId: message.id ?? "",
      attackerId: after.attackerId,
      targetId: after.targetId,
      hit: after.result.hit,
      damage: after.result.damage,
      userId: user.id ?? "",
    });
  }
  if (after.applied && before?.applied !== true && !done.applied) {
    done.applied = true;
    announce(FRAY_HOOKS.damageApplied, damageData(kind, message, after, user));
  }
}

/**
 * Cards the referee posted whose declaration has not been told to modules yet, with the user
 * who declared them: a step the referee takes on such a card before its declaration returns (an
 * automatic Apply) first tells the result the declaration brought.
 */
const declared = new WeakMap<object, User.Implementation>();

/** A card was posted for `user`'s declaration (its outcome is told when the declaration ends). */
export function cardPosted(message: ChatMessage.Implementation, user: User.Implementation): void {
  declared.set(message, user);
}

/** The declaration that posted the card ended: what it brought about is told from here on. */
export function declarationTold(message: ChatMessage.Implementation): void {
  declared.delete(message);
}

/**
 * Before a step that runs inside another on the same card (the referee's follow-up), or inside
 * the declaration that posted it: tells what the card already brought about, so modules hear of
 * a result before the write of its damage.
 */
export function announceSoFar(
  kind: string,
  message: ChatMessage.Implementation,
  now: AttackView | null,
): void {
  const session = sessions.get(message);
  if (session !== undefined) {
    announceOutcome(kind, message, session.before, now, session.user);
    return;
  }
  const declarer = declared.get(message);
  if (declarer !== undefined) announceOutcome(kind, message, null, now, declarer);
}

/**
 * Runs a step of an attack card on the referee and then fires what it brought about, measured
 * from the card as it stood before the outermost step on it, in the name of that step's presser.
 */
export async function watchStep<T extends { readonly ok: boolean }>(
  kind: string,
  message: ChatMessage.Implementation,
  viewNow: () => AttackView | null,
  user: User.Implementation,
  step: () => Promise<T>,
): Promise<T> {
  const session = sessions.get(message) ?? { before: viewNow(), user, depth: 0 };
  sessions.set(message, session);
  session.depth += 1;
  try {
    const outcome = await step();
    if (outcome.ok) announceOutcome(kind, message, session.before, viewNow(), session.user);
    return outcome;
  } finally {
    session.depth -= 1;
    if (session.depth === 0) sessions.delete(message);
  }
}
