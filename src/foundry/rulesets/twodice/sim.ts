/**
 * How the encounter simulator reads a two-dice combatant (the seam's `simFighter`): its actor
 * through the two-dice adapter as it stands (wounds, armor worn, this turn's action), its surprise
 * bonus, and the first weapon on its sheet, or its bare hands.
 */
import type { TwodiceSimFighter } from "../../../rules/sim/twodice.ts";
import { makeTwodiceWeapon } from "../../../rules/twodice/factory.ts";
import type { TwodiceWeapon } from "../../../rules/twodice/model.ts";
import { toTwodiceCombatant, toTwodiceWeapon, weaponsOf } from "./adapter.ts";
import type { TwodiceActorSystem } from "./data.ts";

/**
 * A combatant with no weapon item fights with its bare hands. Product decision of this simulator,
 * not a rule from the book (which gives only an Unarmed Defense): a melee attack of Attack 10 (the
 * middle of the d20, like a new character's traits), Damage 0, defending with its Unarmed Defense.
 */
export function twodiceBareHands(unarmedDefense: number): TwodiceWeapon {
  return makeTwodiceWeapon({
    id: "bare-hands",
    name: "Bare hands",
    kind: "melee",
    attack: 10,
    defense: unarmedDefense,
    damage: 0,
  });
}

export function twodiceSimFighter(actor: Actor.Implementation, teamId: string): TwodiceSimFighter {
  const combatant = toTwodiceCombatant(actor);
  const [item] = weaponsOf(actor);
  const system = actor.system as unknown as TwodiceActorSystem;
  return {
    combatant,
    teamId,
    weapon: item === undefined ? twodiceBareHands(combatant.unarmedDefense) : toTwodiceWeapon(item),
    surpriseBonus: system.surpriseBonus,
  };
}
