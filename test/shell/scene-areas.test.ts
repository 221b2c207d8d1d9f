/**
 * Areas placed on the map (issue 25), on a 5 ft grid of 100 px spaces: the player places a
 * preview of the area at its true size with the pointer, within range as the scene measures;
 * the GM measures who stands inside with the rules' shape code, posts one card for all of them and
 * marks the area on the scene as a Region it drew, which goes when the turn changes (an instant
 * blast). Worldlines' grenade is the area here.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { installPlacementCanvas } from "../fake-foundry/regions.ts";
import { installTableFakes } from "../fake-foundry/table.ts";
import { GRID_TYPES, boardOf, clearScenes } from "../fake-foundry/tokens.ts";
import { queuedDice } from "./boot.support.ts";
import { combatOnTurn, gmCreatesActor, itemOf, worldlinesActions } from "./worldlines.support.ts";
import type { WorldlinesActions } from "./worldlines.support.ts";

let fake: FakeFoundry;
let table: ReturnType<typeof installTableFakes>;
let actions: WorldlinesActions;
let pointer: ReturnType<typeof installPlacementCanvas>;
let whenIdle: () => Promise<void>;

const dice = queuedDice<[number, number]>(([sides, face]) => (face - 0.5) / sides);

beforeAll(async () => {
  fake = installFakeFoundry({ random: dice.random });
  table = installTableFakes(fake);
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  actions = await worldlinesActions();
  pointer = installPlacementCanvas();
  whenIdle = (await import("../../src/foundry/combat/actions.ts")).whenIdle;
});

beforeEach(() => {
  fake.setUser(GM.id);
  fake.notifications.length = 0;
  dice.set();
});

afterEach(() => {
  clearScenes(fake);
});

const create = (data: Record<string, unknown>) => gmCreatesActor(fake, data);
const health = (a: Actor.Implementation) =>
  (a.system as unknown as { health: { value: number } }).health.value;
const lastCard = (): string =>
  (fake.game.messages.contents.at(-1) as { content?: string } | undefined)?.content ?? "";

/** Maya, the player's, with frag grenades (2d6, 10 ft blast); she throws 35 ft (a d8 Combat die). */
function maya() {
  return create({
    name: "Maya",
    type: "character",
    ownership: { [PLAYER.id]: 3 },
    prototypeToken: { disposition: 1 },
    system: { energy: { value: 6, max: 6 } },
    items: [
      { name: "Frag", type: "gear", system: { kind: "grenade", quantity: 3, damage: "2d6" } },
    ],
  });
}

const npc = (name: string) => create({ name, type: "npc", prototypeToken: { disposition: -1 } });

/** Maya at (0, 0); raiders at (5, 0), (6, 1) and (9, 0); the board. */
async function field(grid: { type?: number } = {}) {
  const m = await maya();
  const [a, b, c] = await Promise.all([npc("A"), npc("B"), npc("C")]);
  const board = boardOf(fake, grid);
  board.place(m, { col: 0, row: 0 });
  board.place(a, { col: 5, row: 0 });
  board.place(b, { col: 6, row: 1 });
  board.place(c, { col: 9, row: 0 });
  fake.setUser(PLAYER.id);
  table.target();
  return { m, a, b, c, board };
}

