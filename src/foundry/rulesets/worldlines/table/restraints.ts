/**
 * Restraints at the table (rules/worldlines/restraints.ts). Being restrained settles whether a
 * fighter may move or attack, so it is the referee's record in the combat's ledger, which only a
 * GM writes (combat/ledger.ts), never a status its owner could delete:
 * - **Restrain** (a gear row's button on restraints): the referee puts them on the targeted fighter
 *   within reach, who must be down (unconscious or dying; a GM may restrain anyone), in a running
 *   combat; one of the restraints is used up and a status card says so;
 * - **Break free** / **Escape** (the restrained fighter's sheet): the referee rolls the check, pays
 *   its Energy, takes the mark off on a pass and posts the check's card.
 * While the mark stands the referee refuses the fighter's attacks (table/cover.ts heldBack) and
 * its moves (movement.ts).
 */
import { refuse } from "../../../../rules/core/result.ts";
import { escapeRestraints, RESTRAINT_WAYS } from "../../../../rules/worldlines/restraints.ts";
import type { RestraintWay } from "../../../../rules/worldlines/restraints.ts";
import { actorLedgerEntry, fightOf, recordForActors } from "../../../combat/ledger.ts";
import { combatantId, resolveActor, targetedActors, withinReach } from "../../../shared/actors.ts";
import { withDice } from "../../../shared/dice.ts";
import { i18n } from "../../../shared/env.ts";
import { applyUpdatesBatch, toCombatant } from "../adapter.ts";
import { postStatusCard } from "../cards/status-card.ts";
import { worldlinesOptions } from "../settings.ts";
import { ACTION_ENERGY, actorDeclaration, declareFor, named, posted } from "./kit.ts";

export const RESTRAIN_KIND = "worldlines.restrain";
export const ESCAPE_KIND = "worldlines.escape";

/** The ledger's mark of a restrained fighter. */
const RESTRAINED = "restrained";

/** Whether the referee recorded the actor as restrained in the combat it fights in. */
export function isRestrained(actor: Actor.Implementation): boolean {
  return actorLedgerEntry(actor, RESTRAINED) === true;
}

function format(key: string, data: Record<string, string | number> = {}): string {
  return i18n().format(key, data);
}

/** Puts the actor's restraints on its target; resolves to whether they went on. */
export function restrain(actor: Actor.Implementation, item: Item.Implementation): Promise<boolean> {
  const target = targetedActors()[0];
  return declareFor(RESTRAIN_KIND, actor, {
    itemId: item.id ?? "",
    targetId: target === undefined ? "" : combatantId(target),
  });
}

/** The restrained actor tries to get out `way`; resolves to whether it ran. */
export function escapeFrom(actor: Actor.Implementation, way: RestraintWay): Promise<boolean> {
  return declareFor(ESCAPE_KIND, actor, { way });
}

export const restrainDeclaration = actorDeclaration<{ itemId: string; targetId: string }>({
  kind: RESTRAIN_KIND,
  parse: ({ itemId, targetId }) =>
    typeof itemId === "string" && typeof targetId === "string" ? { itemId, targetId } : null,
  async act(actor, { itemId, targetId }, sender) {
    const item = actor.items.contents.find((i) => i.id === itemId && i.type === "gear");
    const gear = item?.system as unknown as { kind?: string; quantity?: number } | undefined;
    if (item === undefined || gear?.kind !== "restraints") return refuse("badRequest");
    const quantity = gear.quantity ?? 0;
    if (!(quantity >= 1)) return refuse("nothingLeft");
    const target = targetId === "" ? null : resolveActor(targetId);
    if (target === null || target.id === actor.id) return refuse("noTarget");
    if (!withinReach(actor, target)) return refuse("notATarget", { target: target.name });
    if (!sender.isGM && toCombatant(target).life === "active") {
      return refuse("notHelpless", { target: target.name });
    }
    if (fightOf(target) === null) return refuse("restrainNeedsCombat");
    if (isRestrained(target)) return refuse("alreadyRestrained", { target: target.name });
    await recordForActors([{ actor: target, key: RESTRAINED, value: true }]);
    await item.update({ "system.quantity": quantity - 1 } as never);
    const title = format("FRAY.Worldlines.Status.RestrainTitle", {
      name: actor.name,
      target: target.name,
    });
    const text = format("FRAY.Worldlines.Status.Restrained", { target: target.name });
    return posted(await postStatusCard(title, [{ text, bad: true }], actor));
  },
});

export const escapeDeclaration = actorDeclaration<{ way: RestraintWay }>({
  kind: ESCAPE_KIND,
  parse: ({ way }) =>
    typeof way === "string" && (RESTRAINT_WAYS as readonly string[]).includes(way)
      ? { way: way as RestraintWay }
      : null,
  async act(actor, { way }) {
    if (!isRestrained(actor)) return refuse("notRestrained");
    const { value: tried } = await withDice((dice) =>
      escapeRestraints(toCombatant(actor), way, dice, worldlinesOptions()),
    );
    if (!tried.ok) return named(tried, actor, ACTION_ENERGY);
    if (tried.value.update !== null) await applyUpdatesBatch([tried.value.update]);
    if (tried.value.freed) await recordForActors([{ actor, key: RESTRAINED, value: false }]);
    const check = tried.value.check;
    const lines = [
      {
        text: format("FRAY.Worldlines.Status.RestraintCheck", {
          energy: tried.value.cost,
          rolls: check.rolls.join(", "),
          total: check.total,
          td: check.td ?? 0,
        }),
        bad: false,
      },
      tried.value.freed
        ? { text: format("FRAY.Worldlines.Status.Freed", { name: actor.name }), bad: false }
        : { text: format("FRAY.Worldlines.Status.StillBound", { name: actor.name }), bad: true },
    ];
    const title = format(
      way === "escape"
        ? "FRAY.Worldlines.Status.EscapeTitle"
        : "FRAY.Worldlines.Status.BreakFreeTitle",
      { name: actor.name },
    );
    return posted(await postStatusCard(title, lines, actor));
  },
});
