/**
 * `fray.moved` (src/foundry/movement/register.ts): once a drag is settled by the referee, the
 * active GM's client (the one that did the work: it prices and pays the move) tells it once,
 * with plain data: who moved, from where to where, the action and what it cost; a move the GM
 * puts back is not told; a free move (no started fight) is told with no cost.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { GM, PLAYER } from "../fake-foundry/index.ts";
import { hookLog } from "./hooks.support.ts";
import { moveWorld } from "./movement.support.ts";
import type { MoveWorld } from "./movement.support.ts";

let w: MoveWorld;

beforeAll(async () => {
  w = await moveWorld("worldlines", { size: 100, distance: 5, units: "ft" });
});

async function fighters(energy = 10) {
  const [kara, raider] = await w.actors([
    {
      name: "Kara",
      type: "character",
      ownership: { [PLAYER.id]: 3 },
      system: { energy: { value: energy, max: 10 } },
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
  return { kara, token };
}

describe("fray.moved", () => {
  it("is told once, on the GM's client, with the path and its price", async () => {
    const { kara, token } = await fighters();
    const heard = hookLog(w.fake, "fray.moved");
    try {
      expect(await w.drag(token, { col: 3, row: 0 })).toBe(true);
      await w.idle();
      expect(heard.calls).toEqual([
        {
          hook: "fray.moved",
          client: GM.id,
          data: {
            actorId: kara.id,
            tokenId: token.id,
            from: { x: 0, y: 0 },
            to: { x: 300, y: 0 },
            action: "walk",
            cost: { currency: "energy", amount: 3 },
            userId: PLAYER.id,
          },
        },
      ]);
      expect(Object.isFrozen(heard.calls[0]?.data)).toBe(true);
    } finally {
      heard.off();
    }
  });

  it("is not told for a move the GM puts back", async () => {
    const { token } = await fighters(2);
    const heard = hookLog(w.fake, "fray.moved");
    try {
      await w.moves.consoleMove(PLAYER.id, token, [w.moves.at(6, 0)], 1);
      await w.idle();
      expect([token.x, token.y]).toEqual([0, 0]);
      expect(heard.calls).toEqual([]);
    } finally {
      heard.off();
    }
  });
});
