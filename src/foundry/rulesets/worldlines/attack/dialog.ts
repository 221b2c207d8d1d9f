/**
 * The attack dialog: zone, cover, range band (pre-filled from the tokens' distance), visibility,
 * flanked and non-lethal, with the engine's exact odds shown and recomputed as inputs change.
 */
import { percent } from "../../../shared/format.ts";
import { dialogOptions, pick, promptAttackDialog } from "../../../shared/attack-dialog.ts";
import type { OddsPanel } from "../../../shared/attack-dialog.ts";
import { refusalText } from "../../../shared/refusal.ts";
import type { ShownRefusal } from "../../../shared/refusal.ts";
import { ZONES, allowsNonLethal, attackOdds } from "../../../../rules/worldlines/index.ts";
import type {
  AttackSituation,
  Cover,
  WorldlinesCombatant,
  WorldlinesWeapon,
} from "../../../../rules/worldlines/index.ts";
import { SYSTEM_PATH } from "../../../constants.ts";
import { RANGE_BANDS } from "../data.ts";
import { i18n } from "../../../shared/env.ts";
import type { Refusal } from "../../../../rules/core/result.ts";

/** The attack choices at the table: the rules' situation and a technique announced with it. */
export type TableSituation = AttackSituation & {
  readonly technique?: string;
  /** An Opportunity Attack: the reaction card (its message id) that allows it out of turn. */
  readonly reaction?: string;
};

/**
 * Shapes the weapon and situation for the technique chosen in the dialog, exactly as the referee
 * will (declare.ts shapeByTechnique), or refuses.
 */
export type ShapeAttack = (
  weapon: WorldlinesWeapon,
  situation: TableSituation,
) => { ok: true; weapon: WorldlinesWeapon; situation: AttackSituation } | Refusal;

/**
 * The dialog's odds for its situation: the chosen technique shapes the weapon first (its widened
 * critical and headshot ranges, its Energy), so the odds shown are the ones the attack will have.
 * Without a shaper the technique is ignored.
 */
export function tableOddsView(
  attacker: WorldlinesCombatant,
  defender: WorldlinesCombatant,
  weapon: WorldlinesWeapon,
  situation: TableSituation,
  shape: ShapeAttack | null = null,
): OddsView {
  if (shape === null) {
    const { technique: _ignored, reaction: _reaction, ...rest } = situation;
    return oddsView(attacker, defender, weapon, rest);
  }
  const shaped = shape(weapon, situation);
  if (!shaped.ok) {
    return { hit: "—", critical: "—", expectedDamage: "—", headshot: null, refused: shaped };
  }
  return oddsView(attacker, defender, shaped.weapon, shaped.situation);
}

export const ATTACK_DIALOG_TEMPLATE = `${SYSTEM_PATH}/templates/worldlines/dialog/attack-dialog.hbs`;

const COVERS: readonly Cover[] = ["none", "half", "full"];

export interface OddsView {
  readonly hit: string;
  readonly critical: string;
  readonly expectedDamage: string;
  readonly headshot: string | null;
  /** The refusal when the attack is not allowed as set up. */
  readonly refused: ShownRefusal | null;
}

/**
 * The odds shown in the dialog, assuming the defender evades whenever it can (the cautious
 * reading for the attacker): hit and critical chances, expected damage after the target's armor.
 */
export function oddsView(
  attacker: WorldlinesCombatant,
  defender: WorldlinesCombatant,
  weapon: WorldlinesWeapon,
  situation: AttackSituation,
): OddsView {
  const odds = attackOdds({ attacker, defender, weapon, situation }, { evade: true });
  if (!odds.ok) {
    return { hit: "—", critical: "—", expectedDamage: "—", headshot: null, refused: odds };
  }
  const v = odds.value;
  const headshot = v.headshotKill + v.headshotTriple;
  return {
    hit: percent(v.hit),
    critical: percent(v.critical),
    expectedDamage: (Math.round(v.expectedDamage * 10) / 10).toFixed(1),
    headshot:
      (situation.zone ?? "torso") === "head" && weapon.kind !== "melee" ? percent(headshot) : null,
    refused: null,
  };
}

