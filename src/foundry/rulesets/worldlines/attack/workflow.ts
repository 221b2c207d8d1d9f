/**
 * The Worldlines attack at the table, in three steps on one chat card:
 *
 * 1. declare: the attacker's client checks the attack (target, Energy, turn, Staggered, Charm),
 *    rolls the Combat die with core Roll, pays the Energy and posts the card;
 * 2. defend: the defender's owner (or the GM) presses Evade or Take it; the rest of the dice
 *    (Evasion, headshot d20, damage, Armor die, limb Spirit check …) are rolled and shown. After a
 *    failed Evasion, when the defender may still interrupt, the card stops and offers Evade again
 *    (a second Evasion as the round's interruption) or Take it;
 * 3. apply: the owner of the defender, the attacker or the GM writes the result to the actor.
 *
 * Every write is made by a client allowed to make it: when the user pressing a button may not
 * update the card or the target, the request travels to the active GM as the
 * `fray.worldlinesAttack` query, and the GM checks permission and the rules again before writing.
 * A critical hit cannot be evaded, so it goes straight to step 3.
 */
import { singleTarget } from "../../../shared/attack.ts";
import type { DieRoll } from "../../../../rules/core/dice.ts";
import { refuse } from "../../../../rules/core/result.ts";
import type { Refusal } from "../../../../rules/core/result.ts";
import {
  FIELD_PATHS,
  attackModifiers,
  checkAttack,
  checkEvasion,
  checkExtraEvasion,
  critThreshold,
  evasionModifiers,
  resolveAttack,
} from "../../../../rules/worldlines/index.ts";
import type {
  ActorUpdate,
  AttackInput,
  AttackRoll,
  AttackSituation,
  DefenseChoice,
  EvasionRefusal,
  EvasionRoll,
  WorldlinesCombatant,
  WorldlinesWeapon,
} from "../../../../rules/worldlines/index.ts";
import { SYSTEM_ID } from "../../../constants.ts";
import { applyUpdatesBatch, toCombatant, toWeapon } from "../adapter.ts";
import { ATTACK_CARD_TEMPLATE, attackCardContext, resultView } from "../cards/attack-card.ts";
import type { AttackCardState } from "../cards/attack-card.ts";
import { withDice } from "../../../shared/dice.ts";
import { chatMessages, currentUser, i18n, worldUsers } from "../../../shared/env.ts";
import { resolveActor } from "../../../shared/actors.ts";
import { warnRefusal as showRefusal } from "../../../shared/refusal.ts";
import { isActorsTurn } from "../../../shared/turn.ts";
import { mayRequestApply, mayWriteHere, owns, runHereOrOnGM } from "../../../shared/cards.ts";

export const ATTACK_QUERY = `${SYSTEM_ID}.worldlinesAttack`;

export type CardAction = "evade" | "evadeAgain" | "take" | "apply";

/** What a client asks the executing client (itself or the active GM) to do with a card. */
export interface CardRequest {
  readonly messageId: string;
  readonly userId: string;
  readonly action: CardAction;
  /** Dice the requester already rolled for this step (after the card's own). */
  readonly dice: readonly DieRoll[];
}

export type CardOutcome = { readonly ok: true } | Refusal;

/* ------------------------------------------------------------------------------------------ */
/*  Settings and permissions                                                                    */
/* ------------------------------------------------------------------------------------------ */

function autoApply(): boolean {
  return game.settings.get(SYSTEM_ID, "autoApplyDamage");
}

export function cardOf(message: ChatMessage.Implementation): AttackCardState | null {
  const card = (message.flags as Record<string, unknown> | undefined)?.[SYSTEM_ID] as
    { attack?: AttackCardState } | undefined;
  return card?.attack ?? null;
}

/** Whether this user may press Evade / Evade again / Take it on the card. */
export function canDefend(card: AttackCardState, user: User.Implementation): boolean {
  return user.isGM || owns(resolveActor(card.defenderId), user);
}

