/**
 * What a two-dice sheet asks of the referee (the active GM), each as an intent of ids and
 * choices: a Recovery roll (Toughness, plus a Medicine bonus), Medicine on a patient (the healer's
 * Medicine; the GM may add a bonus for tools and time), reloading a weapon, the combat actions
 * that take no dice (aim, hide, take cover, move, ready a weapon, wait with a declared action, and
 * a waiting character cutting in with it), sneaking past an observer (the observer's Perception
 * rolls, a second roll when it saw movement), and bleeding after the fight (one interval: the
 * lowest empty circle). The GM re-reads the documents, checks the sender owns the actor that acts
 * (and, in a started combat, that it still has its action), rolls with core Roll, writes once and
 * posts a card for rolls, every die shown being one of the card's rolls.
 */
import { refuse } from "../../../rules/core/result.ts";
import { reload } from "../../../rules/twodice/ammo.ts";
import { diffCombatant, diffWeapon } from "../../../rules/twodice/changes.ts";
import { trait } from "../../../rules/twodice/model.ts";
import type { ActionKind, TwodiceCombatant } from "../../../rules/twodice/model.ts";
import { DEFAULT_TWODICE_OPTIONS } from "../../../rules/twodice/options.ts";
import { resolveSneak } from "../../../rules/twodice/sneak.ts";
import type { SneakOutcome } from "../../../rules/twodice/sneak.ts";
import { takeAction, wait } from "../../../rules/twodice/turns.ts";
import { aftermath, bleed, recover, treatWounds } from "../../../rules/twodice/wounds.ts";
import { SYSTEM_PATH } from "../../constants.ts";
import { canvasDistance } from "../../shared/actors.ts";
import { owns } from "../../shared/cards.ts";
import { i18n } from "../../shared/env.ts";
import { sendIntent } from "../../shared/referee.ts";
import type { RefereeOutcome } from "../../shared/referee.ts";
import { applyTwodiceUpdates, combatantId, resolveActor, toTwodiceWeapon } from "./adapter.ts";
import { combatantNow, inStartedCombat, warnTwodiceRefusal } from "./attack/workflow.ts";
import { TWODICE_ACTIONS } from "./data.ts";
import { rollTwoDice } from "./dice.ts";

export const TWODICE_CHECK_CARD_TEMPLATE = `${SYSTEM_PATH}/templates/twodice/chat/check-card.hbs`;

const OPTIONS = DEFAULT_TWODICE_OPTIONS;

type Handler = (payload: unknown, sender: User.Implementation) => Promise<RefereeOutcome>;

function field(payload: unknown, key: string): unknown {
  return typeof payload === "object" && payload !== null
    ? (payload as Record<string, unknown>)[key]
    : undefined;
}

/** The actor the payload names, if the sender owns it. */
function ownActor(payload: unknown, key: string, sender: User.Implementation) {
  const id = field(payload, key);
  const actor = typeof id === "string" ? resolveActor(id) : null;
  return actor !== null && owns(actor, sender) ? actor : null;
}

/** The turn after taking `kind`, or the refusal; outside a started combat nothing is tracked. */
function spend(actor: Actor.Implementation, me: TwodiceCombatant, kind: ActionKind) {
  if (!inStartedCombat(actor)) return { ok: true as const, value: null };
  const step = takeAction(me.turn, { kind });
  return step.ok ? { ok: true as const, value: { ...me, turn: step.value.turn } } : step;
}

async function postCheck(
  actor: Actor.Implementation,
  context: Record<string, unknown>,
  rolls: Roll[],
) {
  const content = await foundry.applications.handlebars.renderTemplate(
    TWODICE_CHECK_CARD_TEMPLATE,
    context,
  );
  await ChatMessage.create({
    speaker: ChatMessage.getSpeaker({ actor }),
    content,
    rolls,
  });
}

function diceView(dice: { black: number; white: number }, value: number) {
  return {
    black: { face: dice.black, success: dice.black <= value },
    white: { face: dice.white, success: dice.white <= value },
  };
}

