/**
 * Token bars follow the world's ruleset: a WWN world tracks hit points and wounds and gives new
 * tokens no Energy bar (WWN actors have no Energy); the generic rulesets keep health and Energy.
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
  return { trackable, secondary: system.secondaryTokenAttribute };
}

describe("token bars per ruleset", () => {
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
