/**
 * Fray's token ruler (`CONFIG.Token.rulerClass`, a core v13 `TokenRuler`): each planned waypoint's
 * label says what the path to it costs in the book's currency and what is left ("2 of 5 Energy
 * left", "Move 1 of 2", "30 ft of 30"), and each segment is coloured by budget: within what the
 * mover has, needing its next action (a sprint, the Main as a second Move), or impossible.
 *
 * The path priced is the planned part only: what the mover already walked this turn is already
 * in the budget the rules read (the ledger), so it is not counted twice.
 */
import { sceneDistance } from "../../rules/core/distance.ts";
import { isMoveMode } from "../../rules/movement/types.ts";
import type { MovePrice } from "../../rules/movement/types.ts";
import { SYSTEM_PATH } from "../constants.ts";
import { i18n } from "../shared/env.ts";
import { fightOf } from "../combat/ledger.ts";
import { refusalText } from "../shared/refusal.ts";
import { roundedDistance } from "./distance.ts";
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
): WaypointLabel | null {
  if (fightOf(actor) === null) return null;
  const measured = sceneDistance(distance, grid, rules.unit);
  const mode = isMoveMode(action, rules.modes) ? action : null;
  const priced =
    !measured.ok || mode === null
      ? null
      : rules.price(actor, { distance: roundedDistance(rules, measured.value), mode });
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

/** What Fray reads of a ruler waypoint (core `TokenRulerWaypoint`). */
interface RulerWaypoint {
  readonly action: string;
  readonly stage: "passed" | "pending" | "planned";
  readonly measurement: { readonly distance: number };
}

interface RulerState {
  frayFrom?: number;
  frayLabels?: Map<RulerWaypoint, WaypointLabel | null>;
}

type TokenRulerClass = typeof foundry.canvas.placeables.tokens.TokenRuler;
type RulerWaypointData = foundry.canvas.placeables.tokens.TokenRuler.Waypoint;
type RulerStateData = foundry.canvas.placeables.tokens.TokenRuler.State;
type RulerContext = foundry.canvas.placeables.tokens.TokenRuler.WaypointContext;
type RulerSegmentStyle = foundry.canvas.placeables.tokens.TokenRuler.SegmentStyle;

/** A TokenRuler subclass pricing each planned waypoint with the ruleset's rules. */
export function frayRulerClass(rules: MovementRules, Base: TokenRulerClass): TokenRulerClass {
  const labelOf = (ruler: unknown, waypoint: RulerWaypoint, state: RulerState) => {
    const token = (ruler as { token?: { document?: { actor?: Actor.Implementation | null } } })
      .token;
    const actor = token?.document?.actor ?? null;
    const board = (globalThis as { canvas?: { grid?: { distance: number; units: string } | null } })
      .canvas;
    if (waypoint.stage !== "planned") {
      state.frayFrom = waypoint.measurement.distance;
      return null;
    }
    if (actor === null || !board?.grid) return null;
    const planned = waypoint.measurement.distance - (state.frayFrom ?? 0);
    return waypointLabel(rules, actor, planned, waypoint.action, board.grid);
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
      const distance = (waypoint as unknown as RulerWaypoint).measurement.distance;
      const fray = { ...label, distance: String(Math.round(distance * 100) / 100) };
      return { ...context, fray } as RulerContext;
    }

    override _getSegmentStyle(waypoint: RulerWaypointData): RulerSegmentStyle {
      const style = super._getSegmentStyle(waypoint);
      const label = this.#labels.get(waypoint);
      return label ? { ...style, color: BAND_COLORS[label.band] } : style;
    }
  };
}
