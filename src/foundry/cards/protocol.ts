/**
 * The one card protocol: everything a Fray chat card does between clients, for every card of
 * every ruleset. A ruleset supplies a strategy per kind of card (its state, who may press each
 * button, and what each press resolves to); this driver does the rest, the same way for all:
 *
 * - **Declaring** (client): `declareCard(kind, payload)` sends the intent (ids and choices) to the
 *   referee through shared/referee.ts; the declaration's `referee` checks it against the live
 *   documents and posts the card with `postCard` (authored by the active GM, tagged with its kind).
 * - **Pressing** (client): `pressCard(message, step, choices)` checks locally that this user may
 *   press (a warning, nothing sent, when not), then sends `{ messageId, step, choices }`.
 * - **The referee's checks** (active GM), in this order, before the strategy sees the press: one
 *   press of a card at a time (`serializedBy`); the card exists and a GM authored it (a card a
 *   player posted, or rewrote, is never played: core lets only a message's author or a GM update
 *   it); its kind is a registered one and the step one of its steps (own entries only); the
 *   sender, as the server recorded it, may press that step now; the card's replayed dice are in
 *   range; the step is claimed once on the card (`claimStep`: a double click, a late or replayed
 *   press is refused; a step a departed GM left "resolving" is retried by the next active GM).
 *   A step the strategy refuses releases its claim, so it can be pressed again.
 * - **Wiring** (every client): one `renderChatMessageHTML` hook finds a card's
 *   `button[data-fray-step]` buttons, removes those this user may not press now, and sends the
 *   press on click; a strategy may add wiring of its own.
 *
 * - **Hooks for modules** (cards/attack-hooks.ts): a declaration or card that describes its attack
 *   (`attack`) gets `fray.preAttack` on the declaring client, and on the referee
 *   `fray.attackResolved`, `fray.preApplyDamage` (before a step marked `appliesDamage`) and
 *   `fray.damageApplied`, fired here for every ruleset.
 *
 * The referee actions are registered once (`registerCardProtocol`, from init.ts); a ruleset's
 * strategies come through the seam (`ShellRuleset.cards`, `ShellRuleset.declarations`).
 */
import { refuse } from "../../rules/core/result.ts";
import type { Refusal } from "../../rules/core/result.ts";
import { SYSTEM_ID } from "../constants.ts";
import { isRefereeCard, postRefereeCard, rollModeNow } from "../shared/cards.ts";
import type { CardView, RefereeCard } from "../shared/cards.ts";
import { chatMessages, currentUser, i18n } from "../shared/env.ts";
import {
  checkReplayedDice,
  claimStep,
  isTransportReason,
  registerRefereeAction,
  sendIntent,
  serializedBy,
} from "../shared/referee.ts";
import type { RefereeOutcome } from "../shared/referee.ts";
import {
  CANCELLED_BY_MODULE,
  allowAttack,
  allowDamage,
  announceOutcome,
  announceSoFar,
  cardPosted,
  declarationTold,
  watchStep,
} from "./attack-hooks.ts";
import type { AttackIds, AttackView } from "./attack-hooks.ts";
import type { NextStep } from "./next-step.ts";

export type { AttackIds, AttackView } from "./attack-hooks.ts";
export { attackView, dealtResult } from "./attack-hooks.ts";

/** The referee action of every card button of every ruleset. */
export const CARD_PRESS = `${SYSTEM_ID}.card`;
/** The referee action of every declaration that posts a card. */
export const CARD_DECLARE = `${SYSTEM_ID}.declare`;

/** The context of one press, on the referee. */
export interface Press<Card> {
  readonly message: ChatMessage.Implementation;
  readonly card: Card;
  /** The user who pressed, as the server recorded it (the request's author). */
  readonly sender: User.Implementation;
  /** The press's choices, as the step's `parse` read them (undefined without `parse`). */
  readonly choices: unknown;
  /** The claim this press holds: end the step by adding `stepDoneUpdate(claim)` to the card's update. */
  readonly claim: string;
}

