/**
 * The compendium packs' YAML sources (packs/<ruleset>-<kind>/), read without a build so content
 * writers get fast feedback: every file parses, carries a 16-character `_id` and the `_key` its
 * pack type needs (embedded items and pages too), no id is used twice across all packs, every
 * declared pack has a folder with content, and every document names its pack's ruleset. The
 * built packs are checked through the real models by test/build/packs.test.ts.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import {
  declaredPacks,
  isFolder,
  packDocumentProblems,
  readPackSources,
} from "../../scripts/packs.ts";
import { REPO_ROOT } from "../fake-foundry/index.ts";
import { flatten } from "../fake-foundry/game.ts";

const english = flatten(
  JSON.parse(readFileSync(resolve(REPO_ROOT, "lang/en.json"), "utf8")) as Record<string, unknown>,
);

describe("the pack sources", () => {
  it("parse, with stable ids and keys, unique across every pack (readPackSources throws otherwise)", () => {
    const sources = readPackSources(REPO_ROOT);
    expect(sources.map((source) => source.pack.name)).toEqual(
      declaredPacks(REPO_ROOT).map((pack) => pack.name),
    );
    for (const { pack, files } of sources) {
      expect(files.filter(({ doc }) => !isFolder(doc)).length, pack.name).toBeGreaterThan(0);
    }
  });

  it("name their pack's ruleset in every document's system data, embedded items included", () => {
    for (const { pack, files } of readPackSources(REPO_ROOT)) {
      const ruleset = pack.name.slice(0, pack.name.lastIndexOf("-"));
      for (const { file, doc } of files) {
        if (pack.type !== "Item" && pack.type !== "Actor") continue;
        if (isFolder(doc)) continue;
        const items = (doc["items"] ?? []) as { system?: { ruleset?: unknown } }[];
        const systems = [
          doc["system"] as { ruleset?: unknown } | undefined,
          ...items.map((i) => i.system),
        ];
        for (const system of systems) expect(system?.ruleset, file).toBe(ruleset);
      }
    }
  });

  it("are declared with a label that is a key of lang/en.json, Fray's system and default ownership", () => {
    for (const pack of declaredPacks(REPO_ROOT)) {
      expect(english[pack.label], pack.label).toBeTruthy();
      expect(pack.system).toBe("fray");
      expect(pack.ownership).toEqual({ PLAYER: "OBSERVER", ASSISTANT: "OWNER" });
      expect(["Item", "Actor", "JournalEntry"]).toContain(pack.type);
    }
  });
});

describe("the pack document check", () => {
  it("refuses a short id, a key of the wrong collection and an embedded item keyed to another actor", () => {
    expect(packDocumentProblems("Item", { _id: "short", _key: "!items!short" })).toHaveLength(1);
    expect(
      packDocumentProblems("Item", { _id: "wnWeaponDagger01", _key: "!actors!wnWeaponDagger01" }),
    ).toEqual(['_key "!actors!wnWeaponDagger01" should be !items!wnWeaponDagger01']);
    const actor = {
      _id: "wnNpcBandit00001",
      _key: "!actors!wnNpcBandit00001",
      items: [{ _id: "wnNpcBandit0001a", _key: "!actors.items!wnNpcOther000001.wnNpcBandit0001a" }],
    };
    expect(packDocumentProblems("Actor", actor)).toHaveLength(1);
    expect(
      packDocumentProblems("Actor", {
        ...actor,
        items: [
          { _id: "wnNpcBandit0001a", _key: "!actors.items!wnNpcBandit00001.wnNpcBandit0001a" },
        ],
      }),
    ).toEqual([]);
  });

  it("accepts a folder of the pack's type and refuses one of another", () => {
    const folder = { _id: "wnFolderAmbush01", _key: "!folders!wnFolderAmbush01", type: "Actor" };
    expect(packDocumentProblems("Actor", folder)).toEqual([]);
    expect(packDocumentProblems("Item", folder)).toHaveLength(1);
  });
});
