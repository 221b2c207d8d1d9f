/**
 * The Freelancers attack, the client's half: the player's choices (how the attack is taken, the
 * target's cover, whether it is engaged, situational modifiers within the world's caps), the check of everything that may refuse it (a warning,
 * nothing sent), the dialog, the declaration sent to the referee, and pressing the card's
 * buttons. The referee's half (attack/referee.ts) re-reads the documents, checks again, rolls and
 * posts the card; both go through the one card protocol (cards/protocol.ts).
 *
 * Whether the defender sees the attack and how far it is are the GM's calls: the GM measures the
 * distance on the scene (a GM's own attack may give one when nothing can be measured) and may rule
 * the attack unseen on the card; from a player both are dropped when the intent is read.
 */
import { ok, refuse } from "../../../../rules/core/result.ts";
import { planAttack, spendAttack } from "../../../../rules/freelancers/attack.ts";
import type { AttackAs, AttackSituation, Cover } from "../../../../rules/freelancers/attack.ts";
import type { FreelancersActor, FreelancersWeapon } from "../../../../rules/freelancers/model.ts";
import {
  NO_SITUATIONAL,
  checkSituational,
  situationalSide,
} from "../../../../rules/freelancers/situational.ts";
import type { Situational } from "../../../../rules/freelancers/situational.ts";
import { pressCard } from "../../../cards/protocol.ts";
import { flDistance, flEngagedBy, flMeleeReach } from "../engaged.ts";
import { attackRefusal, cardDeclarer, reachableTarget } from "../../../shared/attack.ts";
import type { DeclarationCheck } from "../../../shared/attack.ts";
import type { RefereeOutcome } from "../../../shared/referee.ts";
import { reactionOpen } from "../../../movement/reaction-card.ts";
import { toFlWeapon, warnFlRefusal } from "../adapter.ts";
import { flNow, mayActNow } from "../budget.ts";
import { flOptions, flSituationalCaps } from "../settings.ts";

/** The kind of the attack's declaration and of its card. */
export const FL_ATTACK = "freelancers.attack";

export const COVERS: readonly Cover[] = ["none", "light", "heavy", "full"];
export const ATTACK_AS: readonly AttackAs[] = ["base", "long", "twoWeapons", "offhand", "reaction"];

/** The attacker's choices; `defenderSees` and `distance` are the GM's (dropped from a player's). */
export interface FlChoices {
  readonly cover: Cover;
  readonly as: AttackAs;
  readonly targetEngaged: boolean;
  readonly defenderSees?: boolean;
  /** Meters, when nothing on the scene can measure them (the GM's). */
  readonly distance?: number;
  /** The attacker's situational modifiers (the referee checks them against the world's caps). */
  readonly situational?: Situational;
  /** A reaction to a move: the GM's reaction card (its message id) that lets it be out of turn. */
  readonly reaction?: string;
}

const SITUATIONAL_KEYS = ["die", "attribute", "favorable", "unfavorable"] as const;

/** Situational numbers as sent: absent is none; anything but four numbers is a bad request. */
function parseSituational(value: unknown): Situational | null {
  if (value === undefined) return NO_SITUATIONAL;
  if (typeof value !== "object" || value === null) return null;
  const v = value as Record<string, unknown>;
  const out: Record<string, number> = {};
  for (const key of SITUATIONAL_KEYS) {
    const n = v[key] ?? 0;
    if (typeof n !== "number") return null;
    out[key] = n;
  }
  return out as unknown as Situational;
}

