/**
 * The built compendium packs (dist/packs/), read back with Foundry's own CLI (extractPack) as
 * Foundry would read them: every declared pack is there; every actor's and item's system data
 * builds through the real DataModel of its ruleset (in the fake) without a value being dropped
 * or changed on the way, and stays that ruleset's; every id is the hand-chosen 16-character id
 * of its source file, unique across all packs; journal pages carry text.
 */
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { extractPack } from "@foundryvtt/foundryvtt-cli";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PACK_ID, allIds, declaredPacks, readPackSources } from "../../scripts/packs.ts";
import { ZIP_FILE, listFiles } from "../../scripts/system-files.ts";
import { REPO_ROOT, installFakeFoundry } from "../fake-foundry/index.ts";
import type * as Registry from "../../src/foundry/rulesets/registry.ts";

type Doc = Record<string, unknown>;
interface Built {
  name: string;
  type: string;
  ruleset: string;
  docs: Doc[];
}

const DIST = resolve(REPO_ROOT, "dist");
const scratch = mkdtempSync(join(tmpdir(), "fray-packs-"));
const built: Built[] = [];
let registry: typeof Registry;

beforeAll(async () => {
  installFakeFoundry();
  registry = await import("../../src/foundry/rulesets/registry.ts");
  for (const pack of declaredPacks(REPO_ROOT)) {
    // LevelDB rewrites its log and manifest when opened: read a copy, so dist/ stays as built.
    const copy = join(scratch, "db", pack.name);
    cpSync(resolve(DIST, pack.path), copy, { recursive: true });
    const out = join(scratch, pack.name);
    await extractPack(copy, out, {});
    const docs = readdirSync(out)
      .filter((file) => file.endsWith(".json"))
      .map((file) => JSON.parse(readFileSync(join(out, file), "utf8")) as Doc);
    const ruleset = pack.name.slice(0, pack.name.lastIndexOf("-"));
    built.push({ name: pack.name, type: pack.type, ruleset, docs });
  }
});

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

const isFolder = (doc: Doc) => String(doc["_key"]).startsWith("!folders!");

/** Every leaf of a value, by dotted path (arrays and empty objects are leaves). */
function leaves(value: unknown, prefix = ""): [string, unknown][] {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return [[prefix, value]];
  const entries = Object.entries(value);
  if (entries.length === 0) return [[prefix, value]];
  return entries.flatMap(([key, inner]) => leaves(inner, prefix ? `${prefix}.${key}` : key));
}

const at = (data: unknown, path: string): unknown =>
  path.split(".").reduce<unknown>((node, key) => (node as Doc | undefined)?.[key], data);

type ModelClass = new (source: unknown) => { toObject(): Doc };

/** Builds a document's system data with its ruleset's model; what it stored, or the error. */
function buildSystem(ruleset: string, documentName: "Actor" | "Item", doc: Doc): Doc {
  const models = registry.shellRuleset(ruleset).dataModels[documentName];
  const Model = models[String(doc["type"])] as ModelClass | undefined;
  if (Model === undefined)
    throw new Error(`${ruleset} has no ${documentName} type ${String(doc["type"])}`);
  return new Model(structuredClone(doc["system"])).toObject();
}

/** What the model dropped or changed of the pack's system data (empty: nothing). */
function changedPaths(source: Doc, stored: Doc): string[] {
  return leaves(source)
    .filter(([path, value]) => JSON.stringify(at(stored, path)) !== JSON.stringify(value))
    .map(
      ([path, value]) => `${path}: ${JSON.stringify(value)} → ${JSON.stringify(at(stored, path))}`,
    );
}

