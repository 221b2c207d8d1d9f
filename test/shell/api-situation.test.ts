/**
 * `game.system.api.situation` (issue 26: "read the scene situation"): a macro reads what the scene
 * decides of an attack (reach, a foe at hand, flanking, the walls' cover, sight, height, whether
 * the attacker moved, darkness), each with the sentence the attack dialog shows, measured from the
 * scene's documents by the same function the dialog and the referee use. Worldlines, on a 5 ft
 * grid of 100 px spaces.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { installTableFakes } from "../fake-foundry/table.ts";
import { boardOf, clearScenes } from "../fake-foundry/tokens.ts";
import type { FrayApi } from "../../src/foundry/api/index.ts";
import { gmCreatesActor } from "./worldlines.support.ts";

let fake: FakeFoundry;

beforeAll(async () => {
  fake = installFakeFoundry({});
  installTableFakes(fake);
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
});

beforeEach(() => {
  fake.setUser(GM.id);
  fake.notifications.length = 0;
});

afterEach(() => {
  clearScenes(fake);
});

const api = () => (game.system as unknown as { api: FrayApi }).api;
const npc = (name: string, disposition: number) =>
  gmCreatesActor(fake, { name, type: "npc", prototypeToken: { disposition } });

describe("game.system.api.situation", () => {
  it("gives what the scene decides, with the dialog's sentences", async () => {
    const maya = await npc("Maya", 1);
    const vex = await npc("Vex", -1);
    const board = boardOf(fake);
    board.place(maya, { col: 3, row: 4 }); // west of Vex
    board.place(vex, { col: 4, row: 4 });
    board.place(await npc("Ally", 1), { col: 5, row: 4 }); // east of Vex
    const read = api().situation({ attacker: maya, target: vex });
    expect(read).toMatchObject({
      ok: true,
      value: {
        spaces: 1,
        adjacent: { value: true, source: "In reach: Vex stands next to you" },
        inMelee: { value: true },
        flanked: { value: true, source: "Flanked: Maya, Ally stand on opposite sides of Vex" },
        cover: { value: "none", source: "No cover: nothing stands between you and Vex" },
        seen: { value: true },
        moved: { value: false },
      },
    });
    expect(read.ok && Object.isFrozen(read.value)).toBe(true);
  });

  it("a wall between gives cover; the id of an actor works as the actor", async () => {
    const maya = await npc("Maya", 1);
    const vex = await npc("Vex", -1);
    const board = boardOf(fake);
    board.place(maya, { col: 0, row: 4 });
    board.place(vex, { col: 4, row: 4 });
    board.wall({ col: 3.9, row: 4.5 }, { col: 3.9, row: 9 });
    const read = api().situation({ attacker: maya.id ?? "", target: vex });
    expect(read).toMatchObject({
      ok: true,
      value: { spaces: 4, adjacent: { value: false }, cover: { value: "light" } },
    });
  });

  it("refuses, with a message, actors it cannot find or that stand on no scene together", async () => {
    const maya = await npc("Maya", 1);
    const vex = await npc("Vex", -1);
    expect(api().situation({ attacker: "nobody", target: vex })).toMatchObject({
      ok: false,
      reason: "noSuchActor",
    });
    expect(api().situation({ attacker: maya, target: vex })).toMatchObject({
      ok: false,
      reason: "notOnScene",
    });
    expect(fake.notifications.map((n) => n.message)).toEqual([
      "No such actor: give an actor's id, a token actor's uuid, or the actor.",
      "Maya and Vex do not stand together on a scene: there is nothing to measure.",
    ]);
  });
});
