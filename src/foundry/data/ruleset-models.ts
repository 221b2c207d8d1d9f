/**
 * A ruleset's DataModels in the one shape every ruleset has: a character and an NPC; a weapon,
 * armor, gear and a technique. Gear or a technique a ruleset has no model of its own for is the
 * plain model, subclassed here so its data is stamped as this ruleset's (wireSystemModels wires
 * each class once, for one owner).
 */
import { PlainGearModel, PlainTechniqueModel } from "./item.ts";
import { wireSystemModels } from "./migrate.ts";
import type { ModelLike } from "./migrate.ts";

interface ActorModels<C extends ModelLike, N extends ModelLike> {
  readonly character: C;
  readonly npc: N;
}

interface ItemModels<W, A, G, T> {
  readonly weapon: W;
  readonly armor: A;
  readonly gear?: G;
  readonly technique?: T;
}

/** Registers a ruleset's models (`pools`: the joint bounds, as wireSystemModels takes them). */
export function rulesetModels<
  C extends ModelLike,
  N extends ModelLike,
  W extends ModelLike,
  A extends ModelLike,
  G extends ModelLike = typeof PlainGearModel,
  T extends ModelLike = typeof PlainTechniqueModel,
>(
  ruleset: string,
  actors: ActorModels<C, N>,
  items: ItemModels<W, A, G, T>,
  pools: Readonly<Record<string, readonly string[]>> = {},
) {
  const gear: G | typeof PlainGearModel = items.gear ?? class extends PlainGearModel {};
  const technique: T | typeof PlainTechniqueModel =
    items.technique ?? class extends PlainTechniqueModel {};
  return wireSystemModels(
    ruleset,
    {
      Actor: { character: actors.character, npc: actors.npc },
      Item: { weapon: items.weapon, armor: items.armor, gear, technique },
    },
    pools,
  );
}
