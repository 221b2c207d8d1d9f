/**
 * A disarmed weapon at the table (one declaration, "dicepool.weapon", through table/kit.ts): the
 * weapon a disarm knocked away is picked up (pickUpWeapon, a Free action) and then readied
 * (readyWeapon, a Simple action: it attacks again). Between the two it is in hand but not ready:
 * the actor's `system.weaponPickedUp`. A new disarm leaves it on the ground again (the attack's
 * Apply clears the flag: attack/referee.ts).
 */
import { refuse } from "../../../../rules/core/result.ts";
import { diffDicepool } from "../../../../rules/dicepool/changes.ts";
import { pickUpWeapon, readyWeapon } from "../../../../rules/dicepool/weapons.ts";
import { combatantId, systemOf } from "../adapter.ts";
import { actDeclaration } from "./kit.ts";
import type { ActPlanner } from "./kit.ts";

/** Where the actor keeps whether its dropped weapon is in hand (picked up, not ready). */
export const PICKED_UP_PATH = "system.weaponPickedUp";

const planWeapon: ActPlanner = (request, { actor, me, say, done }) => {
  if (request.act !== "pickUpWeapon" && request.act !== "readyWeapon") return refuse("badRequest");
  const pickedUp = systemOf(actor).weaponPickedUp;
  const step = request.act === "pickUpWeapon" ? pickUpWeapon : readyWeapon;
  const next = step(me, pickedUp);
  if (!next.ok) return next;
  const weapon = actor.items.get(me.droppedWeaponId ?? "")?.name ?? "";
  const change = diffDicepool(me, next.value.combatant);
  return done(
    [
      {
        actorId: combatantId(actor),
        changes: { ...change?.changes, [PICKED_UP_PATH]: next.value.pickedUp },
      },
    ],
    [],
    say(request.act === "pickUpWeapon" ? "PickedUp" : "Readied", { weapon }),
  );
};

export const weaponDeclaration = actDeclaration("dicepool.weapon", planWeapon);
