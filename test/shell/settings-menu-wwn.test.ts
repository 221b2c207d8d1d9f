/**
 * The rules options menu playing WWN: the same one menu (no copy per ruleset) shows WWN's own
 * option with the book's default, and the GM's saved value is what the rules then read.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { GM, PLAYER, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import type { MenuView } from "../../src/foundry/settings-menu-view.ts";

let fake: FakeFoundry;

beforeAll(async () => {
  fake = installFakeFoundry({ users: [GM, PLAYER], settings: { "fray.ruleset": "wwn" } });
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
});

describe("the rules options menu playing WWN", () => {
  it("shows the Heal total to stabilize with its default, and saves what the rules read", async () => {
    const menu = fake.settings.menus.get("fray.rulesetOptions");
    if (menu === undefined) throw new Error("no rules options menu");
    const app = new menu.type() as unknown as {
      render(force: boolean): Promise<unknown>;
      submitForm(values: Record<string, unknown>): Promise<void>;
      lastContext: unknown;
    };
    await app.render(true);
    const view = app.lastContext as MenuView;
    const fields = view.sections.flatMap((section) => section.fields);
    // Only WWN's options (and the scene's): no other ruleset's.
    expect(
      fields
        .map((f) => f.key)
        .filter((key) => /^(dicepool|twodice|freelancers|worldlines)/.test(key)),
    ).toEqual([]);
    const stabilize = fields.find((f) => f.key === "wwnStabilizeDifficulty");
    expect(stabilize).toMatchObject({ value: 8, bookDefault: "8", range: { min: 2, max: 30 } });
    const { wwnOptions } = await import("../../src/foundry/rulesets/wwn/settings.ts");
    const form = Object.fromEntries(fields.map((f) => [f.key, f.value]));
    await app.submitForm({ ...form, wwnStabilizeDifficulty: 31 });
    expect(wwnOptions().stabilizeDifficulty).toBe(8);
    await app.submitForm({ ...form, wwnStabilizeDifficulty: "10" });
    expect(fake.game.settings.get("fray", "wwnStabilizeDifficulty")).toBe(10);
    expect(wwnOptions().stabilizeDifficulty).toBe(10);
  });
});
