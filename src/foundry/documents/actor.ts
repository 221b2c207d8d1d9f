/** Fray's Actor document. Rules live in src/rules; this class only adapts actor data to them. */
import { bindingOf, toggleBound } from "../hud/statuses.ts";

export class FrayActor extends Actor {
  /**
   * Core's toggle of a status effect (the token HUD's click, a macro's call): a status the
   * ruleset keeps in its own state (hud/types.ts) is set the way the sheet sets it, not as an
   * ActiveEffect the rules would not read; any other status is core's ActiveEffect.
   */
  override async toggleStatusEffect(
    statusId: string,
    options?: Actor.ToggleStatusEffectOptions,
  ): ReturnType<Actor["toggleStatusEffect"]> {
    const binding = bindingOf(statusId);
    if (binding === null) return super.toggleStatusEffect(statusId, options);
    return toggleBound(this, binding, options?.active ?? undefined);
  }
}
