/**
 * The two-dice checks at the table, each a declaration of the card protocol (cards/protocol.ts)
 * that the referee (the active GM) answers with a check card: a Recovery roll (Toughness, plus a
 * Medicine bonus), Medicine on a patient (the healer's Medicine; the GM may add a bonus for tools
 * and time), sneaking past an observer (the observer's Perception rolls, a second roll when it
 * saw movement; none when a wall or darkness hides the sneaker from it: scene/sight.ts), and bleeding after the fight (one interval: the lowest empty circle). The client
 * sends ids and choices; the GM re-reads the documents, checks the sender owns the actor that
 * acts (and, in a started combat, that it still has its action, from the ledger), rolls with core
 * Roll, writes once and posts the card, every die shown being one of the card's rolls. The check
 * card has no button. Medicine takes the book's bonuses for more time (the healer's choice, never
 * in a fight) and better circumstances (the GM's call), rules/twodice/medicine.ts.
 */
import { cardHeader } from "../../../cards/parts.ts";
import { refuse } from "../../../../rules/core/result.ts";
import { diffCombatant } from "../../../../rules/twodice/changes.ts";
import type { TwodiceUpdate } from "../../../../rules/twodice/changes.ts";
import { trait } from "../../../../rules/twodice/model.ts";
import type { ActionKind, TurnState, TwodiceCombatant } from "../../../../rules/twodice/model.ts";
import { medicineValue } from "../../../../rules/twodice/medicine.ts";
import { resolveSneak } from "../../../../rules/twodice/sneak.ts";
import { takeAction } from "../../../../rules/twodice/turns.ts";
import { aftermath, bleed, recover, treatWounds } from "../../../../rules/twodice/wounds.ts";
import {
  answerWithCard,
  cardDeclaration,
  declareCard,
  reportCard,
} from "../../../cards/protocol.ts";
import type { AnyDeclaration } from "../../../cards/protocol.ts";
import { SYSTEM_ID, SYSTEM_PATH } from "../../../constants.ts";
import { checkWithinReach } from "../../../shared/actors.ts";
import { distanceBetween } from "../../../shared/scene.ts";
import { actorSees } from "../../../scene/sight.ts";
import { owns } from "../../../shared/cards.ts";
import { i18n } from "../../../shared/env.ts";
import type { RefereeOutcome } from "../../../shared/referee.ts";
import type { BudgetRecord } from "../../../combat/budget.ts";
import { combatantId, resolveActor, warnTwodiceRefusal } from "../adapter.ts";
import { commitTwodice, inFight, twodiceNow } from "../budget.ts";
import { signed } from "../../../shared/format.ts";
import { rollTwoDice } from "../dice.ts";
import { twodiceOptions } from "../settings.ts";

export const TWODICE_CHECK_CARD_TEMPLATE = `${SYSTEM_PATH}/templates/twodice/chat/check-card.hbs`;
/** The kind of every check card (they have no button). */
export const TWODICE_CHECK = "twodice.check";
const CHECK_FLAG = "twodiceCheck";

export type Ids = Readonly<Record<string, string | number>>;

/** Reads the string ids (and given numbers) a check names; null when one is missing. */
export function idsOf(
  raw: unknown,
  keys: readonly string[],
  numbers: readonly string[] = [],
): Ids | null {
  if (typeof raw !== "object" || raw === null) return null;
  const p = raw as Record<string, unknown>;
  if (!keys.every((key) => typeof p[key] === "string")) return null;
  if (!numbers.every((key) => p[key] === undefined || typeof p[key] === "number")) return null;
  return Object.fromEntries(
    [...keys, ...numbers].filter((key) => p[key] !== undefined).map((key) => [key, p[key]]),
  ) as Ids;
}

/** The actor an id names, if the sender owns it. */
export function ownActor(id: string | number | undefined, sender: User.Implementation) {
  const actor = typeof id === "string" ? resolveActor(id) : null;
  return actor !== null && owns(actor, sender) ? actor : null;
}

/** The actor's turn after `kind`, or the refusal (outside a fight the turn is not tracked). */
function spend(actor: Actor.Implementation, me: TwodiceCombatant, kind: ActionKind) {
  const step = takeAction(me.turn, { kind });
  return step.ok ? { ok: true as const, value: { actor, value: step.value.turn } } : step;
}

function diceView(dice: { black: number; white: number }, value: number) {
  return {
    black: { face: dice.black, success: dice.black <= value },
    white: { face: dice.white, success: dice.white <= value },
  };
}

