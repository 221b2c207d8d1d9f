/**
 * The fake runs a type DataModel's `_preUpdate` as core v13's ClientDocumentMixin#_preUpdate
 * does: on the updating client, before the `preUpdate<Name>` hooks, with the differential data
 * it may change in place (what it adds is stored) or cancel (false: nothing is written).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { GM, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { TypeDataModel } from "../fake-foundry/data-model.ts";
import { NumberField } from "../fake-foundry/fields.ts";
import type { ClientDocument } from "../fake-foundry/documents.ts";

let fake: FakeFoundry;

class Counter extends TypeDataModel {
  static override defineSchema() {
    return {
      value: new NumberField({ required: true, integer: true, initial: 0 }),
      doubled: new NumberField({ required: true, integer: true, initial: 0 }),
    };
  }

  override _preUpdate(changes: Record<string, unknown>): Promise<boolean | undefined> {
    const value = changes["system.value"];
    if (value === 13) return Promise.resolve(false);
    if (typeof value === "number") changes["system.doubled"] = value * 2;
    return Promise.resolve(undefined);
  }
}

beforeAll(() => {
  fake = installFakeFoundry();
  const config = fake.CONFIG["Actor"] as unknown as { dataModels: Record<string, unknown> };
  config.dataModels = { ...config.dataModels, counter: Counter };
});

describe("a type DataModel's _preUpdate in the fake", () => {
  it("changes the update in place before it is sent, and false cancels it", async () => {
    fake.setUser(GM.id);
    const Actor = fake.CONFIG["Actor"]?.documentClass;
    const actor = (await Actor?.create({ name: "C", type: "counter" })) as ClientDocument;
    await actor.update({ "system.value": 4 });
    expect(actor.system).toMatchObject({ value: 4, doubled: 8 });
    const writes = fake.db.calls.length;
    await actor.update({ "system.value": 13 });
    expect(actor.system).toMatchObject({ value: 4, doubled: 8 });
    expect(fake.db.calls.length).toBe(writes);
  });
});
