/**
 * The two-dice game's part of the public API (`game.system.api`, src/foundry/api/index.ts): an
 * attack declared from ids without the dialog, through the same declaration as the sheet's Attack
 * (attack/declare.ts, the card protocol's `twodice.attack`; the referee checks the turn, the
 * ammunition and the rest), and its odds as the dialog shows them (the distance measured on the
 * scene). The choices are the dialog's, by name: `mode` (`single` or `auto`), `moved`; a GM's own
 * call may add `awareness`, `targetModifier`, `cover`, `distance` and `hidden`. What a macro
 * leaves out takes the dialog's default (a single shot, not moved; a waiting attacker cuts in).
 */
import { attackOdds } from "../../../rules/twodice/odds.ts";
import { cardAttackApi } from "../../api/card-attack.ts";
import type { CardAttack } from "../../api/card-attack.ts";
import type { RulesetApi } from "../../api/types.ts";
import { canvasDistance } from "../../shared/actors.ts";
import { singleTarget } from "../../shared/attack.ts";
import { toTwodiceWeapon, warnTwodiceRefusal } from "./adapter.ts";
import {
  TWODICE_ATTACK,
  parseTwodiceChoices,
  situationOf as twodiceSituationOf,
} from "./attack/declare.ts";
import type { TwodiceChoices } from "./attack/declare.ts";
import { twodiceNow } from "./budget.ts";
import { twodiceOptions } from "./settings.ts";
import { TWODICE_STATUSES } from "./statuses.ts";
import { TWODICE_ROW_ACTIONS, TWODICE_SHEET_ACTIONS } from "./sheet-actions.ts";

const twodiceAttack: CardAttack<TwodiceChoices> = {
  kind: TWODICE_ATTACK,
  parse: parseTwodiceChoices,
  // As the sheet's dialog sends it: a waiting character's attack cuts in (attack/dialog.ts).
  defaults: (request) => ({
    mode: "single",
    ...(twodiceNow(request.attacker).turn.waiting === null ? {} : { cutIn: true }),
  }),
  // The sheet checks the one target on this client; the referee checks the rest.
  check: (_attacker, weapon, targets) => singleTarget(weapon, targets),
  warn: warnTwodiceRefusal,
};

export const twodiceApi: RulesetApi = {
  ...cardAttackApi(
    twodiceAttack,
    (request, weapon, choices) =>
      attackOdds(
        {
          attacker: twodiceNow(request.attacker),
          defender: twodiceNow(request.target),
          weapon: toTwodiceWeapon(weapon),
          // The referee's reading: a player's choices hold no GM call (parseTwodiceChoices).
          situation: twodiceSituationOf(
            choices,
            canvasDistance(request.attacker, request.target, "m"),
          ),
        },
        twodiceOptions(),
      ),
    ({ hit, bothHit, expectedDamage, incapacitate, setup }) => ({
      hit,
      bothHit,
      expectedDamage,
      incapacitate,
      value: setup.value,
      defense: setup.defense,
    }),
  ),
  // Farther than the weapon reaches beyond its Range (rules/twodice/range.ts).
  outOfReach: (reason) => (reason === "outOfReach" ? "range" : null),
  // Incapacitation by wounds, as a core status (statuses.ts).
  statuses: TWODICE_STATUSES,
  sheetActions: TWODICE_SHEET_ACTIONS,
  rowActions: TWODICE_ROW_ACTIONS,
};
