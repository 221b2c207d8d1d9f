/**
 * The dice-pool attack dialog and the choice it makes: intent, cover, Blitz, an opportunity
 * attack's trigger and (for a distance the canvas cannot measure) the distance in spaces, with
 * exact odds from the engine against the defender's best choice of defense: the chance to hit,
 * the expected damage (or grapple points, initiative), and which defense that is. The choice is
 * what a declaration carries (`parseChoice` reads it back on the referee). The weapon to disarm
 * shows for a disarm only, Blitz for a close weapon only, and a ranged weapon is offered no
 * close-only intent (DICEPOOL_DIALOG_FIELDS).
 */
import type { AttackInput, AttackIntent, DefenseKind } from "../../../../rules/dicepool/attack.ts";
import { checkAttackInput } from "../../../../rules/dicepool/attack.ts";
import { attackOdds } from "../../../../rules/dicepool/odds.ts";
import type { AttackOdds } from "../../../../rules/dicepool/odds.ts";
import type { CoverKind, DicepoolOptions } from "../../../../rules/dicepool/options.ts";
import { SYSTEM_PATH } from "../../../constants.ts";
import { dialogOptions, oddsBox, pick, promptAttackDialog } from "../../../shared/attack-dialog.ts";
import type { OddsLine, OddsPanel } from "../../../shared/attack-dialog.ts";
import { hiddenFields } from "../../../shared/dialog-fields.ts";
import type { FieldRule } from "../../../shared/dialog-fields.ts";
import { i18n } from "../../../shared/env.ts";
import { percent } from "../../../shared/format.ts";
import { checkNumber } from "../../../../rules/core/guard.ts";
import { COVERS, DEFENSES } from "../cards/attack-card.ts";

export const INTENTS: readonly AttackIntent[] = [
  "damage",
  "nonLethal",
  "disarm",
  "grapple",
  "breakGrapple",
  "initiative",
  "finishingMove",
];
/** The intents a close weapon alone may make (rules/dicepool/attack.ts refuses them at range). */
const CLOSE_ONLY: readonly AttackIntent[] = ["disarm", "grapple"];

/**
 * Which fields apply to which attack: the weapon to disarm to a disarm, a Blitz Attack to a close
 * weapon (the weapon's kind is the dialog's fact; dialog-fields.ts).
 */
export const DICEPOOL_DIALOG_FIELDS: FieldRule = {
  disarmWeaponId: { intent: ["disarm"] },
  blitz: { weapon: ["close"] },
};

const ODDS_LINES: readonly OddsLine[] = [
  { key: "defense", label: "FRAY.Dicepool.Attack.BestDefense" },
  { key: "pools", label: "FRAY.Dicepool.Attack.PoolsLabel" },
  { key: "hit", label: "FRAY.Dicepool.Attack.HitChance" },
  { key: "effect", label: "FRAY.Dicepool.Attack.Expected" },
];

/** What sets off an opportunity attack ("none": an ordinary attack on one's own turn). */
export const OPPORTUNITY_TRIGGERS = ["none", "leaveSpace", "rangedAttack"] as const;
export type OpportunityTrigger = (typeof OPPORTUNITY_TRIGGERS)[number];

/**
 * What the attacker chooses in the dialog: ids and choices. The distance is the player's word
 * only until the GM measures it or confirms it (attack/referee.ts).
 */
export interface DicepoolChoice {
  readonly intent: AttackIntent;
  readonly cover: CoverKind;
  readonly blitz: boolean;
  /** Spaces to the target when there is no canvas to measure on (0: the same space). */
  readonly distance: number;
  /** A disarm's aim: an item id of the target's, or null. */
  readonly disarmWeaponId: string | null;
  /** An opportunity attack (an Interrupt on the target's turn), and what set it off. */
  readonly opportunity: OpportunityTrigger;
  /** The reaction card (its message id) of a move that left a shared space: the GM saw it. */
  readonly reaction?: string;
}