/** Writes the check's changes and posts its card as the referee. */
export async function postCheck(
  actor: Actor.Implementation,
  change: {
    updates: readonly (TwodiceUpdate | null)[];
    turns?: readonly BudgetRecord<TurnState>[];
  },
  context: { readonly name: string; readonly title: string } & Record<string, unknown>,
  rolls: readonly Roll[],
  sender: User.Implementation,
): Promise<RefereeOutcome> {
  await commitTwodice(change.updates, change.turns ?? []);
  const header = cardHeader(context.name, null, context.title);
  const content = await foundry.applications.handlebars.renderTemplate(
    TWODICE_CHECK_CARD_TEMPLATE,
    { ...context, header },
  );
  const flags = { [SYSTEM_ID]: { [CHECK_FLAG]: { actorId: combatantId(actor) } } };
  return answerWithCard(TWODICE_CHECK, { actor, content, rolls, flags }, sender);
}

/** A Recovery roll for an actor the sender owns. */
async function recovery(ids: Ids, sender: User.Implementation): Promise<RefereeOutcome> {
  const actor = ownActor(ids["actorId"], sender);
  if (actor === null) return refuse("notAllowed");
  const me = twodiceNow(actor);
  const options = twodiceOptions();
  const { dice, rolls } = await rollTwoDice(options.dieSides);
  const outcome = recover(me.wounds, trait(me, "toughness"), dice, options);
  if (!outcome.ok) return outcome;
  const { kind, roll, value, wounds } = outcome.value;
  const say = i18n();
  const context = {
    title: say.localize("FRAY.Twodice.Check.Recovery"),
    name: actor.name,
    value,
    ...diceView(dice, value),
    result: roll.result,
    outcome: say.format(`FRAY.Twodice.Check.RecoveryOutcome.${kind}`, {
      result: String(roll.result),
      wounds: wounds.marked.join(", ") || "—",
    }),
  };
  return postCheck(
    actor,
    { updates: [diffCombatant(me, { ...me, wounds })] },
    context,
    rolls,
    sender,
  );
}

/** Medicine by a healer the sender owns on a patient in its fight or on its scene (or itself). */
async function medicine(ids: Ids, sender: User.Implementation): Promise<RefereeOutcome> {
  const healer = ownActor(ids["healerId"], sender);
  const patient = resolveActor(String(ids["patientId"]));
  if (healer === null) return refuse("notAllowed");
  if (patient === null) return refuse("noTarget");
  const away = patient === healer ? null : checkWithinReach(healer, patient);
  if (away !== null) return away;
  const me = twodiceNow(healer);
  const options = twodiceOptions();
  // More time is the healer's own (never in a fight); better circumstances, and any other bonus,
  // the GM's call: a player's are dropped (rules/twodice/medicine.ts).
  const given = ids["bonus"];
  const care = {
    moreTime: ids["moreTime"] === 1,
    betterCircumstances: sender.isGM && ids["better"] === 1,
  };
  const base = trait(me, "medicine") + (sender.isGM && typeof given === "number" ? given : 0);
  const valued = medicineValue(base, care, inFight(healer), options);
  if (!valued.ok) return valued;
  const { value, modifiers } = valued.value;
  const spent = spend(healer, me, "medicine");
  if (!spent.ok) return spent;
  const { dice, rolls } = await rollTwoDice(options.dieSides);
  const them = combatantId(patient) === me.id ? me : twodiceNow(patient);
  const outcome = treatWounds(them.wounds, value, dice, options);
  if (!outcome.ok) return outcome;
  const { roll, wounds } = outcome.value;
  const say = i18n();
  const context = {
    title: say.format("FRAY.Twodice.Check.Medicine", { patient: patient.name }),
    name: healer.name,
    value,
    care: modifiers.map((m) =>
      say.format(`FRAY.Twodice.Check.Care.${m.source}`, { value: signed(m.value) }),
    ),
    ...diceView(dice, value),
    result: roll.result,
    outcome: say.format(
      roll.success
        ? "FRAY.Twodice.Check.MedicineOutcome.success"
        : "FRAY.Twodice.Check.MedicineOutcome.failure",
      { bonus: String(wounds.medicalBonus) },
    ),
  };
  const change = { updates: [diffCombatant(them, { ...them, wounds })], turns: [spent.value] };
  return postCheck(healer, change, context, rolls, sender);
}

