/**
 * Before a ruleset switch the GM is told what it resets and that the current ruleset's data is
 * kept; answering no puts the settings window's picker back.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import type * as Migration from "../../src/foundry/migration.ts";
import { EMPTY_WORLD, boot } from "./world-reload.support.ts";

let fake: FakeFoundry;
let migration: typeof Migration;
const asked: { window: { title: string }; content: string }[] = [];
let answer = true;

beforeAll(async () => {
  ({ fake } = await boot("worldlines", EMPTY_WORLD));
  migration = await import("../../src/foundry/migration.ts");
  // Core v13's DialogV2.confirm: resolves true for Yes, false for No (null when dismissed).
  const api = (globalThis as unknown as { foundry: { applications: { api: object } } }).foundry
    .applications.api;
  Object.assign(api, {
    DialogV2: {
      confirm: async (options: { window: { title: string }; content: string }) => {
        asked.push(options);
        return Promise.resolve(answer);
      },
    },
  });
});

/** The settings window's ruleset picker, as far as the hook touches it. */
function settingsWindow(value: string) {
  const listeners: (() => void)[] = [];
  const picker = {
    value,
    addEventListener: (_type: string, listener: () => void) => listeners.push(listener),
  };
  const root = {
    querySelector: (selector: string) =>
      selector === 'select[name="fray.ruleset"]' ? picker : null,
  };
  return {
    root: root as unknown as HTMLElement,
    picker,
    choose: (id: string) => {
      picker.value = id;
      for (const listener of listeners) listener();
    },
  };
}

const settle = () => new Promise((done) => setTimeout(done, 0));

describe("the ruleset-switch warning", () => {
  it("says nothing is reset in a world without actors or items", () => {
    expect(migration.rulesetSwitchWarning("worldlines", "wwn")).toEqual({
      title: "Switch to Worlds Without Number?",
      content:
        "Sheets, the combat tracker and chat cards will follow Worlds Without Number, and every connected client reloads. This world has no actors or items yet, so nothing is reset.",
    });
  });

  it("counts what will be re-read, and says the current ruleset's data is kept", async () => {
    const Actor = fake.CONFIG["Actor"]?.documentClass;
    const actor = await Actor?.create({ name: "Ash", type: "character" });
    await actor?.createEmbeddedDocuments("Item", [{ name: "Knife", type: "weapon" }]);
    const { content } = migration.rulesetSwitchWarning("worldlines", "wwn");
    expect(content).toContain("2 actors and items have data of Worldlines");
    expect(content).toContain("comes back when the world switches back to Worldlines");
  });

  it("asks when the GM picks another ruleset, and a no puts the picker back", async () => {
    const window = settingsWindow("worldlines");
    migration.watchRulesetPicker(window.root);
    answer = false;
    asked.length = 0;
    window.choose("twodice");
    await settle();
    expect(asked.map((options) => options.window.title)).toEqual(["Switch to Two dice?"]);
    expect(asked[0]?.content).toMatch(/^<p>.*<\/p>$/);
    expect(window.picker.value).toBe("worldlines");
    expect(fake.notifications.at(-1)?.message).toBe("The ruleset stays Worldlines.");
  });

  it("a yes leaves the choice for the settings window to save", async () => {
    const window = settingsWindow("worldlines");
    migration.watchRulesetPicker(window.root);
    answer = true;
    window.choose("wwn");
    await settle();
    expect(window.picker.value).toBe("wwn");
    expect(fake.game.settings.get("fray", "ruleset")).toBe("worldlines");
  });
});
