/**
 * The Freelancers attack, the referee's half (the active GM), on one chat card through the card
 * protocol (cards/protocol.ts), which has already checked who sent each request, that a GM
 * authored the card, that the step is the card's own, the card's dice, and claims the step once:
 *
 * 1. declare: the GM re-reads the attacker, its weapon and the target, checks that the sender owns
 *    the attacker, that the target is in its fight or on its scene, whose turn it is and what the
 *    rules allow (range or reach measured on the scene, cover, the action it costs from the
 *    ledger), rolls the attack check with core Roll, writes the attacker's side at once (the
 *    action recorded, integrity lost to a fumble) and posts the card. Against a static defense,
 *    or an NPC defender when the world setting says so, it rolls the defense and the damage at once.
 * 2. unseen (the GM only, before the defense): the GM rules that the defender does not see the
 *    attack (no Dodge favorable for it); a player's attack starts seen unless the GM recorded the
 *    attacker hidden (table/stealth.ts), whom the attack then gives away (a world setting).
 * 3. defend: the defender's owner (or the GM) presses Roll defense; the GM rolls the defense check
 *    and, on a hit, the damage, and shows the challenge and the damage after armor rating.
 * 4. apply: the GM, the defender's owner or the attacker's owner presses Apply; the GM resolves
 *    the card again on its own dice against the defender as it is now and writes the health.
 *
 * Outside a started combat the action economy is not tracked: the attack is checked with a fresh
 * turn of actions and no action is recorded.
 */
import { flAttackNextStep } from "../cards/next-step.ts";
import type { DieRoll } from "../../../../rules/core/dice.ts";
import { ok, refuse } from "../../../../rules/core/result.ts";
import type { Refusal } from "../../../../rules/core/result.ts";
import {
  afterFumbles,
  planAttack,
  resolveAttack,
  spendAttack,
} from "../../../../rules/freelancers/attack.ts";
import { diffWeapon } from "../../../../rules/freelancers/changes.ts";
import { rollCheck } from "../../../../rules/freelancers/checks.ts";
import type { FreelancersActor } from "../../../../rules/freelancers/model.ts";
import { answerWithCard, attackView, cardStrategy, dealtResult } from "../../../cards/protocol.ts";
import type { CardStep, Press } from "../../../cards/protocol.ts";
import { attackDeclaration } from "../../../shared/attack.ts";
import { owns, showDice } from "../../../shared/cards.ts";
import { withDice } from "../../../shared/dice.ts";

import type { RefereeOutcome } from "../../../shared/referee.ts";
import { resolveActor, warnFlRefusal } from "../adapter.ts";
import { commitFl, flNow } from "../budget.ts";
import { FL_ATTACK_CARD, flCardOf, flResultView } from "../cards/attack-card.ts";
import type { FlAttackCardState } from "../cards/attack-card.ts";
import { flScene, flSceneCalls, settleFlAgainstScene } from "../scene.ts";
import { sceneCallsField } from "../../../scene/card-calls.ts";
import type { SceneCallEntry } from "../../../scene/card-calls.ts";
import { flAutoNpcDefense, flOptions } from "../settings.ts";
import { FL_ATTACK, checkFlDeclaration, parseChoices } from "./declare.ts";
import { landTouchEffects } from "./touch.ts";
import { isHidden, recordHidden } from "../table/stealth.ts";
import { spendReaction } from "../../../movement/reaction-card.ts";
import type { FlDeclaration, FlStep } from "./declare.ts";

/* ------------------------------------------------------------------------------------------ */
/*  Step 1: declare                                                                             */
/* ------------------------------------------------------------------------------------------ */

/** Whether the referee rolls this defender's defense without waiting for a press. */
function rollsAtOnce(defenderActor: Actor.Implementation, defender: FreelancersActor): boolean {
  if (defender.defense === "static") return true;
  return defenderActor.type === "npc" && flAutoNpcDefense();
}

async function postAttack(
  attackerActor: Actor.Implementation,
  declaration: FlDeclaration & { readonly calls?: readonly SceneCallEntry[] },
  sender: User.Implementation,
  rollMode: string,
): Promise<RefereeOutcome> {
  const { attacker, defender, weapon, target } = declaration;
  const options = flOptions();
  // From hiding (the GM's record, table/stealth.ts) the defender does not see the attack.
  const hidden = isHidden(attackerActor);
  const situation = hidden
    ? { ...declaration.situation, defenderSees: false }
    : declaration.situation;
  const plan = planAttack({ attacker, defender, weapon, situation }, options);
  const spent = spendAttack(attacker, situation.as ?? "base");
  if (!plan.ok) return plan;
  if (!spent.ok) return spent;
  const rolled = await withDice((dice) => rollCheck(plan.value.attack, dice, options, "attack"));
  if (!rolled.value.ok) return rolled.value;
  const attack = rolled.value.value;
  const fumbled = afterFumbles(weapon, attack, options);

  // The attacker pays now: its action (the ledger's), and the integrity a fumble cost.
  await commitFl(
    [diffWeapon(attacker.id, weapon, fumbled.weapon)],
    [{ actor: attackerActor, value: spent.value }],
  );
  if (hidden && options.attackRevealsHidden) await recordHidden([attackerActor], false);

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
    ...sceneCallsField(declaration.calls ?? []),
  };
  const rolls = [...rolled.rolls];
  if (rollsAtOnce(target, defender)) {
    const resolved = await resolveCard(card, target);
    if (!resolved.ok) return resolved;
    card = resolved.value.card;
    rolls.push(...resolved.value.rolls);
  }
  const content = await FL_ATTACK_CARD.render(card);
  const flags = FL_ATTACK_CARD.flags(card);
  const posted = { actor: attackerActor, content, rolls, flags, rollMode };
  return answerWithCard(FL_ATTACK, posted, sender);
}

