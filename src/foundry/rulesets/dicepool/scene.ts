/**
 * The dice-pool attack's situation as the scene decides it (scene/situation.ts), in the book's
 * words: cover from the walls (light: large parts of the target seen, medium: small parts, full:
 * none; full cover still lets the attacker fire blindly through it, so nothing refuses it) and
 * the spaces between the tokens (a close attack needs the same space). The dialog opens with
 * these and their sentences; the referee measures them again and refuses a claim of less cover
 * than the walls give (scene/claims.ts). The GM's confirmation on the card stays the GM's call.
 */
import type { Refusal } from "../../../rules/core/result.ts";
import type { CoverKind } from "../../../rules/dicepool/options.ts";
import { atLeastScene, coverIn } from "../../scene/claims.ts";
import { sceneCallEntry } from "../../scene/card-calls.ts";
import type { SceneCallEntry } from "../../scene/card-calls.ts";
import { sceneSituation } from "../../scene/situation.ts";
import { i18n } from "../../shared/env.ts";
import type { SceneCall, SceneSituation } from "../../scene/situation.ts";
import { COVERS } from "./cards/attack-card.ts";
import type { DicepoolChoice } from "./attack/dialog.ts";

const COVER_WORDS = { none: "none", light: "light", heavy: "medium", full: "full" } as const;

/** What the scene says of one dice-pool attack. */
export interface DicepoolScene {
  readonly situation: SceneSituation;
  readonly cover: SceneCall<CoverKind>;
}

/** The scene between the actors' tokens, or null when they do not stand on one scene. */
export function dicepoolScene(
  attacker: Actor.Implementation,
  target: Actor.Implementation,
): DicepoolScene | null {
  const situation = sceneSituation(attacker, target);
  const cover = situation === null ? null : coverIn(situation, COVER_WORDS);
  return situation === null || cover === null ? null : { situation, cover };
}

/** What the dialog opens with: the scene's cover and the sentences saying why. */
export function dicepoolScenePrefill(scene: DicepoolScene): {
  choice: Pick<DicepoolChoice, "cover">;
  notes: string[];
} {
  return {
    choice: { cover: scene.cover.value },
    notes: [scene.cover.source],
  };
}

/**
 * The GM's card's line of the situation (scene/card-calls.ts): the walls' cover as the scene
 * decided it, as `claimant` claimed it, and as the referee played it.
 */
export function dicepoolSceneCalls(
  scene: DicepoolScene,
  claimed: DicepoolChoice,
  played: DicepoolChoice,
  claimant: string,
): SceneCallEntry[] {
  const word = (value: CoverKind) => i18n().localize(`FRAY.Dicepool.Cover.${value}`);
  const factor = { name: "cover", scene: scene.cover, claimed: claimed.cover, word };
  return [sceneCallEntry({ ...factor, played: played.cover }, claimant)];
}

/** The referee's settling of a player's choice: at least the walls' cover, or the refusal. */
export function settleDicepoolAgainstScene<C extends DicepoolChoice>(
  scene: DicepoolScene,
  claimed: C,
): C | Refusal {
  const cover = atLeastScene(scene.cover, claimed.cover, COVERS);
  return cover.ok ? { ...claimed, cover: cover.value } : cover;
}
