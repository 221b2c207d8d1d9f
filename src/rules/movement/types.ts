/**
 * Moving on the map, shared by every ruleset: what a path is (its length in the ruleset's own
 * unit and how it is travelled) and what it costs (in the book's currency, with what is left of
 * the budget it is drawn from). Each ruleset prices a path with one function of the
 * `MovementPricing` shape (`src/rules/<id>/move-cost.ts`); the shell measures the path on the
 * scene, reads the actor and the GM-owned budget, and shows, refuses or charges what comes back.
 */
import type { Result } from "../core/result.ts";

/**
 * How a path is travelled, as Fray's movement actions name them (core v13's action ids): on foot,
 * crawling (prone), climbing or swimming; and two of Fray's own that provoke no reaction on the
 * way: Worldlines' Retreat and Freelancers' Disengage; and the move an attack is made of: the dice
 * pool's Blitz Attack and WWN's Charge. A ruleset prices only the modes it offers.
 */
export type MoveMode =
  "walk" | "crawl" | "climb" | "swim" | "retreat" | "disengage" | "blitz" | "charge";

export const MOVE_MODES: readonly MoveMode[] = [
  "walk",
  "crawl",
  "climb",
  "swim",
  "retreat",
  "disengage",
  "blitz",
  "charge",
];

/** A path to price: its length in the ruleset's unit, how it is travelled, and the ground. */
export interface MovePath {
  /** Spaces (Worldlines, dice pool), feet (WWN) or metres (two dice), never negative. */
  readonly distance: number;
  readonly mode: MoveMode;
  /** Some of it crosses difficult terrain (a Region's movement cost, a rough patch). */
  readonly difficult?: boolean;
  /** It ends higher than it starts (climbing up costs more in the dice pool). */
  readonly rising?: boolean;
  /**
   * How many of its spaces lie in ground that is climbed or swum (a Region the GM marked so): a
   * walk pays them as climbing or swimming where the book prices those (Worldlines).
   */
  readonly climbSwimSpaces?: number;
  /** It runs in one straight line, without a turn (a WWN Charge must). */
  readonly straight?: boolean;
}

/** The book's currency a move is paid in. */
export type MoveCurrency = "energy" | "ft" | "m" | "spaces";

/** What a path costs and what is left afterwards. */
export interface MovePrice {
  readonly currency: MoveCurrency;
  /** What the path spends, in the currency. */
  readonly cost: number;
  /** What is left of the budget after the path (Energy, feet or spaces of the current move). */
  readonly left: number;
  /** The budget it is drawn from (Energy now, the current move's reach). */
  readonly of: number;
  /** Move actions the path begins (0: it goes on with one already begun, or costs none). */
  readonly actionsBegun: number;
  /** The move actions the mover has begun this turn after the path, and at most may. */
  readonly moveActions: { readonly used: number; readonly max: number };
  /** Extra costs besides the currency (the dice pool's sprint Energy, WWN's Main as a Move). */
  readonly extra: { readonly energy: number; readonly mainAction: boolean };
  /**
   * "within": the path fits what the mover has already begun or a first action; "next": it needs
   * the mover's next action (a sprint, the Main as a second Move).
   */
  readonly band: "within" | "next";
}

/** A priced path and the ruleset's budget after paying it (for the GM to record). */
export interface MoveOutcome<B> {
  readonly price: MovePrice;
  readonly after: B;
}

/** One ruleset's pricing: the mover's state and budget `S`, the path, to the price or a refusal. */
export type MovementPricing<S, B, R extends string = string> = (
  state: S,
  path: MovePath,
) => Result<MoveOutcome<B>, R>;

/** Reasons every ruleset shares for refusing a path before its own rules run. */
export type PathRefusal = "not-a-number" | "not-whole" | "out-of-range" | "unknown-mode";

/**
 * Whether a value names a movement mode (a player's console may send anything), among `offered`
 * when given (the modes a ruleset prices).
 */
export function isMoveMode(
  value: unknown,
  offered: readonly MoveMode[] = MOVE_MODES,
): value is MoveMode {
  return typeof value === "string" && (offered as readonly string[]).includes(value);
}
