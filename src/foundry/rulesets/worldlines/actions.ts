/**
 * The Worldlines actions a sheet (or a macro) calls, in one place: the attack, the table actions
 * the referee carries out (First Aid and antidotes on someone else, Defensive Posture, techniques,
 * Build and Throw: table/*.ts, through the card protocol), and what touches only the user's own
 * actor, on their own client: reloading, changing stance, recovery checks. Each checks with the
 * rules, rolls with core Roll, writes through the adapter and says what happened in chat; a
 * refusal is a warning that changes nothing.
 */
import { reloadWeapon, spendEnergy } from "../../../rules/worldlines/index.ts";
import type { Stance } from "../../../rules/worldlines/index.ts";
import { i18n } from "../../shared/env.ts";
import { applyUpdatesBatch, toCombatant } from "./adapter.ts";
import { refused } from "./attack/declare.ts";
import { postStatusCard } from "./cards/status-card.ts";
import { ACTION_ENERGY } from "./table/kit.ts";

export { attack, techniqueShaper } from "./attack/declare.ts";
export { runTurnEnd, runTurnStart } from "./combat.ts";
export { antidote, firstAid } from "./table/care.ts";
export { build, throwGrenade } from "./table/gear.ts";
export { defensivePosture } from "./table/posture.ts";
export { recoveryCheck } from "./table/recovery.ts";
export { useTechnique } from "./table/techniques.ts";

/**
 * Reload (rules/worldlines/ammo.ts reloadWeapon): pays its Energy and fills the weapon's magazine,
 * on the owner's client (both documents are the user's own). Refused with a message when the
 * magazine is full, the weapon has none, or Energy is short.
 */
export async function reload(
  actor: Actor.Implementation,
  weapon: Item.Implementation,
): Promise<boolean> {
  const ammo = (weapon.system as unknown as { ammo: { value: number; max: number } }).ammo;
  const done = reloadWeapon(toCombatant(actor), ammo);
  if (!done.ok) return refused(done, actor, ACTION_ENERGY);
  if (done.value.update !== null) await applyUpdatesBatch([done.value.update]);
  await weapon.update({ "system.ammo.value": done.value.ammo } as never);
  await postStatusCard(
    i18n().format("FRAY.Worldlines.Status.ReloadTitle", { name: actor.name, weapon: weapon.name }),
    [
      {
        text: i18n().format("FRAY.Worldlines.Status.Reloaded", { ammo: done.value.ammo }),
        bad: false,
      },
    ],
    actor,
  );
  return true;
}

/** A stance change: pays its Energy and takes the stance, on the owner's client. */
export async function changeStance(actor: Actor.Implementation, stance: Stance): Promise<boolean> {
  const spent = spendEnergy(toCombatant(actor), { kind: "changeStance", to: stance });
  if (!spent.ok) return refused(spent, actor, ACTION_ENERGY);
  if (spent.value.update !== null) await applyUpdatesBatch([spent.value.update]);
  return true;
}
