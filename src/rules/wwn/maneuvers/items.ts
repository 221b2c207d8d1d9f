/**
 * Items in hand: Ready or Stow, Drop, Pick Up, Reload, and readying fresh ammunition.
 */
import { ok, refuse } from "../../core/result.ts";
import type { Result } from "../../core/result.ts";
import { spendAction } from "../actions.ts";
import type { TurnContext } from "../actions.ts";
import { diffAll, diffWeapon } from "../changes.ts";
import { atValue, changedWeapon } from "../combatant.ts";
import { skillLevelOf } from "../internal.ts";
import type { WwnCombatant, WwnWeapon } from "../model.ts";
import { actionsOf, checkWwnCombatant, checkWwnWeapon } from "../valid.ts";
import type { InputRefusalReason } from "../valid.ts";
import { canAct, checkedActor, OWN_TURN, withActions } from "./common.ts";
import type { ManeuverRefusal, SimpleOutcome } from "./common.ts";

export interface ItemOutcome extends SimpleOutcome {
  readonly weapon: WwnWeapon;
}

/** Ready or Stow an item (a Main Action). */
export function readyOrStow(
  actor: WwnCombatant,
  weapon: WwnWeapon,
  readied: boolean,
  turn: TurnContext = OWN_TURN,
): Result<ItemOutcome, ManeuverRefusal> {
  const me = checkedActor(actor, weapon);
  if (!me.ok) return me;
  if (!canAct(actor)) return refuse("notActive");
  if (weapon.readied === readied) return refuse("alreadyThatWay");
  const spent = spendAction(actionsOf(me.value), "main", turn);
  if (!spent.ok) return spent;
  return ok(
    itemOutcome(actor, withActions(actor, spent.value), weapon, changedWeapon(weapon, { readied })),
  );
}

/** Drop an item (an Instant): it is no longer readied. */
export function dropItem(
  actor: WwnCombatant,
  weapon: WwnWeapon,
): Result<ItemOutcome, ManeuverRefusal> {
  const me = checkedActor(actor, weapon);
  if (!me.ok) return me;
  const spent = spendAction(actionsOf(me.value), "instant", OWN_TURN);
  if (!spent.ok) return spent;
  const after = withActions(actor, spent.value);
  return ok(itemOutcome(actor, after, weapon, changedWeapon(weapon, { readied: false })));
}

/** Pick up an item (a Move action): it ends up readied in hand. */
export function pickUp(
  actor: WwnCombatant,
  weapon: WwnWeapon,
  turn: TurnContext = OWN_TURN,
): Result<ItemOutcome, ManeuverRefusal> {
  const me = checkedActor(actor, weapon);
  if (!me.ok) return me;
  if (!canAct(actor)) return refuse("notActive");
  const spent = spendAction(actionsOf(me.value), "move", turn);
  if (!spent.ok) return spent;
  return ok(
    itemOutcome(
      actor,
      withActions(actor, spent.value),
      weapon,
      changedWeapon(weapon, { readied: true }),
    ),
  );
}

function itemOutcome(
  before: WwnCombatant,
  after: WwnCombatant,
  weaponBefore: WwnWeapon,
  weapon: WwnWeapon,
): ItemOutcome {
  const updates = diffAll([[before, after]]);
  const itemUpdate = diffWeapon(after.id, weaponBefore, weapon);
  if (itemUpdate !== null) updates.push(itemUpdate);
  return { actor: after, weapon, updates };
}

/**
 * What reloading costs: a bow from a readied quiver is On Turn with Shoot-1 or better, else a
 * Move action; a crossbow, or a weapon whose magazine is counted, takes a Main Action.
 */
export function reloadCost(
  actor: WwnCombatant,
  weapon: WwnWeapon,
): Result<ReloadCost | null, InputRefusalReason> {
  return (
    checkWwnCombatant("actor", actor) ??
    checkWwnWeapon("weapon", weapon) ??
    ok(reloadCostOf(actor, weapon))
  );
}

type ReloadCost = "onTurn" | "move" | "main";

function reloadCostOf(actor: WwnCombatant, weapon: WwnWeapon): ReloadCost | null {
  if (weapon.reload === undefined) return weapon.ammo !== undefined ? "main" : null;
  if (weapon.reload === "slow") return "main";
  return (skillLevelOf(actor, "shoot") ?? -1) >= 1 ? "onTurn" : "move";
}

/**
 * Reload a weapon. A bow or crossbow is loaded from readied ammunition (one drawn from the count
 * when the weapon counts it; none left, or `ammoReadied` false, is refused). A weapon with a
 * counted magazine is filled back to its capacity.
 */
export function reload(
  actor: WwnCombatant,
  weapon: WwnWeapon,
  ammoReadied: boolean,
  turn: TurnContext = OWN_TURN,
): Result<ItemOutcome & { readonly cost: "onTurn" | "move" | "main" }, ManeuverRefusal> {
  const me = checkedActor(actor, weapon);
  if (!me.ok) return me;
  if (!canAct(actor)) return refuse("notActive");
  const cost = reloadCostOf(actor, weapon);
  if (cost === null) return refuse("notReloadable");
  const ammo = weapon.ammo;
  let loadedWeapon: WwnWeapon;
  if (weapon.reload === undefined && ammo !== undefined) {
    if (ammo.value >= ammo.max) return refuse("alreadyLoaded");
    loadedWeapon = changedWeapon(weapon, { ammo: atValue(ammo, ammo.max) });
  } else {
    if (weapon.loaded === true) return refuse("alreadyLoaded");
    if (!ammoReadied || (ammo !== undefined && ammo.value <= 0)) return refuse("noReadiedAmmo");
    loadedWeapon = changedWeapon(
      weapon,
      ammo === undefined ? { loaded: true } : { loaded: true, ammo: atValue(ammo, ammo.value - 1) },
    );
  }
  const spent = spendAction(actionsOf(me.value), cost, turn);
  if (!spent.ok) return spent;
  const after = withActions(actor, spent.value);
  return ok({ ...itemOutcome(actor, after, weapon, loadedWeapon), cost });
}

/**
 * Ready fresh ammunition for a bow or crossbow (a full quiver or case of quarrels): Ready an Item,
 * a Main Action. Its count goes back to its capacity.
 */
export function refillAmmo(
  actor: WwnCombatant,
  weapon: WwnWeapon,
  turn: TurnContext = OWN_TURN,
): Result<ItemOutcome, ManeuverRefusal | InputRefusalReason | "ammoNotCounted" | "ammoFull"> {
  const me = checkedActor(actor, weapon);
  if (!me.ok) return me;
  if (!canAct(actor)) return refuse("notActive");
  const ammo = weapon.ammo;
  if (ammo === undefined || weapon.reload === undefined) return refuse("ammoNotCounted");
  if (ammo.value >= ammo.max) return refuse("ammoFull");
  const spent = spendAction(actionsOf(me.value), "main", turn);
  if (!spent.ok) return spent;
  const refilled = changedWeapon(weapon, { ammo: atValue(ammo, ammo.max) });
  return ok(itemOutcome(actor, withActions(actor, spent.value), weapon, refilled));
}
