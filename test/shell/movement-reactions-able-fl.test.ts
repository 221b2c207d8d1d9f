/**
 * No reaction card for a Freelancers teammate who cannot take the reaction (issue 24): a Raider
 * whose reaction this round is spent, or who is Dying. Kara walks past each as in the reaction
 * tests; only the able one gets a card.
 */
import { describe, expect, it } from "vitest";
import { moveWorld } from "./movement.support.ts";
import { ledgerSets, reactionCards, reactionFight } from "./movement-reactions.support.ts";

describe("no reaction card for a fighter who cannot react", () => {
  it("Freelancers: the round's reaction spent, or Dying", async () => {
    const w = await moveWorld("freelancers", { size: 100, distance: 1.5, units: "m" });
    const SWORD = { name: "Sword", type: "weapon", system: { kind: "melee", reach: 1.5 } };
    const walkPast = async (raider: Record<string, unknown>, spent = false) => {
      const f = await reactionFight(
        w,
        {},
        { system: raider, items: [SWORD] },
        { kara: { col: 0, row: 0 }, foe: { col: 2, row: 1 } },
      );
      if (spent) {
        const { flNow } = await import("../../src/foundry/rulesets/freelancers/budget.ts");
        const actions = { ...flNow(f.raider).actions, reaction: 0 };
        await ledgerSets(w, f.combat, f.raider, "flActions", actions);
      }
      const from = w.fake.game.messages.contents.length;
      expect(await w.drag(f.token, { col: 4, row: 0 })).toBe(true);
      return reactionCards(w, from).length;
    };
    expect(await walkPast({})).toBe(1);
    expect(await walkPast({ life: "dying" })).toBe(0);
    expect(await walkPast({}, true)).toBe(0);
  });
});
