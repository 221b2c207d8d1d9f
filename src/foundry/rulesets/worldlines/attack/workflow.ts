/**
 * The Worldlines attack at the table, in three steps on one chat card. The active GM is the
 * referee (shared/referee.ts): every die whose result lands on another owner's actor is rolled on
 * its client, and every write to such an actor is its own; players send intents (ids, choices).
 *
 * 1. declare: the attacker's client checks the attack and sends the declaration; the referee
 *    checks it again on the documents as they are (owner, turn, Energy, range, Staggered, Charm),
 *    rolls the Combat die with core Roll, pays the Energy and posts the card, which it authors (so
 *    no player can rewrite it);
 * 2. defend: the defender's owner (or the GM) presses Evade or Take it; the referee rolls the rest
 *    of the dice (Evasion, headshot d20, damage, Armor die, limb Spirit check …). After a failed
 *    Evasion, when the defender may still interrupt, the card stops and offers Evade again (a
 *    second Evasion as the round's interruption) or Take it;
 * 3. apply: the owner of the defender, the user who declared the attack or the GM presses Apply;
 *    the referee writes the result to the actor.
 *
 * Each press is claimed on the card before any actor write (a second press is refused), one press
 * of a card at a time. A critical hit cannot be evaded, so it goes straight to step 3.
 */
import {
  definedEntries,
  parseModifiers,
  refereeDeclaration,
  sendDeclaration,
  singleTarget,
} from "../../../shared/attack.ts";
import type { DeclareIntent } from "../../../shared/attack.ts";
import type { DieRoll } from "../../../../rules/core/dice.ts";
import { checkNumber } from "../../../../rules/core/guard.ts";
import { refuse } from "../../../../rules/core/result.ts";
import type { Refusal, Result } from "../../../../rules/core/result.ts";
import {
  FIELD_PATHS,
  ZONES,
  attackModifiers,
  attackUpdates,
  attackWithTechnique,
  checkAttack,
  checkAttackInput,
  checkEvasion,
  checkExtraEvasion,
  critThreshold,
  evasionModifiers,
  refundEnergy,
  resolveAttack,
  spendRound,
} from "../../../../rules/worldlines/index.ts";
import type {
  ActorUpdate,
  Ammo,
  AttackInput,
  AttackRoll,
  AttackSituation,
  Cover,
  DefenseChoice,
  EvasionRefusal,
  EvasionRoll,
  Modifier,
  RangeBand,
  WorldlinesCombatant,
  WorldlinesWeapon,
} from "../../../../rules/worldlines/index.ts";
import { SYSTEM_ID } from "../../../constants.ts";
import { applyUpdatesBatch, toCombatant, toWeapon } from "../adapter.ts";
import { toTechnique } from "../techniques.ts";
import { ATTACK_CARD_TEMPLATE, attackCardContext, resultView } from "../cards/attack-card.ts";
import type { AttackCardState } from "../cards/attack-card.ts";
import { withDice } from "../../../shared/dice.ts";
import { chatMessages, currentUser, i18n } from "../../../shared/env.ts";
import { resolveActor } from "../../../shared/actors.ts";
import { warnRefusal as showRefusal } from "../../../shared/refusal.ts";
import { isActorsTurn } from "../../../shared/turn.ts";
import {
  isRefereeCard,
  mayRequestApply,
  owns,
  postRefereeCard,
  showDice,
} from "../../../shared/cards.ts";
import {
  checkReplayedDice,
  claimStep,
  isTransportReason,
  sendIntent,
  serializedBy,
  stepDoneUpdate,
} from "../../../shared/referee.ts";
import type { Intent, RefereeOutcome } from "../../../shared/referee.ts";

/** The referee's actions of the Worldlines attack: the declaration, and a card's buttons. */
export const WORLDLINES_DECLARE = "worldlines.declare";
export const WORLDLINES_CARD = "worldlines.card";

export type CardAction = "evade" | "evadeAgain" | "take" | "apply";

const RANGE_BANDS: readonly RangeBand[] = ["pointBlank", "short", "medium", "long", "extreme"];
const COVERS: readonly Cover[] = ["none", "half", "full"];

