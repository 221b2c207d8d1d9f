/**
 * The rules options menu (issue 26, "Settings menus"), in the fake Foundry playing the dice-pool
 * game: core's settings window shows one menu button (to a GM only) instead of the ruleset's flat
 * list; the GM opens it, sees the options by section with the book's default beside each, changes
 * one and saves, and the rules read the new value. A player cannot save (the menu refuses, and
 * core's server refuses a player's write of a world setting), and a bad value (out of bounds,
 * malformed, not a choice) is refused with a localized message and changes nothing.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import type { MenuView } from "../../src/foundry/settings-menu-view.ts";

let fake: FakeFoundry;
const RULESET_LABEL = "FRAY.Ruleset.dicepool.Name";

interface MenuApp {
  render(options?: unknown): Promise<unknown>;
  submitForm(values: Record<string, unknown>): Promise<void>;
  lastContext: Record<string, unknown> | null;
  rendered: boolean;
}

beforeAll(async () => {
  fake = installFakeFoundry({ users: [GM, PLAYER], settings: { "fray.ruleset": "dicepool" } });
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
});

beforeEach(() => {
  fake.notifications.length = 0;
  fake.setUser(GM.id);
});

const setting = (key: string): unknown => fake.game.settings.get("fray", key);

/** Opens the menu as core's settings window does when its button is pressed. */
async function openMenu(): Promise<{ app: MenuApp; view: MenuView }> {
  const menu = fake.settings.menus.get("fray.rulesetOptions");
  if (menu === undefined) throw new Error("no rules options menu");
  const app = new menu.type() as unknown as MenuApp;
  await app.render(true);
  return { app, view: app.lastContext as unknown as MenuView };
}

const fieldsOf = (view: MenuView) => view.sections.flatMap((section) => section.fields);
const field = (view: MenuView, key: string) => {
  const found = fieldsOf(view).find((f) => f.key === key);
  if (found === undefined) throw new Error(`no field ${key}`);
  return found;
};

/** The form's values as the GM sees them when it opens. */
const formOf = (view: MenuView): Record<string, unknown> =>
  Object.fromEntries(fieldsOf(view).map((f) => [f.key, f.value]));

describe("the rules options menu", () => {
  it("is one button in core's settings window, for a GM only, and the options leave the flat list", () => {
    expect(fake.settings.menusShown()).toEqual(["fray.rulesetOptions"]);
    fake.setUser(PLAYER.id);
    expect(fake.settings.menusShown()).toEqual([]);
    for (const key of ["dicepoolDieSides", "dicepoolStaticDefense", "dicepoolGuardDice"]) {
      expect(fake.settings.settings.get(`fray.${key}`)).toMatchObject({
        scope: "world",
        config: false,
      });
    }
    // The ruleset picker stays in core's list.
    expect(fake.settings.settings.get("fray.ruleset")).toMatchObject({ config: true });
  });

  it("shows the ruleset's options by section, each with the book's default beside it", async () => {
    const { view } = await openMenu();
    expect(view.ruleset).toBe(fake.game.i18n.localize(RULESET_LABEL));
    expect(view.sections.map((s) => s.label)).toEqual(["Rules", "Scene"]);
    expect(field(view, "sceneDarkness")).toMatchObject({ value: 0.5, bookDefault: "0.5" });
    expect(field(view, "dicepoolDieSides")).toMatchObject({
      name: "Dice-pool: die size",
      kind: "number",
      value: 6,
      bookDefault: "6",
      range: { min: 2, max: 20, step: 1 },
    });
    expect(field(view, "dicepoolStaticDefense")).toMatchObject({
      kind: "boolean",
      value: false,
      bookDefault: "Off",
    });
    const defense = field(view, "dicepoolDefaultDefense");
    expect(defense.kind).toBe("choice");
    expect(defense.options?.find((o) => o.selected)?.value).toBe("ask");
    expect(defense.bookDefault).toBe(defense.options?.[0]?.label);
    expect(field(view, "dicepoolGuardDice").bookDefault).toBe("2");
    expect(view.editable).toBe(true);
  });

  it("saves the GM's change, and the rules read it", async () => {
    const { app, view } = await openMenu();
    const { dicepoolOptions } = await import("../../src/foundry/rulesets/dicepool/settings.ts");
    expect(dicepoolOptions().dieSides).toBe(6);
    await app.submitForm({ ...formOf(view), dicepoolDieSides: 10, dicepoolStaticDefense: true });
    expect(setting("dicepoolDieSides")).toBe(10);
    expect(setting("dicepoolStaticDefense")).toBe(true);
    expect(dicepoolOptions()).toMatchObject({ dieSides: 10, staticDefense: true });
    expect(app.rendered).toBe(false);
    expect(fake.notifications.at(-1)?.message).toBe("The rules options are saved.");
    // Opened again, the form shows the saved values beside the book's.
    const again = (await openMenu()).view;
    expect(field(again, "dicepoolDieSides")).toMatchObject({ value: 10, bookDefault: "6" });
    await (
      await openMenu()
    ).app.submitForm({
      ...formOf(again),
      dicepoolDieSides: 6,
      dicepoolStaticDefense: false,
    });
    expect(setting("dicepoolDieSides")).toBe(6);
  });

  it("refuses a player's save, and core's server refuses a player's write", async () => {
    fake.setUser(PLAYER.id);
    const { app, view } = await openMenu();
    expect(view.editable).toBe(false);
    await app.submitForm({ ...formOf(view), dicepoolDieSides: 12 });
    expect(setting("dicepoolDieSides")).toBe(6);
    expect(fake.notifications.at(-1)).toMatchObject({
      level: "warn",
      message: "Only a GM can change the rules options.",
    });
    await expect(fake.game.settings.set("fray", "dicepoolDieSides", 12)).rejects.toThrow(
      /permission/,
    );
    expect(setting("dicepoolDieSides")).toBe(6);
  });

  it.each([
    [
      "a number out of bounds",
      { dicepoolDieSides: 50 },
      "die size: the value must be from 2 to 20, in steps of 1.",
    ],
    ["a number off its step", { dicepoolGuardDice: 1.5 }, "the value must be from 0 to 20"],
    ["a malformed number", { dicepoolHitOn: "four" }, "is not a number"],
    ["an empty number", { dicepoolHitOn: null }, "is not a number"],
    ["an infinite number", { dicepoolHitOn: Infinity }, "is not a number"],
    ["a choice not offered", { dicepoolDefaultDefense: "dodge; drop" }, "not one of the choices"],
    ["a switch that is not on or off", { dicepoolHexSpaces: "yes" }, "must be on or off"],
  ])("refuses %s with a message, changing nothing", async (_what, bad, message) => {
    const { app, view } = await openMenu();
    const before = formOf(view);
    // A valid change beside the bad one is not saved either.
    await app.submitForm({ ...before, dicepoolStaticDefense: true, ...bad });
    expect(fake.notifications.at(-1)?.level).toBe("error");
    expect(fake.notifications.at(-1)?.message).toContain(message);
    expect(fake.notifications.at(-1)?.message).toContain("Nothing was saved.");
    expect(formOf((await openMenu()).view)).toEqual(before);
    expect(app.rendered).toBe(true);
  });
});
