/**
 * Core keys a registered sheet by `<scope>.<class name>` (DocumentSheetConfig.registerSheet): the
 * id a user's sheet choice is stored under. A sheet class without a name (a class expression
 * handed back by a factory) would register as "fray.", and two such sheets of a ruleset would
 * take one id. Every sheet each ruleset registers has a name of its own.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { installFakeFoundry } from "../fake-foundry/index.ts";

let registry: typeof import("../../src/foundry/rulesets/registry.ts");

beforeAll(async () => {
  installFakeFoundry();
  registry = await import("../../src/foundry/rulesets/registry.ts");
});

describe("the sheets each ruleset registers", () => {
  it("are named classes, each id `fray.<name>` its own", () => {
    for (const id of registry.shellRulesetIds()) {
      const sheets = registry.shellRuleset(id).sheets;
      const names = sheets.map((entry) => (entry.sheetClass as { name: string }).name);
      expect(
        names.filter((name) => name === ""),
        id,
      ).toEqual([]);
      expect(new Set(names).size, id).toBe(names.length);
    }
  });
});
