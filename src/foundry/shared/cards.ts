/**
 * Chat-card plumbing any ruleset can use: who may press a card's buttons, which cards the referee
 * made, and how the referee posts a card and shows its dice (to whom its roll mode shows them).
 *
 * The rule every Fray card follows: the GM, the target's owner, or the user who declared the
 * attack may ask for its result to be applied; the referee (the active GM, shared/referee.ts)
 * makes every write, and authors every card whose buttons change other owners' actors, so no
 * player can rewrite what such a card says.
 */
import { refuse } from "../../rules/core/result.ts";
import type { Refusal } from "../../rules/core/result.ts";
import { SYSTEM_ID, SYSTEM_PATH } from "../constants.ts";
import { chatMessages, currentUser, i18n, worldUsers } from "./env.ts";
import { serializedBy, stepDoneUpdate } from "./referee.ts";
import type { SceneCallEntry } from "../scene/card-calls.ts";
import type { RefereeOutcome } from "./referee.ts";

/** Whether this user owns the actor (a missing actor is owned by nobody). */
export function owns(actor: Actor.Implementation | null, user: User.Implementation): boolean {
  return actor !== null && actor.testUserPermission(user, "OWNER");
}

/** The id of the user who posted the message; null once that user has been deleted. */
export function authorId(message: ChatMessage.Implementation): string | null {
  const author = (message as { author?: { id?: string | null } | null }).author;
  return author?.id ?? null;
}

/**
 * Whether the referee made this card: a GM authored it. Core lets only a message's author (or a
 * GM) update it, so a player cannot have rewritten it; a card a player posted is not played.
 */
export function isRefereeCard(message: ChatMessage.Implementation): boolean {
  const author = (message as { author?: { isGM?: boolean } | null }).author;
  return author?.isGM === true;
}

/**
 * Whether this user may ask for the card's result to be applied to `target`: the GM, the target's
 * owner, or the user who declared the attack (`declaredBy`, as the referee recorded it).
 */
export function mayRequestApply(
  declaredBy: string | null,
  target: Actor.Implementation | null,
  user: User.Implementation,
): boolean {
  return user.isGM || owns(target, user) || (declaredBy !== null && declaredBy === user.id);
}

/** A card's state, read from `flags.fray.<key>` of its message. */
export function cardFlag(message: ChatMessage.Implementation, key: string): unknown {
  const flags = (message.flags as Record<string, unknown> | undefined)?.[SYSTEM_ID] as
    Record<string, unknown> | undefined;
  const value = flags?.[key];
  return value ?? null;
}

/** Where a ruleset's chat card template lives: templates/<ruleset>/chat/<name>.hbs. */
export function chatTemplate(ruleset: string, name: string): string {
  return `${SYSTEM_PATH}/templates/${ruleset}/chat/${name}.hbs`;
}

/** The localization a card's context reads (game.i18n, or a stand-in in browser tests). */
export interface CardI18n {
  readonly localize: (key: string) => string;
  readonly format: (key: string, data: Record<string, string | number>) => string;
}

/**
 * A kind of card the referee posts, seen from its message: its state (kept under
 * `flags.fray.<flag>`), and its content (its template rendered with the context built from that
 * state, in the user's language).
 */
export interface CardView<S> {
  readonly template: string;
  readonly flag: string;
  /** The card's state, from its message (null when the message is no such card). */
  readonly of: (message: ChatMessage.Implementation) => S | null;
  readonly render: (card: S) => Promise<string>;
  /** The message flags a new card is posted with. */
  readonly flags: (card: S) => Record<string, unknown>;
  /** The one update that ends a claimed step: the new state and content, the step done. */
  readonly stepUpdate: (card: S, claim: string) => Promise<Record<string, unknown>>;
}

export function cardView<S>(
  template: string,
  flag: string,
  context: (card: S, i18n: CardI18n) => Record<string, unknown>,
): CardView<S> {
  const render = (card: S) =>
    foundry.applications.handlebars.renderTemplate(template, context(card, i18n()));
  return {
    template,
    flag,
    of: (message) => cardFlag(message, flag) as S | null,
    render,
    flags: (card) => ({ [SYSTEM_ID]: { [flag]: card } }),
    stepUpdate: async (card, claim) => cardStepUpdate(flag, card, await render(card), claim),
  };
}

