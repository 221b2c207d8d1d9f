/**
 * A restrained Worldlines fighter cannot move (issue 27): with the referee's mark on her (as the
 * GM's Restrain records it, table/restraints.ts), Kara's player drags her token and the move is
 * refused with the reason and costs nothing.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { PLAYER } from "../fake-foundry/index.ts";
import { moveWorld } from "./movement.support.ts";
import type { MoveWorld } from "./movement.support.ts";

let w: MoveWorld;

beforeAll(async () => {
  w = await moveWorld("worldlines", { size: 100, distance: 5, units: "ft" });
});

describe("a restrained fighter on the map", () => {
  it("cannot move: the drag is refused with the reason, no Energy spent", async () => {
    const [kara, raider] = await w.actors([
      {
        name: "Kara",
        type: "character",
        ownership: { [PLAYER.id]: 3 },
        system: { energy: { value: 10, max: 10 } },
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
    const { recordForActors } = await import("../../src/foundry/combat/ledger.ts");
    await recordForActors([{ actor: kara, key: "restrained", value: true }]);
    w.fake.notifications.length = 0;
    expect(await w.drag(token, { col: 1, row: 0 })).toBe(false);
    expect(w.fake.notifications.at(-1)?.message).toContain(
      "Kara is restrained: break free or escape first.",
    );
    expect([token.x, token.y]).toEqual([0, 0]);
    expect((kara.system as unknown as { energy: { value: number } }).energy.value).toBe(10);
    await recordForActors([{ actor: kara, key: "restrained", value: false }]);
    expect(await w.drag(token, { col: 1, row: 0 })).toBe(true);
  });
});
