/**
 * A disarmed weapon at the table (one declaration, "dicepool.weapon", through table/kit.ts): the
 * weapon a disarm knocked away is picked up (pickUpWeapon, a Free action) and then readied
 * (readyWeapon, a Simple action: it attacks again). Both are the referee's record in the ledger
 * (dropped.ts): in hand but not ready between the two, gone once readied. A new disarm leaves it
 * on the ground again (the attack's Apply: attack/referee.ts).
 */
import { refuse } from "../../../../rules/core/result.ts";
import { pickUpWeapon, readyWeapon } from "../../../../rules/dicepool/weapons.ts";
import { fightOf } from "../../../combat/ledger.ts";
import { droppedNote, droppedOf } from "../dropped.ts";
import { actDeclaration } from "./kit.ts";
import type { ActPlanner } from "./kit.ts";

const planWeapon: ActPlanner = (request, { actor, me, say, done }) => {
  if (request.act !== "pickUpWeapon" && request.act !== "readyWeapon") return refuse("badRequest");
  const dropped = droppedOf(actor);
  const step = request.act === "pickUpWeapon" ? pickUpWeapon : readyWeapon;
  const next = step(me, dropped?.pickedUp ?? false);
  if (!next.ok) return next;
  const weaponId = dropped?.weaponId ?? "";
  const weapon = actor.items.get(weaponId)?.name ?? "";
  // Readying it ends the record; the act changes nothing on the actor itself.
  const readied = next.value.combatant.droppedWeaponId === null;
  return done(
    [],
    droppedNote(fightOf(actor), readied ? null : { weaponId, pickedUp: next.value.pickedUp }),
    say(request.act === "pickUpWeapon" ? "PickedUp" : "Readied", { weapon }),
  );
};

export const weaponDeclaration = actDeclaration("dicepool.weapon", planWeapon);
