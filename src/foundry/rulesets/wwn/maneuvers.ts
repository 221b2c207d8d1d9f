/**
 * The WWN maneuvers that reach another actor (Shove, Grapple, breaking free, moving a captive,
 * Shatter a Shield, the Execution Attack), at the table. The active GM is the referee
 * (shared/referee.ts): the player's client checks what it can and sends an intent (ids and
 * choices); the referee re-reads the documents, checks who asks, runs the rule of
 * src/rules/wwn/maneuvers.ts on dice it rolls with core Roll, writes every change once and posts
 * the card (templates/wwn/chat/maneuver-card.hbs), which it authors. There is no Apply step: the
 * opposed checks are rolled and settled on the referee in one go.
 *
 * Outside a started combat the action economy is not tracked (the action paid is not written).
 */
import type { DiceSource } from "../../../rules/core/dice.ts";
import { ok, refuse } from "../../../rules/core/result.ts";
import type { Refusal, Result } from "../../../rules/core/result.ts";
import type { TurnContext } from "../../../rules/wwn/actions.ts";
import type { AttackInput } from "../../../rules/wwn/attack.ts";
import type { WwnUpdate } from "../../../rules/wwn/changes.ts";
import type { CheckRoll } from "../../../rules/wwn/checks.ts";
import {
  escapeGrapple,
  executionAttack,
  grapple,
  moveGrappled,
  shatterShield,
  shove,
} from "../../../rules/wwn/maneuvers.ts";
import type {
  ExecutionOutcome,
  ExecutionRange,
  HitManeuverOutcome,
  TargetSize,
} from "../../../rules/wwn/maneuvers.ts";
import type { WwnCombatant } from "../../../rules/wwn/model.ts";
import { SYSTEM_ID, SYSTEM_PATH } from "../../constants.ts";
import { combatMembers } from "../../shared/combat-members.ts";
import { owns, postRefereeCard } from "../../shared/cards.ts";
import { withDice } from "../../shared/dice.ts";
import { i18n } from "../../shared/env.ts";
import { serializedBy } from "../../shared/referee.ts";
import { sendForCard } from "../../shared/attack.ts";
import type { Intent, RefereeOutcome } from "../../shared/referee.ts";
import { targetedActors } from "../../shared/actors.ts";
import {
  applyWwnUpdates,
  combatantId,
  resolveActor,
  toWwnCombatant,
  toWwnWeapon,
} from "./adapter.ts";
import {
  combatantNow,
  inCombat,
  startedCombatantOf,
  turnOf,
  warnWwnRefusal,
  withoutActions,
} from "./attack/workflow.ts";

/** The referee's action for every maneuver of this file. */
export const WWN_MANEUVER = "wwn.maneuver";
export const WWN_MANEUVER_CARD_TEMPLATE = `${SYSTEM_PATH}/templates/wwn/chat/maneuver-card.hbs`;
/** The message flag (under flags.fray) marking a maneuver card, with its kind and outcome. */
export const WWN_MANEUVER_FLAG = "wwnManeuver";

export const WWN_MANEUVER_KINDS = [
  "shove",
  "grapple",
  "escape",
  "moveGrappled",
  "shatter",
  "execution",
] as const;
export type WwnManeuverKind = (typeof WWN_MANEUVER_KINDS)[number];

/** What a player asks for: ids and choices only. */
export interface WwnManeuverRequest {
  readonly kind: WwnManeuverKind;
  readonly actorId: string;
  /** The weapon of a hit maneuver (Shove, Grapple, Shatter, Execution). */
  readonly weaponId?: string;
  /** The target of a hit maneuver. */
  readonly targetId?: string;
  /** Shove: "push" or "prone"; moving a captive: "drag" or "throw". */
  readonly effect?: "push" | "prone" | "drag" | "throw";
  readonly size?: TargetSize;
  /** Execution Attack: the range, and the two things only the table knows. */
  readonly range?: ExecutionRange;
  readonly prepared?: boolean;
  readonly targetUnaware?: boolean;
  readonly rollMode: string;
}

const NEEDS_TARGET: ReadonlySet<WwnManeuverKind> = new Set([
  "shove",
  "grapple",
  "shatter",
  "execution",
]);

function oneOf<T extends string>(value: unknown, allowed: readonly T[]): T | undefined | null {
  if (value === undefined) return undefined;
  return allowed.includes(value as T) ? (value as T) : null;
}

