/**
 * Ready an Action, on one card of the card protocol: the holder's owner presses Ready (Base or
 * Move) on the sheet on its turn and names the trigger (a short text, escaped on the card); the
 * referee (the active GM) checks the sender owns the holder, its turn and the rules (readyAction:
 * the Quick and the held action, from the ledger), records it and posts the card. When the
 * trigger happens the holder's owner or the GM presses "Trigger happened — act now": the referee
 * spends the holder's reaction and marks the readied action triggered in the ledger (useReadied),
 * which lets the holder take that one action outside its turn (`mayActNow`); taking it ends the
 * readied state, and the holder's next turn start ends an unused one.
 *
 * A card fires only the readied action it was posted for: the referee stamps each Ready in the
 * ledger (FL_READY_STAMP, beside the actions, in the same Combat update) and on its card; a card
 * whose stamp is no longer the ledger's (an earlier round's Ready, left unfired) is refused as
 * stale and changes nothing. A card posted before stamps existed fires only an unstamped Ready.
 */
import { nextStepView } from "../../../cards/next-step.ts";
import { cardHeader } from "../../../cards/parts.ts";
import { flReadyNextStep } from "../cards/next-step.ts";
import { refuse } from "../../../../rules/core/result.ts";
import { readyAction, useReadied } from "../../../../rules/freelancers/actions.ts";
import {
  cardDeclaration,
  cardStrategy,
  declareCard,
  postViewCard,
} from "../../../cards/protocol.ts";
import { SYSTEM_ID } from "../../../constants.ts";
import { postedCard } from "../../../shared/attack.ts";
import { cardView, chatTemplate, owns } from "../../../shared/cards.ts";
import type { CardI18n } from "../../../shared/cards.ts";
import { i18n } from "../../../shared/env.ts";
import { serializedBy } from "../../../shared/referee.ts";
import type { RefereeOutcome } from "../../../shared/referee.ts";
import { isActorsTurn } from "../../../shared/turn.ts";
import { combatantId, resolveActor, warnFlRefusal } from "../adapter.ts";
import { actorLedgerEntry, recordForActors } from "../../../combat/ledger.ts";
import { FL_ACTIONS, commitFl, flNow } from "../budget.ts";

export const FL_READY = "freelancers.ready";

/** The longest trigger text a card shows. */
export const FL_TRIGGER_MAX = 120;

export type FlHeld = "base" | "move";

export interface FlReadyCard {
  readonly holderId: string;
  readonly holderName: string;
  readonly held: FlHeld;
  readonly trigger: string;
  /** The trigger happened: the holder may take its readied action now. */
  readonly fired: boolean;
  /** The Ready's stamp in the ledger (absent on cards posted before stamps). */
  readonly readyId?: string;
}

/** The ledger key of the stamp of a combatant's latest Ready (the card that may fire it). */
export const FL_READY_STAMP = "flReadyStamp";

/** Whether the card is the one posted for the holder's latest Ready, as the ledger stamped it. */
function isLatestReady(holder: Actor.Implementation, card: FlReadyCard): boolean {
  const stamp = actorLedgerEntry(holder, FL_READY_STAMP);
  return (card.readyId ?? null) === (typeof stamp === "string" ? stamp : null);
}

export function flReadyCardContext(card: FlReadyCard, t: CardI18n) {
  const action = t.localize(`FRAY.Freelancers.Ready.Held.${card.held}`);
  return {
    header: cardHeader(card.holderName, null, t.format("FRAY.Freelancers.Ready.What", { action })),
    next: nextStepView(flReadyNextStep(card), t),
    trigger: card.trigger,
    fired: card.fired
      ? t.format("FRAY.Freelancers.Ready.Fired", { name: card.holderName, action })
      : null,
  };
}

const VIEW = cardView(chatTemplate("freelancers", "ready-card"), "flReady", flReadyCardContext);

interface ReadyIntent {
  readonly holderId: string;
  readonly held: FlHeld;
  readonly trigger: string;
}

/** The trigger as the card keeps it: trimmed, one line, at most FL_TRIGGER_MAX characters. */
function triggerText(raw: unknown): string | null {
  if (typeof raw !== "string") return null;
  const text = raw.replace(/\s+/g, " ").trim();
  return text === "" || text.length > FL_TRIGGER_MAX ? null : text;
}

