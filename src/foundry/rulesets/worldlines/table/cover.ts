/**
 * Covering Fire at the table (rules/worldlines/covering-fire.ts), an interruption between turns:
 * 1. the interrupter's owner presses Covering Fire on a weapon row with an enemy targeted; the
 *    referee re-reads both actors and the weapon, measures the situation on the scene (calls.ts),
 *    checks the interruption (Energy, once a round, from the ledger), rolls, pays and posts the
 *    card;
 * 2. the target's owner (or the GM) answers on the card: Abort, or Evade (a forced Evasion, no
 *    Energy). An aborted action is recorded in the ledger for the round (`coverAborted`, only the
 *    GM writes it): the target's next attack this round is the action it gives up, refused once
 *    by the attack's referee (`abortedByCover`).
 */
import { nextStepView } from "../../../cards/next-step.ts";
import { cardHeader } from "../../../cards/parts.ts";
import { coverNextStep } from "../cards/next-step.ts";
import { refuse } from "../../../../rules/core/result.ts";
import type { Refusal } from "../../../../rules/core/result.ts";
import { answerCover, coverTarget } from "../../../../rules/worldlines/index.ts";
import type { AttackSituation, CoverRoll } from "../../../../rules/worldlines/index.ts";
import { cardStrategy } from "../../../cards/protocol.ts";
import { postViewCard } from "../../../cards/protocol.ts";
import { actorLedgerEntry, fightOf, recordForActors } from "../../../combat/ledger.ts";
import { turnStateOf } from "../../../combat/state.ts";
import { combatantId, resolveActor, targetedActors, withinReach } from "../../../shared/actors.ts";
import { cardView, chatTemplate, owns, showDice } from "../../../shared/cards.ts";
import type { CardI18n } from "../../../shared/cards.ts";
import { withDice } from "../../../shared/dice.ts";
import type { RefereeOutcome } from "../../../shared/referee.ts";
import { applyUpdatesBatch, toCombatant, toWeapon } from "../adapter.ts";
import { refused, warnRefusal } from "../attack/declare.ts";
import { isDropped } from "../attack/limbs.ts";
import { measuredSituation } from "../calls.ts";
import { worldlinesOptions } from "../settings.ts";
import { actorDeclaration, declareFor } from "./kit.ts";
import { isRestrained } from "./restraints.ts";

export const COVER_KIND = "worldlines.cover";
const COVER_FLAG = "cover";
/** The ledger key of an action aborted under Covering Fire: the round it happened in. */
const ABORTED = "coverAborted";

export interface CoverCard {
  readonly interrupterId: string;
  readonly targetId: string;
  readonly weaponId: string;
  readonly interrupterName: string;
  readonly targetName: string;
  readonly weaponName: string;
  readonly situation: AttackSituation;
  readonly cost: number;
  readonly attack: CoverRoll;
  /** The target's answer, once given. */
  readonly answer: null | {
    readonly choice: "abort" | "evade";
    readonly evasion: CoverRoll | null;
    readonly aborted: boolean;
  };
}

export function coverContext(card: CoverCard, say: CardI18n): Record<string, unknown> {
  const names = { name: card.interrupterName, target: card.targetName };
  const lines = [
    {
      text: say.format("FRAY.Worldlines.Cover.Roll", {
        ...names,
        weapon: card.weaponName,
        natural: card.attack.natural,
        total: card.attack.total,
        energy: card.cost,
      }),
      bad: false,
    },
  ];
  const answer = card.answer;
  if (answer === null) {
    lines.push({ text: say.format("FRAY.Worldlines.Cover.Waiting", names), bad: false });
  } else {
    if (answer.evasion !== null) {
      lines.push({
        text: say.format("FRAY.Worldlines.Cover.Evasion", {
          ...names,
          rolls: answer.evasion.rolls.join(", "),
          total: answer.evasion.total,
        }),
        bad: answer.aborted,
      });
    }
    lines.push({
      text: say.format(
        answer.aborted ? "FRAY.Worldlines.Cover.Aborted" : "FRAY.Worldlines.Cover.CarriesOn",
        names,
      ),
      bad: answer.aborted,
    });
  }
  return {
    header: cardHeader(
      card.interrupterName,
      card.targetName,
      say.format("FRAY.Worldlines.Cover.What", { weapon: card.weaponName }),
    ),
    lines,
    waiting: answer === null,
    evadeLabel: say.localize("FRAY.Worldlines.Cover.Evade"),
    abortLabel: say.localize("FRAY.Worldlines.Cover.Abort"),
    next: nextStepView(coverNextStep(card), say),
  };
}

const view = cardView<CoverCard>(
  chatTemplate("worldlines", "cover-card"),
  COVER_FLAG,
  coverContext,
);

/** Covering Fire with this weapon on the targeted enemy; resolves to whether the card was posted. */
export function coveringFire(
  actor: Actor.Implementation,
  weapon: Item.Implementation,
): Promise<boolean> {
  const target = targetedActors()[0];
  if (target === undefined) return Promise.resolve(refused(refuse("noTarget"), actor));
  return declareFor(COVER_KIND, actor, {
    weaponId: weapon.id ?? "",
    targetId: combatantId(target),
  });
}

