/**
 * The two-dice attack's situation as the scene decides it (scene/situation.ts), in the book's
 * words: whether the shooter moved this turn (its token's recorded movement: it then fires with
 * its weapon's Defense), and whether the target is hidden (no line of sight past the walls that
 * stop sight, or darkness: a hidden target cannot be shot). The walls' cover is shown with its
 * sentence for the GM, whose penalty it stays (the book's cover table is not in the seed). The
 * dialog opens with these; the referee measures them again for a player's attack, where they are
 * the scene's calls, never the player's.
 */
import { sceneSituation } from "../../scene/situation.ts";
import type { SceneSituation } from "../../scene/situation.ts";
import type { TwodiceChoices } from "./attack/declare.ts";

/** The scene between the actors' tokens, or null when they do not stand on one scene. */
export function twodiceScene(
  attacker: Actor.Implementation,
  target: Actor.Implementation,
): SceneSituation | null {
  return sceneSituation(attacker, target);
}

/** What the dialog opens with: the scene's calls and the sentences saying why. */
export function twodiceScenePrefill(scene: SceneSituation): {
  choices: Pick<TwodiceChoices, "moved" | "hidden">;
  notes: string[];
} {
  return {
    choices: { moved: scene.moved.value, hidden: !scene.seen.value },
    notes: [scene.moved.source, scene.seen.source, scene.cover.source],
  };
}

/**
 * The referee's settling of a player's choices against the scene: moved when the token moved
 * (the player's tick adds a turn of more than 90°, which the map does not record), hidden when the
 * scene hides the target (the GM's call, which the scene makes for a player).
 */
export function settleTwodiceAgainstScene<C extends Partial<TwodiceChoices>>(
  scene: SceneSituation,
  claimed: C,
): C {
  return {
    ...claimed,
    moved: scene.moved.value || claimed.moved === true,
    ...(scene.seen.value ? {} : { hidden: true }),
  };
}
