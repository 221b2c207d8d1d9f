/**
 * The Worldlines actions a sheet (or a macro) calls: attack, First Aid, Defensive Posture, stance
 * change, techniques and recovery checks; and the turn-start / round-event runners the combat code
 * calls. Each one checks with the rules, rolls with core Roll, writes through the adapter and
 * says what happened in chat; a refusal is a warning that changes nothing. First Aid and an
 * antidote given to an actor this user does not own are carried out by the referee (the active
 * GM), which rolls and writes; what touches only the user's own actors stays on their client.
 */
import { ok, refuse } from "../../../rules/core/result.ts";
import type { Refusal, Result } from "../../../rules/core/result.ts";
import {
  applyTechniqueOn,
  attemptRecovery,
  checkedCombatant,
  firstAid as firstAidRule,
  reloadWeapon,
  spendEnergy,
  treatmentUpdates,
  useAntidote,
} from "../../../rules/worldlines/index.ts";
import type { Stance, StatusId, WorldlinesCombatant } from "../../../rules/worldlines/index.ts";
import { applyUpdatesBatch, bandForDistance, bandReach, toCombatant, toWeapon } from "./adapter.ts";
import { promptAttack } from "./attack/dialog.ts";
import type { ShapeAttack } from "./attack/dialog.ts";
import { declareAttack, shapeByTechnique, warnRefusal } from "./attack/workflow.ts";
import type { TableSituation } from "./attack/workflow.ts";
import { postStatusCard, recoverButtons, tickLines } from "./cards/status-card.ts";
import { DEFAULT_BAND_FEET } from "./data.ts";
import { worldlinesRoundEvents } from "./statuses/round-events.ts";
import { toTechnique } from "./techniques.ts";

export { build, throwGrenade } from "./gear-actions.ts";
import type { EventResult } from "./statuses/round-events.ts";
import { withDice } from "../../shared/dice.ts";
import { currentUser, i18n } from "../../shared/env.ts";
import { canvasDistance, combatantId, resolveActor, targetedActors } from "../../shared/actors.ts";
import { owns } from "../../shared/cards.ts";
import { isTransportReason, sendIntent } from "../../shared/referee.ts";
import type { Intent, RefereeOutcome } from "../../shared/referee.ts";

/**
 * Warns about a refusal for `actor`. `rename` points a reason at a wording for this action where
 * the attack's wording would mislead (Energy for a stance change is not "the attack").
 */
function refused(
  refusal: Refusal,
  actor: Actor.Implementation,
  rename: Readonly<Record<string, string>> = {},
): false {
  warnRefusal(
    { ...refusal, reason: rename[refusal.reason] ?? refusal.reason },
    { name: actor.name },
  );
  return false;
}

/**
 * Attack with a weapon at the one targeted token: opens the dialog (range band pre-filled from the
 * canvas), then rolls and posts the card. `situation` skips the dialog (macros, tests).
 */
export async function attack(
  actor: Actor.Implementation,
  weapon: Item.Implementation,
  situation?: TableSituation,
): Promise<ChatMessage.Implementation | null> {
  const targets = targetedActors();
  let chosen = situation;
  const target = targets[0];
  if (chosen === undefined && target !== undefined && targets.length === 1) {
    const distance = canvasDistance(actor, target);
    const band =
      distance === null ? null : bandForDistance(bandReach(weapon, DEFAULT_BAND_FEET), distance);
    const picked = await promptAttack(
      toCombatant(actor),
      toCombatant(target),
      toWeapon(weapon),
      { zone: "torso", cover: "none", range: band ?? (distance === null ? "short" : "extreme") },
      distance,
      attackTechniques(actor),
      techniqueShaper(actor),
    );
    if (picked === null) return null;
    chosen = picked;
  }
  return declareAttack(actor, weapon, targets, chosen ?? {});
}

/**
 * How the attack dialog shapes its odds for the chosen technique: the referee's own shaping
 * (workflow.ts shapeByTechnique), read from the attacker as it is now.
 */
export function techniqueShaper(actor: Actor.Implementation): ShapeAttack {
  return (weapon, situation) => shapeByTechnique(actor, toCombatant(actor), weapon, situation);
}