/** A Recovery roll for an actor the sender owns. */
const recovery: Handler = async (payload, sender) => {
  const actor = ownActor(payload, "actorId", sender);
  if (actor === null) return refuse("notAllowed");
  const me = combatantNow(actor);
  const { dice, rolls } = await rollTwoDice(OPTIONS.dieSides);
  const outcome = recover(me.wounds, trait(me, "toughness"), dice, OPTIONS);
  if (!outcome.ok) return outcome;
  const { kind, roll, value, wounds } = outcome.value;
  const update = diffCombatant(me, { ...me, wounds });
  if (update !== null) await applyTwodiceUpdates([update]);
  const say = i18n();
  await postCheck(
    actor,
    {
      title: say.localize("FRAY.Twodice.Check.Recovery"),
      name: actor.name,
      value,
      ...diceView(dice, value),
      result: roll.result,
      outcome: say.format(`FRAY.Twodice.Check.RecoveryOutcome.${kind}`, {
        result: String(roll.result),
        wounds: wounds.marked.join(", ") || "—",
      }),
    },
    rolls,
  );
  return { ok: true, value: { kind, marked: wounds.marked } };
};

/** Medicine by a healer the sender owns on a patient (itself, or anyone the GM lets it treat). */
const medicine: Handler = async (payload, sender) => {
  const healer = ownActor(payload, "healerId", sender);
  const patientId = field(payload, "patientId");
  const patient = typeof patientId === "string" ? resolveActor(patientId) : null;
  if (healer === null) return refuse("notAllowed");
  if (patient === null) return refuse("noTarget");
  const me = combatantNow(healer);
  const spent = spend(healer, me, "medicine");
  if (!spent.ok) return spent;
  // Tools, circumstances and time are the GM's call.
  const given = field(payload, "bonus");
  const bonus = sender.isGM && typeof given === "number" ? given : 0;
  const value = trait(me, "medicine") + bonus;
  const { dice, rolls } = await rollTwoDice(OPTIONS.dieSides);
  const them = combatantId(patient) === me.id ? me : combatantNow(patient);
  const outcome = treatWounds(them.wounds, value, dice, OPTIONS);
  if (!outcome.ok) return outcome;
  const updates = [
    spent.value === null ? null : diffCombatant(me, spent.value),
    diffCombatant(them, { ...them, wounds: outcome.value.wounds }),
  ].filter((u) => u !== null);
  await applyTwodiceUpdates(updates);
  const say = i18n();
  await postCheck(
    healer,
    {
      title: say.format("FRAY.Twodice.Check.Medicine", { patient: patient.name }),
      name: healer.name,
      value,
      ...diceView(dice, value),
      result: outcome.value.roll.result,
      outcome: say.format(
        outcome.value.roll.success
          ? "FRAY.Twodice.Check.MedicineOutcome.success"
          : "FRAY.Twodice.Check.MedicineOutcome.failure",
        { bonus: String(outcome.value.wounds.medicalBonus) },
      ),
    },
    rolls,
  );
  return { ok: true, value: { success: outcome.value.roll.success } };
};

/** Reloads a weapon of an actor the sender owns (its action, in a started combat). */
const reloadWeapon: Handler = async (payload, sender) => {
  const actor = ownActor(payload, "actorId", sender);
  if (actor === null) return refuse("notAllowed");
  const weaponId = field(payload, "weaponId");
  const item = typeof weaponId === "string" ? actor.items.get(weaponId) : undefined;
  if (item?.type !== "weapon") return refuse("notAWeapon");
  const me = combatantNow(actor);
  const weapon = toTwodiceWeapon(item);
  const ammo = reload(weapon);
  if (!ammo.ok) return ammo;
  const spent = spend(actor, me, "reload");
  if (!spent.ok) return spent;
  await applyTwodiceUpdates(
    [
      spent.value === null ? null : diffCombatant(me, spent.value),
      diffWeapon(me.id, weapon, { ...weapon, ammo: ammo.value }),
    ].filter((u) => u !== null),
  );
  return { ok: true };
};

/**
 * The combat actions with no dice: aim, hide, take cover, move, ready a weapon (one of the
 * actor's weapons), or wait with a declared one. `cutIn` is a waiting character acting in
 * reaction to something later in the turn: its declared action goes before that event, any
 * other after it (the answer says which).
 */
