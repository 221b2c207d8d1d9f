/**
 * The Freelancers attack at the table, on one chat card the referee (the active GM) authors:
 *
 * 1. declare: the attacker's owner sends an intent (attacker, weapon, target, situation: ids and
 *    choices). The referee re-reads the documents, checks the sender owns the attacker, whose turn
 *    it is and what the rules allow (range or reach, cover, the action it costs), rolls the attack
 *    check with core Roll, writes the attacker's side at once (the action spent, integrity lost to
 *    a fumble) and posts the card. Against a static defense, or an NPC defender when the world
 *    setting says so, it rolls the defense and the damage straight away.
 * 2. defend: the defender's owner (or the GM) presses Roll defense; the referee rolls the defense
 *    check and, on a hit, the damage, and shows the challenge and the damage after armor rating.
 * 3. apply: the GM, the defender's owner or whoever declared presses Apply; the referee resolves
 *    the card again on its own dice against the defender as it is now and writes the health.
 *
 * Each step is claimed on the card before any write (a second press is refused) and the card's
 * presses run one at a time. Outside a started combat the action economy is not tracked: the
 * attack is checked with a fresh turn of actions and no action is written.
 */
import type { DieRoll } from "../../../../rules/core/dice.ts";
import { ok, refuse } from "../../../../rules/core/result.ts";
import type { Refusal } from "../../../../rules/core/result.ts";
import { FRESH_ACTIONS } from "../../../../rules/freelancers/actions.ts";
import {
  afterFumbles,
  planAttack,
  resolveAttack,
  spendAttack,
} from "../../../../rules/freelancers/attack.ts";
import type { AttackAs, AttackSituation, Cover } from "../../../../rules/freelancers/attack.ts";
import { diffActor, diffWeapon } from "../../../../rules/freelancers/changes.ts";
import type { FreelancersUpdate } from "../../../../rules/freelancers/changes.ts";
import { rollCheck } from "../../../../rules/freelancers/checks.ts";
import type { FreelancersActor, FreelancersWeapon } from "../../../../rules/freelancers/model.ts";
import { turnStateOf } from "../../../combat/state.ts";
import { SYSTEM_ID } from "../../../constants.ts";
import { canvasDistance } from "../../../shared/actors.ts";
import { singleTarget } from "../../../shared/attack.ts";
import { cardFlag, onRefereeCard, owns } from "../../../shared/cards.ts";
import type { CardResult } from "../../../shared/cards.ts";
import { withDice } from "../../../shared/dice.ts";
import { chatMessages, currentUser, i18n } from "../../../shared/env.ts";
import {
  checkReplayedDice,
  claimStep,
  sendIntent,
  serializedBy,
  stepDoneUpdate,
  TRANSPORT_REFUSALS,
} from "../../../shared/referee.ts";
import type { Intent, RefereeOutcome } from "../../../shared/referee.ts";
import { warnRefusal } from "../../../shared/refusal.ts";
import type { ShownRefusal } from "../../../shared/refusal.ts";
import { isActorsTurn } from "../../../shared/turn.ts";
import { applyRuleUpdates } from "../../../shared/updates.ts";
import { combatantId, resolveActor, toFlWeapon, toFreelancer } from "../adapter.ts";
import {
  FL_ATTACK_CARD_TEMPLATE,
  FL_CARD_FLAG,
  flAttackCardContext,
  flResultView,
} from "../cards/attack-card.ts";
import type { FlAttackCardState } from "../cards/attack-card.ts";
import { flAutoNpcDefense, flOptions } from "../settings.ts";
import { combatOf } from "../../../combat/ledger.ts";

export const FL_DECLARE = `${SYSTEM_ID}.flDeclare`;
export const FL_CARD_STEP = `${SYSTEM_ID}.flCardStep`;

/* ------------------------------------------------------------------------------------------ */
/*  Refusals                                                                                    */
/* ------------------------------------------------------------------------------------------ */

/** Shows a refusal as a localized warning (the transport's own were shown already). */
export function warnFlRefusal(
  refusal: ShownRefusal,
  context: Readonly<Record<string, string>> = {},
): void {
  if ((TRANSPORT_REFUSALS as readonly string[]).includes(refusal.reason)) return;
  warnRefusal((reason) => `FRAY.Freelancers.Refusal.${reason}`, refusal, context);
}

/* ------------------------------------------------------------------------------------------ */
/*  The situation a player may choose                                                          */
/* ------------------------------------------------------------------------------------------ */

export const COVERS: readonly Cover[] = ["none", "light", "heavy", "full"];
export const ATTACK_AS: readonly AttackAs[] = ["base", "long", "twoWeapons", "offhand", "reaction"];

