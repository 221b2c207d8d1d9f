/**
 * The fake's scenes and tokens (test/fake-foundry/tokens.ts) hold what core v13's do for Fray: the
 * world's scenes in `game.scenes`, each scene's TokenDocuments in `tokens`, a linked token naming
 * its actor and its scene; and the shell reads from them where an actor stands. A scene's grid
 * measures a path as core's square grid does (equidistant diagonals), a token's centre is its
 * corner plus half its size, and an actor's dependent tokens are found across scenes.
 */
import { describe, expect, it } from "vitest";
import { installFakeFoundry } from "../fake-foundry/index.ts";
import { boardOf, installTokenFakes } from "../fake-foundry/tokens.ts";

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

  it("measure a path in spaces (a diagonal counts one) times the grid's distance", () => {
    const fake = installFakeFoundry();
    const { scene, center } = boardOf(fake, { distance: 1.5, units: "m" });
    const from = center({ col: 0, row: 0 });
    expect(scene.grid.measurePath([from, center({ col: 3, row: 0 })])).toEqual({
      distance: 4.5,
      spaces: 3,
    });
    expect(scene.grid.measurePath([from, center({ col: 3, row: 2 })]).spaces).toBe(3);
    expect(scene.grid.measurePath([from, center({ col: 1, row: 0 }), from]).spaces).toBe(2);
  });

  it("place tokens with their centre, disposition and actor; find an actor's tokens across scenes", async () => {
    const fake = installFakeFoundry();
    const Actor = fake.CONFIG["Actor"]?.documentClass;
    const [ada, bo] = (await Actor?.createDocuments([
      { name: "Ada", type: "character" },
      { name: "Bo", type: "character" },
    ])) as unknown as Actor.Implementation[];
    if (ada === undefined || bo === undefined) throw new Error("none");
    const first = boardOf(fake, { size: 50 });
    const second = boardOf(fake);
    const token = first.place(ada, { col: 2, row: 1 }, { disposition: 1 });
    second.place(ada, { col: 0, row: 0 });
    expect(token.getCenterPoint()).toEqual({ x: 125, y: 75 });
    // Core getCenterPoint(data): the centre were the token at `data`'s top-left.
    expect(token.getCenterPoint({ x: 200, y: 0 })).toEqual({ x: 225, y: 25 });
    expect([token.disposition, token.actor, token.parent]).toEqual([1, ada, first.scene]);
    expect(ada.getDependentTokens({ linked: true })).toHaveLength(2);
    const only = ada.getDependentTokens({ scenes: [second.scene as never] });
    expect(only.map((t) => t.parent?.id)).toEqual([second.scene.id]);
    first.remove(ada);
    expect(ada.getDependentTokens()).toHaveLength(1);
    expect(bo.getDependentTokens()).toEqual([]);
  });
});
