/**
 * The Freelancers attack dialog: how the attack is taken (a Base action, a Long action that
 * ignores the melee penalties, Two-Weapon Fighting, the off-hand attack, a reaction), the
 * target's cover, whether it is engaged with someone else, and the distance in meters (measured
 * on the canvas when there is one); with the exact odds from the rules (hit chance given both
 * checks, each side's chance to pass, the fumble chance, expected damage after armor rating),
 * recomputed as inputs change.
 */
import type { FreelancersActor, FreelancersWeapon } from "../../../../rules/freelancers/model.ts";
import { freelancersAttackOdds } from "../../../../rules/freelancers/odds.ts";
import { SYSTEM_PATH } from "../../../constants.ts";
import { dialogOptions as options, promptAttackDialog } from "../../../shared/attack-dialog.ts";
import type { OddsPanel } from "../../../shared/attack-dialog.ts";
import { i18n } from "../../../shared/env.ts";
import { percent } from "../../../shared/format.ts";
import { ATTACK_AS, COVERS, situationOf } from "./workflow.ts";
import type { FlChoices } from "./workflow.ts";
import { flOptions } from "../settings.ts";

export const FL_ATTACK_DIALOG_TEMPLATE = `${SYSTEM_PATH}/templates/freelancers/dialog/attack-dialog.hbs`;

export interface FlOddsView {
  readonly hit: string;
  readonly attackPasses: string;
  readonly defensePasses: string;
  readonly fumble: string;
  readonly expectedDamage: string;
  readonly refused: string | null;
}

export function flOddsView(
  attacker: FreelancersActor,
  defender: FreelancersActor,
  weapon: FreelancersWeapon,
  choices: FlChoices,
): FlOddsView {
  const situation = situationOf(choices);
  const odds = freelancersAttackOdds({ attacker, defender, weapon, situation }, flOptions());
  if (!odds.ok) {
    const none = "—";
    return {
      hit: none,
      attackPasses: none,
      defensePasses: none,
      fumble: none,
      expectedDamage: none,
      refused: odds.reason,
    };
  }
  return {
    hit: percent(odds.value.hit),
    attackPasses: percent(odds.value.attackPasses),
    defensePasses: percent(odds.value.defensePasses),
    fumble: percent(odds.value.fumble),
    expectedDamage: (Math.round(odds.value.expectedDamage * 10) / 10).toFixed(1),
    refused: null,
  };
}

function pick<T extends string>(list: readonly T[], value: unknown, fallback: T): T {
  return list.includes(value as T) ? (value as T) : fallback;
}

/** Reads the dialog's form into the player's choices (unknown values fall back). */
export function flChoicesFromForm(values: Record<string, unknown>): FlChoices {
  const meters = Number(values["distance"]);
  return {
    cover: pick(COVERS, values["cover"], "none"),
    as: pick(ATTACK_AS, values["as"], "base"),
    targetEngaged: values["targetEngaged"] === true,
    defenderSees: values["defenderSees"] !== false,
    distance: Number.isFinite(meters) && meters >= 0 ? meters : 0,
  };
}

/** The dialog template's context. */
export function flAttackDialogContext(
  attacker: FreelancersActor,
  defender: FreelancersActor,
  weapon: FreelancersWeapon,
  choices: FlChoices,
) {
  return {
    attackerName: attacker.name,
    defenderName: defender.name,
    weaponName: weapon.name,
    covers: options(COVERS, choices.cover, (id) => `FRAY.Freelancers.Cover.${id}`),
    attackAs: options(ATTACK_AS, choices.as, (id) => `FRAY.Freelancers.AttackAs.${id}`),
    distance: choices.distance,
    targetEngaged: choices.targetEngaged,
    defenderSees: choices.defenderSees,
    odds: flOddsView(attacker, defender, weapon, choices),
  };
}

function oddsPanel(odds: FlOddsView): OddsPanel {
  const { refused, ...texts } = odds;
  return {
    texts,
    refusedText:
      refused === null
        ? null
        : (game.i18n?.localize(`FRAY.Freelancers.Refusal.${refused}`) ?? refused),
  };
}

/** Opens the dialog; resolves to the chosen situation, or null when closed without attacking. */
export async function promptFlAttack(
  attacker: FreelancersActor,
  defender: FreelancersActor,
  weapon: FreelancersWeapon,
  distance: number,
): Promise<FlChoices | null> {
  const initial: FlChoices = {
    cover: "none",
    as: "base",
    targetEngaged: false,
    defenderSees: true,
    distance,
  };
  return promptAttackDialog({
    template: FL_ATTACK_DIALOG_TEMPLATE,
    context: flAttackDialogContext(attacker, defender, weapon, initial),
    title: i18n().format("FRAY.Freelancers.Attack.Title", { weapon: weapon.name }),
    classes: ["fray", "fray-fl-attack-dialog"],
    rollLabel: "FRAY.Freelancers.Attack.Roll",
    cancelLabel: "FRAY.Freelancers.Attack.Cancel",
    read: flChoicesFromForm,
    odds: (choices) => oddsPanel(flOddsView(attacker, defender, weapon, choices)),
  });
}
