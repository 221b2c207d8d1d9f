/**
 * First Aid and antidotes (rules/worldlines/treatment.ts): on the targeted actor, or on oneself
 * without a target. A treatment of one's own actor touches only the user's own documents and runs
 * on their client; one given to someone else's actor is declared to the referee through the card
 * protocol, which checks the patient is one the helper may reach (same running combat, or a token
 * on its scene), rolls, writes and posts the status card.
 */
import { ok, refuse } from "../../../../rules/core/result.ts";
import type { Result } from "../../../../rules/core/result.ts";
import {
  checkedCombatant,
  firstAid as firstAidRule,
  treatmentUpdates,
  useAntidote,
} from "../../../../rules/worldlines/index.ts";
import { combatantId, resolveActor, targetedActors, withinReach } from "../../../shared/actors.ts";
import { owns } from "../../../shared/cards.ts";
import { withDice } from "../../../shared/dice.ts";
import { currentUser, i18n } from "../../../shared/env.ts";
import { applyUpdatesBatch, toCombatant } from "../adapter.ts";
import { refused } from "../attack/declare.ts";
import { postStatusCard } from "../cards/status-card.ts";
import { worldlinesOptions } from "../settings.ts";
import { actorDeclaration, declareFor, posted } from "./kit.ts";

export const TREAT_KIND = "worldlines.treat";

type Treatment = "firstAid" | "antidote";

function format(key: string, data: Record<string, string | number> = {}): string {
  return i18n().format(key, data);
}

/** First Aid on the targeted actor (or on oneself without a target): stops Bleeding on a pass. */
export function firstAid(actor: Actor.Implementation): Promise<boolean> {
  return treat("firstAid", actor, targetedActors()[0] ?? actor);
}

/** Uses an antidote on the targeted actor (or oneself): Poisoned ends, no roll. */
export function antidote(actor: Actor.Implementation): Promise<boolean> {
  return treat("antidote", actor, targetedActors()[0] ?? actor);
}

/**
 * Gives a treatment: on this client when this user owns the patient, else through the referee.
 * A refusal is a warning. Resolves to whether it worked.
 */
async function treat(
  kind: Treatment,
  actor: Actor.Implementation,
  patient: Actor.Implementation,
): Promise<boolean> {
  if (owns(patient, currentUser())) {
    const done = await treatNow(kind, actor, patient);
    return done.ok ? done.value !== null : refused(done, actor);
  }
  return declareFor(TREAT_KIND, actor, { kind, patientId: combatantId(patient) });
}

/**
 * Checks, rolls, writes and reports a treatment on this client; resolves to its status card's
 * message (null for a First Aid that failed: the card says so, the treatment did not work).
 */
async function treatNow(
  kind: Treatment,
  actor: Actor.Implementation,
  patientActor: Actor.Implementation,
): Promise<Result<ChatMessage.Implementation | null>> {
  const helper = toCombatant(actor);
  const patient = patientActor.id === actor.id ? helper : toCombatant(patientActor);
  const names = { name: actor.name, patient: patientActor.name };
  if (kind === "antidote") {
    const result = useAntidote(helper, patient);
    if (!result.ok) return result;
    await applyUpdatesBatch(result.value.updates);
    const text = format("FRAY.Worldlines.Status.AntidoteGiven", { name: patientActor.name });
    const title = format("FRAY.Worldlines.Status.AntidoteTitle", names);
    return ok(await postStatusCard(title, [{ text, bad: false }], actor));
  }
  // The rule takes checked input: the helper and the patient pass their checks first.
  const checkedHelper = checkedCombatant("helper", helper);
  if (!checkedHelper.ok) return checkedHelper;
  const checkedPatient = patient === helper ? checkedHelper : checkedCombatant("patient", patient);
  if (!checkedPatient.ok) return checkedPatient;
  const { value: result } = await withDice((dice) =>
    firstAidRule(checkedHelper.value, checkedPatient.value, dice, worldlinesOptions()),
  );
  if (!result.ok) return result;
  await applyUpdatesBatch(treatmentUpdates(helper, patient, result.value));
  const { check, success } = result.value;
  const message = await postStatusCard(
    format("FRAY.Worldlines.Status.FirstAidTitle", names),
    [
      {
        text: format(
          success ? "FRAY.Worldlines.Status.Treated" : "FRAY.Worldlines.Status.NotTreated",
          {
            natural: check.natural,
            total: check.total,
            td: check.td,
            name: patientActor.name,
          },
        ),
        bad: !success,
      },
    ],
    actor,
  );
  return ok(success ? message : null);
}

/** The referee's side: the patient must be within the helper's reach; then as on the owner's client. */
export const treatDeclaration = actorDeclaration<{ kind: Treatment; patientId: string }>({
  kind: TREAT_KIND,
  parse: ({ kind, patientId }) =>
    (kind === "firstAid" || kind === "antidote") && typeof patientId === "string"
      ? { kind, patientId }
      : null,
  async act(actor, { kind, patientId }) {
    const patient = resolveActor(patientId);
    if (patient === null) return refuse("noSuchTarget");
    if (patient.id !== actor.id && !withinReach(actor, patient)) {
      return refuse("notATarget", { target: patient.name });
    }
    const done = await treatNow(kind, actor, patient);
    if (!done.ok) return done;
    return done.value === null ? { ok: true, value: false } : posted(done.value);
  },
});
