/**
 * Hiding: ducking out of sight (no line of sight either way). Hiding is one combat action and
 * needs no roll; going from hiding to cover is another. A hidden target cannot be shot at
 * (attack.ts, the situation's `hidden`).
 *
 * Where the page is silent (README):
 * - Hiding lasts until the hider does something that shows it: taking cover, aiming, an attack,
 *   a move (a move with "take cover or hide" may end hidden again). Reloading, readying a weapon,
 *   Medicine and other quiet actions keep it hidden.
 * - A hidden character makes no plain attack (it sees nothing to attack): it takes cover first,
 *   or attacks as part of a move, which brings it out.
 */
import { refuse } from "../core/result.ts";
import type { Refusal } from "../core/result.ts";
import type { ActionKind } from "./model.ts";

/** Actions a hider takes without showing itself. */
const QUIET: readonly ActionKind[] = ["hide", "reload", "ready", "medicine", "other"];

/** Attacks a hider cannot make without first leaving its hiding place. */
const PLAIN_ATTACKS: readonly ActionKind[] = ["meleeAttack", "rangedAttack", "autoFire"];

/**
 * Whether the actor is hidden after taking `kind`: hiding hides, a move that ends in hiding
 * (`intoHiding`, move + take cover or hide) hides, a quiet action keeps what was, anything else
 * shows it.
 */
export function hiddenAfter(hidden: boolean, kind: ActionKind, intoHiding = false): boolean {
  if (kind === "hide") return true;
  if (kind === "moveAndCover") return intoHiding;
  return hidden && QUIET.includes(kind);
}

/** Refuses a plain attack from hiding (take cover first, or attack as part of a move). */
export function checkAttackFromHiding(
  hidden: boolean,
  kind: ActionKind,
): Refusal<"attackFromHiding"> | undefined {
  return hidden && PLAIN_ATTACKS.includes(kind) ? refuse("attackFromHiding") : undefined;
}
