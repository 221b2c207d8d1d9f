/**
 * The fake's scenes and tokens (test/fake-foundry/tokens.ts) hold what core v13's do for Fray: the
 * world's scenes in `game.scenes`, each scene's TokenDocuments in `tokens`, a linked token naming
 * its actor and its scene; and the shell reads from them where an actor stands.
 */
import { describe, expect, it } from "vitest";
import { installFakeFoundry } from "../fake-foundry/index.ts";
import { installTokenFakes } from "../fake-foundry/tokens.ts";

describe("the fake's scenes and tokens", () => {
  it("list the world's scenes and each scene's linked tokens; the shell finds where actors stand", async () => {
    const fake = installFakeFoundry({ settings: { "fray.ruleset": "wwn" } });
    await import("../../src/fray.ts");
    await fake.hooks.callAsync("init");
    const tokens = installTokenFakes(fake);
    const road = tokens.scene("Road");
    const cave = tokens.scene("Cave");
    const Actor = fake.CONFIG["Actor"]?.documentClass;
    const [ana, wolf, bear] = (await Actor?.createDocuments([
      { name: "Ana", type: "character" },
      { name: "Wolf", type: "npc" },
      { name: "Bear", type: "npc" },
    ])) as unknown as Actor.Implementation[];
    if (ana === undefined || wolf === undefined || bear === undefined) throw new Error("none");
    tokens.place(road, ana, wolf);
    tokens.place(cave, bear);

    const scenes = (fake.game as unknown as { scenes: { contents: unknown[] } }).scenes;
    expect(scenes.contents).toEqual([road, cave]);
    const token = road.tokens.contents[0];
    expect(token).toMatchObject({ actorId: ana.id, actorLink: true, parent: road });

    const actors = await import("../../src/foundry/shared/actors.ts");
    expect([...actors.scenesOf(ana)]).toEqual([road.id]);
    expect(actors.withinReach(ana, wolf)).toBe(true);
    expect(actors.withinReach(ana, bear)).toBe(false);
  });
});
