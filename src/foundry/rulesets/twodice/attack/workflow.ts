/**
 * The two-dice attack at the table, refereed by the active GM on one chat card.
 *
 * 1. Declare (`twodice.attack`): a player sends ids and choices (attacker, weapon, target, single
 *    shot or full Auto, whether it moved). The active GM re-reads the documents, checks that the
 *    sender owns the attacker, the combat action it costs (in a started combat), the weapon's
 *    ammunition and reach, then rolls the black and the white die with core Roll (both attacks'
 *    dice for full Auto, the second pair only when the first black die left the magazine going),
 *    spends the action and the ammunition, and authors the card: the dice, which die succeeded and
 *    which hit, and for full Auto each attack's ammunition check.
 * 2. Answer (`twodice.card`): the defender's owner (or the GM) may Roll with it (before the
 *    damage is known: −2 damage, its next action spent) or Counterattack a melee attack while it
 *    has not acted (the GM rolls the counterattack's dice; both attacks land); the GM, the
 *    defender's owner or the attacker's owner may Apply as it stands. Any of the three resolves the
 *    card once (a step claim refuses a second press), on the card's own dice against the defender
 *    as it is now, marks the wounds and shows the damage digit, the armor layers struck or
 *    bypassed, and the circle marked.
 *
 * Outside a started combat the action economy is not tracked: no action is spent or checked.
 * A player's attack carries no numbers but whether it moved: the GM's own requests may add the
 * target's awareness, a target modifier, cover and a distance (the GM's calls in the book).
 */
import { refuse } from "../../../../rules/core/result.ts";
import type { Refusal } from "../../../../rules/core/result.ts";
import {
  autoFireNeedsSecond,
  resolveAttack,
  resolveAutoFire,
  resolveExchange,
} from "../../../../rules/twodice/attack.ts";
import type {
  AttackInput,
  AttackOutcome,
  AttackSituation,
  Awareness,
} from "../../../../rules/twodice/attack.ts";
import { checkCanFire } from "../../../../rules/twodice/ammo.ts";
import { attackOdds } from "../../../../rules/twodice/odds.ts";
import { diffCombatant, diffWeapon, FIELD_PATHS } from "../../../../rules/twodice/changes.ts";
import type { TwodiceUpdate } from "../../../../rules/twodice/changes.ts";
import { FRESH_TURN, trait } from "../../../../rules/twodice/model.ts";
import type { TwodiceCombatant, TwodiceWeapon } from "../../../../rules/twodice/model.ts";
import { DEFAULT_TWODICE_OPTIONS } from "../../../../rules/twodice/options.ts";
import type { TwoDice } from "../../../../rules/twodice/roll.ts";
import { takeAction } from "../../../../rules/twodice/turns.ts";
import { SYSTEM_ID } from "../../../constants.ts";
import { turnStateOf } from "../../../combat/state.ts";
import { canvasDistance } from "../../../shared/actors.ts";
import { cardFlag, owns, showDice } from "../../../shared/cards.ts";
import { chatMessages, i18n } from "../../../shared/env.ts";
import {
  TRANSPORT_REFUSALS,
  claimStep,
  sendIntent,
  serializedBy,
  stepDoneUpdate,
} from "../../../shared/referee.ts";
import type { RefereeOutcome } from "../../../shared/referee.ts";
import { warnRefusal } from "../../../shared/refusal.ts";
import type { ShownRefusal } from "../../../shared/refusal.ts";
import { isActorsTurn } from "../../../shared/turn.ts";
import {
  applyTwodiceUpdates,
  resolveActor,
  toTwodiceCombatant,
  toTwodiceWeapon,
  weaponsOf,
} from "../adapter.ts";
import { rollTwoDice } from "../dice.ts";
import {
  TWODICE_ATTACK_CARD_TEMPLATE,
  TWODICE_CARD_FLAG,
  twodiceAttackCardContext,
} from "../cards/attack-card.ts";
import type {
  AttackResult,
  TwodiceAttackCardState,
  TwodiceResolution,
} from "../cards/attack-card.ts";

