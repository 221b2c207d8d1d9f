/**
 * Fray's token ruler (`CONFIG.Token.rulerClass`, a core v13 `TokenRuler`): each planned waypoint's
 * label says what the path to it costs in the book's currency and what is left ("2 of 5 Energy
 * left", "Move 1 of 2", "30 ft of 30"), and each segment is coloured by budget: within what the
 * mover has, needing its next action (a sprint, the Main as a second Move), or impossible.
 *
 * The path priced is the planned part only: what the mover already walked this turn is already
 * in the budget the rules read (the ledger), so it is not counted twice. The label also says how
 * many reactions the planned path would provoke (movement/reactions.ts, as the GM will measure
 * them when the move is made), like Draw Steel's free-strike count. With a target selected, it also
 * says the chance to hit it from there (scene/ruler-odds.ts). When the segment to a waypoint
 * crosses ground the ruleset prices (its `terrainNotes`: climbing, swimming, difficult or rough
 * ground), the label says so ("climbing ×2"), and the price counts that ground as the GM will.
 */
import { sceneDistance } from "../../rules/core/distance.ts";
import { isMoveMode } from "../../rules/movement/types.ts";
import type { MovePrice } from "../../rules/movement/types.ts";
import { SYSTEM_PATH } from "../constants.ts";
import { i18n } from "../shared/env.ts";
import { fightOf } from "../combat/ledger.ts";
import { refusalText } from "../shared/refusal.ts";
import { rulerOdds } from "../scene/ruler-odds.ts";
import type { AttackOdds } from "../scene/ruler-odds.ts";
import { roundedDistance, squareIn } from "./distance.ts";
import { provokedTokens } from "./reactions.ts";
import { climbSwimSpaces, crossesDifficult } from "./terrain.ts";
import { groundOf } from "./ground.ts";
import type { SceneToken } from "./reactions.ts";
import type { MovementRules } from "./types.ts";

export const WAYPOINT_LABEL_TEMPLATE = `${SYSTEM_PATH}/templates/movement/waypoint-label.hbs`;

/** Within budget, needing the next action, or impossible. */
export type Band = "within" | "next" | "impossible";

/** The colours of the three bands (the ruler's segments and grid highlight). */
export const BAND_COLORS: Readonly<Record<Band, number>> = {
  within: 0x33bc4e,
  next: 0xf1d836,
  impossible: 0xe72124,
};

export interface WaypointLabel {
  readonly band: Band;
  readonly text: string;
  /** The reactions the planned path up to this waypoint would provoke. */
  readonly reactions?: number;
  /** What the ground of the segment to this waypoint does to the price ("climbing ×2"). */
  readonly terrain?: string;
}

/** The words of a price. */
export function priceText(price: MovePrice): string {
  const f = (key: string, data: Record<string, number>) =>
    i18n().format(`FRAY.Movement.Label.${key}`, data);
  const n = (x: number) => Math.round(x * 100) / 100;
  const parts: string[] = [];
  if (price.currency === "energy") {
    parts.push(f("energy", { left: n(price.left), of: n(price.of) }));
  } else {
    parts.push(f(price.currency, { left: n(price.left), of: n(price.of), cost: n(price.cost) }));
    if (price.moveActions.max > 0) {
      parts.push(f("moves", { used: price.moveActions.used, max: price.moveActions.max }));
    }
    if (price.extra.energy > 0) parts.push(f("extraEnergy", { energy: price.extra.energy }));
  }
  return parts.join(" · ");
}

/**
 * The label of a planned path of `distance` scene units travelled by `action`, for the actor as it
 * stands: its price or the reason it is impossible; null when moving is free (no fight).
 */
export function waypointLabel(
  rules: MovementRules,
  actor: Actor.Implementation,
  distance: number,
  action: string,
  grid: { readonly distance: number; readonly units: string },
  difficult = false,
  climbSwimSpaces = 0,
): WaypointLabel | null {
  if (fightOf(actor) === null) return null;
  const measured = sceneDistance(distance, grid, rules.unit);
  const mode = isMoveMode(action, rules.modes) ? action : null;
  const priced =
    !measured.ok || mode === null
      ? null
      : rules.price(actor, {
          distance: roundedDistance(rules, measured.value),
          mode,
          ...(difficult ? { difficult } : {}),
          ...(climbSwimSpaces > 0 ? { climbSwimSpaces } : {}),
        });
  if (priced === null || !priced.ok) {
    const reason = priced?.reason ?? (measured.ok ? "unknown-mode" : measured.reason);
    const keyOf = (r: string) =>
      r === "unknown-mode" ? `FRAY.Movement.Refusal.${r}` : rules.refusalKey(r);
    return {
      band: "impossible",
      text: refusalText(
        keyOf,
        { reason, detail: priced?.ok === false ? priced.detail : {} },
        {
          name: actor.name,
        },
      ),
    };
  }
  return { band: priced.value.price.band, text: priceText(priced.value.price) };
}

/** What Fray reads of a ruler waypoint (core `TokenRulerWaypoint`: its top-left x, y). */
interface RulerWaypoint {
  readonly x?: number;
  readonly y?: number;
  readonly action: string;
  readonly stage: "passed" | "pending" | "planned";
  readonly measurement: { readonly distance: number };
}

interface RulerState {
  frayFrom?: number;
  /** The planned path so far: where it starts, then each planned waypoint. */
  frayPoints?: { x: number; y: number }[];
}

interface Board {
  readonly grid?: {
    readonly size: number;
    readonly distance: number;
    readonly units: string;
    getOffset(point: { x: number; y: number }): { i: number; j: number };
  } | null;
}

