/**
 * The scene's world settings where the books are silent (product decisions, each a documented
 * default the GM changes in the settings form):
 *
 * - `sceneDarkness`: how dark a scene must be (core's darkness level, 0 daylight … 1 night) before
 *   a token no light reaches stands in darkness (light.ts). Default 0.5: a scene that looks more
 *   like night than day. The books name darkness (poor visibility, an unseen attacker, a hidden
 *   target) but never how dark; at dusk (a low darkness level) the map still shows the tokens, so
 *   every unlit token counting as unseen would surprise the table. 0 makes any darkness count.
 */
import { SYSTEM_ID } from "../constants.ts";
import { registerWorldSetting } from "../shared/settings.ts";

export const SCENE_DARKNESS_KEY = "sceneDarkness";
export const DEFAULT_SCENE_DARKNESS = 0.5;

/** Registers the scene's settings (init). */
export function registerSceneSettings(): void {
  registerWorldSetting(SCENE_DARKNESS_KEY, (part) => `FRAY.Scene.Settings.Darkness.${part}`, {
    type: Number,
    default: DEFAULT_SCENE_DARKNESS,
    range: { min: 0, max: 1, step: 0.05 },
    section: "scene",
  });
}

/** The darkness level from which an unlit token stands in darkness (the default until registered). */
export function darknessThreshold(): number {
  const id = `${SYSTEM_ID}.${SCENE_DARKNESS_KEY}`;
  if (!game.settings.settings.has(id as never)) return DEFAULT_SCENE_DARKNESS;
  const value = game.settings.get(SYSTEM_ID, SCENE_DARKNESS_KEY as never) as unknown;
  return typeof value === "number" && value >= 0 && value <= 1 ? value : DEFAULT_SCENE_DARKNESS;
}
