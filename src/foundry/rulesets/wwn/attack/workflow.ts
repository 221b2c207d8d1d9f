/**
 * The WWN attack at the table, on one chat card:
 *
 * 1. attack: the attacker's client checks the attack (target, readied weapon, the action it costs,
 *    whose turn it is), rolls the d20 and, on a hit, the damage with core Roll, spends the action
 *    (and a crossbow's load) and posts the card: hit or miss against AC, damage, Shock on a miss,
 *    the Shock floor when it raised a hit;
 * 2. apply: the GM, the target's owner or the attacker presses Apply. The card is resolved again on
 *    its own dice against the target as it is now (hit points taken since, or a Total Defense
 *    declared after the roll, as WWN's Instants allow) and the hit points are written.
 *
 * Each write is made by a client allowed to make it; otherwise the request travels to the active
 * GM as the `fray.wwnAttack` query, and the GM checks permission and the rules again.
 *
 * Outside a started combat the action economy is not tracked: the attack is checked and rolled
 * with a fresh round of actions and no action is written.
 */
import { singleTarget } from "../../../shared/attack.ts";
import { warnRefusal } from "../../../shared/refusal.ts";
import type { ShownRefusal } from "../../../shared/refusal.ts";
import type { DieRoll } from "../../../../rules/core/dice.ts";
import { refuse } from "../../../../rules/core/result.ts";
import type { Refusal } from "../../../../rules/core/result.ts";
import { FRESH_ACTIONS } from "../../../../rules/wwn/actions.ts";
import type { TurnContext } from "../../../../rules/wwn/actions.ts";
import { checkAttack, resolveAttack } from "../../../../rules/wwn/attack.ts";
import type { AttackInput, AttackSituation } from "../../../../rules/wwn/attack.ts";
import { FIELD_PATHS } from "../../../../rules/wwn/changes.ts";
import type { WwnUpdate } from "../../../../rules/wwn/changes.ts";
import type { WwnCombatant, WwnWeapon } from "../../../../rules/wwn/model.ts";
import { SYSTEM_ID } from "../../../constants.ts";
import { turnStateOf } from "../../../combat/state.ts";
import { cardFlag, mayRequestApply, mayWriteHere, runHereOrOnGM } from "../../../shared/cards.ts";
import type { CardResult } from "../../../shared/cards.ts";
import { withDice } from "../../../shared/dice.ts";
import { chatMessages, currentUser, i18n, worldUsers } from "../../../shared/env.ts";
import { isActorsTurn } from "../../../shared/turn.ts";
import { applyWwnUpdates, resolveActor, toWwnCombatant, toWwnWeapon } from "../adapter.ts";
import {
  WWN_ATTACK_CARD_TEMPLATE,
  WWN_CARD_FLAG,
  wwnAttackCardContext,
  wwnResultView,
} from "../cards/attack-card.ts";
import type { WwnAttackCardState } from "../cards/attack-card.ts";

export const WWN_ATTACK_QUERY = `${SYSTEM_ID}.wwnAttack`;

/** What a client asks the executing client (itself or the active GM) to do with a card. */
export interface WwnCardRequest {
  readonly messageId: string;
  readonly userId: string;
  readonly action: "apply";
}

/* ------------------------------------------------------------------------------------------ */
/*  Combat context                                                                              */
/* ------------------------------------------------------------------------------------------ */

/** The combatant of this actor in the current combat, once that combat has started. */
export function startedCombatantOf(
  actor: Actor.Implementation,
): { combat: Combat.Implementation; combatant: Combatant.Implementation } | null {
  const combat = (game as { combat?: Combat.Implementation | null }).combat ?? null;
  if (combat === null || turnStateOf(combat).round < 1) return null;
  const combatant = combat.combatants.find(
    (c) => c.actorId === actor.id || (actor.isToken && c.tokenId === actor.token?.id),
  );
  return combatant === undefined ? null : { combat, combatant };
}

/** Whether the actor fights in a started combat (its actions are counted). */
export function inCombat(actor: Actor.Implementation): boolean {
  return startedCombatantOf(actor) !== null;
}

/** The actor as the rules see it now; outside combat with a fresh round of actions. */
export function combatantNow(actor: Actor.Implementation): WwnCombatant {
  const combatant = toWwnCombatant(actor);
  return inCombat(actor) ? combatant : { ...combatant, actions: FRESH_ACTIONS };
}

/** The turn context: whether it is this actor's turn, as the turn-strictness setting reads it. */
export function turnOf(actor: Actor.Implementation): TurnContext {
  return { ownTurn: isActorsTurn(actor) };
}

