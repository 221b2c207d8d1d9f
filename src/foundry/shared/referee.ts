/**
 * The referee: the active GM decides everything that lands on someone else's documents. A
 * player's client sends an intent (an action name and its payload: ids and choices, never numbers
 * or dice for someone else's actor); the active GM's client checks who sent it and what the rules
 * allow, writes, and answers.
 *
 * Why the sender cannot be forged. Core v13's `User#query` does not tell the handler who sent the
 * query, and anything in the payload is whatever the sender's console put there. So the sender is
 * carried by a write the server attributes: the player creates a request ChatMessage, and the GM
 * takes the sender from that message's `author`. Core's `BaseChatMessage` permission test refuses
 * a player's message whose author is not the player ("You cannot impersonate a different user"),
 * and lets only the author (or a GM) update it, with the author immutable. The query sent to the
 * GM carries only the message's id; the GM reads the message from its own copy of the world. A
 * player who names another player's request can at most make the GM handle that request as its
 * real author, once: the GM deletes each request before handling it and refuses an id it has
 * already taken. (A GM can author a message as anyone, but a GM is trusted with everything.)
 *
 * Only the active GM handles requests (`game.users.activeGM`, one per world), so two connected
 * GMs never both write. The requester gets the outcome as the query's answer; every request has a
 * timeout, and every failure (no GM, GM gone, handler error, refused write) comes back as a named
 * refusal with a localized message telling the user what to do.
 *
 * Also here, for the handlers: per-key serialization (one card at a time, in order), a one-shot
 * step claim for chat cards (a duplicate or late press of a step is refused; a step its GM left
 * mid-way is taken over by the next active GM, never applied twice), and the range check for a
 * die a client rolled and the GM replays.
 */
import type { DieRoll } from "../../rules/core/dice.ts";
import { checkDieFace, checkNumber, shown } from "../../rules/core/guard.ts";
import { refuse } from "../../rules/core/result.ts";
import type { Refusal } from "../../rules/core/result.ts";
import { SYSTEM_ID } from "../constants.ts";
import { chatMessages, currentUser, i18n, worldUsers } from "./env.ts";

export const REFEREE_QUERY = `${SYSTEM_ID}.referee`;

/** How long a requester waits for the GM's answer by default. */
export const REFEREE_TIMEOUT_MS = 15_000;

/** What a client asks the referee to do: an action name and its payload (ids and choices). */
export interface Intent {
  readonly action: string;
  readonly payload: unknown;
}

export type RefereeOutcome = { readonly ok: true; readonly value?: unknown } | Refusal;

/**
 * Carries out one action on the active GM. `sender` is the user who made the request, as the
 * server recorded it; the payload says nothing trustworthy about who asks.
 */
export type RefereeHandler = (
  intent: Intent,
  sender: User.Implementation,
) => Promise<RefereeOutcome>;

/** The transport's own refusals; each has a `FRAY.Referee.Refusal.*` message. */
export const TRANSPORT_REFUSALS = [
  "noGM",
  "timeout",
  "failed",
  "badRequest",
  "unknownAction",
  "notActiveGM",
  "noRequest",
  "duplicate",
  "inProgress",
  "alreadyHandled",
  "stepLanded",
  "badDie",
] as const;
export type TransportRefusal = (typeof TRANSPORT_REFUSALS)[number];

const handlers = new Map<string, RefereeHandler>();

/** Names the handler of an action (on every client; only the active GM's ever runs it). */
export function registerRefereeAction(action: string, handler: RefereeHandler): void {
  handlers.set(action, handler);
}

/** Registers the referee's query with core (`CONFIG.queries`). Call once, at init. */
export function registerReferee(): void {
  (CONFIG.queries as unknown as Record<string, unknown>)[REFEREE_QUERY] = handleRefereeQuery;
}

/** Whether this client is the active GM: the one client that referees. */
export function isActiveGM(): boolean {
  return worldUsers().activeGM?.isSelf === true;
}

/** Shows one of the transport's refusals, in the user's language, with what to do next. */
export function warnRefereeRefusal(refusal: Refusal): void {
  const key = `FRAY.Referee.Refusal.${refusal.reason}`;
  ui.notifications?.warn(i18n().has(key) ? i18n().localize(key) : refusal.reason);
}

/** Whether a refusal's reason is one of the transport's (sendIntent has already shown it). */
export function isTransportReason(reason: string): boolean {
  return (TRANSPORT_REFUSALS as readonly string[]).includes(reason);
}

function isTransportRefusal(outcome: RefereeOutcome): outcome is Refusal {
  return !outcome.ok && (TRANSPORT_REFUSALS as readonly string[]).includes(outcome.reason);
}

