/**
 * The Worldlines attack on the attacker's client: the checks every attack goes through (shared
 * with the referee, which runs them again on the documents as they are), the dialog, and the
 * declaration sent through the card protocol (cards/protocol.ts declareCard). The referee's half,
 * which rolls and posts the card, is attack/referee.ts.
 */
import { refuse } from "../../../../rules/core/result.ts";
import type { Refusal } from "../../../../rules/core/result.ts";
import {
  FIELD_PATHS,
  attackWithTechnique,
  checkAttack,
  checkInterrupt,
  spendRound,
} from "../../../../rules/worldlines/index.ts";
import type {
  Ammo,
  AttackSituation,
  WorldlinesCombatant,
  WorldlinesWeapon,
} from "../../../../rules/worldlines/index.ts";
import { reactionOpen } from "../../../movement/reaction-card.ts";
import {
  attackFromSheet,
  attackRefusal,
  declareAttackCard,
  reachableTarget,
} from "../../../shared/attack.ts";
import type { DeclarationCheck } from "../../../shared/attack.ts";
import { warnRefusal as showRefusal } from "../../../shared/refusal.ts";
import { distanceBetween } from "../../../shared/scene.ts";
import { isActorsTurn } from "../../../shared/turn.ts";
import { bandForDistance, bandReach, toCombatant, toTechnique, toWeapon } from "../adapter.ts";
import { ATTACK_KIND } from "../cards/attack-card.ts";
import { worldlinesOptions } from "../settings.ts";
import { DEFAULT_BAND_FEET } from "../data.ts";
import { scenePrefill, worldlinesScene } from "../scene.ts";
import { promptAttack } from "./dialog.ts";
import type { ShapeAttack, TableSituation } from "./dialog.ts";

/**
 * Shows a refusal as a localized warning. Nothing else happens. `context` fills placeholders the
 * rules do not know (the actor's display name); the refusal's own detail wins over it.
 */
export function warnRefusal(
  refusal: Refusal,
  context: Readonly<Record<string, string>> = {},
): void {
  showRefusal((reason) => `FRAY.Worldlines.Attack.Refusal.${reason}`, refusal, context);
}

/**
 * Warns about a refusal of an action of `actor`, naming it. `rename` points a reason at a wording
 * for this action where the attack's wording would mislead (Energy for a stance change is not
 * "the attack"). Answers false, for the action to return.
 */
export function refused(
  refusal: Refusal,
  actor: Actor.Implementation,
  rename: Readonly<Record<string, string>> = {},
): false {
  warnRefusal(
    { ...refusal, reason: rename[refusal.reason] ?? refusal.reason },
    { name: actor.name },
  );
  return false;
}

export interface Declaration {
  readonly attacker: WorldlinesCombatant;
  readonly defender: WorldlinesCombatant;
  readonly weapon: WorldlinesWeapon;
  readonly cost: number;
  /** The attack's choices as the rules take them (a technique's Energy folded in). */
  readonly situation: AttackSituation;
  /** The technique announced with the attack, by name, and the Energy a hit gives back. */
  readonly technique?: { readonly name: string; readonly refund: number };
  /** An Opportunity Attack: the reaction card that opened it (it spends the interruption). */
  readonly reaction?: string;
}

export type { TableSituation } from "./dialog.ts";

/** An id in a payload: a string, absent, or null when it is anything else (a bad request). */
export function idOf(value: unknown): string | undefined | null {
  return value === undefined || typeof value === "string" ? value : null;
}

/** The referee closes an Opportunity Attack's reaction card once the attack is posted. */
export { spendReaction } from "../../../movement/reaction-card.ts";

/** What an Opportunity Attack adds to the attacker's payment: the round's interruption. */
export function reactionPaid(declaration: Declaration): Record<string, boolean> {
  return declaration.reaction === undefined ? {} : { [FIELD_PATHS.interruptUsed]: true };
}

/**
 * The weapon and cost of an attack announced with one of the attacker's attack techniques
 * (rules/worldlines/techniques.ts attackWithTechnique); the situation unchanged without one.
 * The referee's declaration and the attack dialog's odds both go through it.
 */
export function shapeByTechnique(
  attackerActor: Actor.Implementation,
  attacker: WorldlinesCombatant,
  weapon: WorldlinesWeapon,
  situation: TableSituation,
):
  | {
      ok: true;
      weapon: WorldlinesWeapon;
      situation: AttackSituation;
      technique?: Declaration["technique"];
    }
  | Refusal {
  const { technique: techniqueId, reaction: _reaction, ...rest } = situation;
  if (techniqueId === undefined || techniqueId === "") return { ok: true, weapon, situation: rest };
  const item = attackerActor.items.contents.find(
    (i) => i.id === techniqueId && i.type === "technique",
  );
  if (item === undefined) return refuse("noSuchTechnique", { name: attackerActor.name });
  const shaped = attackWithTechnique(attacker, weapon, toTechnique(item));
  if (!shaped.ok) return refuse(shaped.reason, { ...shaped.detail, name: attackerActor.name });
  return {
    ok: true,
    weapon: { ...shaped.value.weapon, name: `${weapon.name} · ${item.name}` },
    // A GM's own Energy cost for the attack stands; otherwise the attack's and the technique's.
    situation: { energyCost: shaped.value.cost, ...rest },
    technique: { name: item.name, refund: shaped.value.refund },
  };
}

