/**
 * The model of an actor type the world's ruleset does not play (a dice-pool vehicle in a world
 * that switched to Worldlines). It has only the bookkeeping fields, so it validates anything and
 * never throws; wired with the shared migration (migrate.ts) under the active ruleset, it moves
 * the data the other ruleset wrote into `kept`, where that ruleset's model finds it again once the
 * world plays it. The actor still loads, keeps its data, and is never played.
 */
import { storageFields, wireSystemModels } from "./migrate.ts";
import type { ModelLike } from "./migrate.ts";

type InertSchema = ReturnType<typeof storageFields>;

const inert = new Map<string, ModelLike>();

/** The inert model of an actor type under a ruleset (one class per pair, wired once). */
export function inertActorModel(ruleset: string, type: string): ModelLike {
  const key = `${ruleset}.${type}`;
  const known = inert.get(key);
  if (known !== undefined) return known;
  class InertActorData extends foundry.abstract.TypeDataModel<InertSchema, Actor.Implementation> {
    static override defineSchema(): InertSchema {
      return storageFields();
    }
  }
  wireSystemModels(ruleset, { Actor: { [type]: InertActorData } });
  inert.set(key, InertActorData);
  return InertActorData;
}