export const DEFAULT_CHOICE: DicepoolChoice = {
  intent: "damage",
  cover: "none",
  blitz: false,
  distance: 0,
  disarmWeaponId: null,
  opportunity: "none",
};

/** The most spaces a stated or confirmed distance may be. */
export const MAX_DISTANCE = 1000;

/** Reads a choice from a request's payload; null when any part is malformed. */
export function parseChoice(raw: Record<string, unknown>): DicepoolChoice | null {
  const { intent, cover, blitz, distance, disarmWeaponId, opportunity, reaction } = raw;
  if (reaction !== undefined && typeof reaction !== "string") return null;
  if (!OPPORTUNITY_TRIGGERS.includes(opportunity as OpportunityTrigger)) return null;
  if (!INTENTS.includes(intent as AttackIntent)) return null;
  if (!COVERS.includes(cover as CoverKind)) return null;
  if (typeof blitz !== "boolean") return null;
  if (checkNumber("distance", distance, { min: 0, max: MAX_DISTANCE, whole: true }) !== undefined) {
    return null;
  }
  if (disarmWeaponId !== null && typeof disarmWeaponId !== "string") return null;
  return {
    intent: intent as AttackIntent,
    cover: cover as CoverKind,
    blitz,
    distance: distance as number,
    disarmWeaponId,
    opportunity: opportunity as OpportunityTrigger,
    ...(reaction === undefined ? {} : { reaction }),
  };
}

export const DICEPOOL_ATTACK_DIALOG_TEMPLATE = `${SYSTEM_PATH}/templates/dicepool/attack-dialog.hbs`;

/** The defense that leaves the attack the smallest chance to hit, with its odds; null: none. */
export function bestDefenseOdds(
  input: Omit<AttackInput, "defense">,
  options: DicepoolOptions,
): { defense: DefenseKind; odds: AttackOdds } | { refused: string } {
  let best: { defense: DefenseKind; odds: AttackOdds } | null = null;
  let refused = "defense-not-allowed";
  for (const defense of DEFENSES) {
    const checked = checkAttackInput({ ...input, defense });
    const odds = checked.ok ? attackOdds(checked.value, options) : checked;
    if (!odds.ok) {
      if (odds.reason !== "defense-not-allowed") refused = odds.reason;
      continue;
    }
    if (best === null || odds.value.hit < best.odds.hit) best = { defense, odds: odds.value };
  }
  return best ?? { refused };
}

/** The odds panel for a choice. */
export function dicepoolOddsPanel(
  input: Omit<AttackInput, "defense">,
  options: DicepoolOptions,
): OddsPanel {
  const best = bestDefenseOdds(input, options);
  if ("refused" in best) {
    return { texts: {}, refusedText: i18n().localize(`FRAY.Dicepool.Refusal.${best.refused}`) };
  }
  const t = i18n();
  return {
    texts: {
      defense: t.localize(`FRAY.Dicepool.Defense.${best.defense}`),
      pools: t.format("FRAY.Dicepool.Attack.Pools", {
        attack: best.odds.plan.attackPool.dice,
        defense: best.odds.plan.defensePool.dice,
      }),
      hit: percent(best.odds.hit),
      effect: (Math.round(best.odds.expectedEffect * 100) / 100).toFixed(2),
    },
    refusedText: null,
  };
}

function readChoice(values: Record<string, unknown>): DicepoolChoice {
  const intent = pick(INTENTS, values["intent"], "damage");
  const cover = pick(COVERS, values["cover"], "none");
  const distance = Math.min(MAX_DISTANCE, Math.max(0, Math.trunc(Number(values["distance"]) || 0)));
  const aim = typeof values["disarmWeaponId"] === "string" ? values["disarmWeaponId"] : "";
  const opportunity = pick(OPPORTUNITY_TRIGGERS, values["opportunity"], "none");
  return {
    opportunity,
    intent,
    cover,
    blitz: values["blitz"] === true,
    distance,
    disarmWeaponId: aim === "" ? null : aim,
  };
}

