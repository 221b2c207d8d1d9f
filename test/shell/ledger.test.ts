/**
 * combatOf finds the started combat an actor fights in whatever scene the user views (core's
 * game.combat is the viewed scene's combat), and the referee's ledger reads only what it wrote.
 */
import { describe, expect, it } from "vitest";
import { combatOf as newCombat } from "./combat-order.support.ts";
import { installFakeFoundry } from "../fake-foundry/index.ts";

async function world() {
  const fake = installFakeFoundry({ settings: { "fray.ruleset": "worldlines" } });
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  const ledger = await import("../../src/foundry/combat/ledger.ts");
  return { fake, ...ledger };
}

describe("combatOf", () => {
  it("finds the started combat the actor fights in, and none before it starts", async () => {
    const { fake, combatOf } = await world();
    const combat = await newCombat(fake, [
      { name: "Ada", type: "character" },
      { name: "Bram", type: "npc" },
    ]);
    const ada = combat.combatants.contents[0]?.actor as Actor.Implementation;
    expect(combatOf(ada)).toBeNull();
    await combat.startCombat();
    expect(combatOf(ada)?.id).toBe(combat.id);
    const Actor = fake.CONFIG["Actor"]?.documentClass;
    if (Actor === undefined) throw new Error("no Actor class");
    const [stranger] = (await Actor.createDocuments([
      { name: "Cy", type: "character" },
    ])) as unknown as Actor.Implementation[];
    if (stranger === undefined) throw new Error("no actor");
    expect(combatOf(stranger)).toBeNull();
  });
});

describe("the referee's ledger", () => {
  it("records values under dotted Combat keys and reads back only own entries", async () => {
    const { fake, ledgerChanges, ledgerEntry } = await world();
    const combat = await newCombat(fake, [{ name: "Ada", type: "character" }]);
    const id = combat.combatants.contents[0]?.id ?? "";
    await combat.update(ledgerChanges([{ combatantId: id, key: "budget", value: { main: 1 } }]));
    expect(ledgerEntry(combat, id, "budget")).toEqual({ main: 1 });
    expect(ledgerEntry(combat, id, "constructor")).toBeUndefined();
    expect(ledgerEntry(combat, "__proto__", "budget")).toBeUndefined();
    expect(ledgerEntry(combat, "toString", "budget")).toBeUndefined();
    expect(ledgerChanges([{ combatantId: "a.b", key: "budget", value: 1 }])).toEqual({});
  });
});