/** Reads the choices strictly (anything else is a bad request); the GM's calls from a GM only. */
export function parseChoices(value: unknown, fromGM = false): FlChoices | null {
  if (typeof value !== "object" || value === null) return null;
  const v = value as Record<string, unknown>;
  const cover = v["cover"] ?? "none";
  const as = v["as"] ?? "base";
  const distance = v["distance"];
  if (!COVERS.includes(cover as Cover) || !ATTACK_AS.includes(as as AttackAs)) return null;
  const given = typeof distance === "number" && Number.isFinite(distance) && distance >= 0;
  const situational = parseSituational(v["situational"]);
  if (situational === null) return null;
  const reaction = v["reaction"];
  if (reaction !== undefined && typeof reaction !== "string") return null;
  return {
    cover: cover as Cover,
    as: as as AttackAs,
    targetEngaged: v["targetEngaged"] === true,
    situational,
    ...(reaction === undefined ? {} : { reaction }),
    ...(fromGM && v["defenderSees"] === false ? { defenderSees: false } : {}),
    ...(fromGM && given ? { distance } : {}),
  };
}

/**
 * The situation: the distance measured on the scene wins; the defender sees unless ruled out; the
 * attacker's situational modifiers as its side's.
 */
export function situationOf(choices: FlChoices, measured: number | null): AttackSituation {
  return {
    cover: choices.cover,
    as: choices.as,
    targetEngaged: choices.targetEngaged,
    defenderSees: choices.defenderSees !== false,
    distance: measured ?? choices.distance ?? 0,
    attacker: situationalSide(choices.situational ?? NO_SITUATIONAL),
  };
}

export interface FlDeclaration {
  readonly attacker: FreelancersActor;
  readonly defender: FreelancersActor;
  readonly weapon: FreelancersWeapon;
  readonly situation: AttackSituation;
  readonly target: Actor.Implementation;
}

/**
 * Checks everything that may refuse an attack, in the order a player would want to hear it: on
 * the client before anything is sent, and again on the referee against the stored documents.
 */
export const checkFlDeclaration: DeclarationCheck<FlChoices, FlDeclaration> = (
  attackerActor,
  weaponItem,
  targets,
  choices,
) => {
  const reached = reachableTarget(attackerActor, weaponItem, targets);
  if (!reached.ok) return reached;
  const target = reached.value;
  // A reaction (its action) out of turn needs the GM's reaction card for it; a readied action,
  // its trigger recorded as happened (mayActNow).
  const reacting =
    choices.as === "reaction" && reactionOpen(attackerActor, target, choices.reaction);
  if (!reacting && !mayActNow(attackerActor)) {
    return refuse("notYourTurn", { name: attackerActor.name });
  }
  const caps = flSituationalCaps();
  const tooMuch = checkSituational(choices.situational ?? NO_SITUATIONAL, caps);
  if (tooMuch) {
    return refuse("situationalTooLarge", {
      modifier: String(caps.modifier),
      edge: String(caps.edge),
    });
  }
  const situation = {
    ...situationOf(choices, flDistance(attackerActor, target, flMeleeReach(weaponItem))),
    // Measured on the scene, here and again by the referee: whom a shot from here provokes.
    engagedBy: flEngagedBy(attackerActor),
  };
  const attacker = flNow(attackerActor);
  const defender = flNow(target);
  const weapon = toFlWeapon(weaponItem);
  const checked = planAttack({ attacker, defender, weapon, situation }, flOptions());
  const spent = checked.ok ? spendAttack(attacker, situation.as ?? "base") : checked;
  if (!spent.ok) return attackRefusal(spent, attackerActor, target, { weapon: weapon.name });
  return ok({ attacker, defender, weapon, situation, target });
};

/**
 * Makes an attack against the one targeted token's actor: checked here first (a refusal is a
 * warning and nothing is sent), then by the referee, which rolls and posts the card.
 */
export const declareFlAttack = cardDeclarer(FL_ATTACK, checkFlDeclaration, warnFlRefusal);

/** A Base attack on a target in the open. */
export const DEFAULT_CHOICES: FlChoices = { cover: "none", as: "base", targetEngaged: false };

export type FlStep = "defend" | "apply" | "unseen";

/** A card button pressed on any client (a refusal is a warning). */
export function requestFlStep(
  message: ChatMessage.Implementation,
  step: FlStep,
): Promise<RefereeOutcome> {
  return pressCard(message, step);
}