/**
 * The reactions the planned path `points` would provoke for the token travelling by `action`
 * (none for a ruleset without reactions, a token off a scene, or a path of one point).
 */
export function plannedReactions(
  rules: MovementRules,
  token: SceneToken & {
    readonly parent?: { readonly tokens?: { readonly contents: readonly unknown[] } } | null;
  },
  points: readonly { x: number; y: number }[],
  action: string,
): number {
  const board = (globalThis as { canvas?: Board }).canvas;
  const grid = board?.grid;
  const scene = token.parent?.tokens?.contents;
  if (rules.reactions === undefined || !grid || scene === undefined || points.length < 2) return 0;
  if (!isMoveMode(action, rules.modes)) return 0;
  const perSquare = squareIn(rules, grid);
  if (perSquare === null) return 0;
  return provokedTokens(
    rules.reactions,
    token,
    scene as readonly SceneToken[],
    grid,
    points,
    action,
    perSquare,
  ).length;
}

/**
 * The ruleset's words for the ground of the last segment of the planned path `points` (from the
 * previous waypoint to this one): why it costs more ("climbing ×2", "rough terrain: 2 rolls"), or
 * "" when its ground changes nothing for the mover.
 */
export function segmentTerrain(
  rules: MovementRules,
  actor: Actor.Implementation,
  token: SceneToken,
  grid: NonNullable<Board["grid"]>,
  points: readonly { x: number; y: number }[],
  action: string,
): string {
  if (rules.terrainNotes === undefined || !isMoveMode(action, rules.modes)) return "";
  const ground = groundOf(token, grid, points.slice(-2), action);
  return rules.terrainNotes(actor, ground, action).join(" · ");
}

type TokenRulerClass = typeof foundry.canvas.placeables.tokens.TokenRuler;
type RulerWaypointData = foundry.canvas.placeables.tokens.TokenRuler.Waypoint;
type RulerStateData = foundry.canvas.placeables.tokens.TokenRuler.State;
type RulerContext = foundry.canvas.placeables.tokens.TokenRuler.WaypointContext;
type RulerSegmentStyle = foundry.canvas.placeables.tokens.TokenRuler.SegmentStyle;

/** A TokenRuler subclass pricing each planned waypoint with the ruleset's rules. */
export function frayRulerClass(
  rules: MovementRules,
  Base: TokenRulerClass,
  odds?: AttackOdds,
): TokenRulerClass {
  const labelOf = (ruler: unknown, waypoint: RulerWaypoint, state: RulerState) => {
    const token = (ruler as { token?: { document?: SceneToken } }).token?.document;
    const actor = token?.actor ?? null;
    const board = (globalThis as { canvas?: Board }).canvas;
    const point = { x: waypoint.x ?? token?.x ?? 0, y: waypoint.y ?? token?.y ?? 0 };
    if (waypoint.stage !== "planned") {
      state.frayFrom = waypoint.measurement.distance;
      state.frayPoints = [point];
      return null;
    }
    if (token === undefined || actor === null || !board?.grid) return null;
    state.frayPoints ??= [{ x: token.x, y: token.y }];
    state.frayPoints.push(point);
    const planned = waypoint.measurement.distance - (state.frayFrom ?? 0);
    const grid = board.grid;
    const difficult = crossesDifficult(token, grid, state.frayPoints, waypoint.action);
    // Priced on the ground as the GM prices it (register.ts priceMovement).
    const climbSwim = climbSwimSpaces(token, grid, state.frayPoints);
    const priced = waypointLabel(
      rules,
      actor,
      planned,
      waypoint.action,
      grid,
      difficult,
      climbSwim,
    );
    if (priced === null) return null;
    const terrain = segmentTerrain(rules, actor, token, grid, state.frayPoints, waypoint.action);
    const label = terrain === "" ? priced : { ...priced, terrain };
    const reactions = plannedReactions(rules, token, state.frayPoints, waypoint.action);
    if (reactions === 0) return label;
    const provokes = i18n().format("FRAY.Movement.Label.reactions", { count: reactions });
    return { ...label, reactions, text: `${label.text} · ${provokes}` };
  };
  return class FrayTokenRuler extends Base {
    static override WAYPOINT_LABEL_TEMPLATE = WAYPOINT_LABEL_TEMPLATE;
    #labels = new WeakMap<object, WaypointLabel | null>();

    override _getWaypointLabelContext(
      waypoint: RulerWaypointData,
      state: RulerStateData,
    ): RulerContext | undefined {
      const context = super._getWaypointLabelContext(waypoint, state) ?? undefined;
      if (context === undefined) return context;
      const label = labelOf(this, waypoint, state as RulerState);
      this.#labels.set(waypoint, label);
      const { measurement, x, y } = waypoint as unknown as RulerWaypoint;
      const token = (this as { token?: { document?: TokenDocument.Implementation } }).token
        ?.document;
      const line =
        token && odds ? rulerOdds(odds, token, { x: x ?? token.x, y: y ?? token.y }) : null;
      const fray = {
        ...label,
        ...(line === null ? {} : { odds: line }),
        distance: String(Math.round(measurement.distance * 100) / 100),
      };
      return { ...context, fray } as RulerContext;
    }

    override _getSegmentStyle(waypoint: RulerWaypointData): RulerSegmentStyle {
      const style = super._getSegmentStyle(waypoint);
      const label = this.#labels.get(waypoint);
      return label ? { ...style, color: BAND_COLORS[label.band] } : style;
    }
  };
}