/** The request from a payload, or null when anything in it is not what it should be. */
export function parseWwnManeuver(raw: unknown): WwnManeuverRequest | null {
  if (typeof raw !== "object" || raw === null) return null;
  const r = raw as Record<string, unknown>;
  const kind = oneOf(r["kind"], WWN_MANEUVER_KINDS);
  if (kind === null || kind === undefined || typeof r["actorId"] !== "string") return null;
  const text = (v: unknown) => (v === undefined ? undefined : typeof v === "string" ? v : null);
  const flag = (v: unknown) => (v === undefined ? undefined : typeof v === "boolean" ? v : null);
  const fields = {
    weaponId: text(r["weaponId"]),
    targetId: text(r["targetId"]),
    effect: oneOf(r["effect"], ["push", "prone", "drag", "throw"] as const),
    size: oneOf(r["size"], ["manSized", "large", "huge"] as const),
    range: oneOf(r["range"], ["melee", "pointBlank", "normal", "extreme"] as const),
    prepared: flag(r["prepared"]),
    targetUnaware: flag(r["targetUnaware"]),
  };
  if (Object.values(fields).includes(null)) return null;
  const defined = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  return {
    ...(defined as Omit<WwnManeuverRequest, "kind" | "actorId" | "rollMode">),
    kind,
    actorId: r["actorId"],
    rollMode: typeof r["rollMode"] === "string" ? r["rollMode"] : "publicroll",
  };
}

/* ------------------------------------------------------------------------------------------ */
/*  The player's side                                                                           */
/* ------------------------------------------------------------------------------------------ */

/**
 * Asks the referee for a maneuver of `actor` (with `weapon` at the one targeted token where the
 * maneuver needs one). A refusal is a localized warning; returns the card's message, or null.
 */
export async function declareWwnManeuver(
  actor: Actor.Implementation,
  kind: WwnManeuverKind,
  choices: Omit<WwnManeuverRequest, "kind" | "actorId" | "rollMode" | "weaponId" | "targetId"> = {},
  weapon?: Item.Implementation,
): Promise<ChatMessage.Implementation | null> {
  let targetId: string | undefined;
  if (NEEDS_TARGET.has(kind)) {
    const targets = targetedActors();
    const target = targets[0];
    const refusal =
      weapon?.type !== "weapon"
        ? refuse("notAWeapon")
        : target === undefined
          ? refuse("noTarget")
          : targets.length > 1
            ? refuse("tooManyTargets")
            : null;
    if (refusal !== null || target === undefined) {
      if (refusal !== null) warnWwnRefusal(refusal);
      return null;
    }
    targetId = combatantId(target);
  }
  const request: WwnManeuverRequest = {
    ...choices,
    kind,
    actorId: combatantId(actor),
    ...(weapon === undefined ? {} : { weaponId: weapon.id ?? "" }),
    ...(targetId === undefined ? {} : { targetId }),
    rollMode: game.settings.get("core", "rollMode") ?? "publicroll",
  };
  return sendForCard(WWN_MANEUVER, request, warnWwnRefusal);
}

/* ------------------------------------------------------------------------------------------ */
/*  The referee's side                                                                          */
/* ------------------------------------------------------------------------------------------ */

/** One check line of a card: who rolled, the dice and the total, and whether it won. */
interface CheckLine {
  readonly name: string;
  readonly faces: string;
  readonly total: number;
  readonly won: boolean;
}

/** What the card shows; also kept in the message's flags. */
export interface WwnManeuverCard {
  readonly kind: WwnManeuverKind;
  readonly actorName: string;
  readonly targetName: string | null;
  readonly weaponName: string | null;
  readonly hit: {
    readonly natural: number;
    readonly total: number;
    readonly ac: number;
    readonly hit: boolean;
  } | null;
  readonly checks: readonly CheckLine[];
  /** The result's translation key and its data (names and numbers). */
  readonly result: string;
  readonly resultData: Readonly<Record<string, string>>;
}

const line = (name: string, roll: CheckRoll, won: boolean): CheckLine => ({
  name,
  faces: roll.faces.join(" + "),
  total: roll.total,
  won,
});

/** The people an escape is made from: who grapples `me`, in the combat or else in the world. */
function grapplersOf(actor: Actor.Implementation, me: WwnCombatant): Actor.Implementation[] {
  const started = startedCombatantOf(actor);
  const pool =
    started === null
      ? (game.actors?.contents ?? [])
      : combatMembers(started.combat).map((m) => m.actor);
  return pool.filter((a) => a.id !== actor.id && toWwnCombatant(a).grappling === me.id);
}

