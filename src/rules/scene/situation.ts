/**
 * What the scene says about one attack, measured from the tokens and walls alone: how many
 * spaces apart attacker and target stand and whether the target is within reach; foes at the
 * attacker's side (shooting while in melee); the attacker's side around the target (flanked,
 * surrounded); the cover the walls give the target; whether the attacker sees it; how much higher
 * the target stands (and, given the grid's size, how many spaces that height is: a token a space
 * up stands a space away). Each ruleset maps this to its own situation (src/foundry/scene/).
 *
 * The whole scene is checked first: a NaN, an infinity or a coordinate beyond any map in any
 * token or wall is refused by name, and nothing is measured.
 */
import { checkNumber } from "../core/guard.ts";
import type { NumberRefusal } from "../core/guard.ts";
import { checkFootprint, checkSegment } from "./geometry.ts";
import type { Footprint, Segment } from "./geometry.ts";
import { gangUp, spacesBetween } from "./reach.ts";
import type { Bystander } from "./reach.ts";
import { coverBetween, lineOfSight } from "./sight.ts";
import type { CoverMeasure } from "./sight.ts";

/** The tallest elevation difference the rules measure (in the scene's units). */
export const MAX_ELEVATION = 1_000_000;

export interface SceneInput {
  /** The attacker (its side is its own: "ally"). */
  readonly attacker: Bystander & { readonly elevation: number };
  readonly target: {
    readonly id: string;
    readonly footprint: Footprint;
    readonly elevation: number;
  };
  /** Every other token of the scene, the target among them or not. */
  readonly others: readonly Bystander[];
  /** Walls that stop movement: they give cover. */
  readonly coverWalls: readonly Segment[];
  /** Walls that stop sight: they hide. */
  readonly sightWalls: readonly Segment[];
  /** The attacker's reach in spaces (1: the next space). */
  readonly reach?: number;
  /**
   * The elevation units one space of the grid spans (the scene's grid distance): with it, a
   * height difference counts in spaces as well (vertical spaces); without, elevation changes no
   * distance.
   */
  readonly unitsPerSpace?: number;
}

export interface SceneMeasure {
  /** Steps between the nearest spaces of attacker and target (0: they share one). */
  readonly spaces: number;
  /** The target is within the attacker's reach. */
  readonly adjacent: boolean;
  /** Ids of fighting foes adjacent to the attacker (the target among them when it is). */
  readonly foesAdjacent: readonly string[];
  /** Ids of the attacker's fighting side adjacent to the target, the attacker excluded. */
  readonly alliesAdjacent: readonly string[];
  readonly flanked: boolean;
  readonly flankers: readonly [string, string] | null;
  readonly cover: CoverMeasure;
  /** The attacker sees some corner of the target past the walls that stop sight. */
  readonly seen: boolean;
  /** The target's elevation less the attacker's (positive: the target stands higher). */
  readonly elevation: number;
}

/** Checks every number of the scene; undefined when it can all be measured. */
export function checkSceneInput(input: SceneInput): NumberRefusal | undefined {
  const elevation = { min: -MAX_ELEVATION, max: MAX_ELEVATION };
  const bad =
    checkFootprint("attacker", input.attacker.footprint) ??
    checkFootprint("target", input.target.footprint) ??
    checkNumber("attacker.elevation", input.attacker.elevation, elevation) ??
    checkNumber("target.elevation", input.target.elevation, elevation) ??
    (input.reach === undefined
      ? undefined
      : checkNumber("reach", input.reach, { min: 0, max: 1_000, whole: true })) ??
    (input.unitsPerSpace === undefined
      ? undefined
      : checkNumber("unitsPerSpace", input.unitsPerSpace, { min: 1e-3, max: MAX_ELEVATION }));
  if (bad !== undefined) return bad;
  for (const other of input.others) {
    const badOther =
      checkFootprint("token", other.footprint) ??
      (other.elevation === undefined
        ? undefined
        : checkNumber("token.elevation", other.elevation, elevation));
    if (badOther !== undefined)
      return { ...badOther, detail: { ...badOther.detail, token: other.id } };
  }
  for (const walls of [input.coverWalls, input.sightWalls]) {
    for (let i = 0; i < walls.length; i++) {
      const wall = walls[i];
      const badWall = wall === undefined ? undefined : checkSegment("wall", wall);
      if (badWall !== undefined) return { ...badWall, detail: { ...badWall.detail, wall: i } };
    }
  }
  return undefined;
}

/** Measures the attack's scene, or refuses a number it cannot measure. */
export function measureScene(input: SceneInput): { ok: true; value: SceneMeasure } | NumberRefusal {
  const bad = checkSceneInput(input);
  if (bad !== undefined) return bad;
  const { attacker, target, others } = input;
  // Spaces between two heights (0 when the grid's size is not given): a space up is a space away.
  const rise = (a: number, b: number | undefined) =>
    input.unitsPerSpace === undefined || b === undefined
      ? 0
      : Math.round(Math.abs(a - b) / input.unitsPerSpace);
  const spaces = Math.max(
    spacesBetween(attacker.footprint, target.footprint),
    rise(attacker.elevation, target.elevation),
  );
  const foesAdjacent: string[] = [];
  for (const other of others) {
    if (other.id === attacker.id || other.side !== "foe" || !other.fights) continue;
    const apart = Math.max(
      spacesBetween(attacker.footprint, other.footprint),
      rise(attacker.elevation, other.elevation),
    );
    if (apart <= 1) foesAdjacent.push(other.id);
  }
  // Only who stands within a space of the target's height gangs up on it.
  const level = (b: Bystander) => rise(target.elevation, b.elevation) <= 1;
  const gang = gangUp(
    { ...attacker, fights: attacker.fights && level(attacker) },
    target.footprint,
    others.filter((o) => o.id !== target.id && level(o)),
  );
  return {
    ok: true,
    value: {
      spaces,
      adjacent: spaces <= (input.reach ?? 1),
      foesAdjacent,
      alliesAdjacent: gang.adjacentAllies.filter((id) => id !== attacker.id),
      flanked: gang.flanked,
      flankers: gang.flankers,
      cover: coverBetween(attacker.footprint, target.footprint, input.coverWalls),
      seen: lineOfSight(attacker.footprint, target.footprint, input.sightWalls),
      elevation: target.elevation - attacker.elevation,
    },
  };
}
