/**
 * The WWN attack dialog: which attack (plain, Snap, Charge with its feet, the blow that closes a
 * Swarm), how the weapon is used, cover, a melee foe at hand, dual wielding and the harm meant;
 * with the exact odds (hit chance, Shock on a miss, expected damage) recomputed as inputs change.
 * A swarm's surviving allies are shown, not asked: the count is the referee's, from the swarm the
 * attacker joined (table/swarm.ts swarmAlliesFor), and the referee counts them again. The Charge's
 * feet, the swarm's allies and the melee foe at hand show only for the attack they belong to
 * (WWN_DIALOG_FIELDS).
 */
import { percent } from "../../../shared/format.ts";
import {
  dialogOptions as options,
  oddsBox,
  pick,
  promptAttackDialog,
} from "../../../shared/attack-dialog.ts";
import type { OddsLine, OddsPanel } from "../../../shared/attack-dialog.ts";
import { hiddenFields } from "../../../shared/dialog-fields.ts";
import type { FieldRule } from "../../../shared/dialog-fields.ts";
import { refusalText } from "../../../shared/refusal.ts";
import type { ShownRefusal } from "../../../shared/refusal.ts";
import { allowsNonLethal } from "../../../../rules/wwn/attack.ts";
import type { AttackKind, AttackSituation } from "../../../../rules/wwn/attack.ts";
import type {
  AttackMode,
  Cover,
  Harm,
  WwnCombatant,
  WwnWeapon,
} from "../../../../rules/wwn/model.ts";
import { wwnAttackOdds } from "../../../../rules/wwn/odds.ts";
import { SYSTEM_PATH } from "../../../constants.ts";
import { i18n } from "../../../shared/env.ts";

export const WWN_ATTACK_DIALOG_TEMPLATE = `${SYSTEM_PATH}/templates/wwn/dialog/attack-dialog.hbs`;

const KINDS = ["attack", "snap", "charge", "swarm"] as const;
const MODES: readonly AttackMode[] = ["melee", "thrown", "ranged"];
const COVERS: readonly Cover[] = ["none", "half", "almostFull"];
const HARMS: readonly Harm[] = ["lethal", "nonLethal", "psychic"];

/**
 * Which fields apply to which attack: the Charge's feet to a Charge, the swarm's allies to the
 * blow that closes a Swarm, a melee foe at hand to a throw or a shot (dialog-fields.ts).
 */
export const WWN_DIALOG_FIELDS: FieldRule = {
  feet: { kind: ["charge"] },
  allies: { kind: ["swarm"] },
  inMelee: { mode: ["thrown", "ranged"] },
};

const ODDS_LINES: readonly OddsLine[] = [
  { key: "hit", label: "FRAY.Wwn.Attack.OddsHit" },
  { key: "shockOnMiss", label: "FRAY.Wwn.Attack.OddsShock" },
  { key: "expectedDamage", label: "FRAY.Wwn.Attack.OddsDamage" },
];

export interface WwnOddsView {
  readonly hit: string;
  /** The Shock a miss deals; null when the weapon has none or the attack is no melee blow. */
  readonly shockOnMiss: string | null;
  readonly expectedDamage: string;
  readonly refused: ShownRefusal | null;
}

export function wwnOddsView(
  attacker: WwnCombatant,
  defender: WwnCombatant,
  weapon: WwnWeapon,
  situation: AttackSituation,
): WwnOddsView {
  const odds = wwnAttackOdds({ attacker, defender, weapon, situation });
  const shock = weapon.shock !== undefined && (situation.mode ?? weapon.mode) === "melee";
  if (!odds.ok) {
    return { hit: "—", shockOnMiss: shock ? "—" : null, expectedDamage: "—", refused: odds };
  }
  return {
    hit: percent(odds.value.hit),
    shockOnMiss: shock ? String(odds.value.shockOnMiss) : null,
    expectedDamage: (Math.round(odds.value.expectedDamage * 10) / 10).toFixed(1),
    refused: null,
  };
}

function whole(value: unknown, fallback: number): number {
  const n = typeof value === "number" ? value : Number(value);
  return Number.isFinite(n) ? Math.trunc(n) : fallback;
}

function checked(value: unknown): boolean {
  return value === true || value === "on";
}

