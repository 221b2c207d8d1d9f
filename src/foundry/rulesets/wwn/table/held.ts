/**
 * Hold an Action that interrupts, at the table. Holding (a Move action, from the sheet: self.ts)
 * posts this card in a started combat; its "Act now" (the holder's owner or the GM, while the
 * holder still holds in the round it held) is the held action's trigger: the referee records in
 * its ledger that the holder acts now (`wwn_actingNow`: the round), and until "Done" the combatant
 * whose turn it is waits (budget.ts turnOf: rules TurnContext.heldFirst, Instants still allowed)
 * while the holder acts out of turn with what it held. "Done" ends the hold: the holder no longer
 * acts out of turn, and the turn goes on.
 *
 * A caster interrupted this way who loses hit points before finishing the spell loses it (cast.ts).
 */
import { refuse } from "../../../../rules/core/result.ts";
import { actNow, heldDone } from "../../../../rules/wwn/index.ts";
import type { WwnCombatant } from "../../../../rules/wwn/index.ts";
import { SYSTEM_ID } from "../../../constants.ts";
import { cardStrategy } from "../../../cards/protocol.ts";
import type { Press } from "../../../cards/protocol.ts";
import { fightOf } from "../../../combat/ledger.ts";
import { turnStateOf } from "../../../combat/state.ts";
import { cardStepUpdate } from "../../../shared/cards.ts";
import { rollModeNow } from "../../../shared/attack.ts";
import { serializedBy } from "../../../shared/referee.ts";
import type { RefereeOutcome } from "../../../shared/referee.ts";
import { combatantId, refusalFor, resolveActor, warnWwnRefusal } from "../adapter.ts";
import { ACTING_NOW_KEY, applyWwnOutcome, fighterIn } from "../budget.ts";
import type { Fight } from "../budget.ts";
import {
  WWN_MANEUVER_FLAG,
  ownerOrGm,
  stagedCardOf,
  postManeuverCard,
  renderWwnManeuverCard,
} from "./maneuver-card.ts";
import type { WwnManeuverCard } from "./maneuver-card.ts";

/** The card protocol's kind of the held-action card, and its flag (under flags.fray). */
export const WWN_HELD = "wwn.held";
const HELD_FLAG = "wwnHeld";

export interface WwnHeldCard {
  readonly stage: "holding" | "acting" | "done";
  /** The holder's rules id. */
  readonly actorId: string;
  /** The round it holds in. */
  readonly round: number;
  readonly view: WwnManeuverCard;
}

const heldCardOf = (message: ChatMessage.Implementation) =>
  stagedCardOf(message, HELD_FLAG) as WwnHeldCard | null;

/** The card's view at a stage: the sentence and the buttons it waits for. */
function heldView(
  stage: WwnHeldCard["stage"],
  names: { actor: string; current: string },
  actorId: string,
): WwnManeuverCard {
  const buttons =
    stage === "holding"
      ? [{ step: "actNow", label: "FRAY.Wwn.Held.ActNow" }]
      : stage === "acting"
        ? [{ step: "done", label: "FRAY.Wwn.Held.Done" }]
        : [];
  return {
    kind: "hold",
    actorName: names.actor,
    targetName: null,
    weaponName: null,
    hit: null,
    checks: [],
    result: `FRAY.Wwn.Held.${stage}`,
    resultData: names,
    buttons,
    actorId,
  };
}

/** The name of the combatant whose turn it is in the fight ("" between turns). */
function currentName(fight: Fight): string {
  const active = turnStateOf(fight.combat).active;
  const combatant = fight.combat.combatants.contents.find((c) => c.id === active);
  return combatant?.name ?? combatant?.actor?.name ?? "";
}

/** Posts the held-action card, as the referee, once the holder's Hold is written. */
export async function postHeldCard(
  actor: Actor.Implementation,
  fight: Fight,
  sender: User.Implementation,
): Promise<void> {
  const state: Omit<WwnHeldCard, "view"> = {
    stage: "holding",
    actorId: combatantId(actor),
    round: turnStateOf(fight.combat).round,
  };
  const view = heldView(
    "holding",
    { actor: actor.name, current: currentName(fight) },
    state.actorId,
  );
  const intent = { actorId: state.actorId, rollMode: rollModeNow() };
  await postManeuverCard(actor, view, [], intent, sender, WWN_HELD, { [HELD_FLAG]: state });
}

/** Moves the card to `stage` in one update, its step marked done. */
async function toStage(
  press: Press<WwnHeldCard>,
  stage: WwnHeldCard["stage"],
  fight: Fight,
): Promise<void> {
  const names = { actor: press.card.view.actorName, current: currentName(fight) };
  const view = heldView(stage, names, press.card.actorId);
  await press.message.update({
    ...cardStepUpdate(WWN_MANEUVER_FLAG, view, await renderWwnManeuverCard(view), press.claim),
    [`flags.${SYSTEM_ID}.${HELD_FLAG}.stage`]: stage,
  } as never);
}

/**
 * A press's frame on the referee: the holder in its started combat, still in the round it held,
 * one request per actor at a time; `rule` settles its round and the ledger records it.
 */
function settleHeld(
  press: Press<WwnHeldCard>,
  next: WwnHeldCard["stage"],
  rule: (me: WwnCombatant) => ReturnType<typeof actNow>,
): Promise<RefereeOutcome> {
  const { card } = press;
  const actor = resolveActor(card.actorId);
  if (actor === null) return Promise.resolve(refuse("notAllowed"));
  return serializedBy(`${SYSTEM_ID}.attacker.${card.actorId}`, async () => {
    const fight = fightOf(actor);
    if (fight === null || turnStateOf(fight.combat).round !== card.round) {
      return refusalFor(refuse("holdExpired"), actor);
    }
    const out = rule(fighterIn(actor, fight));
    if (!out.ok) return refusalFor(out, actor);
    const acting = {
      combatantId: fight.combatant.id ?? "",
      key: ACTING_NOW_KEY,
      value: next === "acting" ? card.round : null,
    };
    await applyWwnOutcome(out.value.updates, fight.combat, [acting]);
    await toStage(press, next, fight);
    return { ok: true };
  });
}

export const wwnHeldCard = cardStrategy<WwnHeldCard>({
  kind: WWN_HELD,
  cardOf: heldCardOf,
  warn: warnWwnRefusal,
  steps: {
    actNow: {
      mayPress: ownerOrGm,
      closed: (card) => (card.stage === "holding" ? null : refuse("alreadyHandled")),
      resolve: (press) => settleHeld(press, "acting", actNow),
    },
    done: {
      mayPress: ownerOrGm,
      closed: (card) => (card.stage === "acting" ? null : refuse("alreadyHandled")),
      resolve: (press) => settleHeld(press, "done", heldDone),
    },
  },
});