export const TWODICE_ATTACK = "twodice.attack";
export const TWODICE_CARD = "twodice.card";

const OPTIONS = DEFAULT_TWODICE_OPTIONS;

/** Shows a refusal as a localized warning (FRAY.Twodice.Refusal.<reason>). Nothing else happens. */
export function warnTwodiceRefusal(refusal: ShownRefusal): void {
  // The transport's own refusals were shown already, with what to do (shared/referee.ts).
  if ((TRANSPORT_REFUSALS as readonly string[]).includes(refusal.reason)) return;
  warnRefusal((reason) => `FRAY.Twodice.Refusal.${reason}`, refusal);
}

/* ------------------------------------------------------------------------------------------ */
/*  Combat context                                                                              */
/* ------------------------------------------------------------------------------------------ */

/** Whether the actor fights in a started combat (its one action per turn is counted). */
export function inStartedCombat(actor: Actor.Implementation): boolean {
  const combat = (game as { combat?: Combat.Implementation | null }).combat ?? null;
  if (combat === null || turnStateOf(combat).round < 1) return false;
  return combat.combatants.some(
    (c) => c.actorId === actor.id || (actor.isToken && c.tokenId === actor.token?.id),
  );
}

/** The actor as the rules see it now; outside a started combat with a fresh turn. */
export function combatantNow(actor: Actor.Implementation): TwodiceCombatant {
  const combatant = toTwodiceCombatant(actor);
  return inStartedCombat(actor) ? combatant : { ...combatant, turn: FRESH_TURN };
}

/** Leaves out an actor's turn changes when its turn is not tracked. */
function untracked(update: TwodiceUpdate | null, tracked: boolean): TwodiceUpdate | null {
  if (update === null || tracked) return update;
  const prefix = `${FIELD_PATHS.turn}.`;
  const changes = Object.fromEntries(
    Object.entries(update.changes).filter(([path]) => !path.startsWith(prefix)),
  );
  return Object.keys(changes).length === 0 ? null : { ...update, changes };
}

function present<T>(list: readonly (T | null)[]): T[] {
  return list.filter((x): x is T => x !== null);
}

/* ------------------------------------------------------------------------------------------ */
/*  Step 1: declare                                                                             */
/* ------------------------------------------------------------------------------------------ */

export type AttackMode = "single" | "auto";

/** What a client sends to attack: ids and choices; the GM's own requests may add its calls. */
export interface TwodiceAttackIntent {
  readonly attackerId: string;
  readonly weaponId: string;
  readonly targetId: string;
  readonly mode: AttackMode;
  /** The shooter moved or turns more than 90° (its own doing). */
  readonly moved?: boolean;
  /** The GM's calls (ignored from a player). */
  readonly awareness?: Awareness;
  readonly targetModifier?: number;
  readonly cover?: readonly number[];
  readonly distance?: number;
  readonly hidden?: boolean;
  /**
   * A waiting attacker cuts in, out of its side's turn: the attack goes before the event it
   * answers when it is the action it declared, after it otherwise (the card says which).
   */
  readonly cutIn?: boolean;
}

const AWARENESS: readonly Awareness[] = ["aware", "unaware", "ignores"];

/** The situation an intent describes: a player's own choice, plus the GM's calls from a GM. */
export function situationOf(
  intent: Partial<TwodiceAttackIntent>,
  fromGM: boolean,
  measured: number | null,
): AttackSituation {
  const own: AttackSituation = { moved: intent.moved === true };
  const distance = measured ?? (fromGM && intent.distance !== undefined ? intent.distance : 0);
  if (!fromGM) return { ...own, distance };
  return {
    ...own,
    distance,
    awareness: AWARENESS.includes(intent.awareness as Awareness) ? intent.awareness : "aware",
    targetModifier: intent.targetModifier ?? 0,
    cover: Array.isArray(intent.cover) ? intent.cover : [],
    hidden: intent.hidden === true,
  };
}

