/**
 * No reaction card for a fighter who cannot take the reaction (issue 24), in Worldlines: a Raider
 * without the Opportunity Attack's Energy, who already interrupted this round, or who is down
 * (Freelancers: movement-reactions-able-fl.test.ts). Kara walks past each as in the reaction
 * tests; only the able one gets a card.
 */
import { describe, expect, it } from "vitest";
import { moveWorld } from "./movement.support.ts";
import { ledgerSets, reactionCards, reactionFight } from "./movement-reactions.support.ts";

const MACHETE = {
  name: "Machete",
  type: "weapon",
  system: { damage: "1d6", skill: "melee", kind: "melee" },
};

describe("no reaction card for a fighter who cannot react", () => {
  it("Worldlines: no Energy for it, the round's interruption spent, or down", async () => {
    const w = await moveWorld("worldlines", { size: 100, distance: 5, units: "ft" });
    const walkPast = async (
      raider: Record<string, unknown>,
      before?: (f: Awaited<ReturnType<typeof reactionFight>>) => Promise<void>,
    ) => {
      const f = await reactionFight(
        w,
        { system: { energy: { value: 10, max: 10 } } },
        { system: { energy: { value: 10, max: 10 }, ...raider }, items: [MACHETE] },
        { kara: { col: 0, row: 0 }, foe: { col: 4, row: 0 } },
      );
      await before?.(f);
      const from = w.fake.game.messages.contents.length;
      expect(await w.drag(f.token, { col: 3, row: 0 })).toBe(true);
      return reactionCards(w, from).length;
    };
    expect(await walkPast({})).toBe(1);
    expect(await walkPast({ energy: { value: 0, max: 10 } })).toBe(0);
    expect(await walkPast({ life: "dying" })).toBe(0);
    expect(
      await walkPast({}, (f) => ledgerSets(w, f.combat, f.raider, "interruptUsed", true)),
    ).toBe(0);
  });
});