/**
 * The one card update that ends a claimed step: the card's new state (under `flags.fray.<key>`)
 * and content, and the step marked done.
 */
export function cardStepUpdate(
  key: string,
  state: unknown,
  content: string,
  claim: string,
): Record<string, unknown> {
  return { content, [`flags.${SYSTEM_ID}.${key}`]: state, ...stepDoneUpdate(claim) };
}

/** Who and what an attack card is about, as every ruleset's attack card records it. */
export interface AttackCardHeader {
  readonly attackerId: string;
  readonly defenderId: string;
  readonly attackerName: string;
  readonly defenderName: string;
  readonly weaponName: string;
  /** The user who declared the attack, as the referee recorded it (may press Apply). */
  readonly declaredBy: string;
  /** The situation as the scene decided it and as the player claimed it (scene/card-calls.ts). */
  readonly sceneCalls?: readonly SceneCallEntry[];
}

/** The header of an attack card, from the fighters the rules read and the declaring user. */
export function attackCardHeader(
  attacker: { readonly id: string; readonly name: string },
  defender: { readonly id: string; readonly name: string },
  weapon: { readonly name: string },
  sender: User.Implementation,
): AttackCardHeader {
  return {
    attackerId: attacker.id,
    defenderId: defender.id,
    attackerName: attacker.name,
    defenderName: defender.name,
    weaponName: weapon.name,
    declaredBy: sender.id ?? "",
  };
}

/** What a card's button comes to: done, or a named refusal. */
export type CardResult = { readonly ok: true } | Refusal;

const ROLL_MODES = ["publicroll", "gmroll", "blindroll", "selfroll"] as const;
type RollMode = (typeof ROLL_MODES)[number];

export interface RefereeCard {
  readonly speaker: unknown;
  readonly content: string;
  readonly flags: Record<string, unknown>;
  readonly rolls: readonly Roll[];
  /** The roll mode the declaring user chose. */
  readonly rollMode: string;
  /** The user who declared the attack (sees their own dice under a GM or self roll). */
  readonly roller: string;
}

/** Whom a roll's dice are shown to: `whisper` those users (null: everyone); `blind`: not the roller. */
export interface DiceAudience {
  readonly whisper: readonly string[] | null;
  readonly blind: boolean;
}

/** The roll mode this user chose for their rolls (the referee rolls a declaration with it). */
export function rollModeNow(): string {
  return game.settings.get("core", "rollMode") ?? "publicroll";
}

/**
 * A chat message's data whispered as the user's roll mode says, for dice a client posts itself (a
 * check of its own, rough ground): core v13 applies a roll mode to a new message only when asked
 * (`ChatMessage.applyRollMode`; v14 renames it, docs/compatibility.md), so every such post goes
 * through here.
 */
export function withRollMode<T extends Record<string, unknown>>(data: T, mode = rollModeNow()): T {
  if (rollModeOf(mode) !== "publicroll") ChatMessage.applyRollMode(data, mode as never);
  return data;
}

function rollModeOf(rollMode: string): RollMode {
  return (ROLL_MODES as readonly string[]).includes(rollMode)
    ? (rollMode as RollMode)
    : "publicroll";
}

/**
 * Whom a roll mode shows dice to, as core whispers such a roll: everyone for a public roll; the
 * GMs and the roller for a GM roll; the GMs only, blind to the roller, for a blind roll; the
 * roller alone for a self roll (GMs see every whisper).
 */
export function diceAudience(rollMode: string, roller: string): DiceAudience {
  const mode = rollModeOf(rollMode);
  if (mode === "publicroll") return { whisper: null, blind: false };
  const gms = worldUsers()
    .filter((user) => user.isGM)
    .map((user) => user.id);
  const whisper = mode === "selfroll" ? [roller] : mode === "gmroll" ? [...gms, roller] : gms;
  return { whisper: [...new Set(whisper)], blind: mode === "blindroll" };
}

/** Where a card keeps the roll mode its dice follow (`flags.fray.<key>`). */
const ROLL_MODE_FLAG = "rollMode";

/**
 * Posts a card as the referee. A roll mode hides dice, never a card's buttons from the users who
 * may press them: the card itself is always public. Under a public roll its dice ride on it (Dice
 * So Nice shows them to everyone); under a GM, blind or self roll they go to a separate dice
 * message, whispered to `diceAudience`. The card keeps its roll mode, so dice rolled for it later
 * are shown to the same users (`showDice`).
 */