export type CardOutcome = { readonly ok: true } | Refusal;

/* ------------------------------------------------------------------------------------------ */
/*  Settings and permissions                                                                    */
/* ------------------------------------------------------------------------------------------ */

function autoApply(): boolean {
  return game.settings.get(SYSTEM_ID, "autoApplyDamage");
}

export function cardOf(message: ChatMessage.Implementation): AttackCardState | null {
  const card = (message.flags as Record<string, unknown> | undefined)?.[SYSTEM_ID] as
    { attack?: AttackCardState } | undefined;
  return card?.attack ?? null;
}

/** Whether this user may press Evade / Evade again / Take it on the card. */
export function canDefend(card: AttackCardState, user: User.Implementation): boolean {
  return user.isGM || owns(resolveActor(card.defenderId), user);
}

/** Whether this user may press Apply: the GM, the target's owner, or who declared the attack. */
export function canApply(card: AttackCardState, user: User.Implementation): boolean {
  return mayRequestApply(declaredBy(card), resolveActor(card.defenderId), user);
}

/* ------------------------------------------------------------------------------------------ */
/*  Step 1: declare                                                                             */
/* ------------------------------------------------------------------------------------------ */

/** The modifiers of an input the attack already checked (none if it was refused after all). */
function listedOrNone(listed: Result<Modifier[]>): Modifier[] {
  return listed.ok ? listed.value : [];
}

/** The attack roll as the card shows it, from the Combat die's natural face. */
export function attackRollOf(input: AttackInput, natural: number): AttackRoll {
  // The input was checked with the attack (checkAttack): a refusal here lists no modifier.
  const modifiers = listedOrNone(attackModifiers(input));
  const crit = critThreshold(input.attacker, input.weapon);
  const threshold = crit.ok ? crit.value : null;
  return {
    die: input.attacker.traits.combat,
    natural,
    modifiers,
    total: natural + modifiers.reduce((t, m) => t + m.value, 0),
    critical: threshold !== null && natural >= threshold,
  };
}

export interface Declaration {
  readonly attacker: WorldlinesCombatant;
  readonly defender: WorldlinesCombatant;
  readonly weapon: WorldlinesWeapon;
  readonly cost: number;
  /** The attack's choices as the rules take them (a technique's Energy folded in). */
  readonly situation: AttackSituation;
  /** The technique announced with the attack, by name, and the Energy a hit gives back. */
  readonly technique?: { readonly name: string; readonly refund: number };
}

/** The attack choices at the table: the rules' situation and a technique announced with it. */
export type TableSituation = AttackSituation & { readonly technique?: string };

/**
 * The weapon and cost of an attack announced with one of the attacker's attack techniques
 * (rules/worldlines/techniques.ts attackWithTechnique); the situation unchanged without one.
 * The referee's declaration and the attack dialog's odds both go through it.
 */
export function shapeByTechnique(
  attackerActor: Actor.Implementation,
  attacker: WorldlinesCombatant,
  weapon: WorldlinesWeapon,
  situation: TableSituation,
):
  | {
      ok: true;
      weapon: WorldlinesWeapon;
      situation: AttackSituation;
      technique?: Declaration["technique"];
    }
  | Refusal {
  const { technique: techniqueId, ...rest } = situation;
  if (techniqueId === undefined || techniqueId === "") return { ok: true, weapon, situation: rest };
  const item = attackerActor.items.contents.find(
    (i) => i.id === techniqueId && i.type === "technique",
  );
  if (item === undefined) return refuse("noSuchTechnique", { name: attackerActor.name });
  const shaped = attackWithTechnique(attacker, weapon, toTechnique(item));
  if (!shaped.ok) return refuse(shaped.reason, { ...shaped.detail, name: attackerActor.name });
  return {
    ok: true,
    weapon: { ...shaped.value.weapon, name: `${weapon.name} · ${item.name}` },
    // A GM's own Energy cost for the attack stands; otherwise the attack's and the technique's.
    situation: { energyCost: shaped.value.cost, ...rest },
    technique: { name: item.name, refund: shaped.value.refund },
  };
}

