/**
 * An ActiveEffect cannot push an actor's prepared data past what its model accepts. Core applies
 * effects to the prepared data without cleaning the result (test/fake-foundry/effects.ts), and a
 * player may put any effect on an actor they own; the referee reads that actor as prepared. Fray's
 * models bring it back into bounds before their derived data (src/foundry/data/bounds.ts).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { GM, PLAYER, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import type { ClientDocument } from "../fake-foundry/documents.ts";
import { EFFECT_MODES } from "../fake-foundry/effects.ts";

let fake: FakeFoundry;

beforeAll(async () => {
  fake = installFakeFoundry({ users: [GM, PLAYER], settings: { "fray.ruleset": "worldlines" } });
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
});

const { ADD, OVERRIDE } = EFFECT_MODES;

async function maya(): Promise<ClientDocument> {
  const Actor = fake.CONFIG["Actor"]?.documentClass;
  const actor = await fake.as(GM.id, () =>
    Actor?.create({
      name: "Maya",
      type: "character",
      ownership: { [PLAYER.id]: 3 },
      system: { skills: { firearms: 2 }, energy: { value: 4, max: 6 } },
    }),
  );
  if (!actor) throw new Error("no actor");
  return actor;
}

const system = (actor: ClientDocument) =>
  actor.system as unknown as {
    skills: { firearms: number };
    energy: { value: number; max: number };
    stance: string;
    traits: { combat: number };
    derived: { critFrom: number | null };
    _source: { skills: { firearms: number } };
  };

describe("an effect on a player's own actor", () => {
  it("adds within the bounds and no further; the stored data is untouched", async () => {
    const actor = await maya();
    await fake.as(PLAYER.id, () =>
      actor.createEmbeddedDocuments("ActiveEffect", [
        {
          name: "Cheat",
          changes: [
            { key: "system.skills.firearms", mode: ADD, value: "50" },
            { key: "system.energy.value", mode: ADD, value: "40" },
          ],
        },
      ]),
    );
    expect(system(actor).skills.firearms).toBe(10);
    expect(system(actor).energy).toEqual({ value: 6, max: 6 });
    expect(system(actor)._source.skills.firearms).toBe(2);
  });

  it("cannot set a value the model refuses: it keeps the stored one", async () => {
    const actor = await maya();
    await fake.as(PLAYER.id, () =>
      actor.createEmbeddedDocuments("ActiveEffect", [
        {
          name: "Cheat",
          changes: [
            { key: "system.stance", mode: OVERRIDE, value: "flying" },
            { key: "system.traits.combat", mode: OVERRIDE, value: "7" },
          ],
        },
      ]),
    );
    expect(system(actor).stance).toBe("standing");
    expect(system(actor).traits.combat).toBe(8);
    // The derived data is computed from the bounded values.
    expect(system(actor).derived.critFrom).toBe(8);
  });

  it("within the bounds works as written", async () => {
    const actor = await maya();
    await fake.as(PLAYER.id, () =>
      actor.createEmbeddedDocuments("ActiveEffect", [
        {
          name: "Focus",
          changes: [
            { key: "system.skills.firearms", mode: ADD, value: "3" },
            { key: "system.traits.combat", mode: OVERRIDE, value: "10" },
          ],
        },
      ]),
    );
    expect(system(actor).skills.firearms).toBe(5);
    expect(system(actor).traits.combat).toBe(10);
    expect(system(actor).derived.critFrom).toBe(9);
  });
});
