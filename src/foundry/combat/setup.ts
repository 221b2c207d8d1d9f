/**
 * What the team combat registers at init besides its classes: the seconds-per-round world setting
 * and the hooks that keep the turn state in step with defeat marked from the token HUD.
 */
import { reconcileCombat } from "./actions.ts";
import type { CombatLike } from "./state.ts";
import { registerRoundTimeSetting } from "./time.ts";

/**
 * The token HUD's "defeated" toggles the DEFEATED status on the actor (an ActiveEffect), not the
 * combatant's defeated flag; the turn machine counts either (state.ts isDefeated). When such an
 * effect comes or goes, the active GM reconciles every combat the actor fights in.
 */
function onEffectChange(effect: unknown): void {
  if (game.users?.activeGM?.isSelf !== true) return;
  const actor = (effect as { parent?: unknown }).parent;
  if (typeof actor !== "object" || actor === null) return;
  for (const combat of game.combats?.contents ?? []) {
    const fray = combat as unknown as CombatLike;
    if (fray.combatants.contents.some((c) => c.actor === actor)) void reconcileCombat(fray);
  }
}

export function registerTeamCombat(): void {
  registerRoundTimeSetting();
  Hooks.on("createActiveEffect", onEffectChange);
  Hooks.on("updateActiveEffect", onEffectChange);
  Hooks.on("deleteActiveEffect", onEffectChange);
}
