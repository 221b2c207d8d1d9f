/**
 * What every Worldlines table action the referee carries out does the same way, through the card
 * protocol (cards/protocol.ts): the client declares for one of its actors (ids and choices only);
 * the referee reads the actor by id as stored now, checks the sender owns it (or is a GM), runs
 * one action per actor at a time (the second sees what the first paid), and the action checks,
 * rolls, writes and posts its status card. A refusal names the actor and is warned in the
 * sender's language.
 */
import type { Refusal } from "../../../../rules/core/result.ts";
import { refuse } from "../../../../rules/core/result.ts";
import { cardDeclaration, declareCard } from "../../../cards/protocol.ts";
import type { AnyDeclaration } from "../../../cards/protocol.ts";
import { SYSTEM_ID } from "../../../constants.ts";
import { combatantId, resolveActor } from "../../../shared/actors.ts";
import { owns } from "../../../shared/cards.ts";
import { serializedBy } from "../../../shared/referee.ts";
import type { RefereeOutcome } from "../../../shared/referee.ts";
import { warnRefusal } from "../attack/declare.ts";

/** A declaration for one actor: its id (a token's own actor by uuid), and the action's fields. */
export type ActorIntent<I> = I & { readonly actorId: string };

/** The reason a rule gives for too little Energy, as the table actions word it. */
export const ACTION_ENERGY = { notEnoughEnergy: "actionNotEnoughEnergy" } as const;

/** A refusal with its reason renamed (`rename`) and the actor's name in its detail. */
export function named(
  refusal: Refusal,
  actor: Actor.Implementation,
  rename: Readonly<Record<string, string>> = {},
): Refusal {
  return refuse(rename[refusal.reason] ?? refusal.reason, { name: actor.name, ...refusal.detail });
}

/**
 * A declaration of `kind` for one actor: `parse` reads the action's own fields (null: malformed),
 * `act` carries it out on the referee for the actor and answers with its card's message id.
 */
export function actorDeclaration<I>(spec: {
  readonly kind: string;
  readonly parse: (raw: Readonly<Record<string, unknown>>) => I | null;
  readonly act: (
    actor: Actor.Implementation,
    intent: I,
    sender: User.Implementation,
  ) => Promise<RefereeOutcome>;
}): AnyDeclaration {
  return cardDeclaration<ActorIntent<I>>({
    kind: spec.kind,
    parse(raw) {
      if (typeof raw !== "object" || raw === null) return null;
      const fields = raw as Record<string, unknown>;
      const actorId = fields["actorId"];
      const own = spec.parse(fields);
      return typeof actorId === "string" && own !== null ? { ...own, actorId } : null;
    },
    referee(intent, sender) {
      const actor = resolveActor(intent.actorId);
      if (actor === null) return Promise.resolve(refuse("noSuchTarget"));
      if (!(sender.isGM || owns(actor, sender))) return Promise.resolve(refuse("notAllowed"));
      return serializedBy(`${SYSTEM_ID}.attacker.${intent.actorId}`, async () => {
        const outcome = await spec.act(actor, intent, sender);
        return outcome.ok ? outcome : named(outcome, actor);
      });
    },
    warn: (refusal) => {
      warnRefusal(refusal);
    },
  });
}

/**
 * Declares `kind` for the actor (the rest of the intent in `fields`); resolves to whether it was
 * carried out (a refusal is warned). An action that ran but failed (a First Aid check missed)
 * answers `false` as its value.
 */
export async function declareFor(
  kind: string,
  actor: Actor.Implementation,
  fields: Readonly<Record<string, unknown>> = {},
): Promise<boolean> {
  const outcome = await declareCard(kind, { ...fields, actorId: combatantId(actor) });
  return outcome.ok && outcome.value !== false;
}

/** The referee's answer once its card is posted: the card's message id. */
export function posted(message: ChatMessage.Implementation | null): RefereeOutcome {
  return message === null ? refuse("failed") : { ok: true, value: message.id };
}
