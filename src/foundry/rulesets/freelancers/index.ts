/**
 * Freelancers at the table, as the shell installs it when the world plays Freelancers: its actor
 * and item DataModels and sheets over the generic ones (gear is the plain model, wired as Freelancers'; the `technique` item
 * type carries a Freelancers ability), its settings, its cards (the attack, Help and Medicine, the
 * Upkeep, Hide and Search, Help on a check) and the declarations that post them through the one card protocol, the actions the
 * referee records without a card, and its part of the team combat (tracker chips and turn start
 * from the referee's ledger, the Upkeep card).
 */
import { overGeneric } from "../generic/index.ts";
import type { ShellRuleset } from "../types.ts";
import { freelancersApi } from "./api.ts";
import { flAreaCard, flAreaDeclaration } from "./area.ts";
import { flAttackCard, flAttackDeclaration } from "./attack/referee.ts";
import { FL_COMBAT_HOOKS, flUpkeepCard } from "./combat.ts";
import { FL_DATA_MODELS } from "./data.ts";
import { FlActorSheet } from "./sheets/actor-sheet.ts";
import { FlItemSheet } from "./sheets/item-sheet.ts";
import { freelancersMovement } from "./movement.ts";
import { registerFlSettings } from "./settings.ts";
import { freelancersSimFighter } from "./sim.ts";
import { flCareCard, flCareDeclaration } from "./table/care.ts";
import { flAidCard, flAidDeclaration } from "./table/aid.ts";
import { FL_COUNTER_ACTIONS } from "./table/counters.ts";
import { flStealthCard, flStealthDeclaration } from "./table/stealth.ts";
import { flReadyCard, flReadyDeclaration } from "./table/ready.ts";
import { FL_TURN_ACTIONS } from "./table/self.ts";

export const shellRuleset: ShellRuleset = {
  ...overGeneric(
    FL_DATA_MODELS,
    { sheet: FlActorSheet, label: "FRAY.Freelancers.Sheet.Actor" },
    { sheet: FlItemSheet, label: "FRAY.Freelancers.Sheet.Item" },
  ),
  // Health is the one pool; nothing goes on a new token's second bar.
  tokenBars: { trackable: { bar: ["health"], value: [] }, secondary: null },
  registerSettings: registerFlSettings,
  combat: FL_COMBAT_HOOKS,
  movement: freelancersMovement,
  cards: [
    flAttackCard,
    flAreaCard,
    flCareCard,
    flUpkeepCard,
    flStealthCard,
    flAidCard,
    flReadyCard,
  ],
  declarations: [
    flAttackDeclaration,
    flAreaDeclaration,
    flCareDeclaration,
    flStealthDeclaration,
    flAidDeclaration,
    flReadyDeclaration,
  ],
  // Dodge, Disengage, a plain action and an ability's use post no card: plain requests.
  refereeActions: { ...FL_TURN_ACTIONS, ...FL_COUNTER_ACTIONS },
  simFighter: freelancersSimFighter,
  api: freelancersApi,
};
