/** Fray's Actor document. Rules live in src/rules; this class only adapts actor data to them. */
import { ACTOR_TYPES } from "../constants.ts";
import { bindingOf, markBoundStatuses, toggleBound } from "../hud/statuses.ts";

let played: readonly string[] = ACTOR_TYPES;

/** The actor types the world's ruleset plays (install.ts sets them at init). */
export function playActorTypes(types: readonly string[]): void {
  played = [...types];
}

type CreateDialogArgs = Parameters<typeof Actor.createDialog>;

export class FrayActor extends Actor {
  /**
   * The sidebar's Create Actor dialog offers only the types the world's ruleset plays (no vehicle
   * under Worldlines): core's `types` option restricts the form's select (v13
   * ClientDocumentMixin.createDialog), intersected with any restriction the caller gave.
   */
  static override createDialog(
    data?: CreateDialogArgs[0],
    createOptions?: CreateDialogArgs[1],
    options?: CreateDialogArgs[2],
  ): ReturnType<typeof Actor.createDialog> {
    // fvtt-types does not list core's `types` option for the Actor: read and pass it as core does.
    const given = options as { types?: readonly string[] } | undefined;
    const asked = given?.types;
    const kept = asked === undefined ? played : asked.filter((type) => played.includes(type));
    const types = [...(kept.length > 0 ? kept : played)];
    const withTypes = { ...options, types } as unknown as CreateDialogArgs[2];
    return super.createDialog(data, createOptions, withTypes);
  }

  /**
   * Core fills `statuses` here from the active effects; the statuses the ruleset keeps in its own
   * state are added as the rules read them (hud/statuses.ts), so `actor.statuses.has("prone")`
   * answers what the rules say in every ruleset, as modules expect.
   */
  override applyActiveEffects(): void {
    super.applyActiveEffects();
    markBoundStatuses(this);
  }

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
