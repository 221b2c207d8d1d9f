/**
 * Difficult ground from the scene's Regions (issue 24), as the GM and the ruler read it: a Region
 * is difficult when it carries Fray's flag (`flags.fray.difficult`), marks ground that is climbed
 * or swum (`flags.fray.terrain`: "climb" or "swim", which Worldlines prices as climbing or
 * swimming space by space), or has an enabled core Modify Movement Cost behaviour
 * (`modifyMovementCost`, whose `system.difficulties` makes the path's action cost more than 1), or
 * has an enabled Fray rough-terrain behaviour (movement/region-behaviors.ts). The path's spaces
 * are the mover's at each grid step (movement/reactions.ts stepsOf); rules/movement/terrain.ts
 * says which lie in a patch.
 */
import { difficultSpaces } from "../../rules/movement/terrain.ts";
import type { RegionShape } from "../../rules/movement/terrain.ts";
import { SYSTEM_ID } from "../constants.ts";
import { roughDifficultyOf } from "./region-behaviors.ts";
import { stepsOf } from "./reactions.ts";
import type { SceneToken } from "./reactions.ts";

/** What Fray reads of a RegionDocument. */
interface RegionLike {
  readonly shapes?: readonly RegionShape[];
  readonly flags?: Record<string, Record<string, unknown> | undefined>;
  readonly behaviors?: { readonly contents: readonly unknown[] };
}

interface BehaviorLike {
  readonly type?: string;
  readonly disabled?: boolean;
  readonly system?: { readonly difficulties?: Record<string, unknown> };
}

interface GridLike {
  readonly size: number;
  getOffset(point: { x: number; y: number }): { i: number; j: number };
}

/** Whether the Region makes this action's ground difficult. */
export function isDifficult(region: RegionLike, action: string): boolean {
  if (region.flags?.[SYSTEM_ID]?.["difficult"] === true || climbedOrSwum(region)) return true;
  if (roughDifficultyOf(region) !== null) return true;
  return (region.behaviors?.contents ?? []).some((raw) => {
    const behavior = raw as BehaviorLike;
    if (behavior.type !== "modifyMovementCost" || behavior.disabled === true) return false;
    const difficulty = behavior.system?.difficulties?.[action];
    return typeof difficulty === "number" && difficulty > 1;
  });
}

/** Whether the Region marks ground that is climbed or swum. */
function climbedOrSwum(region: RegionLike): boolean {
  const terrain = region.flags?.[SYSTEM_ID]?.["terrain"];
  return terrain === "climb" || terrain === "swim";
}

/** The shapes of the scene's Regions that `which` picks. */
function patchesWhere(
  regions: Iterable<unknown> | undefined,
  which: (region: RegionLike) => boolean,
): RegionShape[][] {
  const out: RegionShape[][] = [];
  for (const raw of regions ?? []) {
    const region = raw as RegionLike;
    if (which(region)) out.push([...(region.shapes ?? [])]);
  }
  return out;
}

/** The shapes of the scene's difficult Regions for this action. */
export function difficultPatches(
  regions: Iterable<unknown> | undefined,
  action: string,
): RegionShape[][] {
  return patchesWhere(regions, (region) => isDifficult(region, action));
}

/** The scene a token stands on, as far as its Regions go (core Scene#regions, a Collection). */
interface OnScene {
  readonly parent?: { readonly regions?: { readonly contents: readonly unknown[] } } | null;
}

/** Whether the path `points` of the token crosses difficult ground for the action. */
export function crossesDifficult(
  token: SceneToken & OnScene,
  grid: GridLike,
  points: readonly { x: number; y: number }[],
  action: string,
): boolean {
  return (
    spacesIn(difficultPatches(token.parent?.regions?.contents, action), token, grid, points) > 0
  );
}

/** How many spaces the path `points` of the token enters in ground climbed or swum. */
export function climbSwimSpaces(
  token: SceneToken & OnScene,
  grid: GridLike,
  points: readonly { x: number; y: number }[],
): number {
  return spacesIn(
    patchesWhere(token.parent?.regions?.contents, climbedOrSwum),
    token,
    grid,
    points,
  );
}

/** How many of the spaces the path enters lie in the patches. */
function spacesIn(
  patches: readonly RegionShape[][],
  token: SceneToken,
  grid: GridLike,
  points: readonly { x: number; y: number }[],
): number {
  if (patches.length === 0) return 0;
  const size = grid.size;
  // Every space the mover covers at each step: a large token on rough ground pays for it too.
  const centres = stepsOf(token, grid, points).flatMap((spaces, k) =>
    k === 0 ? [] : spaces.map((s) => ({ x: (s.j + 0.5) * size, y: (s.i + 0.5) * size })),
  );
  return difficultSpaces([{ x: NaN, y: NaN }, ...centres], patches);
}