/* ------------------------------------------------------------------------------------------ */
/*  The requester's side                                                                        */
/* ------------------------------------------------------------------------------------------ */

interface RequestFlag {
  readonly action: string;
  readonly payload: unknown;
}

function requestOf(message: ChatMessage.Implementation): RequestFlag | null {
  const scope = (message.flags as Record<string, unknown> | undefined)?.[SYSTEM_ID] as
    { referee?: unknown } | undefined;
  const request: unknown = scope?.referee;
  if (typeof request !== "object" || request === null) return null;
  const { action, payload } = request as Partial<RequestFlag>;
  if (typeof action !== "string") return null;
  return { action, payload };
}

/**
 * Hides a request message wherever it renders (the `renderChatMessageHTML` hook): it is the
 * transport's plumbing, not chat. Only its author and the GMs receive it (it is whispered to the
 * GMs), and the active GM deletes it at once; until then neither sees it in the log.
 */
export function hideRefereeRequest(message: ChatMessage.Implementation, html: HTMLElement): void {
  if (requestOf(message) === null) return;
  html.hidden = true;
  html.classList.add("fray-referee-request");
}

/** Rejects after `ms` unless `work` settles first; the timer never outlives the race. */
async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T | "timeout"> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => {
      resolve("timeout");
    }, ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The requester removes its own request when the GM did not (it failed, timed out, left). */
async function withdraw(message: ChatMessage.Implementation | undefined): Promise<void> {
  if (message === undefined || message.id === null) return;
  if ((chatMessages().get(message.id) as ChatMessage.Implementation | undefined) === undefined) {
    return;
  }
  try {
    await message.delete();
  } catch {
    // Already gone, or the connection is down: the GM's side ignores a stale request anyway.
  }
}

/**
 * Asks the active GM to carry out `action`. On the active GM's own client the handler runs at
 * once; elsewhere the request travels as a ChatMessage this user authors (whispered to the GMs)
 * and a query naming it. Resolves to the handler's outcome, or to a refusal of the transport
 * (no GM, timeout, failure), which is also shown to the user with what to do. The handler's own
 * refusals are returned for the caller to word.
 */
export async function sendIntent(
  action: string,
  payload: unknown,
  options: { readonly timeoutMs?: number } = {},
): Promise<RefereeOutcome> {
  const outcome = await send({ action, payload }, options.timeoutMs ?? REFEREE_TIMEOUT_MS);
  if (isTransportRefusal(outcome)) warnRefereeRefusal(outcome);
  return outcome;
}

async function send(intent: Intent, timeoutMs: number): Promise<RefereeOutcome> {
  const users = worldUsers();
  const gm = users.activeGM;
  if (gm === null) return refuse("noGM");
  if (gm.isSelf) return referee(intent, currentUser());
  let message: ChatMessage.Implementation | undefined;
  try {
    const gms = users.filter((user) => user.isGM).map((user) => user.id);
    message = await ChatMessage.create({
      author: currentUser().id,
      content: i18n().localize("FRAY.Referee.Request"),
      whisper: gms,
      flags: { [SYSTEM_ID]: { referee: { action: intent.action, payload: intent.payload } } },
    } as never);
    if (message === undefined || message.id === null) return refuse("failed");
    const query = gm.query.bind(gm) as unknown as (
      name: string,
      data: unknown,
      options: { timeout: number },
    ) => Promise<unknown>;
    const answer = await withTimeout(
      query(REFEREE_QUERY, { messageId: message.id }, { timeout: timeoutMs }),
      timeoutMs,
    );
    if (answer === "timeout") {
      await withdraw(message);
      return refuse("timeout");
    }
    return parseOutcome(answer);
  } catch (error) {
    console.error(`${SYSTEM_ID} | the referee request "${intent.action}" failed`, error);
    await withdraw(message);
    return refuse("failed");
  }
}

function parseOutcome(answer: unknown): RefereeOutcome {
  if (typeof answer !== "object" || answer === null) return refuse("failed");
  const { ok, reason } = answer as { ok?: unknown; reason?: unknown };
  if (ok === true) return answer as RefereeOutcome;
  if (ok === false && typeof reason === "string") return answer as Refusal;
  return refuse("failed");
}

/* ------------------------------------------------------------------------------------------ */
/*  The active GM's side                                                                        */
/* ------------------------------------------------------------------------------------------ */

/** Request messages this client has taken, so one request is handled once. */
const taken = new Set<string>();

/**
 * The referee's query, run on the GM's client. Reads the request message the payload names,
 * takes the sender from its author, deletes it, and runs the action's handler.
 */
