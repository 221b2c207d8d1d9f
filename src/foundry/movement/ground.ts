/**
 * The ground a path crosses, kind by kind (issue 24), for the ruler's words ("climbing ×2",
 * "rough terrain") and the rules that act on it after a move (the dice pool's rough-terrain
 * rolls): how many grid steps of the mover (every space it covers at a step, so a large token on
 * rough ground is on it) go onto ground climbed, swum or difficult for the action, and the
 * difficulty of each rough step in the order they are taken. The Regions are read as
 * movement/terrain.ts reads them (`flags.fray.terrain`, difficult ground, Fray's rough-terrain
 * behaviour).
 */
import { inRegion } from "../../rules/movement/terrain.ts";
import type { RegionShape } from "../../rules/movement/terrain.ts";
import { SYSTEM_ID } from "../constants.ts";
import { i18n } from "../shared/env.ts";
import { stepsOf } from "./reactions.ts";
import type { SceneToken } from "./reactions.ts";
import { roughDifficultyOf } from "./region-behaviors.ts";
import { isDifficult } from "./terrain.ts";
import type { Ground } from "./types.ts";

export const NO_GROUND: Ground = { climb: 0, swim: 0, difficult: 0, rough: [] };

/**
 * The ruler's words for ground climbed, swum or difficult that makes each space cost `times` as
 * much ("climbing ×2"), for a ruleset's `terrainNotes`.
 */
export function terrainNote(kind: "climb" | "swim" | "difficult", times: number): string {
  return i18n().format(`FRAY.Movement.Terrain.${kind}`, { times: Math.round(times * 100) / 100 });
}

/** What Fray reads of a RegionDocument here. */
interface RegionLike {
  readonly shapes?: readonly RegionShape[];
  readonly flags?: Record<string, Record<string, unknown> | undefined>;
  readonly behaviors?: { readonly contents: readonly unknown[] };
}

/** A Region as the path reads it: its shapes and what its ground is. */
interface Patch {
  readonly shapes: readonly RegionShape[];
  readonly terrain: "climb" | "swim" | null;
  readonly difficult: boolean;
  readonly rough: number | null;
}

function patchOf(region: RegionLike, action: string): Patch | null {
  const flagged = region.flags?.[SYSTEM_ID]?.["terrain"];
  const terrain = flagged === "climb" || flagged === "swim" ? flagged : null;
  const rough = roughDifficultyOf(region);
  const difficult = isDifficult(region, action);
  if (terrain === null && rough === null && !difficult) return null;
  return { shapes: [...(region.shapes ?? [])], terrain, difficult, rough };
}

/** The scene a token stands on, as far as its Regions go (core Scene#regions, a Collection). */
interface OnScene {
  readonly parent?: { readonly regions?: { readonly contents: readonly unknown[] } } | null;
}

interface GridLike {
  readonly size: number;
  getOffset(point: { x: number; y: number }): { i: number; j: number };
}

function patchesOn(token: OnScene, action: string): Patch[] {
  const patches: Patch[] = [];
  for (const region of token.parent?.regions?.contents ?? []) {
    const patch = patchOf(region as RegionLike, action);
    if (patch !== null) patches.push(patch);
  }
  return patches;
}

/** The centres of grid spaces, in scene pixels. */
function centresOf(spaces: readonly { i: number; j: number }[], size: number) {
  return spaces.map((s) => ({ x: (s.j + 0.5) * size, y: (s.i + 0.5) * size }));
}

/**
 * The ground the token stands on where it is now, as one step of `groundOf` (climbed, swum,
 * difficult or rough under any space it covers).
 */
export function groundUnder(token: SceneToken & OnScene, grid: GridLike, action: string): Ground {
  const patches = patchesOn(token, action);
  const centres = centresOf(
    token.getOccupiedGridSpaceOffsets({ x: token.x, y: token.y }),
    grid.size,
  );
  const under = patches.filter((p) => centres.some((c) => inRegion(c, p.shapes)));
  const rough = hardestRough(under);
  return {
    climb: under.some((p) => p.terrain === "climb") ? 1 : 0,
    swim: under.some((p) => p.terrain === "swim") ? 1 : 0,
    difficult: under.some((p) => p.difficult) ? 1 : 0,
    rough: rough === null ? [] : [rough],
  };
}

/**
 * The ground level where the token stands, in the scene's elevation units: 0, or the highest
 * bottom of the Regions under it that the GM marked as ground (`flags.fray.ground`: a roof, a
 * ledge, a platform), so a fighter walking on a roof is not in the air.
 */
export function groundLevelUnder(token: SceneToken & OnScene, grid: GridLike): number {
  const centres = centresOf(
    token.getOccupiedGridSpaceOffsets({ x: token.x, y: token.y }),
    grid.size,
  );
  let level = 0;
  for (const raw of token.parent?.regions?.contents ?? []) {
    const region = raw as RegionLike & { readonly elevation?: { readonly bottom?: unknown } };
    if (region.flags?.[SYSTEM_ID]?.["ground"] !== true) continue;
    const bottom = region.elevation?.bottom;
    if (typeof bottom !== "number" || !Number.isFinite(bottom)) continue;
    if (centres.some((c) => inRegion(c, region.shapes ?? []))) level = Math.max(level, bottom);
  }
  return level;
}

function hardestRough(patches: readonly Patch[]): number | null {
  return patches.reduce<number | null>(
    (most, p) => (p.rough === null ? most : Math.max(most ?? 0, p.rough)),
    null,
  );
}

/** The ground the path `points` of the token crosses for the action (see the file's comment). */
export function groundOf(
  token: SceneToken & OnScene,
  grid: GridLike,
  points: readonly { x: number; y: number }[],
  action: string,
): Ground {
  const patches = patchesOn(token, action);
  if (patches.length === 0 || points.length < 2) return NO_GROUND;
  const size = grid.size;
  let climb = 0;
  let swim = 0;
  let difficult = 0;
  const rough: number[] = [];
  stepsOf(token, grid, points).forEach((spaces, k) => {
    if (k === 0) return;
    const centres = centresOf(spaces, size);
    const under = patches.filter((p) => centres.some((c) => inRegion(c, p.shapes)));
    if (under.some((p) => p.terrain === "climb")) climb += 1;
    if (under.some((p) => p.terrain === "swim")) swim += 1;
    if (under.some((p) => p.difficult)) difficult += 1;
    const hardest = hardestRough(under);
    if (hardest !== null) rough.push(hardest);
  });
  return { climb, swim, difficult, rough };
}
