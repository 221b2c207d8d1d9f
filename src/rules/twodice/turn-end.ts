/**
 * Declared moves and the end of the turn. In the two-dice game a move action is declared in turn
 * order but carried out later: every declared move happens at once when the turn ends, each mover
 * that is still able to arriving where it meant to go, and then whatever was combined with a move
 * (the melee attack of move + melee, the shot of move + half and shoot, the cover or hiding of
 * move + half and cover) is carried out, one after the other, in the order the moves were declared.
 * Until then the mover stands where it stood, and is a moving target (turns.ts).
 *
 * - `declareDestination`: where a combatant will go this turn. A combatant that already declared
 *   a move action gives its destination (no farther than that move's metres); one that has not
 *   acted declares a plain Move with it (its one action); one that acted without moving may not.
 * - `turnEnd`: what happens when the turn ends, from the moves declared: first every move at once
 *   (a mover that rolled with an attack stops half way: `cutPath`), then the combined actions in
 *   declaration order. A mover no longer able to act (a wound took it out) neither moves nor acts.
 *
 * Where the page is silent: a move with no destination given (no map, or the player never said)
 * goes nowhere, though its combined action is still carried out; two moves declared at the same
 * moment keep the order of their combatants' ids; the book's move + half and cover names its
 * destination like any move.
 */
import { checkNumber } from "../core/guard.ts";
import { ok, refuse } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { SHEET_NUMBER } from "./model.ts";
import type { TurnState } from "./model.ts";
import { moveDistance, takeAction } from "./turns.ts";
import type { TurnRefusal } from "./turns.ts";
import type { TwodiceCheckReason } from "./options.ts";

/** A point on the map (pixels, as the scene counts them), and its elevation when it has one. */
export interface MapPoint {
  readonly x: number;
  readonly y: number;
  /** In the scene's units; absent: the elevation the mover has there. */
  readonly elevation?: number;
}

/** The move actions of the book. */
export type MoveKind = "move" | "moveAndMelee" | "moveAndShoot" | "moveAndCover";
export const MOVE_KINDS: readonly MoveKind[] = [
  "move",
  "moveAndMelee",
  "moveAndShoot",
  "moveAndCover",
];

/** Whether an action is one of the move actions. */
export function isMoveKind(kind: string): kind is MoveKind {
  return (MOVE_KINDS as readonly string[]).includes(kind);
}

/** A move action declared this turn, as the referee keeps it. */
export interface PlannedMove {
  readonly combatantId: string;
  readonly kind: MoveKind;
  /** When it was declared in the turn: lower first. */
  readonly seq: number;
  /** How far it may go, in metres (Agility, or half of it). */
  readonly metres: number;
  /** Where it goes: the waypoints after its start (null: no destination was given). */
  readonly path: readonly MapPoint[] | null;
}

/** A move carried out at the end of the turn. */
export interface TurnEndMove {
  readonly combatantId: string;
  /** The waypoints it goes through, cut short when it rolled with an attack. */
  readonly path: readonly MapPoint[];
  /** The share of its path it goes: 1, or ½ when rolling with it cut the move. */
  readonly share: number;
}

export interface TurnEnd {
  /** Every move, all at once. */
  readonly moves: readonly TurnEndMove[];
  /** Then the actions combined with moving, in the order declared. */
  readonly actions: readonly PlannedMove[];
}

export type TurnEndRefusal = TwodiceCheckReason | TurnRefusal | "tooFar" | "noMoveDeclared";

/** The most waypoints a path may have (a drag of many bends; more is refused). */
export const MAX_WAYPOINTS = 50;

/** A coordinate: any finite pixel a scene may have. */
const COORDINATE = { min: -1e7, max: 1e7 } as const;
/** A length in metres: not negative, and no farther than a map goes. */
const METRES = { min: 0, max: 100_000 } as const;

/** Checks a path's points by index: each finite, at most MAX_WAYPOINTS of them. */
export function checkPath(field: string, path: readonly MapPoint[]) {
  if (path.length > MAX_WAYPOINTS) {
    return checkNumber(`${field}.length`, path.length, { min: 0, max: MAX_WAYPOINTS });
  }
  for (let i = 0; i < path.length; i++) {
    const p = path[i] as MapPoint;
    const bad =
      checkNumber(`${field}.${i}.x`, p.x, COORDINATE) ??
      checkNumber(`${field}.${i}.y`, p.y, COORDINATE) ??
      (p.elevation === undefined
        ? undefined
        : checkNumber(`${field}.${i}.elevation`, p.elevation, COORDINATE));
    if (bad) return bad;
  }
  return undefined;
}