/** A check's outcome after the scene's sentence on sight, when the scene said one. */
function withSight(source: string | null, outcome: string): string {
  return source === null
    ? outcome
    : i18n().format("FRAY.Twodice.Check.SneakSight", { source, outcome });
}

/**
 * A sneak the observer cannot see (a wall that stops sight stands between them, or the sneaker
 * stands in darkness): nothing is rolled, the sneaker goes unseen, and its action is spent.
 */
function sneakUnseen(
  sneaker: Actor.Implementation,
  observer: Actor.Implementation,
  source: string,
  spent: BudgetRecord<TurnState>,
  sender: User.Implementation,
): Promise<RefereeOutcome> {
  const say = i18n();
  const context = {
    title: say.format("FRAY.Twodice.Check.Sneak", { sneaker: sneaker.name }),
    name: observer.name,
    outcome: withSight(
      source,
      say.format("FRAY.Twodice.Check.SneakOutcome.unseen", {
        sneaker: sneaker.name,
        observer: observer.name,
      }),
    ),
  };
  return postCheck(observer, { updates: [], turns: [spent] }, context, [], sender).then((posted) =>
    posted.ok ? { ok: true, value: { noticed: false, located: false } } : posted,
  );
}

/**
 * Sneaking past an observer: the sneaker's owner asks, naming the observer and how far it moves
 * this time (0: it keeps still). The distance is measured on the scene; only the GM may give one
 * when it cannot be measured. The observer rolls Perception less the sneaker's Stealth, and again
 * when it saw movement. A sneak costs the sneaker its action in a started combat (a move).
 */
async function sneak(ids: Ids, sender: User.Implementation): Promise<RefereeOutcome> {
  const sneaker = ownActor(ids["sneakerId"], sender);
  if (sneaker === null) return refuse("notAllowed");
  const observer = resolveActor(String(ids["observerId"]));
  if (observer === null) return refuse("noTarget");
  const away = checkWithinReach(sneaker, observer);
  if (away !== null) return away;
  const given = ids["distance"];
  // Measured on the scene's documents (the GM's canvas may show another scene).
  const measured = distanceBetween(sneaker, observer, "m");
  const distance = measured ?? (sender.isGM && typeof given === "number" ? given : null);
  if (distance === null) return refuse("noDistance");
  const me = twodiceNow(sneaker);
  const them = twodiceNow(observer);
  const moved = ids["moved"];
  // The scene decides whether the observer can see the sneaker at all (scene/sight.ts).
  const sight = actorSees(observer, sneaker);
  const base = {
    perception: trait(them, "perception"),
    stealth: trait(me, "stealth"),
    distance,
    moved: typeof moved === "number" ? moved : Number.NaN,
  };
  const options = twodiceOptions();
  // Everything that may refuse, before a die is rolled (the dice here are placeholders).
  const dry = resolveSneak({ ...base, dice: { black: 20, white: 20 } }, options);
  if (!dry.ok) return dry;
  const spent = spend(sneaker, me, "move");
  if (!spent.ok) return spent;
  if (sight !== null && !sight.value)
    return sneakUnseen(sneaker, observer, sight.source, spent.value, sender);
  const first = await rollTwoDice(options.dieSides);
  let outcome = resolveSneak({ ...base, dice: first.dice }, options);
  let rolls = first.rolls;
  if (!outcome.ok && outcome.reason === "locateRollNeeded") {
    const second = await rollTwoDice(options.dieSides);
    rolls = [...rolls, ...second.rolls];
    outcome = resolveSneak({ ...base, dice: first.dice, locateDice: second.dice }, options);
  }
  if (!outcome.ok) return outcome;
  const o = outcome.value;
  const verdict = o.located ? "located" : o.noticed ? "noticed" : "unseen";
  const say = i18n();
  const context = {
    title: say.format("FRAY.Twodice.Check.Sneak", { sneaker: sneaker.name }),
    name: observer.name,
    value: o.spot.value,
    ...diceView(o.spot.dice, o.spot.value),
    second:
      o.locate === null
        ? null
        : { value: o.locate.value, ...diceView(o.locate.dice, o.locate.value) },
    result: o.spot.result,
    outcome: withSight(
      sight?.source ?? null,
      say.format(`FRAY.Twodice.Check.SneakOutcome.${verdict}`, {
        sneaker: sneaker.name,
        observer: observer.name,
        result: String(o.spot.result),
        step: String(o.step),
      }),
    ),
  };
  const posted = await postCheck(
    observer,
    { updates: [], turns: [spent.value] },
    context,
    rolls,
    sender,
  );
  return posted.ok ? { ok: true, value: { noticed: o.noticed, located: o.located } } : posted;
}

