/**
 * Worldlines' stance as core's status effects (hud/types.ts): core's "prone" is the stance
 * `prone`, and "crouched" the stance `crouched` (the stance the rules read for movement, attacks
 * and evasion: in a fight the referee's record, budget.ts). Toggling either from the token HUD is
 * the sheet's stance change (its Energy paid; in a fight carried out by the referee:
 * table/stance.ts); taking it off stands the actor up.
 */
import type { Stance } from "../../../../rules/worldlines/index.ts";
import { STANCES } from "../../../../rules/worldlines/model.ts";
import type { StatusBinding } from "../../../hud/types.ts";
import { stanceOf } from "../budget.ts";
import { changeStance } from "../table/stance.ts";

function stanceStatus(stance: Exclude<Stance, "standing">, img: string): StatusBinding {
  return {
    id: stance,
    name: `FRAY.Hud.Status.${stance}`,
    img,
    on: "both",
    active: (actor) => stanceOf(actor) === stance,
    set: (actor, active) => changeStance(actor, active ? stance : "standing"),
  };
}

/**
 * The "Toggle stance" key (api.toggleStance): the next stance of the book's three, standing →
 * crouched → prone → standing, taken as the sheet's stance button takes it (its Energy paid).
 */
export function cycleStance(actor: Actor.Implementation): Promise<boolean> {
  const now = STANCES.indexOf(stanceOf(actor));
  const next = STANCES[(now + 1) % STANCES.length] ?? "standing";
  return changeStance(actor, next);
}

export const WORLDLINES_STANCES: readonly StatusBinding[] = [
  stanceStatus("prone", "icons/svg/falling.svg"),
  stanceStatus("crouched", "icons/svg/down.svg"),
];
