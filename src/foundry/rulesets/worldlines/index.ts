/**
 * Worldlines at the table, as the shell installs it when the world plays Worldlines: its actor and
 * item DataModels and sheets, the status effects of the token HUD, its part of the team combat,
 * the buttons of its attack and status cards, and the referee's side of the attack cards.
 * (Card and dialog templates load on first use: renderTemplate fetches and caches them.)
 */
import type { CombatRulesetHooks } from "../../combat/ruleset-hooks.ts";
import type { CombatLike, CombatantLike } from "../../combat/state.ts";
import { ACTOR_TYPES, ITEM_TYPES } from "../../constants.ts";
import type { ShellRuleset } from "../types.ts";
import { worldlinesSimFighter } from "./sim.ts";
import {
  WORLDLINES_TECHNIQUE,
  WORLDLINES_TREAT,
  refereeTechnique,
  refereeTreat,
  runRoundEvent,
  runTurnEnd,
  runTurnStart,
} from "./actions.ts";
import { toCombatant } from "./adapter.ts";
import { WORLDLINES_GEAR, refereeGear } from "./gear-actions.ts";
import {
  WORLDLINES_CARD,
  WORLDLINES_DECLARE,
  refereeCardAction,
  refereeDeclare,
} from "./attack/workflow.ts";
import { wireAttackCard, wireStatusCard } from "./cards/buttons.ts";
import { WORLDLINES_DATA_MODELS, WORLDLINES_TOKEN_BARS } from "./data.ts";
import { worldlinesRollOrder } from "./order.ts";
import { WorldlinesActorSheet } from "./sheets/actor-sheet.ts";
import { WorldlinesItemSheet } from "./sheets/item-sheet.ts";
import { worldlinesStatusEffects } from "./statuses/effects.ts";

/**
 * Worldlines' statuses in the combat's phases: Bleeding at the start of the bleeder's turn,
 * Staggered and flash blindness counting down at the end of a turn, Poison and the interruption
 * given back at status resolution. Statuses are ActiveEffects, which the generic field changes
 * cannot add or remove, so each hook writes its own batch (one actor update for everyone it
 * touches, the effect changes, one chat card) and hands the combat no further changes. The Energy
 * refresh stays the generic one. The hooks run on the active GM, inside the turn transition.
 */
export const WORLDLINES_COMBAT_HOOKS: CombatRulesetHooks = {
  // Momentum: every member rolls its own Combat die; the team keeps its two best.
  orderInput: (actor) => ({ die: `1d${String(toCombatant(actor).traits.combat)}` }),
  rollOrder: (combat) => worldlinesRollOrder(combat),
  async turnStart(_combat: CombatLike, combatant: CombatantLike) {
    if (combatant.actor !== null) await runTurnStart(combatant.actor);
    return [];
  },
  async turnEnd(_combat: CombatLike, combatant: CombatantLike) {
    if (combatant.actor !== null) await runTurnEnd(combatant.actor);
    return [];
  },
  roundEvents: {
    async statusResolution(combat: CombatLike) {
      const actors = combat.combatants.contents
        .map((combatant) => combatant.actor)
        .filter((actor): actor is Actor.Implementation => actor !== null);
      await runRoundEvent("statusResolution", actors);
      return [];
    },
  },
};

export const shellRuleset: ShellRuleset = {
  dataModels: WORLDLINES_DATA_MODELS,
  sheets: [
    {
      documentName: "Actor",
      sheetClass: WorldlinesActorSheet,
      types: ACTOR_TYPES,
      label: "FRAY.Worldlines.Sheet.Actor",
    },
    {
      documentName: "Item",
      sheetClass: WorldlinesItemSheet,
      types: ITEM_TYPES,
      label: "FRAY.Worldlines.Sheet.Item",
    },
  ],
  statusEffects: worldlinesStatusEffects,
  tokenBars: WORLDLINES_TOKEN_BARS,
  combat: WORLDLINES_COMBAT_HOOKS,
  wireChatCard(message, html) {
    wireAttackCard(message, html);
    wireStatusCard(message, html);
  },
  simFighter: worldlinesSimFighter,
  refereeActions: {
    [WORLDLINES_DECLARE]: refereeDeclare,
    [WORLDLINES_CARD]: refereeCardAction,
    [WORLDLINES_TREAT]: refereeTreat,
    [WORLDLINES_TECHNIQUE]: refereeTechnique,
    [WORLDLINES_GEAR]: refereeGear,
  },
};