export async function postRefereeCard(
  card: RefereeCard,
): Promise<ChatMessage.Implementation | null> {
  const mode = rollModeOf(card.rollMode);
  const hidden = mode !== "publicroll";
  const scope = (card.flags[SYSTEM_ID] ?? {}) as Record<string, unknown>;
  const message = (await ChatMessage.create({
    author: currentUser().id,
    speaker: card.speaker,
    content: card.content,
    rolls: hidden ? [] : [...card.rolls],
    flags: {
      ...card.flags,
      [SYSTEM_ID]: { ...scope, [ROLL_MODE_FLAG]: { mode, roller: card.roller } },
    },
  } as never)) as ChatMessage.Implementation | undefined;
  if (message === undefined) return null;
  if (hidden && card.rolls.length > 0) {
    const audience = diceAudience(mode, card.roller);
    await ChatMessage.create({
      author: currentUser().id,
      speaker: card.speaker,
      rolls: [...card.rolls],
      whisper: [...(audience.whisper ?? [])],
      blind: audience.blind,
      flags: { [SYSTEM_ID]: { diceOf: message.id } },
    } as never);
  }
  return message;
}

/**
 * Whom a card's later dice are shown to: the roll mode it was posted under (postRefereeCard);
 * for a card posted otherwise, its own whisper and blind.
 */
export function cardDiceAudience(message: ChatMessage.Implementation): DiceAudience {
  const stored = cardFlag(message, ROLL_MODE_FLAG) as { mode?: unknown; roller?: unknown } | null;
  if (typeof stored?.mode === "string" && typeof stored.roller === "string") {
    return diceAudience(stored.mode, stored.roller);
  }
  // (fvtt-types types each entry as a possibly missing id.)
  const ids = message.whisper.filter((id): id is string => typeof id === "string");
  return { whisper: ids.length > 0 ? ids : null, blind: message.blind };
}

/** Dice So Nice's entry point (`game.dice3d`), when the module is active. */
interface Dice3D {
  showForRoll(
    roll: Roll,
    user?: User.Implementation | null,
    synchronize?: boolean,
    whisper?: readonly string[] | null,
    blind?: boolean,
    chatMessageID?: string | null,
  ): Promise<unknown>;
}

/**
 * Shows dice the referee rolled for a card after it was posted, with Dice So Nice when it is
 * installed: synchronized, to the users the card's roll mode shows dice to (`cardDiceAudience`),
 * so a blind or GM roll's later dice are not thrown on every screen. Every ruleset's card uses
 * this one function.
 */
export async function showDice(
  message: ChatMessage.Implementation,
  rolls: readonly Roll[],
): Promise<void> {
  const dice3d = (game as { dice3d?: Dice3D }).dice3d;
  if (dice3d === undefined || rolls.length === 0) return;
  const { whisper, blind } = cardDiceAudience(message);
  // The animation is a courtesy: a module that fails to show it never undoes the card's step.
  await Promise.all(
    rolls.map((roll) =>
      dice3d
        .showForRoll(roll, currentUser(), true, whisper, blind, message.id ?? null)
        .catch((error: unknown) => {
          console.error(`${SYSTEM_ID} | Dice So Nice could not show a roll`, error);
        }),
    ),
  );
}

/**
 * The referee's side of a card's button, one press of a card at a time (on the active GM): the
 * intent's card must exist, be one of this ruleset's (`cardOf`) and have been posted by the
 * referee; then `press` runs on it. A ruleset writes only what its press checks and does.
 */
export function onRefereeCard<C>(
  messageId: unknown,
  cardOf: (message: ChatMessage.Implementation) => C | null,
  press: (message: ChatMessage.Implementation, card: C) => Promise<RefereeOutcome>,
): Promise<RefereeOutcome> {
  if (typeof messageId !== "string") return Promise.resolve(refuse("badRequest"));
  return serializedBy(messageId, async () => {
    const message =
      (chatMessages().get(messageId) as ChatMessage.Implementation | undefined) ?? null;
    const card = message === null ? null : cardOf(message);
    if (message === null || card === null) return refuse("noSuchCard");
    if (!isRefereeCard(message)) return refuse("notRefereeCard");
    return press(message, card);
  });
}
