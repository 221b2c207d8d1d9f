/**
 * The Freelancers attack card: its state (kept in the ChatMessage's flags.fray.flAttack) and the
 * template context built from it. The referee (the active GM) authors it in three stages:
 * - defend: the attack check is rolled; the defender's owner presses Roll defense;
 * - resolved: the defense (a check, or the static value) is in, with the challenge and, on a hit,
 *   the damage after armor rating; Apply waits;
 * - applied: the health loss is written (or the attack missed and there was nothing to write).
 */
import { nextStepView } from "../../../cards/next-step.ts";
import { cardHeader, resultLine } from "../../../cards/parts.ts";
import { flAttackNextStep } from "./next-step.ts";
import type { DieRoll } from "../../../../rules/core/dice.ts";
import type {
  AttackOutcome,
  AttackSituation,
  DamageRoll,
} from "../../../../rules/freelancers/attack.ts";
import type { FreelancersUpdate } from "../../../../rules/freelancers/changes.ts";
import type { CheckRoll } from "../../../../rules/freelancers/checks.ts";
import type { FreelancersActor, FreelancersWeapon } from "../../../../rules/freelancers/model.ts";
import { cardView, chatTemplate } from "../../../shared/cards.ts";
import type { SceneCallEntry } from "../../../scene/card-calls.ts";
import type { CardI18n } from "../../../shared/cards.ts";

export type FlCardStage = "defend" | "resolved" | "applied";

/** What the card keeps once the defense is in (the outcome minus the combatants). */
export interface FlResultView {
  /** The defender's check, or its static defense. */
  readonly defense: CheckRoll | number;
  readonly hit: boolean;
  readonly damage: DamageRoll | null;
  readonly health: { readonly before: number; readonly after: number; readonly max: number };
  /** The defender's changes, written when the card is applied. */
  readonly updates: readonly FreelancersUpdate[];
}

export interface FlAttackCardState {
  readonly stage: FlCardStage;
  readonly attackerId: string;
  readonly defenderId: string;
  readonly attackerName: string;
  readonly defenderName: string;
  /** The attacker as it was when attacking (before paying its action). */
  readonly attacker: FreelancersActor;
  /** The weapon as it was when attacking (before any fumble). */
  readonly weapon: FreelancersWeapon;
  readonly situation: AttackSituation;
  /** Every die so far, in the order the rules draw them: attack, defense, damage. */
  readonly dice: readonly DieRoll[];
  readonly attack: CheckRoll;
  readonly integrityLost: number;
  readonly broken: boolean;
  /** Opponents the attack made the attacker a target of opportunity for (by name). */
  readonly provokedBy: readonly string[];
  readonly result: FlResultView | null;
  /** The touch effects the Apply landed on the defender (attack/touch.ts), by name. */
  readonly touched?: readonly string[];
  /** The situation as the scene decided it and as the player claimed it (scene/card-calls.ts). */
  readonly sceneCalls?: readonly SceneCallEntry[];
}

export function flResultView(outcome: AttackOutcome, before: FreelancersActor): FlResultView {
  return {
    defense: outcome.defense,
    hit: outcome.hit,
    damage: outcome.damage ?? null,
    health: {
      before: before.health.value,
      after: outcome.defender.health.value,
      max: before.health.max,
    },
    updates: outcome.updates.filter((u) => u.actorId === before.id && u.itemId === undefined),
  };
}

function checkView(roll: CheckRoll) {
  return {
    faces: roll.faces.join(", "),
    natural: roll.natural,
    roll: roll.roll,
    modified: roll.roll !== roll.natural,
    target: roll.target,
    passed: roll.passed,
    fumble: roll.fumbles > 0,
  };
}

/** The attacker's situational modifiers, one tag each (the GM reads what the player claimed). */
function situationalTags(s: AttackSituation, format: CardI18n["format"]): string[] {
  const a = s.attacker ?? {};
  const sum = (list: readonly { value: number }[] | undefined) =>
    (list ?? []).reduce((total, m) => total + m.value, 0);
  const die = sum(a.dieModifiers);
  const attribute = sum(a.attributeModifiers);
  const signedText = (n: number) => (n > 0 ? `+${String(n)}` : String(n));
  return [
    ...(die === 0 ? [] : [format("FRAY.Freelancers.Card.SituationalDie", { n: signedText(die) })]),
    ...(attribute === 0
      ? []
      : [format("FRAY.Freelancers.Card.SituationalAttribute", { n: signedText(attribute) })]),
    ...((a.favorable ?? 0) > 0
      ? [format("FRAY.Freelancers.Card.Favorable", { n: a.favorable ?? 0 })]
      : []),
    ...((a.unfavorable ?? 0) > 0
      ? [format("FRAY.Freelancers.Card.Unfavorable", { n: a.unfavorable ?? 0 })]
      : []),
  ];
}