const declare: Handler = async (payload, sender) => {
  const actor = ownActor(payload, "actorId", sender);
  if (actor === null) return refuse("notAllowed");
  const kind = field(payload, "kind");
  const waiting = field(payload, "wait") === true;
  const cutIn = field(payload, "cutIn") === true;
  if (!TWODICE_ACTIONS.includes(kind as ActionKind)) return refuse("badRequest");
  if (!inStartedCombat(actor)) return refuse("notInCombat");
  const weaponId = field(payload, "weaponId");
  if (
    kind === "ready" &&
    (typeof weaponId !== "string" || actor.items.get(weaponId)?.type !== "weapon")
  ) {
    return refuse("notAWeapon");
  }
  const me = combatantNow(actor);
  const action = {
    kind: kind as ActionKind,
    ...(kind === "ready" ? { weaponId: weaponId as string } : {}),
  };
  const turn = waiting ? wait(me.turn, action.kind) : takeAction(me.turn, action, cutIn);
  if (!turn.ok) return turn;
  const next = "turn" in turn.value ? turn.value.turn : turn.value;
  const update = diffCombatant(me, { ...me, turn: next });
  if (update !== null) await applyTwodiceUpdates([update]);
  return { ok: true, value: { timing: "timing" in turn.value ? turn.value.timing : "now" } };
};

/**
 * Sneaking past an observer: the sneaker's owner asks, naming the observer and how far it moves
 * this time (0: it keeps still). The distance is measured on the scene; only the GM may give one
 * when it cannot be measured. The observer rolls Perception less the sneaker's Stealth, and again
 * when it saw movement. A sneak costs the sneaker its action in a started combat (a move).
 */
const sneak: Handler = async (payload, sender) => {
  const sneaker = ownActor(payload, "sneakerId", sender);
  if (sneaker === null) return refuse("notAllowed");
  const observerId = field(payload, "observerId");
  const observer = typeof observerId === "string" ? resolveActor(observerId) : null;
  if (observer === null) return refuse("noTarget");
  const given = field(payload, "distance");
  const measured = canvasDistance(sneaker, observer, "m");
  const distance = measured ?? (sender.isGM && typeof given === "number" ? given : null);
  if (distance === null) return refuse("noDistance");
  const moved = field(payload, "moved");
  const me = combatantNow(sneaker);
  const them = combatantNow(observer);
  const base = {
    perception: trait(them, "perception"),
    stealth: trait(me, "stealth"),
    distance,
    moved: typeof moved === "number" ? moved : Number.NaN,
  };
  // Everything that may refuse, before a die is rolled (the dice here are placeholders).
  const dry = resolveSneak({ ...base, dice: { black: 20, white: 20 } }, OPTIONS);
  if (!dry.ok) return dry;
  const spent = spend(sneaker, me, "move");
  if (!spent.ok) return spent;
  const first = await rollTwoDice(OPTIONS.dieSides);
  let outcome = resolveSneak({ ...base, dice: first.dice }, OPTIONS);
  let rolls = first.rolls;
  if (!outcome.ok && outcome.reason === "locateRollNeeded") {
    const second = await rollTwoDice(OPTIONS.dieSides);
    rolls = [...rolls, ...second.rolls];
    outcome = resolveSneak({ ...base, dice: first.dice, locateDice: second.dice }, OPTIONS);
  }
  if (!outcome.ok) return outcome;
  if (spent.value !== null) {
    const update = diffCombatant(me, spent.value);
    if (update !== null) await applyTwodiceUpdates([update]);
  }
  const say = i18n();
  const o: SneakOutcome = outcome.value;
  const verdict = o.located ? "located" : o.noticed ? "noticed" : "unseen";
  await postCheck(
    observer,
    {
      title: say.format("FRAY.Twodice.Check.Sneak", { sneaker: sneaker.name }),
      name: observer.name,
      value: o.spot.value,
      ...diceView(o.spot.dice, o.spot.value),
      second:
        o.locate === null
          ? null
          : { value: o.locate.value, ...diceView(o.locate.dice, o.locate.value) },
      result: o.spot.result,
      outcome: say.format(`FRAY.Twodice.Check.SneakOutcome.${verdict}`, {
        sneaker: sneaker.name,
        observer: observer.name,
        result: String(o.spot.result),
        step: String(o.step),
      }),
    },
    rolls,
  );
  return { ok: true, value: { noticed: o.noticed, located: o.located } };
};

