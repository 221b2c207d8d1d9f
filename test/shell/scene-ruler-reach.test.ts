/**
 * Odds on the ruler out of reach (issue 25), in WWN and the dice-pool game on a 5 ft grid of
 * 100 px spaces: a melee weapon reaches only the next space (WWN) or the same space (dice pool),
 * so a waypoint from which the blow cannot land says "Out of reach" instead of a chance, by the
 * ruleset's own reach rule (its API's `outOfReach`, through the seam), and one within reach gives
 * the API's chance.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { installTableFakes } from "../fake-foundry/table.ts";
import { boardOf, clearScenes } from "../fake-foundry/tokens.ts";

let fake: FakeFoundry;
let table: ReturnType<typeof installTableFakes>;

beforeAll(async () => {
  fake = installFakeFoundry({ settings: { "fray.ruleset": "wwn" } });
  table = installTableFakes(fake);
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
});

beforeEach(() => {
  fake.setUser(GM.id);
});

afterEach(() => {
  clearScenes(fake);
});

async function create(source: Record<string, unknown>): Promise<Actor.Implementation> {
  const Actor = fake.CONFIG["Actor"]?.documentClass;
  const actor = await fake.as(GM.id, () => Actor?.create(source));
  if (!actor) throw new Error("actor not created");
  return actor as unknown as Actor.Implementation;
}

type Label = { context: { fray?: { odds?: string } } };
function rulerFor(token: unknown) {
  const Ruler = (
    fake.CONFIG["Token"] as unknown as {
      rulerClass: new (token: unknown) => { labels(w: object[]): Label[] };
    }
  ).rulerClass;
  return new Ruler({ document: token });
}

const at = (col: number, row: number) => ({
  x: col * 100,
  y: row * 100,
  stage: "planned",
  action: "walk",
  measurement: { distance: col * 5 },
});

describe("WWN: a spear's odds on the ruler", () => {
  it("out of reach two spaces from the bandit; the chance once next to it", async () => {
    const kara = await create({
      name: "Kara",
      type: "character",
      prototypeToken: { disposition: 1 },
      ownership: { [PLAYER.id]: 3 },
      system: { health: { value: 10, max: 10 }, attributes: { str: 14, dex: 14 } },
      items: [{ name: "Spear", type: "weapon", system: { damage: "1d6", skill: "stab" } }],
    });
    const bandit = await create({
      name: "Bandit",
      type: "npc",
      prototypeToken: { disposition: -1 },
      system: { health: { value: 8, max: 8 }, ac: { natural: 10, bonus: 0 } },
    });
    const board = boardOf(fake);
    const token = board.place(kara, { col: 0, row: 4 });
    board.place(bandit, { col: 6, row: 4 });
    fake.setUser(PLAYER.id);
    table.target(bandit);
    const [far, near] = rulerFor(token).labels([at(4, 4), at(5, 4)]);
    expect(far?.context.fray?.odds).toBe("Out of reach of Bandit");
    expect(near?.context.fray?.odds).toMatch(/^Hit \d+ % vs Bandit$/);
  });
});
