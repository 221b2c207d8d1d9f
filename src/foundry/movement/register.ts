/**
 * Moving a token costs what the book says (issue 24), on core v13's movement API:
 *
 * - `CONFIG.Token.movement.actions`: the ruleset's actions (walk, crawl, climb, swim) keep core's
 *   labels and icons; each gets `canSelect` (guarded: core also asks about a PrototypeToken,
 *   which stands on no scene) and `getCostFunction`, pricing a step at the ruleset's cost of a
 *   space (core hands it the step's base cost, terrain included).
 * - `preMoveToken` (only on the mover's client) refuses a path the rules forbid, with the reason.
 * - `moveToken` (every client): the active GM prices the move again from the path it measures
 *   itself (never from the cost the mover's client recorded), so a console that skipped
 *   `preMoveToken` gains nothing: an illegal move is reverted (`revertRecordedMovement`) with a
 *   chat note; a legal one is paid once, in the ruleset's GM-owned budget.
 *
 * Only a move of an actor fighting in a started combat is priced; elsewhere moving is free, and a
 * scene without tokens changes nothing. A move the referee makes on a token (a push, a drag:
 * forced.ts) is not its fighter's own: neither priced nor provoking; it is told to modules
 * (`fray.moved`) with no cost.
 */
import { sceneDistance } from "../../rules/core/distance.ts";
import { ok, refuse } from "../../rules/core/result.ts";
import type { Result } from "../../rules/core/result.ts";
import { isMoveMode } from "../../rules/movement/types.ts";
import type { MoveMode, MovePath } from "../../rules/movement/types.ts";
import { registerCards } from "../cards/protocol.ts";
import { fightOf } from "../combat/ledger.ts";
import { SYSTEM_ID } from "../constants.ts";
import { i18n } from "../shared/env.ts";
import { refusalText } from "../shared/refusal.ts";
import { isActiveGM } from "../shared/referee.ts";
import { combatantId } from "../shared/actors.ts";
import { FRAY_HOOKS, announce } from "../api/hooks.ts";
import { heightTravelled, roundedDistance, squareIn } from "./distance.ts";
import { postReactions, reactionCard } from "./reaction-card.ts";
import { provokedTokens } from "./reactions.ts";
import { climbSwimSpaces, crossesDifficult } from "./terrain.ts";
import { groundLevelUnder, groundOf, groundUnder } from "./ground.ts";
import { registerRegionBehaviors } from "./region-behaviors.ts";
import type { SceneToken } from "./reactions.ts";
import { frayRulerClass } from "./ruler.ts";
import { dragAlong, isForcedMove, tokenOnCanvas } from "./forced.ts";
import type { AttackOdds } from "../scene/ruler-odds.ts";
import type { MovedToken, MovementRules, PricedMove } from "./types.ts";

interface Point {
  readonly x: number;
  readonly y: number;
  readonly elevation?: number;
  readonly action?: string;
}

/** What Fray reads of a TokenDocument. */
export interface MovingToken {
  readonly id: string | null;
  readonly actor: Actor.Implementation | null;
  readonly movementHistory?: readonly { readonly movementId?: string }[];
  /** The scene it stands on (core: the TokenDocument's parent). */
  readonly parent?: {
    readonly tokens?: { readonly contents: readonly unknown[] };
    readonly regions?: { readonly contents: readonly unknown[] };
  } | null;
  readonly x?: number;
  readonly y?: number;
  readonly elevation?: number;
  revertRecordedMovement?: () => Promise<boolean>;
  update?: (
    changes: Record<string, unknown>,
    options?: Record<string, unknown>,
  ) => Promise<unknown>;
}

/** What Fray reads of a movement (core `TokenMovementOperation`). */
export interface Movement {
  readonly id: string;
  readonly origin: Point;
  readonly passed: { readonly waypoints: readonly Point[] };
  readonly method: string;
  readonly recorded: boolean;
}

