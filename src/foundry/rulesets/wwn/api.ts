/**
 * WWN's part of the public API (`game.system.api`, src/foundry/api/index.ts): an attack declared
 * from ids without the dialog, through the same check and declaration as the sheet's Attack
 * (attack/declare.ts, the card protocol's `wwn.attack`), and its odds as the dialog shows them.
 * The choices are the dialog's, by name: `mode`, `cover`, `harm`, `inMelee`, `dualWielding`,
 * `grappled`, `kind` (`{ kind: "attack" | "snap" | "swarm" }` or `{ kind: "charge", feet }`); what
 * a macro leaves out takes the dialog's default (the scene's cover and whether a foe is at hand).
 */
import { ok } from "../../../rules/core/result.ts";
import type { AttackSituation } from "../../../rules/wwn/attack.ts";
import { wwnAttackOdds } from "../../../rules/wwn/odds.ts";
import { cardAttackOdds, declareCardAttack } from "../../api/card-attack.ts";
import type { CardAttack } from "../../api/card-attack.ts";
import type { RulesetApi } from "../../api/types.ts";
import { toWwnWeapon, warnWwnRefusal } from "./adapter.ts";
import { WWN_ATTACK, checkWwnDeclaration } from "./attack/declare.ts";
import { parseWwnSituation } from "./attack/referee.ts";
import { fighterOf } from "./budget.ts";
import { wwnScene, wwnScenePrefill } from "./scene.ts";
import { wwnToggleProne } from "./table/self.ts";

/** The dialog's defaults: what the scene pre-fills (the dialog shows no `adjacent`). */
function dialogDefaults(attacker: Actor.Implementation, target: Actor.Implementation): object {
  const measured = wwnScene(attacker, target);
  if (measured === null) return {};
  const { adjacent: _adjacent, ...initial } = wwnScenePrefill(measured).situation;
  return initial;
}

const wwnAttack: CardAttack<AttackSituation> = {
  kind: WWN_ATTACK,
  parse: parseWwnSituation,
  defaults: (request) => dialogDefaults(request.attacker, request.target),
  check: checkWwnDeclaration,
  warn: warnWwnRefusal,
};

export const wwnApi: RulesetApi = {
  attack: (request) => declareCardAttack(wwnAttack, request),
  odds: (request) =>
    cardAttackOdds(wwnAttack, request, (weapon, situation) => {
      const odds = wwnAttackOdds({
        attacker: fighterOf(request.attacker),
        defender: fighterOf(request.target),
        weapon: toWwnWeapon(weapon),
        situation,
      });
      if (!odds.ok) return odds;
      return ok({
        hit: odds.value.hit,
        shockOnMiss: odds.value.shockOnMiss,
        expectedDamage: odds.value.expectedDamage,
      });
    }),
  // The sheet's Prone button (table/self.ts).
  toggleProne: wwnToggleProne,
  // Prone is the actor's own field (data.ts), told to modules as the status "prone".
  statusFields: { prone: "system.prone" },
};
