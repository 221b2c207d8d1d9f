/**
 * Energy: every action has a cost; a turn lasts until the actor runs out or stops; everybody
 * refreshes to their maximum at the Energy Refresh phase.
 */
import type { Checked } from "../core/checked.ts";
import { checkedAs } from "../core/checked.ts";
import { ok, refuse } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { checkNumber, NUMBER_RULES } from "../core/guard.ts";
import { checkChoice } from "../core/names.ts";
import { diffCombatant } from "./changes.ts";
import { atValue, changed, copyOf } from "./combatant.ts";
import type { ActorUpdate } from "./changes.ts";
import { STANCES } from "./model.ts";
import type { Stance, WorldlinesCombatant } from "./model.ts";
import { DEFAULT_OPTIONS } from "./options.ts";
import type { WorldlinesOptions } from "./options.ts";
import { checkCombatant, checkOptions } from "./valid.ts";
import type { InputRefusal, InputRefusalReason } from "./valid.ts";

export type EnergyAction =
  | { readonly kind: "attack" }
  | { readonly kind: "reload" }
  | { readonly kind: "switchWeapon" }
  | { readonly kind: "useItem" }
  | { readonly kind: "firstAid" }
  | { readonly kind: "throw" }
  | { readonly kind: "build" }
  /** Ends the turn; the Armor die goes up one step and interruptions cannot touch the actor. */
  | { readonly kind: "defensivePosture" }
  /** A technique's own cost; Stressed adds the surcharge. */
  | { readonly kind: "technique"; readonly cost: number }
  | {
      readonly kind: "move";
      readonly spaces: number;
      readonly terrain?: "ground" | "climb" | "swim";
    }
  | { readonly kind: "changeStance"; readonly to: Stance }
  /** Leave melee without provoking. */
  | { readonly kind: "retreat" }
  /** The defender's Evasion roll. */
  | { readonly kind: "evade" }
  | { readonly kind: "coveringFire" }
  | { readonly kind: "extraEvasion" }
  | { readonly kind: "opportunityAttack" };

export type EnergyRefusal =
  | "notActive"
  | "notEnoughEnergy"
  | "staggered"
  | "legDisabled"
  | "armDisabled"
  | "sameStance"
  | InputRefusalReason;

/** Every kind of action the Energy table prices. */
export const ENERGY_ACTION_KINDS: readonly EnergyAction["kind"][] = [
  "attack",
  "reload",
  "switchWeapon",
  "useItem",
  "firstAid",
  "throw",
  "build",
  "defensivePosture",
  "technique",
  "move",
  "changeStance",
  "retreat",
  "evade",
  "coveringFire",
  "extraEvasion",
  "opportunityAttack",
];

/**
 * What the action costs this actor (stance and Stressed included), before checking it is allowed.
 * Refused when the actor, the action's amount or the options carry a bad number.
 */
export function energyCost(
  actor: WorldlinesCombatant,
  action: EnergyAction,
  options: WorldlinesOptions = DEFAULT_OPTIONS,
): Result<number, InputRefusalReason> {
  const bad = checkCombatant("actor", actor) ?? checkOptions(options) ?? checkAmount(action);
  return bad ?? ok(costOf(actor, action, options));
}

/**
 * The action itself: its kind from the table; the spaces of a move (at least 1) and its terrain,
 * a technique's own cost (whole and not negative), the stance a change goes to.
 */
function checkAmount(action: EnergyAction): InputRefusal | undefined {
  const bad = checkChoice("action.kind", action.kind, ENERGY_ACTION_KINDS);
  if (bad) return bad;
  switch (action.kind) {
    case "move":
      return (
        checkNumber("action.spaces", action.spaces, { ...NUMBER_RULES.count, min: 1 }) ??
        (action.terrain === undefined
          ? undefined
          : checkChoice("action.terrain", action.terrain, ["ground", "climb", "swim"]))
      );
    case "technique":
      return checkNumber("action.cost", action.cost, NUMBER_RULES.count);
    case "changeStance":
      return checkChoice("action.to", action.to, STANCES);
    default:
      return undefined;
  }
}