/** Reads the dialog's form values into an attack situation (unknown values fall back). */
export function wwnSituationFromForm(
  values: Record<string, unknown>,
  weapon: WwnWeapon,
  swarmAllies = 0,
): AttackSituation {
  const kindId = pick(KINDS, values["kind"], "attack");
  let kind: AttackKind;
  if (kindId === "charge") kind = { kind: "charge", feet: whole(values["feet"], 20) };
  else if (kindId === "swarm") kind = { kind: "swarm", allies: swarmAllies };
  else kind = { kind: kindId };
  // A melee foe at hand is asked of a throw or a shot only: for a melee blow the field is hidden
  // and left out, and the referee reads the scene.
  const inMelee = values["inMelee"] === undefined ? {} : { inMelee: checked(values["inMelee"]) };
  return {
    kind,
    mode: pick(MODES, values["mode"], weapon.mode),
    cover: pick(COVERS, values["cover"], "none"),
    ...inMelee,
    dualWielding: checked(values["dualWielding"]),
    harm: pick(HARMS, values["harm"], "lethal"),
  };
}

/** What the scene fills in (scene.ts wwnScenePrefill): allies next to the target, sentences. */
export interface WwnScenePrefill {
  readonly allies: number;
  readonly notes: readonly string[];
}

/** The dialog template's context. */
export function wwnAttackDialogContext(
  attacker: WwnCombatant,
  defender: WwnCombatant,
  weapon: WwnWeapon,
  situation: AttackSituation,
  scene: WwnScenePrefill | null = null,
  swarmAllies: number | null = null,
) {
  const modes = MODES.filter(
    (m) =>
      m === weapon.mode ||
      (m === "thrown" && weapon.throwable === true) ||
      (m === "melee" && weapon.mode === "thrown"),
  );
  const kind = situation.kind?.kind === "free" ? "attack" : (situation.kind?.kind ?? "attack");
  const mode = situation.mode ?? weapon.mode;
  const odds = wwnOddsView(attacker, defender, weapon, situation);
  return {
    attackerName: attacker.name,
    defenderName: defender.name,
    weaponName: weapon.name,
    defenderAc: defender.ac,
    defenderAcText: i18n().format("FRAY.Wwn.Attack.DefenderAc", { ac: String(defender.ac) }),
    kinds: options(KINDS, kind, (id) => `FRAY.Wwn.Kind.${id}`),
    modes: options(modes, mode, (id) => `FRAY.Wwn.Mode.${id}`),
    hide: hiddenFields(WWN_DIALOG_FIELDS, { kind, mode }),
    covers: options(COVERS, situation.cover ?? "none", (id) => `FRAY.Wwn.Cover.${id}`),
    harms: options(
      HARMS.filter((h) => h !== "nonLethal" || allowsNonLethal(weapon)),
      situation.harm ?? "lethal",
      (id) => `FRAY.Wwn.Harm.${id}`,
    ),
    feet: situation.kind?.kind === "charge" && situation.kind.feet > 0 ? situation.kind.feet : 20,
    swarmJoined: swarmAllies !== null,
    swarmAllies: swarmAllies ?? 0,
    inMelee: situation.inMelee === true,
    sceneNotes: scene?.notes ?? [],
    odds,
    oddsBox: oddsBox(oddsPanel(odds), ODDS_LINES),
  };
}

/** The odds panel's texts for a WWN situation. */
function oddsPanel(odds: WwnOddsView): OddsPanel {
  return {
    texts: { hit: odds.hit, shockOnMiss: odds.shockOnMiss, expectedDamage: odds.expectedDamage },
    refusedText:
      odds.refused === null
        ? null
        : refusalText((reason) => `FRAY.Wwn.Refusal.${reason}`, odds.refused),
  };
}

/** Opens the dialog; resolves to the chosen situation, or null when closed without attacking. */
export async function promptWwnAttack(
  attacker: WwnCombatant,
  defender: WwnCombatant,
  weapon: WwnWeapon,
  initial: AttackSituation = {},
  scene: WwnScenePrefill | null = null,
  swarmAllies: number | null = null,
): Promise<AttackSituation | null> {
  return promptAttackDialog({
    template: WWN_ATTACK_DIALOG_TEMPLATE,
    context: wwnAttackDialogContext(attacker, defender, weapon, initial, scene, swarmAllies),
    title: i18n().format("FRAY.Wwn.Attack.Title", { weapon: weapon.name }),
    classes: ["fray", "fray-wwn-attack-dialog"],
    rollLabel: "FRAY.Wwn.Attack.Roll",
    cancelLabel: "FRAY.Wwn.Attack.Cancel",
    read: (values) => wwnSituationFromForm(values, weapon, swarmAllies ?? 0),
    odds: (situation) => oddsPanel(wwnOddsView(attacker, defender, weapon, situation)),
    fields: WWN_DIALOG_FIELDS,
  });
}