/** Methods that are not a fighter moving: an undo, a GM's placing through the token's config. */
const UNPRICED_METHODS: ReadonlySet<string> = new Set(["undo", "config", "paste"]);

interface GridLike {
  getOffset(point: { x: number; y: number }): { i: number; j: number };
  readonly size: number;
  readonly distance: number;
  readonly units: string;
  measurePath(waypoints: Point[], options?: object): { distance: number };
}

function gridOf(): GridLike | null {
  const board = (globalThis as { canvas?: { ready?: boolean; grid?: GridLike | null } | null })
    .canvas;
  return board?.ready === true && board.grid ? board.grid : null;
}

/**
 * The path of a movement as the rules count it, measured on this client's own grid: its length
 * in the ruleset's unit and the action of its last waypoint.
 */
export function pathOf(rules: MovementRules, movement: Movement): Result<MovePath> {
  const grid = gridOf();
  if (grid === null) return refuse("noCanvas");
  const points = [movement.origin, ...movement.passed.waypoints];
  const measured = grid.measurePath(
    points.map(({ x, y }) => ({ x, y })),
    {},
  ).distance;
  const distance = sceneDistance(
    measured,
    { distance: grid.distance, units: grid.units },
    rules.unit,
  );
  if (!distance.ok) return distance;
  const mode = movement.passed.waypoints.at(-1)?.action ?? "walk";
  if (!isMoveMode(mode, rules.modes)) return refuse("unknown-mode");
  const measuredPath = { distance: roundedDistance(rules, distance.value), mode };
  return ok(isStraight(points) ? { ...measuredPath, straight: true } : measuredPath);
}

/** Whether every point lies on the line from the first to the last (a path without a turn). */
export function isStraight(points: readonly { x: number; y: number }[]): boolean {
  const first = points[0];
  const last = points.at(-1);
  if (first === undefined || last === undefined) return true;
  const dx = last.x - first.x;
  const dy = last.y - first.y;
  const length = Math.hypot(dx, dy);
  // Within half a pixel of the line, and going forward along it.
  return points.every((p) => {
    const off = Math.abs((p.x - first.x) * dy - (p.y - first.y) * dx);
    const along = (p.x - first.x) * dx + (p.y - first.y) * dy;
    return off <= 0.5 * Math.max(1, length) && along >= 0 && along <= length * length;
  });
}

/** Whether the movement ends higher than it starts (climbing up costs more in the dice pool). */
function risesIn(movement: Movement): boolean {
  const end = movement.passed.waypoints.at(-1)?.elevation ?? movement.origin.elevation ?? 0;
  return end > (movement.origin.elevation ?? 0);
}

/**
 * A move that only goes up or down (it never leaves its space), as the rules count it: its height
 * travelled as a climb where the ruleset prices climbing (Worldlines 2 Energy a space, WWN at half
 * rate, the dice pool's climb: Energy to go up, Freelancers each metre twice), a swim when the
 * mover swims; a ruleset without a climb (two dice) counts it as ground walked. Null: it moved
 * nowhere at all.
 */
function verticalPath(rules: MovementRules, movement: Movement): Result<MovePath> | null {
  const grid = gridOf();
  const height = heightTravelled(movement.origin.elevation ?? 0, movement.passed.waypoints);
  if (grid === null || !(height > 0)) return null;
  const distance = sceneDistance(
    height,
    { distance: grid.distance, units: grid.units },
    rules.unit,
  );
  if (!distance.ok) return distance;
  const mode = verticalMode(rules, movement);
  if (mode === null) return refuse("unknown-mode");
  return ok({ distance: roundedDistance(rules, distance.value), mode, rising: risesIn(movement) });
}

/** How a move straight up or down goes: swimming, else climbing where the ruleset climbs. */
function verticalMode(rules: MovementRules, movement: Movement): MoveMode | null {
  const action = movement.passed.waypoints.at(-1)?.action ?? "walk";
  if (!isMoveMode(action, rules.modes)) return null;
  if (action === "swim") return action;
  return isMoveMode("climb", rules.modes) ? "climb" : action;
}

