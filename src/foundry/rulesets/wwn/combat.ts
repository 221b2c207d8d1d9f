/**
 * WWN in the team combat (registered as the combat hooks when the world plays WWN). Each
 * combatant's round of actions is the referee's record in the combat's ledger (budget.ts); the
 * hooks hand back the fields they change as ledger entries, written in the transition's Combat
 * update:
 * - the tracker shows, under each member, what is left of its round: Main Action, Move action
 *   (two while the Main may still become a Move), On Turn (while it is taking its turn), and the
 *   states that last: Total Defense, holding, delaying, charged, withdrawn, prone;
 * - a new round (round 1 included) gives everyone their actions back (rules: startRound);
 * - a combatant's turn start ends what lasted "until its next turn" (rules: beginTurn);
 * - a combatant's turn end gives their actions back to those delaying for it (resumeAfterDelay);
 * - the round end deals grapple damage: every defender the ledger says is grappled takes an
 *   unarmed hit's damage from each grappler (rules: grappleRoundEnd), rolled with core Roll and
 *   reported on a card (`wwn.grappleReport`, templates/wwn/chat/grapple-report.hbs).
 *
 * A rule that refuses a fighter's recorded numbers (NaN, a negative count …) changes nothing for
 * that fighter: the GM is warned, by name, and the others go on.
 */
import { cardHeader } from "../../cards/parts.ts";
import type { CardHeader } from "../../cards/parts.ts";
import {
  actionSummary,
  beginTurn,
  grappleRoundEnd,
  resumeAfterDelay,
  startRound,
} from "../../../rules/wwn/index.ts";
import type { ActionState, WwnUpdate } from "../../../rules/wwn/index.ts";
import type { WwnLife } from "../../../rules/wwn/model.ts";
import type { Checked } from "../../../rules/core/checked.ts";
import { ok } from "../../../rules/core/result.ts";
import type { Refusal, Result } from "../../../rules/core/result.ts";
import { checkedWwnActions } from "../../../rules/wwn/valid.ts";
import type { ActorChange, EventCombatant } from "../../combat/events.ts";
import type { CombatRulesetHooks, OutOfFight, TrackerChip } from "../../combat/ruleset-hooks.ts";
import type { CombatLike, CombatantLike } from "../../combat/state.ts";
import { changesByCombatant, combatMembers } from "../../shared/combat-members.ts";
import { withDice } from "../../shared/dice.ts";
import { i18n } from "../../shared/env.ts";
import { SYSTEM_PATH } from "../../constants.ts";
import { combatantId, toWwnCombatant, unarmedOf, warnWwnRefusal } from "./adapter.ts";
import {
  ACTING_NOW_KEY,
  budgetEntries,
  budgetOf,
  fighterIn,
  fighterOf,
  splitOutcome,
  turnOf,
} from "./budget.ts";
import { actorLedgerEntry, fightOf } from "../../combat/ledger.ts";
import type { LedgerWrite } from "./budget.ts";
import { hurtMarkedByRoundEnd } from "./marks.ts";
import { turnStateOf } from "../../combat/state.ts";
import { wwnRollOrder } from "./order.ts";
import { WWN_START_CHECK, postWwnNotice, wwnNoticeCard } from "./table/surprise.ts";

/** The tracker's chips for one member. */
export function wwnMemberChips(actor: Actor.Implementation, active: boolean): TrackerChip[] {
  const me = fighterOf(actor);
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
  flag(actorLedgerEntry(actor, ACTING_NOW_KEY) === roundOf(actor), "FRAY.Wwn.Tracker.ActingNow");
  flag(active && turnOf(actor).heldFirst === true, "FRAY.Wwn.Tracker.Waiting");
  return chips;
}