/** Checks everything that may refuse an attack, in the order a player would want to hear it. */
export function checkDeclaration(
  attackerActor: Actor.Implementation,
  weaponItem: Item.Implementation,
  targets: readonly Actor.Implementation[],
  tableSituation: TableSituation,
): { ok: true; value: Declaration } | Refusal {
  const single = singleTarget(weaponItem, targets);
  if (!single.ok) return single;
  const target = single.value;
  if (!isActorsTurn(attackerActor)) return refuse("notYourTurn", { name: attackerActor.name });
  const attacker = toCombatant(attackerActor);
  const defender = toCombatant(target);
  const ammo = spendRound((weaponItem.system as unknown as { ammo: Ammo }).ammo);
  if (!ammo.ok) return refuse(ammo.reason, { ...ammo.detail, weapon: weaponItem.name });
  const shaped = shapeByTechnique(attackerActor, attacker, toWeapon(weaponItem), tableSituation);
  if (!shaped.ok) return shaped;
  const { weapon, situation } = shaped;
  const allowed = checkAttack({ attacker, defender, weapon, situation });
  if (!allowed.ok) {
    return refuse(allowed.reason, {
      ...allowed.detail,
      name: attackerActor.name,
      target: target.name,
      formula: weapon.damage,
    });
  }
  const cost = allowed.value.cost;
  const technique = shaped.technique;
  return {
    ok: true,
    value: { attacker, defender, weapon, cost, situation, ...(technique ? { technique } : {}) },
  };
}

/**
 * Shows a refusal as a localized warning. Nothing else happens. `context` fills placeholders the
 * rules do not know (the actor's display name); the refusal's own detail wins over it.
 */
export function warnRefusal(
  refusal: Refusal,
  context: Readonly<Record<string, string>> = {},
): void {
  showRefusal((reason) => `FRAY.Worldlines.Attack.Refusal.${reason}`, refusal, context);
}

async function renderCard(card: AttackCardState): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(
    ATTACK_CARD_TEMPLATE,
    attackCardContext(card, i18n()),
  );
}

/**
 * Who may press Apply or read the card as theirs: the user who declared the attack (recorded by the
 * referee when it made the card).
 */
export function declaredBy(card: AttackCardState): string | null {
  return card.declaredBy ?? null;
}

/** The attack choices of a declaration, from its payload: only known values; else null. */
export function parseSituation(raw: unknown, fromGM: boolean): TableSituation | null {
  if (raw === undefined) return {};
  if (typeof raw !== "object" || raw === null) return null;
  const s = raw as Record<string, unknown>;
  const choice = <T extends string>(value: unknown, allowed: readonly T[]): T | undefined | null =>
    value === undefined ? undefined : allowed.includes(value as T) ? (value as T) : null;
  const flag = (value: unknown): boolean | undefined | null =>
    value === undefined ? undefined : typeof value === "boolean" ? value : null;
  const situation: Record<string, unknown> = {
    zone: choice(s["zone"], ZONES),
    range: choice(s["range"], RANGE_BANDS),
    cover: choice(s["cover"], COVERS),
    poorVisibility: flag(s["poorVisibility"]),
    flanked: flag(s["flanked"]),
    nonLethal: flag(s["nonLethal"]),
    // One of the attacker's techniques, by item id (checkDeclaration finds it or refuses).
    technique:
      s["technique"] === undefined || typeof s["technique"] === "string" ? s["technique"] : null,
  };
  // Numbers (extra modifiers, another Energy cost) are a GM's call; a player's are ignored.
  if (fromGM) {
    const modifiers = (key: string) => (s[key] === undefined ? undefined : parseModifiers(s[key]));
    const cost = s["energyCost"];
    situation["modifiers"] = modifiers("modifiers");
    situation["evasionModifiers"] = modifiers("evasionModifiers");
    const badCost = checkNumber("energyCost", cost, { min: 0, max: 100, whole: true });
    situation["energyCost"] = cost === undefined ? undefined : badCost === undefined ? cost : null;
  }
  if (Object.values(situation).includes(null)) return null;
  return definedEntries(situation);
}