/** The choices a player sends, read strictly: anything else is refused as a bad request. */
export interface FlChoices {
  readonly cover: Cover;
  readonly as: AttackAs;
  readonly targetEngaged: boolean;
  readonly defenderSees: boolean;
  /** Meters the player measured; the referee measures itself when it has a canvas. */
  readonly distance: number;
}

export function parseChoices(value: unknown): FlChoices | null {
  if (typeof value !== "object" || value === null) return null;
  const v = value as Record<string, unknown>;
  const cover = v["cover"] ?? "none";
  const as = v["as"] ?? "base";
  const distance = v["distance"] ?? 0;
  if (!COVERS.includes(cover as Cover) || !ATTACK_AS.includes(as as AttackAs)) return null;
  if (typeof distance !== "number") return null;
  return {
    cover: cover as Cover,
    as: as as AttackAs,
    targetEngaged: v["targetEngaged"] === true,
    defenderSees: v["defenderSees"] !== false,
    distance,
  };
}

export function situationOf(choices: FlChoices): AttackSituation {
  return {
    cover: choices.cover,
    as: choices.as,
    targetEngaged: choices.targetEngaged,
    defenderSees: choices.defenderSees,
    distance: choices.distance,
  };
}

/* ------------------------------------------------------------------------------------------ */
/*  Combat context                                                                              */
/* ------------------------------------------------------------------------------------------ */

/** Whether the actor fights in a started combat (its actions are counted). */
export function inCombat(actor: Actor.Implementation): boolean {
  const combat = combatOf(actor);
  if (combat === null || turnStateOf(combat).round < 1) return false;
  return combat.combatants.some(
    (c) => c.actorId === actor.id || (actor.isToken && c.tokenId === actor.token?.id),
  );
}

/** The actor as the rules see it now; outside combat with a fresh turn of actions. */
export function freelancerNow(actor: Actor.Implementation): FreelancersActor {
  const me = toFreelancer(actor);
  return inCombat(actor) ? me : { ...me, actions: FRESH_ACTIONS };
}

/* ------------------------------------------------------------------------------------------ */
/*  Step 1: declare                                                                             */
/* ------------------------------------------------------------------------------------------ */

export interface FlDeclaration {
  readonly attacker: FreelancersActor;
  readonly defender: FreelancersActor;
  readonly weapon: FreelancersWeapon;
  readonly situation: AttackSituation;
  readonly tracked: boolean;
}

/** Checks everything that may refuse an attack, in the order a player would want to hear it. */
export function checkFlDeclaration(
  attackerActor: Actor.Implementation,
  weaponItem: Item.Implementation,
  targets: readonly Actor.Implementation[],
  choices: FlChoices,
): { ok: true; value: FlDeclaration } | Refusal {
  const single = singleTarget(weaponItem, targets);
  if (!single.ok) return single;
  const target = single.value;
  if (!isActorsTurn(attackerActor)) return refuse("notYourTurn", { name: attackerActor.name });
  const measured = canvasDistance(attackerActor, target);
  const situation = situationOf({ ...choices, distance: measured ?? choices.distance });
  const attacker = freelancerNow(attackerActor);
  const defender = toFreelancer(target);
  const weapon = toFlWeapon(weaponItem);
  const input = { attacker, defender, weapon, situation };
  const checked = planAttack(input, flOptions());
  const spent = checked.ok ? spendAttack(attacker, situation.as ?? "base") : checked;
  if (!spent.ok) {
    return refuse(spent.reason, {
      ...spent.detail,
      name: attackerActor.name,
      target: target.name,
      weapon: weapon.name,
    });
  }
  return ok({ attacker, defender, weapon, situation, tracked: inCombat(attackerActor) });
}

async function renderCard(card: FlAttackCardState): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(
    FL_ATTACK_CARD_TEMPLATE,
    flAttackCardContext(card, i18n()),
  );
}

/** Whether the referee rolls this defender's defense without waiting for a press. */
function rollsAtOnce(defenderActor: Actor.Implementation, defender: FreelancersActor): boolean {
  if (defender.defense === "static") return true;
  if (defenderActor.type !== "npc") return false;
  return flAutoNpcDefense();
}

/**
 * Makes an attack against the one targeted token's actor: checked here first (a refusal is a
 * warning and nothing is sent), then by the referee, which rolls and posts the card.
 */
