/**
 * Worldlines' part of the public API (`game.system.api`, src/foundry/api/index.ts): an attack
 * declared from ids without the dialog, through the same check and declaration as the sheet's
 * Attack (attack/declare.ts, the card protocol's `worldlines.attack`), and its odds as the dialog
 * shows them (the defender evading whenever it can). The choices are the dialog's, by name:
 * `zone`, `cover`, `range`, `poorVisibility`, `flanked`, `nonLethal`, `technique` (an item id);
 * what a macro leaves out takes the dialog's default (torso, the range band and the scene's calls).
 */
import { attackOdds } from "../../../rules/worldlines/index.ts";
import { cardAttackApi } from "../../api/card-attack.ts";
import type { CardAttack } from "../../api/card-attack.ts";
import type { ItemUse, RulesetApi } from "../../api/types.ts";
import { distanceBetween } from "../../shared/scene.ts";
import { bandForDistance, bandReach, toCombatant, toWeapon } from "./adapter.ts";
import { ATTACK_KIND } from "./cards/attack-card.ts";
import { DEFAULT_BAND_FEET } from "./data.ts";
import { scenePrefill, worldlinesScene } from "./scene.ts";
import { bandAt } from "./calls.ts";
import { checkDeclaration, shapeByTechnique, warnRefusal } from "./attack/declare.ts";
import type { TableSituation } from "./attack/declare.ts";
import { parseSituation } from "./attack/parse.ts";
import type { GearSystem } from "./sheets/item-sheet.ts";
import { build, throwGrenade } from "./table/gear.ts";
import { useTechnique } from "./table/techniques.ts";
import { WORLDLINES_STANCES, cycleStance } from "./statuses/stances.ts";
import { WORLDLINES_ROW_ACTIONS, WORLDLINES_SHEET_ACTIONS } from "./sheet-actions.ts";
import { USE_ITEM_KINDS } from "../../../rules/worldlines/use-item.ts";
import { useItem } from "./table/care.ts";
import { restrain } from "./table/restraints.ts";

/** The dialog's defaults: the torso, the band of the tokens' distance, the scene's calls. */
function dialogDefaults(
  attacker: Actor.Implementation,
  weapon: Item.Implementation,
  target: Actor.Implementation,
): TableSituation {
  const distance = distanceBetween(attacker, target);
  const band =
    distance === null ? null : bandForDistance(bandReach(weapon, DEFAULT_BAND_FEET), distance);
  const measured = worldlinesScene(attacker, target);
  const melee = (weapon.system as unknown as { kind?: string }).kind === "melee";
  return {
    zone: "torso",
    cover: "none",
    range: band ?? (distance === null ? "short" : "extreme"),
    ...(measured === null ? {} : scenePrefill(measured, melee).situation),
  };
}

const worldlinesAttack: CardAttack<TableSituation> = {
  kind: ATTACK_KIND,
  parse: parseSituation,
  defaults: (request, weapon) => dialogDefaults(request.attacker, weapon, request.target),
  check: checkDeclaration,
  warn: (refusal, attacker) => {
    warnRefusal(refusal, { name: attacker.name });
  },
};

/**
 * What the sheet's buttons do with an item that is not a weapon: a technique's Use, a grenade's
 * Throw, restraints' Restrain, Use Item for a stim, an antidote or a device, Build for other gear
 * that deploys or is damaged (table/techniques.ts, table/gear.ts, table/care.ts,
 * table/restraints.ts). A row with more than one (a device that deploys) drags each button too
 * (sheet-actions.ts).
 */
function worldlinesItemUse(item: Item.Implementation): ItemUse | null {
  if (item.type === "technique") return useTechnique;
  if (item.type !== "gear") return null;
  const gear = item.system as unknown as GearSystem;
  if (gear.kind === "grenade") return throwGrenade;
  if (gear.kind === "restraints") return restrain;
  if ((USE_ITEM_KINDS as readonly string[]).includes(gear.kind)) return useItem;
  return gear.deployable || gear.damaged ? build : null;
}

export const worldlinesApi: RulesetApi = {
  ...cardAttackApi(
    worldlinesAttack,
    (request, weapon, situation) => {
      // Beyond the weapon's extreme band there is no shot, as the referee measures (calls.ts).
      const melee = (weapon.system as unknown as { kind?: string }).kind === "melee";
      const band = melee ? null : bandAt(distanceBetween(request.attacker, request.target), weapon);
      if (band !== null && typeof band === "object") return band;
      const attacker = toCombatant(request.attacker);
      const shaped = shapeByTechnique(request.attacker, attacker, toWeapon(weapon), situation);
      if (!shaped.ok) return shaped;
      const defender = toCombatant(request.target);
      const input = { attacker, defender, weapon: shaped.weapon, situation: shaped.situation };
      return attackOdds(input, { evade: true });
    },
    ({ hit, critical, expectedDamage, headshotKill, headshotTriple }) => ({
      hit,
      critical,
      expectedDamage,
      headshot: headshotKill + headshotTriple,
    }),
  ),
  outOfReach: (reason) => (reason === "outOfRange" ? "range" : null),
  itemUse: worldlinesItemUse,
  // The stance as core's prone and crouched (statuses/stances.ts).
  statuses: WORLDLINES_STANCES,
  toggleStance: cycleStance,
  sheetActions: WORLDLINES_SHEET_ACTIONS,
  rowActions: WORLDLINES_ROW_ACTIONS,
};