/**
 * Declares an attack against the one targeted token's actor. This client checks it first (a
 * refusal is a warning and nothing is sent); the active GM then checks it again on the documents
 * as they are, rolls, pays the Energy and posts the card (see {@link refereeDeclare}). Returns the
 * card's message, or null when refused.
 */
export async function declareAttack(
  attackerActor: Actor.Implementation,
  weaponItem: Item.Implementation,
  targets: readonly Actor.Implementation[],
  situation: AttackSituation,
): Promise<ChatMessage.Implementation | null> {
  const checked = checkDeclaration(attackerActor, weaponItem, targets, situation);
  const target = targets[0];
  if (!checked.ok || target === undefined) {
    if (!checked.ok) warnRefusal(checked);
    return null;
  }
  return sendDeclaration(WORLDLINES_DECLARE, attackerActor, weaponItem, target, situation, (r) => {
    warnRefusal(r, { name: attackerActor.name });
  });
}

/**
 * The referee's side of a declaration (on the active GM): re-reads the attacker, the weapon and
 * the target as they are stored now, checks the sender may act for the attacker and everything
 * the rules check (turn, Energy, range, Charm …), rolls the Combat die with core Roll, pays the
 * Energy and posts the card, authored by the GM. Answers with the card's message id.
 */
export function refereeDeclare(
  intent: Intent,
  sender: User.Implementation,
): Promise<RefereeOutcome> {
  return refereeDeclaration(intent, sender, parseSituation, async (declared) => {
    const { attacker, weapon, targets, request } = declared;
    const checked = checkDeclaration(attacker, weapon, targets, request.situation);
    if (!checked.ok) return checked;
    const message = await postAttack(attacker, checked.value, request, sender);
    if (message === null) return refuse("failed");
    return { ok: true, value: message.id };
  });
}

async function postAttack(
  attackerActor: Actor.Implementation,
  declaration: Declaration,
  request: DeclareIntent<AttackSituation>,
  sender: User.Implementation,
): Promise<ChatMessage.Implementation | null> {
  const { attacker, defender, weapon, cost, situation } = declaration;
  const input: AttackInput = { attacker, defender, weapon, situation };
  const roll = await new Roll(`1d${attacker.traits.combat}`).evaluate();
  const natural = roll.total;
  const attack = attackRollOf(input, natural);

  // The attacker pays when the attack is made.
  const paid: ActorUpdate = {
    actorId: attacker.id,
    changes: { [FIELD_PATHS.energy]: attacker.energy.value - cost },
    setStatuses: {},
    removeStatuses: [],
  };
  await applyUpdatesBatch([paid]);
  await spendAmmo(attackerActor, weapon.id);

  let card: AttackCardState = {
    stage: "awaitingDefense",
    attackerId: attacker.id,
    defenderId: defender.id,
    attackerName: attacker.name,
    defenderName: defender.name,
    weaponName: weapon.name,
    declaredBy: sender.id ?? "",
    attacker,
    weapon,
    situation,
    cost,
    attack,
    defense: null,
    dice: [{ sides: attacker.traits.combat, value: natural }],
    result: null,
    ...(declaration.technique ? { refund: declaration.technique.refund } : {}),
  };
  let extraRolls: Roll[] = [];
  if (attack.critical) {
    // A critical cannot be evaded: the damage is rolled now.
    const resolved = await resolveCard(card, "take", defender, []);
    card = resolved.card;
    extraRolls = resolved.rolls;
  }
  const message = await postRefereeCard({
    speaker: ChatMessage.getSpeaker({ actor: attackerActor }),
    content: await renderCard(card),
    flags: { [SYSTEM_ID]: { attack: card } },
    rolls: [roll, ...extraRolls],
    rollMode: request.rollMode,
    roller: sender.id ?? "",
  });
  if (message !== null && attack.critical && autoApply()) {
    await serializedBy(message.id ?? "", () => applyStep(message, sender));
  }
  return message;
}