/** One button of a card. */
export interface CardStep<Card> {
  /** Whether this user may press it (the GM, the defender's owner, who declared it …). */
  readonly mayPress: (card: Card, user: User.Implementation) => boolean;
  /** Why the card does not wait for this step now (already resolved, another stage), or null. */
  readonly closed?: (card: Card) => Refusal | null;
  /** Reads the press's choices (ids and named choices only); null when malformed. */
  readonly parse?: (raw: unknown) => unknown;
  /** The button's choices on the client (its data attributes), sent with the press. */
  readonly choicesOf?: (button: HTMLElement) => unknown;
  /** The name the step is claimed under on the card (default: the step's name). */
  readonly claimKey?: (card: Card) => string;
  /** Whether it writes the card's damage (`fray.preApplyDamage` runs first and may stop it). */
  readonly appliesDamage?: boolean;
  /**
   * Resolves the press on the referee: re-reads the documents it needs, rolls, writes in batches
   * and updates the card with `stepDoneUpdate(press.claim)`. A refusal releases the claim.
   */
  readonly resolve: (press: Press<Card>) => Promise<RefereeOutcome>;
}

/** A kind of card: how to read it, its buttons, and how to word its refusals. */
export interface CardStrategy<Card> {
  /** Unique across rulesets, e.g. "worldlines.attack". */
  readonly kind: string;
  /** The card's state, from its message (null when the message is not such a card). */
  readonly cardOf: (message: ChatMessage.Implementation) => Card | null;
  readonly steps: Readonly<Record<string, CardStep<Card>>>;
  /**
   * The card's dice the referee replays, range-checked before any step. Absent: the card's own
   * `dice` field when it has one (so no card with dice can skip the check), else none.
   */
  readonly dice?: (card: Card) => unknown;
  /** Shows one of its own refusals, in the user's language. */
  readonly warn: (refusal: Refusal) => void;
  /** Wiring of its own after the driver's, as the card renders (extra controls, data). */
  readonly wire?: (message: ChatMessage.Implementation, html: HTMLElement, card: Card) => void;
  /** An attack card's attack, as modules hear of it (the fray.* attack and damage hooks). */
  readonly attack?: (card: Card) => AttackView;
  /**
   * What the card waits for and who must act, from its state alone (cards/next-step.ts): the
   * line its template shows under the shared next-step partial.
   */
  readonly nextStep?: (card: Card) => NextStep;
}

/** A declaration that posts a card: the client's intent and the referee's answer. */
export interface CardDeclaration<Intent> {
  /** Unique across rulesets, e.g. "worldlines.attack". */
  readonly kind: string;
  /** Reads the intent; a GM's may carry what a player's may not (null: malformed). */
  readonly parse: (raw: unknown, fromGM: boolean) => Intent | null;
  /** Checks the intent against the live documents for `sender` and posts the card. */
  readonly referee: (intent: Intent, sender: User.Implementation) => Promise<RefereeOutcome>;
  readonly warn: (refusal: Refusal) => void;
  /** An attack's ids, for `fray.preAttack` on the declaring client (absent: no attack). */
  readonly attack?: (intent: Intent) => AttackIds;
}

/** A strategy with its card's type erased, as the seam lists them (each reads its own card). */
export type AnyStrategy = CardStrategy<unknown>;
/** A declaration with its intent's type erased, as the seam lists them. */
export type AnyDeclaration = CardDeclaration<unknown>;

/** Erases a strategy's card type for the seam's list (its functions only see their own cards). */
export function cardStrategy<Card>(strategy: CardStrategy<Card>): AnyStrategy {
  return strategy as unknown as AnyStrategy;
}

/** Erases a declaration's intent type for the seam's list. */
export function cardDeclaration<Intent>(declaration: CardDeclaration<Intent>): AnyDeclaration {
  return declaration as unknown as AnyDeclaration;
}

const strategies = new Map<string, AnyStrategy>();
const declarations = new Map<string, AnyDeclaration>();