export const coverDeclaration = actorDeclaration<{ weaponId: string; targetId: string }>({
  kind: COVER_KIND,
  parse: ({ weaponId, targetId }) =>
    typeof weaponId === "string" && typeof targetId === "string" ? { weaponId, targetId } : null,
  async act(actor, { weaponId, targetId }, sender): Promise<RefereeOutcome> {
    const item = actor.items.get(weaponId);
    if (item?.type !== "weapon") return refuse("notAWeapon");
    if (isDropped(actor, weaponId)) {
      return refuse("weaponDropped", { name: actor.name, weapon: item.name });
    }
    const target = resolveActor(targetId);
    if (target === null) return refuse("noSuchTarget");
    if (!withinReach(actor, target)) return refuse("notATarget", { target: target.name });
    const situation = measuredSituation(actor, target, item, {});
    if ("ok" in situation) return situation;
    const interrupter = toCombatant(actor);
    const weapon = toWeapon(item);
    const input = { interrupter, target: toCombatant(target), weapon, situation };
    const rolled = await withDice((dice) => coverTarget(input, dice, worldlinesOptions()));
    const out = rolled.value;
    if (!out.ok) return out;
    await applyUpdatesBatch(out.value.updates);
    const card: CoverCard = {
      interrupterId: interrupter.id,
      targetId: combatantId(target),
      weaponId,
      interrupterName: actor.name,
      targetName: target.name,
      weaponName: item.name,
      situation,
      cost: out.value.cost,
      attack: out.value.attack,
      answer: null,
    };
    return postViewCard(COVER_KIND, view, card, { actor, sender, rolls: rolled.rolls });
  },
});

/** Whether the user answers for the covered target: its owner, or a GM. */
function answersFor(card: CoverCard, user: User.Implementation): boolean {
  return user.isGM || owns(resolveActor(card.targetId), user);
}

function answerStep(choice: "abort" | "evade") {
  return {
    mayPress: answersFor,
    closed: (card: CoverCard) => (card.answer === null ? null : refuse("alreadyResolved")),
    async resolve(press: {
      message: ChatMessage.Implementation;
      card: CoverCard;
      claim: string;
    }): Promise<RefereeOutcome> {
      const { card } = press;
      const interrupterActor = resolveActor(card.interrupterId);
      const targetActor = resolveActor(card.targetId);
      const item = interrupterActor?.items.get(card.weaponId);
      if (interrupterActor === null || targetActor === null || item === undefined) {
        return refuse("noSuchTarget");
      }
      const input = {
        interrupter: toCombatant(interrupterActor),
        target: toCombatant(targetActor),
        weapon: toWeapon(item),
        situation: card.situation,
        attackTotal: card.attack.total,
        choice,
      };
      const rolled = await withDice((dice) => answerCover(input, dice, worldlinesOptions()));
      const out = rolled.value;
      if (!out.ok) return out;
      // The forced Evasion's dice: thrown to whom the card's roll mode shows dice.
      await showDice(press.message, rolled.rolls);
      const fight = fightOf(targetActor);
      if (out.value.aborted && fight !== null) {
        const round = turnStateOf(fight.combat).round;
        await recordForActors([{ actor: targetActor, key: ABORTED, value: round }]);
      }
      const next: CoverCard = { ...card, answer: { choice, ...out.value } };
      await press.message.update(await view.stepUpdate(next, press.claim));
      return { ok: true, value: press.message.id };
    },
  };
}

export const coverCard = cardStrategy<CoverCard>({
  kind: COVER_KIND,
  cardOf: view.of,
  steps: { evade: answerStep("evade"), abort: answerStep("abort") },
  warn: (refusal) => {
    warnRefusal(refusal);
  },
  nextStep: coverNextStep,
});

/**
 * On the referee, before an attack: whether the attacker gave up its action under Covering Fire
 * this round. The first attack after it is the one given up: the mark is cleared as it refuses.
 */
export async function abortedByCover(actor: Actor.Implementation): Promise<boolean> {
  const fight = fightOf(actor);
  if (fight === null) return false;
  const round = turnStateOf(fight.combat).round;
  if (actorLedgerEntry(actor, ABORTED) !== round) return false;
  await recordForActors([{ actor, key: ABORTED, value: null }]);
  return true;
}

/**
 * On the referee, before an attack: why the attacker cannot make it with this weapon now, or
 * null: the attacker is restrained (table/restraints.ts), the weapon lies where an arm hit dropped it, or the attack is the action it gave up
 * under Covering Fire (abortedByCover, which clears the mark).
 */
export async function heldBack(
  attacker: Actor.Implementation,
  weapon: Item.Implementation,
): Promise<Refusal | null> {
  if (isRestrained(attacker)) return refuse("restrained", { name: attacker.name });
  if (isDropped(attacker, weapon.id)) {
    return refuse("weaponDropped", { name: attacker.name, weapon: weapon.name });
  }
  return (await abortedByCover(attacker))
    ? refuse("abortedByCover", { name: attacker.name })
    : null;
}