function readIntent(payload: unknown): TwodiceAttackIntent | null {
  if (typeof payload !== "object" || payload === null) return null;
  const p = payload as Record<string, unknown>;
  const ids = [p["attackerId"], p["weaponId"], p["targetId"]];
  if (!ids.every((id) => typeof id === "string")) return null;
  if (p["mode"] !== "single" && p["mode"] !== "auto") return null;
  return payload as TwodiceAttackIntent;
}

/** The dice of a declared attack: one pair, or full Auto's one or two (rolled as needed). */
async function rollShots(mode: AttackMode, weapon: TwodiceWeapon) {
  const first = await rollTwoDice(OPTIONS.dieSides);
  if (mode === "single" || !autoFireNeedsSecond(weapon, first.dice.black)) {
    return { shots: [first.dice], rolls: first.rolls };
  }
  const second = await rollTwoDice(OPTIONS.dieSides);
  return { shots: [first.dice, second.dice], rolls: [...first.rolls, ...second.rolls] };
}

async function renderCard(card: TwodiceAttackCardState): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(
    TWODICE_ATTACK_CARD_TEMPLATE,
    twodiceAttackCardContext(card, i18n()),
  );
}

function cardUpdate(card: TwodiceAttackCardState) {
  return { [`flags.${SYSTEM_ID}.${TWODICE_CARD_FLAG}`]: card };
}

/**
 * The active GM's side of a declared attack: one declaration per attacker at a time, so the
 * second of two quick presses sees the action and the ammunition the first spent.
 */
export function refereeTwodiceAttack(
  payload: unknown,
  sender: User.Implementation,
): Promise<RefereeOutcome> {
  const intent = readIntent(payload);
  if (intent === null) return Promise.resolve(refuse("badRequest"));
  return serializedBy(`twodice.attack.${intent.attackerId}`, () => declare(intent, sender));
}