/** Registers a ruleset's kinds of card (install.ts, from the seam). */
export function registerCards(list: readonly AnyStrategy[]): void {
  for (const strategy of list) strategies.set(strategy.kind, strategy);
}

/** Registers a ruleset's declarations (install.ts, from the seam). */
export function registerDeclarations(list: readonly AnyDeclaration[]): void {
  for (const declaration of list) declarations.set(declaration.kind, declaration);
}

/** The flag every Fray card carries: its kind. */
const KIND_FLAG = "cardKind";

/** A card's kind, from its message, or null for a message that is no Fray card. */
export function cardKindOf(message: ChatMessage.Implementation): string | null {
  const scope = (message.flags as Record<string, unknown> | undefined)?.[SYSTEM_ID] as
    Record<string, unknown> | undefined;
  const kind = scope?.[KIND_FLAG];
  return typeof kind === "string" ? kind : null;
}

function strategyOf(message: ChatMessage.Implementation): AnyStrategy | null {
  const kind = cardKindOf(message);
  return kind === null ? null : (strategies.get(kind) ?? null);
}

function stepOf(strategy: AnyStrategy, step: string): CardStep<unknown> | null {
  return Object.hasOwn(strategy.steps, step) ? (strategy.steps[step] ?? null) : null;
}

/* ------------------------------------------------------------------------------------------ */
/*  Refusals                                                                                    */
/* ------------------------------------------------------------------------------------------ */

/** Shows a refusal of the card protocol, or the strategy's own, in the user's language. */
function warnWith(warn: ((refusal: Refusal) => void) | null, refusal: Refusal): void {
  if (isTransportReason(refusal.reason)) return; // shared/referee.ts showed it already
  const key = `FRAY.Card.Refusal.${refusal.reason}`;
  if (i18n().has(key)) ui.notifications?.warn(i18n().localize(key));
  else if (warn !== null) warn(refusal);
  else ui.notifications?.warn(refusal.reason);
}

/* ------------------------------------------------------------------------------------------ */
/*  Posting and declaring                                                                       */
/* ------------------------------------------------------------------------------------------ */

/**
 * Posts a card of `kind` as the referee (see shared/cards.ts postRefereeCard for roll modes): the
 * card carries its kind so the driver finds its strategy.
 */
export async function postCard(
  kind: string,
  card: RefereeCard,
): Promise<ChatMessage.Implementation | null> {
  const scope = (card.flags[SYSTEM_ID] ?? {}) as Record<string, unknown>;
  const message = await postRefereeCard({
    ...card,
    flags: { ...card.flags, [SYSTEM_ID]: { ...scope, [KIND_FLAG]: kind } },
  });
  const roller = game.users?.get(card.roller);
  if (message !== null && roller !== undefined) cardPosted(message, roller);
  return message;
}

/**
 * Posts `card` of `kind` through its view, publicly, spoken by `actor`, for the user whose request
 * the referee settles, its dice under the roll mode that user declared with: the referee's
 * answer, the message id (or a refusal when nothing posted).
 */
export async function postViewCard<S>(
  kind: string,
  view: CardView<S>,
  card: S,
  by: { actor: Actor.Implementation; sender: User.Implementation; rolls?: readonly Roll[] },
): Promise<RefereeOutcome> {
  const message = await postCard(kind, {
    speaker: ChatMessage.getSpeaker({ actor: by.actor }),
    content: await view.render(card),
    flags: view.flags(card),
    rolls: by.rolls ?? [],
    rollMode: declaredRollMode(by.sender),
    roller: by.sender.id ?? "",
  });
  return message === null ? refuse("failed") : { ok: true, value: message.id };
}

/** What a declaration's card says and carries, for `answerWithCard`. */
export interface DeclaredCard {
  /** Who the card speaks for. */
  readonly actor: Actor.Implementation;
  readonly content: string;
  readonly rolls: readonly Roll[];
  readonly flags: Record<string, unknown>;
  /** The roll mode the declaring user chose (default: the one `declareCard` sent). */
  readonly rollMode?: string;
}