/** Whether this user may press Apply: the GM, the target's owner, or whoever posted the attack. */
export function canApply(
  card: AttackCardState,
  message: ChatMessage.Implementation,
  user: User.Implementation,
): boolean {
  return mayRequestApply(message, resolveActor(card.defenderId), user);
}

/* ------------------------------------------------------------------------------------------ */
/*  Step 1: declare                                                                             */
/* ------------------------------------------------------------------------------------------ */

/** The attack roll as the card shows it, from the Combat die's natural face. */
export function attackRollOf(input: AttackInput, natural: number): AttackRoll {
  const modifiers = attackModifiers(input);
  const threshold = critThreshold(input.attacker, input.weapon);
  return {
    die: input.attacker.traits.combat,
    natural,
    modifiers,
    total: natural + modifiers.reduce((t, m) => t + m.value, 0),
    critical: threshold !== null && natural >= threshold,
  };
}

export interface Declaration {
  readonly attacker: WorldlinesCombatant;
  readonly defender: WorldlinesCombatant;
  readonly weapon: WorldlinesWeapon;
  readonly cost: number;
}

/** Checks everything that may refuse an attack, in the order a player would want to hear it. */
export function checkDeclaration(
  attackerActor: Actor.Implementation,
  weaponItem: Item.Implementation,
  targets: readonly Actor.Implementation[],
  situation: AttackSituation,
): { ok: true; value: Declaration } | Refusal {
  const single = singleTarget(weaponItem, targets);
  if (!single.ok) return single;
  const target = single.value;
  if (!isActorsTurn(attackerActor)) return refuse("notYourTurn", { name: attackerActor.name });
  const attacker = toCombatant(attackerActor);
  const defender = toCombatant(target);
  const weapon = toWeapon(weaponItem);
  const allowed = checkAttack({ attacker, defender, weapon, situation });
  if (!allowed.ok) {
    return refuse(allowed.reason, {
      ...allowed.detail,
      name: attackerActor.name,
      target: target.name,
      formula: weapon.damage,
    });
  }
  return { ok: true, value: { attacker, defender, weapon, cost: allowed.value.cost } };
}

/**
 * Shows a refusal as a localized warning. Nothing else happens. `context` fills placeholders the
 * rules do not know (the actor's display name); the refusal's own detail wins over it.
 */
export function warnRefusal(
  refusal: Refusal,
  context: Readonly<Record<string, string>> = {},
): void {
  showRefusal((reason) => `FRAY.Worldlines.Attack.Refusal.${reason}`, refusal, context);
}

async function renderCard(card: AttackCardState): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(
    ATTACK_CARD_TEMPLATE,
    attackCardContext(card, i18n()),
  );
}

/** Shows freshly rolled dice with Dice So Nice, when it is installed. */
async function showDice(rolls: readonly Roll[]): Promise<void> {
  const dice3d = (
    game as { dice3d?: { showForRoll(roll: Roll, user: unknown, sync: boolean): Promise<unknown> } }
  ).dice3d;
  if (dice3d === undefined) return;
  await Promise.all(rolls.map((roll) => dice3d.showForRoll(roll, currentUser(), true)));
}

/**
 * Declares and rolls an attack against the one targeted token's actor. Refusals are shown as a
 * warning and change nothing. Returns the card's message, or null when refused.
 */
