/**
 * Build and Throw, the two gear actions of the action table:
 * - Build/Craft (costs.build, 3 Energy) deploys a gear item made to be deployed, or makes
 *   emergency repairs to a damaged item; with neither there is nothing to build;
 * - Throw Item (costs.throw, 2 Energy) sends a grenade or thrown item as far as the thrower's
 *   trait die reaches (throwRangeOf: options.throwFeetByDie, the book's 45 ft at best); a blast hits every combatant in its area: the damage is rolled
 *   once, and each one rolls its torso Armor die (with its armor bonus) against it.
 */
import type { DiceSource } from "../core/dice.ts";
import { cachedFormula, rollFormula } from "../core/formula.ts";
import { checkNumber, NUMBER_RULES } from "../core/guard.ts";
import type { InputRefusalReason } from "./valid.ts";
import { ok, refuse } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { diffCombatant } from "./changes.ts";
import type { ActorUpdate } from "./changes.ts";
import { spendEnergy } from "./energy.ts";
import type { EnergyRefusal } from "./energy.ts";
import { loseHealth } from "./health.ts";
import type { WorldlinesCombatant } from "./model.ts";
import { DEFAULT_OPTIONS } from "./options.ts";
import type { WorldlinesOptions } from "./options.ts";
import { checkCombatant, checkOptions } from "./valid.ts";

/** The farthest the book lets anything be thrown, in feet (a d12 thrower by default). */
export const THROW_LIMIT_FEET = 45;

/**
 * How far this actor throws, in feet: its throwing trait's die (options.throwTrait, the Combat
 * die when it lacks that trait) looked up in options.throwFeetByDie. Refused on a bad number.
 */
export function throwRangeOf(
  actor: WorldlinesCombatant,
  options: WorldlinesOptions = DEFAULT_OPTIONS,
): Result<number, InputRefusalReason> {
  const bad = checkCombatant("actor", actor) ?? checkOptions(options);
  return bad ?? ok(reachOf(actor, options));
}

/** {@link throwRangeOf} for numbers already checked. */
function reachOf(actor: WorldlinesCombatant, options: WorldlinesOptions): number {
  const trait = options.throwTrait;
  const die = Object.hasOwn(actor.traits, trait) ? actor.traits[trait] : undefined;
  return options.throwFeetByDie[die ?? actor.traits.combat];
}

/** What Build can do with an item. */
export interface Buildable {
  /** Made to be deployed (a sentry, a barricade), and not deployed yet. */
  readonly deployable: boolean;
  readonly deployed: boolean;
  readonly damaged: boolean;
}

export type BuildRefusal = "nothingToBuild" | EnergyRefusal;

/** Build on an item: deploys it (deploying wins when both apply) or repairs it; pays 3 Energy. */
export function buildItem(
  actor: WorldlinesCombatant,
  item: Buildable,
  options: WorldlinesOptions = DEFAULT_OPTIONS,
): Result<
  {
    does: "deploy" | "repair";
    cost: number;
    actor: WorldlinesCombatant;
    update: ActorUpdate | null;
  },
  BuildRefusal
> {
  const does = item.deployable && !item.deployed ? "deploy" : item.damaged ? "repair" : null;
  const bad = checkCombatant("actor", actor) ?? checkOptions(options);
  if (bad) return bad;
  if (does === null) return refuse("nothingToBuild");
  const paid = spendEnergy(actor, { kind: "build" }, options);
  if (!paid.ok) return paid;
  return ok({ does, cost: paid.value.cost, actor: paid.value.actor, update: paid.value.update });
}

export type ThrowRefusal = "outOfThrowRange" | "nothingToThrow" | EnergyRefusal;

/**
 * Whether the actor may throw something this far (null distance: not measured, e.g. no scene)
 * with `quantity` of it left, and pays the Throw Energy. The reach is the actor's own
 * (throwRangeOf) unless `limitFeet` gives one.
 */
export function throwItem(
  actor: WorldlinesCombatant,
  feet: number | null,
  quantity: number,
  options: WorldlinesOptions = DEFAULT_OPTIONS,
  limitFeet?: number,
): Result<{ cost: number; actor: WorldlinesCombatant; update: ActorUpdate | null }, ThrowRefusal> {
  const bad =
    checkCombatant("actor", actor) ??
    checkOptions(options) ??
    checkNumber("quantity", quantity, NUMBER_RULES.count) ??
    (limitFeet === undefined
      ? undefined
      : checkNumber("limitFeet", limitFeet, NUMBER_RULES.nonNegative)) ??
    (feet === null ? undefined : checkNumber("feet", feet, NUMBER_RULES.nonNegative));
  if (bad) return bad;
  if (quantity < 1) return refuse("nothingToThrow");
  const limit = limitFeet ?? reachOf(actor, options);
  if (feet !== null && feet > limit) {
    return refuse("outOfThrowRange", { feet: Math.round(feet), limit });
  }
  const paid = spendEnergy(actor, { kind: "throw" }, options);
  if (!paid.ok) return paid;
  return ok({ cost: paid.value.cost, actor: paid.value.actor, update: paid.value.update });
}

export interface BlastHit {
  readonly id: string;
  /** The Armor roll (0 without torso armor) and the damage left after it. */
  readonly armor: number;
  readonly dealt: number;
  readonly lost: number;
  readonly downed?: "dying" | "unconscious";
}

export type BlastRefusal = "badFormula" | InputRefusalReason;

/**
 * A blast on every combatant in its area: the damage formula rolled once, then for each target
 * its torso Armor die (plus its armor bonus, never below 0) taken off, and the rest lost from
 * health. One update per target that changed, to write in one batch.
 */
export function resolveBlast(
  targets: readonly WorldlinesCombatant[],
  damage: string,
  dice: DiceSource,
  options: WorldlinesOptions = DEFAULT_OPTIONS,
): Result<{ damage: number; hits: BlastHit[]; updates: ActorUpdate[] }, BlastRefusal> {
  for (const [i, target] of targets.entries()) {
    const bad = checkCombatant(`targets.${String(i)}`, target);
    if (bad) return bad;
  }
  const badOptions = checkOptions(options);
  if (badOptions) return badOptions;
  const formula = cachedFormula(damage);
  if (formula === null) return refuse("badFormula", { formula: damage });
  const total = Math.max(0, rollFormula(formula, dice).total);
  const hits: BlastHit[] = [];
  const updates: ActorUpdate[] = [];
  for (const target of targets) {
    const die = target.armor.torso;
    const armor =
      die === undefined || die === null ? 0 : Math.max(0, dice.roll(die) + target.armorBonus);
    const dealt = Math.max(0, total - armor);
    const loss = loseHealth(target, dealt, { nonLethal: false, dice }, options);
    if (!loss.ok) return loss;
    const update = diffCombatant(target, loss.value.actor);
    if (update !== null) updates.push(update);
    hits.push({
      id: target.id,
      armor,
      dealt,
      lost: loss.value.lost,
      ...(loss.value.downed ? { downed: loss.value.downed } : {}),
    });
  }
  return ok({ damage: total, hits, updates });
}