export async function declareFlAttack(
  attackerActor: Actor.Implementation,
  weaponItem: Item.Implementation,
  targets: readonly Actor.Implementation[],
  choices: FlChoices,
): Promise<ChatMessage.Implementation | null> {
  const checked = checkFlDeclaration(attackerActor, weaponItem, targets, choices);
  const target = targets[0];
  if (!checked.ok || target === undefined) {
    if (!checked.ok) warnFlRefusal(checked);
    return null;
  }
  const outcome = await sendIntent(FL_DECLARE, {
    attackerId: combatantId(attackerActor),
    weaponId: weaponItem.id ?? "",
    targetId: combatantId(target),
    choices,
  });
  if (!outcome.ok) {
    warnFlRefusal(outcome);
    return null;
  }
  const id = typeof outcome.value === "string" ? outcome.value : "";
  return missing(chatMessages().get(id)) ?? null;
}

/** The referee's side of a declaration (on the active GM). Answers with the card's id. */
export async function refereeFlDeclare(
  intent: Intent,
  sender: User.Implementation,
): Promise<RefereeOutcome> {
  const p = intent.payload as Record<string, unknown> | null;
  const choices = parseChoices(p?.["choices"]);
  const attackerId = p?.["attackerId"];
  const weaponId = p?.["weaponId"];
  const targetId = p?.["targetId"];
  if (
    choices === null ||
    typeof attackerId !== "string" ||
    typeof weaponId !== "string" ||
    typeof targetId !== "string"
  ) {
    return refuse("badRequest");
  }
  const attackerActor = resolveActor(attackerId);
  if (attackerActor === null || !(sender.isGM || owns(attackerActor, sender))) {
    return refuse("notAllowed");
  }
  // One declaration at a time per attacker: the second sees the action the first spent.
  return serializedBy(`${SYSTEM_ID}.attacker.${attackerId}`, async () => {
    const weaponItem = missing(attackerActor.items.get(weaponId)) ?? null;
    if (weaponItem === null) return refuse("notAWeapon");
    const target = resolveActor(targetId);
    const checked = checkFlDeclaration(
      attackerActor,
      weaponItem,
      target === null ? [] : [target],
      choices,
    );
    if (!checked.ok || target === null) return checked.ok ? refuse("noTarget") : checked;
    return postAttack(attackerActor, target, checked.value);
  });
}

async function postAttack(
  attackerActor: Actor.Implementation,
  defenderActor: Actor.Implementation,
  declaration: FlDeclaration,
): Promise<RefereeOutcome> {
  const { attacker, defender, weapon, situation, tracked } = declaration;
  const options = flOptions();
  const plan = planAttack({ attacker, defender, weapon, situation }, options);
  const spent = spendAttack(attacker, situation.as ?? "base");
  if (!plan.ok) return plan;
  if (!spent.ok) return spent;
  const rolled = await withDice((dice) => rollCheck(plan.value.attack, dice, options, "attack"));
  if (!rolled.value.ok) return rolled.value;
  const attack = rolled.value.value;
  const fumbled = afterFumbles(weapon, attack, options);

  // The attacker pays now: its action, and the integrity a fumble cost.
  const weaponUpdate = diffWeapon(attacker.id, weapon, fumbled.weapon);
  const own: FreelancersUpdate[] = [
    ...(tracked ? diffActor(attacker, { ...attacker, actions: spent.value }) : []),
    ...(weaponUpdate === null ? [] : [weaponUpdate]),
  ];
  await applyRuleUpdates(own);

  const names = (ids: readonly string[]) => ids.map((id) => resolveActor(id)?.name ?? id);
  let card: FlAttackCardState = {
    stage: "defend",
    attackerId: attacker.id,
    defenderId: defender.id,
    attackerName: attacker.name,
    defenderName: defender.name,
    attacker,
    weapon,
    situation,
    dice: rolled.dice,
    attack,
    integrityLost: fumbled.integrityLost,
    broken: fumbled.integrityLost > 0 && fumbled.weapon.integrity.value === 0,
    provokedBy: names(plan.value.provokedBy),
    result: null,
  };
  const rolls = [...rolled.rolls];
  if (rollsAtOnce(defenderActor, defender)) {
    const resolved = await resolveCard(card, defenderActor);
    if (!resolved.ok) return resolved;
    card = resolved.value.card;
    rolls.push(...resolved.value.rolls);
  }
  const message = (await ChatMessage.create({
    author: currentUser().id,
    speaker: ChatMessage.getSpeaker({ actor: attackerActor }),
    content: await renderCard(card),
    rolls,
    flags: { [SYSTEM_ID]: { [FL_CARD_FLAG]: card } },
  } as never)) as ChatMessage.Implementation | undefined;
  if (message === undefined) return refuse("failed");
  return { ok: true, value: message.id };
}

/**
 * Resolves the card on its dice (rolling the defense and damage still missing) against the
 * defender as it is now. A miss has nothing to apply and is done at once.
 */
