import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "./fake-foundry/index.ts";
import { flatten } from "./fake-foundry/game.ts";

const readJson = (path: string): unknown => JSON.parse(readFileSync(path, "utf8"));

interface Manifest {
  id: string;
  version: string;
  compatibility: { minimum: string; verified: string };
  esmodules: string[];
  styles: string[];
  languages: { lang: string; path: string }[];
  documentTypes: Record<string, Record<string, { htmlFields?: string[] }>>;
  grid?: { distance: number; units: string };
  primaryTokenAttribute: string;
  secondaryTokenAttribute?: string;
  socket?: boolean;
  manifest: string;
  download: string;
  packs: { name: string; label: string }[];
}

type TemplateJson = Record<string, { types: string[] } & Record<string, { htmlFields?: unknown }>>;

const manifest = readJson(resolve(REPO_ROOT, "system.json")) as Manifest;
const templateJson = readJson(resolve(REPO_ROOT, "template.json")) as TemplateJson;

describe("system.json", () => {
  it("is a Foundry v13 system called fray, from the first stable v13 build", () => {
    expect(manifest.id).toBe("fray");
    // 13.341, v13's first stable build: the testing builds before it had CombatantGroup in
    // flux (creating one threw in build 337), and Fray's team combat is built on it.
    expect(manifest.compatibility).toEqual({ minimum: "13.341", verified: "13" });
    expect(manifest.version).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it("asks for no socket: nothing in Fray listens on one (the GM is reached by queries)", () => {
    expect(manifest.socket).toBeUndefined();
    const sources = filesUnder(resolve(REPO_ROOT, "src"), /\.ts$/).map((file) =>
      readFileSync(file, "utf8"),
    );
    expect(sources.filter((text) => /game\.socket|\.socket\?*\.(on|emit)\(/.test(text))).toEqual(
      [],
    );
  });

  it("gives new scenes a 5 ft square, the unit every ruleset's ranges are written in", () => {
    expect(manifest.grid).toEqual({ distance: 5, units: "ft" });
  });

  it("declares the actor, item and team types the product needs", () => {
    // The vehicle is the dice pool's; the other rulesets load it under an inert model.
    expect(Object.keys(manifest.documentTypes["Actor"] ?? {})).toEqual([
      "character",
      "npc",
      "vehicle",
    ]);
    expect(Object.keys(manifest.documentTypes["Item"] ?? {})).toEqual(
      expect.arrayContaining(["weapon", "armor", "gear", "technique"]),
    );
    expect(Object.keys(manifest.documentTypes["CombatantGroup"] ?? {})).toEqual(["team"]);
  });

  it("puts health on the first token bar and leaves the second to the ruleset", () => {
    // Every ruleset's actors have health; Energy is Worldlines' (init sets the second bar).
    expect(manifest.primaryTokenAttribute).toBe("health");
    expect(manifest.secondaryTokenAttribute).toBeUndefined();
  });
});

describe("template.json", () => {
  it("declares exactly the types system.json declares, document by document", () => {
    const fromTemplate = Object.fromEntries(
      Object.entries(templateJson).map(([name, entry]) => [name, [...entry.types].sort()]),
    );
    const fromManifest = Object.fromEntries(
      Object.entries(manifest.documentTypes).map(([name, types]) => [
        name,
        Object.keys(types).sort(),
      ]),
    );
    expect(fromTemplate).toEqual(fromManifest);
  });

  it("has an entry for each type it lists", () => {
    for (const [name, entry] of Object.entries(templateJson)) {
      for (const type of entry.types) expect(entry[type], `${name}.${type}`).toBeDefined();
    }
  });

  // Foundry merges template.json into the manifest's documentTypes; a type there without its
  // htmlFields would leave biographies and descriptions unsanitized on the server.
  it("carries the same htmlFields as system.json, type by type and field by field", () => {
    for (const [name, types] of Object.entries(manifest.documentTypes)) {
      for (const [type, declared] of Object.entries(types)) {
        const entry = templateJson[name]?.[type];
        expect(entry?.htmlFields, `${name}.${type}`).toEqual(declared.htmlFields);
      }
    }
    for (const [name, entry] of Object.entries(templateJson)) {
      for (const type of entry.types) {
        expect(manifest.documentTypes[name]?.[type]?.htmlFields, `${name}.${type}`).toEqual(
          entry[type]?.htmlFields,
        );
      }
    }
  });
});

/* ---------------------------------------------------------------------------------------- */
/*  Localization: every key the code or templates use exists, and every key in en.json is   */
/*  used somewhere.                                                                          */
/* ---------------------------------------------------------------------------------------- */

const english = flatten(readJson(resolve(REPO_ROOT, "lang/en.json")) as Record<string, unknown>);

function filesUnder(dir: string, ending: RegExp): string[] {
  const out: string[] = [];
  const walk = (current: string) => {
    for (const name of readdirSync(current)) {
      const full = join(current, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (ending.test(name) && !/\.test\.ts$/.test(name)) out.push(full);
    }
  };
  walk(dir);
  return out;
}

/** Literal keys, and patterns for keys built in template literals (`FRAY.X.${id}.Name`). */
function usedKeys(): { literal: Set<string>; patterns: RegExp[]; where: Map<string, string> } {
  const literal = new Set<string>();
  const patterns: RegExp[] = [];
  const where = new Map<string, string>();
  const files = [
    ...filesUnder(resolve(REPO_ROOT, "src"), /\.ts$/),
    ...filesUnder(resolve(REPO_ROOT, "templates"), /\.hbs$/),
  ];
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(/["'](FRAY\.[A-Za-z0-9_.-]+|TYPES\.[A-Za-z0-9_.-]+)["']/g)) {
      const key = match[1] ?? "";
      literal.add(key);
      where.set(key, relative(REPO_ROOT, file));
    }
    for (const match of text.matchAll(/`((?:FRAY|TYPES)\.[A-Za-z0-9_.${}-]*\$\{[^`]*)`/g)) {
      const source = (match[1] ?? "")
        .split(/\$\{[^}]*\}/)
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
        .join("[A-Za-z0-9_-]+");
      patterns.push(new RegExp(`^${source}$`));
    }
  }
  // Compendium pack labels are keys too: Foundry shows them through game.i18n.
  for (const pack of manifest.packs) {
    literal.add(pack.label);
    where.set(pack.label, "system.json");
  }
  return { literal, patterns, where };
}

describe("lang/en.json", () => {
  const { literal, patterns, where } = usedKeys();

  it("has every key the code and templates use", () => {
    const missing = [...literal].filter((key) => !(key in english));
    expect(missing.map((key) => `${key} (${where.get(key) ?? "?"})`)).toEqual([]);
  });

  it("has a key for every pattern of keys built at run time", () => {
    expect(patterns.length).toBeGreaterThan(0);
    for (const pattern of patterns) {
      expect(
        Object.keys(english).some((key) => pattern.test(key)),
        String(pattern),
      ).toBe(true);
    }
  });

  it("names every document type system.json declares", () => {
    for (const [name, types] of Object.entries(manifest.documentTypes)) {
      for (const type of Object.keys(types)) expect(english[`TYPES.${name}.${type}`]).toBeTruthy();
    }
  });

  it("has no key that nothing uses", () => {
    const typeKeys = new Set(
      Object.entries(manifest.documentTypes).flatMap(([name, types]) =>
        Object.keys(types).map((type) => `TYPES.${name}.${type}`),
      ),
    );
    const unused = Object.keys(english).filter(
      (key) =>
        !literal.has(key) && !typeKeys.has(key) && !patterns.some((pattern) => pattern.test(key)),
    );
    expect(unused).toEqual([]);
  });

  it("has no empty translation", () => {
    expect(Object.entries(english).filter(([, text]) => !text.trim())).toEqual([]);
  });
});
