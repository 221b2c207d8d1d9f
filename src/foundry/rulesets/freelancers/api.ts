/**
 * Freelancers' part of the public API (`game.system.api`, src/foundry/api/index.ts): an attack
 * declared from ids without the dialog, through the same check and declaration as the sheet's
 * Attack (attack/declare.ts, the card protocol's `freelancers.attack`), and its odds as the dialog
 * shows them (the distance measured on the scene). The choices are the dialog's, by name: `cover`,
 * `as`, `targetEngaged`, `situational` (`{ die, attribute, favorable, unfavorable }`, within the
 * world's caps); a GM's own call may add `defenderSees` and `distance`. What a macro leaves out
 * takes the dialog's default (a Base attack on a target in the open).
 */
import { refuse } from "../../../rules/core/result.ts";
import { freelancersAttackOdds } from "../../../rules/freelancers/odds.ts";
import { NO_SITUATIONAL, checkSituational } from "../../../rules/freelancers/situational.ts";
import { cardAttackApi } from "../../api/card-attack.ts";
import type { CardAttack } from "../../api/card-attack.ts";
import type { RulesetApi } from "../../api/types.ts";
import { flUseAbility } from "./table/self.ts";
import { flDistance, flMeleeReach } from "./engaged.ts";
import { toFlWeapon, warnFlRefusal } from "./adapter.ts";
import {
  DEFAULT_CHOICES,
  FL_ATTACK,
  checkFlDeclaration,
  parseChoices,
  situationOf as flSituationOf,
} from "./attack/declare.ts";
import type { FlChoices } from "./attack/declare.ts";
import { flNow } from "./budget.ts";
import { flScene, flScenePrefill } from "./scene.ts";
import { flOptions, flSituationalCaps } from "./settings.ts";
import { FL_STATUSES } from "./statuses.ts";
import { FL_SHEET_ACTIONS } from "./sheet-actions.ts";

const flAttack: CardAttack<FlChoices> = {
  kind: FL_ATTACK,
  parse: parseChoices,
  // The dialog's defaults, the scene's calls among them (scene.ts).
  defaults: (request) => {
    const scene = flScene(request.attacker, request.target);
    return { ...DEFAULT_CHOICES, ...(scene === null ? {} : flScenePrefill(scene).choices) };
  },
  check: checkFlDeclaration,
  warn: (refusal, attacker) => {
    warnFlRefusal(refusal, { name: attacker.name });
  },
};

export const freelancersApi: RulesetApi = {
  ...cardAttackApi(
    flAttack,
    (request, weapon, choices) => {
      const caps = flSituationalCaps();
      if (checkSituational(choices.situational ?? NO_SITUATIONAL, caps) !== undefined) {
        // The sheet's words for it (attack/declare.ts checkFlDeclaration).
        return refuse("situationalTooLarge", { modifier: caps.modifier, edge: caps.edge });
      }
      const measured = flDistance(request.attacker, request.target, flMeleeReach(weapon));
      return freelancersAttackOdds(
        {
          attacker: flNow(request.attacker),
          defender: flNow(request.target),
          weapon: toFlWeapon(weapon),
          situation: flSituationOf(choices, measured),
        },
        flOptions(),
      );
    },
    ({ hit, attackPasses, defensePasses, fumble, expectedDamage }) => ({
      hit,
      attackPasses,
      defensePasses,
      fumble,
      expectedDamage,
    }),
  ),
  // A melee weapon beyond its reach (a shot past its longest range only takes a penalty).
  outOfReach: (reason) => (reason === "outOfReach" ? "reach" : null),
  // An ability (a technique item): the sheet's Use (table/self.ts).
  itemUse: (item) => (item.type === "technique" ? flUseAbility : null),
  // Stun, bleed and stress counters as core's statuses (statuses.ts).
  statuses: FL_STATUSES,
  sheetActions: FL_SHEET_ACTIONS,
};
