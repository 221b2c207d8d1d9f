/**
 * The Execution Attack at the table. Whether the minute of preparation is done and whether the
 * target is completely unaware of danger are the GM's calls, never the player's payload: the
 * player declares the attack (weapon, target, range), and the referee posts a card that waits for
 * the GM. The GM's "Confirm" (prepared and unaware) rolls and settles it on the referee (rules:
 * executionAttack) on the documents as they are then, spending the attacker's Main Action; "Call
 * off" ends it with nothing written. Nobody but a GM may press either.
 */
import { refuse } from "../../../../rules/core/result.ts";
import { executionAttack } from "../../../../rules/wwn/index.ts";
import type { ExecutionOutcome } from "../../../../rules/wwn/index.ts";
import { SYSTEM_ID } from "../../../constants.ts";
import { cardDeclaration, cardStrategy } from "../../../cards/protocol.ts";
import type { Press } from "../../../cards/protocol.ts";
import { cardStepUpdate, showDice } from "../../../shared/cards.ts";
import { withDice } from "../../../shared/dice.ts";
import type { RefereeOutcome } from "../../../shared/referee.ts";
import { refusalFor, warnWwnRefusal } from "../adapter.ts";
import { applyWwnOutcome } from "../budget.ts";
import { meleeInput } from "./knock.ts";
import {
  WWN_MANEUVER_FLAG,
  stagedCardOf,
  checkLine,
  maneuverKind,
  parseManeuverIntent,
  postManeuverCard,
  refereeManeuverFrame,
  renderWwnManeuverCard,
} from "./maneuver-card.ts";
import type { ManeuverScene, WwnManeuverCard, WwnManeuverIntent } from "./maneuver-card.ts";

export const WWN_EXECUTION = maneuverKind("execution");
/** The message flag (under flags.fray) of the declared attack the card waits to settle. */
const EXECUTION_FLAG = "wwnExecution";

/** The execution card's state: the declared attack, and where it stands. */
export interface WwnExecutionCard {
  readonly stage: "pending" | "done" | "calledOff";
  readonly intent: WwnManeuverIntent;
  /** The user who declared it, as the referee recorded it. */
  readonly declaredBy: string;
  readonly view: WwnManeuverCard;
}

const executionCardOf = (message: ChatMessage.Implementation) =>
  stagedCardOf(message, EXECUTION_FLAG) as WwnExecutionCard | null;

/** The card while it waits for the GM. */
function pendingView(scene: ManeuverScene): WwnManeuverCard {
  const names = { actor: scene.actor.name, target: scene.target?.name ?? "" };
  return {
    kind: "execution",
    actorName: names.actor,
    targetName: names.target,
    weaponName: scene.weapon?.name ?? null,
    hit: null,
    checks: [],
    result: "FRAY.Wwn.Maneuver.Execution.Pending",
    resultData: names,
    pending: true,
  };
}

/** The card once the attack is settled. */
function settledView(scene: ManeuverScene, o: ExecutionOutcome): WwnManeuverCard {
  const { me, target } = scene;
  const save = o.save;
  return {
    ...pendingView(scene),
    pending: false,
    checks: o.shot === undefined ? [] : [checkLine(me.name, o.shot, o.hit)],
    result: `FRAY.Wwn.Maneuver.Result.execution.${o.result}`,
    resultData: {
      actor: me.name,
      target: target?.name ?? "",
      dealt: String(o.dealt),
      ...(o.shot === undefined ? {} : { difficulty: String(o.shot.difficulty) }),
      ...(save === undefined
        ? {}
        : { save: String(save.natural + save.modifier), saveTarget: String(save.target) }),
    },
  };
}

/** Ends the card: its new view and stage in the card's one update, the step marked done. */
async function closeCard(
  press: Press<WwnExecutionCard>,
  stage: WwnExecutionCard["stage"],
  view: WwnManeuverCard,
): Promise<void> {
  const content = await renderWwnManeuverCard(view);
  await press.message.update({
    ...cardStepUpdate(WWN_MANEUVER_FLAG, view, content, press.claim),
    [`flags.${SYSTEM_ID}.${EXECUTION_FLAG}.stage`]: stage,
  } as never);
}

/** The GM's Confirm: settles the attack on the documents as they are now. */
function confirm(press: Press<WwnExecutionCard>): Promise<RefereeOutcome> {
  const { card } = press;
  const declarer = game.users?.get(card.declaredBy) ?? press.sender;
  return refereeManeuverFrame("execution", card.intent, declarer, async (scene) => {
    const rolled = await withDice((dice) =>
      executionAttack(
        {
          ...meleeInput(scene),
          // The GM's press says both: the minute of preparation is done, the target unaware.
          prepared: true,
          targetUnaware: true,
          range: card.intent.range ?? "melee",
        },
        dice,
      ),
    );
    const outcome = rolled.value;
    if (!outcome.ok) return refusalFor(outcome, scene.actor);
    await applyWwnOutcome(outcome.value.updates, scene.fight?.combat ?? null);
    await closeCard(press, "done", settledView(scene, outcome.value));
    await showDice(press.message, rolled.rolls);
    return { ok: true };
  });
}

/** The GM's Call off: the preparation was not done, or the target is aware. Nothing is written. */
async function callOff(press: Press<WwnExecutionCard>): Promise<RefereeOutcome> {
  const view: WwnManeuverCard = {
    ...press.card.view,
    pending: false,
    result: "FRAY.Wwn.Maneuver.Result.execution.calledOff",
  };
  await closeCard(press, "calledOff", view);
  return { ok: true };
}

const gmOnly = (_card: WwnExecutionCard, user: User.Implementation) => user.isGM;
const closed = (card: WwnExecutionCard) =>
  card.stage === "pending" ? null : refuse("alreadyHandled");

export const wwnExecutionCard = cardStrategy<WwnExecutionCard>({
  kind: WWN_EXECUTION,
  cardOf: executionCardOf,
  warn: warnWwnRefusal,
  steps: {
    // One claim for both buttons: the GM settles the card once, either way.
    confirm: { mayPress: gmOnly, closed, claimKey: () => "settle", resolve: confirm },
    callOff: { mayPress: gmOnly, closed, claimKey: () => "settle", resolve: callOff },
  },
});

/** The declaration: checks who asks, the weapon and the target, and posts the card that waits. */
export const wwnExecutionDeclaration = cardDeclaration<WwnManeuverIntent>({
  kind: WWN_EXECUTION,
  parse: parseManeuverIntent,
  warn: warnWwnRefusal,
  referee: (intent, sender) =>
    refereeManeuverFrame("execution", intent, sender, async (scene) => {
      const state: Omit<WwnExecutionCard, "view"> = {
        stage: "pending",
        intent,
        declaredBy: sender.id ?? "",
      };
      const message = await postManeuverCard(
        scene.actor,
        pendingView(scene),
        [],
        intent,
        sender,
        WWN_EXECUTION,
        { [EXECUTION_FLAG]: state },
      );
      return message === null ? refuse("failed") : { ok: true, value: message.id };
    }),
});
