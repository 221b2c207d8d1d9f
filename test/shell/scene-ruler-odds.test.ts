/**
 * Odds on the ruler (issue 25), in Worldlines on a 5 ft grid of 100 px spaces: while Maya's token
 * is dragged and her player targets Vex, each waypoint's label says the chance to hit Vex from
 * there with her first weapon — exactly what the API's odds say with her token standing on that
 * spot — a wall between lowers it (cover), and without a target there is no odds line.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { installTableFakes } from "../fake-foundry/table.ts";
import { boardOf, clearScenes } from "../fake-foundry/tokens.ts";
import type { FrayApi } from "../../src/foundry/api/index.ts";
import { gmCreatesActor, itemOf } from "./worldlines.support.ts";

let fake: FakeFoundry;
let table: ReturnType<typeof installTableFakes>;

beforeAll(async () => {
  fake = installFakeFoundry({});
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

const create = (data: Record<string, unknown>) => gmCreatesActor(fake, data);
const api = () => (game.system as unknown as { api: FrayApi }).api;

type Label = { context: { fray?: { odds?: string } } };
function rulerFor(token: unknown) {
  const Ruler = (
    fake.CONFIG["Token"] as unknown as {
      rulerClass: new (token: unknown) => { labels(w: object[]): Label[] };
    }
  ).rulerClass;
  return new Ruler({ document: token });
}

/** A waypoint of the drag at that space (its top-left, as core's ruler gives it). */
const at = (col: number, row: number, stage = "planned") => ({
  x: col * 100,
  y: row * 100,
  stage,
  action: "walk",
  measurement: { distance: col * 5 },
});

const PISTOL = {
  name: "Pistol",
  type: "weapon",
  system: { damage: "1d6+1", skill: "firearms", kind: "ranged" },
};

/** Maya (a pistol) at (0, 4), Vex at `vexCol` on row 4; the player targets Vex. */
async function setting(vexCol = 8) {
  const maya = await create({
    name: "Maya",
    type: "character",
    ownership: { [PLAYER.id]: 3 },
    prototypeToken: { disposition: 1 },
    system: { energy: { value: 6, max: 6 }, skills: { firearms: 2 } },
    items: [PISTOL],
  });
  const vex = await create({ name: "Vex", type: "npc", prototypeToken: { disposition: -1 } });
  const board = boardOf(fake);
  const token = board.place(maya, { col: 0, row: 4 });
  board.place(vex, { col: vexCol, row: 4 });
  fake.setUser(PLAYER.id);
  table.target(vex);
  return { maya, vex, token, board };
}

/** The API's chance with Maya's token really standing at that space, in whole percent. */
function chanceFrom(
  token: { x: number; y: number },
  maya: Actor.Implementation,
  vex: Actor.Implementation,
  col: number,
): number {
  const before = { x: token.x, y: token.y };
  Object.assign(token, { x: col * 100, y: 400 });
  const odds = api().odds({ attacker: maya, weaponId: itemOf(maya, "Pistol").id, target: vex });
  Object.assign(token, before);
  if (!odds.ok) throw new Error(`no odds: ${odds.reason}`);
  return Math.round(odds.value.hit * 100);
}

describe("the ruler shows the odds against the target", () => {
  it("each waypoint's label gives the API's exact chance from that spot", async () => {
    const { maya, vex, token } = await setting();
    const [start, near, far] = rulerFor(token).labels([at(0, 4, "passed"), at(6, 4), at(2, 4)]);
    for (const [label, col] of [
      [start, 0],
      [near, 6],
      [far, 2],
    ] as const) {
      expect(label?.context.fray?.odds).toBe(
        `Hit ${String(chanceFrom(token, maya, vex, col))} % vs Vex`,
      );
    }
    // Measured as if standing there: the token itself has not moved.
    expect({ x: token.x, y: token.y }).toEqual({ x: 0, y: 400 });
  });

  it("a wall between the waypoint and the target lowers the chance (cover)", async () => {
    const { maya, vex, token, board } = await setting();
    const [open] = rulerFor(token).labels([at(4, 4)]);
    board.wall({ col: 7.9, row: 4.5 }, { col: 7.9, row: 9 });
    const [covered] = rulerFor(token).labels([at(4, 4)]);
    const withWall = chanceFrom(token, maya, vex, 4);
    expect(covered?.context.fray?.odds).toBe(`Hit ${String(withWall)} % vs Vex`);
    expect(covered?.context.fray?.odds).not.toBe(open?.context.fray?.odds);
  });

  it("from where the target is beyond the weapon's extreme band, the label says out of range", async () => {
    const { maya, token } = await setting();
    // A snub pistol: its bands end at 5, 10, 15, 20 and 25 ft; Vex stands 40 ft from the start.
    const pistol = itemOf(maya, "Pistol") as unknown as {
      update(data: object): Promise<unknown>;
    };
    const bands = { pointBlank: 5, short: 10, medium: 15, long: 20, extreme: 25 };
    const range = Object.fromEntries(Object.entries(bands).map(([b, feet]) => [b, { feet }]));
    await fake.as(GM.id, () => pistol.update({ "system.range": range }));
    const [far, near] = rulerFor(token).labels([at(0, 4), at(6, 4)]);
    expect(far?.context.fray?.odds).toBe("Out of range of Vex");
    expect(near?.context.fray?.odds).toMatch(/^Hit \d+ % vs Vex$/);
  });

  it("without a target there is no odds line", async () => {
    const { token } = await setting();
    table.target();
    const [label] = rulerFor(token).labels([at(4, 4)]);
    expect(label?.context.fray).toBeDefined();
    expect(label?.context.fray?.odds).toBeUndefined();
  });
});
