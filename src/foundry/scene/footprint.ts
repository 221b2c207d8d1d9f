/**
 * A token's footprint on the grid, in spaces, as every scene measure reads it (situation.ts,
 * areas.ts, sight.ts): from the scene's token document (at a stand-in position while the ruler's
 * odds run, shared/scene.ts), never from the canvas.
 */
import type { Footprint } from "../../rules/scene/index.ts";
import { positionOf } from "../shared/scene.ts";
import type { SceneToken } from "../shared/scene.ts";

/** A token's footprint in spaces: its corner in the grid and its size (at least one space). */
export function footprintOf(token: SceneToken, size: number): Footprint {
  const at = positionOf(token);
  return {
    x: Math.round(at.x / size),
    y: Math.round(at.y / size),
    width: Math.max(1, Math.round(token.width ?? 1)),
    height: Math.max(1, Math.round(token.height ?? 1)),
  };
}