/** Whether the movement leaves its grid space at no point (only its elevation changes). */
function staysPut(movement: Movement): boolean {
  const grid = gridOf();
  if (grid === null) return false;
  const home = grid.getOffset(movement.origin);
  return movement.passed.waypoints.every((w) => {
    const at = grid.getOffset(w);
    return at.i === home.i && at.j === home.j;
  });
}

/**
 * The price of a movement for its token's actor, or null when moving it is free (no fight, or a
 * move that goes nowhere). A move that only changes its elevation is priced as the height it
 * climbs (`verticalPath`); the GM lowering a falling token is a forced move, never priced.
 */
export function priceMovement(
  rules: MovementRules,
  token: MovingToken,
  movement: Movement,
): Result<PricedMove> | null {
  const actor = token.actor;
  if (actor === null || UNPRICED_METHODS.has(movement.method) || fightOf(actor) === null) {
    return null;
  }
  if (staysPut(movement)) {
    const vertical = verticalPath(rules, movement);
    if (vertical === null || !vertical.ok) return vertical;
    return rules.price(actor, vertical.value);
  }
  const path = pathOf(rules, movement);
  if (!path.ok) return path;
  const grid = gridOf();
  const points = [movement.origin, ...movement.passed.waypoints];
  // Difficult ground from the scene's Regions, measured here as on the GM's client.
  const scened = token as unknown as SceneToken;
  const difficult = grid !== null && crossesDifficult(scened, grid, points, path.value.mode);
  const climbSwim = grid === null ? 0 : climbSwimSpaces(scened, grid, points);
  return rules.price(actor, {
    ...path.value,
    ...(risesIn(movement) ? { rising: true } : {}),
    ...(difficult ? { difficult } : {}),
    ...(climbSwim > 0 ? { climbSwimSpaces: climbSwim } : {}),
  });
}

function reasonText(
  rules: MovementRules,
  actor: Actor.Implementation | null,
  reason: {
    reason: string;
    detail?: Readonly<Record<string, unknown>>;
  },
): string {
  const keyOf = (r: string) =>
    r === "unknown-mode" || r === "noCanvas" ? `FRAY.Movement.Refusal.${r}` : rules.refusalKey(r);
  return refusalText(keyOf, reason, { name: actor?.name ?? "" });
}

/** The mover's client: a path the rules refuse does not start. */
export function onPreMoveToken(
  rules: MovementRules,
  token: MovingToken,
  movement: Movement,
): boolean {
  // The referee's own push or drag of this token (forced.ts): not the fighter's move.
  if (isForcedMove(token)) return true;
  const priced = priceMovement(rules, token, movement);
  if (priced === null || priced.ok) return true;
  ui.notifications?.warn(
    i18n().format("FRAY.Movement.Refused", { reason: reasonText(rules, token.actor, priced) }),
  );
  return false;
}

/** Moves the active GM has handled, by movement id: each is paid or reverted once. */
const handled = new Set<string>();

/** Tells modules the move the referee settled (`fray.moved`), with its price or none. */
function tellMoved(
  token: MovingToken,
  actor: Actor.Implementation,
  movement: Movement,
  price: PricedMove["price"] | null,
  userId: string,
): void {
  const to = movement.passed.waypoints.at(-1) ?? movement.origin;
  announce(FRAY_HOOKS.moved, {
    actorId: combatantId(actor),
    tokenId: token.id ?? "",
    from: { x: movement.origin.x, y: movement.origin.y },
    to: { x: to.x, y: to.y },
    action: to.action ?? "walk",
    cost: price === null ? null : { currency: price.currency, amount: price.cost },
    userId,
  });
}

