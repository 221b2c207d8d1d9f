/**
 * The dice-pool game in the combat (registered as the combat hooks when the world plays it):
 * - order: each combatant's initiative pool (Mental + Physical + Awareness, less the wound
 *   penalty), as a die formula the combat start rolls with core Roll;
 * - the tracker shows, under each member, its Simple actions left, its Free action and Interrupt,
 *   and the states that matter: the Grappling Pool it holds, held in a grapple, incapacitated,
 *   dying (bleeding), dead;
 * - a combatant's own turn start gives it a fresh turn of actions, makes it bleed when it is
 *   incapacitated by lethal damage and not stabilized (1 damage, with its wound die), makes it
 *   pay 1 point to keep each grapple it holds (rules: grappleUpkeep; at 0 the grapple breaks), and
 *   drops it 2 spaces when it is falling (rules: fallOnTurn), with the landing damage.
 */
import { FRESH_TURN, turnOver } from "../../../rules/dicepool/actions.ts";
import { diffDicepool } from "../../../rules/dicepool/changes.ts";
import { grappleUpkeep } from "../../../rules/dicepool/grapple.ts";
import { bleedOnTurn, bleeds, takeDamage } from "../../../rules/dicepool/health.ts";
import { fallOnTurn } from "../../../rules/dicepool/movement.ts";
import { initiativePool } from "../../../rules/dicepool/initiative.ts";
import type { DicepoolOptions } from "../../../rules/dicepool/options.ts";
import type { Checked } from "../../../rules/core/checked.ts";
import type { ActorChange, FieldValue } from "../../combat/events.ts";
import type { CombatRulesetHooks, OrderInput, TrackerChip } from "../../combat/ruleset-hooks.ts";
import type { CombatLike, CombatantLike } from "../../combat/state.ts";
import { withDice } from "../../shared/dice.ts";
import { i18n } from "../../shared/env.ts";
import {
  combatantId,
  grapplesOf,
  holdersOf,
  resolveActor,
  storedGrapplesAfter,
  systemOf,
  toDicepoolCombatant,
} from "./adapter.ts";
import { dicepoolRollOrder } from "./order.ts";
import { dicepoolOptions } from "./settings.ts";

/** The initiative pool as a core Roll formula ("5d6"; the start counts its hits). */
export function dicepoolOrderInput(
  actor: Actor.Implementation,
  options: DicepoolOptions = dicepoolOptions(),
): OrderInput {
  const pool = initiativePool(toDicepoolCombatant(actor), options);
  return { die: `${pool.ok ? pool.value.dice : 0}d${options.dieSides}` };
}

/** The tracker's chips for one member. */
export function dicepoolMemberChips(
  actor: Actor.Implementation,
  options: Checked<DicepoolOptions> = dicepoolOptions(),
): TrackerChip[] {
  const me = toDicepoolCombatant(actor);
  const turn = systemOf(actor).actions;
  const down = me.dead || me.incapacitated !== null;
  const simpleLeft = turnOver(turn, options)
    ? 0
    : Math.max(0, options.simpleActionsPerTurn - turn.simpleUsed);
  const chips: TrackerChip[] = [
    {
      label: simpleLeft >= 2 ? "FRAY.Dicepool.Tracker.SimpleTwo" : "FRAY.Dicepool.Tracker.Simple",
      on: !down && simpleLeft > 0,
      hint: "FRAY.Dicepool.Tracker.SimpleHint",
    },
    {
      label: "FRAY.Dicepool.Tracker.Free",
      on: !down && turn.freeUsed < options.freeActionsPerTurn,
      hint: "FRAY.Dicepool.Tracker.FreeHint",
    },
    {
      label: "FRAY.Dicepool.Tracker.Interrupt",
      on: !down,
      hint: "FRAY.Dicepool.Tracker.InterruptHint",
    },
  ];
  const flag = (label: string, hint = "") => chips.push({ label, on: true, hint, flag: true });
  for (const grapple of grapplesOf(actor).filter((g) => g.pool > 0)) {
    // A chip's label is localized by the tracker; a formatted text comes back unchanged.
    flag(
      i18n().format("FRAY.Dicepool.Tracker.Grappling", { pool: grapple.pool }),
      "FRAY.Dicepool.Tracker.GrapplingHint",
    );
  }
  if (holdersOf(actor).length > 0) flag("FRAY.Dicepool.Tracker.Grappled");
  const falling = systemOf(actor).falling;
  if (falling !== null && typeof falling === "object") {
    flag(i18n().format("FRAY.Dicepool.Tracker.Falling", { height: falling.height }));
  }
  if (me.dead) flag("FRAY.Dicepool.Status.dead");
  else if (bleeds(me)) flag("FRAY.Dicepool.Status.dying", "FRAY.Dicepool.Tracker.DyingHint");
  else if (me.incapacitated !== null) flag("FRAY.Dicepool.Status.incapacitated");
  return chips;
}

/** What happened at a turn start, for the chat line. */
export interface TurnStartReport {
  readonly name: string;
  readonly bled: number;
  readonly woundAdded: number;
  readonly died: boolean;
  /** Each held grapple's pool after its upkeep (0: it broke). */
  readonly grapples: readonly { readonly victimName: string; readonly pool: number }[];
  /** The fall this turn: spaces left, and the landing damage when it landed. */
  readonly fall: {
    readonly height: number;
    readonly landed: boolean;
    readonly damage: number;
  } | null;
}

function toFieldChanges(changes: Readonly<Record<string, unknown>>): Record<string, FieldValue> {
  return changes as Record<string, FieldValue>;
}

