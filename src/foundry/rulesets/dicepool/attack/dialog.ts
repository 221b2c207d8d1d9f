/**
 * The dice-pool attack dialog: intent, cover, Blitz and (without a canvas) the distance in spaces,
 * with exact odds from the engine against the defender's best choice of defense: the chance to
 * hit, the expected damage (or grapple points, initiative), and which defense that is.
 */
import type { AttackInput, AttackIntent, DefenseKind } from "../../../../rules/dicepool/attack.ts";
import { checkAttackInput } from "../../../../rules/dicepool/attack.ts";
import { attackOdds } from "../../../../rules/dicepool/odds.ts";
import type { AttackOdds } from "../../../../rules/dicepool/odds.ts";
import type { CoverKind, DicepoolOptions } from "../../../../rules/dicepool/options.ts";
import { SYSTEM_PATH } from "../../../constants.ts";
import { promptAttackDialog } from "../../../shared/attack-dialog.ts";
import type { OddsPanel } from "../../../shared/attack-dialog.ts";
import { i18n } from "../../../shared/env.ts";
import { percent } from "../../../shared/format.ts";
import { COVERS, DEFENSES, DEFAULT_CHOICE, INTENTS, OPPORTUNITY_TRIGGERS } from "./workflow.ts";
import type { DicepoolChoice, OpportunityTrigger } from "./workflow.ts";

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
  const intent = INTENTS.includes(values["intent"] as AttackIntent)
    ? (values["intent"] as AttackIntent)
    : "damage";
  const cover = COVERS.includes(values["cover"] as CoverKind)
    ? (values["cover"] as CoverKind)
    : "none";
  const distance = Math.max(0, Math.trunc(Number(values["distance"]) || 0));
  const aim = typeof values["disarmWeaponId"] === "string" ? values["disarmWeaponId"] : "";
  const opportunity = OPPORTUNITY_TRIGGERS.includes(values["opportunity"] as OpportunityTrigger)
    ? (values["opportunity"] as OpportunityTrigger)
    : "none";
  return {
    opportunity,
    intent,
    cover,
    blitz: values["blitz"] === true,
    distance,
    disarmWeaponId: aim === "" ? null : aim,
  };
}

/** Opens the dialog; resolves to the choice, or null when closed without attacking. */
export async function promptDicepoolAttack(
  base: Omit<AttackInput, "defense" | "intent" | "situation">,
  names: { attacker: string; defender: string; weapon: string },
  defenderWeapons: readonly { id: string; name: string }[],
  options: DicepoolOptions,
): Promise<DicepoolChoice | null> {
  const inputOf = (choice: DicepoolChoice): Omit<AttackInput, "defense"> => ({
    ...base,
    intent: choice.intent,
    ...(choice.disarmWeaponId === null ? {} : { disarmWeaponId: choice.disarmWeaponId }),
    situation: { distance: choice.distance, cover: choice.cover, blitz: choice.blitz },
  });
  const first = dicepoolOddsPanel(inputOf(DEFAULT_CHOICE), options);
  return promptAttackDialog<DicepoolChoice>({
    template: DICEPOOL_ATTACK_DIALOG_TEMPLATE,
    context: {
      attackerName: names.attacker,
      defenderName: names.defender,
      weaponName: names.weapon,
      intents: INTENTS.map((id) => ({ id, label: `FRAY.Dicepool.Intent.${id}` })),
      covers: COVERS.map((id) => ({ id, label: `FRAY.Dicepool.Cover.${id}` })),
      triggers: OPPORTUNITY_TRIGGERS.map((id) => ({
        id,
        label: `FRAY.Dicepool.Opportunity.${id}`,
      })),
      aims: defenderWeapons,
      odds: first.texts,
    },
    title: i18n().format("FRAY.Dicepool.Attack.Title", { name: names.attacker }),
    classes: ["fray", "fray-dp-dialog"],
    rollLabel: "FRAY.Dicepool.Attack.Roll",
    cancelLabel: "FRAY.Dicepool.Attack.Cancel",
    read: readChoice,
    odds: (choice) => dicepoolOddsPanel(inputOf(choice), options),
  });
}