/** The attack's round leaves the weapon's magazine (rules/worldlines/ammo.ts spendRound). */
async function spendAmmo(attackerActor: Actor.Implementation, weaponId: string): Promise<void> {
  const item = attackerActor.items.contents.find((i) => i.id === weaponId);
  if (item === undefined) return;
  const spent = spendRound((item.system as unknown as { ammo: Ammo }).ammo);
  if (spent.ok && spent.value.value !== null) {
    await item.update({ "system.ammo.value": spent.value.value } as never);
  }
}

/* ------------------------------------------------------------------------------------------ */
/*  Step 2: defend                                                                              */
/* ------------------------------------------------------------------------------------------ */

function inputOf(card: AttackCardState, defender: WorldlinesCombatant): AttackInput {
  // The attacker paid when declaring: the resolution must not charge again.
  return {
    attacker: card.attacker,
    defender,
    weapon: card.weapon,
    situation: { ...card.situation, energyCost: 0 },
  };
}

/** Why the defender may not evade, as the card's refusal reasons. */
const EVADE_REFUSALS: Record<EvasionRefusal, string> = {
  critical: "evadeCritical",
  notActive: "evadeNotActive",
  notEnoughEnergy: "evadeNotEnoughEnergy",
  interruptUsed: "evadeInterruptUsed",
  stressed: "evadeStressed",
  // Bad numbers on the defender: the shared FRAY.Refusal messages (shared/refusal.ts).
  "not-a-number": "not-a-number",
  "not-whole": "not-whole",
  "out-of-range": "out-of-range",
  badName: "badName",
  badChoice: "badChoice",
};

/** A defense step: the first answer to the attack, or the answer after a failed Evasion. */
type DefenseStep = "evade" | "take" | "evadeAgain";

/** The defender's choices for the engine, for a card whose defense is (or becomes) `step`. */
function choiceOf(card: AttackCardState, step: DefenseStep): DefenseChoice {
  if (step === "evadeAgain") return { evade: true, extraEvasion: true };
  // Taking the hit after a failed Evasion: the Evasion stands, no second one.
  if (card.stage === "awaitingExtraEvasion" || card.defense === "evade") {
    return { evade: true, extraEvasion: card.extraEvasion === true };
  }
  return { evade: step === "evade" };
}

/** Thrown inside a replay to stop before the damage dice: the defender has a choice to make. */
class AwaitExtraEvasion extends Error {}

/**
 * The defender as it was before this card's defense: the Energy it already paid on this card given
 * back, and its interruption too when the card used it (so replaying the card's dice retraces it).
 */
function beforeDefense(card: AttackCardState, now: WorldlinesCombatant): WorldlinesCombatant {
  const paid = card.result?.defenderSpent ?? card.evasionPaid ?? 0;
  return {
    ...now,
    energy: { ...now.energy, value: now.energy.value + paid },
    ...(card.extraEvasion === true ? { interruptUsed: false } : {}),
  };
}

/**
 * Rolls the rest of the attack (after the card's dice, then `given`) and the card it makes, from
 * the defender as it was before this card's defense. A first Evasion that fails, when the defender
 * may still interrupt for a second one, stops the card there (stage awaitingExtraEvasion).
 */
