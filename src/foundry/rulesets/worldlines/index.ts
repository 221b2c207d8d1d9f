/**
 * Worldlines at the table, as the shell installs it when the world plays Worldlines: its actor and
 * item DataModels and sheets, the status effects of the token HUD, its part of the team combat,
 * and its cards for the one card protocol (cards/protocol.ts): the attack card and the status
 * card, the Covering Fire card, and the declarations that post them (the attack, Covering Fire;
 * Build and Throw, treatment, techniques, Defensive Posture, the Draw, restraints and the GM's momentum
 * shift,
 * carried out by the referee). It has no referee action outside the
 * protocol: everything it asks of the GM posts a card. (Card and dialog templates load on first
 * use: renderTemplate fetches and caches them.)
 */
import { ITEM_TYPES } from "../../constants.ts";
import { rulesetSheets } from "../generic/index.ts";
import type { ShellRuleset } from "../types.ts";
import { worldlinesApi } from "./api.ts";
import { attackCard, attackDeclaration } from "./attack/referee.ts";
import { statusCard } from "./cards/recover.ts";
import { WORLDLINES_COMBAT_HOOKS } from "./combat.ts";
import { WORLDLINES_DATA_MODELS, WORLDLINES_TOKEN_BARS } from "./data.ts";
import { worldlinesMovement } from "./movement.ts";
import { registerWorldlinesSettings } from "./settings.ts";
import { WorldlinesActorSheet } from "./sheets/actor-sheet.ts";
import { WorldlinesItemSheet } from "./sheets/item-sheet.ts";
import { worldlinesSimFighter } from "./sim.ts";
import { worldlinesStatusEffects } from "./statuses/effects.ts";
import { treatDeclaration } from "./table/care.ts";
import { drawDeclaration } from "./table/draw.ts";
import { coverCard, coverDeclaration } from "./table/cover.ts";
import { buildDeclaration, throwDeclaration } from "./table/gear.ts";
import { momentumDeclaration } from "./table/momentum.ts";
import { postureDeclaration } from "./table/posture.ts";
import { escapeDeclaration, restrainDeclaration } from "./table/restraints.ts";
import { stanceDeclaration } from "./table/stance.ts";
import { techniqueDeclaration } from "./table/techniques.ts";

export const shellRuleset: ShellRuleset = {
  dataModels: WORLDLINES_DATA_MODELS,
  sheets: rulesetSheets(
    { sheet: WorldlinesActorSheet, label: "FRAY.Worldlines.Sheet.Actor" },
    { sheet: WorldlinesItemSheet, label: "FRAY.Worldlines.Sheet.Item" },
    ITEM_TYPES,
  ),
  statusEffects: worldlinesStatusEffects,
  tokenBars: WORLDLINES_TOKEN_BARS,
  combat: WORLDLINES_COMBAT_HOOKS,
  movement: worldlinesMovement,
  simFighter: worldlinesSimFighter,
  registerSettings: registerWorldlinesSettings,
  cards: [attackCard, statusCard, coverCard],
  declarations: [
    attackDeclaration,
    buildDeclaration,
    throwDeclaration,
    treatDeclaration,
    techniqueDeclaration,
    postureDeclaration,
    coverDeclaration,
    drawDeclaration,
    momentumDeclaration,
    restrainDeclaration,
    escapeDeclaration,
    stanceDeclaration,
  ],
  api: worldlinesApi,
};
