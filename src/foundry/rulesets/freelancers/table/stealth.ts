/**
 * Hide and Search at the table, on one card of the card protocol (cards/protocol.ts). The actor's
 * owner presses Hide or Search on the sheet on its turn; the referee (the active GM) re-reads the
 * actor, checks the sender owns it and that it is its turn, lets the rules spend the Move (from
 * the ledger) and roll the check with core Roll (rules: stealthAction), and posts the card. What
 * the check comes to is the GM's call, on the card, for the GM only:
 * - Hide: Hidden or Seen (the book lets one hide only while nobody has it in sight: a player's
 *   Hide in the sight of a foe's token, as the scene decides it, scene/sight.ts, is refused with
 *   the scene's sentence before anything is rolled or spent). Hidden is
 *   recorded in the referee's ledger (FL_HIDDEN), where only a GM writes; an attack from a hidden
 *   attacker is unseen (no Dodge favorable against it) and, by the world setting, gives the
 *   attacker away (attack/referee.ts).
 * - Search: Spot, with the hidden combatants of the searcher's fight the GM ticks (the list is
 *   built on the GM's client only, so the card never tells players who is hidden); each ticked
 *   one is hidden no longer.
 * Outside a started combat the check is rolled and nothing is recorded.
 */
import { nextStepView } from "../../../cards/next-step.ts";
import { cardHeader } from "../../../cards/parts.ts";
import { flStealthNextStep } from "../cards/next-step.ts";
import type { DieRoll } from "../../../../rules/core/dice.ts";
import { refuse } from "../../../../rules/core/result.ts";
import type { CheckRoll } from "../../../../rules/freelancers/checks.ts";
import { STEALTH_KINDS, stealthAction } from "../../../../rules/freelancers/stealth.ts";
import type { StealthKind } from "../../../../rules/freelancers/stealth.ts";
import { fightOf, ledgerEntry, recordForActors } from "../../../combat/ledger.ts";
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
import { withDice } from "../../../shared/dice.ts";
import { serializedBy } from "../../../shared/referee.ts";
import type { RefereeOutcome } from "../../../shared/referee.ts";
import { isActorsTurn } from "../../../shared/turn.ts";
import { sceneSays } from "../../../scene/claims.ts";
import { foesInSight } from "../../../scene/sight.ts";
import { combatantId, resolveActor, warnFlRefusal } from "../adapter.ts";
import { commitFl, flNow } from "../budget.ts";
import { flOptions } from "../settings.ts";

/** The kind of the Hide and Search declaration and of its card. */
export const FL_STEALTH = "freelancers.stealth";

/** The ledger key of a combatant the GM ruled hidden (true while it is). */
export const FL_HIDDEN = "flHidden";

export interface FlStealthCard {
  readonly kind: StealthKind;
  readonly actorId: string;
  readonly name: string;
  readonly roll: CheckRoll;
  readonly dice: readonly DieRoll[];
  readonly provokes: boolean;
  /** The GM's ruling: hidden or seen (Hide), who was spotted (Search); null while it waits. */
  readonly ruling: { readonly hidden: boolean } | { readonly spotted: readonly string[] } | null;
}

/** Whether the GM has ruled the actor hidden in the fight it is in. */
export function isHidden(actor: Actor.Implementation): boolean {
  const fight = fightOf(actor);
  return fight !== null && ledgerEntry(fight.combat, fight.combatant.id ?? "", FL_HIDDEN) === true;
}

/** Records the actors hidden or not (in the fights they are in; nothing outside one). */
export function recordHidden(actors: readonly Actor.Implementation[], hidden: boolean) {
  return recordForActors(actors.map((actor) => ({ actor, key: FL_HIDDEN, value: hidden })));
}

function rulingText(card: FlStealthCard, t: CardI18n): string | null {
  const r = card.ruling;
  if (r === null) return null;
  if ("hidden" in r) {
    return t.format(
      r.hidden ? "FRAY.Freelancers.Stealth.IsHidden" : "FRAY.Freelancers.Stealth.IsSeen",
      {
        name: card.name,
      },
    );
  }
  return r.spotted.length === 0
    ? t.format("FRAY.Freelancers.Stealth.FoundNobody", { name: card.name })
    : t.format("FRAY.Freelancers.Stealth.Found", { name: card.name, names: r.spotted.join(", ") });
}

/** The card's template context. */
export function flStealthCardContext(card: FlStealthCard, t: CardI18n) {
  return {
    kind: card.kind,
    header: cardHeader(card.name, null, t.localize(`FRAY.Freelancers.Stealth.What.${card.kind}`)),
    next: nextStepView(flStealthNextStep(card), t),
    faces: card.roll.faces.join(", "),
    target: card.roll.target,
    passed: card.roll.passed,
    provoked: card.provokes
      ? t.format("FRAY.Freelancers.Care.Opportunity", { name: card.name })
      : null,
    ruling: rulingText(card, t),
    awaitsHide: card.ruling === null && card.kind === "hide",
    awaitsSearch: card.ruling === null && card.kind === "search",
  };
}

const VIEW = cardView(
  chatTemplate("freelancers", "stealth-card"),
  "flStealth",
  flStealthCardContext,
);

interface StealthIntent {
  readonly actorId: string;
  readonly kind: StealthKind;
}

function parseStealth(raw: unknown): StealthIntent | null {
  if (typeof raw !== "object" || raw === null) return null;
  const { actorId, kind } = raw as Record<string, unknown>;
  if (typeof actorId !== "string" || !STEALTH_KINDS.includes(kind as StealthKind)) return null;
  return { actorId, kind: kind as StealthKind };
}

