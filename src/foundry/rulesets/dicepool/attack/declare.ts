/**
 * The dice-pool attack, the client's half: the attacker's player targets one token, picks the
 * attack in the dialog (attack/dialog.ts), this client checks it (a refusal is a warning and
 * nothing is sent) and declares it through the one card protocol: ids and choices only. The
 * referee (attack/referee.ts) runs the same check on its own copy of the world, measures what is
 * its to measure, rolls and posts the card.
 *
 * The check both halves run (`checkDeclaration`): the weapon, the target at the table with the
 * attacker (in its running combat, or on its scene: adapter.ts atTable), the rules' plan of the
 * attack, a grapple only between members of one started combat (the referee's ledger records it),
 * an opportunity attack only on the target's turn, and the action it costs from the attacker's
 * budget in the ledger (budget.ts). A vehicle's weapon is fired by its crew member (vehicle/crew.ts):
 * the crew member is the attacker, the vehicle lends the weapon, its size and Energy, and the
 * attack is measured from the vehicle.
 */
import type { Checked } from "../../../../rules/core/checked.ts";
import { planChecked } from "../adapter.ts";
import { refuse } from "../../../../rules/core/result.ts";
import type { Refusal, Result } from "../../../../rules/core/result.ts";
import { opportunityAttackOpen } from "../../../../rules/dicepool/actions.ts";
import type { ActionName } from "../../../../rules/dicepool/actions.ts";

import type { AttackInput } from "../../../../rules/dicepool/attack.ts";
import type { DicepoolWeapon } from "../../../../rules/dicepool/model.ts";
import type { DicepoolOptions } from "../../../../rules/dicepool/options.ts";
import { rollModeNow } from "../../../shared/cards.ts";
import { declareCard } from "../../../cards/protocol.ts";
import type { RefereeOutcome } from "../../../shared/referee.ts";
import { fightOf } from "../../../combat/ledger.ts";
import { targetedActors } from "../../../shared/actors.ts";
import { chatMessages, currentUser } from "../../../shared/env.ts";
import {
  EMPTY_HANDS,
  atTable,
  combatantId,
  measuredSpaces,
  toDicepoolCombatant,
  toDicepoolWeapon,
  warnDicepoolRefusal,
} from "../adapter.ts";
import {
  PENALTY_KEY,
  grapplePenaltyOf,
  grapplesOf,
  isOwnTurn,
  ledgerNote,
  spendAction,
} from "../budget.ts";
import type { LedgerNote } from "../budget.ts";
import { DICEPOOL_ATTACK } from "../cards/attack-card.ts";
import { dicepoolScene, dicepoolScenePrefill } from "../scene.ts";
import { conductOnAttack, someDefense } from "../table/conduct.ts";
import type { DistanceBy } from "../cards/attack-card.ts";
import { dicepoolOptions } from "../settings.ts";
import { isVehicle } from "../vehicle/data.ts";
import { mountedAttacker, mountedName } from "../vehicle/crew.ts";
import { DEFAULT_CHOICE, promptDicepoolAttack } from "./dialog.ts";
import type { DicepoolChoice, DicepoolPreset } from "./dialog.ts";
import { reactionOpen } from "../../../movement/reaction-card.ts";
import type { SceneCallEntry } from "../../../scene/card-calls.ts";

/** The declaration as a client sends it: ids and choices. */
export interface DicepoolDeclareIntent extends DicepoolChoice {
  readonly attackerId: string;
  /** "" for bare hands. */
  readonly weaponId: string;
  readonly targetId: string;
  /** The chat roll mode the declaring user chose (hides the dice, never the card). */
  readonly rollMode: string;
  /** The vehicle whose weapon the attacker fires ("" for none; absent on older senders). */
  readonly vehicleId?: string;
}

/** The distance the attack is played at, and who settled it. */
export interface Where {
  readonly spaces: number;
  readonly by: DistanceBy;
}

/**
 * The distance as this client can settle it: measured on its canvas; else the stated one, which
 * stands for a GM ("gm") and waits for the GM's word for a player ("stated").
 */
export function settleDistance(
  attacker: Actor.Implementation,
  target: Actor.Implementation,
  stated: number,
  byGM: boolean,
): Where {
  const measured = measuredSpaces(attacker, target);
  if (measured !== null) return { spaces: measured, by: "measured" };
  return { spaces: stated, by: byGM ? "gm" : "stated" };
}

export interface Declaration {
  readonly input: Omit<AttackInput, "defense">;
  readonly actionName: ActionName;
  readonly weaponName: string;
  readonly where: Where;
  /** Blitz's Energy, paid by the attacker at the declaration. */
  readonly energyCost: number;
  /** The ledger's changes: the action taken, the grapple penalties this roll uses up. */
  readonly notes: readonly LedgerNote[];
  /** The reaction card the opportunity attack answers (the referee closes it). */
  readonly reaction?: string;
  /** The situation as the scene decided it and as the player claimed it (scene.ts). */
  readonly sceneCalls?: readonly SceneCallEntry[];
  /** The vehicle whose weapon fires (it pays the Energy), or null. */
  readonly vehicle: Actor.Implementation | null;
}

