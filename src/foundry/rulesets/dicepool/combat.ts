/**
 * The dice-pool game in the combat (registered as the combat hooks when the world plays it):
 * - order: each combatant's initiative pool (Mental + Physical + Awareness, less the wound
 *   penalty), as a die formula the combat start rolls with core Roll;
 * - the tracker shows, under each member, its Simple actions left, its Free action and Interrupt,
 *   and the states that matter: the Grappling Pool it holds, held in a grapple, incapacitated,
 *   dying (bleeding), dead;
 * - a combatant's own turn start gives it a fresh turn of actions, makes it bleed when it is
 *   incapacitated by lethal damage and not stabilized (1 damage, with its wound die), and makes it
 *   pay 1 point to keep its grapple (rules: grappleUpkeep; at 0 the grapple breaks).
 */
import { FRESH_TURN, turnOver } from "../../../rules/dicepool/actions.ts";
import { diffDicepool } from "../../../rules/dicepool/changes.ts";
import { grappleUpkeep } from "../../../rules/dicepool/grapple.ts";
import { bleedOnTurn, bleeds } from "../../../rules/dicepool/health.ts";
import { initiativePool } from "../../../rules/dicepool/initiative.ts";
import type { DicepoolCombatant } from "../../../rules/dicepool/model.ts";
import type { DicepoolOptions } from "../../../rules/dicepool/options.ts";
import type { ActorChange, FieldValue } from "../../combat/events.ts";
import type { CombatRulesetHooks, OrderInput, TrackerChip } from "../../combat/ruleset-hooks.ts";
import type { CombatLike, CombatantLike } from "../../combat/state.ts";
import { withDice } from "../../shared/dice.ts";
import { i18n } from "../../shared/env.ts";
import { combatantId, grappleOf, resolveActor, systemOf, toDicepoolCombatant } from "./adapter.ts";
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

/** Whether some other actor holds this one in a grapple (read from the assailants). */
function heldBy(actor: Actor.Implementation): string | null {
  const me = combatantId(actor);
  for (const other of game.actors?.contents ?? []) {
    const g = systemOf(other).grapple;
    if (g !== null && typeof g === "object" && g.victimId === me && g.pool > 0) return other.name;
  }
  return null;
}

/** The tracker's chips for one member. */
export function dicepoolMemberChips(
  actor: Actor.Implementation,
  options: DicepoolOptions = dicepoolOptions(),
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
  const grapple = grappleOf(actor);
  if (grapple !== null && grapple.pool > 0) {
    // A chip's label is localized by the tracker; a formatted text comes back unchanged.
    flag(
      i18n().format("FRAY.Dicepool.Tracker.Grappling", { pool: grapple.pool }),
      "FRAY.Dicepool.Tracker.GrapplingHint",
    );
  }
  if (heldBy(actor) !== null) flag("FRAY.Dicepool.Tracker.Grappled");
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
  /** The grapple's pool after its upkeep; null when none was held; 0 when it broke. */
  readonly grapplePool: number | null;
  readonly victimName: string;
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
  const before: DicepoolCombatant = toDicepoolCombatant(actor);
  const own: Record<string, FieldValue> = Object.fromEntries(
    Object.entries(FRESH_TURN).map(([key, value]) => [`system.actions.${key}`, value]),
  );
  let bled = 0;
  let woundAdded = 0;
  let died = false;
  if (bleeds(before)) {
    const rolled = await withDice((dice) => bleedOnTurn(before, dice, options));
    if (rolled.value.ok) {
      const taken = rolled.value.value;
      bled = taken.taken;
      woundAdded = taken.woundAdded;
      died = taken.died;
      Object.assign(own, toFieldChanges(diffDicepool(before, taken.combatant)?.changes ?? {}));
    }
  }
  let grapplePool: number | null = null;
  let victimName = "";
  const grapple = grappleOf(actor);
  if (grapple !== null) {
    const victimActor = resolveActor(grapple.victimId);
    victimName = systemOf(actor).grapple?.victimName ?? "";
    if (victimActor === null) {
      own["system.grapple"] = null;
      grapplePool = 0;
    } else {
      const victim = toDicepoolCombatant(victimActor);
      const kept = grappleUpkeep(grapple, victim, options);
      grapplePool = kept.grapple?.pool ?? 0;
      own["system.grapple"] =
        kept.grapple === null
          ? null
          : {
              victimId: grapple.victimId,
              victimName,
              pool: kept.grapple.pool,
              resistOffered: kept.grapple.resistOffered,
            };
      const victimUpdate = diffDicepool(victim, kept.victim);
      if (victimUpdate !== null) add(grapple.victimId, toFieldChanges(victimUpdate.changes));
    }
  }
  add(combatantId(actor), own);
  const report =
    bled > 0 || grapplePool !== null
      ? { name: actor.name, bled, woundAdded, died, grapplePool, victimName }
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
  if (report.grapplePool !== null) {
    lines.push(
      t.format(
        report.grapplePool > 0
          ? "FRAY.Dicepool.Turn.GrappleHeld"
          : "FRAY.Dicepool.Turn.GrappleBroke",
        { name: report.name, victim: report.victimName, pool: report.grapplePool },
      ),
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
