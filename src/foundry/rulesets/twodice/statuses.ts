/**
 * The two-dice game's statuses kept in its own state, as core's status effects (hud/types.ts):
 * - "incapacitated" is a wound above the actor's Toughness on its wound track (combat.ts), which
 *   only wounds set, so the token HUD shows it and refuses a toggle by hand;
 * - "hidden" is the hiding the referee keeps in the fight's ledger (stance.ts, only the GM writes
 *   it): on, it is the sheet's Hide (table/hide.ts, the turn's action, through the referee); off,
 *   the book's way out of hiding, Take Cover (table/self.ts), another action.
 * Whether a target is hidden from a shooter is still measured from the scene at each attack.
 */
import type { StatusBinding } from "../../hud/types.ts";
import { twodiceIncapacitated } from "./combat.ts";
import { twodiceHidden } from "./stance.ts";
import { twodiceHide } from "./table/hide.ts";
import { twodiceDeclare } from "./table/self.ts";

export const TWODICE_STATUSES: readonly StatusBinding[] = [
  {
    id: "incapacitated",
    name: "FRAY.Hud.Status.incapacitated",
    img: "icons/svg/unconscious.svg",
    on: "actor",
    active: twodiceIncapacitated,
    why: "FRAY.Hud.Why.wounds",
  },
  {
    id: "hidden",
    name: "FRAY.Hud.Status.hidden",
    img: "icons/svg/invisible.svg",
    on: "combat",
    active: twodiceHidden,
    set: async (actor, active) =>
      (active ? await twodiceHide(actor) : await twodiceDeclare(actor, "takeCover")).ok,
  },
];
