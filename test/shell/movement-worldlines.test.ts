/**
 * Dragging a token in Worldlines (issue 24): Kara's player drags her token in a started combat;
 * a path costs Energy per space by stance, Retreat 2 Energy on top; the Staggered and a fighter
 * with disabled legs cannot move (refused with the reason); a console move that skipped
 * `preMoveToken` is put back by the GM with a chat note and costs nothing.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { PLAYER } from "../fake-foundry/index.ts";
import { moveWorld } from "./movement.support.ts";
import type { MoveWorld } from "./movement.support.ts";

let w: MoveWorld;

beforeAll(async () => {
  w = await moveWorld("worldlines", { size: 100, distance: 5, units: "ft" });
});

async function setting(system: Record<string, unknown> = {}, effects: object[] = []) {
  const [kara, raider] = await w.actors([
    {
      name: "Kara",
      type: "character",
      ownership: { [PLAYER.id]: 3 },
      system: { energy: { value: 10, max: 10 }, ...system },
      effects,
    },
    { name: "Raider", type: "npc", system: { energy: { value: 10, max: 10 } } },
  ]);
  if (kara === undefined || raider === undefined) throw new Error("no actors");
  const { tokens } = await w.fight(
    [kara, raider],
    [
      { col: 0, row: 0 },
      { col: 9, row: 9 },
    ],
  );
  const token = tokens[0];
  if (token === undefined) throw new Error("no token");
  const energy = () => (kara.system as unknown as { energy: { value: number } }).energy.value;
  return { kara, token, energy };
}

describe("dragging a token in Worldlines", () => {
  it("pays Energy per space by stance: 1 standing, 2 crouched", async () => {
    const standing = await setting();
    expect(await w.drag(standing.token, { col: 3, row: 0 })).toBe(true);
    expect(standing.energy()).toBe(7);
    const crouched = await setting({ stance: "crouched" });
    expect(await w.drag(crouched.token, { col: 2, row: 0 })).toBe(true);
    expect(crouched.energy()).toBe(6);
  });

  it("a path beyond the Energy left is refused with the reason and costs nothing", async () => {
    const { token, energy } = await setting({ energy: { value: 2, max: 10 } });
    w.fake.notifications.length = 0;
    expect(await w.drag(token, { col: 3, row: 0 })).toBe(false);
    expect([token.x, token.y]).toEqual([0, 0]);
    expect(w.fake.notifications.at(-1)?.message).toMatch(/not allowed.*Energy/);
    expect(energy()).toBe(2);
  });

  it("Retreat pays its 2 Energy on top of the spaces", async () => {
    const { token, energy } = await setting();
    expect(await w.drag(token, { col: 1, row: 0 }, "retreat")).toBe(true);
    expect(energy()).toBe(7);
  });

  it("the Staggered and a fighter with disabled legs cannot move", async () => {
    const staggered = await setting({}, [{ name: "Staggered", statuses: ["staggered"] }]);
    w.fake.notifications.length = 0;
    expect(await w.drag(staggered.token, { col: 1, row: 0 })).toBe(false);
    expect(w.fake.notifications.at(-1)?.message).toContain("Kara is Staggered and cannot move");
    const lame = await setting({ disabledLimbs: { arms: false, legs: true } });
    expect(await w.drag(lame.token, { col: 1, row: 0 })).toBe(false);
    expect(w.fake.notifications.at(-1)?.message).toContain("legs are disabled");
    expect(lame.energy()).toBe(10);
  });

  it("the GM puts back a console's move the Energy cannot pay, with a note", async () => {
    const { token, energy } = await setting({ energy: { value: 2, max: 10 } });
    const before = w.fake.game.messages.contents.length;
    await w.moves.consoleMove(PLAYER.id, token, [w.moves.at(6, 0)], 1);
    await w.idle();
    expect([token.x, token.y]).toEqual([0, 0]);
    expect(energy()).toBe(2);
    expect(w.messagesSince(before).at(-1)?.content).toMatch(/Kara.*put back/);
  });

  it("a Staggered fighter's console move is put back too", async () => {
    const { token } = await setting({}, [{ name: "Staggered", statuses: ["staggered"] }]);
    await w.moves.consoleMove(PLAYER.id, token, [w.moves.at(2, 0)], 0);
    await w.idle();
    expect([token.x, token.y]).toEqual([0, 0]);
  });
});

describe("climbing and swimming ground in Worldlines", () => {
  it("a walk across a Region flagged as water pays its spaces as swimming (2 a space)", async () => {
    const { makeRegion } = await import("../fake-foundry/walls.ts");
    const { token, energy } = await setting();
    // Columns 2 and 3 of the first row are a river.
    w.moves.addRegion(
      token.parent,
      makeRegion("River", [{ type: "rectangle", x: 200, y: 0, width: 200, height: 100 }], {
        flags: { fray: { terrain: "swim" } },
      }),
    );
    expect(await w.drag(token, { col: 4, row: 0 })).toBe(true);
    // Two spaces of ground (1 each) and two of water (2 each).
    expect(energy()).toBe(4);
  });
});

describe("a move straight up or down in Worldlines", () => {
  it("is a climb: 2 Energy a space of height; beyond the Energy left it is refused", async () => {
    const { token, energy } = await setting();
    const rise = (elevation: number) => w.rise(token, elevation);
    expect(await rise(10)).toBe(true);
    expect(energy()).toBe(6);
    w.fake.notifications.length = 0;
    expect(await rise(30)).toBe(false);
    expect(token.elevation).toBe(10);
    expect(w.fake.notifications.at(-1)?.message).toMatch(/not allowed.*Energy/);
    expect(energy()).toBe(6);
  });
});
