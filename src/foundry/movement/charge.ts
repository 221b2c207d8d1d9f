/**
 * An attack that moves first (the dice pool's Blitz Attack, WWN's Charge), from the sheet (issue
 * 24): the attacker's token moves to where the attack is made from, with the ruleset's movement
 * action for it, as its owner drags it (so `preMoveToken` refuses what the rules forbid, and the
 * active GM prices, pays or reverts it in `moveToken`: movement/register.ts); then the ruleset's
 * attack dialog opens, set for that attack. A scene without the attacker's token or one targeted
 * token, or no canvas, moves nothing: the dialog opens as before.
 *
 * Whoever presses the button moves the token as its owner: a player their own, the GM any (an
 * NPC's, or a player's token it drives); the GM's referee prices the move on the fighter's budget
 * either way. A run a wall would cut short is refused before anything moves or is paid.
 */
import type { MoveMode } from "../../rules/movement/types.ts";
import { i18n } from "../shared/env.ts";

/** What Fray reads of a token on the canvas (a Token placeable's document). */
export interface PlacedToken {
  readonly name?: string;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  /** Core TokenDocument#object: its placeable, which constrains a path by the walls. */
  readonly object?: {
    readonly constrainMovementPath?: (
      waypoints: { x: number; y: number; action?: string }[],
      options?: { ignoreCost?: boolean },
    ) => [unknown[], boolean];
  } | null;
  move(
    waypoints: readonly { x: number; y: number; action: string }[],
    options?: object,
  ): Promise<boolean>;
}

/** What Fray reads of the canvas grid. */
export interface ChargeGrid {
  readonly size: number;
  getOffset(point: { x: number; y: number }): { i: number; j: number };
}

/** Where the attack is made from, given the two tokens (top-left pixels); null: nowhere. */
export type ChargeDestination = (
  mover: PlacedToken,
  target: PlacedToken,
  grid: ChargeGrid,
) => { x: number; y: number } | null;

interface Placeable {
  readonly document?: unknown;
}

function canvasGrid(): ChargeGrid | null {
  const board = (globalThis as { canvas?: { ready?: boolean; grid?: ChargeGrid | null } | null })
    .canvas;
  return board?.ready === true && board.grid ? board.grid : null;
}

/** The user's one targeted token on the canvas, or null (none, or more than one). */
function targetToken(): PlacedToken | null {
  const targets = (game.user as unknown as { targets?: Iterable<Placeable> }).targets;
  const all = targets === undefined ? [] : Array.from(targets);
  const only = all.length === 1 ? all[0] : undefined;
  return (only?.document as PlacedToken | undefined) ?? null;
}

/** The target's own space: the dice pool's close attacks are made in it. */
export const intoTargetSpace: ChargeDestination = (_mover, target) => ({
  x: target.x,
  y: target.y,
});

/**
 * The space beside the target on the mover's side, straight from the mover (WWN's Charge ends in
 * melee: adjacent).
 */
export const besideTarget: ChargeDestination = (mover, target, grid) => {
  const from = grid.getOffset(mover);
  const to = grid.getOffset(target);
  const i = to.i - Math.sign(to.i - from.i);
  const j = to.j - Math.sign(to.j - from.j);
  if (i === to.i && j === to.j) return null;
  return { x: j * grid.size, y: i * grid.size };
};

/**
 * Moves the actor's token with `mode` to `destination`, then opens `attack`; resolves to what the
 * attack resolves to, or null when the move did not happen (its refusal was already shown).
 */
export async function moveThenAttack<T>(
  actor: Actor.Implementation,
  how: {
    readonly mode: MoveMode;
    readonly destination: ChargeDestination;
    readonly attack: () => Promise<T>;
  },
): Promise<T | null> {
  const grid = canvasGrid();
  const placed = actor.getActiveTokens()[0] as unknown as Placeable | undefined;
  const mover = (placed?.document as PlacedToken | undefined) ?? null;
  const target = targetToken();
  if (grid === null || mover === null || target === null) return how.attack();
  const to = how.destination(mover, target, grid);
  if (to !== null && (to.x !== mover.x || to.y !== mover.y)) {
    const step = { ...to, action: how.mode };
    // Core would stop the run at a wall (Token#constrainMovementPath) and the GM would price the
    // shorter run as the whole move: a run a wall cuts short is not made at all.
    const path = [{ x: mover.x, y: mover.y, action: how.mode }, step];
    if (mover.object?.constrainMovementPath?.(path, { ignoreCost: true })[1] === true) {
      ui.notifications?.warn(
        i18n().format("FRAY.Movement.Forced.WallInTheWay", { name: actor.name }),
      );
      return null;
    }
    const moved = await mover.move([step], { method: "api" });
    if (!moved || mover.x !== to.x || mover.y !== to.y) return null;
  }
  return how.attack();
}
