/**
 * Fray's token HUD (CONFIG.Token.hudClass, set at init): core v13's TokenHUD, whose status palette
 * lists CONFIG.statusEffects and marks active the statuses the token's actor has as
 * ActiveEffects (`_getStatusEffectChoices`). A status the ruleset keeps in its own state
 * (hud/types.ts: WWN's and Worldlines' prone, Worldlines' crouch, a dice-pool grapple,
 * Freelancers counters …) is marked from that state instead, so the palette shows what the rules
 * read; core's click then toggles it through `Actor#toggleStatusEffect`
 * (documents/actor.ts), with `active` the opposite of what the palette shows.
 */
import { statusBindings } from "./statuses.ts";

const { TokenHUD } = foundry.applications.hud;

/** A status of the palette as core's `_getStatusEffectChoices` gives it. */
interface StatusChoice {
  isActive: boolean;
  isOverlay: boolean;
  cssClass: string;
}

/** The palette's choices with each bound status marked from the rules' state of the actor. */
export function markBound(
  choices: Record<string, StatusChoice>,
  actor: Actor.Implementation | null,
): void {
  if (actor === null) return;
  for (const binding of statusBindings()) {
    const choice = choices[binding.id];
    if (choice === undefined) continue;
    choice.isActive = binding.active(actor);
    choice.isOverlay = false;
    choice.cssClass = choice.isActive ? "active" : "";
  }
}

/**
 * Core v13's TokenHUD members this class reads (fvtt-types does not declare them): the protected
 * `_getStatusEffectChoices` (Draw Steel's and other v13 systems' HUDs override it too) and the
 * `actor` getter (the bound token's actor).
 */
interface CoreTokenHud {
  _getStatusEffectChoices(): Record<string, StatusChoice>;
  readonly actor: Actor.Implementation | null | undefined;
}

export class FrayTokenHUD extends TokenHUD {
  _getStatusEffectChoices(): Record<string, StatusChoice> {
    const core = TokenHUD.prototype as unknown as CoreTokenHud;
    const choices = core._getStatusEffectChoices.call(this);
    markBound(choices, (this as unknown as CoreTokenHud).actor ?? null);
    return choices;
  }
}