export async function handleRefereeQuery(data: unknown): Promise<RefereeOutcome> {
  if (!isActiveGM()) return refuse("notActiveGM");
  const messageId = (data as { messageId?: unknown } | null)?.messageId;
  if (typeof messageId !== "string") return refuse("badRequest");
  const message = chatMessages().get(messageId) as ChatMessage.Implementation | undefined;
  const request = message === undefined ? null : requestOf(message);
  if (message === undefined || request === null) return refuse("noRequest");
  if (taken.has(messageId)) return refuse("duplicate");
  taken.add(messageId);
  // The server recorded who created the message; a player cannot have made it as anyone else.
  // (Core's `author` is null once that user has been deleted.)
  const sender = message.author as User.Implementation | null;
  if (sender === null) return refuse("noRequest");
  try {
    await message.delete();
  } catch (error) {
    console.error(`${SYSTEM_ID} | could not remove the referee request ${messageId}`, error);
    return refuse("failed");
  }
  return referee(request, sender);
}

/** Runs a request's handler; a handler that throws becomes a "failed" refusal. */
async function referee(intent: Intent, sender: User.Implementation): Promise<RefereeOutcome> {
  const handler = handlers.get(intent.action);
  if (handler === undefined) return refuse("unknownAction");
  try {
    return await handler(intent, sender);
  } catch (error) {
    console.error(`${SYSTEM_ID} | the referee could not carry out "${intent.action}"`, error);
    return refuse("failed");
  }
}

/* ------------------------------------------------------------------------------------------ */
/*  Helpers for handlers                                                                        */
/* ------------------------------------------------------------------------------------------ */

const queues = new Map<string, Promise<unknown>>();

/**
 * Runs tasks with the same key one after the other, in the order they came (two presses on one
 * card: the second starts once the first has written). Different keys run independently.
 */
export function serializedBy<T>(key: string, task: () => Promise<T>): Promise<T> {
  const before = queues.get(key) ?? Promise.resolve();
  const run = before.then(task, task);
  const settled = run.catch(() => undefined);
  queues.set(key, settled);
  void settled.then(() => {
    if (queues.get(key) === settled) queues.delete(key);
  });
  return run;
}

/** Resolves once every queued task of every key has finished (for tests and tools). */
export async function refereeIdle(): Promise<void> {
  while (queues.size > 0) await Promise.all(queues.values());
}

export type StepState = "resolving" | "done";

function stepPath(step: string): string {
  return `flags.${SYSTEM_ID}.steps.${step}`;
}

function claimPath(step: string): string {
  return `flags.${SYSTEM_ID}.claims.${step}`;
}

/** Where a card's step stands: untouched (null), being resolved, or done. */
export function stepState(message: ChatMessage.Implementation, step: string): StepState | null {
  const scope = (message.flags as Record<string, unknown> | undefined)?.[SYSTEM_ID] as
    { steps?: Record<string, unknown> } | undefined;
  const state = scope?.steps?.[step];
  return state === "resolving" || state === "done" ? state : null;
}

/**
 * Who is resolving a step: the GM's user id, the page session it runs in (a reload is a new
 * session) and when it claimed the step (that client's clock; shown to people, never compared:
 * the server's `_stats.modifiedTime` of the card is the claim's time).
 */
export interface StepClaim {
  readonly by: string;
  readonly session: string;
  readonly at: number;
}

let session: string | null = null;
/** This page's session: a fresh id per load, so a reloaded GM tells its old claims apart. */
function thisSession(): string {
  const id = session ?? foundry.utils.randomID();
  session = id;
  return id;
}

/** The claim recorded on a card's step, or null when none was (or it is unreadable). */
export function stepClaim(message: ChatMessage.Implementation, step: string): StepClaim | null {
  const scope = (message.flags as Record<string, unknown> | undefined)?.[SYSTEM_ID] as
    { claims?: Record<string, unknown> } | undefined;
  const claim: unknown = scope?.claims?.[step];
  if (typeof claim !== "object" || claim === null) return null;
  const { by, session: claimed, at } = claim as Partial<Record<keyof StepClaim, unknown>>;
  if (typeof by !== "string" || typeof claimed !== "string" || typeof at !== "number") return null;
  return { by, session: claimed, at };
}

/**
 * Whether a step left resolving may be taken over by this client (the active GM): its claimer is
 * gone (not connected), or it is this GM in an earlier page session (it reloaded mid-step). A step
 * this page is resolving, or that a connected GM holds, is never taken over.
 */
