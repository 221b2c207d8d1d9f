/**
 * The Freelancers actions a sheet (or a macro) calls on the actor it belongs to: attack (through
 * the dialog and the referee), Dodge, Disengage, Ready an Action, using an ability, adding or
 * removing a counter, and rolling a check. Everything but the attack writes only the actor's own
 * documents, which its owner may write. In a started combat each spends the action it costs; a
 * refusal is a localized warning that changes nothing. Outside combat no action is tracked.
 */
import { addCounter } from "../../../rules/freelancers/counters.ts";
import { disengage, dodge, readyAction, spendAction } from "../../../rules/freelancers/actions.ts";
import type { ActionKind } from "../../../rules/freelancers/actions.ts";
import { useAbility } from "../../../rules/freelancers/abilities.ts";
import { diffActor } from "../../../rules/freelancers/changes.ts";
import { rollCheck } from "../../../rules/freelancers/checks.ts";
import type { ActionState, FreelancersActor } from "../../../rules/freelancers/model.ts";
import type { Refusal } from "../../../rules/core/result.ts";
import { canvasDistance, targetedActors } from "../../shared/actors.ts";
import { withDice } from "../../shared/dice.ts";
import { i18n } from "../../shared/env.ts";
import { applyRuleUpdates } from "../../shared/updates.ts";
import { toFlAbility, toFlWeapon, toFreelancer } from "./adapter.ts";
import type { FlAbilitySystem } from "./adapter.ts";
import { promptFlAttack } from "./attack/dialog.ts";
import { declareFlAttack, freelancerNow, inCombat, warnFlRefusal } from "./attack/workflow.ts";
import type { FlChoices } from "./attack/workflow.ts";
import { flCare } from "./care.ts";
import { flOptions } from "./settings.ts";

/**
 * Attack with a weapon at the one targeted token: opens the dialog (with the odds), then asks the
 * referee. `choices` skips the dialog (macros, tests).
 */
export async function flAttack(
  actor: Actor.Implementation,
  weapon: Item.Implementation,
  choices?: FlChoices,
): Promise<ChatMessage.Implementation | null> {
  const targets = targetedActors();
  let chosen = choices;
  const target = targets[0];
  if (
    chosen === undefined &&
    target !== undefined &&
    targets.length === 1 &&
    weapon.type === "weapon"
  ) {
    const picked = await promptFlAttack(
      freelancerNow(actor),
      toFreelancer(target),
      toFlWeapon(weapon),
      canvasDistance(actor, target) ?? 0,
    );
    if (picked === null) return null;
    chosen = picked;
  }
  return declareFlAttack(
    actor,
    weapon,
    targets,
    chosen ?? { cover: "none", as: "base", targetEngaged: false, defenderSees: true, distance: 0 },
  );
}

/** Writes an action taken on the actor itself (its action state), or warns and writes nothing. */
async function takeOwnAction(
  actor: Actor.Implementation,
  act: (me: FreelancersActor) => { ok: true; value: ActionState } | Refusal,
): Promise<boolean> {
  const me = freelancerNow(actor);
  const outcome = act(me);
  if (!outcome.ok) {
    warnFlRefusal(outcome, { name: actor.name });
    return false;
  }
  if (inCombat(actor)) await applyRuleUpdates(diffActor(me, { ...me, actions: outcome.value }));
  return true;
}

/** Dodge (a Long action): defense rolls against seen attacks are favorable until its next turn. */
export async function flDodge(actor: Actor.Implementation): Promise<boolean> {
  return takeOwnAction(actor, (me) => dodge(me));
}

/** Disengage (a Long action): a double move away that provokes nothing. */
export async function flDisengage(actor: Actor.Implementation): Promise<boolean> {
  return takeOwnAction(actor, (me) => disengage(me));
}

