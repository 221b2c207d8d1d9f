/**
 * Drawing a weapon from the Worldlines sheet (issue 18): the action table's weapon switch costs
 * Energy, nothing with a Quick Draw technique; the drawn weapon is the one in hand; drawing the
 * weapon already in hand, or without the Energy, is refused and changes nothing.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { installTableFakes } from "../fake-foundry/table.ts";
import type { ClientDocument } from "../fake-foundry/documents.ts";
import type * as SheetModule from "../../src/foundry/rulesets/worldlines/sheets/actor-sheet.ts";

let fake: FakeFoundry;
let sheets: typeof SheetModule;

beforeAll(async () => {
  fake = installFakeFoundry();
  installTableFakes(fake);
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  sheets = await import("../../src/foundry/rulesets/worldlines/sheets/actor-sheet.ts");
});

beforeEach(() => {
  fake.notifications.length = 0;
});

type Doc = ClientDocument & { items: { contents: ClientDocument[] } };
type Handler = (this: unknown, event: unknown, target: unknown) => Promise<void>;

async function maya(energy: number, techniques: Record<string, unknown>[] = []) {
  const Actor = fake.CONFIG["Actor"]?.documentClass;
  const actor = await Actor?.create({
    name: "Maya",
    type: "character",
    system: { energy: { value: energy, max: 6 } },
    items: [
      { name: "Pistol", type: "weapon", system: { damage: "1d6", kind: "ranged", drawn: true } },
      { name: "Knife", type: "weapon", system: { damage: "1d4", kind: "melee", skill: "melee" } },
      ...techniques.map((t) => ({ type: "technique", ...t })),
    ],
  });
  if (!actor) throw new Error("actor not created");
  return actor as unknown as Actor.Implementation;
}

const energyOf = (a: Actor.Implementation) =>
  ((a as unknown as Doc).system as unknown as { energy: { value: number } }).energy.value;

/** Clicks a weapon row's Draw button, as ApplicationV2 runs its `data-action` handler. */
async function draw(actor: Actor.Implementation, weaponName: string) {
  const Sheet = sheets.WorldlinesActorSheet as unknown as {
    new (options: { document: unknown }): unknown;
    DEFAULT_OPTIONS: { actions: Record<string, Handler> };
  };
  const itemId = (actor as unknown as Doc).items.contents.find((i) => i.name === weaponName)?.id;
  const handler = Sheet.DEFAULT_OPTIONS.actions["draw"];
  if (!handler) throw new Error("no Draw action on the sheet");
  await handler.call(
    new Sheet({ document: actor }),
    {},
    {
      dataset: {},
      closest: () => ({ dataset: { itemId } }),
    },
  );
}

async function inHand(actor: Actor.Implementation) {
  const context = await sheets.worldlinesActorSheetContext(actor, "combat");
  return context.weapons.filter((w) => w.drawn).map((w) => w.name);
}

describe("drawing a weapon from the sheet", () => {
  it("costs 1 Energy and puts the weapon in hand instead of the other", async () => {
    const m = await maya(6);
    await draw(m, "Knife");
    expect(energyOf(m)).toBe(5);
    expect(await inHand(m)).toEqual(["Knife"]);
  });

  it("is free with a Quick Draw technique", async () => {
    const m = await maya(6, [
      { name: "Quick Draw", system: { use: "passive", energyCost: 0, freeWeaponSwitch: true } },
    ]);
    await draw(m, "Knife");
    expect(energyOf(m)).toBe(6);
    expect(await inHand(m)).toEqual(["Knife"]);
  });

  it("is refused for the weapon already in hand, and without the Energy; nothing changes", async () => {
    const m = await maya(0);
    await draw(m, "Pistol");
    expect(fake.notifications.at(-1)).toEqual({
      level: "warn",
      message: "Maya already has that weapon in hand.",
    });
    await draw(m, "Knife");
    expect(fake.notifications.at(-1)).toEqual({
      level: "warn",
      message: "Not enough Energy: that costs 1, Maya has 0.",
    });
    expect(energyOf(m)).toBe(0);
    expect(await inHand(m)).toEqual(["Pistol"]);
  });
});
