/**
 * WWN in the team combat (registered as the combat hooks when the world plays WWN):
 * - the tracker shows, under each member, what is left of its round: Main Action, Move action
 *   (two while the Main may still become a Move), On Turn (while it is taking its turn), and the
 *   states that last: Total Defense, holding, delaying, charged, withdrawn, prone;
 * - a new round (round 1 included) gives everyone their actions back (rules: startRound);
 * - a combatant's turn start ends what lasted "until its next turn" (rules: beginTurn);
 * - a combatant's turn end gives their actions back to those delaying for it (resumeAfterDelay);
 * - the round end deals grapple damage: every grappled defender takes an unarmed hit's damage
 *   from each grappler (rules: grappleRoundEnd), rolled with core Roll and reported in chat
 *   (templates/wwn/chat/grapple-report.hbs).
 *
 * A rule that refuses a fighter's stored numbers (NaN, a negative count …) changes nothing for that
 * fighter: the GM is warned, by name, and the others go on.
 */
import {
  actionSummary,
  beginTurn,
  resumeAfterDelay,
  startRound,
} from "../../../rules/wwn/actions.ts";
import { diffCombatant } from "../../../rules/wwn/changes.ts";
import type { WwnUpdate } from "../../../rules/wwn/changes.ts";
import { grappleRoundEnd } from "../../../rules/wwn/maneuvers.ts";
import type { WwnCombatant } from "../../../rules/wwn/model.ts";
import { ok } from "../../../rules/core/result.ts";
import type { Refusal, Result } from "../../../rules/core/result.ts";
import { checkedWwnActions } from "../../../rules/wwn/valid.ts";
import type { ActorChange, EventCombatant } from "../../combat/events.ts";
import type { CombatRulesetHooks, TrackerChip } from "../../combat/ruleset-hooks.ts";
import type { CombatLike, CombatantLike } from "../../combat/state.ts";
import { changesByCombatant, combatMembers } from "../../shared/combat-members.ts";
import { withDice } from "../../shared/dice.ts";
import { i18n } from "../../shared/env.ts";
import { SYSTEM_PATH } from "../../constants.ts";
import { combatantId, toWwnCombatant, unarmedOf } from "./adapter.ts";
import { wwnRollOrder } from "./order.ts";
import { WWN_START_CHECK } from "./surprise.ts";
import { warnWwnRefusal } from "./attack/workflow.ts";

/** The tracker's chips for one member. */
export function wwnMemberChips(actor: Actor.Implementation, active: boolean): TrackerChip[] {
  const me = toWwnCombatant(actor);
  const summary = actionSummary(me.actions);
  // Drawn on every render, so no warning here: the chip says the state cannot be read.
  if (!summary.ok) {
    return [
      {
        label: "FRAY.Wwn.Tracker.Unreadable",
        on: false,
        hint: "FRAY.Wwn.Tracker.UnreadableHint",
        flag: true,
      },
    ];
  }
  const s = summary.value;
  const chips: TrackerChip[] = [
    { label: "FRAY.Wwn.Tracker.Main", on: s.main, hint: "FRAY.Wwn.Tracker.MainHint" },
    {
      label: s.moves >= 2 ? "FRAY.Wwn.Tracker.MoveTwo" : "FRAY.Wwn.Tracker.Move",
      on: s.moves > 0,
      hint: "FRAY.Wwn.Tracker.MoveHint",
    },
    {
      label: "FRAY.Wwn.Tracker.OnTurn",
      on: active && s.delayingFor === null,
      hint: "FRAY.Wwn.Tracker.OnTurnHint",
    },
  ];
  const flag = (on: boolean, label: string) => {
    if (on) chips.push({ label, on: true, hint: "", flag: true });
  };
  flag(s.totalDefense, "FRAY.Wwn.Tracker.TotalDefense");
  flag(s.holding, "FRAY.Wwn.Tracker.Holding");
  flag(s.delayingFor !== null, "FRAY.Wwn.Tracker.Delaying");
  flag(s.charged, "FRAY.Wwn.Tracker.Charged");
  flag(s.withdrawn, "FRAY.Wwn.Tracker.Withdrawn");
  flag(me.prone, "FRAY.Wwn.Tracker.Prone");
  return chips;
}

/** Warns of a refusal about `name`'s numbers: the field it names is prefixed with whose it is. */
function warnAbout(name: string, refusal: Refusal): void {
  const field = refusal.detail?.["field"];
  warnWwnRefusal(
    field === undefined
      ? refusal
      : { ...refusal, detail: { ...refusal.detail, field: `${name}: ${String(field)}` } },
  );
}

/** A fighter's new action state, or nothing when the rule refuses its numbers (then warned). */
function newActions(
  actor: Actor.Implementation,
  before: WwnCombatant,
  next: Result<WwnCombatant["actions"]>,
): WwnUpdate[] {
  if (!next.ok) {
    warnAbout(actor.name, next);
    return [];
  }
  return diffCombatant(before, { ...before, actions: next.value });
}

