/**
 * The dice-pool game's part of the public API (`game.system.api`, src/foundry/api/index.ts): an
 * attack declared from ids without the dialog, and its odds as the dialog shows them. The
 * choices are the dialog's, by name (`intent`, `cover`, `blitz`, `distance`, `disarmWeaponId`,
 * `opportunity`); what a macro leaves out takes the dialog's default.
 */
import { ok, refuse } from "../../../rules/core/result.ts";
import type { Refusal } from "../../../rules/core/result.ts";
import type { AttackRequest, RulesetApi } from "../../api/types.ts";
import { EMPTY_HANDS, measuredSpaces, toDicepoolCombatant, toDicepoolWeapon } from "./adapter.ts";
import { declareDicepoolOutcome } from "./attack/declare.ts";
import { DEFAULT_CHOICE, bestDefenseOdds, parseChoice } from "./attack/dialog.ts";
import type { DicepoolChoice } from "./attack/dialog.ts";
import { dicepoolScene, dicepoolScenePrefill } from "./scene.ts";
import { dicepoolOptions } from "./settings.ts";
import { DICEPOOL_STATUSES } from "./statuses.ts";
import { DICEPOOL_ROW_ACTIONS, DICEPOOL_SHEET_ACTIONS, dicepoolItemUse } from "./sheet-actions.ts";

/**
 * The dialog's defaults (the scene's cover among them: scene.ts) with the request's choices over
 * them; a malformed one is refused.
 */
function choiceOf(request: AttackRequest): DicepoolChoice | Refusal {
  const scene = dicepoolScene(request.attacker, request.target);
  const fromScene = scene === null ? {} : dicepoolScenePrefill(scene).choice;
  // The spaces between the tokens, as the dialog pre-fills them and the referee measures them.
  const spaces = measuredSpaces(request.attacker, request.target);
  const measured = spaces === null ? {} : { distance: spaces };
  const choice = { ...DEFAULT_CHOICE, ...fromScene, ...measured, ...request.choices };
  return parseChoice(choice) ?? refuse("badChoices");
}

export const dicepoolApi: RulesetApi = {
  attack: (request) => {
    const choice = choiceOf(request);
    if ("ok" in choice) return Promise.resolve(choice);
    return declareDicepoolOutcome(request.attacker, request.weapon, [request.target], choice);
  },
  odds: (request) => {
    const choice = choiceOf(request);
    if ("ok" in choice) return choice;
    if (request.weapon !== null && request.weapon.type !== "weapon") return refuse("notAWeapon");
    const best = bestDefenseOdds(
      {
        attacker: toDicepoolCombatant(request.attacker),
        defender: toDicepoolCombatant(request.target),
        weapon: request.weapon === null ? EMPTY_HANDS : toDicepoolWeapon(request.weapon),
        intent: choice.intent,
        ...(choice.disarmWeaponId === null ? {} : { disarmWeaponId: choice.disarmWeaponId }),
        situation: { distance: choice.distance, cover: choice.cover, blitz: choice.blitz },
      },
      dicepoolOptions(),
    );
    if ("refused" in best) return refuse(best.refused);
    return ok({
      hit: best.odds.hit,
      expectedEffect: best.odds.expectedEffect,
      defense: best.defense,
      attackDice: best.odds.plan.attackPool.dice,
      defenseDice: best.odds.plan.defensePool.dice,
    });
  },
  // A close weapon reaches only a foe in the same space (rules/dicepool/attack.ts).
  outOfReach: (reason) => (reason === "not-in-melee" ? "reach" : null),
  // A grapple held on the actor and its incapacitation, as core's statuses (statuses.ts).
  statuses: DICEPOOL_STATUSES,
  // The table's buttons a macro runs, and a power's Use (sheet-actions.ts).
  sheetActions: DICEPOOL_SHEET_ACTIONS,
  rowActions: DICEPOOL_ROW_ACTIONS,
  itemUse: dicepoolItemUse,
};
