/**
 * RegionBehaviors as core v13 makes them, for the Region behaviours a system adds:
 *
 * - `foundry.data.regionBehaviors.RegionBehaviorType`: the base of a behaviour's `system` model (a
 *   TypeDataModel; core's own subtypes add an `events` field, a system's may have none). Its
 *   `behavior` is the RegionBehavior it belongs to (the model's parent).
 * - `CONFIG.RegionBehavior.dataModels` / `typeIcons`: the system registers its subtype's model
 *   and icon there at `init`; core builds `system` through that model.
 * - A subtype must be declared in the package manifest (system.json `documentTypes.RegionBehavior`,
 *   the key namespaced with the package id, `"fray.roughTerrain"`): the server refuses a
 *   behaviour of a type that is neither one of core's nor declared (its `create` yields nothing),
 *   and a declared subtype whose model is missing keeps its data as it was stored.
 * - `disabled` defaults to false; `name` to "".
 *
 * `addBehavior(region, data)` is the GM creating a behaviour on a Region in its config sheet.
 */
import { TypeDataModel } from "./data-model.ts";
import type { DataModel } from "./data-model.ts";
import { world } from "./world.ts";
import type { FakeRegionDocument } from "./walls.ts";

/** Core v13's own RegionBehavior types (CONST.REGION_BEHAVIOR_TYPES … as core lists them). */
export const CORE_BEHAVIOR_TYPES = [
  "adjustDarknessLevel",
  "displayScrollingText",
  "executeMacro",
  "executeScript",
  "modifyMovementCost",
  "pauseGame",
  "suppressWeather",
  "teleportToken",
  "toggleBehavior",
] as const;

/** Core `foundry.data.regionBehaviors.RegionBehaviorType`. */
export class RegionBehaviorType extends TypeDataModel {
  /** Core: the RegionBehavior this data belongs to. */
  get behavior(): unknown {
    return this.parent;
  }
}

export interface FakeRegionBehavior {
  readonly id: string;
  readonly documentName: "RegionBehavior";
  readonly type: string;
  name: string;
  disabled: boolean;
  system: DataModel | Record<string, unknown>;
  readonly parent: FakeRegionDocument;
}

let next = 0;

function declaredTypes(): string[] {
  const system = (globalThis as { game?: { system?: unknown } }).game?.system as
    { documentTypes?: Record<string, Record<string, unknown>> } | undefined;
  return Object.keys(system?.documentTypes?.["RegionBehavior"] ?? {});
}

/**
 * The GM adds a behaviour to a Region (see the file's comment): null when the server refuses its
 * type. Its `system` is built by the model registered for the type.
 */
export function addBehavior(
  region: FakeRegionDocument,
  data: { type: string; system?: Record<string, unknown>; disabled?: boolean; name?: string },
): FakeRegionBehavior | null {
  const known = (CORE_BEHAVIOR_TYPES as readonly string[]).includes(data.type);
  if (!known && !declaredTypes().includes(data.type)) return null;
  next += 1;
  const id = `behavior${String(next)}`;
  const models = (world.config()["RegionBehavior"]?.dataModels ?? {}) as Record<
    string,
    typeof DataModel | undefined
  >;
  const Model = models[data.type];
  const behavior: FakeRegionBehavior = {
    id,
    documentName: "RegionBehavior",
    type: data.type,
    name: data.name ?? "",
    disabled: data.disabled ?? false,
    system: {},
    parent: region,
  };
  try {
    behavior.system = Model
      ? new Model(data.system ?? {}, { parent: behavior })
      : structuredClone(data.system ?? {});
  } catch {
    // Core's server validates the new document's system data and refuses what fails.
    return null;
  }
  region.behaviors.set(id, behavior);
  return behavior;
}