/** The referee's side: owner, turn, the Move from the ledger, the check; then the card. */
function refereeStealth(
  intent: StealthIntent,
  sender: User.Implementation,
): Promise<RefereeOutcome> {
  const actor = resolveActor(intent.actorId);
  if (actor === null || !owns(actor, sender)) return Promise.resolve(refuse("notAllowed"));
  // One action at a time per actor (shared with its attacks and care: the same Move and Base).
  return serializedBy(`${SYSTEM_ID}.attacker.${intent.actorId}`, async () => {
    if (!isActorsTurn(actor)) return refuse("notYourTurn", { name: actor.name });
    // A player hides only out of every foe's sight, as the scene decides (a GM's call stands).
    const seenBy =
      intent.kind === "hide" && !sender.isGM ? (foesInSight(actor)?.[0] ?? null) : null;
    if (seenBy !== null) return sceneSays(seenBy);
    const me = flNow(actor);
    const rolled = await withDice((dice) => stealthAction(me, intent.kind, dice, flOptions()));
    const out = rolled.value;
    if (!out.ok) return refuse(out.reason, { ...out.detail, name: actor.name });
    await commitFl([], [{ actor, value: out.value.actions }]);
    const card: FlStealthCard = {
      kind: intent.kind,
      actorId: me.id,
      name: me.name,
      roll: out.value.roll,
      dice: rolled.dice,
      provokes: out.value.provokes,
      ruling: null,
    };
    return postViewCard(FL_STEALTH, VIEW, card, { actor, sender, rolls: rolled.rolls });
  });
}

export const flStealthDeclaration = cardDeclaration<StealthIntent>({
  kind: FL_STEALTH,
  parse: parseStealth,
  referee: refereeStealth,
  warn: warnFlRefusal,
});

/** Hide or Search from the sheet: a Move action; the GM rules on the card. */
export async function flStealth(
  actor: Actor.Implementation,
  kind: StealthKind,
): Promise<ChatMessage.Implementation | null> {
  if (!isActorsTurn(actor)) {
    warnFlRefusal(refuse("notYourTurn", { name: actor.name }));
    return null;
  }
  return postedCard(await declareCard(FL_STEALTH, { actorId: combatantId(actor), kind }));
}

const gmOnly = (_card: FlStealthCard, user: User.Implementation) => user.isGM;
const waiting = (kind: StealthKind) => (card: FlStealthCard) =>
  card.kind !== kind
    ? refuse("badRequest")
    : card.ruling === null
      ? null
      : refuse("alreadyHandled");

/** Hide's ruling: the hider is hidden (recorded in the ledger) or seen. */
function hideRuling(hidden: boolean) {
  return {
    mayPress: gmOnly,
    closed: waiting("hide"),
    claimKey: () => "ruling",
    async resolve(press: {
      message: ChatMessage.Implementation;
      card: FlStealthCard;
      claim: string;
    }) {
      const actor = resolveActor(press.card.actorId);
      if (actor === null) return refuse("noSuchTarget");
      await recordHidden([actor], hidden);
      const next: FlStealthCard = { ...press.card, ruling: { hidden } };
      await press.message.update(await VIEW.stepUpdate(next, press.claim));
      return { ok: true } as const;
    },
  };
}

/** The ids the GM ticked (strings only); anything else is a bad request. */
function parseSpotted(raw: unknown): { ids: string[] } | null {
  const ids = (raw as { ids?: unknown } | null)?.ids;
  if (!Array.isArray(ids) || !ids.every((id) => typeof id === "string")) return null;
  return { ids: ids };
}

/** The hidden combatants of the searcher's fight but itself (read on the GM's client). */
function hiddenNear(card: FlStealthCard): Actor.Implementation[] {
  const searcher = resolveActor(card.actorId);
  const fight = searcher === null ? null : fightOf(searcher);
  if (fight === null) return [];
  return fight.combat.combatants.contents.flatMap((c) => {
    const actor = c.actor;
    if (actor === null || c.id === fight.combatant.id) return [];
    return ledgerEntry(fight.combat, c.id ?? "", FL_HIDDEN) === true ? [actor] : [];
  });
}

export const flStealthCard = cardStrategy<FlStealthCard>({
  kind: FL_STEALTH,
  cardOf: VIEW.of,
  warn: warnFlRefusal,
  steps: {
    hidden: hideRuling(true),
    seen: hideRuling(false),
    spot: {
      mayPress: gmOnly,
      closed: waiting("search"),
      parse: parseSpotted,
      choicesOf: (button) => ({
        ids: [
          ...(button
            .closest(".fray-fl-stealth")
            ?.querySelectorAll<HTMLInputElement>("input[data-spot]:checked") ?? []),
        ].map((box) => box.dataset["spot"] ?? ""),
      }),
      async resolve(press) {
        const { ids } = press.choices as { ids: string[] };
        // Only a combatant hidden in the searcher's fight can be spotted.
        const spotted = hiddenNear(press.card).filter((actor) => ids.includes(combatantId(actor)));
        await recordHidden(spotted, false);
        const next: FlStealthCard = {
          ...press.card,
          ruling: { spotted: spotted.map((actor) => actor.name) },
        };
        await press.message.update(await VIEW.stepUpdate(next, press.claim));
        return { ok: true };
      },
    },
  },
  // The GM alone sees whom the Search may find: a box per hidden combatant, beside Spot.
  wire: (_message, html, card) => {
    const row = html.querySelector(".fray-fl-spot");
    if (row === null || card.ruling !== null || !game.user?.isGM) return;
    for (const actor of hiddenNear(card)) {
      const label = document.createElement("label");
      const box = document.createElement("input");
      box.type = "checkbox";
      box.dataset["spot"] = combatantId(actor);
      label.append(box, ` ${actor.name}`);
      row.prepend(label);
    }
  },
  nextStep: flStealthNextStep,
});
