/**
 * The dice-pool game's actions at the table besides attacks, through the referee (the active GM,
 * shared/referee.ts): a player sends an intent (which actor, which other actor, a count or a
 * choice); the referee re-reads the live documents, checks ownership, the turn and the costs with
 * the rules, writes every change in one batch and posts a line to the chat.
 *
 * - spendGrapple (Interrupt): the assailant spends Grappling Pool points; the victim's next roll
 *   (its attack, or its defense) is that many dice lower (rules: spendGrapplePool).
 * - escape (Interrupt): the victim pays Energy equal to the pool and is free (escapeWithEnergy).
 * - resist (Interrupt, once): a victim the grapple incapacitates spends Energy against the pool
 *   (resistGrappleIncapacitation).
 * - restrain (Free): restraints on a victim the grapple holds incapacitated (applyRestraints).
 * - stabilize (Simple): a medic with Medicine 1 (or the power) stops a dying character's bleeding.
 * - move (Simple): up to the speed in spaces; in a started combat the second move of a turn is a
 *   sprint (1 Energy);
 *   swimming and climbing as the rules say; dragging a victim costs 1 pool point per space.
 * - fall (the GM): a character starts falling from a height; its turns drop it (combat.ts).
 *
 * Plot Armor is the GM's to give (a power on the sheet; see data.ts) and works inside the damage
 * rules (takeDamage): nothing to press.
 *
 * Out of a started combat nothing counts actions; in one, Simple and Free actions need the actor's
 * own turn, Interrupts do not.
 */
import { refuse } from "../../../rules/core/result.ts";
import type { Refusal } from "../../../rules/core/result.ts";
import { takeAction } from "../../../rules/dicepool/actions.ts";
import type { ActionName, TurnActions } from "../../../rules/dicepool/actions.ts";
import { diffDicepool } from "../../../rules/dicepool/changes.ts";
import type { DicepoolUpdate } from "../../../rules/dicepool/changes.ts";
import {
  applyRestraints,
  escapeWithEnergy,
  resistGrappleIncapacitation,
  spendGrapplePool,
} from "../../../rules/dicepool/grapple.ts";
import type { Grapple, GrappleState } from "../../../rules/dicepool/grapple.ts";
import { stabilize } from "../../../rules/dicepool/health.ts";
import type { DicepoolCombatant } from "../../../rules/dicepool/model.ts";
import { planMove } from "../../../rules/dicepool/movement.ts";
import type { Medium } from "../../../rules/dicepool/movement.ts";
import type { DicepoolOptions } from "../../../rules/dicepool/options.ts";
import { checkNumber } from "../../../rules/core/guard.ts";
import { SYSTEM_ID } from "../../constants.ts";
import { owns } from "../../shared/cards.ts";
import { currentUser, i18n } from "../../shared/env.ts";
import { sendIntent, serializedBy, TRANSPORT_REFUSALS } from "../../shared/referee.ts";
import type { Intent, RefereeOutcome } from "../../shared/referee.ts";
import { isActorsTurn } from "../../shared/turn.ts";
import {
  applyDicepoolUpdates,
  combatantId,
  grappleOn,
  holdersOf,
  resolveActor,
  storedGrapplesAfter,
  systemOf,
  toDicepoolCombatant,
} from "./adapter.ts";
import { startedCombatant, warnDicepoolRefusal } from "./attack/workflow.ts";
import { dicepoolOptions } from "./settings.ts";

export const DICEPOOL_ACT = "dicepool.act";

export const TABLE_ACTS = [
  "spendGrapple",
  "escape",
  "resist",
  "restrain",
  "stabilize",
  "move",
  "fall",
] as const;
export type TableAct = (typeof TABLE_ACTS)[number];

export const MEDIA: readonly Medium[] = [
  "ground",
  "flying",
  "swimming",
  "climbingUp",
  "climbingAcross",
];

/** What a user asks for: ids and choices. */
export interface ActRequest {
  readonly act: TableAct;
  /** The actor acting (its owner sends it). */
  readonly actorId: string;
  /** The other actor: the victim, the assailant, the patient, or the one dragged ("" for none). */
  readonly otherId: string;
  /** Points, Energy, spaces or height, by act (0 where unused). */
  readonly amount: number;
  readonly medium: Medium;
}

/** The writes and the chat line an act comes to. */
interface ActPlan {
  readonly updates: DicepoolUpdate[];
  readonly line: string;
}

const ACT_ACTIONS: Partial<Record<TableAct, ActionName>> = {
  spendGrapple: "spendGrapplePool",
  escape: "escapeGrapple",
  resist: "resistGrapple",
  restrain: "applyRestraints",
  stabilize: "stabilize",
  move: "move",
};