async function resolveCard(
  card: AttackCardState,
  step: DefenseStep,
  defender: WorldlinesCombatant,
  given: readonly DieRoll[],
): Promise<{ card: AttackCardState; rolls: Roll[] }> {
  const input = inputOf(card, defender);
  const firstCost = checkEvasion(defender, card.attack.critical);
  const mayPause = step === "evade" && card.stage === "awaitingDefense" && firstCost.ok;
  const paused = { total: 0 };
  const choice: DefenseChoice = mayPause
    ? {
        evade: true,
        extraEvasion: (view) => {
          const paid = {
            ...defender,
            energy: { ...defender.energy, value: defender.energy.value - firstCost.value.cost },
          };
          if (!checkExtraEvasion(paid).ok) return false;
          paused.total = view.evasionTotal ?? 0;
          throw new AwaitExtraEvasion();
        },
      }
    : choiceOf(card, step);
  const rolled = await withDice(
    (dice) => {
      try {
        // Checked once, then resolved as checked input (rules/core/checked.ts).
        const checked = checkAttackInput(input);
        return checked.ok ? resolveAttack(checked.value, dice, choice) : checked;
      } catch (error) {
        if (error instanceof AwaitExtraEvasion) return null;
        throw error;
      }
    },
    [...card.dice, ...given],
  );
  const outcome = rolled.value;
  if (outcome === null && mayPause) {
    // The first Evasion failed and the defender may interrupt: show it and wait.
    const evasionDice = rolled.dice.slice(card.dice.length);
    const evasion: EvasionRoll = {
      naturals: evasionDice.map((d) => d.value),
      modifiers: listedOrNone(evasionModifiers(input)),
      total: paused.total,
      success: false,
      extra: false,
    };
    return {
      card: {
        ...card,
        stage: "awaitingExtraEvasion",
        defense: "evade",
        dice: rolled.dice,
        pendingEvasion: evasion,
        evasionPaid: firstCost.value.cost,
      },
      rolls: rolled.rolls,
    };
  }
  if (outcome === null || !outcome.ok) {
    throw new Error(`the declared attack no longer resolves: ${outcome?.reason ?? "paused"}`);
  }
  const result = resultView(outcome.value, defender, attackUpdates(input, outcome.value));
  const extraEvasion = outcome.value.evasions.some((e) => e.extra);
  return {
    card: {
      ...card,
      stage: "resolved",
      defense: step === "take" && card.defense !== "evade" ? "take" : "evade",
      extraEvasion,
      pendingEvasion: null,
      dice: rolled.dice,
      result,
    },
    rolls: rolled.rolls,
  };
}

/** Why the defender may not evade a second time, as the card's refusal reasons. */
function extraEvasionRefusal(defender: WorldlinesCombatant): Refusal | null {
  const can = checkExtraEvasion(defender);
  if (can.ok) return null;
  const reason =
    can.reason === "notEnoughEnergy" ? "evadeAgainNotEnoughEnergy" : EVADE_REFUSALS[can.reason];
  return refuse(reason, can.detail);
}

/* ------------------------------------------------------------------------------------------ */
/*  Step 3: apply                                                                               */
/* ------------------------------------------------------------------------------------------ */

/**
 * The updates of a resolved card, minus the Evasion Energy and the interruption (both paid when
 * evading).
 */
function damageUpdates(updates: readonly ActorUpdate[], defenderId: string): ActorUpdate[] {
  return updates
    .map((u) => {
      if (u.actorId !== defenderId) return u;
      const {
        [FIELD_PATHS.energy]: _paid,
        [FIELD_PATHS.interruptUsed]: _interrupted,
        ...changes
      } = u.changes;
      return { ...u, changes };
    })
    .filter(
      (u) =>
        Object.keys(u.changes).length > 0 ||
        Object.keys(u.setStatuses).length > 0 ||
        u.removeStatuses.length > 0,
    );
}

/**
 * Re-resolves a card against the defender as it is now (its Evasion Energy given back, since
 * that was paid when evading), on the card's own dice: what is applied always follows the rules
 * from the target's current health, even if it changed since the card was rolled.
 */
async function reresolve(card: AttackCardState, defenderNow: WorldlinesCombatant) {
  const before = beforeDefense(card, defenderNow);
  const { card: again, rolls } = await resolveCard(
    { ...card, dice: card.dice.slice(0, 1) },
    card.defense ?? "take",
    before,
    card.dice.slice(1),
  );
  return { card: again, rolls, defender: before };
}

/* ------------------------------------------------------------------------------------------ */
/*  The card's buttons, carried out by the referee                                              */
/* ------------------------------------------------------------------------------------------ */

/** Collection#get is typed as always finding one; a deleted message or item is not found. */
function missing<T>(value: T): T | undefined {
  return value;
}

function messageOf(id: string): ChatMessage.Implementation | null {
  return missing(chatMessages().get(id)) ?? null;
}