/**
 * Posts a declaration's card as the referee and answers with its message id, as `declareCard`
 * hands it back (a "failed" refusal when core did not create it).
 */
export async function answerWithCard(
  kind: string,
  card: DeclaredCard,
  sender: User.Implementation,
): Promise<RefereeOutcome> {
  const message = await postCard(kind, {
    speaker: ChatMessage.getSpeaker({ actor: card.actor }),
    content: card.content,
    rolls: card.rolls,
    flags: card.flags,
    rollMode: card.rollMode ?? declaredRollMode(sender),
    roller: sender.id ?? "",
  });
  return message === null ? refuse("failed") : { ok: true, value: message.id };
}

/**
 * A kind of card with no button (a check's result, a report): the protocol knows it and reads
 * its state from `flags.fray.<flag>`; there is nothing to press.
 */
export function reportCard(
  kind: string,
  flag: string,
  warn: (refusal: Refusal) => void,
): AnyStrategy {
  return cardStrategy<unknown>({
    kind,
    cardOf: (message) => {
      const scope = (message.flags as Record<string, unknown> | undefined)?.[SYSTEM_ID] as
        Record<string, unknown> | undefined;
      return scope?.[flag] ?? null;
    },
    warn,
    steps: {},
  });
}

/**
 * Declares on the client: sends the intent to the referee and answers with its outcome (a
 * refusal is shown to the user). The referee answers a posted card with its message id as value.
 */
export async function declareCard(kind: string, payload: unknown): Promise<RefereeOutcome> {
  const declaration = declarations.get(kind) ?? null;
  if (!mayDeclare(declaration, kind, payload)) {
    const refusal = refuse(CANCELLED_BY_MODULE);
    warnWith(null, refusal);
    return refusal;
  }
  const outcome = await sendIntent(CARD_DECLARE, { kind, payload, rollMode: rollModeNow() });
  if (outcome.ok || isTransportReason(outcome.reason)) return outcome;
  // A declaration's refusals are its referee's own (no card was pressed): its words first.
  if (declaration?.warn === undefined) warnWith(null, outcome);
  else declaration.warn(outcome);
  return outcome;
}

/** `fray.preAttack` for a declaration that describes its attack: false when a module stopped it. */
function mayDeclare(declaration: AnyDeclaration | null, kind: string, payload: unknown): boolean {
  if (declaration?.attack === undefined) return true;
  const user = currentUser();
  // A malformed intent is not stopped here: the referee refuses it.
  const intent = declaration.parse(payload, user.isGM);
  return intent === null || allowAttack(kind, declaration.attack(intent), user);
}

/**
 * The roll mode each user last declared with (`declareCard` sends the declaring user's: core's
 * `rollMode` is a client setting the referee cannot read). A card posted for the user's
 * declaration without a roll mode of its own follows it (`postViewCard`, `answerWithCard`), so a
 * check's dice go where the user's blind, GM or self roll sends dice (shared/cards.ts).
 */
const declaredModes = new Map<string, string>();

/** The roll mode `sender` declared with, or a public roll. */
export function declaredRollMode(sender: User.Implementation): string {
  return declaredModes.get(sender.id ?? "") ?? "publicroll";
}

async function refereeDeclare(raw: unknown, sender: User.Implementation) {
  if (typeof raw !== "object" || raw === null) return refuse("badRequest");
  const { kind, payload, rollMode } = raw as {
    kind?: unknown;
    payload?: unknown;
    rollMode?: unknown;
  };
  if (typeof kind !== "string" || !declarations.has(kind)) return refuse("badRequest");
  const declaration = declarations.get(kind) as AnyDeclaration;
  const intent = declaration.parse(payload, sender.isGM);
  if (intent === null) return refuse("badRequest");
  // Only the mode's name is kept (postRefereeCard reads anything else as a public roll).
  declaredModes.set(sender.id ?? "", typeof rollMode === "string" ? rollMode : "publicroll");
  const outcome = await declaration.referee(intent, sender);
  // A posted card answers with its message id: what its declaration brought about (a result
  // already, an NPC's default defense, an automatic Apply) is told to modules.
  const message = outcome.ok && typeof outcome.value === "string" ? messageOf(outcome.value) : null;
  if (message !== null) {
    announceOutcome(kind, message, null, attackViewOf(message), sender);
    declarationTold(message);
  }
  return outcome;
}

