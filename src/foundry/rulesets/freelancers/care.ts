/**
 * Help and Medicine at the table: the helper's owner targets a Dying token and presses Help or
 * Medicine on the sheet. The patient usually belongs to someone else, so the client only checks
 * and sends an intent (helper and patient ids, the kind); the referee (the active GM) re-reads
 * both actors, checks the sender owns the helper and that it is the helper's turn, lets the rules
 * decide (rules: giveCare: the Base-action, the Medicine check rolled with core Roll), writes the
 * helper's action and the patient's state in one batch, and posts one card. Two helpers at once
 * are taken one at a time: the second finds the patient stable and is refused.
 */
import { refuse } from "../../../rules/core/result.ts";
import type { Refusal } from "../../../rules/core/result.ts";
import { CARE_KINDS, giveCare } from "../../../rules/freelancers/care.ts";
import type { CareKind, CareOutcome } from "../../../rules/freelancers/care.ts";
import { SYSTEM_ID } from "../../constants.ts";
import { targetedActors } from "../../shared/actors.ts";
import { owns } from "../../shared/cards.ts";
import { withDice } from "../../shared/dice.ts";
import { chatMessages, currentUser, i18n } from "../../shared/env.ts";
import { sendIntent, serializedBy } from "../../shared/referee.ts";
import type { Intent, RefereeOutcome } from "../../shared/referee.ts";
import { isActorsTurn } from "../../shared/turn.ts";
import { applyRuleUpdates } from "../../shared/updates.ts";
import { combatantId, resolveActor, toFreelancer } from "./adapter.ts";
import { freelancerNow, inCombat, missing, warnFlRefusal } from "./attack/workflow.ts";
import { flOptions } from "./settings.ts";

export const FL_CARE = `${SYSTEM_ID}.flCare`;

/** The one targeted patient, or why there is none. */
function patientOf(
  targets: readonly Actor.Implementation[],
): { ok: true; value: Actor.Implementation } | Refusal {
  const [patient] = targets;
  if (patient === undefined) return refuse("noPatient");
  if (targets.length > 1) return refuse("tooManyPatients");
  return { ok: true, value: patient };
}

/** What the rules say about this care now (no die drawn for Help; Medicine's dice are drawn). */
function careNow(helperActor: Actor.Implementation, patientActor: Actor.Implementation) {
  return {
    helper: freelancerNow(helperActor),
    patient: toFreelancer(patientActor),
  };
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
  if (!patient.ok) {
    warnFlRefusal(patient);
    return null;
  }
  if (!isActorsTurn(helperActor)) {
    warnFlRefusal(refuse("notYourTurn", { name: helperActor.name }));
    return null;
  }
  // A dry run with dice that never run out decides every refusal before anything is sent.
  const dry = giveCare(
    { ...careNow(helperActor, patient.value), kind },
    { roll: () => 1 },
    flOptions(),
  );
  if (!dry.ok) {
    warnFlRefusal(dry, { name: helperActor.name, target: patient.value.name });
    return null;
  }
  const outcome = await sendIntent(FL_CARE, {
    helperId: combatantId(helperActor),
    patientId: combatantId(patient.value),
    kind,
  });
  if (!outcome.ok) {
    warnFlRefusal(outcome, { name: helperActor.name, target: patient.value.name });
    return null;
  }
  const id = typeof outcome.value === "string" ? outcome.value : "";
  return missing(chatMessages().get(id)) ?? null;
}

/** The referee's side (on the active GM): re-read, re-check, roll, write once, post the card. */
export async function refereeFlCare(
  intent: Intent,
  sender: User.Implementation,
): Promise<RefereeOutcome> {
  const p = intent.payload as Record<string, unknown> | null;
  const helperId = p?.["helperId"];
  const patientId = p?.["patientId"];
  const kind = p?.["kind"];
  if (
    typeof helperId !== "string" ||
    typeof patientId !== "string" ||
    !CARE_KINDS.includes(kind as CareKind)
  ) {
    return refuse("badRequest");
  }
  const helperActor = resolveActor(helperId);
  if (helperActor === null || !(sender.isGM || owns(helperActor, sender))) {
    return refuse("notAllowed");
  }
  const patientActor = resolveActor(patientId);
  if (patientActor === null) return refuse("noPatient");
  // One care at a time per patient (and per helper: its one Base-action).
  return serializedBy(`${SYSTEM_ID}.care.${patientId}`, () =>
    serializedBy(`${SYSTEM_ID}.attacker.${helperId}`, async () => {
      if (!isActorsTurn(helperActor)) return refuse("notYourTurn", { name: helperActor.name });
      const input = { ...careNow(helperActor, patientActor), kind: kind as CareKind };
      const rolled = await withDice((dice) => giveCare(input, dice, flOptions()));
      const outcome = rolled.value;
      if (!outcome.ok) {
        return refuse(outcome.reason, {
          ...outcome.detail,
          name: helperActor.name,
          target: patientActor.name,
        });
      }
      // Outside a started combat no action is tracked: only the patient's state is written.
      const tracked = inCombat(helperActor);
      await applyRuleUpdates(
        outcome.value.updates.filter((u) => tracked || u.actorId !== outcome.value.helper.id),
      );
      const message = await ChatMessage.create({
        author: currentUser().id,
        speaker: ChatMessage.getSpeaker({ actor: helperActor }),
        content: careCard(outcome.value),
        rolls: rolled.rolls,
      });
      return message === undefined ? refuse("failed") : { ok: true, value: message.id };
    }),
  );
}

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
