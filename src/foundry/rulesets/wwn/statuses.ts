/**
 * WWN's statuses kept in its own state, as core's status effects (hud/types.ts): core's "prone"
 * is the actor's `system.prone`, which the rules read; the token HUD's toggle is the sheet's
 * Prone button (Go Prone or Stand Up, through the referee in a fight).
 */
import type { StatusBinding } from "../../hud/types.ts";
import { wwnToggleProne } from "./table/self.ts";

export const WWN_STATUSES: readonly StatusBinding[] = [
  {
    id: "prone",
    name: "FRAY.Hud.Status.prone",
    img: "icons/svg/falling.svg",
    on: "actor",
    active: (actor) => (actor.system as { prone?: unknown }).prone === true,
    // Asked only when the wanted state differs: the button's toggle is the change.
    set: (actor) => wwnToggleProne(actor),
  },
];