/** The template context of an attack card. `i18n` is game.i18n (a stand-in in browser tests). */
export function flAttackCardContext(card: FlAttackCardState, i18n: CardI18n) {
  const { localize, format } = i18n;
  const s = card.situation;
  const r = card.result;
  const as = s.as ?? "base";
  const tags = [
    localize(`FRAY.Freelancers.WeaponKind.${card.weapon.kind}`),
    localize(`FRAY.Freelancers.AttackAs.${as}`),
    ...(s.cover !== undefined && s.cover !== "none"
      ? [localize(`FRAY.Freelancers.Cover.${s.cover}`)]
      : []),
    ...(s.targetEngaged === true ? [localize("FRAY.Freelancers.Attack.TargetEngaged")] : []),
    ...(s.defenderSees === false ? [localize("FRAY.Freelancers.Card.Unseen")] : []),
    ...(s.distance !== undefined
      ? [format("FRAY.Freelancers.Card.Distance", { m: s.distance })]
      : []),
    ...situationalTags(s, format),
  ];
  const defense =
    r === null
      ? null
      : typeof r.defense === "number"
        ? { static: true, value: r.defense }
        : { static: false, ...checkView(r.defense) };
  const both =
    r !== null && card.attack.passed && typeof r.defense !== "number" && r.defense.passed;
  let challenge: string | null = null;
  if (r !== null) {
    if (!card.attack.passed) challenge = localize("FRAY.Freelancers.Card.Challenge.attackFailed");
    else if (typeof r.defense === "number")
      challenge = format(
        r.hit
          ? "FRAY.Freelancers.Card.Challenge.underStatic"
          : "FRAY.Freelancers.Card.Challenge.notUnderStatic",
        { roll: card.attack.roll, value: r.defense },
      );
    else if (!r.defense.passed)
      challenge = localize("FRAY.Freelancers.Card.Challenge.defenseFailed");
    else
      challenge = format(
        r.hit
          ? "FRAY.Freelancers.Card.Challenge.lower"
          : "FRAY.Freelancers.Card.Challenge.notLower",
        { attack: card.attack.roll, defense: r.defense.roll },
      );
  }
  const d = r?.damage ?? null;
  return {
    stage: card.stage,
    header: cardHeader(card.attackerName, card.defenderName, card.weapon.name, tags),
    outcome:
      r === null
        ? null
        : r.hit
          ? resultLine(
              format("FRAY.Freelancers.Card.Result.hit", {
                target: card.defenderName,
                dealt: d?.dealt ?? 0,
              }),
              "good",
            )
          : resultLine(
              format("FRAY.Freelancers.Card.Result.miss", { target: card.defenderName }),
              "bad",
            ),
    next: nextStepView(flAttackNextStep(card), i18n),
    sceneCalls: card.sceneCalls ?? [],
    attack: checkView(card.attack),
    fumble:
      card.integrityLost > 0
        ? format(
            card.broken ? "FRAY.Freelancers.Card.FumbleBroken" : "FRAY.Freelancers.Card.Fumble",
            { weapon: card.weapon.name, lost: card.integrityLost },
          )
        : null,
    provoked:
      card.provokedBy.length > 0
        ? format("FRAY.Freelancers.Card.Provoked", {
            name: card.attackerName,
            foes: card.provokedBy.join(", "),
          })
        : null,
    awaitingDefense: card.stage === "defend",
    // The GM may rule the attack unseen until the defense is rolled.
    canRuleUnseen: card.stage === "defend" && s.defenderSees !== false,
    defense,
    challengeBoth: both,
    challenge,
    hit: r?.hit ?? false,
    damage:
      d === null
        ? null
        : {
            formula: card.weapon.damage,
            faces: d.faces.join(", "),
            rolled: d.rolled,
            armor: d.armor,
            dealt: d.dealt,
            penetrated: d.penetrated,
            touch: d.touchApplies && !d.penetrated,
          },
    health: r?.health ?? null,
    canApply: card.stage === "resolved",
    applied: card.stage === "applied" && r?.hit === true,
    touched:
      card.touched === undefined || card.touched.length === 0
        ? null
        : i18n.format("FRAY.Freelancers.Card.Touched", {
            target: card.defenderName,
            effects: card.touched.join(", "),
          }),
  };
}

export type FlAttackCardContext = ReturnType<typeof flAttackCardContext>;

/** The card as its message holds it (flags.fray.flAttack) and shows it. */
export const FL_ATTACK_CARD = cardView(
  chatTemplate("freelancers", "attack-card"),
  "flAttack",
  flAttackCardContext,
);

/** The card's state, from its message (null when the message is no Freelancers attack card). */
export const flCardOf = FL_ATTACK_CARD.of;
