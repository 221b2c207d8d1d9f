import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import type { DataModel } from "../fake-foundry/data-model.ts";
import { refusedByModel } from "./refused.support.ts";

interface Manifest {
  documentTypes: Record<string, Record<string, unknown>>;
}
const manifest = JSON.parse(readFileSync(resolve(REPO_ROOT, "system.json"), "utf8")) as Manifest;

let fake: FakeFoundry;

beforeAll(async () => {
  fake = installFakeFoundry();
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
});

describe("the init hook", () => {
  it("registers the ruleset world setting with the five rulesets, Worldlines by default", () => {
    const setting = fake.settings.settings.get("fray.ruleset");
    expect(setting).toMatchObject({ scope: "world", config: true, requiresReload: true });
    expect(setting?.default).toBe("worldlines");
    expect(Object.keys(setting?.choices ?? {})).toEqual([
      "worldlines",
      "wwn",
      "freelancers",
      "dicepool",
      "twodice",
    ]);
    // Every choice shows a translated name in the settings window, not a raw key.
    for (const label of Object.values(setting?.choices ?? {})) {
      expect(fake.i18n.has(label)).toBe(true);
    }
    expect(fake.game.settings.get("fray", "ruleset")).toBe("worldlines");
  });

  it("registers a DataModel for every type system.json declares", () => {
    for (const [documentName, types] of Object.entries(manifest.documentTypes)) {
      const models = fake.CONFIG[documentName]?.dataModels ?? {};
      for (const type of Object.keys(types)) {
        expect(models[type], `${documentName}.${type}`).toBeTypeOf("function");
      }
    }
  });

  it("replaces every core document class with Fray's own", () => {
    for (const name of ["Actor", "Item", "Combat", "Combatant", "CombatantGroup"]) {
      const cls = fake.CONFIG[name]?.documentClass;
      expect(cls?.name, name).toBe(`Fray${name}`);
    }
  });

  it("gives every type a ruleset plays its real model, and every declared type some model", async () => {
    const { shellRuleset, shellRulesetIds } =
      await import("../../src/foundry/rulesets/registry.ts");
    const { actorModelsOf, playedActorTypes } =
      await import("../../src/foundry/rulesets/install.ts");
    const declared = Object.keys(manifest.documentTypes["Actor"] ?? {});
    for (const id of shellRulesetIds()) {
      const ruleset = shellRuleset(id);
      const models = actorModelsOf(id, ruleset);
      expect(Object.keys(models).sort(), id).toEqual([...declared].sort());
      for (const type of declared) {
        expect(models[type], `${id} ${type}`).toBeTypeOf("function");
        const real = ruleset.dataModels.Actor[type];
        if (playedActorTypes(ruleset).includes(type))
          expect(models[type], `${id} ${type}`).toBe(real);
        else expect(models[type], `${id} ${type}`).not.toBe(real);
      }
    }
    expect(playedActorTypes(shellRuleset("dicepool"))).toContain("vehicle");
    expect(playedActorTypes(shellRuleset("worldlines"))).not.toContain("vehicle");
  });

  it("opens Fray's Worldlines sheets (the default ruleset), not core's, for every type it plays", () => {
    for (const type of ["character", "npc"]) {
      expect((fake.sheets.defaultFor("Actor", type) as { name: string }).name).toBe(
        "WorldlinesActorSheet",
      );
    }
    for (const type of Object.keys(manifest.documentTypes["Item"] ?? {})) {
      expect((fake.sheets.defaultFor("Item", type) as { name: string }).name).toBe(
        "WorldlinesItemSheet",
      );
    }
    expect(fake.sheets.entries.filter((entry) => entry.scope === "core")).toEqual([]);
  });

  it("preloads the sheet templates and the cards' and dialogs' partials, which exist on disk", () => {
    expect(fake.templatesLoaded).toEqual([
      "systems/fray/templates/actor/actor-sheet.hbs",
      "systems/fray/templates/item/item-sheet.hbs",
      "systems/fray/templates/cards/parts/situation.hbs",
      "systems/fray/templates/dialog/parts/row.hbs",
      "systems/fray/templates/dialog/parts/odds.hbs",
      "systems/fray/templates/dialog/parts/notes.hbs",
      "systems/fray/templates/cards/parts/header.hbs",
      "systems/fray/templates/cards/parts/next-step.hbs",
      "systems/fray/templates/cards/parts/result.hbs",
    ]);
  });

  it("lets Worldlines tokens show health and Energy bars, Energy second on a new token", () => {
    const trackable = (fake.CONFIG["Actor"] as unknown as { trackableAttributes: object })
      .trackableAttributes;
    expect(trackable).toEqual({
      character: { bar: ["health", "energy"], value: ["exhaustion"] },
      npc: { bar: ["health", "energy"], value: ["exhaustion"] },
    });
    const system = fake.game.system as { primaryTokenAttribute: string };
    expect(system).toMatchObject({ primaryTokenAttribute: "health" });
    expect(system).toMatchObject({ secondaryTokenAttribute: "energy" });
  });

  it("writes nothing to the database", () => {
    expect(fake.db.calls).toEqual([]);
  });
});

describe("actors built with the registered DataModels", () => {
  const createActor = async (data: Record<string, unknown>) => {
    const Actor = fake.CONFIG["Actor"]?.documentClass;
    if (!Actor) throw new Error("no Actor class");
    const actor = await Actor.create(data);
    if (!actor) throw new Error("no actor");
    return actor;
  };

  it("start with full health and Energy", async () => {
    const actor = await createActor({ name: "Ash", type: "character" });
    // Worldlines (the default ruleset) starts actors at 20 health (rulesets/worldlines/data.ts).
    expect(actor.system).toMatchObject({
      health: { value: 20, max: 20 },
      energy: { value: 6, max: 6 },
    });
  });

  it("bring negative health into bounds, and refuse health that is no number, naming the field", async () => {
    const actor = await createActor({ name: "Bram", type: "npc" });
    // Core cleans a number into its field's bounds before validating it: -3 is stored as 0.
    await actor.update({ "system.health.value": -3 });
    expect((actor.system as DataModel & { health: { value: number } }).health.value).toBe(0);
    expect(
      await refusedByModel(fake, () => actor.update({ "system.health.value": "lots" })),
    ).toMatch(/health\.value/);
    expect((actor.system as DataModel & { health: { value: number } }).health.value).toBe(0);
  });

  it("refuse an NPC rank that is not minor, elite or boss", async () => {
    const actor = await createActor({ name: "Cole", type: "npc" });
    expect(await refusedByModel(fake, () => actor.update({ "system.rank": "legendary" }))).toMatch(
      /rank/,
    );
    await actor.update({ "system.rank": "elite" });
    expect((actor.system as DataModel & { rank: string }).rank).toBe("elite");
  });
});

describe("the ruleset setting", () => {
  it("refuses a ruleset Fray does not have", async () => {
    await expect(fake.game.settings.set("fray", "ruleset", "chess")).rejects.toThrow(/chess/);
    expect(fake.game.settings.get("fray", "ruleset")).toBe("worldlines");
  });
});
