/**
 * Counters from the sheet: + and − on a kind, and a new kind the GM or the owner names (the book's
 * counters are open: stun, stress, bleed, and whatever an effect adds). In a fight a stun counter
 * settles whether its holder may act, so every change goes to the referee (the active GM), which
 * writes the actor's counters and, in a fight, records them in the ledger the rules read
 * (budget.ts). The owner may add stacks; in a fight only a GM takes them away (a player would
 * otherwise clear its own stun to act). Outside a fight the owner may do both: nothing is
 * budgeted there.
 */
import { refuse } from "../../../../rules/core/result.ts";
import { diffActor } from "../../../../rules/freelancers/changes.ts";
import { addCounter } from "../../../../rules/freelancers/counters.ts";
import { fightOf, recordForActors } from "../../../combat/ledger.ts";
import { SYSTEM_ID } from "../../../constants.ts";
import { owns } from "../../../shared/cards.ts";
import { sendIntent, serializedBy } from "../../../shared/referee.ts";
import type { Intent, RefereeOutcome } from "../../../shared/referee.ts";
import { combatantId, resolveActor, toFreelancer, warnFlRefusal } from "../adapter.ts";
import { FL_COUNTERS, commitFl, countersRecord, flNow } from "../budget.ts";

export const FL_COUNTER = `${SYSTEM_ID}.flCounter`;

/** The referee's side: the sender owns the actor; in a fight only a GM removes stacks. */
function refereeCounter(intent: Intent, sender: User.Implementation): Promise<RefereeOutcome> {
  const p = intent.payload as Record<string, unknown> | null;
  const actorId = typeof p === "object" && p !== null ? p["actorId"] : undefined;
  const kind = p?.["kind"];
  const amount = p?.["amount"];
  if (typeof actorId !== "string" || typeof kind !== "string" || typeof amount !== "number") {
    return Promise.resolve(refuse("badRequest"));
  }
  const actor = resolveActor(actorId);
  if (actor === null || !owns(actor, sender)) return Promise.resolve(refuse("notAllowed"));
  return serializedBy(`${SYSTEM_ID}.counters.${actorId}`, async () => {
    const inFight = fightOf(actor) !== null;
    if (amount < 0 && inFight && !sender.isGM) {
      return refuse("onlyGmRemovesCounters", { name: actor.name });
    }
    const now = flNow(actor);
    const next = addCounter(now.counters, kind.trim(), amount);
    if (!next.ok) return next;
    // The actor's stored counters become the referee's (a value its owner forged is put back).
    const stored = toFreelancer(actor);
    await commitFl(diffActor(stored, { ...stored, counters: next.value }));
    if (inFight) {
      const value = countersRecord(now.counters, next.value);
      await recordForActors([{ actor, key: FL_COUNTERS, value }]);
    }
    return { ok: true };
  });
}

/** The referee's side of counter changes, for the seam's `refereeActions`. */
export const FL_COUNTER_ACTIONS = { [FL_COUNTER]: refereeCounter };

/** Adds (or with a negative amount removes) stacks of a counter; false (and a warning) if refused. */
export async function flAdjustCounter(
  actor: Actor.Implementation,
  kind: string,
  amount: number,
): Promise<boolean> {
  const next = addCounter(flNow(actor).counters, kind.trim(), amount);
  if (!next.ok) {
    warnFlRefusal(next, { name: actor.name });
    return false;
  }
  const outcome = await sendIntent(FL_COUNTER, { actorId: combatantId(actor), kind, amount });
  if (!outcome.ok) warnFlRefusal(outcome, { name: actor.name });
  return outcome.ok;
}

/**
 * The sheet's Add counter: one stack of the kind named in the field beside the button (a new
 * kind, or one the actor has already).
 */
export function flAddCounterKind(actor: Actor.Implementation, button: HTMLElement) {
  const field = button
    .closest(".fl-counters")
    ?.querySelector<HTMLInputElement>("input[data-new-counter]");
  return flAdjustCounter(actor, field?.value ?? "", 1);
}
