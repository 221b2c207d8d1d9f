/**
 * The WWN attack, the attacker's client half: the dialog for the one targeted token, the check
 * (the same one the referee runs again, attack/referee.ts) and the declaration sent through the
 * card protocol (`wwn.attack`: ids and choices, never numbers). A refusal is a localized warning
 * and nothing is sent.
 *
 * What the check reads of the fight (the round's actions, grapples, the swarm) is the referee's
 * ledger (budget.ts); the target must fight in the attacker's combat or stand on its scene.
 *
 * An attack without a weapon item (the weapon id "") is made with bare hands (adapter.ts
 * bareHands: 1d2, Punch): anyone can punch, so a foe with no weapon still takes the free attack
 * on one leaving melee (movement.ts).
 */
import { ok, refuse } from "../../../../rules/core/result.ts";
import { checkAttack } from "../../../../rules/wwn/index.ts";
import type {
  AttackKind,
  AttackSituation,
  TurnContext,
  WwnCombatant,
  WwnWeapon,
} from "../../../../rules/wwn/index.ts";
import { fightOf } from "../../../combat/ledger.ts";
import {
  attackFromSheet,
  attackRefusal,
  cardDeclarer,
  reachableTarget,
} from "../../../shared/attack.ts";
import type { DeclarationCheck } from "../../../shared/attack.ts";
import { warnWwnRefusal, wwnWeaponOf } from "../adapter.ts";
import { fighterIn, fighterOf, turnOf } from "../budget.ts";
import type { LedgerWrite } from "../budget.ts";
import { swarmAlliesFor, swarmBlow } from "../table/swarm.ts";
import { promptWwnAttack } from "./dialog.ts";
import { wwnScene, wwnScenePrefill } from "../scene.ts";

import { reactionOpen } from "../../../movement/reaction-card.ts";
import { owedCharge } from "../charge.ts";
/** The card protocol's kind of the WWN attack: its declaration and its card. */
export const WWN_ATTACK = "wwn.attack";

/** An attack that passed the rules' check, as the referee rolls it. */
export interface WwnDeclaration {
  readonly attacker: WwnCombatant;
  readonly defender: WwnCombatant;
  readonly weapon: WwnWeapon;
  readonly turn: TurnContext;
  /** The attacker fights in a started combat: its action is spent in the ledger. */
  readonly tracked: boolean;
  /** The situation as the referee rolls it (a swarm's allies counted from its ledger). */
  readonly situation: AttackSituation;
  /**
   * The ledger entry the attack writes besides its action: for the blow that closes a swarm, the
   * one that marks the swarm struck; for a Charge made on the map, the one that uses it up.
   */
  readonly swarmStruck: LedgerWrite | null;
  /** A free attack on a foe leaving melee: the GM's reaction card it answers (then closed). */
  readonly reaction?: string;
}

/** The attack's choices with a reaction card's message id, when it answers one. */
export type WwnTableSituation = AttackSituation & { readonly reaction?: string };

/**
 * Checks everything that may refuse an attack, in the order a player would want to hear it: one
 * weapon and one target, the target within reach (in the attacker's combat or on its scene), a
 * swarm's blow by one of its members, then the rules (action, turn, weapon, situation).
 */
export const checkWwnDeclaration: DeclarationCheck<
  WwnTableSituation,
  WwnDeclaration,
  Item.Implementation | null
> = (attackerActor, weaponItem, targets, table) => {
  const reached = reachableTarget(attackerActor, weaponItem, targets);
  if (!reached.ok) return reached;
  const target = reached.value;
  // A reaction to a move is the free attack, only with the GM's open card for it.
  const { reaction, ...asked } = table;
  if (reaction !== undefined && !reactionOpen(attackerActor, target, reaction)) {
    return refuse("notYourTurn", { name: attackerActor.name });
  }
  const situation: AttackSituation =
    reaction === undefined ? asked : { ...asked, kind: { kind: "free" } };
  const fight = fightOf(attackerActor);
  const attacker = fighterIn(attackerActor, fight);
  const defender = fighterOf(target);
  // No weapon item: bare hands, the unarmed attack anyone can make (adapter.ts bareHands).
  const weapon = wwnWeaponOf(weaponItem);
  const turn = turnOf(attackerActor);
  let chosen = situation;
  let swarmStruck: LedgerWrite | null = null;
  // A Charge whose move the GM recorded on the map (charge.ts): its feet, paid, used up by this.
  const owed = situation.kind?.kind === "charge" ? owedCharge(attackerActor) : null;
  if (owed !== null) {
    chosen = { ...situation, kind: { kind: "charge", feet: owed.feet, moved: true } };
    swarmStruck = owed.write;
  }
  if (situation.kind?.kind === "swarm") {
    const blow = swarmBlow(attackerActor, target, attacker.id);
    if (!blow.ok) return blow;
    chosen = { ...situation, kind: { kind: "swarm", allies: blow.value.allies } };
    swarmStruck = blow.value.write;
  }
  const allowed = checkAttack({ attacker, defender, weapon, situation: chosen, turn });
  if (!allowed.ok) return attackRefusal(allowed, attackerActor, target, { formula: weapon.damage });
  return ok({
    attacker,
    defender,
    weapon,
    turn,
    tracked: fight !== null,
    situation: chosen,
    swarmStruck,
    ...(reaction === undefined ? {} : { reaction }),
  });
};

/**
 * Makes an attack against the one targeted token's actor. This client checks it first; the
 * referee checks it again, rolls, spends the action and posts the card. Returns the card, or null.
 */
export const declareWwnAttack = cardDeclarer(WWN_ATTACK, checkWwnDeclaration, warnWwnRefusal);

/**
 * Attack with a weapon at the one targeted token: opens the dialog (cover, a foe at hand and the
 * allies next to the target pre-filled from the scene with the sentences saying why: scene.ts;
 * a swarm's allies as the referee's ledger counts them), then declares. `situation` skips the dialog (macros, tests).
 */
export function wwnAttack(
  actor: Actor.Implementation,
  weapon: Item.Implementation | null,
  situation?: WwnTableSituation,
  preset: {
    readonly reaction?: string;
    readonly notes?: readonly string[];
    /** The kind the dialog opens set to (a Charge made on the map: movement.ts wwnCharge). */
    readonly kind?: AttackKind;
  } = {},
): Promise<ChatMessage.Implementation | null> {
  return attackFromSheet<WwnTableSituation>(
    situation,
    {},
    async (target) => {
      const measured = wwnScene(actor, target);
      const prefill = measured === null ? null : wwnScenePrefill(measured);
      const { adjacent: _adjacent, ...initial } = prefill?.situation ?? {};
      const notes = preset.notes ?? [];
      const picked = await promptWwnAttack(
        fighterOf(actor),
        fighterOf(target),
        wwnWeaponOf(weapon),
        preset.reaction === undefined
          ? { ...initial, ...(preset.kind === undefined ? {} : { kind: preset.kind }) }
          : { ...initial, kind: { kind: "free" } },
        prefill === null
          ? { allies: 0, notes }
          : { allies: prefill.allies, notes: [...notes, ...prefill.notes] },
        swarmAlliesFor(actor, target),
      );
      return picked === null || preset.reaction === undefined
        ? picked
        : { ...picked, reaction: preset.reaction };
    },
    (targets, chosen) => declareWwnAttack(actor, weapon, targets, chosen),
  );
}
