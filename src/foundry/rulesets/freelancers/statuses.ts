/**
 * Freelancers counters as core's status effects (hud/types.ts): core's "stun" is the actor's stun
 * counters, core's "bleeding" its bleed counters, and "stress" its stress counters
 * (`system.counters.<kind>`, which Upkeep and the rules read). Putting one on from the token HUD
 * adds a counter and taking it off clears them, as the sheet's counter buttons do.
 */
import type { StatusBinding } from "../../hud/types.ts";
import { flAdjustCounter } from "./table/counters.ts";

const countOf = (actor: Actor.Implementation, kind: string): number => {
  const counters = (actor.system as { counters?: Record<string, unknown> }).counters;
  const count = counters?.[kind];
  return typeof count === "number" && Number.isFinite(count) ? count : 0;
};

function counterStatus(id: string, kind: string, img: string): StatusBinding {
  return {
    id,
    name: `FRAY.Freelancers.Counter.${kind}`,
    img,
    on: "actor",
    active: (actor) => countOf(actor, kind) > 0,
    set: (actor, active) => flAdjustCounter(actor, kind, active ? 1 : -countOf(actor, kind)),
  };
}

export const FL_STATUSES: readonly StatusBinding[] = [
  counterStatus("stun", "stun", "icons/svg/daze.svg"),
  counterStatus("bleeding", "bleed", "icons/svg/blood.svg"),
  counterStatus("stress", "stress", "icons/svg/terror.svg"),
];