/** What a client asks the referee to do with a card: its id and the button. */
export interface CardIntent {
  readonly messageId: string;
  readonly action: CardAction;
}

const CARD_ACTIONS: readonly CardAction[] = ["evade", "evadeAgain", "take", "apply"];

export function parseCardIntent(data: unknown): CardIntent | null {
  if (typeof data !== "object" || data === null) return null;
  const { messageId, action } = data as Record<string, unknown>;
  if (typeof messageId !== "string") return null;
  if (!(CARD_ACTIONS as readonly unknown[]).includes(action)) return null;
  return { messageId, action: action as CardAction };
}

/**
 * The referee's side of a card button (on the active GM): one press of one card at a time. The
 * card must be one the referee made (a GM authored it; a card a player posted is refused), the
 * sender must be allowed to press the button, and the step is claimed before any actor write, so
 * a second press, late or replayed, is refused.
 */
export async function refereeCardAction(
  intent: Intent,
  sender: User.Implementation,
): Promise<RefereeOutcome> {
  const request = parseCardIntent(intent.payload);
  if (request === null) return refuse("badRequest");
  return serializedBy(request.messageId, async () => {
    const message = messageOf(request.messageId);
    if (message === null || cardOf(message) === null) return refuse("noSuchCard");
    if (!isRefereeCard(message)) return refuse("notRefereeCard");
    return request.action === "apply"
      ? applyStep(message, sender)
      : defendStep(message, request.action, sender);
  });
}

/** Evade, Evade again or Take it, for `sender`, on the referee's client. */
async function defendStep(
  message: ChatMessage.Implementation,
  action: DefenseStep,
  sender: User.Implementation,
): Promise<CardOutcome> {
  const card = cardOf(message);
  if (card === null) return refuse("noSuchCard");
  const defenderActor = resolveActor(card.defenderId);
  if (defenderActor === null) return refuse("noSuchTarget");
  const waiting = card.stage === "awaitingDefense" || card.stage === "awaitingExtraEvasion";
  if (!waiting) return refuse("alreadyResolved");
  // Evade answers the attack; Evade again answers a failed Evasion; Take it answers either.
  const fits = action === "take" || (action === "evade") === (card.stage === "awaitingDefense");
  if (!fits) return refuse(action === "evade" ? "alreadyResolved" : "badRequest");
  if (!canDefend(card, sender)) return refuse("notAllowed");
  const badDie = checkReplayedDice(card.dice);
  if (badDie !== undefined) return badDie;
  const now = toCombatant(defenderActor);
  if (action === "evade") {
    const can = checkEvasion(now, card.attack.critical);
    if (!can.ok) return refuse(EVADE_REFUSALS[can.reason], can.detail);
  }
  if (action === "evadeAgain") {
    const refusal = extraEvasionRefusal(now);
    if (refusal !== null) return refusal;
  }
  const step = card.stage === "awaitingDefense" ? "defense" : "extraDefense";
  const claimed = await claimStep(message, step);
  if (claimed !== null) return claimed;
  const before = beforeDefense(card, now);
  const { card: resolved, rolls } = await resolveCard(card, action, before, []);
  await showDice(rolls);
  // The Evasion Energy (and the interruption) is paid now, whatever happens to the card.
  const spent = resolved.result?.defenderSpent ?? resolved.evasionPaid ?? 0;
  const interrupted = resolved.extraEvasion === true && !now.interruptUsed;
  if (spent !== before.energy.value - now.energy.value || interrupted) {
    await applyUpdatesBatch([
      {
        actorId: card.defenderId,
        changes: {
          [FIELD_PATHS.energy]: before.energy.value - spent,
          ...(interrupted ? { [FIELD_PATHS.interruptUsed]: true } : {}),
        },
        setStatuses: {},
        removeStatuses: [],
      },
    ]);
  }
  const done =
    resolved.result?.hit === false ? { ...resolved, stage: "applied" as const } : resolved;
  await writeCard(message, done, step, rolls);
  if (done.stage === "resolved" && autoApply()) return applyStep(message, sender);
  return { ok: true };
}

