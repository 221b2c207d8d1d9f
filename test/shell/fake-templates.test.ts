/**
 * The fake's templates copy core v13: `loadTemplates` registers every template it preloads as a
 * partial under its path, and a template including a partial nobody preloaded fails to render.
 */
import { describe, expect, it } from "vitest";
import { installFakeFoundry } from "../fake-foundry/index.ts";
import { installTableFakes } from "../fake-foundry/table.ts";

const CARD = "systems/fray/templates/worldlines/chat/attack-card.hbs";
const PARTIAL = "systems/fray/templates/cards/parts/situation.hbs";
/** The shared card parts every card includes besides (cards/parts.ts, cards/next-step.ts). */
const PARTS = ["header", "next-step", "result"].map(
  (name) => `systems/fray/templates/cards/parts/${name}.hbs`,
);

describe("the fake's template partials", () => {
  it("a card including the situation partial renders once the partial is preloaded", async () => {
    const fake = installFakeFoundry({});
    const table = installTableFakes(fake);
    const context = {
      header: { actor: "Maya", target: null, what: null, tags: [] },
      sceneCalls: [{ factor: "Cover", played: "Half cover", from: "scene", scene: "A wall" }],
    };
    await foundry.applications.handlebars.loadTemplates(PARTS);
    await expect(table.renderTemplate(CARD, context)).rejects.toThrow(/partial/i);
    await foundry.applications.handlebars.loadTemplates([PARTIAL]);
    const html = await table.renderTemplate(CARD, context);
    expect(html).toContain("Maya");
    expect(html).toMatch(/Cover:<\/span>\s*<strong class="fray-scene-played">Half cover/);
  });
});
