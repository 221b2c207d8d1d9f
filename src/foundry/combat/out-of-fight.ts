/**
 * Who is out of the fight, and whether the turn order passes over them. Out: core's defeat (the
 * combatant's defeated flag, or the DEFEATED status the token HUD toggles), or the reason the
 * ruleset gives from its own rules (its `outOfFight` combat hook: dying, dead, knocked out …). By
 * default the order skips them and the tracker says why; a world setting keeps them in.
 */
import { SYSTEM_ID } from "../constants.ts";
import { combatHooks } from "./ruleset-hooks.ts";
import type { CombatantLike } from "./state.ts";

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
  return game.settings.get(SYSTEM_ID, KEEP_OUT_SETTING) === true;
}

/**
 * The ruleset's reason the combatant's actor is out of the fight (a localization key), or null:
 * no actor, no hook, or it can fight. A hook that cannot read the actor counts it as fighting.
 */
export function outOfFightOf(combatant: CombatantLike): string | null {
  const actor = combatant.actor;
  const hook = combatHooks().outOfFight;
  if (actor === null || hook === undefined) return null;
  const reason = hook(actor);
  return typeof reason === "string" && reason !== "" ? reason : null;
}
