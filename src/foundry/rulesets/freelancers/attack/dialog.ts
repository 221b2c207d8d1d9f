/**
 * The Freelancers attack dialog: how the attack is taken (a Base action, a Long action that
 * ignores the melee penalties, Two-Weapon Fighting, the off-hand attack, a reaction), the
 * target's cover, whether it is engaged with someone else, and situational modifiers (to the die,
 * to the attribute, favorable and unfavorable sources, within the world's caps); the distance measured on the scene
 * (a GM, and only a GM, may give one when nothing can be measured, and may rule the attack unseen
 * by the defender: the GM's calls); with the exact odds from the rules (hit chance given both
 * checks, each side's chance to pass, the fumble chance, expected damage after armor rating),
 * recomputed as inputs change. Whether the target is engaged with someone else is asked only of
 * an attack its penalty applies to (FL_DIALOG_FIELDS): a Long action ignores it.
 */
import type { FreelancersActor, FreelancersWeapon } from "../../../../rules/freelancers/model.ts";
import { freelancersAttackOdds } from "../../../../rules/freelancers/odds.ts";
import { NO_SITUATIONAL, checkSituational } from "../../../../rules/freelancers/situational.ts";
import type { AttackAs } from "../../../../rules/freelancers/attack.ts";
import { SYSTEM_PATH } from "../../../constants.ts";
import {
  dialogOptions as options,
  oddsBox,
  pick,
  promptAttackDialog,
} from "../../../shared/attack-dialog.ts";
import type { OddsLine, OddsPanel } from "../../../shared/attack-dialog.ts";
import { hiddenFields } from "../../../shared/dialog-fields.ts";
import type { FieldRule } from "../../../shared/dialog-fields.ts";
import { i18n } from "../../../shared/env.ts";
import { percent } from "../../../shared/format.ts";
import { flDistance, flMeleeReach } from "../engaged.ts";
import { attackFromSheet } from "../../../shared/attack.ts";
import { toFlWeapon } from "../adapter.ts";
import { flNow } from "../budget.ts";
import { ATTACK_AS, COVERS, DEFAULT_CHOICES, declareFlAttack, situationOf } from "./declare.ts";
import type { FlChoices } from "./declare.ts";
import { flAreaAttack, flAreaOf } from "../area.ts";
import { flScene, flScenePrefill } from "../scene.ts";
import { flOptions, flSituationalCaps } from "../settings.ts";

export const FL_ATTACK_DIALOG_TEMPLATE = `${SYSTEM_PATH}/templates/freelancers/dialog/attack-dialog.hbs`;

/**
 * Which fields apply to which attack: the target engaged with someone else to the attacks its
 * penalty applies to (a Base action or a reaction; the Long ones ignore it: rules/freelancers
 * attack.ts isLongAttack), so a tick left from another choice never reaches the referee.
 */
export const FL_DIALOG_FIELDS: FieldRule = { targetEngaged: { as: ["base", "reaction"] } };

