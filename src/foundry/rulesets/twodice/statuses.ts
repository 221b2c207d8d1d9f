/**
 * The two-dice game's statuses kept in its own state, as core's status effects (hud/types.ts):
 * "incapacitated" is a wound above the actor's Toughness on its wound track (combat.ts), which
 * only wounds set, so the token HUD shows it and refuses a toggle by hand. (Hiding is an action
 * of the turn, and whether a target is hidden is measured from the scene's walls and light at
 * each attack: the rules keep no hidden status to show.)
 */
import type { StatusBinding } from "../../hud/types.ts";
import { twodiceIncapacitated } from "./combat.ts";

export const TWODICE_STATUSES: readonly StatusBinding[] = [
  {
    id: "incapacitated",
    name: "FRAY.Hud.Status.incapacitated",
    img: "icons/svg/unconscious.svg",
    on: "actor",
    active: twodiceIncapacitated,
    why: "FRAY.Hud.Why.wounds",
  },
];
