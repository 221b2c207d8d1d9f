/**
 * The WWN attack's situation as the scene decides it (scene/situation.ts), in the book's words:
 * cover from the walls (light: at least half behind cover, heavy: almost completely; a target
 * every line to which a wall blocks cannot be attacked), whether the target stands adjacent (a
 * melee attack needs it), and whether a foe stands at the attacker's side (shooting or throwing in
 * melee; a bow cannot). The dialog opens with these and their sentences; the referee measures
 * them again and refuses a claim the scene contradicts (scene/claims.ts). Swarm allies stay the
 * ledger's count (table/swarm.ts); the scene's count is shown beside it.
 */
import { refuse } from "../../../rules/core/result.ts";
import type { Refusal } from "../../../rules/core/result.ts";
import type { CoverLevel } from "../../../rules/scene/index.ts";
import type { AttackSituation } from "../../../rules/wwn/attack.ts";
import type { Cover, WwnWeapon } from "../../../rules/wwn/model.ts";
import { atLeastScene, sceneHelps, sceneHinders } from "../../scene/claims.ts";
import { sceneCallEntry, yesNo } from "../../scene/card-calls.ts";
import type { SceneCallEntry } from "../../scene/card-calls.ts";
import { sceneSituation } from "../../scene/situation.ts";
import { i18n } from "../../shared/env.ts";
import { coverCallIn } from "../../scene/situation.ts";
import type { SceneSituation } from "../../scene/situation.ts";

const COVERS: readonly Cover[] = ["none", "half", "almostFull"];
const COVER_OF: Readonly<Record<Exclude<CoverLevel, "full">, Cover>> = {
  none: "none",
  light: "half",
  heavy: "almostFull",
};

/** The scene between the actors' tokens, or null when they do not stand on one scene. */
export function wwnScene(
  attacker: Actor.Implementation,
  target: Actor.Implementation,
): SceneSituation | null {
  return sceneSituation(attacker, target);
}

/** What the dialog opens with: the scene's calls and the sentences saying why. */
export function wwnScenePrefill(scene: SceneSituation): {
  situation: Pick<AttackSituation, "cover" | "inMelee" | "adjacent">;
  allies: number;
  notes: string[];
} {
  return {
    situation: {
      cover: coverCallIn(scene, COVER_OF)?.value ?? "almostFull",
      inMelee: scene.inMelee.value,
      adjacent: scene.adjacent.value,
    },
    allies: scene.alliesAdjacent.value,
    notes: [
      scene.adjacent.source,
      scene.inMelee.source,
      scene.cover.source,
      scene.alliesAdjacent.source,
    ],
  };
}

/**
 * The GM's card's lines of the situation (scene/card-calls.ts): the walls' cover, and for a melee
 * blow whether the target stands adjacent, for a shot whether a foe stands at the attacker's side;
 * as the scene decided them, as `claimant` claimed them, and as the referee played them.
 */
export function wwnSceneCalls(
  scene: SceneSituation,
  weapon: WwnWeapon,
  claimed: AttackSituation,
  played: AttackSituation,
  claimant: string,
): SceneCallEntry[] {
  const melee = (claimed.mode ?? weapon.mode) === "melee";
  const cover = (value: Cover) => i18n().localize(`FRAY.Wwn.Cover.${value}`);
  const reach = melee
    ? {
        name: "adjacent",
        scene: scene.adjacent,
        claimed: claimed.adjacent,
        played: played.adjacent,
      }
    : { name: "inMelee", scene: scene.inMelee, claimed: claimed.inMelee, played: played.inMelee };
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
    sceneCallEntry({ ...reach, played: reach.played ?? false, word: yesNo }, claimant),
  ];
}

/**
 * The referee's settling of a player's situation against the scene: the scene's calls replace or
 * bound the claims, or the attack is refused (no line to the target, a claim the scene
 * contradicts). A melee attack on a target not adjacent is then refused by the rules.
 */
export function settleWwnAgainstScene(
  scene: SceneSituation,
  weapon: WwnWeapon,
  claimed: AttackSituation,
): AttackSituation | Refusal {
  const cover = coverCallIn(scene, COVER_OF);
  if (cover === null) return refuse("noLineOfAttack", { source: scene.cover.source });
  const settledCover = atLeastScene(cover, claimed.cover, COVERS);
  if (!settledCover.ok) return settledCover;
  const melee = (claimed.mode ?? weapon.mode) === "melee";
  const adjacent = sceneHelps(scene.adjacent, claimed.adjacent ?? (melee ? undefined : false));
  if (!adjacent.ok) return adjacent;
  const inMelee = sceneHinders(scene.inMelee, claimed.inMelee);
  if (!inMelee.ok) return inMelee;
  return {
    ...claimed,
    cover: settledCover.value,
    adjacent: adjacent.value,
    inMelee: inMelee.value,
  };
}