/**
 * The active GM: re-check the move, revert it when illegal, else pay it once; a settled move
 * (paid, or free outside a fight) is told to modules once, here (`fray.moved`). A forced move
 * (forced.ts: a push, a throw, a victim dragged along) is the referee's own, made on this client:
 * neither priced nor checked, it is told once with no cost, by the GM who made it.
 */
export async function onMoveToken(
  rules: MovementRules,
  token: MovingToken,
  movement: Movement,
  userId = "",
): Promise<void> {
  if (!isActiveGM() || handled.has(movement.id)) return;
  handled.add(movement.id);
  const actor = token.actor;
  if (isForcedMove(token, userId)) {
    if (actor !== null) tellMoved(token, actor, movement, null, userId);
    return;
  }
  if (actor === null) return;
  await rules.queue(actor, async () => {
    const priced = priceMovement(rules, token, movement);
    if (priced === null) {
      if (!UNPRICED_METHODS.has(movement.method)) tellMoved(token, actor, movement, null, userId);
      return;
    }
    if (priced.ok) {
      // Who it drags, read before the pool it pays from is spent (forced.ts).
      const dragged = rules.dragged?.(actor) ?? [];
      await priced.value.pay();
      const to = movement.passed.waypoints.at(-1) ?? movement.origin;
      const victims = dragged.flatMap((victim) => tokenOnCanvas(victim) ?? []);
      await dragAlong(movement.origin, to, victims);
      tellMoved(token, actor, movement, priced.value.price, userId);
      await raiseReactions(rules, token, movement);
      await settleGround(rules, token, actor, movement, userId);
      return;
    }
    await revert(token, movement);
    await ChatMessage.create({
      content: `<p class="fray-movement-note">${escape(
        i18n().format("FRAY.Movement.Reverted", {
          name: actor.name,
          reason: reasonText(rules, actor, priced),
        }),
      )}</p>`,
      whisper: [],
    });
  });
}

/** The active GM: the reaction cards a paid move raises (movement/reactions.ts). */
async function raiseReactions(
  rules: MovementRules,
  token: MovingToken,
  movement: Movement,
): Promise<void> {
  const grid = gridOf();
  // Core's Collection: `contents` is its values (as iterating it is).
  const scene = token.parent?.tokens?.contents;
  if (rules.reactions === undefined || grid === null || scene === undefined) return;
  const mode = movement.passed.waypoints.at(-1)?.action ?? "walk";
  if (!isMoveMode(mode, rules.modes)) return;
  const perSquare = squareIn(rules, grid);
  if (perSquare === null) return;
  const mover = token as unknown as SceneToken;
  const provoked = provokedTokens(
    rules.reactions,
    mover,
    scene as readonly SceneToken[],
    grid,
    [movement.origin, ...movement.passed.waypoints],
    mode,
    perSquare,
  );
  await postReactions(mover, provoked);
}

/** The active GM: what the ground a paid move crossed does (the ruleset's `afterMove`). */
async function settleGround(
  rules: MovementRules,
  token: MovingToken,
  actor: Actor.Implementation,
  movement: Movement,
  userId: string,
): Promise<void> {
  const grid = gridOf();
  // A move straight up or down went as it was priced: climbing (or swimming) holds the mover up.
  const mode = staysPut(movement)
    ? verticalMode(rules, movement)
    : (movement.passed.waypoints.at(-1)?.action ?? "walk");
  if (rules.afterMove === undefined || grid === null || mode === null) return;
  if (!isMoveMode(mode, rules.modes)) return;
  const points = [movement.origin, ...movement.passed.waypoints];
  const scened = token as unknown as SceneToken & MovedToken;
  const ground = groundOf(scened, grid, points, mode);
  const under = groundUnder(scened, grid, mode);
  const groundLevel = groundLevelUnder(scened, grid);
  await rules.afterMove({ token: scened, actor, mode, userId, ground, under, groundLevel, grid });
}

function escape(text: string): string {
  return foundry.utils.escapeHTML(text);
}

