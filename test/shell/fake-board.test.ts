/**
 * The fake's scenes (test/fake-foundry/board.ts) do what core v13 does for the referee's
 * measures: a square grid with equidistant diagonals measures a path in spaces times the grid's
 * distance, in its units; a token's centre is its corner plus half its size; an actor's
 * dependent tokens are found across scenes, linked ones only when asked.
 */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { clearBoards, installBoardFake } from "../fake-foundry/board.ts";

let fake: FakeFoundry;

beforeAll(() => {
  fake = installFakeFoundry();
});

afterEach(() => {
  clearBoards();
});

async function actor(name: string) {
  const Actor = fake.CONFIG["Actor"]?.documentClass;
  const made = await Actor?.create({ name, type: "character" });
  if (!made) throw new Error("no actor");
  return made as unknown as Actor.Implementation;
}

describe("the fake's scenes", () => {
  it("measure a path in spaces (a diagonal counts one) times the grid's distance", () => {
    const { scene, center } = installBoardFake({ distance: 1.5, units: "m" });
    const from = center({ col: 0, row: 0 });
    expect(scene.grid.measurePath([from, center({ col: 3, row: 0 })])).toEqual({
      distance: 4.5,
      spaces: 3,
    });
    expect(scene.grid.measurePath([from, center({ col: 3, row: 2 })]).spaces).toBe(3);
    expect(scene.grid.measurePath([from, center({ col: 1, row: 0 }), from]).spaces).toBe(2);
  });

  it("place tokens with their centre, disposition and actor; find an actor's tokens across scenes", async () => {
    const ada = await actor("Ada");
    const first = installBoardFake({ size: 50, distance: 5, units: "ft" });
    const second = installBoardFake({ distance: 5, units: "ft" });
    const token = first.place(ada, { col: 2, row: 1 }, { disposition: 1 });
    second.place(ada, { col: 0, row: 0 });
    expect(token.getCenterPoint()).toEqual({ x: 125, y: 75 });
    expect([token.disposition, token.actor, token.parent]).toEqual([1, ada, first.scene]);
    expect(ada.getDependentTokens({ linked: true })).toHaveLength(2);
    const only = ada.getDependentTokens({ scenes: [second.scene as never] });
    expect(only.map((t) => t.parent?.id)).toEqual([second.scene.id]);
    first.remove(ada);
    expect(ada.getDependentTokens()).toHaveLength(1);
    expect((await actor("Bo")).getDependentTokens()).toEqual([]);
  });
});
