/**
 * WWN's part of the public API (`game.system.api`, src/foundry/api/index.ts): an attack declared
 * from ids without the dialog, through the same check and declaration as the sheet's Attack
 * (attack/declare.ts, the card protocol's `wwn.attack`), and its odds as the dialog shows them.
 * The choices are the dialog's, by name: `mode`, `cover`, `harm`, `inMelee`, `dualWielding`,
 * `grappled`, `kind` (`{ kind: "attack" | "snap" | "swarm" }` or `{ kind: "charge", feet }`); what
 * a macro leaves out takes the dialog's default (the scene's cover and whether a foe is at hand).
 */
import type { AttackSituation } from "../../../rules/wwn/attack.ts";
import { wwnAttackOdds } from "../../../rules/wwn/odds.ts";
import { cardAttackApi } from "../../api/card-attack.ts";
import type { CardAttack } from "../../api/card-attack.ts";
import type { RulesetApi } from "../../api/types.ts";
import { toWwnWeapon, warnWwnRefusal } from "./adapter.ts";
import { WWN_ATTACK, checkWwnDeclaration } from "./attack/declare.ts";
import { parseWwnSituation } from "./attack/referee.ts";
import { fighterOf } from "./budget.ts";
import { wwnScene, wwnScenePrefill } from "./scene.ts";
import { WWN_STATUSES } from "./statuses.ts";
import { WWN_ROW_ACTIONS, WWN_SHEET_ACTIONS, wwnItemUse } from "./sheet-actions.ts";
import { wwnToggleProne } from "./table/self.ts";

/** The dialog's defaults: what the scene pre-fills (the dialog shows no `adjacent`). */
function dialogDefaults(attacker: Actor.Implementation, target: Actor.Implementation): object {
  const measured = wwnScene(attacker, target);
  if (measured === null) return {};
  const { adjacent: _adjacent, ...initial } = wwnScenePrefill(measured).situation;
  return initial;
}

/** The scene's call of whether the target stands adjacent, when there is a scene to measure. */
function sceneAdjacent(attacker: Actor.Implementation, target: Actor.Implementation): object {
  const measured = wwnScene(attacker, target);
  return measured === null ? {} : { adjacent: measured.adjacent.value };
}

const wwnAttack: CardAttack<AttackSituation> = {
  kind: WWN_ATTACK,
  parse: parseWwnSituation,
  defaults: (request) => dialogDefaults(request.attacker, request.target),
  check: checkWwnDeclaration,
  warn: warnWwnRefusal,
};

export const wwnApi: RulesetApi = {
  ...cardAttackApi(
    wwnAttack,
    (request, weapon, situation) =>
      wwnAttackOdds({
        attacker: fighterOf(request.attacker),
        defender: fighterOf(request.target),
        weapon: toWwnWeapon(weapon),
        // Whether the target stands adjacent, as the referee settles it (scene.ts): a melee blow
        // at a target out of reach has no odds.
        situation: { ...sceneAdjacent(request.attacker, request.target), ...situation },
      }),
    ({ hit, shockOnMiss, expectedDamage }) => ({ hit, shockOnMiss, expectedDamage }),
  ),
  outOfReach: (reason) => (reason === "targetNotAdjacent" ? "reach" : null),
  // Prone is the actor's own field (data.ts), core's "prone" status (statuses.ts).
  statuses: WWN_STATUSES,
  sheetActions: WWN_SHEET_ACTIONS,
  rowActions: WWN_ROW_ACTIONS,
  // A spell's row casts it, as its Cast button.
  itemUse: wwnItemUse,
  // The "Toggle stance" key: the sheet's Go Prone / Stand Up.
  toggleStance: wwnToggleProne,
};