/**
 * One interval of bleeding after the fight, for an actor the sender owns (or the GM): refused
 * unless its wounds bleed (a wound at or above Toughness, not stopped by Medicine); the lowest
 * empty circle is marked and a card says so. Nothing is rolled.
 */
async function bleedOnce(ids: Ids, sender: User.Implementation): Promise<RefereeOutcome> {
  const actor = ownActor(ids["actorId"], sender);
  if (actor === null) return refuse("notAllowed");
  const me = twodiceNow(actor);
  const options = twodiceOptions();
  const state = aftermath(me.wounds, trait(me, "toughness"), options);
  if (!state.ok) return state;
  const { every } = state.value;
  if (every === null) return refuse("notBleeding", { name: actor.name });
  const wounds = bleed(me.wounds, options);
  const circle = wounds.marked.find((w, i) => w !== me.wounds.marked[i]) ?? 0;
  const say = i18n();
  const context = {
    title: say.localize("FRAY.Twodice.Check.Bleed"),
    name: actor.name,
    outcome: say.format(`FRAY.Twodice.Check.BleedOutcome.${every.unit}`, {
      circle: String(circle),
      every: String(every.every),
    }),
  };
  const change = { updates: [diffCombatant(me, { ...me, wounds })] };
  const posted = await postCheck(actor, change, context, [], sender);
  return posted.ok ? { ok: true, value: { circle } } : posted;
}

/** One check's declaration: its kind, the ids it names, and the referee's answer. */
function check(
  name: string,
  keys: readonly string[],
  numbers: readonly string[],
  referee: (ids: Ids, sender: User.Implementation) => Promise<RefereeOutcome>,
): AnyDeclaration {
  return cardDeclaration<Ids>({
    kind: `twodice.${name}`,
    parse: (raw) => idsOf(raw, keys, numbers),
    referee,
    warn: warnTwodiceRefusal,
  });
}

/** The checks' declarations, for the seam. */
export const TWODICE_CHECK_DECLARATIONS: readonly AnyDeclaration[] = [
  check("recovery", ["actorId"], [], recovery),
  check("medicine", ["healerId", "patientId"], ["bonus", "moreTime", "better"], medicine),
  check("sneak", ["sneakerId", "observerId"], ["moved", "distance"], sneak),
  check("bleed", ["actorId"], [], bleedOnce),
];

/** The check card: a result, with no button. */
export const twodiceCheckCard = reportCard(TWODICE_CHECK, CHECK_FLAG, warnTwodiceRefusal);

/* ------------------------------------------------------------------------------------------ */
/*  The client's side                                                                           */
/* ------------------------------------------------------------------------------------------ */

export const twodiceRecovery = (actor: Actor.Implementation) =>
  declareCard("twodice.recovery", { actorId: combatantId(actor) });

/** What a Medicine roll is given: more time (the healer's), better circumstances (the GM's). */
export interface MedicineChoice {
  readonly moreTime?: boolean;
  readonly betterCircumstances?: boolean;
}

export const twodiceMedicine = (
  healer: Actor.Implementation,
  patient: Actor.Implementation,
  bonus?: number,
  care: MedicineChoice = {},
) =>
  declareCard("twodice.medicine", {
    healerId: combatantId(healer),
    patientId: combatantId(patient),
    ...(bonus === undefined ? {} : { bonus }),
    ...(care.moreTime === true ? { moreTime: 1 } : {}),
    ...(care.betterCircumstances === true ? { better: 1 } : {}),
  });

/** Sneaks past the observer (the targeted token's actor), moving `moved` meters (0: still). */
export const twodiceSneak = (
  sneaker: Actor.Implementation,
  observer: Actor.Implementation,
  moved: number,
  distance?: number,
) =>
  declareCard("twodice.sneak", {
    sneakerId: combatantId(sneaker),
    observerId: combatantId(observer),
    moved,
    ...(distance === undefined ? {} : { distance }),
  });

/** One interval of bleeding after the fight. */
export const twodiceBleed = (actor: Actor.Implementation) =>
  declareCard("twodice.bleed", { actorId: combatantId(actor) });
