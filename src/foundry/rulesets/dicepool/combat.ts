/**
 * The dice-pool game in the combat (registered as the combat hooks when the world plays it):
 * - order: each combatant's initiative pool (Mental + Awareness by default, less the wound
 *   penalty), as a die formula the combat start rolls with core Roll;
 * - the tracker shows, under each member, its Simple actions left, its Free action and Interrupt
 *   (the referee's record of its turn, in the ledger: budget.ts), and the states that matter: the
 *   Grappling Pool it holds and being held (the ledger's grapples), incapacitated, dying
 *   (bleeding), dead;
 * - a round start hands every combatant a fresh turn of actions (ledger entries), and so does a
 *   combatant's own turn start, which also makes it bleed when it is incapacitated by lethal
 *   damage and not stabilized (1 damage, with its wound die), makes it pay 1 point to keep each
 *   grapple it holds (rules: grappleUpkeep; at 0 the grapple breaks; the ledger's record
 *   changes), and drops it 2 spaces when it is falling (rules: fallOnTurn), with the landing
 *   damage. What happened is posted as the referee's line card.
 */
import { diffDicepool } from "../../../rules/dicepool/changes.ts";
import { grappleUpkeep } from "../../../rules/dicepool/grapple.ts";
import { bleedOnTurn, bleeds, takeDamage } from "../../../rules/dicepool/health.ts";
import { fallOnTurn } from "../../../rules/dicepool/movement.ts";
import { initiativePool } from "../../../rules/dicepool/initiative.ts";
import type { DicepoolOptions } from "../../../rules/dicepool/options.ts";
import type { Checked } from "../../../rules/core/checked.ts";
import type { ActorChange, FieldValue } from "../../combat/events.ts";
import type {
  CombatRulesetHooks,
  OrderInput,
  OutOfFight,
  TrackerChip,
} from "../../combat/ruleset-hooks.ts";
import type { CombatLike, CombatantLike } from "../../combat/state.ts";
import { fightOf } from "../../combat/ledger.ts";
import { withDice } from "../../shared/dice.ts";
import { i18n } from "../../shared/env.ts";
import { combatantId, resolveActor, systemOf, toDicepoolCombatant } from "./adapter.ts";
import {
  GRAPPLES_KEY,
  actionsLeft,
  asGrapple,
  freshTurnLedger,
  grapplesAfter,
  grapplesIn,
  heldGrapples,
  holdersOf,
  turnActionsOf,
} from "./budget.ts";
import { postLines } from "./cards/line-card.ts";
import { conductTurnReset, coverTaken, guarding } from "./table/conduct.ts";
import { initiativeOf, initiativeSeed } from "./initiative.ts";
import { dicepoolRollOrder } from "./order.ts";
import { FALLING_KEY, fallIn, fallingOf } from "./falling.ts";
import { dicepoolOptions } from "./settings.ts";
import { lowerFaller } from "./terrain.ts";

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
  const left = actionsLeft(turnActionsOf(actor), options);
  const down = me.dead || me.incapacitated !== null;
  const chips: TrackerChip[] = [
    {
      label: left.simple >= 2 ? "FRAY.Dicepool.Tracker.SimpleTwo" : "FRAY.Dicepool.Tracker.Simple",
      on: !down && left.simple > 0,
      hint: "FRAY.Dicepool.Tracker.SimpleHint",
    },
    {
      label: "FRAY.Dicepool.Tracker.Free",
      on: !down && left.free > 0,
      hint: "FRAY.Dicepool.Tracker.FreeHint",
    },
    {
      label: "FRAY.Dicepool.Tracker.Interrupt",
      on: !down,
      hint: "FRAY.Dicepool.Tracker.InterruptHint",
    },
  ];
  const flag = (label: string, hint = "") => chips.push({ label, on: true, hint, flag: true });
  for (const grapple of heldGrapples(actor).filter((g) => g.pool > 0)) {
    // A chip's label is localized by the tracker; a formatted text comes back unchanged.
    flag(
      i18n().format("FRAY.Dicepool.Tracker.Grappling", { pool: grapple.pool }),
      "FRAY.Dicepool.Tracker.GrapplingHint",
    );
  }
  if (holdersOf(actor).length > 0) flag("FRAY.Dicepool.Tracker.Grappled");
  const cover = coverTaken(actor);
  if (cover !== null) {
    const kind = i18n().localize(`FRAY.Dicepool.Cover.${cover}`);
    flag(i18n().format("FRAY.Dicepool.Tracker.InCover", { cover: kind }));
  }
  if (guarding(actor) !== null) flag("FRAY.Dicepool.Tracker.Guarding");
  if (options.initiativeDamage && fightOf(actor) !== null) {
    flag(
      i18n().format("FRAY.Dicepool.Tracker.Initiative", { initiative: initiativeOf(actor) }),
      "FRAY.Dicepool.Tracker.InitiativeHint",
    );
  }
  const falling = fallingOf(actor);
  if (falling !== null) {
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
 * The combatant's own turn starts: fresh actions, bleeding, grapple upkeep, falling. Returns the
 * changes (by combatant, with the ledger's fresh budget and grapples) and what to report.
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
    if (id !== null && Object.keys(fields).length > 0) {
      changes.push({ combatantId: id, changes: fields });
    }
  };
  const before = toDicepoolCombatant(actor);
  const own: Record<string, FieldValue> = {};
  // Cover taken and an ally guarded hold until this turn starts (table/conduct.ts).
  const ledger: Record<string, unknown> = { ...freshTurnLedger(), ...conductTurnReset() };
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
  const held = grapplesIn(combat, combatant.id ?? "");
  let stored = held;
  for (const entry of held) {
    const victimActor = resolveActor(entry.victimId);
    if (victimActor === null) {
      stored = stored.filter((g) => g.victimId !== entry.victimId);
      grapples.push({ victimName: entry.victimName, pool: 0 });
      continue;
    }
    const victim = toDicepoolCombatant(victimActor);
    const upkeep = grappleUpkeep(asGrapple(combatantId(actor), entry), victim, options);
    if (!upkeep.ok) continue;
    const kept = upkeep.value;
    grapples.push({ victimName: entry.victimName, pool: kept.grapple?.pool ?? 0 });
    stored = grapplesAfter(stored, entry.victimId, kept.grapple);
    const victimUpdate = diffDicepool(victim, kept.victim);
    if (victimUpdate !== null) add(entry.victimId, toFieldChanges(victimUpdate.changes));
  }
  if (held.length > 0) ledger[GRAPPLES_KEY] = stored;
  let fall: TurnStartReport["fall"] = null;
  const falling = fallIn(combat, combatant.id ?? "");
  if (falling !== null) {
    const after = current;
    const step = fallOnTurn(falling, after, options);
    if (step.ok) {
      fall = { height: step.value.fall.height, landed: step.value.landed, damage: 0 };
      ledger[FALLING_KEY] = step.value.landed ? null : step.value.fall;
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
  changes.push({ combatantId: combatant.id ?? "", changes: own, ledger });
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
    const key =
      grapple.pool > 0 ? "FRAY.Dicepool.Turn.GrappleHeld" : "FRAY.Dicepool.Turn.GrappleBroke";
    lines.push(
      t.format(key, { name: report.name, victim: grapple.victimName, pool: grapple.pool }),
    );
  }
  if (report.fall !== null) {
    lines.push(
      report.fall.landed
        ? t.format("FRAY.Dicepool.Turn.Landed", { name: report.name, damage: report.fall.damage })
        : t.format("FRAY.Dicepool.Turn.Falling", { name: report.name, height: report.fall.height }),
    );
  }
  await postLines(null, lines, "fray-dp-turn");
}

/** Why a combatant is out of the fight, or null while it can fight. */
export function dicepoolOutOfFight(actor: Actor.Implementation): OutOfFight | null {
  const me = toDicepoolCombatant(actor);
  if (me.dead) return { reason: "FRAY.Dicepool.Status.dead" };
  if (systemOf(actor).surrendered === true) return { reason: "FRAY.Dicepool.Status.surrendered" };
  if (me.incapacitated === null) return null;
  const reason = bleeds(me) ? "FRAY.Dicepool.Status.dying" : "FRAY.Dicepool.Status.incapacitated";
  return { reason, keepsTurns: true };
}

export const DICEPOOL_COMBAT_HOOKS: CombatRulesetHooks = {
  orderInput: (actor) => dicepoolOrderInput(actor),
  rollOrder: (combat) => dicepoolRollOrder(combat),
  memberChips: (actor) => dicepoolMemberChips(actor),
  // The dead are out; the incapacitated too, but they keep their turns: they bleed on them.
  outOfFight: (actor) => dicepoolOutOfFight(actor),
  // A new round: everybody's turn is fresh in the ledger (and again at its own turn start).
  // Round 1 also copies each one's rolled initiative into the ledger (initiative.ts).
  roundStart: (combat, combatants) =>
    combatants.map((c) => ({
      combatantId: c.combatantId,
      changes: {},
      ledger: { ...freshTurnLedger(), ...initiativeSeed(combat, c.combatantId) },
    })),
  turnStart: async (combat, combatant) => {
    const { changes, report } = await dicepoolTurnStart(combat, combatant);
    if (report !== null) await postReport(report);
    // The faller's token comes down with it (terrain.ts).
    if (report?.fall && combatant.actor) await lowerFaller(combatant.actor, report.fall.height);
    return changes;
  },
};
