/**
 * Picking a target by a fighter's tactic, the same for every ruleset: among the foes a fighter may
 * attack, the nearest (by position; without positions, the first by id), the weakest (least
 * health left, then by id), or one at random (a die the size of the candidate list).
 */
import type { DiceSource } from "../core/dice.ts";
import type { SimPosition, TargetRule } from "./types.ts";

export interface TargetView {
  /** Rank of the fighter's id in sorted order: the stable tie-break. */
  readonly idRank: number;
  readonly position?: SimPosition;
}

/**
 * The index of the chosen target among `count` fighters, or -1 when none may be attacked.
 * `eligible(i)` says whether fighter i is a foe that may be attacked now; `health(i)` how much it
 * has left. Draws a die only for the random rule, and only when there is a choice.
 */
export function pickTarget(
  rule: TargetRule,
  me: TargetView,
  views: readonly TargetView[],
  eligible: (i: number) => boolean,
  health: (i: number) => number,
  dice: DiceSource,
): number {
  let best = -1;
  let bestKey = 0;
  // Kept with `best` (reading views[-1] would be a slow named-property lookup on every call).
  let bestRank = 0;
  let candidates = 0;
  for (let i = 0; i < views.length; i++) {
    if (!eligible(i)) continue;
    candidates++;
    const view = views[i];
    if (view === undefined) continue;
    let key = 0;
    if (rule === "weakest") key = health(i);
    else if (rule === "nearest" && me.position !== undefined && view.position !== undefined) {
      const dx = view.position.x - me.position.x;
      const dy = view.position.y - me.position.y;
      key = dx * dx + dy * dy;
    }
    if (best < 0 || key < bestKey || (key === bestKey && view.idRank < bestRank)) {
      best = i;
      bestKey = key;
      bestRank = view.idRank;
    }
  }
  if (rule !== "random" || candidates <= 1) return best;
  let k = dice.roll(candidates) - 1;
  for (let i = 0; i < views.length; i++) {
    if (!eligible(i)) continue;
    if (k === 0) return i;
    k--;
  }
  return best;
}

/** Each id's rank in sorted order (the stable tie-break between equal candidates). */
export function idRanks(ids: readonly string[]): number[] {
  const sorted = [...ids].sort((a, b) => a.localeCompare(b));
  return ids.map((id) => sorted.indexOf(id));
}
