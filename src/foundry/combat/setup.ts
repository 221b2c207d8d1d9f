/**
 * What the team combat registers at init besides its classes: its world settings (seconds per
 * round; whether the defeated and the out keep their turns), the hooks that keep the turn state in
 * step with defeat marked from the token HUD and with what a ruleset says of an actor (dying,
 * dead …), and the side-down card's button.
 */
import { reconcileCombat } from "./actions.ts";
import { registerKeepOutSetting } from "./out-of-fight.ts";
import { combatHooks } from "./ruleset-hooks.ts";
import { wireSideDownCard } from "./sides.ts";
import type { CombatLike } from "./state.ts";
import { registerRoundTimeSetting } from "./time.ts";

/** The active GM reconciles every started combat `actor` fights in (every one when null). */
function reconcileCombatsOf(actor: unknown): void {
  if (game.users?.activeGM?.isSelf !== true) return;
  for (const combat of game.combats?.contents ?? []) {
    const fray = combat as unknown as CombatLike;
    if (fray.round < 1) continue;
    if (actor === null || fray.combatants.contents.some((c) => c.actor === actor)) {
      void reconcileCombat(fray);
    }
  }
}

/**
 * The token HUD's "defeated" toggles the DEFEATED status on the actor (an ActiveEffect), not the
 * combatant's defeated flag; the turn machine counts either (state.ts isDefeated). When such an
 * effect comes or goes, the active GM reconciles every combat the actor fights in.
 */
function onEffectChange(effect: unknown): void {
  const actor = (effect as { parent?: unknown }).parent;
  if (typeof actor !== "object" || actor === null) return;
  reconcileCombatsOf(actor);
}

/**
 * An actor changed: where the ruleset says who is out of the fight from the actor's data (its
 * `outOfFight` hook: hit points at 0, dying, dead …), the order follows.
 */
function onActorChange(actor: unknown): void {
  if (combatHooks().outOfFight === undefined) return;
  reconcileCombatsOf(actor);
}

/** The setting changed: every client's tracker redraws, the active GM reconciles the order. */
function onKeepOutChange(): void {
  const tracker = (ui as { combat?: { render?: () => unknown } | null }).combat;
  if (typeof tracker?.render === "function") void tracker.render();
  reconcileCombatsOf(null);
}

export function registerTeamCombat(): void {
  registerRoundTimeSetting();
  registerKeepOutSetting(onKeepOutChange);
  Hooks.on("createActiveEffect", onEffectChange);
  Hooks.on("updateActiveEffect", onEffectChange);
  Hooks.on("deleteActiveEffect", onEffectChange);
  Hooks.on("updateActor", onActorChange);
  Hooks.on("renderChatMessageHTML", (message, html) => {
    wireSideDownCard(message, html);
  });
}