/** A move declared with its action, before any destination is given. */
export function plannedMove(
  combatantId: string,
  kind: MoveKind,
  seq: number,
  agility: number,
  turnBefore: TurnState,
): PlannedMove {
  return {
    combatantId,
    kind,
    seq,
    metres: moveDistance(kind, agility, turnBefore.moveHalved),
    path: null,
  };
}

/**
 * Where the combatant goes this turn, `distance` metres away along `path`: with its declared move
 * (`declared`), or with a plain Move it declares now (its action). Answers its turn and its move.
 */
export function declareDestination(
  turn: TurnState,
  how: {
    readonly combatantId: string;
    readonly agility: number;
    readonly declared: PlannedMove | null;
    readonly seq: number;
  },
  path: readonly MapPoint[],
  distance: number,
): Result<{ readonly turn: TurnState; readonly move: PlannedMove }, TurnEndRefusal> {
  const bad =
    checkNumber("distance", distance, METRES) ??
    checkNumber("agility", how.agility, SHEET_NUMBER) ??
    checkNumber("seq", how.seq) ??
    checkPath("path", path);
  if (bad) return bad;
  let next = turn;
  let move = how.declared;
  if (move === null) {
    const step = takeAction(turn, { kind: "move" });
    if (!step.ok) return step;
    next = step.value.turn;
    move = plannedMove(how.combatantId, "move", how.seq, how.agility, turn);
  }
  if (distance > move.metres + 1e-9) {
    return refuse("tooFar", { meters: distance, limit: move.metres });
  }
  return ok({ turn: next, move: { ...move, path: [...path] } });
}

/** The length of a path from `from` through its points. */
export function pathLength(from: MapPoint, path: readonly MapPoint[]): number {
  let total = 0;
  let at = from;
  for (const p of path) {
    total += Math.hypot(p.x - at.x, p.y - at.y);
    at = p;
  }
  return total;
}

/**
 * The path from `from` cut at `share` of its length (0 to 1): the points passed, then the point
 * where it stops (its elevation as far up or down as the cut goes). A share of 1 (or more) keeps
 * the path; 0 (or less, or not a number) stays put. The length cut is the ground's: a move only
 * up or down, cut, stays where it is.
 */
export function cutPath(
  from: MapPoint,
  path: readonly MapPoint[],
  share: number,
): readonly MapPoint[] {
  if (!(share > 0)) return [];
  if (share >= 1) return path;
  let left = pathLength(from, path) * share;
  const out: MapPoint[] = [];
  let at = from;
  for (const p of path) {
    const leg = Math.hypot(p.x - at.x, p.y - at.y);
    if (leg >= left) {
      const t = leg === 0 ? 0 : left / leg;
      const cut = { x: at.x + (p.x - at.x) * t, y: at.y + (p.y - at.y) * t };
      const rise = p.elevation;
      const base = at.elevation ?? rise;
      out.push(
        rise === undefined || base === undefined
          ? cut
          : { ...cut, elevation: base + (rise - base) * t },
      );
      return out;
    }
    out.push(p);
    left -= leg;
    at = p;
  }
  return out;
}

/** Moves with a combined action: move + melee, move + half and shoot, move + half and cover. */
const COMBINED: readonly MoveKind[] = ["moveAndMelee", "moveAndShoot", "moveAndCover"];

/** Declaration order: by seq, then by combatant id (a draw of two at the same moment). */
function byDeclaration(a: PlannedMove, b: PlannedMove): number {
  if (a.seq !== b.seq) return a.seq - b.seq;
  return a.combatantId < b.combatantId ? -1 : a.combatantId > b.combatantId ? 1 : 0;
}

/**
 * The end of the turn, from the moves declared in it: `able` says whether a mover can still carry
 * its move out, `halved` whether rolling with an attack cut its move to half.
 */
export function turnEnd(
  declared: readonly PlannedMove[],
  able: (combatantId: string) => boolean,
  halved: (combatantId: string) => boolean,
): Result<TurnEnd, TurnEndRefusal> {
  for (let i = 0; i < declared.length; i++) {
    const move = declared[i] as PlannedMove;
    const bad =
      checkNumber(`declared.${i}.seq`, move.seq) ??
      checkNumber(`declared.${i}.metres`, move.metres, METRES) ??
      (move.path === null ? undefined : checkPath(`declared.${i}.path`, move.path));
    if (bad) return bad;
    if (!isMoveKind(move.kind)) return refuse("noMoveDeclared", { field: `declared.${i}.kind` });
  }
  const going = declared.filter((m) => able(m.combatantId)).sort(byDeclaration);
  const moves: TurnEndMove[] = [];
  for (const m of going) {
    if (m.path === null || m.path.length === 0) continue;
    moves.push({
      combatantId: m.combatantId,
      path: m.path,
      share: halved(m.combatantId) ? 0.5 : 1,
    });
  }
  return ok({ moves, actions: going.filter((m) => COMBINED.includes(m.kind)) });
}
