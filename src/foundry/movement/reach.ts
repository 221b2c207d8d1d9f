/** The weapon a fighter threatens with, shared by every ruleset's reactions. */

/**
 * The actor's weapon item reaching farthest by the ruleset's measure (`reachOf`: its reach in the
 * ruleset's unit, null for a weapon that threatens nothing), or null without one.
 */
export function farthestWeapon(
  actor: Actor.Implementation,
  reachOf: (item: Item.Implementation) => number | null,
): { readonly item: Item.Implementation; readonly reach: number } | null {
  let best: { item: Item.Implementation; reach: number } | null = null;
  for (const item of actor.items.contents) {
    if (item.type !== "weapon") continue;
    const reach = reachOf(item);
    if (reach !== null && (best === null || reach > best.reach)) best = { item, reach };
  }
  return best;
}
