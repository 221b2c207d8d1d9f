/**
 * WWN NPCs hit with their stat block's total bonus (issue 27), in the fake Foundry: a newly made
 * NPC is not unskilled by default, the GM enters the stat block's bonus on the sheet (blank: skill,
 * class bonus and attribute, as a PC), and NPCs stored before the field keep hitting as they did.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import type { ClientDocument } from "../fake-foundry/documents.ts";
import { installTableFakes } from "../fake-foundry/table.ts";
import type * as SheetModule from "../../src/foundry/rulesets/wwn/sheets/actor-sheet.ts";
import { queuedDice } from "./boot.support.ts";
import { wwnScene, wwnShell } from "./wwn.support.ts";
import type { WwnShell } from "./wwn.support.ts";
import { EMPTY_WORLD, boot, systemOf } from "./world-reload.support.ts";

let fake: FakeFoundry;
let table: ReturnType<typeof installTableFakes>;
let actions: WwnShell;
let scene: ReturnType<typeof wwnScene>;
let sheets: typeof SheetModule;
const rolls = queuedDice<[number, number]>(([sides, face]) => (face - 0.5) / sides);

beforeAll(async () => {
  fake = installFakeFoundry({ settings: { "fray.ruleset": "wwn" }, random: rolls.random });
  table = installTableFakes(fake);
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  actions = await wwnShell();
  scene = wwnScene(fake);
  sheets = await import("../../src/foundry/rulesets/wwn/sheets/actor-sheet.ts");
});

beforeEach(() => {
  fake.setUser(GM.id);
  fake.notifications.length = 0;
  rolls.set();
});

type Doc = ClientDocument & { items: { contents: ClientDocument[] } };
const SPEAR = { name: "Spear", type: "weapon", system: { damage: "1d6", skill: "stab" } };

async function createActor(source: Record<string, unknown>): Promise<Actor.Implementation> {
  const Actor = fake.CONFIG["Actor"]?.documentClass;
  const actor = await fake.as(GM.id, () => Actor?.create(source));
  if (!actor) throw new Error("actor not created");
  scene.place(actor);
  return actor as unknown as Actor.Implementation;
}

const spearOf = (actor: Actor.Implementation) => {
  const item = (actor as unknown as Doc).items.contents.find((i) => i.name === "Spear");
  if (!item) throw new Error("no spear");
  return item as unknown as Item.Implementation;
};

/** What the sheet shows: the stat block input, and the spear row's hit bonus. */
async function sheetShows(actor: Actor.Implementation) {
  const context = await sheets.wwnActorSheetContext(actor);
  return { hitBonus: context.hitBonus, spearHit: context.weapons[0]?.hit };
}

const content = (message: ChatMessage.Implementation | null) =>
  (message as unknown as { content: string } | null)?.content ?? "";

describe("a new NPC", () => {
  // Seen red before the fix: the sheet showed −2 (unskilled) and a d20 of 9 missed AC 10.
  it("hits with an ordinary fighter's stat block bonus, not as unskilled", async () => {
    const orc = await createActor({ name: "Orc", type: "npc", items: [SPEAR] });
    const kara = await createActor({ name: "Kara", type: "character" });
    expect(await sheetShows(orc)).toEqual({ hitBonus: "1", spearHit: "+1" });
    table.target(kara);
    rolls.set([20, 9], [6, 3]);
    const message = await actions.wwnAttack(orc, spearOf(orc), {});
    expect(content(message)).toContain("Stat block");
    expect(content(message)).toContain("Hit");
    expect(content(message)).not.toContain("Miss");
  });
});

describe("the GM's stat block bonus on the sheet", () => {
  it("replaces skill, attack bonus and attribute; blank brings them back", async () => {
    const orc = await createActor({ name: "Orc chief", type: "npc", items: [SPEAR] });
    const raw = orc as unknown as ClientDocument;
    // What the sheet's form submits when the GM types 4 (core: submitOnChange → actor.update).
    await raw.update({ "system.hitBonus": 4, "system.skills.stab": 2, "system.attackBonus": 1 });
    expect(await sheetShows(orc)).toEqual({ hitBonus: "4", spearHit: "+4" });
    // The field cleared: Stab-2 + attack bonus 1 + Str 10 (+0).
    await raw.update({ "system.hitBonus": null });
    expect(await sheetShows(orc)).toEqual({ hitBonus: "", spearHit: "+3" });
  });

  it("is not offered to a PC, whose data has no such field", async () => {
    const pc = await createActor({ name: "Ana", type: "character", items: [SPEAR] });
    expect(systemOf(pc as unknown as ClientDocument)).not.toHaveProperty("hitBonus");
    expect(await sheetShows(pc)).toEqual({ hitBonus: "", spearHit: "−2" });
  });
});

describe("stored NPCs", () => {
  it("keep hitting as they did when stored before the field; a set bonus survives a reload", async () => {
    const first = await boot("wwn", EMPTY_WORLD);
    const Actor = first.fake.CONFIG["Actor"]?.documentClass;
    await Actor?.create({
      name: "Veteran",
      type: "npc",
      system: { skills: { stab: 2 }, attackBonus: 1 },
      items: [SPEAR],
    });
    await Actor?.create({ name: "Brute", type: "npc", system: { hitBonus: 6 }, items: [SPEAR] });
    const saved = first.save();
    // The veteran as an older Fray stored it: every field but the new one.
    const veteran = saved.Actor.find((a) => a["name"] === "Veteran");
    delete veteran?.["system"]?.["hitBonus"];

    const again = await boot("wwn", saved);
    expect(again.invalid).toEqual({ Actor: [], Item: [] });
    const reloaded = await import("../../src/foundry/rulesets/wwn/sheets/actor-sheet.ts");
    const byName = (name: string) =>
      again.fake.game.actors.contents.find(
        (a) => a.name === name,
      ) as unknown as Actor.Implementation;
    const shows = async (name: string) => {
      const context = await reloaded.wwnActorSheetContext(byName(name));
      return { hitBonus: context.hitBonus, spearHit: context.weapons[0]?.hit };
    };
    expect(await shows("Veteran")).toEqual({ hitBonus: "", spearHit: "+3" });
    expect(await shows("Brute")).toEqual({ hitBonus: "6", spearHit: "+6" });
  });
});
