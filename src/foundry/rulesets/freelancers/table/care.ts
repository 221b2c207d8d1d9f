/**
 * Help and Medicine at the table, a declaration of the card protocol (cards/protocol.ts): the
 * helper's owner targets a Dying token and presses Help or Medicine on the sheet. The patient
 * usually belongs to someone else, so the client only checks and sends an intent (helper and
 * patient ids, the kind); the referee (the active GM) re-reads both actors, checks the sender owns
 * the helper, that the patient is in its fight or on its scene and that it is the helper's turn,
 * lets the rules decide (rules: giveCare: the Base-action from the ledger, the Medicine check
 * rolled with core Roll), writes the patient's state and records the helper's action, and posts
 * one card. Two helpers at once are taken one at a time: the second finds the patient stable.
 */
import { refuse } from "../../../../rules/core/result.ts";
import type { Refusal } from "../../../../rules/core/result.ts";
import { CARE_KINDS, giveCare } from "../../../../rules/freelancers/care.ts";
import type { CareKind, CareOutcome } from "../../../../rules/freelancers/care.ts";
import {
  answerWithCard,
  cardDeclaration,
  declareCard,
  reportCard,
} from "../../../cards/protocol.ts";
import { SYSTEM_ID } from "../../../constants.ts";
import { checkWithinReach, targetedActors } from "../../../shared/actors.ts";
import { postedCard } from "../../../shared/attack.ts";
import { owns } from "../../../shared/cards.ts";
import { withDice } from "../../../shared/dice.ts";
import { i18n } from "../../../shared/env.ts";
import { serializedBy } from "../../../shared/referee.ts";
import type { RefereeOutcome } from "../../../shared/referee.ts";
import { isActorsTurn } from "../../../shared/turn.ts";
import { combatantId, resolveActor, warnFlRefusal } from "../adapter.ts";
import { commitFl, flNow } from "../budget.ts";
import { flOptions } from "../settings.ts";

/** The kind of the care declaration and of its card (a report: it has no button). */
export const FL_CARE = "freelancers.care";
const CARE_FLAG = "flCare";

interface CareIntent {
  readonly helperId: string;
  readonly patientId: string;
  readonly kind: CareKind;
}

/** The one targeted patient, or why there is none. */
function patientOf(
  targets: readonly Actor.Implementation[],
): { ok: true; value: Actor.Implementation } | Refusal {
  const [patient] = targets;
  if (patient === undefined) return refuse("noPatient");
  if (targets.length > 1) return refuse("tooManyPatients");
  return { ok: true, value: patient };
}

/**
 * What may refuse this care now, before anything is rolled (a dry run whose dice never run out):
 * on the client before sending, and on the referee against the stored documents.
 */
function checkCare(
  helperActor: Actor.Implementation,
  patientActor: Actor.Implementation,
  kind: CareKind,
): Refusal | null {
  const names = { name: helperActor.name, target: patientActor.name };
  const away = checkWithinReach(helperActor, patientActor);
  if (away !== null) return away;
  if (!isActorsTurn(helperActor)) return refuse("notYourTurn", { name: helperActor.name });
  const input = { helper: flNow(helperActor), patient: flNow(patientActor), kind };
  const dry = giveCare(input, { roll: () => 1 }, flOptions());
  return dry.ok ? null : refuse(dry.reason, { ...dry.detail, ...names });
}

/**
 * Help or Medicine on the one targeted token's actor: checked here (a refusal is a warning and
 * nothing is sent), then done by the referee, which answers with the card's id.
 */
export async function flCare(
  helperActor: Actor.Implementation,
  kind: CareKind,
  targets: readonly Actor.Implementation[] = targetedActors(),
): Promise<ChatMessage.Implementation | null> {
  const patient = patientOf(targets);
  const refused = patient.ok ? checkCare(helperActor, patient.value, kind) : patient;
  if (refused !== null || !patient.ok) {
    if (refused !== null) warnFlRefusal(refused);
    return null;
  }
  const intent: CareIntent = {
    helperId: combatantId(helperActor),
    patientId: combatantId(patient.value),
    kind,
  };
  return postedCard(await declareCard(FL_CARE, intent));
}

