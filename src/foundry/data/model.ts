/**
 * One frame for a ruleset's system DataModel: core finds a model's schema, migration, joint rule
 * and derived data through its class (statics `defineSchema`, `migrateData`, `validateJoint`,
 * the instance's `prepareDerivedData`), so each model is a class; what differs between them is
 * only what this spec gives. A ruleset writes `class XData extends actorModel({ ... }) {}` (a
 * named class: wireSystemModels and the sheets' config key models by class) and wires it with
 * wireSystemModels (migrate.ts), which runs the shared migration and pool checks around these.
 */
type Schema = foundry.data.fields.DataSchema;

export interface SystemModelSpec<
  S extends Schema,
  D,
  P extends Actor.Implementation | Item.Implementation,
> {
  /** The fields of `system`. */
  readonly schema: () => S;
  /**
   * Brings a stored source of an older shape to this one, before core cleans and validates it
   * (core: DataModel#_initializeSource calls migrateData).
   */
  readonly migrate?: (source: Record<string, unknown>) => Record<string, unknown>;
  /** Refuses, by throwing a localized message, values no single field can refuse alone. */
  readonly validate?: (data: Record<string, unknown>) => void;
  /** What the sheet and tools read without recomputing (`system.derived`, after effects). */
  readonly derive?: (system: foundry.abstract.TypeDataModel<S, P>) => D;
}

function systemModel<S extends Schema, D, P extends Actor.Implementation | Item.Implementation>(
  spec: SystemModelSpec<S, D, P>,
) {
  return class extends foundry.abstract.TypeDataModel<S, P> {
    declare derived: D;

    static override defineSchema(): S {
      return spec.schema();
    }

    static override migrateData(source: Record<string, unknown>) {
      return super.migrateData(spec.migrate === undefined ? source : spec.migrate(source));
    }

    static override validateJoint(data: Record<string, unknown>): void {
      spec.validate?.(data);
    }

    override prepareDerivedData(): void {
      if (spec.derive !== undefined) this.derived = spec.derive(this);
    }
  };
}

/** An actor type's system model. */
export function actorModel<S extends Schema, D = undefined>(
  spec: SystemModelSpec<S, D, Actor.Implementation>,
) {
  return systemModel<S, D, Actor.Implementation>(spec);
}

/** An item type's system model. */
export function itemModel<S extends Schema, D = undefined>(
  spec: SystemModelSpec<S, D, Item.Implementation>,
) {
  return systemModel<S, D, Item.Implementation>(spec);
}