function costOf(
  actor: WorldlinesCombatant,
  action: EnergyAction,
  options: WorldlinesOptions,
): number {
  const costs = options.costs;
  switch (action.kind) {
    case "technique":
      return action.cost + (actor.statuses.stressed ? costs.stressedTechniqueSurcharge : 0);
    case "move": {
      const perSpace =
        action.terrain === "climb" || action.terrain === "swim"
          ? Math.max(costs.climbSwimPerSpace, costs.movePerSpace[actor.stance])
          : costs.movePerSpace[actor.stance];
      return perSpace * action.spaces;
    }
    case "evade":
      return costs.evade;
    default:
      return costs[action.kind];
  }
}

const ATTACKS = new Set<EnergyAction["kind"]>([
  "attack",
  "throw",
  "coveringFire",
  "opportunityAttack",
]);
const MOVES = new Set<EnergyAction["kind"]>(["move", "retreat"]);

/** Whether the actor may take the action now, and its cost. Changes nothing. */
export function checkAction(
  actor: WorldlinesCombatant,
  action: EnergyAction,
  options: WorldlinesOptions = DEFAULT_OPTIONS,
): Result<{ cost: number }, EnergyRefusal> {
  const bad = checkCombatant("actor", actor) ?? checkOptions(options);
  if (bad) return bad;
  if (actor.life !== "active") return refuse("notActive");
  const badAmount = checkAmount(action);
  if (badAmount) return badAmount;
  if (action.kind === "changeStance" && action.to === actor.stance) return refuse("sameStance");
  if (actor.statuses.staggered && (ATTACKS.has(action.kind) || MOVES.has(action.kind))) {
    return refuse("staggered");
  }
  if (actor.disabledLimbs.legs && MOVES.has(action.kind)) return refuse("legDisabled");
  if (actor.disabledLimbs.arms && options.armActions.includes(action.kind)) {
    return refuse("armDisabled");
  }
  const cost = costOf(actor, action, options);
  if (cost > actor.energy.value) {
    return refuse("notEnoughEnergy", { cost, energy: actor.energy.value });
  }
  return ok({ cost });
}

export interface SpentEnergy {
  readonly cost: number;
  /** The actor after paying (and after the action's own effect on stance or posture). */
  readonly actor: WorldlinesCombatant;
  /** Defensive Posture ends the turn. */
  readonly endsTurn: boolean;
  readonly update: ActorUpdate | null;
}

/**
 * Pays for an action. Stance changes and Defensive Posture also take effect here, since paying is
 * all they do; attacks, first aid and the rest are resolved by their own rules after paying.
 */
export function spendEnergy(
  actor: WorldlinesCombatant,
  action: EnergyAction,
  options: WorldlinesOptions = DEFAULT_OPTIONS,
): Result<SpentEnergy, EnergyRefusal> {
  const allowed = checkAction(actor, action, options);
  if (!allowed.ok) return allowed;
  const cost = allowed.value.cost;
  let next = changed(actor, { energy: atValue(actor.energy, actor.energy.value - cost) });
  if (action.kind === "changeStance") next = changed(next, { stance: action.to });
  if (action.kind === "defensivePosture") next = changed(next, { defensivePosture: true });
  return ok({
    cost,
    actor: next,
    endsTurn: action.kind === "defensivePosture",
    update: diffCombatant(actor, next),
  });
}

/**
 * The Energy Refresh phase: back to the maximum (the dead stay as they are), for an actor its
 * check accepted (checkedCombatant). The actor itself when nothing changes; its document change
 * is `diffCombatant(actor, refreshed)` (changes.ts).
 */
export function refreshEnergy(actor: Checked<WorldlinesCombatant>): Checked<WorldlinesCombatant> {
  if (actor.life === "dead" || actor.energy.value === actor.energy.max) return actor;
  const next = copyOf(actor);
  next.energy = atValue(actor.energy, actor.energy.max);
  // Energy at its maximum: within the check's bounds.
  return checkedAs<WorldlinesCombatant>(next);
}