interface Settled {
  readonly updates: readonly WwnUpdate[];
  readonly card: WwnManeuverCard;
}

type Computed = Result<Settled>;

function hitView(outcome: HitManeuverOutcome): WwnManeuverCard["hit"] {
  const h = outcome.hit;
  return { natural: h.natural, total: h.total, ac: h.ac, hit: h.hit };
}

function hitChecks(outcome: HitManeuverOutcome, a: string, d: string): CheckLine[] {
  const c = outcome.check;
  if (c === undefined) return [];
  return [line(a, c.actor, c.actorWins), line(d, c.defender, !c.actorWins)];
}

function resultKey(kind: WwnManeuverKind, outcome: HitManeuverOutcome, effect?: string): string {
  if (!outcome.hit.hit) return "FRAY.Wwn.Maneuver.Result.missed";
  if (!outcome.success) return `FRAY.Wwn.Maneuver.Result.${kind}Failed`;
  return effect === undefined
    ? `FRAY.Wwn.Maneuver.Result.${kind}`
    : `FRAY.Wwn.Maneuver.Result.${kind}.${effect}`;
}

function executionKey(outcome: ExecutionOutcome): string {
  return `FRAY.Wwn.Maneuver.Result.execution.${outcome.result}`;
}

/** Runs the rule of the request on `dice`; the card and the writes, or the rule's refusal. */
function compute(
  request: WwnManeuverRequest,
  actor: Actor.Implementation,
  me: WwnCombatant,
  turn: TurnContext,
  dice: DiceSource,
): Computed {
  const weaponItem = request.weaponId === undefined ? undefined : actor.items.get(request.weaponId);
  const target = request.targetId === undefined ? null : resolveActor(request.targetId);
  const base = {
    actorName: me.name,
    targetName: target?.name ?? null,
    weaponName: weaponItem?.name ?? null,
  };
  if (NEEDS_TARGET.has(request.kind)) {
    if (weaponItem?.type !== "weapon") return refuse("notAWeapon");
    if (target === null) return refuse("noTarget");
  }
  const input = (): AttackInput => ({
    attacker: me,
    defender: toWwnCombatant(target as Actor.Implementation),
    weapon: toWwnWeapon(weaponItem as Item.Implementation),
    situation: { mode: "melee", adjacent: true },
    turn,
  });
  const settleHit = (
    outcome: Result<HitManeuverOutcome>,
    effect?: string,
    data: Record<string, string> = {},
  ): Computed => {
    if (!outcome.ok) return outcome;
    const o = outcome.value;
    const names = { actor: me.name, target: target?.name ?? "" };
    return ok({
      updates: o.updates,
      card: {
        ...base,
        kind: request.kind,
        hit: o.hit.natural === 0 ? null : hitView(o),
        checks: hitChecks(o, me.name, target?.name ?? o.defender.name),
        result: resultKey(request.kind, o, effect),
        resultData: { ...names, ...data },
      },
    });
  };
  switch (request.kind) {
    case "shove": {
      const effect = request.effect === "prone" ? "prone" : "push";
      const out = shove({ ...input(), effect, size: request.size ?? "manSized" }, dice);
      return settleHit(out, effect, out.ok ? { feet: String(out.value.pushedFeet) } : {});
    }
    case "grapple":
      return settleHit(grapple({ ...input(), size: request.size ?? "manSized" }, dice));
    case "shatter":
      return settleHit(shatterShield(input(), dice));
    case "moveGrappled": {
      const captive = me.grappling === null ? null : resolveActor(me.grappling);
      if (captive === null) return refuse("notGrappling");
      const effect = request.effect === "throw" ? "throw" : "drag";
      const out = moveGrappled(
        me,
        toWwnCombatant(captive),
        effect,
        dice,
        turn,
        undefined,
        request.size ?? "manSized",
      );
      if (!out.ok) return out;
      const o = out.value;
      return ok({
        updates: o.updates,
        card: {
          ...base,
          targetName: captive.name,
          kind: request.kind,
          hit: null,
          checks: hitChecks(o, me.name, captive.name),
          result: o.success
            ? `FRAY.Wwn.Maneuver.Result.moveGrappled.${effect}`
            : "FRAY.Wwn.Maneuver.Result.moveGrappledFailed",
          resultData: { actor: me.name, target: captive.name, feet: String(o.feet) },
        },
      });
    }
    case "escape": {
      const holders = grapplersOf(actor, me);
      const out = escapeGrapple(
        me,
        holders.map((h) => toWwnCombatant(h)),
        dice,
        turn,
      );
      if (!out.ok) return out;
      const o = out.value;
      const names = new Map(holders.map((h) => [combatantId(h), h.name]));
      return ok({
        updates: o.updates,
        card: {
          ...base,
          kind: request.kind,
          hit: null,
          checks: [
            line(me.name, o.defenderCheck, o.free),
            ...o.against.map((a) => line(names.get(a.id) ?? a.id, a.check, !a.freed)),
          ],
          result: o.free
            ? "FRAY.Wwn.Maneuver.Result.escape"
            : o.against.some((a) => a.freed)
              ? "FRAY.Wwn.Maneuver.Result.escapePartly"
              : "FRAY.Wwn.Maneuver.Result.escapeFailed",
          resultData: { actor: me.name },
        },
      });
    }
    case "execution": {
      const i = input();
      const out = executionAttack(
        {
          attacker: i.attacker,
          defender: i.defender,
          weapon: i.weapon,
          prepared: request.prepared === true,
          targetUnaware: request.targetUnaware === true,
          range: request.range ?? "melee",
          turn,
        },
        dice,
      );
      if (!out.ok) return out;
      const o = out.value;
      const checks: CheckLine[] = [];
      if (o.shot !== undefined) checks.push(line(me.name, o.shot, o.hit));
      const save = o.save;
      return ok({
        updates: o.updates,
        card: {
          ...base,
          kind: request.kind,
          hit: null,
          checks,
          result: executionKey(o),
          resultData: {
            actor: me.name,
            target: target?.name ?? "",
            dealt: String(o.dealt),
            ...(o.shot === undefined ? {} : { difficulty: String(o.shot.difficulty) }),
            ...(save === undefined
              ? {}
              : { save: String(save.natural + save.modifier), saveTarget: String(save.target) }),
          },
        },
      });
    }
  }
}

