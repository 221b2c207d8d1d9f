/**
 * Darkness on the map, read from the scene's documents (core v13 fields), never from the canvas:
 *
 * - the scene's `environment`: `darknessLevel` (0 daylight … 1 night) and `globalLight`
 *   (`enabled`, `darkness.max`: the global light lights the whole scene while the darkness level
 *   is at most that);
 * - its AmbientLights (`Scene#lights`: `x`, `y` in pixels, `config.dim` / `config.bright` in the
 *   scene's units, `walls` false for a light walls do not stop, `hidden` for one switched off) and
 *   its tokens' own lights (`TokenDocument#light`, from the token's centre);
 * - walls that stop light (`light` NORMAL or beyond; an open door stops nothing).
 *
 * A point stands in darkness when the scene is dark (its darkness level above 0 and at least the
 * world's threshold, settings.ts `sceneDarkness`, default 0.5), the global light does not light
 * it, and no light reaches it (rules/scene/sight.ts litBy).
 */
import { litBy } from "../../rules/scene/index.ts";
import type { Light, Point, Segment } from "../../rules/scene/index.ts";
import { centerOf } from "../shared/scene.ts";
import type { SceneToken } from "../shared/scene.ts";
import { darknessThreshold } from "./settings.ts";

/** core CONST.WALL_SENSE_TYPES.NORMAL, WALL_DOOR_STATES.OPEN. */
const LIGHT_NORMAL = 20;
const DOOR_OPEN = 1;

interface Environment {
  readonly darknessLevel?: number;
  readonly globalLight?: { readonly enabled?: boolean; readonly darkness?: { max?: number } };
}

interface LightFields {
  readonly x?: number;
  readonly y?: number;
  readonly hidden?: boolean;
  readonly walls?: boolean;
  readonly config?: { readonly dim?: number; readonly bright?: number };
}

interface WallLight {
  readonly c: readonly number[];
  readonly light?: number;
  readonly door?: number;
  readonly ds?: number;
}

const radiusOf = (dim?: number, bright?: number) => Math.max(dim ?? 0, bright ?? 0);

/** Whether the whole scene is lit: daylight, or the global light at this darkness. */
function globallyLit(scene: Scene.Implementation): boolean {
  const env = (scene as unknown as { environment?: Environment }).environment ?? {};
  const darkness = env.darknessLevel ?? 0;
  if (!(darkness > 0) || darkness < darknessThreshold()) return true;
  const global = env.globalLight;
  return global?.enabled === true && darkness <= (global.darkness?.max ?? 1);
}

/** The scene's lights in spaces: those walls stop, and those they do not. */
function lightsOf(scene: Scene.Implementation): { walled: Light[]; free: Light[] } {
  const size = scene.grid.size;
  const perSpace = scene.grid.distance;
  const walled: Light[] = [];
  const free: Light[] = [];
  const docs = (scene as unknown as { lights?: { contents: LightFields[] } }).lights;
  for (const light of docs?.contents ?? []) {
    if (light.hidden === true) continue;
    const radius = radiusOf(light.config?.dim, light.config?.bright) / perSpace;
    const at = { x: (light.x ?? 0) / size, y: (light.y ?? 0) / size, radius };
    (light.walls === false ? free : walled).push(at);
  }
  for (const token of scene.tokens.contents) {
    const own = (token as unknown as { light?: { dim?: number; bright?: number } }).light;
    const radius = radiusOf(own?.dim, own?.bright) / perSpace;
    if (!(radius > 0)) continue;
    const c = centerOf(token);
    walled.push({ x: c.x / size, y: c.y / size, radius });
  }
  return { walled, free };
}

/** The walls that stop light, in spaces. */
function lightWalls(scene: Scene.Implementation): Segment[] {
  const size = scene.grid.size;
  const walls: Segment[] = [];
  for (const doc of scene.walls.contents as unknown as WallLight[]) {
    const [x0, y0, x1, y1] = doc.c;
    if (x0 === undefined || y0 === undefined || x1 === undefined || y1 === undefined) continue;
    if ((doc.door ?? 0) > 0 && doc.ds === DOOR_OPEN) continue;
    if ((doc.light ?? LIGHT_NORMAL) < LIGHT_NORMAL) continue;
    walls.push({ x0: x0 / size, y0: y0 / size, x1: x1 / size, y1: y1 / size });
  }
  return walls;
}

/** Whether the token stands in darkness (its centre: no light reaches it). */
export function inDarkness(scene: Scene.Implementation, token: SceneToken): boolean {
  if (globallyLit(scene)) return false;
  const size = scene.grid.size;
  const c = centerOf(token);
  const point: Point = { x: c.x / size, y: c.y / size };
  const { walled, free } = lightsOf(scene);
  return !litBy(point, free, []) && !litBy(point, walled, lightWalls(scene));
}
