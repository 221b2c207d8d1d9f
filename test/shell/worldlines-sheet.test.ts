import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import type { ClientDocument } from "../fake-foundry/documents.ts";
import { installTableFakes } from "../fake-foundry/table.ts";
import { combatOnTurn } from "./worldlines.support.ts";
import type * as SheetModule from "../../src/foundry/rulesets/worldlines/sheets/actor-sheet.ts";
import type * as ItemSheetModule from "../../src/foundry/rulesets/worldlines/sheets/item-sheet.ts";

let fake: FakeFoundry;
let sheets: typeof SheetModule;
let itemSheets: typeof ItemSheetModule;

beforeAll(async () => {
  fake = installFakeFoundry();
  installTableFakes(fake);
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  sheets = await import("../../src/foundry/rulesets/worldlines/sheets/actor-sheet.ts");
  itemSheets = await import("../../src/foundry/rulesets/worldlines/sheets/item-sheet.ts");
});

beforeEach(() => {
  fake.db.clear();
  fake.notifications.length = 0;
});

async function createActor(source: Record<string, unknown>): Promise<Actor.Implementation> {
  const Actor = fake.CONFIG["Actor"]?.documentClass;
  const actor = await Actor?.create(source);
  if (!actor) throw new Error("actor not created");
  return actor as unknown as Actor.Implementation;
}

const at = (actor: Actor.Implementation, path: string): unknown =>
  path
    .split(".")
    .reduce<unknown>(
      (value, key) => (value as Record<string, unknown>)[key],
      (actor as unknown as ClientDocument).system,
    );

type Handler = (this: unknown, event: unknown, target: unknown) => Promise<void>;

/** Clicks a sheet button: runs the handler its `data-action` names, as ApplicationV2 does. */
async function click(
  actor: Actor.Implementation,
  action: string,
  dataset: Record<string, string> = {},
  itemId?: string,
) {
  const Sheet = sheets.WorldlinesActorSheet as unknown as {
    new (options: { document: unknown }): unknown;
    DEFAULT_OPTIONS: { actions: Record<string, Handler> };
  };
  const sheet = new Sheet({ document: actor });
  const handler = Sheet.DEFAULT_OPTIONS.actions[action];
  if (!handler) throw new Error(`no action ${action}`);
  const target = {
    dataset,
    closest: () => (itemId === undefined ? null : { dataset: { itemId } }),
  };
  await handler.call(sheet, {}, target);
}

describe("the Worldlines actor sheet's context", () => {
  it("shows bars, the Combat die and its critical range, the stance, statuses with recovery", async () => {
    const actor = await createActor({
      name: "Maya",
      type: "character",
      system: {
        health: { value: 14, max: 20 },
        energy: { value: 3, max: 6 },
        traits: { combat: 10 },
        skills: { firearms: 2 },
        stance: "crouched",
      },
      items: [
        {
          name: "Pistol",
          type: "weapon",
          system: {
            damage: "1d6+1",
            kind: "ranged",
            skill: "firearms",
            accuracy: { attachments: 1 },
            ammo: { value: 9, max: 12 },
          },
        },
        { name: "Vest", type: "armor", system: { zones: { torso: 8 }, quality: 1 } },
        { name: "Quick hands", type: "technique", system: { energyCost: 1, effect: "Draw free" } },
        { name: "Medkit", type: "gear", system: { kind: "firstAidKit", quantity: 2 } },
      ],
      effects: [{ name: "Bleeding", statuses: ["bleeding"], flags: { fray: { hpPerTurn: 5 } } }],
    });
    const context = await sheets.worldlinesActorSheetContext(actor, "combat");
    expect(context.health).toEqual({ value: 14, max: 20, percent: 70 });
    expect(context.energy).toEqual({ value: 3, max: 6, percent: 50 });
    expect(context.combatDie.options.find((option) => option.selected)?.label).toBe("d10");
    expect(context.critText).toBe("crits on 9–10");
    expect(context.stances.filter((stance) => stance.active).map((stance) => stance.id)).toEqual([
      "crouched",
    ]);
    expect(context.statuses).toEqual([
      {
        id: "bleeding",
        label: "FRAY.Worldlines.Status.bleeding.Name",
        detail: "−5 per turn",
        recovery: "Medicine check, TD 5, 2 Energy",
      },
    ]);
    expect(context.weapons).toMatchObject([
      { name: "Pistol", attackBonus: "+3", damage: "1d6+1", ammo: "9 / 12" },
    ]);
    expect(context.zones.map((zone) => zone.die)).toEqual(["—", "d8", "—", "—"]);
    expect(context.armorBonus).toBe("+1");
    expect(context.techniques).toMatchObject([{ name: "Quick hands", cost: 1 }]);
    expect(context.gear).toMatchObject([{ name: "Medkit", quantity: 2 }]);
    expect(context.tabs.combat.cssClass).toBe("active");
  });

  it("renders through the registered sheet class with the sheet's own tab", async () => {
    const actor = await createActor({ name: "Rook", type: "npc", system: { rank: "elite" } });
    const Sheet = fake.sheets.defaultFor("Actor", "npc") as new (options: {
      document: unknown;
    }) => { render(): Promise<{ lastContext: Record<string, unknown> | null }> };
    const rendered = await new Sheet({ document: actor }).render();
    expect(rendered.lastContext).toMatchObject({
      isNpc: true,
      rankOptions: expect.arrayContaining([
        { value: "elite", label: "FRAY.Worldlines.Actor.Rank.elite", selected: true },
      ]) as unknown,
    });
    expect(
      (rendered.lastContext?.["tabs"] as Record<string, { cssClass: string }>)["combat"],
    ).toEqual(expect.objectContaining({ cssClass: "active" }));
  });
});

