/**
 * The fight's flow in the dice-pool game (issue 27): the dead are passed over by the initiative
 * order and the tracker says why; the incapacitated keep their turns (they bleed on them) but a
 * side of them is done, and the GMs hear of it; every initiative pool goes to the chat, a hidden
 * combatant's to the GMs alone.
 */
import { describe, expect, it } from "vitest";
import { GM } from "../fake-foundry/index.ts";
import { setUpTeamCombat } from "./team-combat.support.ts";
import type { TestCombat } from "./team-combat.support.ts";
import { flowWorld, trackerDriver } from "./combat-flow.support.ts";

const world = flowWorld("dicepool");
const { state, membersOf, whenIdle } = world;

const damageOf = (c: Combatant.Implementation | undefined) =>
  (c?.actor?.system as unknown as { health: { damage: number } } | undefined)?.health.damage;

async function setDown(c: Combatant.Implementation | undefined, fields: Record<string, unknown>) {
  await c?.actor?.update(fields);
  await whenIdle();
}

/** Who takes a turn in the rest of this round and the next, by pressing core's Next turn. */
async function turnsTaken(combat: TestCombat): Promise<string[]> {
  const seen: string[] = [];
  const round = state(combat).round;
  while (state(combat).round <= round + 1) {
    const active = state(combat).active;
    if (active === null) throw new Error("nobody acting in individual initiative");
    seen.push(active);
    await combat.nextTurn();
    await whenIdle();
  }
  return seen;
}

describe("the dice-pool game's dead and incapacitated", () => {
  it("passes over the dead, keeps the incapacitated (who bleed on their turn), and says so", async () => {
    const combat = await setUpTeamCombat(world.fake, 1, whenIdle);
    await combat.startCombat();
    await whenIdle();
    const [dead] = membersOf(combat, "Hostile");
    const [bleeding] = membersOf(combat, "Neutral");
    await setDown(dead, { "system.dead": true });
    await setDown(bleeding, { "system.incapacitated": "lethal", "system.health.damage": 9 });
    const rows = (await trackerDriver(world.fake).render()).blocks.flatMap((b) => b.members);
    expect(rows.find((m) => m.id === dead?.id)).toMatchObject({
      skipped: true,
      outText: "skipped: Dead",
    });
    expect(rows.find((m) => m.id === bleeding?.id)).toMatchObject({
      out: true,
      skipped: false,
      outText: "Dying",
      outHint: "Dying: out of the fight, but its rules still give it its turns.",
    });
    const before = damageOf(bleeding) ?? 0;
    const taken = await turnsTaken(combat);
    expect(taken).not.toContain(dead?.id);
    expect(taken).toContain(bleeding?.id);
    expect(damageOf(bleeding)).toBeGreaterThan(before);
  });

  it("a side of the incapacitated and the dead is done: the GMs hear of it", async () => {
    const combat = await setUpTeamCombat(world.fake, 2, whenIdle);
    await combat.startCombat();
    await whenIdle();
    const [a, b] = membersOf(combat, "Hostile");
    await setDown(a, { "system.dead": true });
    const cardsOf = () => world.cardsOf(combat, "sideDown");
    expect(cardsOf()).toEqual([]);
    await setDown(b, { "system.incapacitated": "nonLethal" });
    expect(cardsOf()).toHaveLength(1);
  });
});

describe("initiative pools in the chat", () => {
  it("shows every combatant's pool; a hidden combatant's goes to the GMs alone", async () => {
    const combat = await setUpTeamCombat(world.fake, 1, whenIdle);
    const [lurker] = membersOf(combat, "Hostile");
    await lurker?.update({ hidden: true });
    await whenIdle();
    await combat.startCombat();
    await whenIdle();
    const [open, secret] = world.cardsOf(combat, "orderRolls");
    expect(world.cardsOf(combat, "orderRolls")).toHaveLength(2);
    expect(open?.whisper).toEqual([]);
    expect(secret?.whisper).toEqual([GM.id]);
    const name = lurker?.name ?? "";
    expect(open?.content).not.toContain(name);
    expect(secret?.content).toContain(name);
    for (const c of combat.combatants.contents.filter((c) => !c.hidden)) {
      expect(open?.content).toMatch(
        new RegExp(
          `${c.name ?? ""}</span> <strong class="fray-order-value">${String(c.initiative)}</strong> <span class="fray-order-dice">\\d+d6 \\(`,
        ),
      );
    }
    // One pool each (and a reroll for any tie).
    expect((open?.rolls.length ?? 0) + (secret?.rolls.length ?? 0)).toBeGreaterThanOrEqual(3);
  });
});