function parseAct(raw: unknown): ActRequest | null {
  if (typeof raw !== "object" || raw === null) return null;
  const { act, actorId, otherId, amount, medium } = raw as Record<string, unknown>;
  if (!TABLE_ACTS.includes(act as TableAct)) return null;
  if (typeof actorId !== "string" || typeof otherId !== "string") return null;
  if (checkNumber("amount", amount, { min: 0, max: 1000, whole: true }) !== undefined) return null;
  if (!MEDIA.includes(medium as Medium)) return null;
  return {
    act: act as TableAct,
    actorId,
    otherId,
    amount: amount as number,
    medium: medium as Medium,
  };
}

/** The action the act costs (in a started combat), as the field changes of the turn. */
function spendTurn(
  actor: Actor.Implementation,
  act: TableAct,
  me: DicepoolCombatant,
  options: DicepoolOptions,
): { ok: true; value: Record<string, number | boolean> } | Refusal {
  const action = ACT_ACTIONS[act];
  if (action === undefined || !startedCombatant(actor)) return { ok: true, value: {} };
  const spent = takeAction(
    systemOf(actor).actions,
    action,
    {
      ownTurn: isActorsTurn(actor),
      incapacitated: me.incapacitated !== null || me.dead,
      grappled: holdersOf(actor).length > 0,
    },
    options,
  );
  if (!spent.ok) return spent;
  const turn: TurnActions = spent.value;
  return {
    ok: true,
    value: Object.fromEntries(
      Object.entries(turn).map(([key, value]) => [`system.actions.${key}`, value]),
    ),
  };
}

/** The grapple's new state as writes: the assailant's list and the victim's changes. */
function grappleWrites(
  assailant: Actor.Implementation,
  grip: Grapple,
  victimBefore: DicepoolCombatant,
  after: GrappleState,
): DicepoolUpdate[] {
  const list = storedGrapplesAfter(systemOf(assailant).grapples, grip.victimId, after.grapple);
  const victim = diffDicepool(victimBefore, after.victim);
  return [
    { actorId: combatantId(assailant), changes: { "system.grapples": list as never } },
    ...(victim === null ? [] : [victim]),
  ];
}

/** Merges updates addressed to the same actor (one write each). */
function merged(updates: readonly DicepoolUpdate[]): DicepoolUpdate[] {
  const byActor = new Map<string, Record<string, unknown>>();
  for (const u of updates) byActor.set(u.actorId, { ...byActor.get(u.actorId), ...u.changes });
  return [...byActor]
    .filter(([, changes]) => Object.keys(changes).length > 0)
    .map(([actorId, changes]) => ({ actorId, changes: changes as DicepoolUpdate["changes"] }));
}

/**
 * Checks an act against the live documents and works out its writes; nothing is written.
 * `user` is who asks (the referee checks the sender; a client checks itself first).
 */
