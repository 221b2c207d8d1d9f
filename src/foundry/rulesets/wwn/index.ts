/**
 * WWN at the table, as the shell installs it when the world plays WWN: its actor and item
 * DataModels and sheets over the generic ones (the technique item is the plain model, wired as
 * its own), its cards and declarations on the one card protocol (the attack and its Apply, the
 * maneuvers at another actor, the Execution Attack the GM confirms, the surprise check and the
 * grapple report), the referee's side of the maneuvers an actor takes on itself, and its part of
 * the team combat (the tracker's Main / Move / On Turn, round start, turn start, grapple damage),
 * with the round's actions and grapples kept in the referee's ledger (budget.ts).
 */
import { overGeneric } from "../generic/index.ts";
import type { ShellRuleset } from "../types.ts";
import { wwnApi } from "./api.ts";
import { registerWwnSettings } from "./settings.ts";
import { wwnSimFighter } from "./sim.ts";
import { wwnAttackCard, wwnAttackDeclaration } from "./attack/referee.ts";
import { WWN_COMBAT_HOOKS, wwnGrappleReportCard } from "./combat.ts";
import { WWN_DATA_MODELS, WWN_TOKEN_BARS } from "./data.ts";
import { wwnExecutionCard, wwnExecutionDeclaration } from "./table/execution.ts";
import {
  wwnEscapeDeclaration,
  wwnGrappleDeclaration,
  wwnMoveGrappledDeclaration,
} from "./table/grapple.ts";
import { wwnMovement } from "./movement.ts";
import { wwnShatterDeclaration, wwnShoveDeclaration } from "./table/knock.ts";
import { wwnManeuverCard } from "./table/maneuver-card.ts";
import { WWN_SELF, refereeSelf } from "./table/self.ts";
import { wwnSaveCard, wwnSaveDeclaration } from "./table/saves.ts";
import { wwnSkillDeclaration } from "./table/skill.ts";
import { wwnCastCard, wwnCastDeclaration } from "./table/cast.ts";
import { WWN_MARK, refereeMark } from "./marks.ts";
import { wwnHeldCard } from "./table/held.ts";
import { wwnMoraleCard, wwnMoraleDeclaration } from "./table/morale.ts";
import { wwnSurpriseCard } from "./table/surprise.ts";
import { WwnActorSheet } from "./sheets/actor-sheet.ts";
import { WwnItemSheet } from "./sheets/item-sheet.ts";

export const shellRuleset: ShellRuleset = {
  ...overGeneric(
    WWN_DATA_MODELS,
    { sheet: WwnActorSheet, label: "FRAY.Wwn.Sheet.Actor" },
    { sheet: WwnItemSheet, label: "FRAY.Wwn.Sheet.Item" },
  ),
  tokenBars: WWN_TOKEN_BARS,
  combat: WWN_COMBAT_HOOKS,
  simFighter: wwnSimFighter,
  registerSettings: registerWwnSettings,
  movement: wwnMovement,
  cards: [
    wwnAttackCard,
    wwnManeuverCard,
    wwnExecutionCard,
    wwnSurpriseCard,
    wwnGrappleReportCard,
    wwnSaveCard,
    wwnMoraleCard,
    wwnHeldCard,
    wwnCastCard,
  ],
  declarations: [
    wwnAttackDeclaration,
    wwnShoveDeclaration,
    wwnShatterDeclaration,
    wwnGrappleDeclaration,
    wwnEscapeDeclaration,
    wwnMoveGrappledDeclaration,
    wwnExecutionDeclaration,
    wwnSkillDeclaration,
    wwnSaveDeclaration,
    wwnCastDeclaration,
    wwnMoraleDeclaration,
  ],
  // The maneuvers an actor takes on itself post no card: they spend its round in the ledger.
  // The marks that stop a spell: the GM's jostle, a player's own lost hit points (marks.ts).
  refereeActions: { [WWN_SELF]: refereeSelf, [WWN_MARK]: refereeMark },
  api: wwnApi,
};