describe("placing a grenade's blast", () => {
  it("the preview is the blast's true size: a 10 ft radius counted as the grid counts, 5 by 5 spaces", async () => {
    const { m, board } = await field();
    const thrown = actions.throwGrenade(m, itemOf(m, "Frag"));
    pointer.move(board.center({ col: 5, row: 0 }));
    const [preview] = pointer.previews();
    expect(preview?.drawn).toEqual([
      { kind: "rect", x: 350, y: -150, width: 400, height: 400, color: 0x3388ff },
    ]);
    pointer.rightClick();
    expect(await thrown).toBe(false);
  });

  it("the GM hits exactly the tokens inside, on one card, and marks the blast with a Region it drew", async () => {
    const { m, a, b, c, board } = await field();
    const thrown = actions.throwGrenade(m, itemOf(m, "Frag"));
    pointer.move(board.center({ col: 4, row: 0 }));
    pointer.click({ x: 560, y: 40 }); // inside the space (5, 0): snapped to its centre
    dice.set([6, 3], [6, 3]); // 2d6 = 6
    expect(await thrown).toBe(true);
    expect([a, b, c].map(health)).toEqual([14, 14, 20]);
    expect(lastCard()).toContain("A: blast 6");
    expect(lastCard()).toContain("B: blast 6");
    expect(lastCard()).not.toContain("C: blast");
    const regions = board.scene.regions.contents;
    expect(regions.map((r) => [r.name, r.shapes])).toEqual([
      [
        "Frag",
        [{ type: "rectangle", hole: false, x: 350, y: -150, width: 400, height: 400, rotation: 0 }],
      ],
    ]);
    expect(regions[0]?.flags["fray"]?.["area"]).toMatchObject({ lingers: false });
    // The placement is over: no listener left, no preview.
    expect([pointer.listening(), pointer.previews().length]).toEqual([0, 0]);
  });

  it("a click beyond throwing range says so and keeps placing; the preview turns red there", async () => {
    const { m, c, board } = await field();
    const thrown = actions.throwGrenade(m, itemOf(m, "Frag"));
    pointer.move(board.center({ col: 9, row: 0 })); // 45 ft: beyond her 35 ft
    expect(pointer.previews()[0]?.drawn[0]?.color).toBe(0xdd3333);
    pointer.click(board.center({ col: 9, row: 0 }));
    expect(fake.notifications.at(-1)?.message).toBe(
      "That is 45 ft away, beyond the range of 35 ft. Place it closer, or right-click to cancel.",
    );
    expect(pointer.listening()).toBe(2);
    pointer.rightClick();
    expect(await thrown).toBe(false);
    expect(health(c)).toBe(20);
    expect(board.scene.regions.size).toBe(0);
  });

  it("a player cannot draw the area's Region themselves: core refuses a player's Region", async () => {
    const { board } = await field();
    const scene = board.scene as unknown as Scene.Implementation;
    await expect(scene.createEmbeddedDocuments("Region", [{ name: "Mine" }])).rejects.toThrow(
      /permission/,
    );
    expect(board.scene.regions.size).toBe(0);
  });
});

describe("placing on a hex or a gridless scene", () => {
  /** The blast Region's one shape after a click at `at`, the GM having rolled 2d6 = 6. */
  async function blastAfterClick(grid: { type: number }, at: { x: number; y: number }) {
    const { m, board } = await field(grid);
    const thrown = actions.throwGrenade(m, itemOf(m, "Frag"));
    pointer.move(at);
    pointer.click(at);
    dice.set([6, 3], [6, 3]);
    expect(await thrown).toBe(true);
    const [shape] = board.scene.regions.contents[0]?.shapes ?? [];
    return shape as { type: string; x: number; y: number; radius: number };
  }

  it("on hexes the blast lands on the centre of the hex clicked, a circle of its radius", async () => {
    const shape = await blastAfterClick({ type: GRID_TYPES.HEXODDR }, { x: 560, y: 40 });
    expect(shape.type).toBe("circle");
    // Row 0's hex around x 550 … 650: its centre, half a hex (115.47 px) down.
    expect([shape.x, shape.y, shape.radius]).toEqual([600, 100 / Math.sqrt(3), 200]);
  });

  it("on a gridless scene the blast lands exactly where clicked", async () => {
    const shape = await blastAfterClick({ type: GRID_TYPES.GRIDLESS }, { x: 523.5, y: 61.25 });
    expect(shape.type).toBe("circle");
    expect(shape.x).toBeCloseTo(523.5, 6);
    expect(shape.y).toBeCloseTo(61.25, 6);
    expect(shape.radius).toBeCloseTo(200, 6);
  });
});

describe("the fake's placement canvas", () => {
  it("copies core: GM-made Regions fire createRegion and deleteRegion on every client", async () => {
    const { board } = await field();
    fake.setUser(GM.id);
    const seen: string[] = [];
    fake.hooks.on("createRegion", () => seen.push("create"));
    fake.hooks.on("deleteRegion", () => seen.push("delete"));
    const scene = board.scene as unknown as Scene.Implementation;
    await scene.createEmbeddedDocuments("Region", [
      { name: "Smoke", shapes: [{ type: "circle", x: 0, y: 0, radius: 10 }] } as never,
    ]);
    const made = board.scene.regions.contents.map((r) => r.id);
    await scene.deleteEmbeddedDocuments("Region", made);
    expect(seen).toEqual(["create", "delete"]);
  });
});

describe("an instant area in a fight", () => {
  it("its Region goes when the combat's turn changes", async () => {
    const { m, a, board } = await field();
    fake.setUser(GM.id);
    const combat = await combatOnTurn(fake, [m, a], m, (faces) => {
      dice.set(...faces);
    });
    fake.setUser(PLAYER.id);
    const thrown = actions.throwGrenade(m, itemOf(m, "Frag"));
    pointer.click(board.center({ col: 5, row: 0 }));
    dice.set([6, 3], [6, 3]);
    expect(await thrown).toBe(true);
    expect(board.scene.regions.size).toBe(1);
    fake.setUser(GM.id);
    await (combat as unknown as { endPhase(): Promise<unknown> }).endPhase();
    await whenIdle();
    expect(board.scene.regions.size).toBe(0);
  });
});