export async function declareAttack(
  attackerActor: Actor.Implementation,
  weaponItem: Item.Implementation,
  targets: readonly Actor.Implementation[],
  situation: AttackSituation,
): Promise<ChatMessage.Implementation | null> {
  const checked = checkDeclaration(attackerActor, weaponItem, targets, situation);
  if (!checked.ok) {
    warnRefusal(checked);
    return null;
  }
  const { attacker, defender, weapon, cost } = checked.value;
  const input: AttackInput = { attacker, defender, weapon, situation };
  const roll = await new Roll(`1d${attacker.traits.combat}`).evaluate();
  const natural = roll.total;
  const attack = attackRollOf(input, natural);

  // The attacker pays when the attack is made.
  const paid: ActorUpdate = {
    actorId: attacker.id,
    changes: { [FIELD_PATHS.energy]: attacker.energy.value - cost },
    setStatuses: {},
    removeStatuses: [],
  };
  await applyUpdatesBatch([paid]);

  let card: AttackCardState = {
    stage: "awaitingDefense",
    attackerId: attacker.id,
    defenderId: defender.id,
    attackerName: attacker.name,
    defenderName: defender.name,
    weaponName: weapon.name,
    attacker,
    weapon,
    situation,
    cost,
    attack,
    defense: null,
    dice: [{ sides: attacker.traits.combat, value: natural }],
    result: null,
  };
  let extraRolls: Roll[] = [];
  if (attack.critical) {
    // A critical cannot be evaded: the damage is rolled now.
    const resolved = await resolveCard(card, "take", defender, []);
    card = resolved.card;
    extraRolls = resolved.rolls;
  }
  const data = {
    author: currentUser().id,
    speaker: ChatMessage.getSpeaker({ actor: attackerActor }),
    content: await renderCard(card),
    rolls: [roll, ...extraRolls],
    flags: { [SYSTEM_ID]: { attack: card } },
  };
  const rollMode = game.settings.get("core", "rollMode") ?? "publicroll";
  ChatMessage.applyRollMode(data as never, rollMode);
  const message = (await ChatMessage.create(data as never)) as
    ChatMessage.Implementation | undefined;
  if (message === undefined) return null;
  if (attack.critical && autoApply()) await requestCardAction(message, "apply");
  return message;
}

/* ------------------------------------------------------------------------------------------ */
/*  Step 2: defend                                                                              */
/* ------------------------------------------------------------------------------------------ */

function inputOf(card: AttackCardState, defender: WorldlinesCombatant): AttackInput {
  // The attacker paid when declaring: the resolution must not charge again.
  return {
    attacker: card.attacker,
    defender,
    weapon: card.weapon,
    situation: { ...card.situation, energyCost: 0 },
  };
}

/** Why the defender may not evade, as the card's refusal reasons. */
const EVADE_REFUSALS: Record<EvasionRefusal, string> = {
  critical: "evadeCritical",
  notActive: "evadeNotActive",
  notEnoughEnergy: "evadeNotEnoughEnergy",
  interruptUsed: "evadeInterruptUsed",
  stressed: "evadeStressed",
  // Bad numbers on the defender: the shared FRAY.Refusal messages (shared/refusal.ts).
  "not-a-number": "not-a-number",
  "not-whole": "not-whole",
  "out-of-range": "out-of-range",
};

/** A defense step: the first answer to the attack, or the answer after a failed Evasion. */
type DefenseStep = "evade" | "take" | "evadeAgain";

/** The defender's choices for the engine, for a card whose defense is (or becomes) `step`. */
function choiceOf(card: AttackCardState, step: DefenseStep): DefenseChoice {
  if (step === "evadeAgain") return { evade: true, extraEvasion: true };
  // Taking the hit after a failed Evasion: the Evasion stands, no second one.
  if (card.stage === "awaitingExtraEvasion" || card.defense === "evade") {
    return { evade: true, extraEvasion: card.extraEvasion === true };
  }
  return { evade: step === "evade" };
}

/** Thrown inside a replay to stop before the damage dice: the defender has a choice to make. */
class AwaitExtraEvasion extends Error {}

/**
 * The defender as it was before this card's defense: the Energy it already paid on this card given
 * back, and its interruption too when the card used it (so replaying the card's dice retraces it).
 */
function beforeDefense(card: AttackCardState, now: WorldlinesCombatant): WorldlinesCombatant {
  const paid = card.result?.defenderSpent ?? card.evasionPaid ?? 0;
  return {
    ...now,
    energy: { ...now.energy, value: now.energy.value + paid },
    ...(card.extraEvasion === true ? { interruptUsed: false } : {}),
  };
}