describe("the sheet's stance and Defensive Posture buttons", () => {
  it("change the stance and pay its Energy in one write", async () => {
    const actor = await createActor({ name: "Ash", type: "character" });
    fake.db.clear();
    await click(actor, "stance", { stance: "prone" });
    expect(at(actor, "stance")).toBe("prone");
    expect(at(actor, "energy.value")).toBe(5);
    expect(fake.db.count()).toBe(1);
  });

  it("take Defensive Posture for 3 Energy in a running combat: the referee records it", async () => {
    const actor = await createActor({ name: "Bo", type: "character" });
    const foe = await createActor({ name: "Foe", type: "npc" });
    await combatOnTurn(fake, [actor, foe], actor, () => undefined);
    const cards = fake.game.messages.size;
    await click(actor, "defensivePosture");
    expect(at(actor, "energy.value")).toBe(3);
    // The posture is the referee's record (budget.ts), which the sheet shows.
    const context = await sheets.worldlinesActorSheetContext(actor, "combat");
    expect(context.defensivePosture).toBe(true);
    expect(at(actor, "defensivePosture")).toBe(false);
    const card = fake.game.messages.contents.at(-1) as unknown as { content: string };
    expect(fake.game.messages.size).toBe(cards + 1);
    expect(card.content).toContain("Bo takes a Defensive Posture");
  });

  it("refuse Defensive Posture outside a combat, and with too little Energy, writing nothing", async () => {
    const loner = await createActor({ name: "Al", type: "character" });
    fake.db.clear();
    await click(loner, "defensivePosture");
    expect(fake.notifications).toEqual([
      {
        level: "warn",
        message: "Defensive Posture lasts until Al's next turn: it needs a running combat.",
      },
    ]);
    expect(fake.db.calls).toEqual([]);
    expect(at(loner, "energy.value")).toBe(6);

    const actor = await createActor({
      name: "Cy",
      type: "character",
      system: { energy: { value: 2, max: 6 } },
    });
    const foe = await createActor({ name: "Foe", type: "npc" });
    await combatOnTurn(fake, [actor, foe], actor, () => undefined);
    fake.db.clear();
    fake.notifications.length = 0;
    await click(actor, "defensivePosture");
    expect(fake.notifications).toEqual([
      { level: "warn", message: "Not enough Energy: that costs 3, Cy has 2." },
    ]);
    expect(fake.db.calls).toEqual([]);
    expect((await sheets.worldlinesActorSheetContext(actor, "combat")).defensivePosture).toBe(
      false,
    );
    expect(at(actor, "energy.value")).toBe(2);

    const tired = await createActor({
      name: "Di",
      type: "character",
      system: { energy: { value: 0, max: 6 } },
    });
    fake.db.clear();
    await click(tired, "stance", { stance: "crouched" });
    expect(fake.notifications.at(-1)?.message).toContain("Not enough Energy");
    expect(fake.db.calls).toEqual([]);
    expect(at(tired, "stance")).toBe("standing");
  });

  it("ignore a stance that does not exist", async () => {
    const actor = await createActor({ name: "Ed", type: "character" });
    fake.db.clear();
    await click(actor, "stance", { stance: "kneeling" });
    expect(fake.db.calls).toEqual([]);
  });

  it("toggle whether a piece of armor is worn, and the zones follow", async () => {
    const actor = await createActor({
      name: "Fay",
      type: "character",
      items: [{ name: "Helmet", type: "armor", system: { zones: { head: 6 } } }],
    });
    const helmet = (actor as unknown as { items: { contents: ClientDocument[] } }).items
      .contents[0];
    await click(actor, "toggleEquipped", {}, helmet?.id);
    const context = await sheets.worldlinesActorSheetContext(actor, "combat");
    expect(context.zones[0]).toMatchObject({ zone: "head", covered: false });
    expect(context.armor[0]?.equipped).toBe(false);
  });
});

describe("the Worldlines item sheet's context", () => {
  it("gives a weapon its sections and a range profile that shows the defaults it keeps", async () => {
    const actor = await createActor({
      name: "Gus",
      type: "character",
      items: [
        {
          name: "Rifle",
          type: "weapon",
          system: { damage: "2d6", range: { long: { accuracy: 0, feet: 300 } } },
        },
      ],
    });
    const rifle = (actor as unknown as { items: { contents: ClientDocument[] } }).items
      .contents[0] as unknown as Item.Implementation;
    const context = await itemSheets.worldlinesItemSheetContext(rifle);
    expect(context.sections.map((section) => section.title)).toEqual([
      "FRAY.Worldlines.Item.Section.attack",
      "FRAY.Worldlines.Item.Section.special",
      "FRAY.Worldlines.Item.Section.onHit",
    ]);
    const long = context.range?.find((row) => row.band === "long");
    expect(long?.accuracy).toMatchObject({ value: 0, placeholder: "-2" });
    expect(long?.feet).toMatchObject({ value: 300, placeholder: "120" });
    expect(context.range?.find((row) => row.band === "short")?.accuracy.value).toBeNull();
  });

  it("gives armor a die choice per zone, empty for an uncovered one", async () => {
    const actor = await createActor({
      name: "Hal",
      type: "character",
      items: [{ name: "Vest", type: "armor", system: { zones: { torso: 8 } } }],
    });
    const vest = (actor as unknown as { items: { contents: ClientDocument[] } }).items
      .contents[0] as unknown as Item.Implementation;
    const context = await itemSheets.worldlinesItemSheetContext(vest);
    const zones = context.sections[0]?.fields ?? [];
    const selected = zones.map((field) =>
      field.input === "select" ? field.options.find((o) => o.selected)?.label : null,
    );
    expect(selected).toEqual(["—", "d8", "—", "—"]);
    expect(context.summary).toBe("torso d8");
  });
});
