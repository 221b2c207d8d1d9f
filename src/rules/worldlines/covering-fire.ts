/**
 * Covering Fire at the table, in its two moments (interruptions.ts `coveringFire` resolves both at
 * once, for a headless fight):
 * - `coverTarget`: the interrupter pays the interruption (2 Energy, its one interruption of the
 *   round) and rolls its suppressing attack (Combat die + weapon skill + modifiers);
 * - `answerCover`: the target, told that roll, either aborts the action it was taking or makes an
 *   Evasion check (no Energy: it is forced) against it; an Evasion below the roll aborts it too.
 * Every check of an interruption holds (interruptions.ts checkInterrupt): Energy left over, once
 * a round, not Stressed or Staggered, never against a target in Defensive Posture.
 */
import type { DiceSource } from "../core/dice.ts";
import { checkNumber, NUMBER_RULES } from "../core/guard.ts";
import { checkChoice } from "../core/names.ts";
import { ok } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { attackModifiers, checkSituation, evasionModifiers } from "./attack.ts";
import type { AttackSituation, Modifier } from "./attack.ts";
import { diffAll } from "./changes.ts";
import type { ActorUpdate } from "./changes.ts";
import { atValue, changed } from "./combatant.ts";
import { checkInterrupt } from "./interruptions.ts";
import type { InterruptRefusal } from "./interruptions.ts";
import type { WorldlinesCombatant, WorldlinesWeapon } from "./model.ts";
import { DEFAULT_OPTIONS } from "./options.ts";
import type { WorldlinesOptions } from "./options.ts";
import { checkCombatant, checkOptions, checkWeapon } from "./valid.ts";

/** A roll and its modifiers. */
export interface CoverRoll {
  readonly natural: number;
  /** Every face rolled (two for an Evasion on a disabled leg: the lower counts). */
  readonly rolls: readonly number[];
  readonly modifiers: readonly Modifier[];
  readonly total: number;
}

export interface CoverInput {
  readonly interrupter: WorldlinesCombatant;
  readonly target: WorldlinesCombatant;
  readonly weapon: WorldlinesWeapon;
  readonly situation?: AttackSituation;
}

const sum = (mods: readonly Modifier[]) => mods.reduce((s, m) => s + m.value, 0);

/**
 * The interrupter lays down Covering Fire on the target: the interruption paid and the
 * suppressing roll made. Refused (changing nothing) when the interruption is not allowed now.
 */
export function coverTarget(
  input: CoverInput,
  dice: DiceSource,
  options: WorldlinesOptions = DEFAULT_OPTIONS,
): Result<
  { attack: CoverRoll; cost: number; interrupter: WorldlinesCombatant; updates: ActorUpdate[] },
  InterruptRefusal
> {
  const { interrupter, target, weapon } = input;
  const bad = checkSituation("situation", input.situation ?? {});
  if (bad) return bad;
  const allowed = checkInterrupt(interrupter, "coveringFire", { target, weapon }, options);
  if (!allowed.ok) return allowed;
  const mods = attackModifiers(
    { attacker: interrupter, defender: target, weapon, ...sit(input) },
    options,
  );
  if (!mods.ok) return mods;
  const natural = dice.roll(interrupter.traits.combat);
  const cost = allowed.value.cost;
  const paid = changed(interrupter, {
    interruptUsed: true,
    energy: atValue(interrupter.energy, interrupter.energy.value - cost),
  });
  return ok({
    attack: { natural, rolls: [natural], modifiers: mods.value, total: natural + sum(mods.value) },
    cost,
    interrupter: paid,
    updates: diffAll([[interrupter, paid]]),
  });
}

function sit(input: CoverInput): { situation?: AttackSituation } {
  return input.situation === undefined ? {} : { situation: input.situation };
}

/**
 * The target's answer to a suppressing roll of `attackTotal`: "abort" gives up its action; "evade"
 * rolls its Evasion (no Energy), and falling short of the roll aborts the action all the same.
 */
export function answerCover(
  input: CoverInput & { readonly attackTotal: number; readonly choice: "abort" | "evade" },
  dice: DiceSource,
  options: WorldlinesOptions = DEFAULT_OPTIONS,
): Result<{ evasion: CoverRoll | null; aborted: boolean }, InterruptRefusal> {
  const { interrupter, target, weapon } = input;
  const bad =
    checkChoice("choice", input.choice, ["abort", "evade"]) ??
    checkNumber("attackTotal", input.attackTotal, NUMBER_RULES.modifier) ??
    checkCombatant("interrupter", interrupter) ??
    checkCombatant("target", target) ??
    checkWeapon("weapon", weapon) ??
    checkSituation("situation", input.situation ?? {}) ??
    checkOptions(options);
  if (bad) return bad;
  if (input.choice === "abort") return ok({ evasion: null, aborted: true });
  const mods = evasionModifiers(
    { attacker: interrupter, defender: target, weapon, ...sit(input) },
    options,
  );
  if (!mods.ok) return mods;
  const die = target.traits.combat;
  const rolls = target.disabledLimbs.legs ? [dice.roll(die), dice.roll(die)] : [dice.roll(die)];
  const natural = Math.min(...rolls);
  const total = natural + sum(mods.value);
  return ok({
    evasion: { natural, rolls, modifiers: mods.value, total },
    aborted: total < input.attackTotal,
  });
}