/** Ready an Action (a Quick action) holding the Base or the Move for a reaction. */
export async function flReady(
  actor: Actor.Implementation,
  held: "base" | "move",
): Promise<boolean> {
  return takeOwnAction(actor, (me) => readyAction(me, held));
}

/** Takes a plain action of a kind (a Move, a Quick …), e.g. from a button the GM adds. */
export async function flSpend(actor: Actor.Implementation, kind: ActionKind): Promise<boolean> {
  return takeOwnAction(actor, (me) => spendAction(me, kind));
}

/** Uses an ability: its action is spent and, if it recharges, it is spent until the Upkeep. */
export async function flUseAbility(
  actor: Actor.Implementation,
  item: Item.Implementation,
): Promise<boolean> {
  const ability = toFlAbility(item);
  const used = useAbility(ability);
  if (!used.ok) {
    warnFlRefusal({ reason: used.reason, detail: { name: ability.name } });
    return false;
  }
  const kind = (item.system as unknown as FlAbilitySystem).action as ActionKind;
  if (!(await takeOwnAction(actor, (me) => spendAction(me, kind)))) return false;
  if (ability.recharge !== null) await item.update({ "system.charged": false } as never);
  await ChatMessage.create({
    speaker: ChatMessage.getSpeaker({ actor }),
    content: `<p class="fray-fl-note">${foundry.utils.escapeHTML(
      i18n().format("FRAY.Freelancers.Ability.Used", { name: actor.name, ability: ability.name }),
    )}</p>`,
  });
  return true;
}

/** Adds (or with a negative amount removes) stacks of a counter on the actor. */
export async function flAdjustCounter(
  actor: Actor.Implementation,
  kind: string,
  amount: number,
): Promise<boolean> {
  const me = toFreelancer(actor);
  const next = addCounter(me.counters, kind, amount);
  if (!next.ok) {
    warnFlRefusal(next, { name: actor.name });
    return false;
  }
  await applyRuleUpdates(diffActor(me, { ...me, counters: next.value }));
  return true;
}

/**
 * Rolls a check of the actor's own (Attribute + Skill, roll-under) with core Roll and posts it.
 * It lands on nobody else, so the owner's client rolls it.
 */
export async function flRollCheck(
  actor: Actor.Implementation,
  attribute: string,
  skill: string | null,
): Promise<ChatMessage.Implementation | null> {
  const me = toFreelancer(actor);
  const base = (me.attributes[attribute] ?? 0) + (skill === null ? 0 : (me.skills[skill] ?? 0));
  const rolled = await withDice((dice) => rollCheck({ base }, dice, flOptions(), "check"));
  if (!rolled.value.ok) {
    warnFlRefusal(rolled.value);
    return null;
  }
  const r = rolled.value.value;
  const label = [
    i18n().localize(`FRAY.Freelancers.Attribute.${attribute}`),
    ...(skill === null ? [] : [i18n().localize(`FRAY.Freelancers.Skill.${skill}`)]),
  ].join(" + ");
  const text = i18n().format(
    r.passed ? "FRAY.Freelancers.Check.Passed" : "FRAY.Freelancers.Check.Failed",
    { label, roll: r.roll, target: r.target },
  );
  return (
    ((await ChatMessage.create({
      speaker: ChatMessage.getSpeaker({ actor }),
      content: `<div class="fray-card fray-fl-card fray-fl-check"><p>${foundry.utils.escapeHTML(text)}</p></div>`,
      rolls: rolled.rolls,
    })) as ChatMessage.Implementation | undefined) ?? null
  );
}

/** Help (a Base action) on the one targeted dying ally, through the referee (care.ts). */
export function flHelp(actor: Actor.Implementation): Promise<ChatMessage.Implementation | null> {
  return flCare(actor, "help");
}

/** Medicine (a Base action, an Intellect + Medicine check) on the one targeted dying ally. */
export function flMedicine(
  actor: Actor.Implementation,
): Promise<ChatMessage.Implementation | null> {
  return flCare(actor, "medicine");
}
