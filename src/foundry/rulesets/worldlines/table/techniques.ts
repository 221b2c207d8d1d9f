/**
 * Using a technique on its own (rules/worldlines/techniques.ts applyTechniqueOn), through the
 * referee: it pays its Energy (Stressed adds its surcharge); an interruption technique spends the
 * round's interruption, or gives it back when it grants an extra one (the referee's ledger,
 * budget.ts, which only the GM writes); one that stops Bleeding ends it on the targeted ally (or
 * the user without a target), who must be within the user's reach; one that steals the momentum
 * hands it to the user's team in the combat it fights in (table/momentum.ts: refused outside a
 * fight or when the team holds it already, before anything is paid). Says so in a status card:
 * what it cost, whether it was the round's interruption (or gave one back), what the rules did,
 * and the item's own effect line for what the rules leave to the table.
 * Attack techniques are chosen in the attack dialog; passive ones always apply.
 */
import { refuse } from "../../../../rules/core/result.ts";
import { applyTechniqueOn } from "../../../../rules/worldlines/index.ts";
import { worldlinesTakeMomentum } from "../../../../rules/worldlines/order.ts";
import { fightOf } from "../../../combat/ledger.ts";
import { currentOrder, teamIdOf } from "../../../combat/state.ts";
import { activeRuleset } from "../../../settings.ts";
import { combatantId, resolveActor, targetedActors, withinReach } from "../../../shared/actors.ts";
import { i18n } from "../../../shared/env.ts";
import type { RefereeOutcome } from "../../../shared/referee.ts";
import { applyUpdatesBatch, toCombatant, toTechnique } from "../adapter.ts";
import { postStatusCard } from "../cards/status-card.ts";
import { ACTION_ENERGY, actorDeclaration, declareFor, named, posted } from "./kit.ts";
import { takeMomentum } from "./momentum.ts";

export const TECHNIQUE_KIND = "worldlines.technique";

function format(key: string, data: Record<string, string | number> = {}): string {
  return i18n().format(key, data);
}

/** Uses the technique; resolves to whether it was used (a refusal is a warning). */
export function useTechnique(
  actor: Actor.Implementation,
  technique: Item.Implementation,
): Promise<boolean> {
  const patient =
    toTechnique(technique).stopsBleeding === true ? (targetedActors()[0] ?? actor) : actor;
  return declareFor(TECHNIQUE_KIND, actor, {
    techniqueId: technique.id ?? "",
    patientId: combatantId(patient),
  });
}

/** Checks, writes and reports a technique used on its own, on the referee. */
async function useNow(
  actor: Actor.Implementation,
  techniqueId: string,
  patientId: string,
): Promise<RefereeOutcome> {
  const technique = actor.items.contents.find(
    (i) => i.id === techniqueId && i.type === "technique",
  );
  if (technique === undefined) return refuse("noSuchTechnique");
  const patientActor = resolveActor(patientId);
  if (patientActor === null) return refuse("noSuchTarget");
  if (patientActor.id !== actor.id && !withinReach(actor, patientActor)) {
    return refuse("notATarget", { target: patientActor.name });
  }
  const rules = toTechnique(technique);
  const fight = rules.stealsMomentum === true ? fightOf(actor) : null;
  if (rules.stealsMomentum === true) {
    if (fight === null) return refuse("momentumNeedsCombat");
    const order = currentOrder(fight.combat, activeRuleset().turnOrder);
    const can = worldlinesTakeMomentum(order, teamIdOf(fight.combatant));
    if (!can.ok) return named(can, actor);
  }
  const user = toCombatant(actor);
  const patient = patientActor.id === actor.id ? user : toCombatant(patientActor);
  const used = applyTechniqueOn(user, patient, rules);
  if (!used.ok) return named(used, actor, ACTION_ENERGY);
  await applyUpdatesBatch(used.value.updates);
  if (fight !== null) {
    const cause = format("FRAY.Worldlines.Status.TechniqueTitle", {
      name: actor.name,
      technique: technique.name,
    });
    await takeMomentum(fight.combat, teamIdOf(fight.combatant), cause, actor);
  }
  const line = (text: string) => ({ text, bad: false });
  const effect = (technique.system as unknown as { effect?: string }).effect ?? "";
  return posted(
    await postStatusCard(
      format("FRAY.Worldlines.Status.TechniqueTitle", {
        name: actor.name,
        technique: technique.name,
      }),
      [
        line(format("FRAY.Worldlines.Status.TechniqueUsed", { energy: used.value.cost })),
        ...(rules.interrupt === true && rules.extraInterruption !== true
          ? [line(format("FRAY.Worldlines.Status.InterruptSpent", { name: actor.name }))]
          : []),
        ...(rules.extraInterruption === true
          ? [line(format("FRAY.Worldlines.Status.InterruptGiven"))]
          : []),
        ...(rules.stopsBleeding === true
          ? [line(format("FRAY.Worldlines.Status.BleedingStopped", { name: patientActor.name }))]
          : []),
        ...(effect === ""
          ? []
          : [line(format("FRAY.Worldlines.Status.TechniqueEffect", { effect }))]),
      ],
      actor,
    ),
  );
}

export const techniqueDeclaration = actorDeclaration<{ techniqueId: string; patientId: string }>({
  kind: TECHNIQUE_KIND,
  parse: ({ techniqueId, patientId }) =>
    typeof techniqueId === "string" && typeof patientId === "string"
      ? { techniqueId, patientId }
      : null,
  act: (actor, { techniqueId, patientId }) => useNow(actor, techniqueId, patientId),
});