/**
 * The combatant's own turn starts: fresh actions, bleeding, grapple upkeep. Returns the changes
 * (by combatant) and what to report.
 */
export async function dicepoolTurnStart(
  combat: CombatLike,
  combatant: CombatantLike,
  options: DicepoolOptions = dicepoolOptions(),
): Promise<{ changes: ActorChange[]; report: TurnStartReport | null }> {
  const actor = combatant.actor;
  if (actor === null) return { changes: [], report: null };
  const combatantOf = (id: string) =>
    combat.combatants.find((c) => c.actor !== null && combatantId(c.actor) === id)?.id ?? null;
  const changes: ActorChange[] = [];
  const add = (actorId: string, fields: Record<string, FieldValue>) => {
    const id = combatantOf(actorId);
    if (id !== null && Object.keys(fields).length > 0)
      changes.push({ combatantId: id, changes: fields });
  };
  const before = toDicepoolCombatant(actor);
  const own: Record<string, FieldValue> = Object.fromEntries(
    Object.entries(FRESH_TURN).map(([key, value]) => [`system.actions.${key}`, value]),
  );
  let bled = 0;
  let woundAdded = 0;
  let died = false;
  let current = before;
  if (bleeds(before)) {
    const rolled = await withDice((dice) => bleedOnTurn(before, dice, options));
    if (rolled.value.ok) {
      const taken = rolled.value.value;
      bled = taken.taken;
      woundAdded = taken.woundAdded;
      died = taken.died;
      current = taken.combatant;
      Object.assign(own, toFieldChanges(diffDicepool(before, taken.combatant)?.changes ?? {}));
    }
  }
  const grapples: { victimName: string; pool: number }[] = [];
  let stored = systemOf(actor).grapples;
  for (const grapple of grapplesOf(actor)) {
    const victimActor = resolveActor(grapple.victimId);
    const victimName = stored.find((g) => g.victimId === grapple.victimId)?.victimName ?? "";
    if (victimActor === null) {
      stored = stored.filter((g) => g.victimId !== grapple.victimId);
      grapples.push({ victimName, pool: 0 });
      continue;
    }
    const victim = toDicepoolCombatant(victimActor);
    const upkeep = grappleUpkeep(grapple, victim, options);
    if (!upkeep.ok) continue;
    const kept = upkeep.value;
    grapples.push({ victimName, pool: kept.grapple?.pool ?? 0 });
    stored = storedGrapplesAfter(stored, grapple.victimId, kept.grapple);
    const victimUpdate = diffDicepool(victim, kept.victim);
    if (victimUpdate !== null) add(grapple.victimId, toFieldChanges(victimUpdate.changes));
  }
  if (grapples.length > 0) own["system.grapples"] = stored as never;
  let fall: TurnStartReport["fall"] = null;
  const falling = systemOf(actor).falling;
  if (falling !== null && typeof falling === "object") {
    const after = current;
    const step = fallOnTurn(falling, after, options);
    if (step.ok) {
      fall = { height: step.value.fall.height, landed: step.value.landed, damage: 0 };
      own["system.falling"] = step.value.landed ? null : (step.value.fall as never);
      if (step.value.landed && step.value.damage > 0) {
        const landing = await withDice((dice) =>
          takeDamage(after, step.value.damage, { nonLethal: false }, dice, options),
        );
        if (landing.value.ok) {
          fall = { ...fall, damage: landing.value.value.taken };
          Object.assign(
            own,
            toFieldChanges(diffDicepool(before, landing.value.value.combatant)?.changes ?? {}),
          );
        }
      }
    }
  }
  add(combatantId(actor), own);
  const report =
    bled > 0 || grapples.length > 0 || fall !== null
      ? { name: actor.name, bled, woundAdded, died, grapples, fall }
      : null;
  return { changes, report };
}

async function postReport(report: TurnStartReport): Promise<void> {
  const lines: string[] = [];
  const t = i18n();
  if (report.bled > 0) {
    lines.push(
      t.format(report.died ? "FRAY.Dicepool.Turn.BledToDeath" : "FRAY.Dicepool.Turn.Bleeds", {
        name: report.name,
        damage: report.bled,
        wound: report.woundAdded,
      }),
    );
  }
  for (const grapple of report.grapples) {
    lines.push(
      t.format(
        grapple.pool > 0 ? "FRAY.Dicepool.Turn.GrappleHeld" : "FRAY.Dicepool.Turn.GrappleBroke",
        {
          name: report.name,
          victim: grapple.victimName,
          pool: grapple.pool,
        },
      ),
    );
  }
  if (report.fall !== null) {
    lines.push(
      report.fall.landed
        ? t.format("FRAY.Dicepool.Turn.Landed", { name: report.name, damage: report.fall.damage })
        : t.format("FRAY.Dicepool.Turn.Falling", { name: report.name, height: report.fall.height }),
    );
  }
  const items = lines.map((l) => `<li>${foundry.utils.escapeHTML(l)}</li>`).join("");
  await ChatMessage.create({
    content: `<div class="fray-card fray-dp-card fray-dp-turn"><ul>${items}</ul></div>`,
  });
}

export const DICEPOOL_COMBAT_HOOKS: CombatRulesetHooks = {
  orderInput: (actor) => dicepoolOrderInput(actor),
  rollOrder: (combat) => dicepoolRollOrder(combat),
  memberChips: (actor) => dicepoolMemberChips(actor),
  turnStart: async (combat, combatant) => {
    const { changes, report } = await dicepoolTurnStart(combat, combatant);
    if (report !== null) await postReport(report);
    return changes;
  },
};