/** The round of the combat the actor fights in (null outside one). */
function roundOf(actor: Actor.Implementation): number | null {
  const fight = fightOf(actor);
  return fight === null ? null : turnStateOf(fight.combat).round;
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

/**
 * Each member's new round of actions as ledger entries (the fields that changed), or nothing for a
 * member whose recorded numbers the rule refuses (then the GM is warned).
 */
function eachFighter(
  combat: CombatLike,
  change: (actions: ActionState) => Result<ActionState>,
  only: CombatantLike | null = null,
): ActorChange[] {
  return combatMembers(combat).flatMap(({ actor, combatantId: id }) => {
    if (only !== null && only.id !== id) return [];
    const before = budgetOf(combat, id);
    const next = change(before);
    if (!next.ok) {
      warnAbout(actor.name, next);
      return [];
    }
    const ledger = budgetEntries(before, next.value);
    return Object.keys(ledger).length === 0 ? [] : [{ combatantId: id, changes: {}, ledger }];
  });
}

/** A rule for checked actions, run on the recorded ones once they pass their check. */
function afterCheck(
  rule: (actions: Checked<ActionState>) => ActionState,
): (actions: ActionState) => Result<ActionState> {
  return (actions) => {
    const checked = checkedWwnActions("actions", actions);
    return checked.ok ? ok(rule(checked.value)) : checked;
  };
}

export function wwnRoundStart(combat: CombatLike): ActorChange[] {
  return eachFighter(combat, afterCheck(startRound));
}

export function wwnTurnStart(combat: CombatLike, combatant: CombatantLike): ActorChange[] {
  return eachFighter(combat, afterCheck(beginTurn), combatant);
}

/** The combatant stopped its turn: whoever delayed until it had acted may act again. */
export function wwnTurnEnd(combat: CombatLike, combatant: CombatantLike): ActorChange[] {
  const actor = combatant.actor;
  if (actor === null) return [];
  const acted = combatantId(actor);
  return eachFighter(combat, (actions) => resumeAfterDelay(actions, acted));
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
  const all = combat.combatants.contents.flatMap((combatant) =>
    combatant.actor === null
      ? []
      : [
          {
            actor: combatant.actor,
            combatantId: combatant.id ?? "",
            me: fighterIn(combatant.actor, { combat, combatant }),
          },
        ],
  );
  const updates: WwnUpdate[] = [];
  const lines: GrappleLine[] = [];
  const hurt: { actor: Actor.Implementation; combatantId: string }[] = [];
  for (const { actor, combatantId: id, me: defender } of all) {
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
    if (rolled.value.value.damage.some((d) => d.dealt > 0)) hurt.push({ actor, combatantId: id });
    for (const hurt of rolled.value.value.damage) {
      const grappler = grapplers.find((g) => g.grappler.id === hurt.grapplerId);
      lines.push({
        defender: defender.name,
        grappler: grappler?.grappler.name ?? "",
        dealt: hurt.dealt,
      });
    }
  }
  const changes = changesByCombatant(combat, splitOutcome(updates, combat).documents);
  // The damage belongs to the round that ended (the turn has moved on when round events run).
  const marks = hurtMarkedByRoundEnd(hurt, Math.max(0, turnStateOf(combat).round - 1));
  return { changes: [...changes, ...marks.map(markChange)], lines };
}

/** A ledger mark as a transition's change (no document field). */
function markChange({ combatantId: id, key, value }: LedgerWrite): ActorChange {
  return { combatantId: id, changes: {}, ledger: { [key]: value as number } };
}

export const WWN_GRAPPLE_REPORT_TEMPLATE = `${SYSTEM_PATH}/templates/wwn/chat/grapple-report.hbs`;

/** The grapple report's template context: one translated sentence per line (the template escapes). */
export function wwnGrappleReportContext(lines: readonly GrappleLine[]): {
  header: CardHeader;
  lines: string[];
} {
  return {
    header: cardHeader(i18n().localize("FRAY.Wwn.Grapple.Title"), null),
    lines: lines.map((l) =>
      i18n().format("FRAY.Wwn.Grapple.Damage", { ...l, dealt: String(l.dealt) }),
    ),
  };
}

/** The card protocol's kind of the grapple report, and its flag (under flags.fray). */
export const WWN_GRAPPLE_REPORT = "wwn.grappleReport";
const REPORT_FLAG = "wwnGrappleReport";

async function roundEnd(combat: CombatLike): Promise<ActorChange[]> {
  const { changes, lines } = await wwnGrappleDamage(combat);
  if (lines.length > 0) {
    const context = wwnGrappleReportContext(lines);
    await postWwnNotice(WWN_GRAPPLE_REPORT, REPORT_FLAG, WWN_GRAPPLE_REPORT_TEMPLATE, context, []);
  }
  return changes;
}

/** The grapple report: what the round's grapples dealt. */
export const wwnGrappleReportCard = wwnNoticeCard(WWN_GRAPPLE_REPORT, REPORT_FLAG);

/** Why a fighter is out of the fight (its state on the sheet), or null while it fights. */
export function wwnOutOfFight(life: WwnLife): OutOfFight | null {
  return life === "active" ? null : { reason: `FRAY.Wwn.Life.${life}` };
}

export const WWN_COMBAT_HOOKS: CombatRulesetHooks = {
  // The tracker's start offers the surprise check per ambushing team (surprise.ts).
  startCheck: WWN_START_CHECK,
  // Side initiative adds the side's best Dexterity modifier to its d8.
  orderInput: (actor) => ({ modifier: toWwnCombatant(actor).attributes.dex ?? 0 }),
  rollOrder: wwnRollOrder,
  memberChips: (actor, member) => wwnMemberChips(actor, member.active),
  // Anyone not "active" (mortally wounded, knocked out, helpless, dead) is out of the fight.
  outOfFight: (actor) => wwnOutOfFight(toWwnCombatant(actor).life),
  roundStart: (combat: CombatLike, _combatants: readonly EventCombatant[]) => wwnRoundStart(combat),
  turnStart: wwnTurnStart,
  turnEnd: wwnTurnEnd,
  roundEvents: { roundEnd: (combat) => roundEnd(combat) },
};
