/**
 * Freelancers in the team combat (registered as the combat hooks when the world plays
 * Freelancers). The round order itself is the rules' (src/rules/freelancers/initiative.ts): the
 * GM picks the team that takes initiative, the teams take their turns in order, then the Upkeep.
 * - The tracker shows, under each member, what is left of its turn: Long, Base, Move, Quick and
 *   Reaction (a Base traded down still lights Move and Quick), then its counters, Dodging, and
 *   Dying or Dead.
 * - A combatant's turn start gives it a fresh turn of actions (rules: startTurn), as the
 *   referee's ledger entry (budget.ts); the chips read the ledger too, never the actor.
 * - The Upkeep (a round event) runs the rules' upkeep over every combatant: one counter of each
 *   kind drops, spent abilities roll their recharge d10, the Dying roll their death check (the
 *   card counts the failures against the world's setting: three kill by default), all
 *   rolled with core Roll; the recharged abilities are written, the actor changes go back to the
 *   combat's batch, and one card reports everything it did.
 */
import { cardHeader } from "../../cards/parts.ts";
import type { RechargeRoll } from "../../../rules/freelancers/abilities.ts";
import type { SetupEffect } from "../../../rules/combat/order.ts";
import { spendAction, startTurn } from "../../../rules/freelancers/actions.ts";
import type { ActionKind } from "../../../rules/freelancers/actions.ts";
import { diffActor } from "../../../rules/freelancers/changes.ts";
import { addCounter } from "../../../rules/freelancers/counters.ts";
import type { FreelancersActor } from "../../../rules/freelancers/model.ts";
import { upkeep } from "../../../rules/freelancers/upkeep.ts";
import type { UpkeepReport } from "../../../rules/freelancers/upkeep.ts";
import type { ActorChange } from "../../combat/events.ts";
import type { CombatRulesetHooks, TrackerChip } from "../../combat/ruleset-hooks.ts";
import type { CombatLike, CombatantLike } from "../../combat/state.ts";
import { postCard, reportCard } from "../../cards/protocol.ts";
import { SYSTEM_ID, SYSTEM_PATH } from "../../constants.ts";
import { changesByCombatant, combatMembers } from "../../shared/combat-members.ts";
import { withDice } from "../../shared/dice.ts";
import { currentUser, i18n } from "../../shared/env.ts";
import { applyRuleUpdates } from "../../shared/updates.ts";
import { toFreelancer, warnFlRefusal } from "./adapter.ts";
import { FL_ACTIONS, FL_COUNTERS, actionsIn, countersIn, countersRecord, flNow } from "./budget.ts";
import { FL_COUNTER_KINDS } from "./data.ts";
import { flCounterRules, flOptions } from "./settings.ts";
import { freelancersRollOrder } from "./order.ts";

export const FL_UPKEEP_CARD_TEMPLATE = `${SYSTEM_PATH}/templates/freelancers/chat/upkeep-card.hbs`;

/** The five action chips, in the book's order. */
const CHIP_ACTIONS = ["long", "base", "move", "quick", "reaction"] as const;

/** Whether the actor could still take an action of this kind now (trading the Base down). */
function canStill(me: FreelancersActor, kind: ActionKind): boolean {
  // Stunned or not, the chip tells what the turn still holds; the stun shows as its own chip.
  return spendAction({ ...me, counters: {}, life: "active" }, kind).ok;
}

/** The tracker's chips for one member: its actions as the referee recorded them. */
export function flMemberChips(actor: Actor.Implementation): TrackerChip[] {
  const me = flNow(actor);
  const chips: TrackerChip[] = CHIP_ACTIONS.map((kind) => ({
    label: `FRAY.Freelancers.Action.${kind}`,
    on: canStill(me, kind),
    hint: `FRAY.Freelancers.Tracker.Hint.${kind}`,
  }));
  for (const kind of FL_COUNTER_KINDS) {
    if ((me.counters[kind] ?? 0) > 0) {
      chips.push({ label: `FRAY.Freelancers.Counter.${kind}`, on: true, hint: "", flag: true });
    }
  }
  const flag = (on: boolean, label: string) => {
    if (on) chips.push({ label, on: true, hint: "", flag: true });
  };
  flag(me.actions.dodging, "FRAY.Freelancers.Tracker.Dodging");
  flag(me.life === "dying", "FRAY.Freelancers.Life.dying");
  flag(me.life === "dead", "FRAY.Freelancers.Life.dead");
  return chips;
}

