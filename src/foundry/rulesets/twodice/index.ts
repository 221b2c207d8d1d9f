/**
 * The two-dice game at the table, as the shell installs it when the world plays it: its actor
 * and item DataModels and sheets over the generic ones (the technique item stays generic), the
 * attack card and what the referee (the active GM) does on a player's request, and its part of
 * the team combat (the tracker's one-action chip, a fresh turn each round).
 */
import { ACTOR_TYPES } from "../../constants.ts";
import { registerReferee, registerRefereeAction } from "../../shared/referee.ts";
import { shellRuleset as generic } from "../generic/index.ts";
import type { ShellRuleset } from "../types.ts";
import {
  TWODICE_ATTACK,
  TWODICE_CARD,
  refereeTwodiceAttack,
  refereeTwodiceCard,
  wireTwodiceCard,
} from "./attack/workflow.ts";
import { TWODICE_COMBAT_HOOKS } from "./combat.ts";
import { TWODICE_DATA_MODELS } from "./data.ts";
import { TWODICE_SHEET_ACTIONS } from "./actions.ts";
import { twodiceSimFighter } from "./sim.ts";
import { TwodiceActorSheet } from "./sheets/actor-sheet.ts";
import { TwodiceItemSheet } from "./sheets/item-sheet.ts";

/**
 * Registers the referee's query and the two-dice requests it handles. The requests travel on the
 * unforgeable-sender transport (shared/referee.ts), so the seam's `refereeActions` (plain
 * queries, sender unknown) stay empty.
 */
function registerTwodiceReferee(): void {
  registerReferee();
  registerRefereeAction(TWODICE_ATTACK, (intent, sender) =>
    refereeTwodiceAttack(intent.payload, sender),
  );
  registerRefereeAction(TWODICE_CARD, (intent, sender) =>
    refereeTwodiceCard(intent.payload, sender),
  );
  for (const [action, handler] of Object.entries(TWODICE_SHEET_ACTIONS)) {
    registerRefereeAction(action, (intent, sender) => handler(intent.payload, sender));
  }
}

export const shellRuleset: ShellRuleset = {
  dataModels: {
    Actor: { ...generic.dataModels.Actor, ...TWODICE_DATA_MODELS.Actor },
    Item: { ...generic.dataModels.Item, ...TWODICE_DATA_MODELS.Item },
  },
  sheets: [
    ...generic.sheets,
    {
      documentName: "Actor",
      sheetClass: TwodiceActorSheet,
      types: ACTOR_TYPES,
      label: "FRAY.Twodice.Sheet.Actor",
    },
    {
      documentName: "Item",
      sheetClass: TwodiceItemSheet,
      types: Object.keys(TWODICE_DATA_MODELS.Item),
      label: "FRAY.Twodice.Sheet.Item",
    },
  ],
  // No health pool: wounds are a track of circles, so no bar; Unarmed Defense as a value.
  tokenBars: { trackable: { bar: [], value: ["unarmedDefense"] }, secondary: null },
  registerSettings: registerTwodiceReferee,
  combat: TWODICE_COMBAT_HOOKS,
  wireChatCard: wireTwodiceCard,
  simFighter: twodiceSimFighter,
};
