/**
 * The Freelancers actions that post no card: Dodge and Disengage (Long actions), a plain action
 * of a kind, and using an ability
 * (its action, and its charge until the Upkeep recharges it; a note says so). Each spends from the
 * turn's actions, which only the referee records (budget.ts), so each is a request to the active
 * GM (the seam's `refereeActions`). In a started combat, under the strict turn setting, only a
 * reaction or a free action may be taken outside the actor's turn, or the readied action once its
 * trigger happened (table/ready.ts). A refusal is a localized
 * warning that changes nothing; outside a fight the rules still check and nothing is recorded.
 */
import { refuse } from "../../../../rules/core/result.ts";
import { useAbility } from "../../../../rules/freelancers/abilities.ts";
import { disengage, dodge, spendAction } from "../../../../rules/freelancers/actions.ts";
import type { ActionKind } from "../../../../rules/freelancers/actions.ts";
import type { FreelancersActor } from "../../../../rules/freelancers/model.ts";
import { SYSTEM_ID } from "../../../constants.ts";
import { owns } from "../../../shared/cards.ts";
import { i18n } from "../../../shared/env.ts";
import { sendIntent } from "../../../shared/referee.ts";
import type { Intent, RefereeOutcome } from "../../../shared/referee.ts";
import { combatantId, resolveActor, toFlAbility, warnFlRefusal } from "../adapter.ts";
import type { FlAbilitySystem } from "../adapter.ts";
import { commitFl, flNow, mayActNow } from "../budget.ts";

export const FL_ACT = `${SYSTEM_ID}.flAct`;

const KINDS: readonly ActionKind[] = ["long", "base", "move", "quick", "reaction", "free"];

type Act =
  | { readonly act: "dodge" | "disengage" }
  | { readonly act: "spend"; readonly kind: ActionKind }
  | { readonly act: "ability"; readonly itemId: string };

function parseAct(p: Record<string, unknown>): Act | null {
  switch (p["act"]) {
    case "dodge":
    case "disengage":
      return { act: p["act"] };
    case "spend":
      return KINDS.includes(p["kind"] as ActionKind)
        ? { act: "spend", kind: p["kind"] as ActionKind }
        : null;
    case "ability":
      return typeof p["itemId"] === "string" ? { act: "ability", itemId: p["itemId"] } : null;
    default:
      return null;
  }
}

/** The action kind an act takes, to check the turn with (an ability's own, from its item). */
function kindOf(act: Act, ability: Item.Implementation | undefined): ActionKind {
  if (act.act === "dodge" || act.act === "disengage") return "long";
  if (act.act === "spend") return act.kind;
  const kind = (ability?.system as unknown as FlAbilitySystem | undefined)?.action;
  return KINDS.includes(kind as ActionKind) ? (kind as ActionKind) : "base";
}

function actions(act: Act, me: FreelancersActor, kind: ActionKind) {
  if (act.act === "dodge") return dodge(me);
  if (act.act === "disengage") return disengage(me);
  return spendAction(me, kind);
}

/** The referee's side: checks the sender owns the actor, its turn and the rules, then records. */
async function refereeAct(intent: Intent, sender: User.Implementation): Promise<RefereeOutcome> {
  const p = (typeof intent.payload === "object" ? intent.payload : null) as Record<
    string,
    unknown
  > | null;
  const act = p === null ? null : parseAct(p);
  if (p === null || act === null) return refuse("badRequest");
  const actorId = p["actorId"];
  const actor = typeof actorId === "string" ? resolveActor(actorId) : null;
  if (actor === null || !owns(actor, sender)) return refuse("notAllowed");
  const item = act.act === "ability" ? actor.items.get(act.itemId) : undefined;
  if (act.act === "ability" && item?.type !== "technique") return refuse("badRequest");
  const kind = kindOf(act, item);
  if (kind !== "reaction" && kind !== "free" && !mayActNow(actor)) {
    return refuse("notYourTurn", { name: actor.name });
  }
  const me = flNow(actor);
  const ability = item === undefined ? null : toFlAbility(item);
  const used = ability === null ? null : useAbility(ability);
  if (used !== null && !used.ok) return refuse(used.reason, { name: ability?.name ?? "" });
  const next = actions(act, me, kind);
  if (!next.ok) return refuse(next.reason, { ...next.detail, name: actor.name });
  await commitFl(
    ability?.recharge === null || ability === null
      ? []
      : [{ actorId: me.id, itemId: ability.id, changes: { "system.charged": false } }],
    [{ actor, value: next.value }],
  );
  if (ability !== null) await abilityNote(actor, ability.name);
  return { ok: true };
}

/** The note that an ability was used (its name escaped). */
async function abilityNote(actor: Actor.Implementation, ability: string): Promise<void> {
  const text = i18n().format("FRAY.Freelancers.Ability.Used", { name: actor.name, ability });
  await ChatMessage.create({
    speaker: ChatMessage.getSpeaker({ actor }),
    content: `<p class="fray-fl-note">${foundry.utils.escapeHTML(text)}</p>`,
  });
}

/** The referee's side of these actions, for the seam's `refereeActions`. */
export const FL_TURN_ACTIONS = { [FL_ACT]: refereeAct };

/** Asks the referee to take an action for the actor; false (and a warning) when refused. */
async function ask(actor: Actor.Implementation, act: Act): Promise<boolean> {
  const outcome = await sendIntent(FL_ACT, { actorId: combatantId(actor), ...act });
  if (!outcome.ok) warnFlRefusal(outcome, { name: actor.name });
  return outcome.ok;
}

/** Dodge (a Long action): defense rolls against seen attacks are favorable until its next turn. */
export const flDodge = (actor: Actor.Implementation) => ask(actor, { act: "dodge" });

/** Disengage (a Long action): a double move away that provokes nothing. */
export const flDisengage = (actor: Actor.Implementation) => ask(actor, { act: "disengage" });

/** Takes a plain action of a kind (a Move, a Quick …), e.g. from a button the GM adds. */
export const flSpend = (actor: Actor.Implementation, kind: ActionKind) =>
  ask(actor, { act: "spend", kind });

/** Uses an ability: its action is spent and, if it recharges, it is spent until the Upkeep. */
export const flUseAbility = (actor: Actor.Implementation, item: Item.Implementation) =>
  ask(actor, { act: "ability", itemId: item.id ?? "" });