function mayTakeOver(claim: StepClaim | null): boolean {
  if (claim === null) return false;
  const me = currentUser();
  if (claim.by === me.id) return claim.session !== thisSession();
  const claimer = worldUsers().get(claim.by) as { active?: boolean } | undefined;
  return claimer?.active !== true;
}

/** Server stamps (`_stats`) of the documents a step writes: actors, their items and effects, combats. */
function stepWritables(): { _stats?: unknown }[] {
  const out: { _stats?: unknown }[] = [];
  for (const actor of game.actors?.contents ?? []) {
    out.push(actor, ...actor.items.contents, ...actor.effects.contents);
  }
  for (const combat of game.combats?.contents ?? [])
    out.push(combat, ...combat.combatants.contents);
  return out;
}

/**
 * Whether `userId` wrote any document a step writes at or after `since` (server time), as the
 * server recorded it (`_stats.lastModifiedBy`, `_stats.modifiedTime`: no client sets them).
 */
function wroteSince(userId: string, since: number): boolean {
  return stepWritables().some((doc) => {
    const stats = doc._stats as { lastModifiedBy?: unknown; modifiedTime?: unknown } | undefined;
    return (
      stats?.lastModifiedBy === userId &&
      typeof stats.modifiedTime === "number" &&
      stats.modifiedTime >= since
    );
  });
}

/**
 * Claims a card's step before any actor write: the card enters "resolving" with who claimed it
 * (one card update), and any later press of the same step (a double click, a late or replayed
 * request) is refused. Run it inside `serializedBy(message.id, …)` on the active GM. Finish the
 * step by adding `stepDoneUpdate(step)` to the card's final update.
 *
 * A step whose GM left mid-step (disconnected, or reloaded its page) would stay resolving for
 * ever. The next active GM takes it over, but never applies twice: the server stamps every write
 * with its writer and time, so if the departed GM wrote any actor, item, effect or combat after
 * its claim, part of the step may have landed; the step is then closed as done and the press
 * refused ("stepLanded", the GM checks by hand) instead of being redone. Otherwise nothing of it
 * landed, and the new GM claims it and resolves it as a fresh press.
 */
export async function claimStep(
  message: ChatMessage.Implementation,
  step: string,
): Promise<Refusal | null> {
  const state = stepState(message, step);
  if (state === "done") return refuse("alreadyHandled");
  if (state === "resolving") {
    const claim = stepClaim(message, step);
    if (!mayTakeOver(claim) || claim === null) return refuse("inProgress");
    // The card's last write is the claim (the final one would have marked the step done).
    const claimedAt = (message as { _stats?: { modifiedTime?: unknown } })._stats?.modifiedTime;
    if (typeof claimedAt !== "number" || wroteSince(claim.by, claimedAt)) {
      await message.update(stepDoneUpdate(step));
      return refuse("stepLanded");
    }
  }
  const claim: StepClaim = { by: currentUser().id ?? "", session: thisSession(), at: Date.now() };
  await message.update({ [stepPath(step)]: "resolving", [claimPath(step)]: claim });
  return null;
}

/** The card update that marks a claimed step done (batch it with the card's own update). */
export function stepDoneUpdate(step: string): Record<string, StepState> {
  return { [stepPath(step)]: "done" };
}

/** The largest die a client may claim to have rolled (no game here rolls more than a d1000). */
const MAX_SIDES = 1000;

/**
 * Checks dice a client rolled and the GM replays: each die has a whole number of sides (from 1 to
 * 1000; the given sides when the step knows them) and a face from 1 to its sides. Returns a
 * "badDie" refusal naming the first bad die, or undefined when all are fine.
 */
export function checkReplayedDice(
  dice: unknown,
  expectedSides?: readonly number[],
): Refusal | undefined {
  if (!Array.isArray(dice)) return refuse("badDie", { field: "dice", value: shown(dice) });
  if (expectedSides !== undefined && dice.length !== expectedSides.length) {
    return refuse("badDie", { field: "dice", value: dice.length, max: expectedSides.length });
  }
  for (const [index, die] of (dice as unknown[]).entries()) {
    const { sides, value } = (typeof die === "object" && die !== null ? die : {}) as Partial<
      Record<keyof DieRoll, unknown>
    >;
    const wanted = expectedSides?.[index];
    const refusal =
      checkNumber(`dice.${index}.sides`, sides, { min: 1, max: MAX_SIDES, whole: true }) ??
      (wanted !== undefined && sides !== wanted
        ? refuse("out-of-range", { field: `dice.${index}.sides`, value: String(sides) })
        : undefined) ??
      checkDieFace(`dice.${index}.value`, value, sides as number);
    if (refusal !== undefined) return refuse("badDie", refusal.detail);
  }
  return undefined;
}