/**
 * The referee's side of a declaration (on the active GM; shared/attack.ts reads the ids, checks
 * the sender owns the attacker, and takes one declaration per attacker at a time: the second sees
 * the action the first spent). Answers with the card's id.
 */
export const flAttackDeclaration = attackDeclaration(
  FL_ATTACK,
  parseChoices,
  async ({ attacker, weapon, targets, request }, sender) => {
    const claimed = checkFlDeclaration(attacker, weapon, targets, request.situation);
    if (!claimed.ok) return claimed;
    // The scene's calls replace a player's (a GM's declaration is the GM's call): scene.ts.
    const scene = sender.isGM ? null : flScene(attacker, claimed.value.target);
    const choices =
      scene === null ? request.situation : settleFlAgainstScene(scene, request.situation);
    if ("ok" in choices) return choices;
    const checked =
      choices === request.situation
        ? claimed
        : checkFlDeclaration(attacker, weapon, targets, choices);
    if (!checked.ok) return checked;
    const calls =
      scene === null ? [] : flSceneCalls(scene, request.situation, choices, sender.name);
    const posted = await postAttack(
      attacker,
      { ...checked.value, calls },
      sender,
      request.rollMode,
    );
    // A reaction to a move closes its card.
    if (posted.ok && request.situation.as === "reaction") {
      await spendReaction(request.situation.reaction);
    }
    return posted;
  },
  warnFlRefusal,
);

/**
 * Resolves the card on its dice (rolling the defense and damage still missing) against the
 * defender as it is now (its actions, a Dodge among them, from the ledger). A miss has nothing to
 * apply and is done at once.
 */
async function resolveCard(
  card: FlAttackCardState,
  defenderActor: Actor.Implementation,
  dice: readonly DieRoll[] = card.dice,
): Promise<{ ok: true; value: { card: FlAttackCardState; rolls: Roll[] } } | Refusal> {
  const defender = flNow(defenderActor);
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
/*  The card's steps                                                                            */
/* ------------------------------------------------------------------------------------------ */

/** Who may press a step: defend, the GM or the defender's owner; apply, also the attacker's. */
export function mayPress(
  card: FlAttackCardState,
  step: FlStep,
  user: User.Implementation,
): boolean {
  if (user.isGM) return true;
  if (step === "unseen") return false;
  if (owns(resolveActor(card.defenderId), user)) return true;
  return step === "apply" && owns(resolveActor(card.attackerId), user);
}

async function updateCard(
  message: ChatMessage.Implementation,
  card: FlAttackCardState,
  claim: string,
): Promise<RefereeOutcome> {
  await message.update(await FL_ATTACK_CARD.stepUpdate(card, claim));
  return { ok: true };
}

/** Defend rolls what is missing; Apply re-resolves on the card's dice and writes the health. */
async function resolveStep(
  step: "defend" | "apply",
  { message, card, claim }: Press<FlAttackCardState>,
): Promise<RefereeOutcome> {
  const defenderActor = resolveActor(card.defenderId);
  if (defenderActor === null) return refuse("noSuchTarget");
  const resolved = await resolveCard(card, defenderActor);
  if (!resolved.ok) return resolved;
  // The defense and damage dice: thrown to whom the card's roll mode shows dice.
  await showDice(message, resolved.value.rolls);
  let done = resolved.value.card;
  if (step === "apply") {
    await commitFl(done.result?.updates ?? []);
    const touched = await landTouchEffects(done);
    done = { ...done, stage: "applied", ...(touched.length > 0 ? { touched } : {}) };
  }
  return updateCard(message, done, claim);
}

function step(
  name: FlStep,
  closed: (card: FlAttackCardState) => Refusal | null,
  resolve: (press: Press<FlAttackCardState>) => Promise<RefereeOutcome>,
): CardStep<FlAttackCardState> {
  return { mayPress: (card, user) => mayPress(card, name, user), closed, resolve };
}

/** The attack card: Roll defense, Apply, and the GM's Unseen. */
export const flAttackCard = cardStrategy<FlAttackCardState>({
  kind: FL_ATTACK,
  cardOf: flCardOf,
  warn: warnFlRefusal,
  steps: {
    defend: step(
      "defend",
      (card) => (card.stage === "defend" ? null : refuse("alreadyDefended")),
      (press) => resolveStep("defend", press),
    ),
    apply: {
      ...step(
        "apply",
        (card) => (card.stage === "resolved" ? null : refuse("alreadyApplied")),
        (press) => resolveStep("apply", press),
      ),
      appliesDamage: true,
    },
    unseen: step(
      "unseen",
      (card) =>
        card.stage !== "defend"
          ? refuse("alreadyDefended")
          : card.situation.defenderSees === false
            ? refuse("alreadyHandled")
            : null,
      ({ message, card, claim }) =>
        updateCard(
          message,
          { ...card, situation: { ...card.situation, defenderSees: false } },
          claim,
        ),
    ),
  },
  // For the modules' hooks: the result once the defense is in, the damage after armor.
  attack: (card) => attackView(card, dealtResult(card.result), card.stage === "applied"),
  nextStep: flAttackNextStep,
});
