/**
 * What a two-dice sheet asks of the referee (the active GM), each as an intent of ids and
 * choices: a Recovery roll (Toughness, plus a Medicine bonus), Medicine on a patient (the healer's
 * Medicine; the GM may add a bonus for tools and time), reloading a weapon, and the combat
 * actions that take no dice (aim, hide, take cover, move, wait with a declared action). The GM
 * re-reads the documents, checks the sender owns the actor that acts (and, in a started combat,
 * that it still has its action), rolls with core Roll, writes once and posts a card for rolls.
 */
import { refuse } from "../../../rules/core/result.ts";
import { reload } from "../../../rules/twodice/ammo.ts";
import { diffCombatant, diffWeapon } from "../../../rules/twodice/changes.ts";
import { trait } from "../../../rules/twodice/model.ts";
import type { ActionKind, TwodiceCombatant } from "../../../rules/twodice/model.ts";
import { DEFAULT_TWODICE_OPTIONS } from "../../../rules/twodice/options.ts";
import { takeAction, wait } from "../../../rules/twodice/turns.ts";
import { recover, treatWounds } from "../../../rules/twodice/wounds.ts";
import { SYSTEM_PATH } from "../../constants.ts";
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

/** The combat actions with no dice: aim, hide, take cover, move, or wait with a declared one. */
const declare: Handler = async (payload, sender) => {
  const actor = ownActor(payload, "actorId", sender);
  if (actor === null) return refuse("notAllowed");
  const kind = field(payload, "kind");
  const waiting = field(payload, "wait") === true;
  if (!TWODICE_ACTIONS.includes(kind as ActionKind)) return refuse("badRequest");
  if (!inStartedCombat(actor)) return refuse("notInCombat");
  const me = combatantNow(actor);
  const turn = waiting
    ? wait(me.turn, kind as ActionKind)
    : takeAction(me.turn, { kind: kind as ActionKind });
  if (!turn.ok) return turn;
  const next = "turn" in turn.value ? turn.value.turn : turn.value;
  const update = diffCombatant(me, { ...me, turn: next });
  if (update !== null) await applyTwodiceUpdates([update]);
  return { ok: true };
};

/** The referee's side of the sheet, by request name. */
export const TWODICE_SHEET_ACTIONS: Readonly<Record<string, Handler>> = {
  "twodice.recovery": recovery,
  "twodice.medicine": medicine,
  "twodice.reload": reloadWeapon,
  "twodice.declare": declare,
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

export const twodiceDeclare = (actor: Actor.Implementation, kind: ActionKind, waiting = false) =>
  ask("twodice.declare", { actorId: combatantId(actor), kind, wait: waiting });

/** Marks or clears one circle of the wound track (the sheet's owner, on its own actor). */
export async function toggleWoundCircle(actor: Actor.Implementation, circle: number) {
  const marked = [...(actor.system as unknown as { wounds: { marked: number[] } }).wounds.marked];
  const at = marked.indexOf(circle);
  if (at >= 0) marked.splice(at, 1);
  else marked.push(circle);
  marked.sort((a, b) => a - b);
  await actor.update({ [`system.wounds.marked`]: marked } as never);
}