const ODDS_LINES: readonly OddsLine[] = [
  { key: "hit", label: "FRAY.Freelancers.Attack.OddsHit" },
  { key: "attackPasses", label: "FRAY.Freelancers.Attack.OddsAttack" },
  { key: "defensePasses", label: "FRAY.Freelancers.Attack.OddsDefense" },
  { key: "fumble", label: "FRAY.Freelancers.Attack.OddsFumble" },
  { key: "expectedDamage", label: "FRAY.Freelancers.Attack.OddsDamage" },
];

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
  measured: number | null = null,
): FlOddsView {
  const situation = situationOf(choices, measured);
  const tooMuch = checkSituational(choices.situational ?? NO_SITUATIONAL, flSituationalCaps());
  const odds =
    tooMuch ?? freelancersAttackOdds({ attacker, defender, weapon, situation }, flOptions());
  if (!odds.ok) {
    const none = "—";
    return {
      hit: none,
      attackPasses: none,
      defensePasses: none,
      fumble: none,
      expectedDamage: none,
      refused: tooMuch === undefined ? odds.reason : "situationalTooLarge",
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

/** A number field of the form: blank is 0; anything else as typed (the rules check it). */
function numberField(value: unknown): number {
  return value === undefined || value === "" ? 0 : Number(value);
}

/** Reads the dialog's form into the choices (unknown values fall back; the GM's calls a GM's). */
export function flChoicesFromForm(values: Record<string, unknown>, gm = false): FlChoices {
  const meters = Number(values["distance"]);
  return {
    cover: pick(COVERS, values["cover"], "none"),
    as: pick(ATTACK_AS, values["as"], "base"),
    targetEngaged: values["targetEngaged"] === true,
    situational: {
      die: numberField(values["situationalDie"]),
      attribute: numberField(values["situationalAttribute"]),
      favorable: numberField(values["favorable"]),
      unfavorable: numberField(values["unfavorable"]),
    },
    ...(gm ? { defenderSees: values["defenderSees"] !== false } : {}),
    ...(gm && Number.isFinite(meters) && meters >= 0 ? { distance: meters } : {}),
  };
}

/** The dialog template's context. */
export function flAttackDialogContext(
  attacker: FreelancersActor,
  defender: FreelancersActor,
  weapon: FreelancersWeapon,
  choices: FlChoices,
  measured: number | null = null,
  gm = false,
  sceneNotes: readonly string[] = [],
) {
  const odds = flOddsView(attacker, defender, weapon, choices, measured);
  return {
    sceneNotes,
    attackerName: attacker.name,
    defenderName: defender.name,
    weaponName: weapon.name,
    covers: options(COVERS, choices.cover, (id) => `FRAY.Freelancers.Cover.${id}`),
    attackAs: options(ATTACK_AS, choices.as, (id) => `FRAY.Freelancers.AttackAs.${id}`),
    gm,
    // Measured on the scene; a GM types one when nothing can be measured.
    measured: measured === null ? null : measured.toFixed(1),
    distance: measured ?? choices.distance ?? 0,
    targetEngaged: choices.targetEngaged,
    defenderSees: choices.defenderSees !== false,
    situational: choices.situational ?? NO_SITUATIONAL,
    caps: flSituationalCaps(),
    hints: {
      die: i18n().localize("FRAY.Freelancers.Attack.SituationalDieHint"),
      attribute: i18n().localize("FRAY.Freelancers.Attack.SituationalAttributeHint"),
    },
    hide: hiddenFields(FL_DIALOG_FIELDS, { as: choices.as }),
    odds,
    oddsBox: oddsBox(oddsPanel(odds), ODDS_LINES),
  };
}

/** The caps, for the refusal that names them. */
function capsText(): Record<string, string> {
  const caps = flSituationalCaps();
  return { modifier: String(caps.modifier), edge: String(caps.edge) };
}

function oddsPanel(odds: FlOddsView): OddsPanel {
  const { refused, ...texts } = odds;
  return {
    texts,
    refusedText:
      refused === null
        ? null
        : (game.i18n?.format(`FRAY.Freelancers.Refusal.${refused}`, capsText()) ?? refused),
  };
}

/** What a reaction card sets the dialog to: how the attack is taken, its card, a sentence. */
export interface FlPreset {
  readonly as?: AttackAs;
  readonly reaction?: string;
  readonly notes?: readonly string[];
}

/** Opens the dialog; resolves to the chosen situation, or null when closed without attacking. */
export async function promptFlAttack(
  attacker: FreelancersActor,
  defender: FreelancersActor,
  weapon: FreelancersWeapon,
  measured: number | null,
  scene: ReturnType<typeof flScenePrefill> | null = null,
  preset: FlPreset = {},
): Promise<FlChoices | null> {
  const gm = game.user?.isGM === true;
  const initial: FlChoices = {
    ...DEFAULT_CHOICES,
    ...scene?.choices,
    ...(preset.as === undefined ? {} : { as: preset.as }),
  };
  const notes = [...(preset.notes ?? []), ...(scene?.notes ?? [])];
  const picked = await promptAttackDialog({
    template: FL_ATTACK_DIALOG_TEMPLATE,
    context: flAttackDialogContext(attacker, defender, weapon, initial, measured, gm, notes),
    title: i18n().format("FRAY.Freelancers.Attack.Title", { weapon: weapon.name }),
    classes: ["fray", "fray-fl-attack-dialog"],
    rollLabel: "FRAY.Freelancers.Attack.Roll",
    cancelLabel: "FRAY.Freelancers.Attack.Cancel",
    read: (values) => flChoicesFromForm(values, gm),
    odds: (choices) => oddsPanel(flOddsView(attacker, defender, weapon, choices, measured)),
    fields: FL_DIALOG_FIELDS,
  });
  return picked === null || preset.reaction === undefined
    ? picked
    : { ...picked, reaction: preset.reaction };
}

/**
 * Attack with a weapon at the one targeted token: opens the dialog (with the odds; cover, the
 * target engaged and whether the defender sees pre-filled from the scene with the sentences saying
 * why, as the referee will measure them: scene.ts), then asks the referee. `choices` skips the
 * dialog (macros, tests).
 */
export function flAttack(
  actor: Actor.Implementation,
  weapon: Item.Implementation,
  choices?: FlChoices,
  preset: FlPreset = {},
): Promise<ChatMessage.Implementation | null> {
  // A weapon with a shape hits everyone in its area, placed on the map (area.ts).
  if (flAreaOf(weapon) !== null) return flAreaAttack(actor, weapon);
  return attackFromSheet(
    choices,
    DEFAULT_CHOICES,
    (target) => {
      const measured = flScene(actor, target);
      return promptFlAttack(
        flNow(actor),
        flNow(target),
        toFlWeapon(weapon),
        flDistance(actor, target, flMeleeReach(weapon)),
        measured === null ? null : flScenePrefill(measured),
        preset,
      );
    },
    (targets, chosen) => declareFlAttack(actor, weapon, targets, chosen),
  );
}