/**
 * Checks everything that may refuse an attack, in the order a player would want to hear it: one
 * weapon and one target, the target within reach (in the attacker's running combat or on its
 * scene), the turn, the ammunition, the technique, then the rules.
 */
export const checkDeclaration: DeclarationCheck<TableSituation, Declaration> = (
  attackerActor,
  weaponItem,
  targets,
  tableSituation,
) => {
  const reached = reachableTarget(attackerActor, weaponItem, targets, (target) =>
    refuse("notATarget", { name: attackerActor.name, target: target.name }),
  );
  if (!reached.ok) return reached;
  const target = reached.value;
  // An Opportunity Attack is made on the mover's turn, with the GM's reaction card for it.
  const reaction = tableSituation.reaction;
  const inTurn = reaction === undefined ? isActorsTurn(attackerActor) : false;
  if (!inTurn && (reaction === undefined || !reactionOpen(attackerActor, target, reaction))) {
    return refuse("notYourTurn", { name: attackerActor.name });
  }
  const attacker = toCombatant(attackerActor);
  const defender = toCombatant(target);
  const ammo = spendRound((weaponItem.system as unknown as { ammo: Ammo }).ammo);
  if (!ammo.ok) return refuse(ammo.reason, { ...ammo.detail, weapon: weaponItem.name });
  const shaped = shapeByTechnique(attackerActor, attacker, toWeapon(weaponItem), tableSituation);
  if (!shaped.ok) return shaped;
  const { weapon } = shaped;
  let situation = shaped.situation;
  if (reaction !== undefined) {
    // The interruption's own price and limits (a melee weapon, once a round, not Stressed …).
    const interrupt = checkInterrupt(
      attacker,
      "opportunityAttack",
      {
        target: defender,
        weapon,
        entersReach: true,
      },
      worldlinesOptions(),
    );
    if (!interrupt.ok) {
      return refuse(interrupt.reason, { ...interrupt.detail, name: attackerActor.name });
    }
    situation = { ...situation, energyCost: interrupt.value.cost };
  }
  const allowed = checkAttack({ attacker, defender, weapon, situation });
  if (!allowed.ok) return attackRefusal(allowed, attackerActor, target, { formula: weapon.damage });
  const cost = allowed.value.cost;
  const technique = shaped.technique;
  return {
    ok: true,
    value: {
      attacker,
      defender,
      weapon,
      cost,
      situation,
      ...(technique ? { technique } : {}),
      ...(reaction === undefined ? {} : { reaction }),
    },
  };
};

/**
 * How the attack dialog shapes its odds for the chosen technique: the referee's own shaping
 * ({@link shapeByTechnique}), read from the attacker as it is now.
 */
export function techniqueShaper(actor: Actor.Implementation): ShapeAttack {
  return (weapon, situation) => shapeByTechnique(actor, toCombatant(actor), weapon, situation);
}

/** The attacker's techniques used with an attack, for the dialog to offer. */
function attackTechniques(actor: Actor.Implementation): { id: string; name: string }[] {
  return actor.items.contents
    .filter((i) => i.type === "technique" && toTechnique(i).use === "attack")
    .map((i) => ({ id: i.id ?? "", name: i.name }));
}

/**
 * Attack with a weapon at the one targeted token: opens the dialog (range band, cover, flanking
 * and visibility pre-filled from the scene with the sentences saying why, as the referee will
 * measure them: scene.ts), then declares it through the card
 * protocol (attack/referee.ts is the referee's half). `situation` skips the dialog (macros,
 * tests). Resolves to the card's message, or null when refused.
 */
export function attack(
  actor: Actor.Implementation,
  weapon: Item.Implementation,
  situation?: TableSituation,
  preset: { readonly reaction?: string; readonly notes?: readonly string[] } = {},
): Promise<ChatMessage.Implementation | null> {
  const reaction = preset.reaction === undefined ? {} : { reaction: preset.reaction };
  return attackFromSheet<TableSituation>(
    situation,
    {},
    async (target) => {
      const distance = distanceBetween(actor, target);
      const band =
        distance === null ? null : bandForDistance(bandReach(weapon, DEFAULT_BAND_FEET), distance);
      const measured = worldlinesScene(actor, target);
      const melee = (weapon.system as unknown as { kind?: string }).kind === "melee";
      const prefill = measured === null ? null : scenePrefill(measured, melee);
      const picked = await promptAttack({
        attacker: toCombatant(actor),
        defender: toCombatant(target),
        weapon: toWeapon(weapon),
        situation: {
          zone: "torso",
          cover: "none",
          range: band ?? (distance === null ? "short" : "extreme"),
          ...prefill?.situation,
        },
        distance,
        sceneNotes: [...(preset.notes ?? []), ...(prefill?.notes ?? [])],
        techniques: attackTechniques(actor),
        shape: techniqueShaper(actor),
      });
      return picked === null ? null : { ...picked, ...reaction };
    },
    // This client checks first (a refusal is a warning and nothing is sent); the referee checks
    // again on the documents as they are, measures what the scene tells, rolls and posts the card.
    (targets, chosen) =>
      declareAttackCard(
        ATTACK_KIND,
        actor,
        weapon,
        targets,
        chosen,
        checkDeclaration(actor, weapon, targets, chosen),
        (refusal) => {
          warnRefusal(refusal, { name: actor.name });
        },
      ),
  );
}
