/**
 * Hits for no damage: Shove (then opposed Str/Punch-or-Exert, to push or knock prone) and Shatter
 * a Shield (then opposed Str/Stab with the defender's bonus).
 *
 * Where the chapter is silent: each side uses its best of the allowed attribute and skills, and a
 * shove's hit roll deals no damage and no Shock (it is not meant to harm).
 */
import type { DiceSource } from "../../core/dice.ts";
import { checkChoice } from "../../core/names.ts";
import { ok, refuse } from "../../core/result.ts";
import type { Result } from "../../core/result.ts";
import type { AttackInput } from "../attack.ts";
import { diffAll } from "../changes.ts";
import type { OpposedOutcome } from "../checks.ts";
import { changed } from "../combatant.ts";
import { opposedCheckOf } from "../internal.ts";
import { DEFAULT_WWN_OPTIONS } from "../options.ts";
import type { WwnOptions } from "../options.ts";
import { checkSize, hitForNoDamage, SHATTER_CHECK, SHOVE_CHECK } from "./common.ts";
import type { HitManeuverOutcome, HitManeuverRefusal, TargetSize } from "./common.ts";

/**
 * Shove: hit (no damage), then the attacker's Str/Punch-or-Exert against the defender's. A win
 * pushes the target up to options.shoveFeet away (`push`) or knocks it prone (`prone`).
 * Dice: d20, then the attacker's check, then the defender's.
 */
export function shove(
  input: AttackInput & { readonly effect: "push" | "prone"; readonly size?: TargetSize },
  dice: DiceSource,
  options: WwnOptions = DEFAULT_WWN_OPTIONS,
): Result<HitManeuverOutcome & { readonly pushedFeet: number }, HitManeuverRefusal> {
  const bad = checkSize(input.size) ?? checkChoice("effect", input.effect, ["push", "prone"]);
  if (bad) return bad;
  const rolled = hitForNoDamage(input, dice, options);
  if (!rolled.ok) return rolled;
  const { attacker, hit } = rolled.value;
  let defender = input.defender;
  let check: OpposedOutcome | undefined;
  if (hit.hit) {
    check = opposedCheckOf(
      {
        user: attacker,
        spec: SHOVE_CHECK,
        modifier: options.sizePenalty[input.size ?? "manSized"],
      },
      { user: defender, spec: SHOVE_CHECK },
      dice,
      options,
    );
    if (check.actorWins && input.effect === "prone") defender = changed(defender, { prone: true });
  }
  const success = check?.actorWins ?? false;
  return ok({
    hit,
    check,
    success,
    pushedFeet: success && input.effect === "push" ? options.shoveFeet : 0,
    attacker,
    defender,
    updates: diffAll([
      [input.attacker, attacker],
      [input.defender, defender],
    ]),
  });
}

/**
 * Shatter a Shield (a Main Action): a crushing or hewing weapon hits (no damage), then opposed
 * Str/Stab with the defender's bonus; a win breaks a mundane shield. Dice: d20, the attacker's
 * check, the defender's.
 */
export function shatterShield(
  input: AttackInput,
  dice: DiceSource,
  options: WwnOptions = DEFAULT_WWN_OPTIONS,
): Result<HitManeuverOutcome, HitManeuverRefusal> {
  const shield = input.defender.shield;
  if (input.weapon.crushing !== true) return refuse("cannotShatter");
  if (shield === null) return refuse("noShield");
  if (shield.magical) return refuse("magicalShield");
  if (shield.broken) return refuse("shieldBroken");
  const rolled = hitForNoDamage(input, dice, options);
  if (!rolled.ok) return rolled;
  const { attacker, hit } = rolled.value;
  let defender = input.defender;
  let check: OpposedOutcome | undefined;
  if (hit.hit) {
    check = opposedCheckOf(
      { user: attacker, spec: SHATTER_CHECK },
      { user: defender, spec: SHATTER_CHECK, modifier: options.shatterDefenderBonus },
      dice,
      options,
    );
    if (check.actorWins) defender = changed(defender, { shield: { ...shield, broken: true } });
  }
  return ok({
    hit,
    check,
    success: check?.actorWins ?? false,
    attacker,
    defender,
    updates: diffAll([
      [input.attacker, attacker],
      [input.defender, defender],
    ]),
  });
}
