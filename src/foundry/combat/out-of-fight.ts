/**
 * Who is out of the fight, and whether the turn order passes over them. Out: core's defeat (the
 * combatant's defeated flag, or the DEFEATED status the token HUD toggles), or the reason the
 * ruleset gives from its own rules (its `outOfFight` combat hook: dying, dead, knocked out …). By
 * default the order skips them and the tracker says why; a world setting keeps them in. An out
 * member whose rules still give it its turns keeps them, but is not able to fight (sides.ts).
 */
import type { MemberView } from "../../rules/combat/view.ts";
import { SYSTEM_ID } from "../constants.ts";
import { i18n } from "../shared/env.ts";
import { combatHooks } from "./ruleset-hooks.ts";
import type { OutOfFight } from "./ruleset-hooks.ts";
import { isDefeated } from "./like.ts";
import type { CombatantLike } from "./like.ts";

export const KEEP_OUT_SETTING = "keepOutOfFight";

/** The tracker's word for core's defeat (the ruleset's reasons are its own keys). */
export const DEFEATED_REASON = "FRAY.Combat.Defeated";

/** Registers the world setting; `onChange` runs on every client when the GM changes it. */
export function registerKeepOutSetting(onChange: () => void): void {
  game.settings.register(SYSTEM_ID, KEEP_OUT_SETTING, {
    name: "FRAY.Combat.Settings.KeepOutOfFight.Name",
    hint: "FRAY.Combat.Settings.KeepOutOfFight.Hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: false,
    onChange,
  });
}

/** Whether the world keeps defeated and out-of-fight combatants in the turn order. */
export function keepOutOfFight(): boolean {
  return game.settings.get(SYSTEM_ID, KEEP_OUT_SETTING);
}

/**
 * Whether the ruleset counts the combatant's actor out of the fight, and why (a localization key),
 * or null: no actor, no hook, or it can fight. A reason left empty counts as none.
 */
export function outOfFightOf(combatant: CombatantLike): OutOfFight | null {
  const actor = combatant.actor;
  const hooks = combatHooks();
  if (actor === null || hooks.outOfFight === undefined) return null;
  const out = hooks.outOfFight(actor);
  return out !== null && out.reason !== "" ? out : null;
}

/** The reason the turn order passes over it for (none for an out member that keeps its turns). */
export function skipReasonOf(combatant: CombatantLike): string | null {
  const out = outOfFightOf(combatant);
  return out === null || out.keepsTurns === true ? null : out.reason;
}

/** Able to fight: neither defeated nor out by its ruleset's rules (turns kept or not). */
export function ableToFight(combatant: CombatantLike): boolean {
  return !isDefeated(combatant) && outOfFightOf(combatant) === null;
}

/**
 * The state of an out member as the tracker shows it, and its hover text: passed over, kept in by
 * the world, or keeping its turns by its rules (`kept`: the ruleset's reason, turns kept).
 */
export function outWords(
  member: MemberView,
  kept: OutOfFight | null,
): { outText: string; outHint: string } {
  const reason =
    member.outOfFight ?? (member.defeated ? DEFEATED_REASON : null) ?? kept?.reason ?? null;
  if (reason === null) return { outText: "", outHint: "" };
  const loc = i18n();
  const why = loc.localize(reason);
  if (member.skipped) {
    return {
      outText: loc.format("FRAY.Combat.SkippedWhy", { why }),
      outHint: loc.format("FRAY.Combat.SkippedHint", { why }),
    };
  }
  const hint = member.outOfFight === null && !member.defeated ? "KeepsTurnsHint" : "KeptHint";
  return { outText: why, outHint: loc.format(`FRAY.Combat.${hint}`, { why }) };
}