/** The attacker's techniques used with an attack, for the dialog to offer. */
function attackTechniques(actor: Actor.Implementation): { id: string; name: string }[] {
  return actor.items.contents
    .filter((i) => i.type === "technique" && toTechnique(i).use === "attack")
    .map((i) => ({ id: i.id ?? "", name: i.name }));
}

function title(key: string, data: Record<string, string | number> = {}): string {
  return i18n().format(key, data);
}

/** The referee's action for a treatment given to someone else's actor. */
export const WORLDLINES_TREAT = "worldlines.treat";

type Treatment = "firstAid" | "antidote";

/** First Aid on the targeted actor (or on oneself without a target): stops Bleeding on a pass. */
export async function firstAid(actor: Actor.Implementation): Promise<boolean> {
  return treat("firstAid", actor, targetedActors()[0] ?? actor);
}

/** Uses an antidote on the targeted actor (or oneself): Poisoned ends, no roll. */
export async function antidote(actor: Actor.Implementation): Promise<boolean> {
  return treat("antidote", actor, targetedActors()[0] ?? actor);
}

/**
 * Gives a treatment: on this client when this user owns the patient, else through the referee.
 * A refusal is a warning. Resolves to whether it worked.
 */
async function treat(
  kind: Treatment,
  actor: Actor.Implementation,
  patientActor: Actor.Implementation,
): Promise<boolean> {
  if (owns(patientActor, currentUser())) {
    const done = await treatNow(kind, actor, patientActor);
    return done.ok ? done.value : refused(done, actor);
  }
  const outcome = await sendIntent(WORLDLINES_TREAT, {
    kind,
    helperId: combatantId(actor),
    patientId: combatantId(patientActor),
  });
  if (outcome.ok) return outcome.value === true;
  if (!isTransportReason(outcome.reason)) refused(outcome, actor);
  return false;
}

/** The referee's side of a treatment: the sender must own the helper; the referee rolls, writes. */
export async function refereeTreat(
  intent: Intent,
  sender: User.Implementation,
): Promise<RefereeOutcome> {
  const { kind, helperId, patientId } = (intent.payload ?? {}) as Record<string, unknown>;
  if (kind !== "firstAid" && kind !== "antidote") return refuse("badRequest");
  if (typeof helperId !== "string" || typeof patientId !== "string") return refuse("badRequest");
  const helper = resolveActor(helperId);
  const patient = resolveActor(patientId);
  if (helper === null || patient === null) return refuse("noSuchTarget");
  if (!(sender.isGM || owns(helper, sender))) return refuse("notAllowed");
  return treatNow(kind, helper, patient);
}

/** Checks, rolls, writes and reports a treatment on this client. */
async function treatNow(
  kind: Treatment,
  actor: Actor.Implementation,
  patientActor: Actor.Implementation,
): Promise<Result<boolean>> {
  const helper = toCombatant(actor);
  const patient = patientActor.id === actor.id ? helper : toCombatant(patientActor);
  if (kind === "antidote") {
    const result = useAntidote(helper, patient);
    if (!result.ok) return result;
    await applyUpdatesBatch(result.value.updates);
    return ok(true);
  }
  // The rule takes checked input: the helper and the patient pass their checks first.
  const checkedHelper = checkedCombatant("helper", helper);
  if (!checkedHelper.ok) return checkedHelper;
  const checkedPatient = patient === helper ? checkedHelper : checkedCombatant("patient", patient);
  if (!checkedPatient.ok) return checkedPatient;
  const { value: result } = await withDice((dice) =>
    firstAidRule(checkedHelper.value, checkedPatient.value, dice),
  );
  if (!result.ok) return result;
  await applyUpdatesBatch(treatmentUpdates(helper, patient, result.value));
  const check = result.value.check;
  await postStatusCard(
    title("FRAY.Worldlines.Status.FirstAidTitle", { name: actor.name, patient: patientActor.name }),
    [
      {
        text: title(
          result.value.success
            ? "FRAY.Worldlines.Status.Treated"
            : "FRAY.Worldlines.Status.NotTreated",
          { natural: check.natural, total: check.total, td: check.td, name: patientActor.name },
        ),
        bad: !result.value.success,
      },
    ],
    actor,
  );
  return ok(result.value.success);
}

