/**
 * The dice-pool attack card: its state (kept in the ChatMessage's flags.fray.dicepoolAttack) and
 * the template context built from it. Three stages:
 * - defend: the attack pool is rolled; the defender (its owner, or the GM for an NPC) picks
 *   Dodge, Parry or Soak with a button, each showing its pool and the chance the attack still hits;
 * - resolved: the defense is rolled; the card shows both rolls, the net hits, the damage (or the
 *   Grappling Pool, the disarm, the initiative moved), the wound-penalty dice and Apply;
 * - applied: the outcome is written.
 */
import type { DieRoll } from "../../../../rules/core/dice.ts";
import type {
  AttackIntent,
  AttackSituation,
  DefenseKind,
} from "../../../../rules/dicepool/attack.ts";
import type { DicepoolUpdate } from "../../../../rules/dicepool/changes.ts";
import type { DicepoolCombatant, DicepoolWeapon } from "../../../../rules/dicepool/model.ts";
import type { PoolMode } from "../../../../rules/dicepool/pool.ts";
import { SYSTEM_PATH } from "../../../constants.ts";
import type { I18n } from "../../../shared/env.ts";
import { percent } from "../../../shared/format.ts";

export const DICEPOOL_ATTACK_CARD_TEMPLATE = `${SYSTEM_PATH}/templates/dicepool/attack-card.hbs`;
/** The message flag (under flags.fray) holding the card state. */
export const DICEPOOL_CARD_FLAG = "dicepoolAttack";

export type DicepoolCardStage = "defend" | "resolved" | "applied";

/** One defense button: its pool and the chance the rolled attack still hits through it. */
export interface DefenseChoice {
  readonly defense: DefenseKind;
  readonly allowed: boolean;
  readonly dice: number;
  readonly mode: PoolMode;
  /** The chance the attack (already rolled) hits through this defense. */
  readonly hitChance: number;
}

/** A rolled (or static / flawless) pool as the card shows it. */
export interface PoolView {
  readonly dice: number;
  readonly faces: readonly number[];
  readonly hits: number;
  readonly mode: PoolMode;
}

/** What the card keeps of a resolved attack. */
export interface DicepoolResultView {
  readonly defense: DefenseKind;
  readonly defensePool: PoolView;
  readonly net: number;
  readonly hit: boolean;
  readonly damage: number;
  readonly nonLethal: boolean;
  readonly woundDice: number;
  readonly woundFaces: readonly number[];
  readonly woundAdded: number;
  readonly incapacitated: boolean;
  readonly died: boolean;
  /** The Grappling Pool after a grapple (filled) or a breakGrapple (drained); null otherwise. */
  readonly grapplePool: number | null;
  /** Why a grapple that hit took no hold (Multi-Grapple's limit), or null. */
  readonly refusedGrapple: string | null;
  readonly disarmed: boolean;
  readonly initiativeMoved: number;
  readonly health: { readonly before: number; readonly after: number; readonly max: number };
  /** Every change the outcome makes, written at Apply. */
  readonly updates: readonly DicepoolUpdate[];
}

export interface DicepoolAttackCardState {
  readonly stage: DicepoolCardStage;
  readonly attackerId: string;
  readonly defenderId: string;
  readonly attackerName: string;
  readonly defenderName: string;
  readonly weaponName: string;
  /** Who declared it (may press Apply). */
  readonly declaredBy: string;
  /** The attacker as it was when it attacked. */
  readonly attacker: DicepoolCombatant;
  readonly weapon: DicepoolWeapon;
  readonly intent: AttackIntent;
  readonly situation: AttackSituation;
  readonly disarmWeaponId: string | null;
  readonly attackPool: PoolView;
  readonly choices: readonly DefenseChoice[];
  /** Every die of the attack in the order the rules drew them: attack, defense, wound dice. */
  readonly dice: readonly DieRoll[];
  readonly result: DicepoolResultView | null;
}

function faces(list: readonly number[], hitOn: number) {
  return list.map((value) => ({ value, hit: value >= hitOn }));
}

/** The template's context. Texts are localized here; the template escapes them. */
export function dicepoolAttackCardContext(card: DicepoolAttackCardState, i18n: I18n, hitOn = 4) {
  const r = card.result;
  const poolLine = (pool: PoolView) => ({
    dice: pool.dice,
    hits: pool.hits,
    faces: faces(pool.faces, hitOn),
    mode: pool.mode === "rolled" ? "" : i18n.localize(`FRAY.Dicepool.Card.Mode.${pool.mode}`),
  });
  return {
    stage: card.stage,
    attackerName: card.attackerName,
    defenderName: card.defenderName,
    weaponName: card.weaponName,
    intent: i18n.localize(`FRAY.Dicepool.Intent.${card.intent}`),
    attack: poolLine(card.attackPool),
    choices:
      card.stage === "defend"
        ? card.choices.map((c) => ({
            defense: c.defense,
            label: i18n.localize(`FRAY.Dicepool.Defense.${c.defense}`),
            allowed: c.allowed,
            detail: c.allowed
              ? i18n.format("FRAY.Dicepool.Card.DefenseOdds", {
                  dice: String(c.dice),
                  chance: percent(c.hitChance),
                })
              : i18n.localize("FRAY.Dicepool.Card.DefenseNotAllowed"),
          }))
        : [],
    result:
      r === null
        ? null
        : {
            defense: i18n.localize(`FRAY.Dicepool.Defense.${r.defense}`),
            defensePool: poolLine(r.defensePool),
            net: r.net,
            hit: r.hit,
            damage: r.damage,
            nonLethal: r.nonLethal,
            wound:
              r.woundDice > 0
                ? {
                    dice: r.woundDice,
                    faces: faces(r.woundFaces, hitOn),
                    added: r.woundAdded,
                  }
                : null,
            health: r.health,
            incapacitated: r.incapacitated,
            died: r.died,
            grapplePool: r.grapplePool,
            drainedTo: card.intent === "breakGrapple" ? r.grapplePool : null,
            refusedGrapple:
              r.refusedGrapple === null
                ? null
                : i18n.localize(`FRAY.Dicepool.Refusal.${r.refusedGrapple}`),
            disarmed: r.disarmed,
            initiativeMoved: r.initiativeMoved,
          },
    canApply: card.stage === "resolved",
  };
}

export type DicepoolAttackCardContext = ReturnType<typeof dicepoolAttackCardContext>;