async function resolveCard(
  card: FlAttackCardState,
  defenderActor: Actor.Implementation,
  dice: readonly DieRoll[] = card.dice,
): Promise<{ ok: true; value: { card: FlAttackCardState; rolls: Roll[] } } | Refusal> {
  const defender = toFreelancer(defenderActor);
  const input = {
    attacker: card.attacker,
    defender,
    weapon: card.weapon,
    situation: card.situation,
  };
  const again = await withDice((source) => resolveAttack(input, source, flOptions()), dice);
  if (!again.value.ok) return refuse(again.value.reason, again.value.detail);
  const result = flResultView(again.value.value, defender);
  const stage = result.hit ? "resolved" : "applied";
  return ok({ card: { ...card, stage, dice: again.dice, result }, rolls: again.rolls });
}

/* ------------------------------------------------------------------------------------------ */
/*  Steps 2 and 3: defend, apply                                                                */
/* ------------------------------------------------------------------------------------------ */

export function flCardOf(message: ChatMessage.Implementation): FlAttackCardState | null {
  return cardFlag(message, FL_CARD_FLAG) as FlAttackCardState | null;
}

/** Collection#get is typed as always finding one; a deleted message or item is not found. */
export function missing<T>(value: T): T | undefined {
  return value;
}

export type FlStep = "defend" | "apply";

/** Who may press a step: defend, the GM or the defender's owner; apply, also the attacker's. */
export function mayPress(
  card: FlAttackCardState,
  step: FlStep,
  user: User.Implementation,
): boolean {
  if (user.isGM) return true;
  if (owns(resolveActor(card.defenderId), user)) return true;
  return step === "apply" && owns(resolveActor(card.attackerId), user);
}

/** The referee's side of a card's button (on the active GM), one press of a card at a time. */
export function refereeFlCardStep(
  intent: Intent,
  sender: User.Implementation,
): Promise<RefereeOutcome> {
  const p = intent.payload as Record<string, unknown> | null;
  const messageId = p?.["messageId"];
  const step = p?.["step"];
  if (step !== "defend" && step !== "apply") return Promise.resolve(refuse("badRequest"));
  return onRefereeCard(messageId, flCardOf, async (message, card) => {
    const defenderActor = resolveActor(card.defenderId);
    if (defenderActor === null) return refuse("noSuchTarget");
    if (!mayPress(card, step, sender)) return refuse("notAllowed");
    const wanted = step === "defend" ? "defend" : "resolved";
    if (card.stage !== wanted)
      return refuse(step === "defend" ? "alreadyDefended" : "alreadyApplied");
    const badDie = checkReplayedDice(card.dice);
    if (badDie !== undefined) return badDie;
    const claimed = await claimStep(message, step);
    if (claimed !== null) return claimed;

    // Defend rolls what is missing; Apply re-resolves on the card's dice against the defender now.
    const resolved = await resolveCard(card, defenderActor);
    if (!resolved.ok) return resolved;
    let done = resolved.value.card;
    if (step === "apply") {
      await applyRuleUpdates(done.result?.updates ?? []);
      done = { ...done, stage: "applied" };
    }
    await message.update({
      content: await renderCard(done),
      [`flags.${SYSTEM_ID}.${FL_CARD_FLAG}`]: done,
      ...stepDoneUpdate(step),
    } as never);
    return { ok: true };
  });
}

/** What a button does on the presser's client: check (a warning when refused), then ask. */
export async function requestFlStep(
  message: ChatMessage.Implementation,
  step: FlStep,
): Promise<CardResult> {
  const card = flCardOf(message);
  if (card === null) return refuse("noSuchCard");
  if (!mayPress(card, step, currentUser())) {
    const refusal = refuse("notAllowed");
    warnFlRefusal(refusal);
    return refusal;
  }
  const outcome = await sendIntent(FL_CARD_STEP, { messageId: message.id ?? "", step });
  if (outcome.ok) return { ok: true };
  warnFlRefusal(outcome);
  return outcome;
}

/** Wires a Freelancers card's buttons when a message renders (renderChatMessageHTML). */
export function wireFlCard(message: ChatMessage.Implementation, html: HTMLElement): void {
  const card = flCardOf(message);
  if (card === null) return;
  const user = currentUser();
  for (const button of html.querySelectorAll<HTMLButtonElement>("button[data-fray-fl-step]")) {
    const step: FlStep = button.dataset["frayFlStep"] === "defend" ? "defend" : "apply";
    if (!mayPress(card, step, user)) {
      button.remove();
      continue;
    }
    button.addEventListener("click", (event) => {
      event.preventDefault();
      button.disabled = true;
      void requestFlStep(message, step).finally(() => {
        button.disabled = false;
      });
    });
  }
  for (const row of html.querySelectorAll(".fray-fl-buttons")) {
    if (row.querySelector("button") === null) row.remove();
  }
}
