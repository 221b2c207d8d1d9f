/**
 * Reactions raised by movement in WWN (issue 24): Kara steps out of melee with the Raider, who
 * gets the free attack the book gives every adjacent foe; its card's button targets Kara and opens
 * the Raider's attack dialog as that free attack, which the Raider's player then makes out of
 * turn (the card is the proof, used once). A Fighting Withdrawal first provokes nothing, nor does
 * a downed foe.
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
let declare: typeof import("../../src/foundry/rulesets/wwn/attack/declare.ts");
let self: typeof import("../../src/foundry/rulesets/wwn/table/self.ts");

beforeAll(async () => {
  w = await moveWorld("wwn", { size: 100, distance: 5, units: "ft" });
  declare = await import("../../src/foundry/rulesets/wwn/attack/declare.ts");
  self = await import("../../src/foundry/rulesets/wwn/table/self.ts");
});

const SPEAR = {
  name: "Spear",
  type: "weapon",
  system: { damage: "1d6", skill: "stab", attributes: { str: true, dex: true } },
};

function fight(items: readonly object[] = [SPEAR], foe: Record<string, unknown> = {}) {
  return reactionFight(
    w,
    { system: { health: { value: 10, max: 10 } } },
    { system: { health: { value: 10, max: 10 }, ...foe }, items: [...items] },
    { kara: { col: 2, row: 0 }, foe: { col: 3, row: 0 } },
  );
}

describe("reactions raised by movement in WWN", () => {
  it("leaving melee gives the foe a free attack: the button targets Kara and opens it", async () => {
    const { token } = await fight();
    const before = w.fake.game.messages.contents.length;
    expect(await w.drag(token, { col: 0, row: 0 })).toBe(true);
    const card = oneReactionCard(w, before);
    expect(reactionButton(w, card, PLAYER.id).removed).toBe(true);
    const shown = await pressReaction(w, card, PLAYER2.id);
    expect(shown.title).toContain("Spear");
    expect(shown.content).toContain("A free attack on a foe leaving melee");
    expect(targetsOf(w, PLAYER2.id)).toEqual(["Kara"]);
  });

  it("the free attack is made out of turn with the card, once; without it, it is refused", async () => {
    const { token, raider } = await fight();
    const before = w.fake.game.messages.contents.length;
    await w.drag(token, { col: 0, row: 0 });
    const card = oneReactionCard(w, before);
    await pressReaction(w, card, PLAYER2.id);
    const spear = itemNamed(raider, "Spear");
    const attack = (situation: object) =>
      w.fake.as(PLAYER2.id, () => declare.wwnAttack(raider, spear, situation));
    expect(await attack({ kind: { kind: "free" } })).toBeNull();
    expect(await attack({ reaction: card.id })).not.toBeNull();
    await w.idle();
    expect(await attack({ reaction: card.id })).toBeNull();
    await w.idle();
    expect(attackCardsSince(w, before)).toHaveLength(1);
  });

  it("a Fighting Withdrawal, or a downed foe, provokes nothing", async () => {
    const guarded = await fight();
    expect(await w.fake.as(PLAYER.id, () => self.wwnFightingWithdrawal(guarded.kara))).toBe(true);
    await w.idle();
    const before = w.fake.game.messages.contents.length;
    expect(await w.drag(guarded.token, { col: 0, row: 0 })).toBe(true);
    // (A foe without a weapon strikes with bare hands: movement-unarmed-wwn.test.ts.)
    // A foe who is down strikes nobody.
    const down = await fight([SPEAR], { life: "dying", health: { value: 0, max: 10 } });
    expect(await w.drag(down.token, { col: 0, row: 0 })).toBe(true);
    expect(reactionCards(w, before)).toHaveLength(0);
  });
});