/**
 * Rolls the rest of the attack (after the card's dice, then `given`) and the card it makes, from
 * the defender as it was before this card's defense. A first Evasion that fails, when the defender
 * may still interrupt for a second one, stops the card there (stage awaitingExtraEvasion).
 */
async function resolveCard(
  card: AttackCardState,
  step: DefenseStep,
  defender: WorldlinesCombatant,
  given: readonly DieRoll[],
): Promise<{ card: AttackCardState; rolls: Roll[] }> {
  const input = inputOf(card, defender);
  const firstCost = checkEvasion(defender, card.attack.critical);
  const mayPause = step === "evade" && card.stage === "awaitingDefense" && firstCost.ok;
  const paused = { total: 0 };
  const choice: DefenseChoice = mayPause
    ? {
        evade: true,
        extraEvasion: (view) => {
          const paid = {
            ...defender,
            energy: { ...defender.energy, value: defender.energy.value - firstCost.value.cost },
          };
          if (!checkExtraEvasion(paid).ok) return false;
          paused.total = view.evasionTotal ?? 0;
          throw new AwaitExtraEvasion();
        },
      }
    : choiceOf(card, step);
  const rolled = await withDice(
    (dice) => {
      try {
        return resolveAttack(input, dice, choice);
      } catch (error) {
        if (error instanceof AwaitExtraEvasion) return null;
        throw error;
      }
    },
    [...card.dice, ...given],
  );
  const outcome = rolled.value;
  if (outcome === null && mayPause) {
    // The first Evasion failed and the defender may interrupt: show it and wait.
    const evasionDice = rolled.dice.slice(card.dice.length);
    const evasion: EvasionRoll = {
      naturals: evasionDice.map((d) => d.value),
      modifiers: evasionModifiers(input),
      total: paused.total,
      success: false,
      extra: false,
    };
    return {
      card: {
        ...card,
        stage: "awaitingExtraEvasion",
        defense: "evade",
        dice: rolled.dice,
        pendingEvasion: evasion,
        evasionPaid: firstCost.value.cost,
      },
      rolls: rolled.rolls,
    };
  }
  if (outcome === null || !outcome.ok) {
    throw new Error(`the declared attack no longer resolves: ${outcome?.reason ?? "paused"}`);
  }
  const result = resultView(outcome.value, defender);
  const extraEvasion = outcome.value.evasions.some((e) => e.extra);
  return {
    card: {
      ...card,
      stage: "resolved",
      defense: step === "take" && card.defense !== "evade" ? "take" : "evade",
      extraEvasion,
      pendingEvasion: null,
      dice: rolled.dice,
      result,
    },
    rolls: rolled.rolls,
  };
}

/** Why the defender may not evade a second time, as the card's refusal reasons. */
function extraEvasionRefusal(defender: WorldlinesCombatant): Refusal | null {
  const can = checkExtraEvasion(defender);
  if (can.ok) return null;
  const reason =
    can.reason === "notEnoughEnergy" ? "evadeAgainNotEnoughEnergy" : EVADE_REFUSALS[can.reason];
  return refuse(reason, can.detail);
}

/** Rolls the dice a defense needs on this client (so the player sees them), without writing. */
async function preRoll(card: AttackCardState, action: DefenseStep): Promise<DieRoll[]> {
  const defenderActor = resolveActor(card.defenderId);
  if (defenderActor === null) return [];
  const now = toCombatant(defenderActor);
  if (action === "evade" && !checkEvasion(now, card.attack.critical).ok) return [];
  if (action === "evadeAgain" && extraEvasionRefusal(now) !== null) return [];
  const { card: resolved, rolls } = await resolveCard(card, action, beforeDefense(card, now), []);
  await showDice(rolls);
  return resolved.dice.slice(card.dice.length);
}