function messageOf(id: string): ChatMessage.Implementation | null {
  // (Collection#get is typed as always finding one.)
  return chatMessages().has(id) ? chatMessages().get(id) : null;
}

/** The card's attack as modules hear of it, or null for a card that describes none. */
function attackViewOf(message: ChatMessage.Implementation): AttackView | null {
  const strategy = strategyOf(message);
  const card = strategy?.cardOf(message) ?? null;
  return strategy?.attack === undefined || card === null ? null : strategy.attack(card);
}

/* ------------------------------------------------------------------------------------------ */
/*  Pressing                                                                                    */
/* ------------------------------------------------------------------------------------------ */

/** A card button pressed on any client: checked locally, then sent to the referee. */
export async function pressCard(
  message: ChatMessage.Implementation,
  step: string,
  choices?: unknown,
): Promise<RefereeOutcome> {
  const strategy = strategyOf(message);
  const card = strategy?.cardOf(message) ?? null;
  const found = strategy === null ? null : stepOf(strategy, step);
  if (strategy === null || card === null || found === null) {
    const refusal = refuse("noSuchCard");
    warnWith(null, refusal);
    return refusal;
  }
  if (!found.mayPress(card, currentUser())) {
    const refusal = refuse("notAllowed");
    warnWith(strategy.warn, refusal);
    return refusal;
  }
  const outcome = await sendIntent(CARD_PRESS, { messageId: message.id ?? "", step, choices });
  if (!outcome.ok) warnWith(strategy.warn, outcome);
  return outcome;
}

/** The referee's side of every card button (on the active GM). */
export function refereePress(raw: unknown, sender: User.Implementation): Promise<RefereeOutcome> {
  if (typeof raw !== "object" || raw === null) return Promise.resolve(refuse("badRequest"));
  const { messageId, step, choices } = raw as Record<string, unknown>;
  if (typeof messageId !== "string" || typeof step !== "string") {
    return Promise.resolve(refuse("badRequest"));
  }
  return serializedBy(messageId, async () => {
    const message = messageOf(messageId);
    const strategy = message === null ? null : strategyOf(message);
    const card = message === null || strategy === null ? null : strategy.cardOf(message);
    if (message === null || strategy === null || card === null) return refuse("noSuchCard");
    if (!isRefereeCard(message)) return refuse("notRefereeCard");
    return runStep(message, strategy, card, step, choices, sender);
  });
}

/**
 * Runs one of a card's steps as the referee itself (an NPC's default defense, an automatic
 * Apply), from inside a task already serialized on the card (a press or a declaration): the same
 * checks, claim and hooks as a press, with the referee as the presser.
 */
export function refereeStep(
  message: ChatMessage.Implementation,
  step: string,
  choices?: unknown,
): Promise<RefereeOutcome> {
  const strategy = strategyOf(message);
  const card = strategy?.cardOf(message) ?? null;
  if (strategy === null || card === null) return Promise.resolve(refuse("noSuchCard"));
  if (!isRefereeCard(message)) return Promise.resolve(refuse("notRefereeCard"));
  return runStep(message, strategy, card, step, choices, currentUser());
}

/**
 * A step's checks on the referee, in order (who may press, the card waits for it, its choices,
 * the card's dice, a module's word on its damage), then its claim and its resolve; a refusal
 * releases the claim. What it brought about is told to modules (cards/attack-hooks.ts).
 */