async function pay(
  actor: Actor.Implementation,
  action: Parameters<typeof spendEnergy>[1],
): Promise<boolean> {
  const spent = spendEnergy(toCombatant(actor), action);
  if (!spent.ok) return refused(spent, actor, { notEnoughEnergy: "actionNotEnoughEnergy" });
  if (spent.value.update !== null) await applyUpdatesBatch([spent.value.update]);
  return true;
}

/**
 * Reload (rules/worldlines/ammo.ts reloadWeapon): pays its Energy and fills the weapon's magazine,
 * on the owner's client (both documents are the user's own). Refused with a message when the
 * magazine is full, the weapon has none, or Energy is short.
 */
export async function reload(
  actor: Actor.Implementation,
  weapon: Item.Implementation,
): Promise<boolean> {
  const ammo = (weapon.system as unknown as { ammo: { value: number; max: number } }).ammo;
  const done = reloadWeapon(toCombatant(actor), ammo);
  if (!done.ok) {
    return refused(done, actor, { notEnoughEnergy: "actionNotEnoughEnergy" });
  }
  if (done.value.update !== null) await applyUpdatesBatch([done.value.update]);
  await weapon.update({ "system.ammo.value": done.value.ammo } as never);
  await postStatusCard(
    title("FRAY.Worldlines.Status.ReloadTitle", { name: actor.name, weapon: weapon.name }),
    [{ text: title("FRAY.Worldlines.Status.Reloaded", { ammo: done.value.ammo }), bad: false }],
    actor,
  );
  return true;
}

/** Defensive Posture: pays its Energy, raises the Armor die a step and ends the turn. */
export async function defensivePosture(actor: Actor.Implementation): Promise<boolean> {
  return pay(actor, { kind: "defensivePosture" });
}

export async function changeStance(actor: Actor.Implementation, stance: Stance): Promise<boolean> {
  return pay(actor, { kind: "changeStance", to: stance });
}

/** The referee's action for a technique used on someone else's actor (Emergency Stabilization). */
export const WORLDLINES_TECHNIQUE = "worldlines.technique";

/**
 * Uses a technique on its own (rules/worldlines/techniques.ts applyTechniqueOn): pays its Energy
 * (Stressed adds its surcharge); an interruption technique uses the round's interruption, or
 * gives it back when it grants an extra one; one that stops Bleeding ends it on the targeted ally
 * (or the user without a target), through the referee when the ally is someone else's. Says so in
 * chat. Attack techniques are chosen in the attack dialog; passive ones always apply.
 */
export async function useTechnique(
  actor: Actor.Implementation,
  technique: Item.Implementation,
): Promise<boolean> {
  const patient =
    toTechnique(technique).stopsBleeding === true ? (targetedActors()[0] ?? actor) : actor;
  if (owns(patient, currentUser())) {
    const done = await useTechniqueNow(actor, technique, patient);
    return done.ok ? true : refused(done, actor, { notEnoughEnergy: "actionNotEnoughEnergy" });
  }
  const outcome = await sendIntent(WORLDLINES_TECHNIQUE, {
    userId: combatantId(actor),
    techniqueId: technique.id,
    patientId: combatantId(patient),
  });
  if (outcome.ok) return true;
  if (!isTransportReason(outcome.reason)) {
    refused(outcome, actor, { notEnoughEnergy: "actionNotEnoughEnergy" });
  }
  return false;
}

/** The referee's side: the sender must own the user; the technique is re-read from its items. */
export async function refereeTechnique(
  intent: Intent,
  sender: User.Implementation,
): Promise<RefereeOutcome> {
  const { userId, techniqueId, patientId } = (intent.payload ?? {}) as Record<string, unknown>;
  if (typeof userId !== "string" || typeof techniqueId !== "string") return refuse("badRequest");
  if (typeof patientId !== "string") return refuse("badRequest");
  const user = resolveActor(userId);
  const patient = resolveActor(patientId);
  if (user === null || patient === null) return refuse("noSuchTarget");
  if (!(sender.isGM || owns(user, sender))) return refuse("notAllowed");
  const technique = user.items.contents.find((i) => i.id === techniqueId && i.type === "technique");
  if (technique === undefined) return refuse("badRequest");
  return useTechniqueNow(user, technique, patient);
}