/** A combatant's turn starts: its actions come back, Dodge and Disengage end (in the ledger). */
export function flTurnStart(combat: CombatLike, combatant: CombatantLike): ActorChange[] {
  const id = combatant.id ?? "";
  return [
    { combatantId: id, changes: {}, ledger: { [FL_ACTIONS]: startTurn(actionsIn(combat, id)) } },
  ];
}

/**
 * The combat starts: a surprised team's members gain their stun counter (rules:
 * freelancersInitiative's effects) on their actors, before round 1. A member whose stored
 * counters the rules refuse keeps them as they are.
 */
export function flSetupEffects(combat: CombatLike, effects: readonly SetupEffect[]): ActorChange[] {
  const updates = combatMembers(combat).flatMap(({ combatantId, actor }) => {
    const before = toFreelancer(actor);
    let counters = before.counters;
    for (const effect of effects) {
      if (effect.combatantId !== combatantId) continue;
      const next = addCounter(counters, effect.counter, effect.amount);
      if (next.ok) counters = next.value;
    }
    return diffActor(before, { ...before, counters });
  });
  return changesByCombatant(combat, updates);
}

/**
 * A round starts: every member whose counters the fight has not recorded yet (the first round,
 * or a member who joined since) has them copied from its actor into the ledger, where the rules
 * read them from now on (budget.ts: a player cannot clear its own stun by writing its actor).
 */
export function flRoundStart(combat: CombatLike): ActorChange[] {
  return combatMembers(combat).flatMap(({ combatantId, actor }) =>
    countersIn(combat, combatantId) === null
      ? [{ combatantId, changes: {}, ledger: { [FL_COUNTERS]: toFreelancer(actor).counters } }]
      : [],
  );
}

/** One combatant's line on the Upkeep card. */
export interface UpkeepLine {
  readonly name: string;
  readonly counters: readonly { kind: string; before: number; after: number }[];
  readonly recharges: readonly (RechargeRoll & { name: string })[];
  readonly death: {
    readonly faces: string;
    readonly target: number;
    readonly passed: boolean;
    readonly life: string;
    /** Failed death checks so far, and how many kill (the world setting when it was rolled). */
    readonly failures?: number;
    readonly limit?: number;
  } | null;
}

function lineOf(
  report: UpkeepReport,
  before: FreelancersActor,
  after: FreelancersActor,
  limit: number,
): UpkeepLine | null {
  const counters = Object.entries(report.countersBefore)
    .filter(([, count]) => count > 0)
    .map(([kind, count]) => ({ kind, before: count, after: after.counters[kind] ?? 0 }))
    .filter((c) => c.after !== c.before);
  const recharges = report.recharges.map((r) => ({
    ...r,
    name: before.abilities.find((a) => a.id === r.abilityId)?.name ?? r.abilityId,
  }));
  const d = report.deathCheck;
  const death =
    d === undefined
      ? null
      : {
          faces: d.roll.faces.join(", "),
          target: d.roll.target,
          passed: d.roll.passed,
          life: d.life,
          failures: d.failures,
          limit,
        };
  if (counters.length === 0 && recharges.length === 0 && death === null) return null;
  return { name: before.name, counters, recharges, death };
}

/**
 * The Upkeep over the combat's members: the actor changes for the combat's batch, the ability
 * recharges written here, and the card posted. A refusal (a bad number on an actor) is posted as
 * the card's warning and changes nothing.
 */
export async function flUpkeep(combat: CombatLike): Promise<ActorChange[]> {
  const fighters = combatMembers(combat);
  // The counters the fight recorded (the actor's own for a member it has not recorded yet).
  const members = fighters.map(({ combatantId, actor }) => {
    const me = toFreelancer(actor);
    return { ...me, counters: countersIn(combat, combatantId) ?? me.counters };
  });
  const options = flOptions();
  const rules = flCounterRules();
  const rolled = await withDice((dice) => (rules.ok ? upkeep(members, dice, options) : rules));
  const outcome = rolled.value;
  if (!outcome.ok) {
    await postUpkeepCard(
      {
        lines: [],
        refused: outcome.reason,
        field: String(outcome.detail?.["field"] ?? outcome.detail?.["entry"] ?? ""),
      },
      [],
    );
    return [];
  }
  const lines = outcome.value.reports.flatMap((report, i) => {
    const before = members[i];
    const after = outcome.value.combatants[i];
    if (before === undefined || after === undefined) return [];
    const line = lineOf(report, before, after, options.deathFailures);
    return line === null ? [] : [line];
  });
  await applyRuleUpdates(outcome.value.updates.filter((u) => u.itemId !== undefined));
  await postUpkeepCard({ lines, refused: null, field: "" }, rolled.rolls);
  // One change per member: its actor's fields and the counters recorded in the ledger.
  const actorChanges = new Map(
    changesByCombatant(combat, outcome.value.updates).map((c) => [c.combatantId, c.changes]),
  );
  return fighters.map(({ combatantId }, i) => ({
    combatantId,
    changes: actorChanges.get(combatantId) ?? {},
    ledger: {
      [FL_COUNTERS]: countersRecord(
        members[i]?.counters ?? {},
        outcome.value.combatants[i]?.counters ?? {},
      ),
    },
  }));
}