function parseReady(raw: unknown): ReadyIntent | null {
  if (typeof raw !== "object" || raw === null) return null;
  const { holderId, held, trigger } = raw as Record<string, unknown>;
  const text = triggerText(trigger);
  if (typeof holderId !== "string" || text === null) return null;
  return held === "base" || held === "move" ? { holderId, held, trigger: text } : null;
}

function refereeReady(intent: ReadyIntent, sender: User.Implementation): Promise<RefereeOutcome> {
  const holder = resolveActor(intent.holderId);
  if (holder === null || !owns(holder, sender)) return Promise.resolve(refuse("notAllowed"));
  return serializedBy(`${SYSTEM_ID}.attacker.${intent.holderId}`, async () => {
    if (!isActorsTurn(holder)) return refuse("notYourTurn", { name: holder.name });
    const readied = readyAction(flNow(holder), intent.held);
    if (!readied.ok) return refuse(readied.reason, { ...readied.detail, name: holder.name });
    const readyId = foundry.utils.randomID();
    await recordForActors([
      { actor: holder, key: FL_ACTIONS, value: readied.value },
      { actor: holder, key: FL_READY_STAMP, value: readyId },
    ]);
    const card: FlReadyCard = {
      holderId: combatantId(holder),
      holderName: holder.name,
      held: intent.held,
      trigger: intent.trigger,
      fired: false,
      readyId,
    };
    return postViewCard(FL_READY, VIEW, card, { actor: holder, sender });
  });
}

export const flReadyDeclaration = cardDeclaration<ReadyIntent>({
  kind: FL_READY,
  parse: parseReady,
  referee: refereeReady,
  warn: warnFlRefusal,
});

/** Ready an Action (a Quick action) holding the Base or the Move until the trigger happens. */
export async function flReady(
  holder: Actor.Implementation,
  held: FlHeld,
  trigger: string,
): Promise<ChatMessage.Implementation | null> {
  const text = triggerText(trigger);
  if (text === null) {
    warnFlRefusal(refuse("badTrigger"), { max: String(FL_TRIGGER_MAX) });
    return null;
  }
  const intent: ReadyIntent = { holderId: combatantId(holder), held, trigger: text };
  return postedCard(await declareCard(FL_READY, intent));
}

/** Asks the holder's owner for the trigger (a dialog), then readies; null when closed. */
export async function flReadyFromSheet(
  holder: Actor.Implementation,
  held: FlHeld,
): Promise<ChatMessage.Implementation | null> {
  const t = i18n();
  const label = foundry.utils.escapeHTML(t.localize("FRAY.Freelancers.Ready.Trigger"));
  // DialogV2.wait resolves to what the pressed button's callback returns (null when closed).
  const dialogs = foundry.applications.api.DialogV2 as unknown as {
    wait(config: object): Promise<unknown>;
  };
  const answer = await dialogs.wait({
    window: { title: t.localize("FRAY.Freelancers.Ready.Ask") },
    content: `<label>${label} <input type="text" name="trigger" maxlength="${FL_TRIGGER_MAX}" required></label>`,
    buttons: [
      {
        action: "ready",
        label: t.localize("FRAY.Freelancers.Ready.Confirm"),
        default: true,
        callback: (_event: Event, button: HTMLButtonElement) =>
          button.form?.querySelector<HTMLInputElement>("input[name=trigger]")?.value ?? null,
      },
    ],
    rejectClose: false,
  });
  return typeof answer === "string" ? flReady(holder, held, answer) : null;
}

export const flReadyCard = cardStrategy<FlReadyCard>({
  kind: FL_READY,
  cardOf: VIEW.of,
  warn: warnFlRefusal,
  steps: {
    fire: {
      mayPress: (card, user) => user.isGM || owns(resolveActor(card.holderId), user),
      closed: (card) => (card.fired ? refuse("alreadyHandled") : null),
      parse: () => ({}),
      choicesOf: () => ({}),
      async resolve(press) {
        const holder = resolveActor(press.card.holderId);
        if (holder === null) return refuse("notAllowed");
        if (!isLatestReady(holder, press.card)) return refuse("staleReady", { name: holder.name });
        const fired = useReadied(flNow(holder));
        if (!fired.ok) return refuse(fired.reason, { ...fired.detail, name: holder.name });
        await commitFl([], [{ actor: holder, value: fired.value }]);
        await press.message.update(
          await VIEW.stepUpdate({ ...press.card, fired: true }, press.claim),
        );
        return { ok: true };
      },
    },
  },
  nextStep: flReadyNextStep,
});
