/**
 * The two-dice side order when the GM rolls for it: each team's d20 (every die rolls its highest
 * face here, 20) plus its members' surprise bonuses, a member out of the fight adding nothing.
 */
import { beforeAll, expect, it } from "vitest";
import { installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";

let fake: FakeFoundry;
let teamOrderValue: typeof import("../../src/foundry/combat/state.ts").teamOrderValue;
let whenIdle: typeof import("../../src/foundry/combat/actions.ts").whenIdle;

beforeAll(async () => {
  fake = installFakeFoundry({ settings: { "fray.ruleset": "twodice" }, random: () => 0.999 });
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  ({ teamOrderValue } = await import("../../src/foundry/combat/state.ts"));
  ({ whenIdle } = await import("../../src/foundry/combat/actions.ts"));
});

it("adds each member's surprise bonus to its team's d20, and nothing from one out of the fight", async () => {
  const Actor = fake.CONFIG["Actor"]?.documentClass;
  const Combat = fake.CONFIG["Combat"]?.documentClass;
  if (!Actor || !Combat) throw new Error("no document classes");
  const actors = await Actor.createDocuments([
    {
      name: "Ash",
      type: "character",
      prototypeToken: { disposition: 1 },
      system: { surpriseBonus: 2 },
    },
    {
      name: "Bram",
      type: "character",
      prototypeToken: { disposition: 1 },
      system: { surpriseBonus: 1 },
    },
    {
      name: "Vex",
      type: "npc",
      prototypeToken: { disposition: -1 },
      system: { surpriseBonus: 3 },
    },
    {
      // Wound 12 above Toughness 10: incapacitated, its bonus does not count.
      name: "Wren",
      type: "npc",
      prototypeToken: { disposition: -1 },
      system: { surpriseBonus: 4, wounds: { marked: [12] } },
    },
  ]);
  const combat = (await Combat.create({})) as unknown as
    | (Combat.Implementation & { startWith(choice: { roll: boolean }): Promise<unknown> })
    | undefined;
  if (!combat) throw new Error("no combat");
  await combat.createEmbeddedDocuments(
    "Combatant",
    actors.map((actor) => ({ actorId: actor.id })),
  );
  await whenIdle();
  await combat.startWith({ roll: true });
  await whenIdle();
  const value = (name: string) => {
    const team = combat.groups.contents.find((group) => group.name === name);
    return team === undefined ? undefined : teamOrderValue(team);
  };
  expect(value("Friendly")).toBe(20 + 2 + 1);
  expect(value("Hostile")).toBe(20 + 3);
  // The teams' d20s go to the chat with the totals they made (issue 27).
  const cards = fake.game.messages.contents.filter(
    (m) => (m.flags as { fray?: { orderRolls?: unknown } }).fray?.orderRolls !== undefined,
  ) as unknown as { content: string; rolls: { total: number }[]; whisper: string[] }[];
  expect(cards).toHaveLength(1);
  expect(cards[0]?.rolls.slice(0, 2).map((roll) => roll.total)).toEqual([20, 20]);
  expect(cards[0]?.content).toContain("Dice: 1d20 (20) · 1d20 (20)");
  expect(cards[0]?.content).toContain(
    'Friendly</span> <strong class="fray-order-value">23</strong>',
  );
  expect(cards[0]?.whisper).toEqual([]);
});