/**
 * One interval of bleeding after the fight, for an actor the sender owns (or the GM): refused
 * unless its wounds bleed (a wound at or above Toughness, not stopped by Medicine); the lowest
 * empty circle is marked and a card says so. Nothing is rolled.
 */
const bleedOnce: Handler = async (payload, sender) => {
  const actor = ownActor(payload, "actorId", sender);
  if (actor === null) return refuse("notAllowed");
  const me = combatantNow(actor);
  const state = aftermath(me.wounds, trait(me, "toughness"), OPTIONS);
  if (!state.ok) return state;
  const { every } = state.value;
  if (every === null) return refuse("notBleeding", { name: actor.name });
  const wounds = bleed(me.wounds, OPTIONS);
  const update = diffCombatant(me, { ...me, wounds });
  if (update !== null) await applyTwodiceUpdates([update]);
  const circle = wounds.marked.find((w, i) => w !== me.wounds.marked[i]) ?? 0;
  const say = i18n();
  const content = await foundry.applications.handlebars.renderTemplate(
    TWODICE_CHECK_CARD_TEMPLATE,
    {
      title: say.localize("FRAY.Twodice.Check.Bleed"),
      name: actor.name,
      outcome: say.format(`FRAY.Twodice.Check.BleedOutcome.${every.unit}`, {
        circle: String(circle),
        every: String(every.every),
      }),
    },
  );
  await ChatMessage.create({ speaker: ChatMessage.getSpeaker({ actor }), content });
  return { ok: true, value: { circle } };
};

/** The referee's side of the sheet, by request name. */
export const TWODICE_SHEET_ACTIONS: Readonly<Record<string, Handler>> = {
  "twodice.recovery": recovery,
  "twodice.medicine": medicine,
  "twodice.reload": reloadWeapon,
  "twodice.declare": declare,
  "twodice.sneak": sneak,
  "twodice.bleed": bleedOnce,
};

async function ask(action: string, payload: Record<string, unknown>): Promise<RefereeOutcome> {
  const outcome = await sendIntent(action, payload);
  if (!outcome.ok) warnTwodiceRefusal(outcome);
  return outcome;
}

export const twodiceRecovery = (actor: Actor.Implementation) =>
  ask("twodice.recovery", { actorId: combatantId(actor) });

export const twodiceMedicine = (
  healer: Actor.Implementation,
  patient: Actor.Implementation,
  bonus?: number,
) =>
  ask("twodice.medicine", {
    healerId: combatantId(healer),
    patientId: combatantId(patient),
    ...(bonus === undefined ? {} : { bonus }),
  });

export const twodiceReload = (actor: Actor.Implementation, weapon: Item.Implementation) =>
  ask("twodice.reload", { actorId: combatantId(actor), weaponId: weapon.id ?? "" });

export const twodiceDeclare = (
  actor: Actor.Implementation,
  kind: ActionKind,
  how: { wait?: boolean; cutIn?: boolean; weaponId?: string } = {},
) =>
  ask("twodice.declare", {
    actorId: combatantId(actor),
    kind,
    wait: how.wait === true,
    cutIn: how.cutIn === true,
    ...(how.weaponId === undefined ? {} : { weaponId: how.weaponId }),
  });

/** Sneaks past the observer (the targeted token's actor), moving `moved` meters (0: still). */
export const twodiceSneak = (
  sneaker: Actor.Implementation,
  observer: Actor.Implementation,
  moved: number,
  distance?: number,
) =>
  ask("twodice.sneak", {
    sneakerId: combatantId(sneaker),
    observerId: combatantId(observer),
    moved,
    ...(distance === undefined ? {} : { distance }),
  });

/** One interval of bleeding after the fight. */
export const twodiceBleed = (actor: Actor.Implementation) =>
  ask("twodice.bleed", { actorId: combatantId(actor) });

/** Marks or clears one circle of the wound track (the sheet's owner, on its own actor). */
export async function toggleWoundCircle(actor: Actor.Implementation, circle: number) {
  const marked = [...(actor.system as unknown as { wounds: { marked: number[] } }).wounds.marked];
  const at = marked.indexOf(circle);
  if (at >= 0) marked.splice(at, 1);
  else marked.push(circle);
  marked.sort((a, b) => a - b);
  await actor.update({ [`system.wounds.marked`]: marked } as never);
}
