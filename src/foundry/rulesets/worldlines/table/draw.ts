/**
 * Draws a weapon (rules/worldlines/techniques.ts drawWeapon), the weapon switch of the action
 * table: pays its Energy (nothing with a Quick Draw technique), marks the weapon drawn and every
 * other weapon of the actor not, in one batch, and says so in a status card.
 *
 * It is the referee's, through the card protocol (kit.ts), because drawing a weapon the actor
 * dropped picks it up again: that clears the referee's mark in the ledger (attack/limbs.ts), which
 * only the GM writes. A dropped weapon counts as not drawn whatever its own `drawn` says (its
 * owner may have rewritten that), so picking it up always costs the Draw.
 */
import { refuse } from "../../../../rules/core/result.ts";
import { drawWeapon as drawWeaponRule } from "../../../../rules/worldlines/index.ts";
import { i18n } from "../../../shared/env.ts";
import { applyUpdatesBatch, techniquesOf, toCombatant } from "../adapter.ts";
import { isDropped, pickUp } from "../attack/limbs.ts";
import { postStatusCard } from "../cards/status-card.ts";
import { ACTION_ENERGY, actorDeclaration, declareFor, named, posted } from "./kit.ts";

export const DRAW_KIND = "worldlines.draw";

const isDrawn = (item: Item.Implementation) =>
  (item.system as unknown as { drawn?: boolean }).drawn === true;

/** Draws the weapon; resolves to whether it was drawn (a refusal is a warning). */
export function drawWeapon(
  actor: Actor.Implementation,
  weapon: Item.Implementation,
): Promise<boolean> {
  return declareFor(DRAW_KIND, actor, { itemId: weapon.id ?? "" });
}

export const drawDeclaration = actorDeclaration<{ readonly itemId: string }>({
  kind: DRAW_KIND,
  parse: ({ itemId }) => (typeof itemId === "string" ? { itemId } : null),
  async act(actor, { itemId }) {
    const weapon = actor.items.contents.find((i) => i.id === itemId && i.type === "weapon");
    if (weapon === undefined) return refuse("badRequest");
    const dropped = isDropped(actor, itemId);
    const done = drawWeaponRule(
      toCombatant(actor),
      techniquesOf(actor),
      isDrawn(weapon) && !dropped,
    );
    if (!done.ok) return named(done, actor, ACTION_ENERGY);
    if (done.value.update !== null) await applyUpdatesBatch([done.value.update]);
    const changes = actor.items.contents
      .filter((i) => i.type === "weapon" && (i.id === itemId ? !isDrawn(i) : isDrawn(i)))
      .map((i) => ({ _id: i.id, "system.drawn": i.id === itemId }));
    if (changes.length > 0) await actor.updateEmbeddedDocuments("Item", changes);
    if (dropped) await pickUp(actor, itemId);
    const title = i18n().format("FRAY.Worldlines.Status.DrawTitle", {
      name: actor.name,
      weapon: weapon.name,
    });
    const text = done.value.free
      ? i18n().localize("FRAY.Worldlines.Status.DrawnFree")
      : i18n().format("FRAY.Worldlines.Status.TechniqueUsed", { energy: done.value.cost });
    return posted(await postStatusCard(title, [{ text, bad: false }], actor));
  },
});