async function declare(
  intent: TwodiceAttackIntent,
  sender: User.Implementation,
): Promise<RefereeOutcome> {
  const attackerActor = resolveActor(intent.attackerId);
  const target = resolveActor(intent.targetId);
  const weaponItem = attackerActor?.items.get(intent.weaponId) ?? null;
  if (attackerActor === null || !owns(attackerActor, sender)) return refuse("notAllowed");
  if (target === null) return refuse("noTarget");
  if (weaponItem?.type !== "weapon") return refuse("notAWeapon");
  const cutIn = intent.cutIn === true;
  // A waiting character cuts in whenever something happens; anyone else acts in its side's turn.
  if (!sender.isGM && !cutIn && !isActorsTurn(attackerActor)) return refuse("notYourTurn");

  const tracked = inStartedCombat(attackerActor);
  const attacker = combatantNow(attackerActor);
  const defender = combatantNow(target);
  const weapon = toTwodiceWeapon(weaponItem);
  const situation = situationOf(intent, sender.isGM, canvasDistance(attackerActor, target, "m"));
  const input: AttackInput = { attacker, defender, weapon, situation };

  // Everything that may refuse, before a die is rolled.
  if (intent.mode === "auto" || weapon.kind === "ranged") {
    const can = checkCanFire(weapon, intent.mode === "auto");
    if (!can.ok) return can;
  }
  const odds = attackOdds(input, OPTIONS);
  if (!odds.ok) return odds;
  const kind =
    intent.mode === "auto" ? "autoFire" : weapon.kind === "melee" ? "meleeAttack" : "rangedAttack";
  if (cutIn && !tracked) return refuse("notInCombat");
  const acted = takeAction(attacker.turn, { kind, defense: weapon.defense }, cutIn);
  if (!acted.ok) return acted;

  const { shots, rolls } = await rollShots(intent.mode, weapon);
  const declared =
    intent.mode === "auto"
      ? resolveAutoFire(
          input,
          shots.map((dice) => ({ dice })),
          OPTIONS,
        )
      : resolveAttack(input, shots[0] as TwoDice, OPTIONS);
  if (!declared.ok) return declared;
  const attacks: readonly AttackOutcome[] =
    "attacks" in declared.value ? declared.value.attacks : [declared.value];
  const firedWeapon = declared.value.weapon;

  // The attacker pays now: its action (in a started combat) and the ammunition.
  const paid = { ...attacker, turn: acted.value.turn };
  await applyTwodiceUpdates(
    present([
      untracked(diffCombatant(attacker, paid), tracked),
      diffWeapon(attacker.id, weapon, firedWeapon),
    ]),
  );

  const canCounter = weapon.kind === "melee" && intent.mode === "single" && !defender.turn.acted;
  const anyHit = attacks.some((a) => a.hit);
  const card: TwodiceAttackCardState = {
    stage: anyHit || canCounter ? "pending" : "resolved",
    mode: intent.mode,
    attackerId: attacker.id,
    defenderId: defender.id,
    weaponId: weapon.id,
    attackerName: attacker.name,
    defenderName: defender.name,
    weaponName: weapon.name,
    attacker,
    weapon,
    situation,
    setup: odds.value.setup,
    shots,
    reads: attacks.map((a) => ({ black: a.black, white: a.white, hit: a.hit })),
    emptied: "emptied" in declared.value ? declared.value.emptied : false,
    canCounter,
    timing: acted.value.timing,
    resolution: null,
  };
  const data = {
    speaker: ChatMessage.getSpeaker({ actor: attackerActor }),
    content: await renderCard(card),
    rolls,
    flags: { [SYSTEM_ID]: { [TWODICE_CARD_FLAG]: card } },
  };
  // fvtt-types only knows core's flag scopes.
  const message = (await ChatMessage.create(data as never)) as
    ChatMessage.Implementation | undefined;
  return message?.id ? { ok: true, value: { messageId: message.id } } : refuse("failed");
}

/**
 * Attacks the one targeted actor with a weapon (a player's client): the intent goes to the
 * active GM, which rolls and posts the card. A refusal is shown as a warning. Resolves to the
 * card's message id, or null.
 */
export async function declareTwodiceAttack(
  attacker: Actor.Implementation,
  weapon: Item.Implementation,
  target: Actor.Implementation,
  choices: Partial<Omit<TwodiceAttackIntent, "attackerId" | "weaponId" | "targetId">> = {},
): Promise<string | null> {
  const intent: TwodiceAttackIntent = {
    mode: "single",
    ...choices,
    attackerId: attacker.isToken ? attacker.uuid : (attacker.id ?? ""),
    weaponId: weapon.id ?? "",
    targetId: target.isToken ? target.uuid : (target.id ?? ""),
  };
  const outcome = await sendIntent(TWODICE_ATTACK, intent);
  if (!outcome.ok) {
    warnTwodiceRefusal(outcome);
    return null;
  }
  const value = outcome.value as { messageId?: string } | undefined;
  return value?.messageId ?? null;
}

/* ------------------------------------------------------------------------------------------ */
/*  Step 2: answer the card                                                                     */
/* ------------------------------------------------------------------------------------------ */

export type CardStep = "apply" | "rollWithIt" | "counter";
const STEPS: readonly CardStep[] = ["apply", "rollWithIt", "counter"];

export interface TwodiceCardIntent {
  readonly messageId: string;
  readonly step: CardStep;
  /** Counterattack: which of the defender's melee weapons (default: the first). */
  readonly weaponId?: string;
}

export function twodiceCardOf(message: ChatMessage.Implementation): TwodiceAttackCardState | null {
  return cardFlag(message, TWODICE_CARD_FLAG) as TwodiceAttackCardState | null;
}

