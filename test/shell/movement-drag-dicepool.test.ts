/**
 * Dragging a grappled victim in the dice-pool game (issue 24): Kara holds the Raider (the GM's
 * ledger says so, Grappling Pool 3) in the space they share. Her player drags her token: she moves
 * at speed 1 (she is not larger), each space costs 1 pool point, and the GM moves the Raider's
 * token, which her player does not own, along with her; it costs him nothing and provokes
 * nothing. Farther than the pool pays for is refused with the reason. The Raider cannot move
 * away himself (refused with the reason; a console's move is put back), and Kara's player cannot
 * move his token.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { GM, PLAYER, PLAYER2 } from "../fake-foundry/index.ts";
import { hookLog } from "./hooks.support.ts";
import { moveWorld } from "./movement.support.ts";
import type { MoveWorld } from "./movement.support.ts";
import { ledgerSets, reactionCards, reactionFight } from "./movement-reactions.support.ts";

let w: MoveWorld;
let budget: typeof import("../../src/foundry/rulesets/dicepool/budget.ts");

beforeAll(async () => {
  w = await moveWorld("dicepool", { size: 100, distance: 5, units: "ft" });
  budget = await import("../../src/foundry/rulesets/dicepool/budget.ts");
});

async function held(pool = 3) {
  const fought = await reactionFight(
    w,
    { system: { attributes: { physical: 3 }, speed: 3, energy: { value: 5, max: 5 } } },
    { system: { attributes: { physical: 2 }, speed: 3 } },
    { kara: { col: 2, row: 0 }, foe: { col: 2, row: 0 } },
  );
  const grapple = { victimId: fought.raider.id, victimName: "Raider", pool, resistOffered: false };
  await ledgerSets(w, fought.combat, fought.kara, "grapples", [grapple]);
  const raiderToken = fought.token.parent.tokens.contents.find(
    (t) => t.actorId === fought.raider.id,
  );
  if (raiderToken === undefined) throw new Error("no raider token");
  return { ...fought, raiderToken };
}

const poolOf = (kara: Actor.Implementation) => budget.heldGrapples(kara)[0]?.pool ?? 0;

describe("dragging a grappled victim on the map", () => {
  it("the victim's token comes along at speed 1, 1 pool point a space; nothing provoked", async () => {
    const { kara, raider, token, raiderToken } = await held();
    const before = w.fake.game.messages.contents.length;
    expect(await w.drag(token, { col: 3, row: 0 })).toBe(true);
    expect([raiderToken.x, raiderToken.y]).toEqual([300, 0]);
    expect(poolOf(kara)).toBe(2);
    expect(budget.turnActionsOf(kara)).toMatchObject({ simpleUsed: 1, moves: 1 });
    expect(budget.turnActionsOf(raider)).toMatchObject({ simpleUsed: 0, moves: 0 });
    expect(reactionCards(w, before)).toHaveLength(0);
    // At speed 1, two spaces more would take a third move.
    w.fake.notifications.length = 0;
    expect(await w.drag(token, { col: 5, row: 0 })).toBe(false);
    expect(w.fake.notifications.at(-1)?.message).toContain("This move is not allowed");
    expect([raiderToken.x, token.x]).toEqual([300, 300]);
  });

  it("tells modules both moves once, on the GM's client: Kara's, paid, and the victim's, forced", async () => {
    const { kara, raider, token, raiderToken } = await held();
    const heard = hookLog(w.fake, "fray.moved");
    try {
      expect(await w.drag(token, { col: 3, row: 0 })).toBe(true);
      await w.idle();
      const told = heard.calls.map((c) => [
        c.client,
        c.data["actorId"],
        c.data["cost"],
        c.data["userId"],
      ]);
      expect(told).toEqual([
        [GM.id, raider.id, null, GM.id],
        [GM.id, kara.id, { currency: "spaces", amount: 1 }, PLAYER.id],
      ]);
      expect(heard.calls[0]?.data).toMatchObject({
        tokenId: raiderToken.id,
        from: { x: 200, y: 0 },
        to: { x: 300, y: 0 },
      });
    } finally {
      heard.off();
    }
  });

  it("farther than the pool pays for is refused with the reason; nothing moves", async () => {
    const { kara, token, raiderToken } = await held(1);
    w.fake.notifications.length = 0;
    expect(await w.drag(token, { col: 4, row: 0 })).toBe(false);
    expect(w.fake.notifications.at(-1)?.message).toContain("Dragging costs 2 Grappling Pool");
    expect([token.x, raiderToken.x]).toEqual([200, 200]);
    expect(poolOf(kara)).toBe(1);
  });

  it("the victim cannot move away, and Kara's player cannot move the victim", async () => {
    const { token, raiderToken } = await held();
    w.fake.notifications.length = 0;
    expect(await w.drag(raiderToken, { col: 0, row: 0 }, undefined, PLAYER2.id)).toBe(false);
    expect(w.fake.notifications.at(-1)?.message).toContain("A grappled character cannot move.");
    // A console that skips the check: the GM puts the token back.
    await w.moves.consoleMove(PLAYER2.id, raiderToken, [w.moves.at(0, 0)]);
    await w.idle();
    expect(raiderToken.x).toBe(200);
    // Kara's player does not own the Raider's token: the server refuses her.
    expect(await w.drag(raiderToken, { col: 3, row: 0 }, undefined, PLAYER.id)).toBe(false);
    expect([raiderToken.x, token.x]).toEqual([200, 200]);
  });
});
