/**
 * Reactions raised by movement (issue 24): after the active GM paid a move, it measures on the
 * scene which fighters the path provokes (rules/movement/reactions.ts, with the ruleset's trigger,
 * each threatener's reach from what it wields, and what suppresses it); reaction-card.ts posts
 * the card for each.
 *
 * Only fighters of the mover's running combat on another team threaten it, and only those who
 * can take the reaction now (the ruleset's `canReact`).
 */
import { provokedBy, reachInSpaces } from "../../rules/movement/reactions.ts";
import type { Space, Threat } from "../../rules/movement/reactions.ts";
import type { MoveMode } from "../../rules/movement/types.ts";
import { fightOf } from "../combat/ledger.ts";
import { teamIdOf } from "../combat/state.ts";
import type { MovementReactions } from "./types.ts";

interface Point {
  readonly x: number;
  readonly y: number;
}

/** What Fray reads of a token on the scene (core TokenDocument). */
export interface SceneToken {
  readonly id: string | null;
  readonly x: number;
  readonly y: number;
  readonly actor: Actor.Implementation | null;
  getOccupiedGridSpaceOffsets(data?: { x: number; y: number }): Space[];
}

interface GridLike {
  getOffset(point: Point): Space;
}

/**
 * The mover's spaces at the start of a path and after each grid step (core's
 * `getCompleteMovementPath` inserts the same intermediate spaces on a square grid).
 */
export function stepsOf(token: SceneToken, grid: GridLike, points: readonly Point[]): Space[][] {
  const first = points[0];
  if (first === undefined) return [];
  const origin = grid.getOffset(first);
  const shape = token.getOccupiedGridSpaceOffsets({ x: first.x, y: first.y });
  const shift = (at: Space) =>
    shape.map((s) => ({ i: s.i - origin.i + at.i, j: s.j - origin.j + at.j }));
  const steps: Space[][] = [shift(origin)];
  let at = origin;
  for (const point of points.slice(1)) {
    const end = grid.getOffset(point);
    while (at.i !== end.i || at.j !== end.j) {
      at = { i: at.i + Math.sign(end.i - at.i), j: at.j + Math.sign(end.j - at.j) };
      steps.push(shift(at));
    }
  }
  return steps;
}

/**
 * The fighters of the mover's combat, on another team, on the scene, with their reach in grid
 * steps: the ruleset's reach (its own unit) over `perSquare`, what one grid square measures in
 * that unit (rules/movement/reactions.ts reachInSpaces). A fighter with no reach threatens nobody.
 */
export function threatsTo(
  reactions: MovementReactions,
  mover: SceneToken,
  others: Iterable<SceneToken>,
  perSquare: number,
): { threat: Threat; token: SceneToken }[] {
  const actor = mover.actor;
  const fight = actor === null ? null : fightOf(actor);
  if (fight === null) return [];
  const team = teamIdOf(fight.combatant);
  const out: { threat: Threat; token: SceneToken }[] = [];
  for (const token of others) {
    if (token.id === mover.id || token.actor === null) continue;
    const combatant = fight.combat.combatants.contents.find(
      (c) => c.tokenId === token.id || (c.actorId === token.actor?.id && !token.actor.isToken),
    );
    if (combatant === undefined || teamIdOf(combatant) === team) continue;
    // One who cannot react now (down, its reaction spent) gets no card and counts on no ruler.
    if (actor !== null && reactions.canReact?.(token.actor, actor) === false) continue;
    const own = reactions.reachOf(token.actor);
    const reach = own === null ? null : reachInSpaces(own, perSquare);
    if (reach === null) continue;
    out.push({
      threat: { id: token.id ?? "", spaces: token.getOccupiedGridSpaceOffsets(), reach },
      token,
    });
  }
  return out;
}

/** The threateners a path provokes (none when the move suppresses it). */
export function provokedTokens(
  reactions: MovementReactions,
  mover: SceneToken,
  others: Iterable<SceneToken>,
  grid: GridLike,
  points: readonly Point[],
  mode: MoveMode,
  perSquare: number,
): SceneToken[] {
  if (mover.actor === null || reactions.suppressed(mover.actor, mode)) return [];
  const threats = threatsTo(reactions, mover, others, perSquare);
  if (threats.length === 0) return [];
  const ids = new Set(
    provokedBy(
      stepsOf(mover, grid, points),
      threats.map((t) => t.threat),
      reactions.trigger,
      reactions.withinLimit ?? 0,
    ),
  );
  return threats.filter((t) => ids.has(t.threat.id)).map((t) => t.token);
}
