/**
 * The two-dice game at the table, as the shell installs it when the world plays it: its actor
 * and item DataModels and sheets over the generic ones (the technique item stays generic), its
 * cards (the attack and the checks) and the declarations that post them, through the one card
 * protocol, the dice-less actions the referee (the active GM) records, and its part of the team
 * combat (the tracker's one-action chip, a fresh turn each round, both in the referee's ledger).
 * Its world settings are the rules' options, each a setting (settings.ts).
 */
import { overGeneric } from "../generic/index.ts";
import type { ShellRuleset } from "../types.ts";
import { twodiceApi } from "./api.ts";
import { twodiceAttackCard, twodiceAttackDeclaration } from "./attack/referee.ts";
import { TWODICE_COMBAT_HOOKS } from "./combat.ts";
import { TWODICE_DATA_MODELS } from "./data.ts";
import { twodiceMovement } from "./movement.ts";
import { registerTwodiceSceneSettings } from "./scene.ts";
import { registerTwodiceSettings } from "./settings.ts";
import { twodiceSimFighter } from "./sim.ts";
import { TwodiceActorSheet } from "./sheets/actor-sheet.ts";
import { TwodiceItemSheet } from "./sheets/item-sheet.ts";
import { TWODICE_CHECK_DECLARATIONS, twodiceCheckCard } from "./table/checks.ts";
import { TWODICE_HIDE_DECLARATION } from "./table/hide.ts";
import { TWODICE_TURN_ACTIONS } from "./table/self.ts";
import { TWODICE_PLAN_ACTIONS, registerTurnEnd } from "./turn-end.ts";

export const shellRuleset: ShellRuleset = {
  ...overGeneric(
    TWODICE_DATA_MODELS,
    { sheet: TwodiceActorSheet, label: "FRAY.Twodice.Sheet.Actor" },
    { sheet: TwodiceItemSheet, label: "FRAY.Twodice.Sheet.Item" },
  ),
  // No health pool: wounds are a track of circles, so no bar; Unarmed Defense as a value.
  tokenBars: { trackable: { bar: [], value: ["unarmedDefense"] }, secondary: null },
  registerSettings: () => {
    registerTwodiceSettings();
    registerTwodiceSceneSettings(); // the walls' cover table (scene.ts)
    // When declared moves happen, and the drag that names where one goes (turn-end.ts): its
    // preMoveToken hook is registered here, before the movement's own (init's registerMovement).
    registerTurnEnd();
  },
  combat: TWODICE_COMBAT_HOOKS,
  movement: twodiceMovement,
  cards: [twodiceAttackCard, twodiceCheckCard],
  declarations: [twodiceAttackDeclaration, ...TWODICE_CHECK_DECLARATIONS, TWODICE_HIDE_DECLARATION],
  // Reloading, the dice-less combat actions and a dragged destination post no card: plain
  // requests to the referee.
  refereeActions: { ...TWODICE_TURN_ACTIONS, ...TWODICE_PLAN_ACTIONS },
  simFighter: twodiceSimFighter,
  api: twodiceApi,
};