/**
 * The referee's side of a maneuver (on the active GM): reads the payload, checks the sender may
 * act for the actor, and, one request per actor at a time, runs the rule on the documents as they
 * are stored now, writes every change once and posts the card. Answers with the card's id.
 */
export function refereeWwnManeuver(
  intent: Intent,
  sender: User.Implementation,
): Promise<RefereeOutcome> {
  const request = parseWwnManeuver(intent.payload);
  if (request === null) return Promise.resolve(refuse("badRequest"));
  const actor = resolveActor(request.actorId);
  if (actor === null || !(sender.isGM || owns(actor, sender))) {
    return Promise.resolve(refuse("notAllowed"));
  }
  return serializedBy(`${SYSTEM_ID}.attacker.${request.actorId}`, async () => {
    const me = combatantNow(actor);
    const turn = turnOf(actor);
    const rolled = await withDice((dice) => compute(request, actor, me, turn, dice));
    const outcome = rolled.value;
    if (!outcome.ok) return withName(outcome, actor);
    const { updates, card } = outcome.value;
    await applyWwnUpdates(inCombat(actor) ? updates : withoutActions(updates));
    const message = await postRefereeCard({
      speaker: ChatMessage.getSpeaker({ actor }),
      content: await renderWwnManeuverCard(card),
      flags: { [SYSTEM_ID]: { [WWN_MANEUVER_FLAG]: card } },
      rolls: rolled.rolls,
      rollMode: request.rollMode,
      roller: sender.id ?? "",
    });
    return message === null ? refuse("failed") : { ok: true, value: message.id };
  });
}

function withName(refusal: Refusal, actor: Actor.Implementation): Refusal {
  return refuse(refusal.reason, { name: actor.name, ...refusal.detail });
}

/** The card's template context: the card, with its result sentence translated. */
export function wwnManeuverCardContext(card: WwnManeuverCard) {
  return {
    ...card,
    title: `FRAY.Wwn.Maneuver.${card.kind}`,
    resultText: i18n().format(card.result, { ...card.resultData }),
  };
}

export function renderWwnManeuverCard(card: WwnManeuverCard): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(
    WWN_MANEUVER_CARD_TEMPLATE,
    wwnManeuverCardContext(card),
  );
}