/** Apply, for `sender`, on the referee's client. */
async function applyStep(
  message: ChatMessage.Implementation,
  sender: User.Implementation,
): Promise<CardOutcome> {
  const card = cardOf(message);
  if (card === null) return refuse("noSuchCard");
  if (card.stage !== "resolved") {
    return refuse(card.stage === "applied" ? "alreadyApplied" : "notResolved");
  }
  if (!canApply(card, sender)) return refuse("notAllowed");
  const defenderActor = resolveActor(card.defenderId);
  if (defenderActor === null) return refuse("noSuchTarget");
  const badDie = checkReplayedDice(card.dice);
  if (badDie !== undefined) return badDie;
  const claimed = await claimStep(message, "apply");
  if (claimed !== null) return claimed;
  const { card: again, defender } = await reresolve(card, toCombatant(defenderActor));
  const updates = damageUpdates(again.result?.updates ?? [], card.defenderId);
  const refund = refundUpdate(card, again.result?.hit === true);
  await applyUpdatesBatch(refund === null ? updates : [...updates, refund]);
  const result = again.result;
  await writeCard(
    message,
    {
      ...again,
      stage: "applied",
      result:
        result === null
          ? null
          : { ...result, health: { ...result.health, before: defender.health.value } },
    },
    "apply",
  );
  return { ok: true };
}

/** The attacker's Energy back from its technique when the attack hit (refundEnergy), or null. */
function refundUpdate(card: AttackCardState, hit: boolean): ActorUpdate | null {
  const refund = card.refund ?? 0;
  const attackerActor = refund > 0 && hit ? resolveActor(card.attackerId) : null;
  if (attackerActor === null) return null;
  const out = refundEnergy(toCombatant(attackerActor), refund, hit);
  return out.ok ? out.value.update : null;
}

/**
 * The card's new state and text, with the step it finishes, in one update. Dice rolled for this
 * step join the message's own rolls (so Dice So Nice and the roll mode see the dice the card
 * shows): the card's, or, when a private roll mode put the dice in a whispered message of their
 * own (shared/cards.ts postRefereeCard), that message's.
 */
async function writeCard(
  message: ChatMessage.Implementation,
  card: AttackCardState,
  step: string,
  rolls: readonly Roll[] = [],
): Promise<void> {
  const diceMessage = rolls.length === 0 ? undefined : diceMessageOf(message);
  await message.update({
    content: await renderCard(card),
    [`flags.${SYSTEM_ID}.attack`]: card,
    ...(rolls.length > 0 && diceMessage === undefined
      ? { rolls: [...message.rolls, ...rolls] }
      : {}),
    ...stepDoneUpdate(step),
  } as never);
  if (diceMessage !== undefined) {
    await diceMessage.update({ rolls: [...diceMessage.rolls, ...rolls] });
  }
}

/** The whispered message holding a card's dice under a private roll mode, if there is one. */
function diceMessageOf(card: ChatMessage.Implementation): ChatMessage.Implementation | undefined {
  return chatMessages().contents.find((m) => {
    const flags = (m.flags as Record<string, unknown> | undefined)?.[SYSTEM_ID] as
      { diceOf?: unknown } | undefined;
    return flags?.diceOf === card.id;
  });
}

/**
 * What a card button does on the presser's client: check locally (a warning, and nothing is sent,
 * when this user may not press it), then ask the referee, which rolls and writes.
 */
export async function requestCardAction(
  message: ChatMessage.Implementation,
  action: CardAction,
): Promise<CardOutcome> {
  const card = cardOf(message);
  if (card === null) return refuse("noSuchCard");
  const user = currentUser();
  const allowed = action === "apply" ? canApply(card, user) : canDefend(card, user);
  if (!allowed) {
    const refusal = refuse("notAllowed");
    warnRefusal(refusal);
    return refusal;
  }
  const intent: CardIntent = { messageId: message.id ?? "", action };
  const outcome = await sendIntent(WORLDLINES_CARD, intent);
  if (outcome.ok) return { ok: true };
  if (!isTransportReason(outcome.reason)) warnRefusal(outcome);
  return outcome;
}
