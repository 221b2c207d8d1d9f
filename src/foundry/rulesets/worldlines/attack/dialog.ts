/**
 * The attack dialog: zone, cover, range band (pre-filled from the tokens' distance; a shot's
 * only), visibility, flanked and non-lethal, with the engine's exact odds shown both ways the
 * target may answer (it evades, it takes the hit) and recomputed as inputs change.
 */
import { percent } from "../../../shared/format.ts";
import { dialogOptions, oddsBox, pick, promptAttackDialog } from "../../../shared/attack-dialog.ts";
import type { OddsLine, OddsPanel } from "../../../shared/attack-dialog.ts";
import { hiddenFields } from "../../../shared/dialog-fields.ts";
import type { FieldRule } from "../../../shared/dialog-fields.ts";
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
  if (!shaped.ok) return refusedView(shaped);
  return oddsView(attacker, defender, shaped.weapon, shaped.situation);
}

export const ATTACK_DIALOG_TEMPLATE = `${SYSTEM_PATH}/templates/worldlines/dialog/attack-dialog.hbs`;

const COVERS: readonly Cover[] = ["none", "half", "full"];

/**
 * Which fields apply to which attack: the range band to a shot or a throw only (the weapon's kind
 * is the dialog's fact; dialog-fields.ts).
 */
export const WL_DIALOG_FIELDS: FieldRule = { range: { weapon: ["ranged", "thrown"] } };

/**
 * The chances shown in the dialog, both ways the target may answer: it spends Energy to evade,
 * or it takes the attack. "Hit" and "expected damage" (after the target's armor) each way; the
 * critical chance is the attacker's roll alone; the headshot d20 only for a shot at the head.
 */
export interface OddsView {
  /** The chance to hit if the target evades. */
  readonly hit: string;
  /** The chance to hit if the target takes it (no evasion). */
  readonly hitTaken: string;
  readonly critical: string;
  /** Expected damage after armor if the target evades. */
  readonly expectedDamage: string;
  /** Expected damage after armor if the target takes it. */
  readonly expectedDamageTaken: string;
  readonly headshot: string | null;
  /** The refusal when the attack is not allowed as set up. */
  readonly refused: ShownRefusal | null;
}

function refusedView(refused: ShownRefusal): OddsView {
  const none = "—";
  return {
    hit: none,
    hitTaken: none,
    critical: none,
    expectedDamage: none,
    expectedDamageTaken: none,
    headshot: null,
    refused,
  };
}

const damageText = (expected: number) => (Math.round(expected * 10) / 10).toFixed(1);

/** The odds shown in the dialog: the exact odds if the target evades and if it takes the hit. */
export function oddsView(
  attacker: WorldlinesCombatant,
  defender: WorldlinesCombatant,
  weapon: WorldlinesWeapon,
  situation: AttackSituation,
): OddsView {
  const input = { attacker, defender, weapon, situation };
  const evaded = attackOdds(input, { evade: true });
  if (!evaded.ok) return refusedView(evaded);
  const taken = attackOdds(input, { evade: false });
  if (!taken.ok) return refusedView(taken);
  const v = evaded.value;
  const headshot = v.headshotKill + v.headshotTriple;
  return {
    hit: percent(v.hit),
    hitTaken: percent(taken.value.hit),
    critical: percent(v.critical),
    expectedDamage: damageText(v.expectedDamage),
    expectedDamageTaken: damageText(taken.value.expectedDamage),
    headshot:
      (situation.zone ?? "torso") === "head" && weapon.kind !== "melee" ? percent(headshot) : null,
    refused: null,
  };
}

/** The odds box's lines, in the order a player reads them. */
const ODDS_LINES: readonly OddsLine[] = [
  { key: "hit", label: "FRAY.Worldlines.Attack.HitIfEvades" },
  { key: "hitTaken", label: "FRAY.Worldlines.Attack.HitIfTaken" },
  { key: "critical", label: "FRAY.Worldlines.Attack.CritChance" },
  { key: "expectedDamage", label: "FRAY.Worldlines.Attack.DamageIfEvades" },
  { key: "expectedDamageTaken", label: "FRAY.Worldlines.Attack.DamageIfTaken" },
  { key: "headshot", label: "FRAY.Worldlines.Attack.HeadshotChance" },
];

/** Reads the dialog's form values into an attack situation (unknown values fall back). */
export function situationFromForm(values: Record<string, unknown>): TableSituation {
  const technique = typeof values["technique"] === "string" ? values["technique"] : "";
  const zone = pick(ZONES, values["zone"], "torso");
  const cover = pick(COVERS, values["cover"], "none");
  // A melee attack has no range band (its row is hidden, so the form leaves it out).
  const range =
    values["range"] === undefined ? {} : { range: pick(RANGE_BANDS, values["range"], "short") };
  return {
    zone,
    cover,
    ...range,
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
  const odds = tableOddsView(attacker, defender, weapon, situation, shape);
  return {
    sceneNotes,
    attackerName: attacker.name,
    defenderName: defender.name,
    weaponName: weapon.name,
    formula: weapon.damage,
    distance: distance === null ? null : Math.round(distance),
    distanceHint:
      distance === null
        ? null
        : i18n().format("FRAY.Worldlines.Attack.Distance", { feet: String(Math.round(distance)) }),
    hide: hiddenFields(WL_DIALOG_FIELDS, { weapon: weapon.kind }),
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
    odds,
    oddsBox: oddsBox(oddsPanel(odds), ODDS_LINES, "FRAY.Worldlines.Attack.OddsNote"),
  };
}

export type AttackDialogContext = ReturnType<typeof attackDialogContext>;

/** The odds panel's texts for a Worldlines situation. */
function oddsPanel(odds: OddsView): OddsPanel {
  return {
    texts: {
      hit: odds.hit,
      hitTaken: odds.hitTaken,
      critical: odds.critical,
      expectedDamage: odds.expectedDamage,
      expectedDamageTaken: odds.expectedDamageTaken,
      headshot: odds.headshot,
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
    fields: WL_DIALOG_FIELDS,
    facts: { weapon: weapon.kind },
  });
}
