/**
 * The dice-pool game's statuses kept in its own state, as core's status effects (hud/types.ts):
 * "grappled" is whether a member of the actor's fight holds it in a grapple (the referee's
 * ledger, budget.ts), and "incapacitated" whether its damage took it out (`system.incapacitated`).
 * Only the rules set either (a grapple attack, breaking free, damage and care), so the token HUD
 * shows them and refuses a toggle by hand.
 */
import type { StatusBinding } from "../../hud/types.ts";
import { holdersOf } from "./budget.ts";

export const DICEPOOL_STATUSES: readonly StatusBinding[] = [
  {
    id: "grappled",
    name: "FRAY.Hud.Status.grappled",
    img: "icons/svg/net.svg",
    on: "combat",
    active: (actor) => holdersOf(actor).length > 0,
    why: "FRAY.Hud.Why.grappled",
  },
  {
    id: "incapacitated",
    name: "FRAY.Hud.Status.incapacitated",
    img: "icons/svg/unconscious.svg",
    on: "actor",
    active: (actor) => {
      const value = (actor.system as { incapacitated?: unknown }).incapacitated;
      return typeof value === "string" && value !== "";
    },
    why: "FRAY.Hud.Why.wounds",
  },
];
