/**
 * Token bars follow the world's ruleset: a WWN world tracks hit points and wounds and gives new
 * tokens no Energy bar (WWN actors have no Energy); every ruleset's bars name its own fields.
 */
import { describe, expect, it, vi } from "vitest";
import { installFakeFoundry } from "../fake-foundry/index.ts";

async function initWorld(ruleset: string) {
  vi.resetModules();
  const fake = installFakeFoundry({ settings: { "fray.ruleset": ruleset } });
  const { init } = await import("../../src/foundry/init.ts");
  init();
  const trackable = (fake.CONFIG["Actor"] as unknown as { trackableAttributes: object })
    .trackableAttributes;
  const system = fake.game.system as { secondaryTokenAttribute?: string | null };
  const models = (fake.CONFIG["Actor"] as unknown as { dataModels: Record<string, Model> })
    .dataModels;
  return { trackable, secondary: system.secondaryTokenAttribute, models };
}

interface Field {
  fields?: Record<string, Field>;
}
interface Model {
  schema: Field;
}

/** The schema field at a dotted path of a model's system data, if there is one. */
function fieldAt(model: Model | undefined, path: string): Field | undefined {
  return path
    .split(".")
    .reduce<Field | undefined>((field, key) => field?.fields?.[key], model?.schema);
}

describe("token bars per ruleset", () => {
  it.each(["worldlines", "wwn", "freelancers", "dicepool", "twodice"])(
    "%s: every bar and value names a field its actors have (a bar: value and max)",
    async (ruleset) => {
      const { trackable, secondary, models } = await initWorld(ruleset);
      const byType = trackable as Record<string, { bar: string[]; value: string[] }>;
      expect(Object.keys(byType).sort()).toEqual(["character", "npc"]);
      for (const [type, { bar, value }] of Object.entries(byType)) {
        for (const path of value) expect(fieldAt(models[type], path), path).toBeDefined();
        for (const path of bar) {
          expect(fieldAt(models[type], `${path}.value`), path).toBeDefined();
          expect(fieldAt(models[type], `${path}.max`), path).toBeDefined();
        }
        if (secondary !== null && secondary !== undefined) expect(bar).toContain(secondary);
      }
    },
  );

  it("WWN: hit points as the bar, wounds as a value, no second bar", async () => {
    const { trackable, secondary } = await initWorld("wwn");
    expect(trackable).toEqual({
      character: { bar: ["health"], value: ["wounds"] },
      npc: { bar: ["health"], value: ["wounds"] },
    });
    expect(secondary).toBeNull();
  });

  it("the dice-pool game: Energy as the bar, damage taken and the wound penalty as values", async () => {
    const { trackable, secondary } = await initWorld("dicepool");
    expect(trackable).toEqual({
      character: { bar: ["energy"], value: ["health.damage", "woundPenalty"] },
      npc: { bar: ["energy"], value: ["health.damage", "woundPenalty"] },
    });
    expect(secondary).toBe("energy");
  });
});
