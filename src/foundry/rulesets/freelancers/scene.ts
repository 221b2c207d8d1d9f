/**
 * The Freelancers attack's situation as the scene decides it (scene/situation.ts), in the book's
 * words: cover from the walls (light, heavy, full: the world's cover table says what each does,
 * full cover cannot be targeted), whether the target is engaged in melee with someone of the
 * attacker's side (attacking into melee is unfavorable; engaged.ts measures melee reach as the
 * book does), and whether the defender sees the attacker (a wall that stops sight, or the attacker
 * in darkness, scene/light.ts:
 * an unseen attack gets no favorable Dodge). The distance is measured on the scene already
 * (attack/declare.ts). The dialog opens with these and their sentences; the referee measures
 * them again and refuses a claim the scene contradicts (scene/claims.ts).
 */
import type { Refusal } from "../../../rules/core/result.ts";
import type { Cover } from "../../../rules/freelancers/attack.ts";
import { atLeastScene, coverIn, noLineOfAttack } from "../../scene/claims.ts";
import { sceneCallEntry, yesNo } from "../../scene/card-calls.ts";
import type { SceneCallEntry } from "../../scene/card-calls.ts";
import { sceneSituation } from "../../scene/situation.ts";
import type { SceneCall, SceneSituation } from "../../scene/situation.ts";
import { combatantId, resolveActor } from "../../shared/actors.ts";
import { i18n } from "../../shared/env.ts";
import type { FlChoices } from "./attack/declare.ts";
import { flEngagedBy } from "./engaged.ts";

const COVERS: readonly Cover[] = ["none", "light", "heavy", "full"];
/** The walls' levels are the book's own: full cover is named, and refused as a target. */
const COVER_WORDS = { none: "none", light: "light", heavy: "heavy" } as const;

/** What the scene says of one Freelancers attack. */
export interface FlScene {
  readonly situation: SceneSituation;
  readonly cover: SceneCall<Cover> | null;
  /** The target is in melee with someone of the attacker's side (the attacker not counted). */
  readonly engaged: SceneCall<boolean>;
  /** The defender sees the attacker: no wall hides it and it does not stand in darkness. */
  readonly seen: SceneCall<boolean>;
}

/** The scene between the actors' tokens, or null when they do not stand on one scene. */
export function flScene(
  attacker: Actor.Implementation,
  target: Actor.Implementation,
): FlScene | null {
  const situation = sceneSituation(attacker, target);
  if (situation === null) return null;
  const me = combatantId(attacker);
  const with_ = flEngagedBy(target).filter((id) => id !== me);
  const names = with_.map((id) => resolveActor(id)?.name ?? id).join(", ");
  const loc = i18n();
  return {
    situation,
    cover: coverIn(situation, COVER_WORDS),
    engaged: {
      value: with_.length > 0,
      source:
        with_.length > 0
          ? loc.format("FRAY.Scene.Source.TargetEngaged", { target: target.name, names })
          : loc.format("FRAY.Scene.Source.TargetFree", { target: target.name }),
    },
    seen: situation.attackerDark.value
      ? { value: false, source: situation.attackerDark.source }
      : situation.seen,
  };
}

/** What the dialog opens with: the scene's calls and the sentences saying why. */
export function flScenePrefill(scene: FlScene): {
  choices: Pick<FlChoices, "cover" | "targetEngaged" | "defenderSees">;
  notes: string[];
} {
  return {
    choices: {
      cover: scene.cover?.value ?? "full",
      targetEngaged: scene.engaged.value,
      defenderSees: scene.seen.value,
    },
    notes: [scene.situation.cover.source, scene.engaged.source, scene.seen.source],
  };
}

/**
 * The GM's card's lines of the situation (scene/card-calls.ts): the walls' cover, whether the
 * target is engaged and whether the defender sees the attack; as the scene decided them, as
 * `claimant` claimed them, and as the referee played them.
 */
export function flSceneCalls(
  scene: FlScene,
  claimed: FlChoices,
  played: FlChoices,
  claimant: string,
): SceneCallEntry[] {
  const cover = (value: Cover) => i18n().localize(`FRAY.Freelancers.Cover.${value}`);
  return [
    sceneCallEntry(
      {
        name: "cover",
        scene: scene.cover,
        claimed: claimed.cover,
        played: played.cover,
        word: cover,
      },
      claimant,
    ),
    sceneCallEntry(
      {
        name: "engaged",
        scene: scene.engaged,
        claimed: claimed.targetEngaged,
        played: played.targetEngaged,
        word: yesNo,
      },
      claimant,
    ),
    sceneCallEntry(
      {
        name: "seen",
        scene: scene.seen,
        claimed: claimed.defenderSees,
        played: played.defenderSees ?? true,
        word: yesNo,
      },
      claimant,
    ),
  ];
}

/**
 * The referee's settling of a player's choices against the scene: at least the walls' cover (a
 * claim of less is refused), the target engaged when the scene measures it so (measured like the
 * opponents the attacker provokes, attack/declare.ts: the scene's call, the player's tick only
 * adds what the map does not draw), and the defender seeing the attack only when the scene lets
 * it (whether it sees is the GM's call, never the player's: the scene makes it for a player); no
 * line to the target refuses the attack.
 */
export function settleFlAgainstScene(scene: FlScene, claimed: FlChoices): FlChoices | Refusal {
  if (scene.cover === null) return noLineOfAttack(scene.situation);
  const cover = atLeastScene(scene.cover, claimed.cover, COVERS);
  if (!cover.ok) return cover;
  return {
    ...claimed,
    cover: cover.value,
    targetEngaged: scene.engaged.value || claimed.targetEngaged,
    ...(scene.seen.value ? {} : { defenderSees: false }),
  };
}
