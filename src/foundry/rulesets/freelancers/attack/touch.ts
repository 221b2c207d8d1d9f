/**
 * Touch effects as ActiveEffects. A Touch weapon's effect is each ActiveEffect on the weapon item
 * that does not transfer to its wielder (core applies an item's transferring effects to the actor
 * that holds it, so a touch effect is made with transfer off). When the GM applies a hit of a
 * Touch weapon, a copy of each lands on the target as an ActiveEffect document, written by the GM
 * in one batch, whether or not the damage got through the armor: the book affects the target on
 * any hit of a touch, even one that does not penetrate. The copy keeps the weapon as its origin
 * and the effect's own duration (core's; the book gives touch effects no Upkeep rule).
 */
import { resolveActor } from "../adapter.ts";
import type { FlAttackCardState } from "../cards/attack-card.ts";

/** The weapon's touch effects, as the data of the copies to create on a target. */
function touchEffectsOf(weapon: Item.Implementation): Record<string, unknown>[] {
  return weapon.effects.contents
    .filter((effect) => !effect.transfer)
    .map((effect) => {
      const { _id: _dropped, ...data } = effect.toObject() as Record<string, unknown>;
      return { ...data, origin: weapon.uuid, transfer: false };
    });
}

/**
 * On the referee, as a hit is applied: lands the weapon's touch effects on the defender and
 * answers with their names (none for a miss, a weapon without Touch, or one with no effect).
 */
export async function landTouchEffects(card: FlAttackCardState): Promise<string[]> {
  if (card.result?.hit !== true || card.weapon.touch !== true) return [];
  const weapon = resolveActor(card.attackerId)?.items.get(card.weapon.id);
  const defender = resolveActor(card.defenderId);
  if (weapon === undefined || defender === null) return [];
  const effects = touchEffectsOf(weapon);
  if (effects.length === 0) return [];
  await defender.createEmbeddedDocuments("ActiveEffect", effects as never);
  return effects.map((effect) => (typeof effect["name"] === "string" ? effect["name"] : ""));
}
