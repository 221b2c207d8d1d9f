/**
 * Worldlines momentum ties, the README's setting (`worldlinesMomentumTies`): with the players'
 * side winning ties, two teams of equal momentum start with the players' team, no die rerolled.
 */
import { expect, it } from "vitest";
import { GM, installFakeFoundry } from "../fake-foundry/index.ts";
import { combatOf } from "./combat-order.support.ts";

it("the players' side wins a momentum tie when the world says so, rolling nothing more", async () => {
  let rolls = 0;
  const fake = installFakeFoundry({
    settings: { "fray.ruleset": "worldlines" },
    random: () => {
      rolls++;
      return 0.999;
    },
  });
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  await fake.as(GM.id, () => fake.game.settings.set("fray", "worldlinesMomentumTies", "players"));
  const { turnStateOf } = await import("../../src/foundry/combat/state.ts");
  const { whenIdle } = await import("../../src/foundry/combat/actions.ts");
  const side = (name: string, disposition: number) => ({
    name,
    type: name === "Vex" ? "npc" : "character",
    prototypeToken: { disposition },
    system: { traits: { combat: 8 } },
  });
  const combat = await combatOf(fake, [side("Ash", 1), side("Vex", -1)]);
  await combat.startCombat();
  await whenIdle();
  // One d8 each, both 8: a tie the players' side wins.
  expect(rolls).toBe(2);
  const first = turnStateOf(combat).plan[0];
  const team = combat.groups.contents.find(
    (group) => first?.kind === "team" && group.id === first.teamId,
  );
  expect(team?.name).toBe("Friendly");
});
