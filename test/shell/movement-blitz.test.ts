/**
 * The dice-pool Blitz Attack from the sheet with the token moving (issue 24): Kara moves (a
 * Simple action), then presses Blitz on her Club with the Raider targeted: her token runs into
 * the Raider's space as the Blitz's move (no sprint Energy), the GM records it, and the attack
 * dialog opens with Blitz ticked; the Blitz Attack then takes no further action and pays its 2
 * Energy. One without Blitz Attack, or a Raider beyond her speed, is refused with the reason and
 * nothing moves.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { PLAYER } from "../fake-foundry/index.ts";
import { clickSheet } from "./boot.support.ts";
import { moveWorld } from "./movement.support.ts";
import type { MoveWorld } from "./movement.support.ts";
import {
  attackCardsSince,
  itemNamed,
  reactionFight,
  targetRaider,
} from "./movement-reactions.support.ts";

let w: MoveWorld;
let declare: typeof import("../../src/foundry/rulesets/dicepool/attack/declare.ts");
let choices: typeof import("../../src/foundry/rulesets/dicepool/attack/dialog.ts");
let budget: typeof import("../../src/foundry/rulesets/dicepool/budget.ts");
let sheet: typeof import("../../src/foundry/rulesets/dicepool/sheets/actor-sheet.ts");

beforeAll(async () => {
  w = await moveWorld("dicepool", { size: 100, distance: 5, units: "ft" });
  declare = await import("../../src/foundry/rulesets/dicepool/attack/declare.ts");
  choices = await import("../../src/foundry/rulesets/dicepool/attack/dialog.ts");
  budget = await import("../../src/foundry/rulesets/dicepool/budget.ts");
  sheet = await import("../../src/foundry/rulesets/dicepool/sheets/actor-sheet.ts");
});

const CLUB = { name: "Club", type: "weapon", system: { kind: "close" } };

async function blitzFight(closeCombat = 3, raiderAt = { col: 5, row: 0 }) {
  const fought = await reactionFight(
    w,
    {
      system: {
        attributes: { physical: 3 },
        skills: { closeCombat },
        speed: 3,
        energy: { value: 5, max: 5 },
      },
      items: [CLUB],
    },
    { system: { attributes: { physical: 1 } } },
    { kara: { col: 0, row: 0 }, foe: raiderAt },
  );
  return { ...fought, raiderToken: await targetRaider(w, fought) };
}

/** Kara's player presses the Blitz button of her Club's row; the dialog it opens is closed. */
async function pressBlitz(kara: Actor.Implementation): Promise<void> {
  const club = itemNamed(kara, "Club");
  await w.fake.as(PLAYER.id, () =>
    clickSheet(sheet.DicepoolActorSheet, kara, "blitz", {}, club.id ?? ""),
  );
  await w.idle();
}

const energyOf = (actor: Actor.Implementation) =>
  (actor.system as unknown as { energy: { value: number } }).energy.value;

describe("the dice-pool Blitz Attack from the sheet, on the map", () => {
  it("a Move, then Blitz: the token runs into the foe's space, and the attack takes no more", async () => {
    const { kara, raider, token, raiderToken } = await blitzFight();
    expect(await w.drag(token, { col: 2, row: 0 })).toBe(true);
    expect(budget.turnActionsOf(kara)).toMatchObject({ simpleUsed: 1, moves: 1 });

    const asked = w.fake.dialogs.asked.length;
    await pressBlitz(kara);
    expect([token.x, token.y]).toEqual([raiderToken.x, raiderToken.y]);
    // The Blitz's move took its Simple action; no sprint Energy.
    expect(budget.turnActionsOf(kara)).toMatchObject({ simpleUsed: 2, moves: 2, blitz: true });
    expect(energyOf(kara)).toBe(5);
    const shown = w.fake.dialogs.asked.slice(asked).at(-1);
    expect(shown?.content).toMatch(/name="blitz" type="checkbox" checked/);

    // Kara confirms the dialog: the Blitz Attack, in the shared space, for 2 Energy.
    const before = w.fake.game.messages.contents.length;
    const card = await w.fake.as(PLAYER.id, () =>
      declare.declareDicepoolAttack(kara, itemNamed(kara, "Club"), [raider], {
        ...choices.DEFAULT_CHOICE,
        blitz: true,
      }),
    );
    await w.idle();
    expect(card).not.toBeNull();
    expect(attackCardsSince(w, before)).toHaveLength(1);
    expect(budget.turnActionsOf(kara)).toEqual({
      simpleUsed: 2,
      complexUsed: false,
      freeUsed: 0,
      moves: 2,
    });
    expect(energyOf(kara)).toBe(3);
  });

  it("one without Blitz Attack, or a foe beyond the speed: refused with the reason, nothing moves", async () => {
    const unskilled = await blitzFight(2);
    w.fake.notifications.length = 0;
    const asked = w.fake.dialogs.asked.length;
    await pressBlitz(unskilled.kara);
    expect([unskilled.token.x, unskilled.token.y]).toEqual([0, 0]);
    expect(w.fake.notifications.at(-1)?.message).toMatch(/Blitz Attack needs Close Combat 3/);
    expect(w.fake.dialogs.asked.length).toBe(asked);
    expect(budget.turnActionsOf(unskilled.kara)).toMatchObject({ simpleUsed: 0, moves: 0 });

    const far = await blitzFight(3, { col: 4, row: 0 });
    w.fake.notifications.length = 0;
    await pressBlitz(far.kara);
    expect(far.token.x).toBe(0);
    expect(w.fake.notifications.at(-1)?.message).toContain("This move is not allowed");
    expect(budget.turnActionsOf(far.kara)).toMatchObject({ simpleUsed: 0, moves: 0 });
  });

  it("the sheet shows Blitz on close weapons and bare hands only to a fighter who has it", async () => {
    const skilled = await blitzFight(3);
    const unskilled = await blitzFight(2);
    const context = (actor: Actor.Implementation) =>
      w.fake.as(PLAYER.id, () => sheet.dicepoolActorSheetContext(actor));
    expect(await context(skilled.kara)).toMatchObject({ blitz: true, weapons: [{ close: true }] });
    expect(await context(unskilled.kara)).toMatchObject({ blitz: false });
  });
});