/** Who may press a step: the defender's owner or the GM answers; the attacker's owner may Apply. */
export function mayPress(
  card: TwodiceAttackCardState,
  step: CardStep,
  user: User.Implementation,
): boolean {
  if (user.isGM) return true;
  const defender = resolveActor(card.defenderId);
  if (owns(defender, user)) return true;
  return step === "apply" && owns(resolveActor(card.attackerId), user);
}

/** The first hitting attack rolls with it (full Auto: the first one that hit). */
function rollWithItShots(card: TwodiceAttackCardState, rolled: boolean) {
  const first = card.reads.findIndex((r) => r.hit);
  return card.shots.map((dice, i) => ({ dice, rollWithIt: rolled && i === first }));
}

async function resolveCard(
  card: TwodiceAttackCardState,
  intent: TwodiceCardIntent,
  attackerActor: Actor.Implementation,
  defenderActor: Actor.Implementation,
): Promise<
  { ok: true; updates: TwodiceUpdate[]; resolution: TwodiceResolution; rolls: Roll[] } | Refusal
> {
  const defenderTracked = inStartedCombat(defenderActor);
  const defender = combatantNow(defenderActor);
  const live = toTwodiceCombatant(attackerActor);
  // The attack as it was declared (the attacker's turn and weapon then), on the wounds and
  // armor of now.
  const attacker: TwodiceCombatant = { ...card.attacker, wounds: live.wounds, armor: live.armor };
  const rolled = intent.step === "rollWithIt";
  const input: AttackInput = {
    attacker,
    defender,
    weapon: card.weapon,
    situation: { ...card.situation, rollWithIt: rolled },
  };
  if (intent.step === "counter") {
    if (!card.canCounter) return refuse("cannotCounterattack", { defender: defender.name });
    const melee = weaponsOf(defenderActor, "melee");
    const chosen = melee.find((w) => w.id === intent.weaponId) ?? melee[0];
    if (chosen === undefined) return refuse("noMeleeWeapon", { defender: defender.name });
    const counterWeapon = toTwodiceWeapon(chosen);
    const { dice, rolls } = await rollTwoDice(OPTIONS.dieSides);
    const exchange = resolveExchange(
      { ...input, situation: card.situation },
      card.shots[0] as TwoDice,
      { weapon: counterWeapon, dice },
      OPTIONS,
    );
    if (!exchange.ok) return exchange;
    const { attack, counter } = exchange.value;
    const attackerWounds = diffCombatant(live, { ...live, wounds: exchange.value.attacker.wounds });
    return {
      ok: true,
      rolls,
      updates: present([
        untracked(diffCombatant(defender, exchange.value.defender), defenderTracked),
        attackerWounds,
      ]),
      resolution: {
        how: "counter",
        attacks: [resultOf(attack)],
        counter: { ...resultOf(counter), dice, weaponName: counterWeapon.name },
      },
    };
  }
  const outcome =
    card.mode === "auto"
      ? resolveAutoFire(input, rollWithItShots(card, rolled), OPTIONS)
      : resolveAttack(input, card.shots[0] as TwoDice, OPTIONS);
  if (!outcome.ok) return outcome;
  const attacks = "attacks" in outcome.value ? outcome.value.attacks : [outcome.value];
  return {
    ok: true,
    rolls: [],
    updates: present([untracked(diffCombatant(defender, outcome.value.defender), defenderTracked)]),
    resolution: { how: intent.step, attacks: attacks.map(resultOf), counter: null },
  };
}

/** What the card keeps of one resolved attack. */
function resultOf(outcome: AttackOutcome): AttackResult {
  return {
    hit: outcome.hit,
    armor: outcome.defender.armor,
    toughness: trait(outcome.defender, "toughness"),
    damage: outcome.damage,
    woundCircle: outcome.woundCircle,
    incapacitated: outcome.incapacitated,
  };
}

