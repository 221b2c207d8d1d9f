/**
 * The fake's ActiveEffects against core v13 (test/fake-foundry/effects.ts): an actor carries
 * effects (and its items' transferring ones); they apply after the base data and before the
 * derived data, by priority; they change the prepared data, never the source; core does not
 * clean what they produce, so an effect can push a value past its field's bounds; and creating,
 * changing or deleting an effect prepares the actor again from its source, without applying any
 * effect twice.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { DataModel } from "../fake-foundry/data-model.ts";
import { NumberField } from "../fake-foundry/fields.ts";
import type { ClientDocument } from "../fake-foundry/documents.ts";
import { EFFECT_MODES } from "../fake-foundry/effects.ts";

let fake: FakeFoundry;

/** What the model saw at each preparation step. */
const seen: { base: number; derived: number }[] = [];

class Hero extends DataModel {
  declare skill: number;
  declare doubled: number;

  static override defineSchema() {
    return {
      skill: new NumberField({ required: true, integer: true, min: 0, max: 10, initial: 2 }),
    };
  }

  override prepareBaseData() {
    seen.push({ base: this.skill, derived: Number.NaN });
  }

  override prepareDerivedData() {
    const last = seen.at(-1);
    if (last) last.derived = this.skill;
    this.doubled = this.skill * 2;
  }
}

beforeEach(() => {
  fake = installFakeFoundry({ users: [GM, PLAYER] });
  const actorConfig = fake.CONFIG["Actor"];
  if (actorConfig) actorConfig.dataModels = { hero: Hero };
  seen.length = 0;
});

const cls = (name: string) => {
  const found = fake.CONFIG[name]?.documentClass;
  if (!found) throw new Error(`no ${name}`);
  return found;
};

const boost = (value: string, mode: number = EFFECT_MODES.ADD, priority?: number) => ({
  name: "Boost",
  changes: [{ key: "system.skill", mode, value, ...(priority === undefined ? {} : { priority }) }],
});

async function hero(source: Record<string, unknown> = {}): Promise<ClientDocument> {
  const actor = await cls("Actor").create({
    name: "Hero",
    type: "hero",
    ownership: { [PLAYER.id]: 3 },
    ...source,
  });
  if (!actor) throw new Error("no actor");
  return actor;
}

const skill = (actor: ClientDocument) => (actor.system as Hero).skill;
const source = (actor: ClientDocument) => (actor.system as Hero)._source["skill"];

describe("ActiveEffects on the fake Actor", () => {
  it("apply after the base data and before the derived data, on the prepared data only", async () => {
    const actor = await hero({ system: { skill: 3 }, effects: [boost("2")] });
    expect(seen.at(-1)).toEqual({ base: 3, derived: 5 });
    expect((actor.system as Hero).doubled).toBe(10);
    expect(source(actor)).toBe(3);
    expect((actor as unknown as { overrides: unknown }).overrides).toEqual({ "system.skill": 5 });
  });

  it("are not cleaned by the field: an effect pushes a value past its bounds", async () => {
    const actor = await hero({ system: { skill: 9 }, effects: [boost("40")] });
    expect(skill(actor)).toBe(49);
  });

  it("apply by priority; a disabled one does not apply; an item's transferring one does", async () => {
    const actor = await hero({
      system: { skill: 3 },
      effects: [
        boost("10", EFFECT_MODES.ADD, 30),
        boost("1", EFFECT_MODES.OVERRIDE, 10),
        { ...boost("100"), disabled: true },
      ],
      items: [
        { name: "Ring", type: "base", effects: [boost("5")] },
        { name: "Stone", type: "base", effects: [{ ...boost("1000"), transfer: false }] },
      ],
    });
    // OVERRIDE 1 (priority 10), then ADD 5 (default 20), then ADD 10 (priority 30).
    expect(skill(actor)).toBe(16);
  });

  it("prepare the actor again from its source when an effect comes, changes or goes", async () => {
    const actor = await hero({ system: { skill: 3 } });
    fake.setUser(PLAYER.id);
    const [effect] = await actor.createEmbeddedDocuments("ActiveEffect", [boost("2")]);
    expect(skill(actor)).toBe(5);
    await actor.update({ name: "Hero II" });
    expect(skill(actor)).toBe(5);
    await actor.updateEmbeddedDocuments("ActiveEffect", [
      { _id: effect?.id ?? "", changes: [{ key: "system.skill", mode: 2, value: "4" }] },
    ]);
    expect(skill(actor)).toBe(7);
    await actor.deleteEmbeddedDocuments("ActiveEffect", [effect?.id ?? ""]);
    expect(skill(actor)).toBe(3);
    expect(source(actor)).toBe(3);
  });
});

describe("the fake Actor's statuses, as core v13 keeps them", () => {
  const statuses = (actor: ClientDocument) =>
    [...(actor as unknown as { statuses: Set<string> }).statuses].sort();

  it("are the active effects' (and items' transferring effects') status ids, set at preparation", async () => {
    const actor = await hero({
      effects: [
        { name: "Down", statuses: ["prone"] },
        { name: "Out", statuses: ["unconscious", "prone"] },
        { name: "Off", statuses: ["blind"], disabled: true },
      ],
      items: [
        { name: "Chains", type: "base", effects: [{ name: "Held", statuses: ["grappled"] }] },
      ],
    });
    expect(statuses(actor)).toEqual(["grappled", "prone", "unconscious"]);
  });

  it("are one Set, emptied and filled again each time the data is prepared", async () => {
    const actor = await hero({ effects: [{ name: "Down", statuses: ["prone"] }] });
    const set = (actor as unknown as { statuses: Set<string> }).statuses;
    // What a system adds while preparing (or a module after) stays until the next preparation.
    set.add("hidden");
    expect(statuses(actor)).toEqual(["hidden", "prone"]);
    const effect = (actor as unknown as { effects: { contents: ClientDocument[] } }).effects
      .contents[0];
    await effect?.update({ disabled: true });
    expect((actor as unknown as { statuses: Set<string> }).statuses).toBe(set);
    expect(statuses(actor)).toEqual([]);
  });
});