export function planAct(
  request: ActRequest,
  user: User.Implementation,
  options: DicepoolOptions = dicepoolOptions(),
): { ok: true; value: ActPlan } | Refusal {
  const actor = resolveActor(request.actorId);
  if (actor === null) return refuse("noSuchTarget");
  if (!(user.isGM || owns(actor, user))) return refuse("notAllowed");
  if (request.act === "fall" && !user.isGM) return refuse("gmOnly");
  const other = request.otherId === "" ? null : resolveActor(request.otherId);
  if (request.otherId !== "" && other === null) return refuse("noSuchTarget");
  const me = toDicepoolCombatant(actor);
  const t = i18n();
  const say = (key: string, data: Record<string, string | number> = {}) =>
    t.format(`FRAY.Dicepool.Act.${key}`, { name: actor.name, other: other?.name ?? "", ...data });
  const turn = spendTurn(actor, request.act, me, options);
  if (!turn.ok) return turn;
  const own: DicepoolUpdate = { actorId: combatantId(actor), changes: turn.value };
  const done = (updates: DicepoolUpdate[], line: string) =>
    ({ ok: true, value: { updates: merged([own, ...updates]), line } }) as const;

  switch (request.act) {
    case "spendGrapple":
    case "restrain": {
      const grip = other === null ? null : grappleOn(actor, combatantId(other));
      if (other === null || grip === null) return refuse("noGrapple");
      const victim = toDicepoolCombatant(other);
      if (request.act === "restrain") {
        const bound = applyRestraints(victim, options);
        if (!bound.ok) return bound;
        const change = diffDicepool(victim, bound.value);
        return done(change === null ? [] : [change], say("Restrained"));
      }
      if (request.amount < 1) return refuse("noPoints");
      const spent = spendGrapplePool(grip, victim, request.amount, options);
      if (!spent.ok) return spent;
      const writes = grappleWrites(actor, grip, victim, spent.value);
      const penalty = systemOf(other).grapplePenalty + spent.value.penalty;
      writes.push({ actorId: combatantId(other), changes: { "system.grapplePenalty": penalty } });
      return done(
        writes,
        say("SpentGrapple", { points: request.amount, pool: spent.value.grapple?.pool ?? 0 }),
      );
    }
    case "escape":
    case "resist": {
      const grip = other === null ? null : grappleOn(other, combatantId(actor));
      if (other === null || grip === null) return refuse("noGrapple");
      const result =
        request.act === "escape"
          ? escapeWithEnergy(grip, me, options)
          : resistGrappleIncapacitation(grip, me, request.amount, options);
      if (!result.ok) return result;
      const line =
        request.act === "escape"
          ? say("Escaped", { energy: grip.pool })
          : say("Resisted", { energy: request.amount, pool: result.value.grapple?.pool ?? 0 });
      return done(grappleWrites(other, grip, me, result.value), line);
    }
    case "stabilize": {
      if (other === null) return refuse("noTarget");
      const patient = toDicepoolCombatant(other);
      const saved = stabilize(patient, me, options);
      if (!saved.ok) return saved;
      const change = diffDicepool(patient, saved.value);
      return done(change === null ? [] : [change], say("Stabilized"));
    }
    case "move": {
      const grip = other === null ? null : grappleOn(actor, combatantId(other));
      if (other !== null && grip === null) return refuse("noGrapple");
      const planned = planMove(
        me,
        {
          spaces: request.amount,
          medium: request.medium,
          // Out of a started combat there are no turns, so no move is a sprint.
          movesThisTurn: startedCombatant(actor) ? systemOf(actor).actions.moves : 0,
          grappled: holdersOf(actor).length > 0,
          falling: systemOf(actor).falling !== null,
          ...(other === null || grip === null
            ? {}
            : {
                dragging: { victimSize: toDicepoolCombatant(other).size, grapplePool: grip.pool },
              }),
        },
        options,
      );
      if (!planned.ok) return planned;
      const writes: DicepoolUpdate[] = [];
      if (planned.value.energy > 0) {
        writes.push({
          actorId: combatantId(actor),
          changes: { "system.energy.value": me.energy.value - planned.value.energy },
        });
      }
      if (other !== null && grip !== null && planned.value.grapplePool > 0) {
        const victim = toDicepoolCombatant(other);
        const paid = spendGrapplePool(grip, victim, planned.value.grapplePool, options);
        if (!paid.ok) return paid;
        writes.push(...grappleWrites(actor, grip, victim, paid.value));
      }
      const key = other !== null ? "Dragged" : planned.value.sprint ? "Sprinted" : "Moved";
      return done(writes, say(key, { spaces: request.amount, energy: planned.value.energy }));
    }
    case "fall": {
      if (request.amount < 1) return refuse("noHeight");
      const falling = { height: request.amount, fallen: 0 };
      return done(
        [{ actorId: combatantId(actor), changes: { "system.falling": falling as never } }],
        say("Falls", { height: request.amount }),
      );
    }
  }
}

async function postLine(actor: Actor.Implementation | null, line: string): Promise<void> {
  await ChatMessage.create({
    author: currentUser().id,
    speaker: actor === null ? {} : ChatMessage.getSpeaker({ actor }),
    content: `<div class="fray-card fray-dp-card fray-dp-act"><p>${foundry.utils.escapeHTML(line)}</p></div>`,
  });
}

/** The referee's side of an act (on the active GM): checks again on live documents, writes once. */
export async function refereeDicepoolAct(
  intent: Intent,
  sender: User.Implementation,
): Promise<RefereeOutcome> {
  const request = parseAct(intent.payload);
  if (request === null) return refuse("badRequest");
  // Serialized per actor pair: two presses of the same act never both pay.
  const key = [request.actorId, request.otherId].sort().join("|");
  return serializedBy(`${SYSTEM_ID}.act.${key}`, async () => {
    const planned = planAct(request, sender);
    if (!planned.ok) return planned;
    await applyDicepoolUpdates(planned.value.updates);
    await postLine(resolveActor(request.actorId), planned.value.line);
    return { ok: true };
  });
}

/**
 * A button on the sheet: checked here first (a refusal is a warning and nothing is sent), then
 * sent to the referee. Returns whether the referee did it.
 */
export async function requestDicepoolAct(
  act: TableAct,
  actor: Actor.Implementation,
  other: Actor.Implementation | null,
  amount = 0,
  medium: Medium = "ground",
): Promise<boolean> {
  const request: ActRequest = {
    act,
    actorId: combatantId(actor),
    otherId: other === null ? "" : combatantId(other),
    amount,
    medium,
  };
  const checked = planAct(request, currentUser());
  if (!checked.ok) {
    warnDicepoolRefusal(checked);
    return false;
  }
  const outcome = await sendIntent(DICEPOOL_ACT, request);
  if (!outcome.ok && !(TRANSPORT_REFUSALS as readonly string[]).includes(outcome.reason)) {
    warnDicepoolRefusal(outcome);
  }
  return outcome.ok;
}
