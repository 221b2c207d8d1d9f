/**
 * The fake's DataModel does what core v13's does with the two data hooks Fray relies on:
 * `migrateData` runs on construction, before cleaning (it still sees keys the schema does not
 * know), never on `updateSource`, and a migration that throws is logged and skipped;
 * `validateJoint` runs after field validation on construction and on every update, and a throw
 * refuses the data, leaving the model as it was.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import { installFakeFoundry } from "../fake-foundry/index.ts";
import { DataModel } from "../fake-foundry/data-model.ts";
import { DataModelValidationError, NumberField, SchemaField } from "../fake-foundry/fields.ts";

beforeAll(() => {
  installFakeFoundry();
});

const migrations: Record<string, unknown>[] = [];

class Pool extends DataModel {
  static override defineSchema() {
    return {
      value: new NumberField({ required: true, integer: true, initial: 1 }),
      max: new NumberField({ required: true, integer: true, initial: 1 }),
    };
  }

  static override migrateData(source: Record<string, unknown>) {
    migrations.push(structuredClone(source));
    // An old shape: `current` was renamed `value`.
    if ("current" in source) source["value"] = source["current"];
    if (source["max"] === "boom") throw new Error("cannot migrate");
    return super.migrateData(source);
  }

  static override validateJoint(data: Record<string, unknown>) {
    if ((data["value"] as number) > (data["max"] as number)) throw new Error("value over max");
  }
}

describe("the fake DataModel (core v13's data hooks)", () => {
  it("migrates before cleaning: the old key is still there, then cleaning drops it", () => {
    migrations.length = 0;
    const pool = new Pool({ current: 3, max: 4 });
    expect(migrations).toEqual([{ current: 3, max: 4 }]);
    expect(pool.toObject()).toEqual({ value: 3, max: 4 });
  });

  it("does not migrate on updateSource", () => {
    const pool = new Pool({ value: 1, max: 4 });
    migrations.length = 0;
    pool.updateSource({ value: 2 });
    expect(migrations).toEqual([]);
  });

  it("logs a migration that throws and goes on with the data as it is", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(() => new Pool({ value: 1, max: "boom" })).toThrow(DataModelValidationError);
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  it("refuses data the joint rule throws on, at construction and on update", () => {
    expect(() => new Pool({ value: 5, max: 4 })).toThrow("value over max");
    const pool = new Pool({ value: 4, max: 4 });
    expect(() => pool.updateSource({ max: 3 })).toThrow("value over max");
    expect(pool.toObject()).toEqual({ value: 4, max: 4 });
  });

  it("checks fields before the joint rule", () => {
    expect(() => new Pool({ value: "many", max: 4 })).toThrow(/value: must be a number/);
  });

  it("cleans numbers as core's NumberField does: cast, rounded, clamped, before validating", () => {
    class Bounded extends DataModel {
      static override defineSchema() {
        return {
          n: new NumberField({
            required: true,
            nullable: false,
            integer: true,
            min: 0,
            max: 9,
            initial: 3,
          }),
        };
      }
    }
    expect(new Bounded({ n: "4" }).toObject()).toEqual({ n: 4 });
    expect(new Bounded({ n: 2.6 }).toObject()).toEqual({ n: 3 });
    expect(new Bounded({ n: 500 }).toObject()).toEqual({ n: 9 });
    expect(new Bounded({ n: -Infinity }).toObject()).toEqual({ n: 0 });
    // null on a field that may not be null takes the initial value (DataField#clean).
    expect(new Bounded({ n: null }).toObject()).toEqual({ n: 3 });
    const model = new Bounded({ n: 1 });
    model.updateSource({ n: 12 });
    expect(model.toObject()).toEqual({ n: 9 });
    expect(() => new Bounded({ n: {} })).toThrow(/n: must be a number/);
  });

  it("a schema's fields know their bounds, as core's do", () => {
    const field = new SchemaField({ n: new NumberField({ min: 0, max: 9, integer: true }) }).fields[
      "n"
    ] as NumberField;
    expect([field.min, field.max, field.integer]).toEqual([0, 9, true]);
  });
});
