/**
 * Chat-card plumbing any ruleset can use: who may press a card's buttons, whether the presser's
 * own client may carry the request out, and sending it to the active GM otherwise.
 *
 * The rule every Fray card follows: the GM, the target's owner, or whoever posted the card may ask
 * for its result to be applied; the write happens on a client allowed to make every write involved
 * (the poster who also owns the target, or the active GM through a query).
 */
import { SYSTEM_ID } from "../constants.ts";

/** Whether this user owns the actor (a missing actor is owned by nobody). */
export function owns(actor: Actor.Implementation | null, user: User.Implementation): boolean {
  return actor !== null && actor.testUserPermission(user, "OWNER");
}

/** The id of the user who posted the message; null once that user has been deleted. */
export function authorId(message: ChatMessage.Implementation): string | null {
  const author = (message as { author?: { id?: string | null } | null }).author;
  return author?.id ?? null;
}

/** Whether this user may ask for the card's result to be applied to `target`. */
export function mayRequestApply(
  message: ChatMessage.Implementation,
  target: Actor.Implementation | null,
  user: User.Implementation,
): boolean {
  return user.isGM || owns(target, user) || authorId(message) === user.id;
}

/** Whether this user's own client may write the card and the target (else: the active GM). */
export function mayWriteHere(
  message: ChatMessage.Implementation,
  target: Actor.Implementation | null,
  user: User.Implementation,
): boolean {
  return user.isGM || (authorId(message) === user.id && owns(target, user));
}

/** A card's state, read from `flags.fray.<key>` of its message. */
export function cardFlag(message: ChatMessage.Implementation, key: string): unknown {
  const flags = (message.flags as Record<string, unknown> | undefined)?.[SYSTEM_ID] as
    Record<string, unknown> | undefined;
  const value = flags?.[key];
  return value ?? null;
}

/** A refusal as cards return it. */
export interface CardRefusal {
  readonly ok: false;
  readonly reason: string;
  readonly detail?: Readonly<Record<string, unknown>>;
}

export type CardResult = { readonly ok: true } | CardRefusal;

/**
 * Runs a card request: here when this client may write, else as `query` on the active GM's
 * client (a refusal `noGM` when no GM is connected).
 */
export async function runHereOrOnGM<R, O = CardResult>(
  here: boolean,
  query: string,
  request: R,
  execute: (request: R) => Promise<O>,
): Promise<O | { readonly ok: false; readonly reason: "noGM" }> {
  if (here) return execute(request);
  const gm = game.users?.activeGM ?? null;
  if (gm === null) return { ok: false, reason: "noGM" };
  const ask = gm.query.bind(gm) as unknown as (name: string, data: unknown) => Promise<unknown>;
  return (await ask(query, request)) as O;
}