/** Help (a Base action) on the one targeted dying ally. */
export function flHelp(actor: Actor.Implementation): Promise<ChatMessage.Implementation | null> {
  return flCare(actor, "help");
}

/** Medicine (a Base action, an Intellect + Medicine check) on the one targeted dying ally. */
export function flMedicine(
  actor: Actor.Implementation,
): Promise<ChatMessage.Implementation | null> {
  return flCare(actor, "medicine");
}

function parseCare(raw: unknown): CareIntent | null {
  if (typeof raw !== "object" || raw === null) return null;
  const { helperId, patientId, kind } = raw as Record<string, unknown>;
  if (typeof helperId !== "string" || typeof patientId !== "string") return null;
  return CARE_KINDS.includes(kind as CareKind)
    ? { helperId, patientId, kind: kind as CareKind }
    : null;
}

/** The referee's side (on the active GM): re-read, re-check, roll, write once, post the card. */
function refereeFlCare(intent: CareIntent, sender: User.Implementation): Promise<RefereeOutcome> {
  const helperActor = resolveActor(intent.helperId);
  const patientActor = resolveActor(intent.patientId);
  if (helperActor === null || !owns(helperActor, sender)) {
    return Promise.resolve(refuse("notAllowed"));
  }
  if (patientActor === null) return Promise.resolve(refuse("noPatient"));
  // One care at a time per patient (and per helper: its one Base-action).
  return serializedBy(`${SYSTEM_ID}.care.${intent.patientId}`, () =>
    serializedBy(`${SYSTEM_ID}.attacker.${intent.helperId}`, async () => {
      const refused = checkCare(helperActor, patientActor, intent.kind);
      if (refused !== null) return refused;
      const input = { helper: flNow(helperActor), patient: flNow(patientActor), kind: intent.kind };
      const rolled = await withDice((dice) => giveCare(input, dice, flOptions()));
      const outcome = rolled.value;
      if (!outcome.ok) return outcome;
      // The patient's state on the actor; the helper's Base-action in the ledger (in a fight).
      await commitFl(outcome.value.updates, [
        { actor: helperActor, value: outcome.value.helper.actions },
      ]);
      const card = {
        actor: helperActor,
        content: careCard(outcome.value),
        rolls: rolled.rolls,
        flags: { [SYSTEM_ID]: { [CARE_FLAG]: { kind: intent.kind } } },
      };
      return answerWithCard(FL_CARE, card, sender);
    }),
  );
}

export const flCareDeclaration = cardDeclaration<CareIntent>({
  kind: FL_CARE,
  parse: parseCare,
  referee: refereeFlCare,
  warn: warnFlRefusal,
});

/** The care card, as the card protocol knows it (no button). */
export const flCareCard = reportCard(FL_CARE, CARE_FLAG, warnFlRefusal);

/** The card: who helped whom and how, the Medicine check, the result (names escaped). */
export function careCard(outcome: CareOutcome): string {
  const t = i18n();
  const escape = foundry.utils.escapeHTML;
  const names = { name: outcome.helper.name, target: outcome.patient.name };
  const lines = [t.format(`FRAY.Freelancers.Care.${outcome.kind}`, names)];
  if (outcome.roll !== undefined) {
    lines.push(
      t.format(
        outcome.roll.passed ? "FRAY.Freelancers.Check.Passed" : "FRAY.Freelancers.Check.Failed",
        {
          label: t.localize("FRAY.Freelancers.Skill.medicine"),
          roll: outcome.roll.roll,
          target: outcome.roll.target,
        },
      ),
    );
  }
  lines.push(
    t.format(
      outcome.stabilized ? "FRAY.Freelancers.Care.Stabilized" : "FRAY.Freelancers.Care.StillDying",
      names,
    ),
  );
  if (outcome.provokes) lines.push(t.format("FRAY.Freelancers.Care.Opportunity", names));
  const body = lines.map((line) => `<p>${escape(line)}</p>`).join("");
  return `<div class="fray-card fray-fl-card fray-fl-care">${body}</div>`;
}
