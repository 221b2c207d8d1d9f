/**
 * Reactions raised by movement in the dice-pool game (issue 24): Kara leaves the space she shares
 * with the Raider, who may make an opportunity attack (an Interrupt, close combat or bare hands);
 * the card's button targets her and opens the Raider's attack dialog with that trigger chosen;
 * its player then makes it out of turn, resolved in the space they shared (the book: resolve it
 * first), once. A foe in another space is not provoked, nor is a downed one.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { PLAYER, PLAYER2 } from "../fake-foundry/index.ts";
import { moveWorld } from "./movement.support.ts";
import type { MoveWorld } from "./movement.support.ts";
import {
  attackCardsSince,
  itemNamed,
  oneReactionCard,
  pressReaction,
  reactionButton,
  reactionCards,
  reactionFight,
  targetsOf,
} from "./movement-reactions.support.ts";

let w: MoveWorld;
let declare: typeof import("../../src/foundry/rulesets/dicepool/attack/declare.ts");
let choices: typeof import("../../src/foundry/rulesets/dicepool/attack/dialog.ts");

beforeAll(async () => {
  w = await moveWorld("dicepool", { size: 100, distance: 5, units: "ft" });
  declare = await import("../../src/foundry/rulesets/dicepool/attack/declare.ts");
  choices = await import("../../src/foundry/rulesets/dicepool/attack/dialog.ts");
});

const CLUB = { name: "Club", type: "weapon", system: { kind: "close" } };

function fight(foe = { col: 2, row: 0 }, raiderSystem: Record<string, unknown> = {}) {
  return reactionFight(
    w,
    { system: { attributes: { physical: 3 }, speed: 3 } },
    {
      system: { attributes: { physical: 3 }, skills: { closeCombat: 2 }, ...raiderSystem },
      items: [CLUB],
    },
    { kara: { col: 2, row: 0 }, foe },
  );
}

describe("reactions raised by movement in the dice-pool game", () => {
  it("leaving a shared space: the button targets Kara and opens the opportunity attack", async () => {
    const { token } = await fight();
    const before = w.fake.game.messages.contents.length;
    expect(await w.drag(token, { col: 4, row: 0 })).toBe(true);
    const card = oneReactionCard(w, before);
    expect(reactionButton(w, card, PLAYER.id).removed).toBe(true);
    const shown = await pressReaction(w, card, PLAYER2.id);
    expect(shown.content).toContain("struck in the space you shared");
    expect(shown.content).toMatch(/value="leaveSpace" selected/);
    expect(targetsOf(w, PLAYER2.id)).toEqual(["Kara"]);
  });

  it("the opportunity attack is made with the card in the space they shared, once", async () => {
    const { token, raider, kara } = await fight();
    const before = w.fake.game.messages.contents.length;
    await w.drag(token, { col: 4, row: 0 });
    const card = oneReactionCard(w, before);
    await pressReaction(w, card, PLAYER2.id);
    const club = itemNamed(raider, "Club");
    const attack = (extra: object) =>
      w.fake.as(PLAYER2.id, () =>
        declare.declareDicepoolAttack(raider, club, [kara], {
          ...choices.DEFAULT_CHOICE,
          opportunity: "leaveSpace",
          ...extra,
        }),
      );
    // Two spaces apart now: without the GM's card the trigger is not open.
    expect(await attack({})).toBeNull();
    expect(await attack({ reaction: card.id })).not.toBeNull();
    await w.idle();
    expect(await attack({ reaction: card.id })).toBeNull();
    await w.idle();
    expect(attackCardsSince(w, before)).toHaveLength(1);
  });

  it("a foe in another space, or a downed one, is not provoked", async () => {
    const apart = await fight({ col: 3, row: 0 });
    const before = w.fake.game.messages.contents.length;
    expect(await w.drag(apart.token, { col: 0, row: 0 })).toBe(true);
    const down = await fight(undefined, { dead: true });
    expect(await w.drag(down.token, { col: 4, row: 0 })).toBe(true);
    expect(reactionCards(w, before)).toHaveLength(0);
  });
});