async function runStep(
  message: ChatMessage.Implementation,
  strategy: AnyStrategy,
  card: unknown,
  step: string,
  choices: unknown,
  sender: User.Implementation,
): Promise<RefereeOutcome> {
  const found = stepOf(strategy, step);
  if (found === null) return refuse("badRequest");
  if (!found.mayPress(card, sender)) return refuse("notAllowed");
  const closed = found.closed?.(card) ?? null;
  if (closed !== null) return closed;
  const parsed = found.parse === undefined ? undefined : found.parse(choices);
  if (parsed === null) return refuse("badRequest");
  const dice = replayedDice(strategy, card);
  if (dice !== NO_DICE) {
    const badDie = checkReplayedDice(dice);
    if (badDie !== undefined) return badDie;
  }
  const view = strategy.attack === undefined ? null : strategy.attack(card);
  announceSoFar(strategy.kind, message, view);
  if (found.appliesDamage === true && view !== null) {
    if (!allowDamage(strategy.kind, message, view, sender)) return refuse(CANCELLED_BY_MODULE);
  }
  const resolve = async (): Promise<RefereeOutcome> => {
    const claim = found.claimKey?.(card) ?? step;
    const claimed = await claimStep(message, claim);
    if (claimed !== null) return claimed;
    const outcome = await found.resolve({ message, card, sender, choices: parsed, claim });
    if (!outcome.ok) await releaseStep(message, claim);
    return outcome;
  };
  if (view === null) return resolve();
  return watchStep(strategy.kind, message, () => attackViewOf(message), sender, resolve);
}

/** Gives back a claim the strategy refused, so the step can be pressed again. */
async function releaseStep(message: ChatMessage.Implementation, claim: string): Promise<void> {
  await message.update({ [`flags.${SYSTEM_ID}.steps.${claim}`]: null });
}

/* ------------------------------------------------------------------------------------------ */
/*  Wiring                                                                                      */
/* ------------------------------------------------------------------------------------------ */

/**
 * Wires a Fray card's buttons as it renders (`renderChatMessageHTML`, every client): a button
 * `data-fray-step="<step>"` stays for a user who may press it while the card waits for it, and
 * sends the press; a button row left empty goes. Then the strategy's own wiring runs.
 */
export function wireCard(message: ChatMessage.Implementation, html: HTMLElement): void {
  const strategy = strategyOf(message);
  const card = strategy?.cardOf(message) ?? null;
  if (strategy === null || card === null) return;
  const user = currentUser();
  for (const button of html.querySelectorAll<HTMLButtonElement>("button[data-fray-step]")) {
    const name = button.dataset["frayStep"] ?? "";
    const step = stepOf(strategy, name);
    if (step === null || !step.mayPress(card, user) || (step.closed?.(card) ?? null) !== null) {
      button.remove();
      continue;
    }
    button.addEventListener("click", (event) => {
      event.preventDefault();
      button.disabled = true;
      void pressCard(message, name, step.choicesOf?.(button)).finally(() => {
        button.disabled = false;
      });
    });
  }
  for (const row of html.querySelectorAll("[data-fray-step-row]")) {
    if (row.querySelector("button") === null) row.remove();
  }
  strategy.wire?.(message, html, card);
}

/** Registers the protocol's two referee actions and its card wiring. Call once, at init. */
export function registerCardProtocol(): void {
  registerRefereeAction(CARD_PRESS, (intent, sender) => refereePress(intent.payload, sender));
  registerRefereeAction(CARD_DECLARE, (intent, sender) => refereeDeclare(intent.payload, sender));
  Hooks.on("renderChatMessageHTML", (message, html) => {
    wireCard(message, html);
  });
}

/** A card that replays no dice. */
const NO_DICE = Symbol("no dice");

/** The dice a card replays: its strategy's reader, else the card's own `dice` field if it has one. */
function replayedDice<Card>(strategy: CardStrategy<Card>, card: Card): unknown {
  if (strategy.dice !== undefined) return strategy.dice(card);
  if (typeof card !== "object" || card === null || !Object.hasOwn(card, "dice")) return NO_DICE;
  return (card as { readonly dice?: unknown }).dice;
}