/** Leaves out the action-state changes (outside combat they are not tracked). */
function withoutActions(updates: readonly WwnUpdate[]): WwnUpdate[] {
  const prefix = `${FIELD_PATHS.actions}.`;
  return updates
    .map((u) => ({
      ...u,
      changes: Object.fromEntries(Object.entries(u.changes).filter(([k]) => !k.startsWith(prefix))),
    }))
    .filter((u) => Object.keys(u.changes).length > 0);
}

/* ------------------------------------------------------------------------------------------ */
/*  Refusals                                                                                    */
/* ------------------------------------------------------------------------------------------ */

/** Shows a refusal as a localized warning. Nothing else happens. */
export function warnWwnRefusal(refusal: ShownRefusal): void {
  warnRefusal((reason) => `FRAY.Wwn.Refusal.${reason}`, refusal);
}

/* ------------------------------------------------------------------------------------------ */
/*  Step 1: attack                                                                              */
/* ------------------------------------------------------------------------------------------ */

export interface WwnDeclaration {
  readonly attacker: WwnCombatant;
  readonly defender: WwnCombatant;
  readonly weapon: WwnWeapon;
  readonly turn: TurnContext;
  readonly tracked: boolean;
}

/** Checks everything that may refuse an attack, in the order a player would want to hear it. */
export function checkWwnDeclaration(
  attackerActor: Actor.Implementation,
  weaponItem: Item.Implementation,
  targets: readonly Actor.Implementation[],
  situation: AttackSituation,
): { ok: true; value: WwnDeclaration } | Refusal {
  const single = singleTarget(weaponItem, targets);
  if (!single.ok) return single;
  const target = single.value;
  const attacker = combatantNow(attackerActor);
  const defender = toWwnCombatant(target);
  const weapon = toWwnWeapon(weaponItem);
  const turn = turnOf(attackerActor);
  const allowed = checkAttack({ attacker, defender, weapon, situation, turn });
  if (!allowed.ok) {
    return refuse(allowed.reason, {
      ...allowed.detail,
      name: attackerActor.name,
      target: target.name,
      formula: weapon.damage,
    });
  }
  return {
    ok: true,
    value: { attacker, defender, weapon, turn, tracked: inCombat(attackerActor) },
  };
}

async function renderCard(card: WwnAttackCardState): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(
    WWN_ATTACK_CARD_TEMPLATE,
    wwnAttackCardContext(card, i18n()),
  );
}

function autoApply(): boolean {
  return game.settings.get(SYSTEM_ID, "autoApplyDamage");
}

/** Resolves the card's attack on its dice (rolling any still missing) against `defender`. */
async function resolveOn(
  card: Pick<WwnAttackCardState, "attacker" | "weapon" | "situation" | "turn">,
  defender: WwnCombatant,
  dice: readonly DieRoll[],
) {
  const input: AttackInput = {
    attacker: card.attacker,
    defender,
    weapon: card.weapon,
    situation: card.situation,
    turn: card.turn,
  };
  return withDice((source) => resolveAttack(input, source), dice);
}

/**
 * Makes an attack against the one targeted token's actor: rolls, spends the action and posts the
 * card. Refusals are shown as a warning and change nothing. Returns the card's message, or null.
 */
export async function declareWwnAttack(
  attackerActor: Actor.Implementation,
  weaponItem: Item.Implementation,
  targets: readonly Actor.Implementation[],
  situation: AttackSituation,
): Promise<ChatMessage.Implementation | null> {
  const checked = checkWwnDeclaration(attackerActor, weaponItem, targets, situation);
  if (!checked.ok) {
    warnWwnRefusal(checked);
    return null;
  }
  const { attacker, defender, weapon, turn, tracked } = checked.value;
  const rolled = await resolveOn({ attacker, weapon, situation, turn }, defender, []);
  const outcome = rolled.value;
  if (!outcome.ok) {
    warnWwnRefusal(outcome);
    return null;
  }
  // The attacker pays now: its action, and the load of a weapon that reloads.
  const own = outcome.value.updates.filter((u) => u.actorId === attacker.id);
  await applyWwnUpdates(tracked ? own : withoutActions(own));

  const result = wwnResultView(outcome.value, defender);
  const card: WwnAttackCardState = {
    stage: result.dealt > 0 ? "resolved" : "applied",
    attackerId: attacker.id,
    defenderId: defender.id,
    attackerName: attacker.name,
    defenderName: defender.name,
    weaponName: weapon.name,
    attacker,
    weapon,
    situation,
    turn,
    dice: rolled.dice,
    result,
  };
  const data = {
    author: currentUser().id,
    speaker: ChatMessage.getSpeaker({ actor: attackerActor }),
    content: await renderCard(card),
    rolls: rolled.rolls,
    flags: { [SYSTEM_ID]: { [WWN_CARD_FLAG]: card } },
  };
  const rollMode = game.settings.get("core", "rollMode") ?? "publicroll";
  ChatMessage.applyRollMode(data as never, rollMode);
  const message = (await ChatMessage.create(data as never)) as
    ChatMessage.Implementation | undefined;
  if (message === undefined) return null;
  if (card.stage === "resolved" && autoApply()) await requestWwnApply(message);
  return message;
}

