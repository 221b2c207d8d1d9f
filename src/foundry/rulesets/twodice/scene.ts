/**
 * The two-dice attack's situation as the scene decides it (scene/situation.ts), in the book's
 * words: whether the shooter moved this turn (its token's recorded movement) or turned more than
 * 90° to fire (its token's rotation: attack/facing.ts), when it fires with its weapon's Defense,
 * and whether the target is hidden (no line of sight past the walls that
 * stop sight, or darkness: a hidden target cannot be shot), and the cover the walls give. The
 * book's cover table is not in the seed: the product's default (world settings
 * `twodiceSceneCoverLight` / `Heavy`) is a penalty of 3 for light cover (a wall hides part of the
 * target) and 6 for heavy (it hides most of it; cover through which the target is still seen,
 * such as a window, counts as heavy): the attack value is about a d20's worth, so light cover
 * costs a sixth of the successes and heavy a third, and covers do not stack (the rules take the
 * worst). The dialog opens with these; the referee measures them again for a player's attack,
 * where they are the scene's calls, never the player's (a GM's own cover call stands).
 */
import type { CoverLevel } from "../../../rules/scene/index.ts";
import { SYSTEM_ID } from "../../constants.ts";
import { sceneCallEntry, yesNo } from "../../scene/card-calls.ts";
import type { SceneCallEntry } from "../../scene/card-calls.ts";
import { sceneSituation } from "../../scene/situation.ts";
import type { SceneSituation } from "../../scene/situation.ts";
import { i18n } from "../../shared/env.ts";
import { registerWorldSetting } from "../../shared/settings.ts";
import type { TwodiceChoices } from "./attack/declare.ts";

/** The scene between the actors' tokens, or null when they do not stand on one scene. */
export function twodiceScene(
  attacker: Actor.Implementation,
  target: Actor.Implementation,
): SceneSituation | null {
  return sceneSituation(attacker, target);
}

/**
 * What the dialog opens with: the scene's calls and the sentences saying why (`turned`: the
 * shooter turns more than 90° to fire, attack/facing.ts).
 */
export function twodiceScenePrefill(
  scene: SceneSituation,
  turned = false,
): {
  choices: Pick<TwodiceChoices, "moved" | "hidden">;
  notes: string[];
} {
  const notes = [scene.moved.source, scene.seen.source, scene.cover.source];
  if (turned) notes.push(i18n().localize("FRAY.Twodice.Dialog.Turned"));
  return { choices: { moved: scene.moved.value || turned, hidden: !scene.seen.value }, notes };
}

/** The worst cover penalty of a list (covers do not stack), or undefined for none given. */
function worstCover(cover: readonly number[] | undefined): number | undefined {
  return cover === undefined || cover.length === 0 ? undefined : Math.max(...cover);
}

/**
 * The GM's card's lines of the situation (scene/card-calls.ts): whether the shooter moved, whether
 * the target is hidden, and the walls' cover penalty; as the scene decided them, as `claimant`
 * claimed them (a cover claim waits for the GM's Confirm: attack/claims.ts), and as played.
 */
export function twodiceSceneCalls(
  scene: SceneSituation,
  claimed: Partial<TwodiceChoices>,
  played: Partial<TwodiceChoices>,
  claimant: string,
): SceneCallEntry[] {
  const loc = i18n();
  const penalty = (value: number) =>
    value === 0
      ? loc.localize("FRAY.Scene.Card.NoCover")
      : loc.format("FRAY.Scene.Card.CoverPenalty", { penalty: value });
  const cover = { value: twodiceCoverPenalty(scene.cover.value), source: scene.cover.source };
  const hidden = { value: !scene.seen.value, source: scene.seen.source };
  return [
    sceneCallEntry(
      {
        name: "moved",
        scene: scene.moved,
        claimed: claimed.moved,
        played: played.moved ?? false,
        word: yesNo,
      },
      claimant,
    ),
    sceneCallEntry(
      {
        name: "hidden",
        scene: hidden,
        claimed: claimed.hidden,
        played: played.hidden ?? false,
        word: yesNo,
      },
      claimant,
    ),
    sceneCallEntry(
      {
        name: "cover",
        scene: cover,
        claimed: worstCover(claimed.cover ?? claimed.claims?.cover),
        played: worstCover(played.cover ?? played.claims?.cover) ?? 0,
        word: penalty,
      },
      claimant,
    ),
  ];
}

/**
 * The referee's settling of a player's choices against the scene: moved when the token moved or
 * the shooter turned more than 90° to fire (`turned`, measured from its token's rotation:
 * attack/facing.ts), whatever the player ticked; hidden when the scene hides the target (the GM's
 * call, which the scene makes for a player).
 */
export function settleTwodiceAgainstScene<C extends Partial<TwodiceChoices>>(
  scene: SceneSituation,
  claimed: C,
  turned = false,
): C {
  const penalty = twodiceCoverPenalty(scene.cover.value);
  return {
    ...claimed,
    moved: scene.moved.value || turned,
    ...(scene.seen.value ? {} : { hidden: true }),
    ...(claimed.cover === undefined && penalty > 0 ? { cover: [penalty] } : {}),
  };
}

/** The cover table's defaults (see the file's comment): the penalty of light and heavy cover. */
export const TWODICE_SCENE_COVER = { Light: 3, Heavy: 6 } as const;

/** Registers the cover table's settings (the ruleset's registerSettings). */
export function registerTwodiceSceneSettings(): void {
  for (const level of ["Light", "Heavy"] as const) {
    registerWorldSetting(
      `twodiceSceneCover${level}`,
      (part) => `FRAY.Twodice.Settings.SceneCover${level}.${part}`,
      {
        type: Number,
        default: TWODICE_SCENE_COVER[level],
        range: { min: 0, max: 20, step: 1 },
        section: "scene",
      },
    );
  }
}

/** The penalty the walls' cover gives a shot (0: none), from the world's cover table. */
export function twodiceCoverPenalty(level: CoverLevel): number {
  if (level === "none") return 0;
  const key = level === "light" ? "Light" : "Heavy";
  const id = `${SYSTEM_ID}.twodiceSceneCover${key}`;
  if (!game.settings.settings.has(id as never)) return TWODICE_SCENE_COVER[key];
  const value = game.settings.get(SYSTEM_ID, `twodiceSceneCover${key}` as never) as unknown;
  return typeof value === "number" && Number.isFinite(value) && value >= 0 && value <= 20
    ? value
    : TWODICE_SCENE_COVER[key];
}