/**
 * What a reaction card sets the dialog to: the opportunity attack's trigger (selected), the card
 * the choice carries, and a sentence saying so.
 */
export interface DicepoolPreset {
  readonly opportunity?: OpportunityTrigger;
  /** A Blitz Attack (its move made on the map: movement.ts dicepoolBlitz). */
  readonly blitz?: boolean;
  readonly reaction?: string;
  readonly notes?: readonly string[];
}

/** What the scene fills in (scene.ts dicepoolScenePrefill): the cover, the spaces, sentences. */
export interface DicepoolDialogScene {
  readonly choice: Partial<DicepoolChoice>;
  readonly notes: readonly string[];
}

/** Opens the dialog; resolves to the choice, or null when closed without attacking. */
export async function promptDicepoolAttack(
  base: Omit<AttackInput, "defense" | "intent" | "situation">,
  names: { attacker: string; defender: string; weapon: string },
  defenderWeapons: readonly { id: string; name: string }[],
  options: DicepoolOptions,
  scene: DicepoolDialogScene | null = null,
  preset: DicepoolPreset = {},
): Promise<DicepoolChoice | null> {
  const initial: DicepoolChoice = {
    ...DEFAULT_CHOICE,
    ...scene?.choice,
    ...(preset.opportunity === undefined ? {} : { opportunity: preset.opportunity }),
    ...(preset.blitz === true ? { blitz: true } : {}),
  };
  const inputOf = (choice: DicepoolChoice): Omit<AttackInput, "defense"> => ({
    ...base,
    intent: choice.intent,
    ...(choice.disarmWeaponId === null ? {} : { disarmWeaponId: choice.disarmWeaponId }),
    situation: { distance: choice.distance, cover: choice.cover, blitz: choice.blitz },
  });
  const first = dicepoolOddsPanel(inputOf(initial), options);
  const reaction = preset.reaction === undefined ? {} : { reaction: preset.reaction };
  const facts = { weapon: base.weapon.kind };
  const intents = INTENTS.filter((id) => base.weapon.kind === "close" || !CLOSE_ONLY.includes(id));
  const picked = await promptAttackDialog<DicepoolChoice>({
    template: DICEPOOL_ATTACK_DIALOG_TEMPLATE,
    context: {
      attackerName: names.attacker,
      defenderName: names.defender,
      weaponName: names.weapon,
      intents: dialogOptions(intents, initial.intent, (id) => `FRAY.Dicepool.Intent.${id}`),
      covers: dialogOptions(COVERS, initial.cover, (id) => `FRAY.Dicepool.Cover.${id}`),
      distance: initial.distance,
      blitz: initial.blitz,
      sceneNotes: [...(preset.notes ?? []), ...(scene?.notes ?? [])],
      triggers: OPPORTUNITY_TRIGGERS.map((id) => ({
        id,
        label: `FRAY.Dicepool.Opportunity.${id}`,
        selected: id === initial.opportunity,
      })),
      aims: defenderWeapons,
      hide: hiddenFields(DICEPOOL_DIALOG_FIELDS, { ...facts, intent: initial.intent }),
      odds: first.texts,
      oddsBox: oddsBox(first, ODDS_LINES),
    },
    title: i18n().format("FRAY.Dicepool.Attack.Title", { name: names.attacker }),
    classes: ["fray", "fray-dp-dialog"],
    rollLabel: "FRAY.Dicepool.Attack.Roll",
    cancelLabel: "FRAY.Dicepool.Attack.Cancel",
    read: readChoice,
    odds: (choice) => dicepoolOddsPanel(inputOf(choice), options),
    fields: DICEPOOL_DIALOG_FIELDS,
    facts,
  });
  return picked === null ? null : { ...picked, ...reaction };
}