/* ------------------------------------------------------------------------------------------ */
/*  Step 2: apply                                                                               */
/* ------------------------------------------------------------------------------------------ */

export function wwnCardOf(message: ChatMessage.Implementation): WwnAttackCardState | null {
  return cardFlag(message, WWN_CARD_FLAG) as WwnAttackCardState | null;
}

/** Collection#get is typed as always finding one; a deleted message or user is not found. */
function missing<T>(value: T): T | undefined {
  return value;
}

/** Carries out an Apply after checking, on this client, who asks and what the rules say. */
export async function executeWwnApply(request: WwnCardRequest): Promise<CardResult> {
  const message = missing(chatMessages().get(request.messageId)) ?? null;
  const card = message === null ? null : wwnCardOf(message);
  if (message === null || card === null) return refuse("noSuchCard");
  const requester = missing(worldUsers().get(request.userId)) ?? null;
  if (requester === null) return refuse("notAllowed");
  const defenderActor = resolveActor(card.defenderId);
  if (defenderActor === null) return refuse("noSuchTarget");
  if (card.stage === "applied") return refuse("alreadyApplied");
  if (!mayRequestApply(message, defenderActor, requester)) return refuse("notAllowed");

  const defender = toWwnCombatant(defenderActor);
  const again = await resolveOn(card, defender, card.dice);
  if (!again.value.ok) return refuse(again.value.reason);
  const result = wwnResultView(again.value.value, defender);
  await applyWwnUpdates(result.updates);
  const done: WwnAttackCardState = { ...card, stage: "applied", dice: again.dice, result };
  await message.update({
    content: await renderCard(done),
    [`flags.${SYSTEM_ID}.${WWN_CARD_FLAG}`]: done,
  } as never);
  return { ok: true };
}

/** The `fray.wwnAttack` query, run by the active GM. */
export async function handleWwnAttackQuery(data: unknown): Promise<CardResult> {
  if (!currentUser().isGM) return refuse("notAllowed");
  if (typeof data !== "object" || data === null) return refuse("badRequest");
  const { messageId, userId, action } = data as Record<string, unknown>;
  if (typeof messageId !== "string" || typeof userId !== "string" || action !== "apply") {
    return refuse("badRequest");
  }
  return executeWwnApply({ messageId, userId, action });
}

/** What Apply does on the presser's client: check, then apply here or ask the active GM. */
export async function requestWwnApply(message: ChatMessage.Implementation): Promise<CardResult> {
  const card = wwnCardOf(message);
  if (card === null) return refuse("noSuchCard");
  const user = currentUser();
  const target = resolveActor(card.defenderId);
  if (!mayRequestApply(message, target, user)) {
    const refusal = refuse("notAllowed");
    warnWwnRefusal(refusal);
    return refusal;
  }
  const request: WwnCardRequest = {
    messageId: message.id ?? "",
    userId: user.id ?? "",
    action: "apply",
  };
  const outcome = await runHereOrOnGM(
    mayWriteHere(message, target, user),
    WWN_ATTACK_QUERY,
    request,
    executeWwnApply,
  );
  if (!outcome.ok) warnWwnRefusal(outcome);
  return outcome;
}

/** Wires the Apply button of a WWN card when a message renders (renderChatMessageHTML). */
export function wireWwnCard(message: ChatMessage.Implementation, html: HTMLElement): void {
  const card = wwnCardOf(message);
  if (card === null) return;
  const user = currentUser();
  const allowed = mayRequestApply(message, resolveActor(card.defenderId), user);
  for (const button of html.querySelectorAll<HTMLButtonElement>("button[data-fray-wwn-apply]")) {
    if (!allowed) {
      button.remove();
      continue;
    }
    button.addEventListener("click", (event) => {
      event.preventDefault();
      button.disabled = true;
      void requestWwnApply(message).finally(() => {
        button.disabled = false;
      });
    });
  }
  for (const row of html.querySelectorAll(".fray-wwn-buttons")) {
    if (row.querySelector("button") === null) row.remove();
  }
}