/** Reads the dialog's form values into an attack situation (unknown values fall back). */
export function situationFromForm(values: Record<string, unknown>): TableSituation {
  const technique = typeof values["technique"] === "string" ? values["technique"] : "";
  const zone = pick(ZONES, values["zone"], "torso");
  const cover = pick(COVERS, values["cover"], "none");
  const range = pick(RANGE_BANDS, values["range"], "short");
  return {
    zone,
    cover,
    range,
    poorVisibility: values["poorVisibility"] === true || values["poorVisibility"] === "on",
    flanked: values["flanked"] === true || values["flanked"] === "on",
    nonLethal: values["nonLethal"] === true || values["nonLethal"] === "on",
    ...(technique === "" ? {} : { technique }),
  };
}

/** An attack technique the attacker may announce with the attack (an item id and its name). */
export interface TechniqueChoice {
  readonly id: string;
  readonly name: string;
}

/** What the dialog opens on: who attacks whom with what, from which situation and distance. */
export interface AttackDialogSetup {
  readonly attacker: WorldlinesCombatant;
  readonly defender: WorldlinesCombatant;
  readonly weapon: WorldlinesWeapon;
  readonly situation: TableSituation;
  /** Feet between the two tokens, or null when the scene cannot measure it. */
  readonly distance: number | null;
  /** The attack techniques the attacker may announce. */
  readonly techniques?: readonly TechniqueChoice[];
  /** How a chosen technique shapes the odds (the referee's own shaping); null: ignored. */
  readonly shape?: ShapeAttack | null;
  /** What the scene decided and why, one sentence each (scene.ts scenePrefill). */
  readonly sceneNotes?: readonly string[];
}

/** The dialog template's context. */
export function attackDialogContext(setup: AttackDialogSetup) {
  const { attacker, defender, weapon, situation, distance } = setup;
  const { techniques = [], shape = null, sceneNotes = [] } = setup;
  return {
    sceneNotes,
    attackerName: attacker.name,
    defenderName: defender.name,
    weaponName: weapon.name,
    formula: weapon.damage,
    ranged: weapon.kind !== "melee",
    distance: distance === null ? null : Math.round(distance),
    zones: dialogOptions(
      ZONES,
      situation.zone ?? "torso",
      (id) => `FRAY.Worldlines.Attack.Zone.${id}`,
    ),
    covers: dialogOptions(
      COVERS,
      situation.cover ?? "none",
      (id) => `FRAY.Worldlines.Attack.Cover.${id}`,
    ),
    ranges: dialogOptions(
      RANGE_BANDS,
      situation.range ?? "short",
      (id) => `FRAY.Worldlines.Attack.Range.${id}`,
    ),
    poorVisibility: situation.poorVisibility === true,
    flanked: situation.flanked === true,
    nonLethal: situation.nonLethal === true,
    nonLethalAllowed: allowsNonLethal(weapon),
    techniques: techniques.map((t) => ({
      id: t.id,
      label: t.name,
      selected: t.id === situation.technique,
    })),
    odds: tableOddsView(attacker, defender, weapon, situation, shape),
  };
}

export type AttackDialogContext = ReturnType<typeof attackDialogContext>;

/** The odds panel's texts for a Worldlines situation. */
function oddsPanel(odds: OddsView): OddsPanel {
  return {
    texts: {
      hit: odds.hit,
      critical: odds.critical,
      expectedDamage: odds.expectedDamage,
      headshot: odds.headshot ?? "—",
    },
    refusedText:
      odds.refused === null
        ? null
        : refusalText((reason) => `FRAY.Worldlines.Attack.Refusal.${reason}`, odds.refused),
  };
}

/**
 * Opens the dialog; resolves to the chosen situation, or null when closed without attacking.
 */
export async function promptAttack(setup: AttackDialogSetup): Promise<TableSituation | null> {
  const { attacker, defender, weapon, shape = null } = setup;
  return promptAttackDialog({
    template: ATTACK_DIALOG_TEMPLATE,
    context: attackDialogContext(setup),
    title: i18n().format("FRAY.Worldlines.Attack.Title", { weapon: weapon.name }),
    classes: ["fray", "fray-wl-attack-dialog"],
    rollLabel: "FRAY.Worldlines.Attack.Roll",
    cancelLabel: "FRAY.Worldlines.Attack.Cancel",
    read: situationFromForm,
    odds: (situation) => oddsPanel(tableOddsView(attacker, defender, weapon, situation, shape)),
  });
}