function eachFighter(
  combat: CombatLike,
  change: (me: WwnCombatant) => Result<WwnCombatant["actions"]>,
): ActorChange[] {
  const updates = combatMembers(combat).flatMap(({ actor }) => {
    const before = toWwnCombatant(actor);
    return newActions(actor, before, change(before));
  });
  return changesByCombatant(combat, updates);
}

export function wwnRoundStart(combat: CombatLike): ActorChange[] {
  return eachFighter(combat, (me) => {
    const actions = checkedWwnActions("actions", me.actions);
    return actions.ok ? ok(startRound(actions.value)) : actions;
  });
}

export function wwnTurnStart(combat: CombatLike, combatant: CombatantLike): ActorChange[] {
  const actor = combatant.actor;
  if (actor === null) return [];
  const before = toWwnCombatant(actor);
  const actions = checkedWwnActions("actions", before.actions);
  const next = actions.ok ? ok(beginTurn(actions.value)) : actions;
  return changesByCombatant(combat, newActions(actor, before, next));
}

/** The combatant stopped its turn: whoever delayed until it had acted may act again. */
export function wwnTurnEnd(combat: CombatLike, combatant: CombatantLike): ActorChange[] {
  const actor = combatant.actor;
  if (actor === null) return [];
  const acted = combatantId(actor);
  return eachFighter(combat, (me) => resumeAfterDelay(me.actions, acted));
}

/** One line of the grapple report: who took how much from whom. */
export interface GrappleLine {
  readonly defender: string;
  readonly grappler: string;
  readonly dealt: number;
}

/**
 * Grapple damage at the round's end, for every grappled defender in the combat: the changes, and
 * the lines to report. Rolls each grappler's unarmed damage with core Roll.
 */
export async function wwnGrappleDamage(
  combat: CombatLike,
): Promise<{ changes: ActorChange[]; lines: GrappleLine[] }> {
  const all = combatMembers(combat).map(({ actor }) => ({ actor, me: toWwnCombatant(actor) }));
  const updates: WwnUpdate[] = [];
  const lines: GrappleLine[] = [];
  for (const { me: defender } of all) {
    const grapplers = all
      .filter(({ me }) => me.grappling === defender.id)
      .map(({ actor, me }) => ({ grappler: me, unarmed: unarmedOf(actor) }));
    if (grapplers.length === 0) continue;
    const rolled = await withDice((dice) => grappleRoundEnd(defender, grapplers, dice));
    if (!rolled.value.ok) {
      warnAbout(defender.name, rolled.value);
      continue;
    }
    updates.push(...rolled.value.value.updates);
    for (const hurt of rolled.value.value.damage) {
      const grappler = grapplers.find((g) => g.grappler.id === hurt.grapplerId);
      lines.push({
        defender: defender.name,
        grappler: grappler?.grappler.name ?? "",
        dealt: hurt.dealt,
      });
    }
  }
  return { changes: changesByCombatant(combat, updates), lines };
}

export const WWN_GRAPPLE_REPORT_TEMPLATE = `${SYSTEM_PATH}/templates/wwn/chat/grapple-report.hbs`;

/** The grapple report's template context: one translated sentence per line (the template escapes). */
export function wwnGrappleReportContext(lines: readonly GrappleLine[]): { lines: string[] } {
  return {
    lines: lines.map((l) =>
      i18n().format("FRAY.Wwn.Grapple.Damage", { ...l, dealt: String(l.dealt) }),
    ),
  };
}

async function roundEnd(combat: CombatLike): Promise<ActorChange[]> {
  const { changes, lines } = await wwnGrappleDamage(combat);
  if (lines.length > 0) {
    await ChatMessage.create({
      content: await foundry.applications.handlebars.renderTemplate(
        WWN_GRAPPLE_REPORT_TEMPLATE,
        wwnGrappleReportContext(lines),
      ),
    });
  }
  return changes;
}

export const WWN_COMBAT_HOOKS: CombatRulesetHooks = {
  // The tracker's start offers the surprise check per ambushing team (surprise.ts).
  startCheck: WWN_START_CHECK,
  // Side initiative adds the side's best Dexterity modifier to its d8.
  orderInput: (actor) => ({ modifier: toWwnCombatant(actor).attributes.dex ?? 0 }),
  rollOrder: wwnRollOrder,
  memberChips: (actor, member) => wwnMemberChips(actor, member.active),
  roundStart: (combat: CombatLike, _combatants: readonly EventCombatant[]) => wwnRoundStart(combat),
  turnStart: wwnTurnStart,
  turnEnd: wwnTurnEnd,
  roundEvents: { roundEnd: (combat) => roundEnd(combat) },
};