/** Checks, writes and reports a technique used on its own, on this client. */
async function useTechniqueNow(
  actor: Actor.Implementation,
  technique: Item.Implementation,
  patientActor: Actor.Implementation,
): Promise<Result<boolean>> {
  const rules = toTechnique(technique);
  const user = toCombatant(actor);
  const patient = patientActor.id === actor.id ? user : toCombatant(patientActor);
  const used = applyTechniqueOn(user, patient, rules);
  if (!used.ok) return used;
  await applyUpdatesBatch(used.value.updates);
  await postStatusCard(
    title("FRAY.Worldlines.Status.TechniqueTitle", { name: actor.name, technique: technique.name }),
    [
      {
        text: title("FRAY.Worldlines.Status.TechniqueUsed", { energy: used.value.cost }),
        bad: false,
      },
      ...(rules.extraInterruption === true
        ? [{ text: title("FRAY.Worldlines.Status.InterruptGiven"), bad: false }]
        : []),
      ...(rules.stopsBleeding === true
        ? [
            {
              text: title("FRAY.Worldlines.Status.BleedingStopped", { name: patientActor.name }),
              bad: false,
            },
          ]
        : []),
    ],
    actor,
  );
  return ok(true);
}

/**
 * A recovery attempt against one of the actor's statuses, following the recovery table: a Spirit
 * check by the actor, or a Medicine check by the actor treating itself (Bleeding, Blinded,
 * Poisoned). A pass removes the status.
 */
export async function recoveryCheck(
  actor: Actor.Implementation,
  statusId: StatusId,
): Promise<boolean> {
  const me = toCombatant(actor);
  const { value: result } = await withDice((dice) =>
    attemptRecovery({ patient: me, status: statusId }, dice),
  );
  if (!result.ok) return refused(result, actor);
  await applyUpdatesBatch(result.value.updates);
  const status = i18n().localize(`FRAY.Worldlines.Status.${statusId}.Name`);
  const check = result.value.check;
  await postStatusCard(
    title("FRAY.Worldlines.Status.RecoveryTitle", { name: actor.name, status }),
    [
      {
        text: title(
          result.value.cured
            ? "FRAY.Worldlines.Status.Recovered"
            : "FRAY.Worldlines.Status.NotRecovered",
          { natural: check?.natural ?? 0, total: check?.total ?? 0, td: check?.td ?? 0, status },
        ),
        bad: !result.value.cured,
      },
    ],
    actor,
  );
  return result.value.cured;
}

/* ------------------------------------------------------------------------------------------ */
/*  Turn and round events (run by the active GM from the combat code)                           */
/* ------------------------------------------------------------------------------------------ */

async function report(result: EventResult, key: string): Promise<void> {
  await postStatusCard(
    i18n().localize(key),
    tickLines(result.ticks, i18n()),
    undefined,
    recoverButtons(result.ticks, i18n()),
  );
}

/** Start of an actor's turn: Bleeding bites, Defensive Posture ends; writes and posts a card. */
export async function runTurnStart(actor: Actor.Implementation): Promise<EventResult> {
  const result = worldlinesRoundEvents.turnStart(toCombatant(actor));
  await applyUpdatesBatch(result.updates);
  await report(result, "FRAY.Worldlines.Status.TurnStartTitle");
  return result;
}

/** End of an actor's turn: Staggered and flash blindness count down. */
export async function runTurnEnd(actor: Actor.Implementation): Promise<EventResult> {
  const result = worldlinesRoundEvents.turnEnd(toCombatant(actor));
  await applyUpdatesBatch(result.updates);
  await report(result, "FRAY.Worldlines.Status.TurnEndTitle");
  return result;
}

/**
 * A round event for every actor of the combat, written in one batch: Energy refresh, or status
 * resolution (poison, the interruption given back).
 */
export async function runRoundEvent(
  event: "energyRefresh" | "statusResolution",
  actors: readonly Actor.Implementation[],
): Promise<EventResult> {
  const combatants: WorldlinesCombatant[] = actors.map((a) => toCombatant(a));
  const result = worldlinesRoundEvents[event](combatants);
  await applyUpdatesBatch(result.updates);
  if (event === "statusResolution") await report(result, "FRAY.Worldlines.Status.ResolutionTitle");
  return result;
}
