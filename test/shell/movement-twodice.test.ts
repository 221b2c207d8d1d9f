/**
 * Dragging a token in the two-dice game (issue 24), on a 1 m grid: the first path of a turn is its
 * one combat action, a move of up to Agility in metres; a second path uses what is left; beyond is
 * refused with the reason; a turn that acted without moving cannot move; the GM puts back a
 * console's move too long for the Agility.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { PLAYER } from "../fake-foundry/index.ts";
import { moveWorld } from "./movement.support.ts";
import type { MoveWorld } from "./movement.support.ts";

let w: MoveWorld;

beforeAll(async () => {
  // The world setting off: tokens move as they are dragged (the book's order, declared moves at
  // the turn's end, is twodice-turn-end.test.ts).
  w = await moveWorld(
    "twodice",
    { size: 100, distance: 1, units: "m" },
    { "fray.twodiceMovesAtTurnEnd": false },
  );
});

async function setting() {
  const [kara, rook] = await w.actors([
    {
      name: "Kara",
      type: "character",
      ownership: { [PLAYER.id]: 3 },
      system: { traits: { agility: 6 } },
    },
    { name: "Rook", type: "npc" },
  ]);
  if (kara === undefined || rook === undefined) throw new Error("no actors");
  const { combat, tokens } = await w.fight(
    [kara, rook],
    [
      { col: 0, row: 0 },
      { col: 19, row: 19 },
    ],
  );
  const token = tokens[0];
  if (token === undefined) throw new Error("no token");
  const { turnIn } = await import("../../src/foundry/rulesets/twodice/budget.ts");
  const id = combat.combatants.contents.find((c) => c.actorId === kara.id)?.id ?? "";
  return { kara, token, turn: () => turnIn(combat, id), combat, id };
}

describe("dragging a token in the two-dice game", () => {
  it("the first path is the turn's move of Agility metres; the next uses what is left", async () => {
    const { token, turn } = await setting();
    expect(await w.drag(token, { col: 4, row: 0 })).toBe(true);
    expect(turn()).toMatchObject({ acted: true, moving: true });
    expect(await w.drag(token, { col: 6, row: 0 })).toBe(true);
    w.fake.notifications.length = 0;
    expect(await w.drag(token, { col: 7, row: 0 })).toBe(false);
    expect(w.fake.notifications.at(-1)?.message).toContain("Kara cannot go that far");
    expect([token.x, token.y]).toEqual([600, 0]);
  });

  it("the GM puts back a console's move beyond the Agility, with a note", async () => {
    const { token, turn } = await setting();
    const before = w.fake.game.messages.contents.length;
    await w.moves.consoleMove(PLAYER.id, token, [w.moves.at(9, 0)], 1);
    await w.idle();
    expect([token.x, token.y]).toEqual([0, 0]);
    expect(turn()).toMatchObject({ acted: false });
    expect(w.messagesSince(before).at(-1)?.content).toMatch(/Kara.*put back/);
  });
});

describe("a move straight up or down in the two-dice game", () => {
  it("counts its height as metres moved (the book has no climbing): beyond the Agility is refused", async () => {
    const { token, turn } = await setting();
    const rise = (elevation: number) => w.rise(token, elevation);
    expect(await rise(4)).toBe(true);
    expect(turn()).toMatchObject({ acted: true, moving: true });
    w.fake.notifications.length = 0;
    expect(await rise(7)).toBe(false);
    expect(w.fake.notifications.at(-1)?.message).toContain("Kara cannot go that far");
    expect(token.elevation).toBe(4);
  });
});