export interface UpkeepCardData {
  readonly lines: readonly UpkeepLine[];
  readonly refused: string | null;
  readonly field: string;
}

/** The Upkeep card's template context. */
export function flUpkeepCardContext(
  data: UpkeepCardData,
  i18n: {
    localize: (key: string) => string;
    format: (key: string, d: Record<string, string | number>) => string;
  },
) {
  return {
    header: cardHeader(i18n.localize("FRAY.Freelancers.Upkeep.Title"), null),
    nothing: data.lines.length === 0 && data.refused === null,
    refused:
      data.refused === null
        ? null
        : i18n.format("FRAY.Freelancers.Upkeep.Refused", {
            reason: i18n.localize(`FRAY.Freelancers.Refusal.${data.refused}`),
            field: data.field,
          }),
    lines: data.lines.map((line) => ({
      name: line.name,
      counters: line.counters.map((c) => ({
        // A GM's own counter kind shows as it was named.
        label: (FL_COUNTER_KINDS as readonly string[]).includes(c.kind)
          ? i18n.localize(`FRAY.Freelancers.Counter.${c.kind}`)
          : c.kind,
        kind: c.kind,
        before: c.before,
        after: c.after,
      })),
      recharges: line.recharges.map((r) => ({
        name: r.name,
        text: i18n.format(
          r.recharged
            ? "FRAY.Freelancers.Upkeep.Recharged"
            : "FRAY.Freelancers.Upkeep.NotRecharged",
          { face: r.face, needed: r.needed },
        ),
        recharged: r.recharged,
      })),
      death:
        line.death === null
          ? null
          : {
              text: i18n.format("FRAY.Freelancers.Upkeep.DeathCheck", {
                faces: line.death.faces,
                target: line.death.target,
              }),
              tally:
                line.death.failures === undefined || line.death.limit === undefined
                  ? null
                  : i18n.format("FRAY.Freelancers.Upkeep.Failures", {
                      failures: line.death.failures,
                      limit: line.death.limit,
                    }),
              passed: line.death.passed,
              life: i18n.localize(`FRAY.Freelancers.Life.${line.death.life}`),
              dead: line.death.life === "dead",
            },
    })),
  };
}

/** The kind of the Upkeep card (a report: it has no button). */
export const FL_UPKEEP = "freelancers.upkeep";
const UPKEEP_FLAG = "flUpkeep";

async function postUpkeepCard(data: UpkeepCardData, rolls: Roll[]): Promise<void> {
  const content = await foundry.applications.handlebars.renderTemplate(
    FL_UPKEEP_CARD_TEMPLATE,
    flUpkeepCardContext(data, i18n()),
  );
  await postCard(FL_UPKEEP, {
    speaker: {},
    content,
    rolls,
    flags: { [SYSTEM_ID]: { [UPKEEP_FLAG]: { lines: data.lines.length } } },
    rollMode: "publicroll",
    roller: currentUser().id ?? "",
  });
}

/** The Upkeep card, as the card protocol knows it (a report: no button). */
export const flUpkeepCard = reportCard(FL_UPKEEP, UPKEEP_FLAG, warnFlRefusal);

export const FL_COMBAT_HOOKS: CombatRulesetHooks = {
  memberChips: (actor) => flMemberChips(actor),
  rollOrder: freelancersRollOrder,
  turnStart: flTurnStart,
  roundStart: (combat) => flRoundStart(combat),
  setupEffects: flSetupEffects,
  roundEvents: { upkeep: (combat) => flUpkeep(combat) },
};