/** Puts the token back where the move began: core's undo of the recorded move, or an update. */
async function revert(token: MovingToken, movement: Movement): Promise<void> {
  const last = token.movementHistory?.at(-1)?.movementId;
  if (movement.recorded && last === movement.id && token.revertRecordedMovement) {
    await token.revertRecordedMovement();
    return;
  }
  await token.update?.(
    { x: movement.origin.x, y: movement.origin.y },
    { [SYSTEM_ID]: { revert: true } },
  );
}

type CostFunction = (baseCost: number, from: unknown, to: unknown, distance: number) => number;

interface ActionConfig {
  canSelect?: (token: unknown) => boolean;
  getCostFunction?: (token: unknown, options?: unknown) => CostFunction;
  [key: string]: unknown;
}

/** A TokenDocument's actor, or null for a PrototypeToken (core asks about those too). */
function actorOfToken(token: unknown): Actor.Implementation | null {
  const doc = token as { documentName?: string; actor?: Actor.Implementation | null };
  return doc.documentName === "Token" ? (doc.actor ?? null) : null;
}

/** The ruleset's movement actions, laid over core's (its labels and icons stay). */
export function movementActions(
  rules: MovementRules,
  core: Readonly<Record<string, ActionConfig | undefined>>,
): Record<string, ActionConfig> {
  const actions: Record<string, ActionConfig> = {};
  rules.modes.forEach((mode: MoveMode, order) => {
    actions[mode] = {
      // Core's own actions keep their label and icon; Fray's (Retreat, Disengage) bring theirs.
      label: `FRAY.Movement.Action.${mode}`,
      icon: "fa-solid fa-person-running",
      // Walls stop Fray's own actions (a Charge, a Blitz, a Retreat) as they stop core's walk
      // (core Token#constrainMovementPath reads the action's `walls`: none, no collision).
      walls: "move",
      ...core[mode],
      order,
      canSelect: (token: unknown) => {
        const actor = actorOfToken(token);
        return actor === null ? mode === "walk" : rules.canSelect(actor, mode);
      },
      getCostFunction: (token: unknown) => {
        const actor = actorOfToken(token);
        const perSpace = actor === null ? 1 : rules.spaceCost(actor, mode);
        return (baseCost, _from, _to, distance) =>
          distance > 0 ? (baseCost / distance) * perSpace : 0;
      },
    };
  });
  return actions;
}

/**
 * Registers the ruleset's movement (nothing when it has none); `odds`, the ruleset's API odds and range words,
 * for the ruler's odds line.
 */
export function registerMovement(rules: MovementRules | undefined, odds?: AttackOdds): void {
  // Fray's Region behaviours load whatever the ruleset (a switched world keeps its Regions).
  registerRegionBehaviors();
  if (rules === undefined) return;
  rules.registerSettings?.();
  if (rules.reactions !== undefined) registerCards([reactionCard(rules.reactions)]);
  const config = CONFIG.Token as unknown as {
    movement: { actions: Record<string, ActionConfig> };
    rulerClass: unknown;
  };
  config.movement.actions = movementActions(rules, config.movement.actions);
  config.rulerClass = frayRulerClass(rules, foundry.canvas.placeables.tokens.TokenRuler, odds);
  // Core v13's movement hooks (hookEvents.preMoveToken, hookEvents.moveToken), which this
  // version of fvtt-types does not list.
  const hooks = Hooks as unknown as {
    on(
      hook: string,
      fn: (token: unknown, movement: unknown, operation: unknown, user: unknown) => unknown,
    ): number;
  };
  hooks.on("preMoveToken", (token, movement) =>
    onPreMoveToken(rules, token as MovingToken, movement as Movement),
  );
  hooks.on("moveToken", (token, movement, _operation, user) => {
    // Core hands the moving user (a User) as the hook's fourth argument.
    const userId = (user as { id?: unknown } | null)?.id;
    void onMoveToken(
      rules,
      token as MovingToken,
      movement as Movement,
      typeof userId === "string" ? userId : "",
    );
  });
}
