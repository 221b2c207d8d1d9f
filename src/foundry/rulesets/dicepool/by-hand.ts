/**
 * Damage written by hand (the sheet's damage fields, a token bar, a macro): the actor's state
 * follows it by the rules (`damageByHand`): healed under the total health, a wound incapacitation
 * ends (no longer dying, bleeding or unable to attack); hurt to it, an unhurt character goes down.
 * Run by the actor's DataModel before its update is sent (core runs a type DataModel's
 * `_preUpdate` on the updating client), so the state is written with the damage, in the same
 * update. An update that sets the incapacitation itself (the referee's writes, the GM's choice on
 * the sheet) is left as it is: the GM sets and clears an incapacitation by hand (manacles,
 * anaesthesia), and healing never lifts one that is no wound.
 */
import { damageByHand } from "../../../rules/dicepool/health.ts";
import { isRecord } from "../../data/migrate.ts";
import { toDicepoolCombatant } from "./adapter.ts";
import { dicepoolOptions } from "./settings.ts";

/** The value an update sets at `path` ("system.health.damage"), flat or nested; undefined: none. */
function changedAt(changes: Record<string, unknown>, path: string): unknown {
  if (Object.hasOwn(changes, path)) return changes[path];
  let here: unknown = changes;
  for (const key of path.split(".")) {
    if (!isRecord(here) || !Object.hasOwn(here, key)) return undefined;
    here = here[key];
  }
  return here;
}

/** Sets `system.<key>` in the update, in the shape it already has (nested or flat). */
function setSystem(changes: Record<string, unknown>, key: string, value: unknown): void {
  const system = changes["system"];
  if (isRecord(system)) system[key] = value;
  else changes[`system.${key}`] = value;
}

/**
 * Adds to `changes` the incapacitation and stabilized state the damage it writes brings (nothing
 * when it writes no damage, or writes the incapacitation itself).
 */
export function followDamageByHand(
  actor: Actor.Implementation,
  changes: Record<string, unknown>,
): void {
  const damage = changedAt(changes, "system.health.damage");
  const nonLethal = changedAt(changes, "system.health.nonLethal");
  if (damage === undefined && nonLethal === undefined) return;
  if (changedAt(changes, "system.incapacitated") !== undefined) return;
  const me = toDicepoolCombatant(actor);
  const followed = damageByHand(
    me,
    typeof damage === "number" ? damage : me.damage,
    typeof nonLethal === "number" ? nonLethal : me.nonLethalDamage,
    dicepoolOptions(),
  );
  if (!followed.ok) return;
  if (followed.value.incapacitated !== me.incapacitated) {
    setSystem(changes, "incapacitated", followed.value.incapacitated);
  }
  if (followed.value.stabilized !== me.stabilized) {
    setSystem(changes, "stabilized", followed.value.stabilized);
  }
}