/** Whether both fight in the same started combat (where a grapple can be recorded). */
export function sameFight(a: Actor.Implementation, b: Actor.Implementation): boolean {
  const fight = fightOf(a);
  return fight !== null && fightOf(b)?.combat === fight.combat;
}

/** Checks everything that may refuse an attack before any die is rolled. */
export function checkDeclaration(
  attackerActor: Actor.Implementation,
  weaponItem: Item.Implementation | null,
  target: Actor.Implementation | null,
  choice: DicepoolChoice,
  measured: Where,
  options: Checked<DicepoolOptions> = dicepoolOptions(),
  vehicle: Actor.Implementation | null = null,
): Result<Declaration> {
  if (weaponItem !== null && weaponItem.type !== "weapon") return refuse("notAWeapon");
  // A vehicle's weapon fires through its crew (vehicle/crew.ts), never with the vehicle's own
  // numbers, which the rules read only to take hits on its structure (vehicle/target.ts).
  if (isVehicle(attackerActor)) return refuse("vehicleAttacker");
  const mounted = vehicle === null ? null : mountedAttacker(attackerActor, vehicle, weaponItem);
  if (mounted !== null && !mounted.ok) return mounted;
  if (target === null) return refuse("noTarget");
  // A move out of a shared space the GM saw (its reaction card): the opportunity attack is
  // resolved first, in the space the two shared, as the book says.
  const reacting =
    choice.opportunity === "leaveSpace" && reactionOpen(attackerActor, target, choice.reaction);
  const where: Where = reacting ? { spaces: 0, by: "measured" } : measured;
  if (!atTable(vehicle ?? attackerActor, target)) return refuse("targetNotInReach");
  const weapon: DicepoolWeapon = weaponItem === null ? EMPTY_HANDS : toDicepoolWeapon(weaponItem);
  const attacker = mounted?.value ?? toDicepoolCombatant(attackerActor);
  // Points an assailant spent against either side (an interrupt before this roll), as recorded.
  const onAttack = grapplePenaltyOf(attackerActor);
  const onDefense = grapplePenaltyOf(target);
  // The weapon's flags, the cover the target took, its guards (table/conduct.ts).
  const conduct = conductOnAttack(attackerActor, target, weaponItem, choice.cover, options);
  if (!conduct.ok) return conduct;
  const { forbid, cover, defenseModifiers } = conduct.value;
  const input: Omit<AttackInput, "defense"> = {
    attacker,
    defender: toDicepoolCombatant(target),
    weapon,
    intent: choice.intent,
    ...(choice.disarmWeaponId === null ? {} : { disarmWeaponId: choice.disarmWeaponId }),
    ...(forbid.length === 0 ? {} : { forbid }),
    situation: {
      distance: where.spaces,
      cover,
      blitz: choice.blitz,
      grapplePenaltyOnAttack: onAttack,
      grapplePenaltyOnDefense: onDefense,
      ...(defenseModifiers.length === 0 ? {} : { defenseModifiers }),
    },
  };
  // A defense left open: the plan checks all that does not depend on the defense.
  const plan = planChecked({ ...input, defense: someDefense(input) }, options);
  if (!plan.ok) return plan;
  if (choice.intent === "grapple" && !sameFight(attackerActor, target)) {
    return refuse("grappleNeedsCombat");
  }
  if (choice.intent === "breakGrapple" && grapplesOf(target).length === 0) {
    return refuse("noGrappleToBreak");
  }
  if (choice.opportunity !== "none") {
    // The trigger happens on the target's turn: it leaves the shared space or shoots from it.
    const open = opportunityAttackOpen({
      kind: choice.opportunity,
      sameSpace: where.spaces === 0,
      closeWeapon: weapon.kind === "close",
      watcherIncapacitated: attacker.incapacitated !== null || attacker.dead,
    });
    if (!open || choice.blitz || !isOwnTurn(target)) return refuse("opportunityNotOpen");
  }
  const actionName: ActionName =
    choice.opportunity !== "none"
      ? "opportunityAttack"
      : choice.blitz
        ? "blitzAttack"
        : weapon.kind === "close"
          ? "closeAttack"
          : "rangedAttack";
  const spent = spendAction(
    attackerActor,
    actionName,
    { incapacitated: attacker.incapacitated !== null },
    options,
  );
  if (!spent.ok) return spent;
  const penalties = (
    [
      [attackerActor, onAttack],
      [target, onDefense],
    ] as const
  ).flatMap(([actor, points]) => {
    const fight = points > 0 ? fightOf(actor) : null;
    return fight === null ? [] : [ledgerNote(fight, PENALTY_KEY, 0)];
  });
  return {
    ok: true,
    value: {
      input,
      actionName,
      weaponName: vehicle === null ? (weaponItem?.name ?? "") : mountedName(vehicle, weaponItem),
      where,
      vehicle,
      energyCost: plan.value.energyCost,
      notes: [...spent.value, ...penalties],
      ...(reacting ? { reaction: choice.reaction } : {}),
    },
  };
}