/* ------------------------------------------------------------------------------------------ */
/*  Step 3: apply                                                                               */
/* ------------------------------------------------------------------------------------------ */

/**
 * The updates of a resolved card, minus the Evasion Energy and the interruption (both paid when
 * evading).
 */
function damageUpdates(updates: readonly ActorUpdate[], defenderId: string): ActorUpdate[] {
  return updates
    .map((u) => {
      if (u.actorId !== defenderId) return u;
      const {
        [FIELD_PATHS.energy]: _paid,
        [FIELD_PATHS.interruptUsed]: _interrupted,
        ...changes
      } = u.changes;
      return { ...u, changes };
    })
    .filter(
      (u) =>
        Object.keys(u.changes).length > 0 ||
        Object.keys(u.setStatuses).length > 0 ||
        u.removeStatuses.length > 0,
    );
}

/**
 * Re-resolves a card against the defender as it is now (its Evasion Energy given back, since
 * that was paid when evading), on the card's own dice: what is applied always follows the rules
 * from the target's current health, even if it changed since the card was rolled.
 */
async function reresolve(card: AttackCardState, defenderNow: WorldlinesCombatant) {
  const before = beforeDefense(card, defenderNow);
  const { card: again, rolls } = await resolveCard(
    { ...card, dice: card.dice.slice(0, 1) },
    card.defense ?? "take",
    before,
    card.dice.slice(1),
  );
  return { card: again, rolls, defender: before };
}

/* ------------------------------------------------------------------------------------------ */
/*  Execution (on the requester's client, or the active GM's)                                   */
/* ------------------------------------------------------------------------------------------ */

/** Collection#get is typed as always finding one; a deleted message or user is not found. */
function missing<T>(value: T): T | undefined {
  return value;
}

function messageOf(id: string): ChatMessage.Implementation | null {
  return missing(chatMessages().get(id)) ?? null;
}

/**
 * Carries out a card request after checking, on this client, who asks and what the rules allow.
 * Runs on the requester's own client when it may write everything involved, else on the active
 * GM's (through the query).
 */
export async function executeCardRequest(request: CardRequest): Promise<CardOutcome> {
  const message = messageOf(request.messageId);
  const card = message === null ? null : cardOf(message);
  if (message === null || card === null) return refuse("noSuchCard");
  const requester = missing(worldUsers().get(request.userId)) ?? null;
  if (requester === null) return refuse("notAllowed");
  const defenderActor = resolveActor(card.defenderId);
  if (defenderActor === null) return refuse("noSuchTarget");

  if (request.action !== "apply") {
    const action = request.action;
    const waiting = card.stage === "awaitingDefense" || card.stage === "awaitingExtraEvasion";
    if (!waiting) return refuse("alreadyResolved");
    // Evade answers the attack; Evade again answers a failed Evasion; Take it answers either.
    const fits = action === "take" || (action === "evade") === (card.stage === "awaitingDefense");
    if (!fits) return refuse(action === "evade" ? "alreadyResolved" : "badRequest");
    if (!canDefend(card, requester)) return refuse("notAllowed");
    const now = toCombatant(defenderActor);
    if (action === "evade") {
      const can = checkEvasion(now, card.attack.critical);
      if (!can.ok) return refuse(EVADE_REFUSALS[can.reason], can.detail);
    }
    if (action === "evadeAgain") {
      const refusal = extraEvasionRefusal(now);
      if (refusal !== null) return refusal;
    }
    const before = beforeDefense(card, now);
    const { card: resolved } = await resolveCard(card, action, before, request.dice);
    // The Evasion Energy (and the interruption) is paid now, whatever happens to the card.
    const spent = resolved.result?.defenderSpent ?? resolved.evasionPaid ?? 0;
    const interrupted = resolved.extraEvasion === true && !now.interruptUsed;
    if (spent !== before.energy.value - now.energy.value || interrupted) {
      await applyUpdatesBatch([
        {
          actorId: card.defenderId,
          changes: {
            [FIELD_PATHS.energy]: before.energy.value - spent,
            ...(interrupted ? { [FIELD_PATHS.interruptUsed]: true } : {}),
          },
          setStatuses: {},
          removeStatuses: [],
        },
      ]);
    }
    const done =
      resolved.result?.hit === false ? { ...resolved, stage: "applied" as const } : resolved;
    await writeCard(message, done);
    if (done.stage === "resolved" && autoApply()) return applyCard(message, done);
    return { ok: true };
  }

  if (card.stage !== "resolved") {
    return refuse(card.stage === "applied" ? "alreadyApplied" : "notResolved");
  }
  if (!canApply(card, message, requester)) return refuse("notAllowed");
  return applyCard(message, card);
}