function readCardIntent(payload: unknown): TwodiceCardIntent | null {
  if (typeof payload !== "object" || payload === null) return null;
  const { messageId, step, weaponId } = payload as Record<string, unknown>;
  if (typeof messageId !== "string" || !STEPS.includes(step as CardStep)) return null;
  if (weaponId !== undefined && typeof weaponId !== "string") return null;
  return { messageId, step: step as CardStep, ...(weaponId === undefined ? {} : { weaponId }) };
}

/** The active GM's side of a card button. */
export function refereeTwodiceCard(
  payload: unknown,
  sender: User.Implementation,
): Promise<RefereeOutcome> {
  const intent = readCardIntent(payload);
  if (intent === null) return Promise.resolve(refuse("badRequest"));
  return serializedBy(intent.messageId, async () => {
    const message = chatMessages().get(intent.messageId) as ChatMessage.Implementation | undefined;
    const card = message === undefined ? null : twodiceCardOf(message);
    if (message === undefined || card === null) return refuse("noSuchCard");
    if (card.stage === "resolved") return refuse("alreadyApplied");
    if (!mayPress(card, intent.step, sender)) return refuse("notAllowed");
    const attackerActor = resolveActor(card.attackerId);
    const defenderActor = resolveActor(card.defenderId);
    if (attackerActor === null || defenderActor === null) return refuse("noSuchTarget");
    const claimed = await claimStep(message, "resolve");
    if (claimed !== null) return claimed;
    const resolved = await resolveCard(card, intent, attackerActor, defenderActor);
    if (!resolved.ok) {
      await message.update({ [`flags.${SYSTEM_ID}.steps.resolve`]: null } as never);
      return resolved;
    }
    await applyTwodiceUpdates(resolved.updates);
    const done: TwodiceAttackCardState = {
      ...card,
      stage: "resolved",
      resolution: resolved.resolution,
    };
    // The counterattack's dice join the message's rolls: every die the card shows is one of
    // them, so roll modes and Dice So Nice treat them like the attack's (core's ChatMessage
    // stores each Roll as its JSON, the terms' options with it).
    const rolls =
      resolved.rolls.length === 0 ? {} : { rolls: [...message.rolls, ...resolved.rolls] };
    await message.update({
      content: await renderCard(done),
      ...cardUpdate(done),
      ...stepDoneUpdate("resolve"),
      ...rolls,
    });
    // The counterattack's dice: thrown to whom the card is shown (shared/cards.ts showDice).
    await showDice(message, resolved.rolls);
    return { ok: true };
  });
}

/** A card button pressed on any client: the request goes to the active GM. */
export async function pressTwodiceCard(
  message: ChatMessage.Implementation,
  step: CardStep,
  weaponId?: string,
): Promise<RefereeOutcome> {
  const intent: TwodiceCardIntent = {
    messageId: message.id ?? "",
    step,
    ...(weaponId === undefined ? {} : { weaponId }),
  };
  const outcome = await sendIntent(TWODICE_CARD, intent);
  if (!outcome.ok) warnTwodiceRefusal(outcome);
  return outcome;
}

/** Wires a two-dice card's buttons as it renders: each user sees only what it may press. */
export function wireTwodiceCard(message: ChatMessage.Implementation, html: HTMLElement): void {
  const card = twodiceCardOf(message);
  if (card === null) return;
  const user = game.user as User.Implementation;
  for (const button of html.querySelectorAll<HTMLButtonElement>("button[data-fray-td-step]")) {
    const step = button.dataset["frayTdStep"] as CardStep;
    if (card.stage !== "pending" || !mayPress(card, step, user)) {
      button.remove();
      continue;
    }
    button.addEventListener("click", (event) => {
      event.preventDefault();
      button.disabled = true;
      void pressTwodiceCard(message, step).finally(() => {
        button.disabled = false;
      });
    });
  }
  for (const row of html.querySelectorAll(".fray-td-buttons")) {
    if (row.querySelector("button") === null) row.remove();
  }
}