describe("the built packs (dist/packs)", () => {
  it("hold every declared pack, each with documents", () => {
    expect(built.map((pack) => pack.name)).toEqual(declaredPacks(REPO_ROOT).map((p) => p.name));
    for (const pack of built) {
      expect(pack.docs.filter((doc) => !isFolder(doc)).length, pack.name).toBeGreaterThan(0);
    }
  });

  it("are in the release zip, each pack's database files without LevelDB's lock and log", () => {
    const zipped = new Set(Object.keys(unzipSync(readFileSync(join(DIST, ZIP_FILE)))));
    for (const pack of declaredPacks(REPO_ROOT)) {
      const files = listFiles(resolve(DIST, pack.path)).map((file) => `${pack.path}/${file}`);
      expect(files.filter((file) => file.endsWith(".ldb")).length, pack.name).toBeGreaterThan(0);
      for (const file of files) {
        expect(zipped.has(file), file).toBe(!/\/(LOCK|LOG|LOG\.old)$/.test(file));
      }
    }
  });

  it("build every actor's and item's system data through its ruleset's model, unchanged", () => {
    let checked = 0;
    for (const pack of built) {
      if (pack.type !== "Actor" && pack.type !== "Item") continue;
      for (const doc of pack.docs.filter((d) => !isFolder(d))) {
        const embedded = pack.type === "Actor" ? ((doc["items"] ?? []) as Doc[]) : [];
        const all: ["Actor" | "Item", Doc][] = [
          [pack.type, doc],
          ...embedded.map((item): ["Item", Doc] => ["Item", item]),
        ];
        for (const [documentName, one] of all) {
          const where = `${pack.name}: ${String(one["name"])}`;
          const stored = buildSystem(pack.ruleset, documentName, one);
          expect(changedPaths(one["system"] as Doc, stored), where).toEqual([]);
          expect(stored["ruleset"], where).toBe(pack.ruleset);
          expect(stored["kept"], where).toEqual({});
          expect(String(one["img"]), where).toMatch(/^icons\/svg\/[a-z-]+\.svg$/);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it("refuses, through the same check, a pack weapon with an unknown field or a bad number", () => {
    const weapon = built
      .find((pack) => pack.name === "wwn-items")
      ?.docs.find((doc) => doc["name"] === "Sword");
    if (weapon === undefined) throw new Error("no WWN sword");
    const system = weapon["system"] as Doc;
    const typo = { ...weapon, system: { ...system, shok: 2 } };
    expect(changedPaths(typo["system"], buildSystem("wwn", "Item", typo))).toEqual([
      "shok: 2 → undefined",
    ]);
    // Core's NumberField cleans a number into its bounds instead of refusing it, so the check
    // sees a bad number as a change the model made.
    const bad = { ...weapon, system: { ...system, shock: { enabled: true, damage: -3, ac: 13 } } };
    expect(changedPaths(bad["system"], buildSystem("wwn", "Item", bad))).toEqual([
      "shock.damage: -3 → 0",
    ]);
  });

  it("keep the hand-chosen ids of the sources, 16 characters, unique across every pack", () => {
    const ids = built.flatMap((pack) => pack.docs.flatMap((doc) => allIds(doc)));
    for (const id of ids) expect(id).toMatch(PACK_ID);
    expect(new Set(ids).size).toBe(ids.length);
    const sourceIds = readPackSources(REPO_ROOT).flatMap(({ files }) =>
      files.flatMap(({ doc }) => allIds(doc)),
    );
    expect([...ids].sort()).toEqual([...sourceIds].sort());
  });

  it("put each actor in a folder of its own pack, or none", () => {
    for (const pack of built) {
      const folders = new Set(pack.docs.filter(isFolder).map((doc) => doc["_id"]));
      for (const doc of pack.docs.filter((d) => !isFolder(d))) {
        if (doc["folder"] !== null)
          expect(folders.has(doc["folder"]), String(doc["name"])).toBe(true);
      }
    }
  });

  it("give every journal entry pages with text", () => {
    const journals = built.filter((pack) => pack.type === "JournalEntry");
    expect(journals.length).toBeGreaterThan(0);
    for (const pack of journals) {
      for (const entry of pack.docs.filter((d) => !isFolder(d))) {
        const pages = (entry["pages"] ?? []) as Doc[];
        expect(pages.length, String(entry["name"])).toBeGreaterThan(0);
        for (const page of pages) {
          expect(page["type"]).toBe("text");
          expect(String(at(page, "text.content")).length, String(page["name"])).toBeGreaterThan(
            100,
          );
        }
      }
    }
  });
});
