/**
 * How the encounter simulator reads a Freelancers combatant (the seam's `simFighter`): its actor
 * through the adapter (toFreelancer: health, life, counters such as stun, armor), with its first
 * weapon item (toFlWeapon, integrity as it stands), or its fists. Distances are not read: the
 * simulator plays no movement, so every foe is within reach and range.
 */
import { makeFreelancersWeapon } from "../../../rules/freelancers/factory.ts";
import type { FreelancersWeapon } from "../../../rules/freelancers/model.ts";
import type { FreelancersSimFighter } from "../../../rules/sim/freelancers.ts";
import { toFlWeapon, toFreelancer } from "./adapter.ts";
import { firstWeaponOr } from "../../shared/actors.ts";

/**
 * A Freelancers combatant with no weapon item fights with its fists. Product decision of this
 * simulator, not a rule from the book: a 1d4 melee attack on Might + Brawl, reach 1 m.
 */
export const FREELANCERS_FISTS: FreelancersWeapon = makeFreelancersWeapon({
  id: "fists",
  name: "Fists",
  attribute: "might",
  skill: "brawl",
  damage: "1d4",
});

export function freelancersSimFighter(
  actor: Actor.Implementation,
  teamId: string,
): FreelancersSimFighter {
  return {
    combatant: toFreelancer(actor),
    teamId,
    weapon: firstWeaponOr(actor, toFlWeapon, () => FREELANCERS_FISTS),
  };
}
