/**
 * What the GM's attack card says of the situation (issue 25): for each factor the scene measures
 * (cover, flanked, in reach, a foe at hand, sight, moved …) what the referee played and where it
 * came from: the scene's sentence ("scene: Light cover: a wall between you hides part of Vex"),
 * or the player's claim ("claimed by Alice"). Where the claim differs from what the scene decided,
 * the card shows both and whose call stands: the scene's (the referee plays it: scene/claims.ts)
 * or the claim (where the book leaves it to judgement: more cover than the walls draw, a turn the
 * map does not record).
 *
 * One shape for every ruleset's attack card, shown by one partial (SCENE_CALLS_PARTIAL,
 * templates/cards/parts/situation.hbs) that each card template includes; each ruleset names its
 * factors in its scene.ts. The words are the referee's (the card is rendered on the referee).
 */
import { i18n } from "../shared/env.ts";
import type { SceneCall } from "./situation.ts";

/** One factor of the situation as the card shows it. */
export interface SceneCallEntry {
  /** The factor's name, in words ("Cover"). */
  readonly factor: string;
  /** What the referee played, in words ("Half cover"). */
  readonly played: string;
  /** Whose call was played: the scene's or the claim's. */
  readonly from: "scene" | "claim";
  /** What the scene said and why, or null when it says nothing of this factor. */
  readonly scene: string | null;
  /** The claim in words ("claimed by Alice: Full cover") when it is what was played or differs. */
  readonly claim: string | null;
  /** The claim differs from what the scene decided. */
  readonly differs: boolean;
  /** When they differ: whose call stands, in words. */
  readonly verdict: string | null;
}

/** One factor as a ruleset names it: the scene's call, the claim and what the referee played. */
export interface Factor<T> {
  /** Its name under FRAY.Scene.Factor (cover, flanked, adjacent …). */
  readonly name: string;
  /** The scene's call, or null when the scene says nothing of it. */
  readonly scene: SceneCall<T> | null;
  /** What the player claimed (undefined: nothing). */
  readonly claimed: T | undefined;
  readonly played: T;
  /** A value in the ruleset's words. */
  readonly word: (value: T) => string;
}

/** A yes-or-no factor's value in words. */
export function yesNo(value: boolean): string {
  return i18n().localize(`FRAY.Scene.Card.${value ? "Yes" : "No"}`);
}

/** The card's line of one factor; `claimant` is the declaring user's name. */
export function sceneCallEntry<T>(factor: Factor<T>, claimant: string): SceneCallEntry {
  const loc = i18n();
  const { scene, claimed, played, word } = factor;
  const fromScene = scene !== null && played === scene.value;
  const differs = scene !== null && claimed !== undefined && claimed !== scene.value;
  const showClaim = claimed !== undefined && (differs || !fromScene);
  return {
    factor: loc.localize(`FRAY.Scene.Factor.${factor.name}`),
    played: word(played),
    from: fromScene ? "scene" : "claim",
    scene: scene?.source ?? null,
    claim: showClaim
      ? loc.format("FRAY.Scene.Card.Claimed", { user: claimant, value: word(claimed) })
      : null,
    differs,
    verdict: differs
      ? loc.localize(`FRAY.Scene.Card.${fromScene ? "SceneStands" : "ClaimStands"}`)
      : null,
  };
}

/** The card field of a ruleset's factors: `{ sceneCalls }`, or nothing when there are none. */
export function sceneCallsField(entries: readonly SceneCallEntry[]): {
  sceneCalls?: readonly SceneCallEntry[];
} {
  return entries.length === 0 ? {} : { sceneCalls: entries };
}
