/**
 * The dice-pool Blitz from the sheet when the GM presses it for a player's fighter (issue 24):
 * the GM's client moves Kara's token into the targeted Raider's space and her turn pays; a wall
 * between them refuses the Blitz before anything moves or is paid.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { GM } from "../fake-foundry/index.ts";
import { clickSheet } from "./boot.support.ts";
import { moveWorld } from "./movement.support.ts";
import type { MoveWorld } from "./movement.support.ts";
import { itemNamed, reactionFight, targetRaider } from "./movement-reactions.support.ts";

let w: MoveWorld;
let budget: typeof import("../../src/foundry/rulesets/dicepool/budget.ts");
let sheet: typeof import("../../src/foundry/rulesets/dicepool/sheets/actor-sheet.ts");

beforeAll(async () => {
  w = await moveWorld("dicepool", { size: 100, distance: 5, units: "ft" });
  budget = await import("../../src/foundry/rulesets/dicepool/budget.ts");
  sheet = await import("../../src/foundry/rulesets/dicepool/sheets/actor-sheet.ts");
});

const CLUB = { name: "Club", type: "weapon", system: { kind: "close" } };

async function gmBlitz() {
  const fought = await reactionFight(
    w,
    {
      system: {
        attributes: { physical: 3 },
        skills: { closeCombat: 3 },
        speed: 3,
        energy: { value: 5, max: 5 },
      },
      items: [CLUB],
    },
    { system: { attributes: { physical: 1 } } },
    { kara: { col: 0, row: 0 }, foe: { col: 3, row: 0 } },
  );
  const raiderToken = await targetRaider(w, fought, GM.id);
  const press = async () => {
    const club = itemNamed(fought.kara, "Club");
    await w.fake.as(GM.id, () =>
      clickSheet(sheet.DicepoolActorSheet, fought.kara, "blitz", {}, club.id ?? ""),
    );
    await w.idle();
  };
  return { ...fought, raiderToken, press };
}

describe("the dice-pool Blitz pressed by the GM", () => {
  it("for Kara: the GM's client moves her token into the Raider's space; her turn pays", async () => {
    const { kara, token, raiderToken, press } = await gmBlitz();
    const asked = w.fake.dialogs.asked.length;
    await press();
    expect([token.x, token.y]).toEqual([raiderToken.x, raiderToken.y]);
    expect(budget.turnActionsOf(kara)).toMatchObject({ simpleUsed: 1, moves: 1, blitz: true });
    expect(w.fake.dialogs.asked.slice(asked).at(-1)?.content).toMatch(
      /name="blitz" type="checkbox" checked/,
    );
  });

  it("a wall between them: refused with the reason, nothing moves, nothing is paid", async () => {
    const { kara, token, press } = await gmBlitz();
    w.moves.addWall(token.parent, { col: 2, row: 0 }, { col: 2, row: 2 });
    w.fake.notifications.length = 0;
    const asked = w.fake.dialogs.asked.length;
    await press();
    expect(token.x).toBe(0);
    expect(w.fake.notifications.at(-1)?.message).toBe(
      "A wall stands in Kara's way: the run is not made.",
    );
    expect(budget.turnActionsOf(kara)).toMatchObject({ simpleUsed: 0, moves: 0 });
    expect(w.fake.dialogs.asked.length).toBe(asked);
  });
});
