/**
 * Drawing a weapon from the sheet (rules/worldlines/techniques.ts drawWeapon): the weapon switch
 * of the action table. It pays its Energy (nothing with a Quick Draw technique), marks the weapon
 * drawn and every other weapon of the actor not, in one batch, and says so in chat. Both documents
 * are the user's own, so it runs on the owner's client.
 */
import { drawWeapon as drawWeaponRule } from "../../../rules/worldlines/index.ts";
import { applyUpdatesBatch, toCombatant } from "./adapter.ts";
import { refused } from "./attack/declare.ts";
import { postStatusCard } from "./cards/status-card.ts";
import { techniquesOf } from "./techniques.ts";
import { ACTION_ENERGY } from "./table/kit.ts";
import { i18n } from "../../shared/env.ts";

const isDrawn = (item: Item.Implementation) =>
  (item.system as unknown as { drawn?: boolean }).drawn === true;

/** Draws the weapon; resolves to whether it was drawn (a refusal is a warning). */
export async function drawWeapon(
  actor: Actor.Implementation,
  weapon: Item.Implementation,
): Promise<boolean> {
  const done = drawWeaponRule(toCombatant(actor), techniquesOf(actor), isDrawn(weapon));
  if (!done.ok) return refused(done, actor, ACTION_ENERGY);
  if (done.value.update !== null) await applyUpdatesBatch([done.value.update]);
  const changes = actor.items.contents
    .filter((i) => i.type === "weapon" && (i.id === weapon.id ? !isDrawn(i) : isDrawn(i)))
    .map((i) => ({ _id: i.id, "system.drawn": i.id === weapon.id }));
  await actor.updateEmbeddedDocuments("Item", changes);
  await postStatusCard(
    i18n().format("FRAY.Worldlines.Status.DrawTitle", { name: actor.name, weapon: weapon.name }),
    [
      {
        text: done.value.free
          ? i18n().localize("FRAY.Worldlines.Status.DrawnFree")
          : i18n().format("FRAY.Worldlines.Status.TechniqueUsed", { energy: done.value.cost }),
        bad: false,
      },
    ],
    actor,
  );
  return true;
}