async function applyCard(
  message: ChatMessage.Implementation,
  card: AttackCardState,
): Promise<CardOutcome> {
  const defenderActor = resolveActor(card.defenderId);
  if (defenderActor === null) return refuse("noSuchTarget");
  const { card: again, defender } = await reresolve(card, toCombatant(defenderActor));
  const updates = damageUpdates(again.result?.updates ?? [], card.defenderId);
  await applyUpdatesBatch(updates);
  const result = again.result;
  await writeCard(message, {
    ...again,
    stage: "applied",
    result:
      result === null
        ? null
        : { ...result, health: { ...result.health, before: defender.health.value } },
  });
  return { ok: true };
}

async function writeCard(message: ChatMessage.Implementation, card: AttackCardState) {
  await message.update({
    content: await renderCard(card),
    [`flags.${SYSTEM_ID}.attack`]: card,
  } as never);
}

/** The `fray.worldlinesAttack` query, run by the active GM. */
export async function handleAttackQuery(data: unknown): Promise<CardOutcome> {
  if (!currentUser().isGM) return refuse("notAllowed");
  const request = parseCardRequest(data);
  if (request === null) return refuse("badRequest");
  return executeCardRequest(request);
}

export function parseCardRequest(data: unknown): CardRequest | null {
  if (typeof data !== "object" || data === null) return null;
  const { messageId, userId, action, dice } = data as Record<string, unknown>;
  if (typeof messageId !== "string" || typeof userId !== "string") return null;
  if (action !== "evade" && action !== "evadeAgain" && action !== "take" && action !== "apply") {
    return null;
  }
  if (!Array.isArray(dice)) return null;
  const valid = dice.every(
    (d: unknown) =>
      typeof d === "object" &&
      d !== null &&
      Number.isInteger((d as DieRoll).sides) &&
      Number.isInteger((d as DieRoll).value) &&
      (d as DieRoll).value >= 1 &&
      (d as DieRoll).value <= (d as DieRoll).sides,
  );
  return valid ? { messageId, userId, action, dice: dice as DieRoll[] } : null;
}

/**
 * What a card button does on the presser's client: check locally (warn and stop when refused),
 * roll the dice this step needs (so the presser sees them), then execute here or ask the GM.
 */
export async function requestCardAction(
  message: ChatMessage.Implementation,
  action: CardAction,
): Promise<CardOutcome> {
  const card = cardOf(message);
  if (card === null) return refuse("noSuchCard");
  const user = currentUser();
  const allowed = action === "apply" ? canApply(card, message, user) : canDefend(card, user);
  if (!allowed) {
    const refusal = refuse("notAllowed");
    warnRefusal(refusal);
    return refusal;
  }
  const waiting = card.stage === "awaitingDefense" || card.stage === "awaitingExtraEvasion";
  const dice = action === "apply" || !waiting ? [] : await preRoll(card, action);
  const request: CardRequest = { messageId: message.id ?? "", userId: user.id ?? "", action, dice };
  const here = mayWriteHere(message, resolveActor(card.defenderId), user);
  const outcome = await runHereOrOnGM(here, ATTACK_QUERY, request, executeCardRequest);
  if (!outcome.ok) warnRefusal(outcome);
  return outcome;
}
