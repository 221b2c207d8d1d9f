/**
 * The Worldlines attack's situation as the scene decides it (scene/situation.ts), in the book's
 * words: cover from the walls (light: half cover, heavy: full cover; a target every line to which
 * a wall blocks cannot be attacked at all), flanked (two of the attacker's side, still active, on
 * opposite sides of the target) and poor visibility when a wall that stops sight hides the
 * target, it stands in darkness (scene/light.ts) or either stands in smoke or fog (a Region the
 * GM marked as obscuring, `flags.fray.obscures`, scene/areas.ts). The dialog opens with these
 * and their sentences (a melee attack also hears whether the target stands in reach: the book
 * names reach only for Opportunity Attacks, so it is shown, not enforced); the referee measures them again and refuses a claim the scene contradicts
 * (scene/claims.ts).
 */
import { refuse } from "../../../rules/core/result.ts";
import type { Refusal } from "../../../rules/core/result.ts";
import type { AttackSituation, Cover } from "../../../rules/worldlines/index.ts";
import type { CoverLevel } from "../../../rules/scene/index.ts";
import { atLeastScene, sceneHelps, sceneHinders } from "../../scene/claims.ts";
import { sceneCallEntry, yesNo } from "../../scene/card-calls.ts";
import type { SceneCallEntry } from "../../scene/card-calls.ts";
import { situationOfTokens } from "../../scene/situation.ts";
import { i18n } from "../../shared/env.ts";
import { coverCallIn } from "../../scene/situation.ts";
import type { SceneCall, SceneSituation } from "../../scene/situation.ts";
import { tokenOf, tokenOn } from "../../shared/scene.ts";
import type { SceneToken } from "../../shared/scene.ts";
import type { WorldlinesActorSystem } from "./adapter.ts";

const COVERS: readonly Cover[] = ["none", "half", "full"];
const COVER_OF: Readonly<Record<Exclude<CoverLevel, "full">, Cover>> = {
  none: "none",
  light: "half",
  heavy: "full",
};

/** A token whose actor still fights (its life state "active"): only those flank. */
function active(token: SceneToken): boolean {
  const system = token.actor?.system as unknown as Partial<WorldlinesActorSystem> | undefined;
  return system?.life === "active";
}

/** The scene between the actors' tokens, or null when they do not stand on one scene. */
export function worldlinesScene(
  attacker: Actor.Implementation,
  target: Actor.Implementation,
): SceneSituation | null {
  const from = tokenOf(attacker);
  const scene = from?.parent ?? null;
  const to = scene === null ? null : tokenOn(scene, target);
  if (from === null || scene === null || to === null) return null;
  return situationOfTokens(scene, from, to, { fights: active });
}

/**
 * Poor visibility as the scene makes it: a wall hides the target, it stands in darkness, or
 * either stands in smoke or fog (a Region the GM marked as obscuring: the book's "within area").
 */
function visibilityCall(scene: SceneSituation): SceneCall<boolean> {
  if (!scene.seen.value) return { value: true, source: scene.seen.source };
  if (scene.targetDark.value || !scene.obscured.value) return scene.targetDark;
  return scene.obscured;
}

/** What the dialog opens with: the scene's calls and the sentences saying why. */
export function scenePrefill(
  scene: SceneSituation,
  melee: boolean,
): { situation: Pick<AttackSituation, "cover" | "flanked" | "poorVisibility">; notes: string[] } {
  const cover = coverCallIn(scene, COVER_OF);
  return {
    situation: {
      cover: cover?.value ?? "full",
      flanked: scene.flanked.value,
      poorVisibility: visibilityCall(scene).value,
    },
    notes: [
      ...(melee ? [scene.adjacent.source] : []),
      scene.cover.source,
      scene.flanked.source,
      scene.seen.source,
      ...(scene.targetDark.value ? [scene.targetDark.source] : []),
      ...(scene.obscured.value ? [scene.obscured.source] : []),
    ],
  };
}

/**
 * The GM's card's lines of the situation (scene/card-calls.ts): cover, flanked and poor visibility
 * as the scene decided them, as `claimant` claimed them, and as the referee played them.
 */
export function worldlinesSceneCalls(
  scene: SceneSituation,
  claimed: AttackSituation,
  played: AttackSituation,
  claimant: string,
): SceneCallEntry[] {
  const cover = (value: Cover) => i18n().localize(`FRAY.Worldlines.Attack.Cover.${value}`);
  return [
    sceneCallEntry(
      {
        name: "cover",
        scene: coverCallIn(scene, COVER_OF),
        claimed: claimed.cover,
        played: played.cover ?? "none",
        word: cover,
      },
      claimant,
    ),
    sceneCallEntry(
      {
        name: "flanked",
        scene: scene.flanked,
        claimed: claimed.flanked,
        played: played.flanked ?? false,
        word: yesNo,
      },
      claimant,
    ),
    sceneCallEntry(
      {
        name: "visibility",
        scene: visibilityCall(scene),
        claimed: claimed.poorVisibility,
        played: played.poorVisibility ?? false,
        word: yesNo,
      },
      claimant,
    ),
  ];
}

/**
 * The referee's settling of a player's situation against the scene: the scene's calls replace or
 * bound the claims, or the attack is refused (no line to the target, a claim the scene
 * contradicts).
 */
export function settleAgainstScene<S extends AttackSituation>(
  scene: SceneSituation,
  claimed: S,
): S | Refusal {
  const cover = coverCallIn(scene, COVER_OF);
  if (cover === null) return refuse("noLineOfAttack", { source: scene.cover.source });
  const settledCover = atLeastScene(cover, claimed.cover, COVERS);
  if (!settledCover.ok) return settledCover;
  const flanked = sceneHelps(scene.flanked, claimed.flanked);
  if (!flanked.ok) return flanked;
  const poorVisibility = sceneHinders(visibilityCall(scene), claimed.poorVisibility);
  if (!poorVisibility.ok) return poorVisibility;
  return {
    ...claimed,
    cover: settledCover.value,
    flanked: flanked.value,
    poorVisibility: poorVisibility.value,
  };
}
