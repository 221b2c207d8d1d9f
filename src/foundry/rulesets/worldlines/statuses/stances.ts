/**
 * Worldlines' stance as core's status effects (hud/types.ts): core's "prone" is the stance
 * `prone`, and "crouched" the stance `crouched` (the actor's `system.stance`, which the rules
 * read for movement, attacks and evasion). Toggling either from the token HUD is the sheet's
 * stance change (its Energy paid, on the owner's client: the stance is the actor's alone);
 * taking it off stands the actor up.
 */
import type { Stance } from "../../../../rules/worldlines/index.ts";
import { STANCES } from "../../../../rules/worldlines/model.ts";
import type { StatusBinding } from "../../../hud/types.ts";
import { changeStance } from "../table/self.ts";

const stanceOf = (actor: Actor.Implementation): unknown =>
  (actor.system as { stance?: unknown }).stance;

function stanceStatus(stance: Exclude<Stance, "standing">, img: string): StatusBinding {
  return {
    id: stance,
    name: `FRAY.Hud.Status.${stance}`,
    img,
    on: "actor",
    active: (actor) => stanceOf(actor) === stance,
    set: (actor, active) => changeStance(actor, active ? stance : "standing"),
  };
}

/**
 * The "Toggle stance" key (api.toggleStance): the next stance of the book's three, standing →
 * crouched → prone → standing, taken as the sheet's stance button takes it (its Energy paid).
 */
export function cycleStance(actor: Actor.Implementation): Promise<boolean> {
  const now = STANCES.indexOf(stanceOf(actor) as Stance);
  const next = STANCES[(now + 1) % STANCES.length] ?? "standing";
  return changeStance(actor, next);
}

export const WORLDLINES_STANCES: readonly StatusBinding[] = [
  stanceStatus("prone", "icons/svg/falling.svg"),
  stanceStatus("crouched", "icons/svg/down.svg"),
];
