/**
 * What a path costs in Worldlines: Energy per space by stance (1 standing, 2 crouched, 3 prone),
 * at least the climb/swim rate (2) when climbing or swimming; Staggered or disabled legs cannot
 * move, nor can a fighter who is down. The rates and refusals are `energy.ts` `checkAction`'s; this
 * only turns a path into its move action. The budget is the fighter's Energy.
 *
 * Spaces of a walk (or crawl, or retreat) that lie in ground climbed or swum (`climbSwimSpaces`, a
 * Region the GM marked) are paid at the climb/swim rate, the rest at the stance's.
 *
 * Retreat (the table's 2 Energy, "disengage from melee without provoking"): the book prices the
 * disengaging, not the ground covered, as it prices a stance change. Where it is silent: a retreat
 * is the Retreat price plus the ordinary Move cost of each space (so retreating is never a cheaper
 * way to cross the map), and the whole path provokes no Opportunity Attack (reactions.ts).
 */
import { checkNumber, NUMBER_RULES } from "../core/guard.ts";
import { ok, refuse } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import type { MoveMode, MoveOutcome, MovePath, PathRefusal } from "../movement/types.ts";
import { isMoveMode } from "../movement/types.ts";
import { checkAction } from "./energy.ts";
import type { EnergyRefusal } from "./energy.ts";
import type { WorldlinesCombatant } from "./model.ts";
import { DEFAULT_OPTIONS } from "./options.ts";
import type { WorldlinesOptions } from "./options.ts";

export type WorldlinesMoveRefusal = EnergyRefusal | PathRefusal;

/** How a Worldlines fighter moves: walking, crawling, climbing, swimming, retreating. */
export const WORLDLINES_MOVE_MODES: readonly MoveMode[] = [
  "walk",
  "crawl",
  "climb",
  "swim",
  "retreat",
];

/** The path's price in Energy; `after` is the Energy left. */
export function worldlinesMoveCost(
  actor: WorldlinesCombatant,
  path: MovePath,
  options: WorldlinesOptions = DEFAULT_OPTIONS,
): Result<MoveOutcome<number>, WorldlinesMoveRefusal> {
  if (!isMoveMode(path.mode, WORLDLINES_MOVE_MODES)) return refuse("unknown-mode");
  const bad =
    checkNumber("distance", path.distance, NUMBER_RULES.count) ??
    (path.climbSwimSpaces === undefined
      ? undefined
      : checkNumber("climbSwimSpaces", path.climbSwimSpaces, NUMBER_RULES.count));
  if (bad) return bad;
  const climbing = path.mode === "climb" || path.mode === "swim";
  const terrain = climbing ? path.mode : "ground";
  const hard = climbing ? 0 : Math.min(path.distance, path.climbSwimSpaces ?? 0);
  // A path of no space is still a move: the same refusals, at no cost.
  const checked = checkAction(
    actor,
    { kind: "move", spaces: Math.max(1, path.distance - hard), terrain },
    options,
  );
  if (!checked.ok) return checked;
  let cost = path.distance - hard === 0 ? 0 : checked.value.cost;
  if (hard > 0) {
    // The same price as climbing (the rate is the book's climb and swim rate).
    const rough = checkAction(actor, { kind: "move", spaces: hard, terrain: "climb" }, options);
    if (!rough.ok) return rough;
    cost += rough.value.cost;
    if (cost > actor.energy.value) {
      return refuse("notEnoughEnergy", { cost, energy: actor.energy.value });
    }
  }
  if (path.mode === "retreat") {
    const retreat = checkAction(actor, { kind: "retreat" }, options);
    if (!retreat.ok) return retreat;
    cost += retreat.value.cost;
    if (cost > actor.energy.value) {
      return refuse("notEnoughEnergy", { cost, energy: actor.energy.value });
    }
  }
  const left = actor.energy.value - cost;
  return ok({
    price: {
      currency: "energy",
      cost,
      left,
      of: actor.energy.value,
      actionsBegun: 0,
      moveActions: { used: 0, max: 0 },
      extra: { energy: 0, mainAction: false },
      band: "within",
    },
    after: left,
  });
}