/**
 * Attacks the target: this client checks first (a refusal is a warning and nothing is sent),
 * then declares; the referee checks again, rolls and posts the card. Answers with the card's
 * message id as `value`, or the refusal (the public API's attack answers with it).
 */
export async function declareDicepoolOutcome(
  attackerActor: Actor.Implementation,
  weaponItem: Item.Implementation | null,
  targets: readonly Actor.Implementation[],
  choice: DicepoolChoice = DEFAULT_CHOICE,
  vehicle: Actor.Implementation | null = null,
): Promise<RefereeOutcome> {
  const target = targets[0] ?? null;
  const where =
    target === null
      ? { spaces: choice.distance, by: "stated" as const }
      : settleDistance(vehicle ?? attackerActor, target, choice.distance, currentUser().isGM);
  const checked =
    targets.length > 1
      ? refuse("tooManyTargets")
      : checkDeclaration(attackerActor, weaponItem, target, choice, where, undefined, vehicle);
  if (!checked.ok || target === null) {
    const refusal = checked.ok ? refuse("noTarget") : checked;
    warnDicepoolRefusal(refusal);
    return refusal;
  }
  const intent: DicepoolDeclareIntent = {
    ...choice,
    attackerId: combatantId(attackerActor),
    weaponId: weaponItem?.id ?? "",
    targetId: combatantId(target),
    rollMode: rollModeNow(),
    vehicleId: vehicle === null ? "" : combatantId(vehicle),
  };
  return declareCard(DICEPOOL_ATTACK, intent);
}

/** Attacks the target (declareDicepoolOutcome); resolves to the card, or null. */
export async function declareDicepoolAttack(
  attackerActor: Actor.Implementation,
  weaponItem: Item.Implementation | null,
  targets: readonly Actor.Implementation[],
  choice: DicepoolChoice = DEFAULT_CHOICE,
  vehicle: Actor.Implementation | null = null,
): Promise<ChatMessage.Implementation | null> {
  const outcome = await declareDicepoolOutcome(attackerActor, weaponItem, targets, choice, vehicle);
  const id = outcome.ok && typeof outcome.value === "string" ? outcome.value : "";
  // (Collection#get is typed as always finding one; a deleted message is not found.)
  return chatMessages().has(id) ? chatMessages().get(id) : null;
}

/**
 * An Attack button: one targeted token, the dialog with exact odds (the cover and the spaces
 * pre-filled from the scene with the sentences saying why, as the referee will measure them:
 * scene.ts; set up as `preset` says for a reaction card's opportunity attack), then the
 * declaration. `vehicle`: the vehicle whose weapon `actor` fires (from the vehicle's sheet).
 */
export async function dicepoolAttack(
  actor: Actor.Implementation,
  weaponItem: Item.Implementation | null,
  preset: DicepoolPreset = {},
  vehicle: Actor.Implementation | null = null,
): Promise<ChatMessage.Implementation | null> {
  const targets = targetedActors();
  const target = targets[0];
  const mounted = vehicle === null ? null : mountedAttacker(actor, vehicle, weaponItem);
  if (target === undefined || targets.length > 1 || (mounted !== null && !mounted.ok)) {
    const refusal: Refusal =
      mounted !== null && !mounted.ok
        ? mounted
        : refuse(target === undefined ? "noTarget" : "tooManyTargets");
    warnDicepoolRefusal(refusal);
    return null;
  }
  const from = vehicle ?? actor;
  const measured = dicepoolScene(from, target);
  const spaces = measuredSpaces(from, target);
  const prefill = measured === null ? null : dicepoolScenePrefill(measured);
  const choice = await promptDicepoolAttack(
    {
      attacker: mounted?.value ?? toDicepoolCombatant(actor),
      defender: toDicepoolCombatant(target),
      weapon: weaponItem === null ? EMPTY_HANDS : toDicepoolWeapon(weaponItem),
    },
    {
      attacker: actor.name,
      defender: target.name,
      weapon: vehicle === null ? (weaponItem?.name ?? "") : mountedName(vehicle, weaponItem),
    },
    target.items.contents
      .filter((item) => item.type === "weapon")
      .map((item) => ({ id: item.id ?? "", name: item.name })),
    dicepoolOptions(),
    {
      choice: { ...prefill?.choice, ...(spaces === null ? {} : { distance: spaces }) },
      notes: prefill?.notes ?? [],
    },
    preset,
  );
  if (choice === null) return null;
  return declareDicepoolAttack(actor, weaponItem, targets, choice, vehicle);
}
