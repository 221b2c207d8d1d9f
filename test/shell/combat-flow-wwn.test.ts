/**
 * The fight's flow in a WWN world (issue 27): a fighter whose sheet says it is down (mortally
 * wounded, knocked out, helpless, dead) is passed over by the order and the tracker says why; a
 * side all down tells the GMs; each side's initiative d8 goes to the chat under the roll mode.
 */
import { describe, expect, it } from "vitest";
import { GM } from "../fake-foundry/index.ts";
import { setUpTeamCombat } from "./team-combat.support.ts";
import type { TestCombat } from "./team-combat.support.ts";
import { flowWorld, trackerDriver } from "./combat-flow.support.ts";

const world = flowWorld("wwn");
const { state, phaseTeam, teamId, membersOf, whenIdle } = world;

async function friendlyPhase(): Promise<TestCombat> {
  const combat = await setUpTeamCombat(world.fake, 2, whenIdle);
  await combat.startCombat();
  await whenIdle();
  while (phaseTeam(combat) !== teamId(combat, "Friendly")) await combat.endPhase();
  await whenIdle();
  return combat;
}

/** What the GM's damage card writes when a blow takes a fighter down (or what the sheet sets). */
async function goDown(combatant: Combatant.Implementation | undefined, life: string) {
  await update(combatant, { "system.health.value": 0, "system.life": life });
}

/** A GM's update of the combatant's actor, by field path. */
async function update(combatant: Combatant.Implementation | undefined, fields: object) {
  await combatant?.actor?.update(fields);
  await whenIdle();
}

describe("a WWN fighter down by the book", () => {
  it("is passed over mid-turn, and the tracker says it is mortally wounded", async () => {
    const combat = await friendlyPhase();
    const [hurt, other] = membersOf(combat, "Friendly");
    await combat.activateCombatant(hurt?.id ?? "");
    await goDown(hurt, "dying");
    // Its turn is over; its teammate is still to act.
    expect(state(combat).active).toBeNull();
    expect(phaseTeam(combat)).toBe(teamId(combat, "Friendly"));
    const tracker = trackerDriver(world.fake);
    const block = (await tracker.render()).blocks.find((b) => b.current);
    expect(block?.members.find((m) => m.id === hurt?.id)).toMatchObject({
      out: true,
      skipped: true,
      defeated: false,
      outText: "skipped: Mortally wounded",
      canActivate: false,
    });
    await tracker.press("frayEndTurn", {
      block,
      member: block?.members.find((m) => m.id === other?.id),
    });
    await whenIdle();
    expect(phaseTeam(combat)).not.toBe(teamId(combat, "Friendly"));
    await combat.activateCombatant(hurt?.id ?? "");
    expect(world.fake.notifications.at(-1)?.message).toBe(
      "A combatant out of the fight cannot act.",
    );
  });

  it("gets its turns back when it is up again", async () => {
    const combat = await friendlyPhase();
    const [hurt] = membersOf(combat, "Friendly");
    await goDown(hurt, "unconscious");
    await update(hurt, { "system.health.value": 1, "system.life": "active" });
    await combat.activateCombatant(hurt?.id ?? "");
    expect(state(combat).active).toBe(hurt?.id);
  });

  it("a side all down tells the GMs", async () => {
    const combat = await friendlyPhase();
    const [a, b] = membersOf(combat, "Hostile");
    await goDown(a, "dead");
    await goDown(b, "helpless");
    const cards = world.cardsOf(combat, "sideDown");
    expect(cards).toHaveLength(1);
    expect(cards[0]?.content).toContain("Hostile has nobody left able to act.");
  });
});

describe("WWN side initiative in the chat", () => {
  it("shows each side's d8 next to its initiative; a blind roll is the GMs' alone", async () => {
    await world.fake.game.settings.set("core", "rollMode", "blindroll");
    const combat = await setUpTeamCombat(world.fake, 1, whenIdle);
    await combat.startCombat();
    await whenIdle();
    const cards = world.cardsOf(combat, "orderRolls");
    expect(cards).toHaveLength(1);
    const [card] = cards;
    expect(card?.whisper).toEqual([GM.id]);
    expect(card?.blind).toBe(true);
    expect(card?.content).toContain("Initiative");
    for (const team of combat.groups.contents) {
      const value = (team.system as unknown as { order: number }).order;
      expect(card?.content).toMatch(
        new RegExp(
          `${team.name ?? ""}</span> <strong class="fray-order-value">${value}</strong> <span class="fray-order-dice">1d8 \\(\\d\\)`,
        ),
      );
    }
  });

  it("counts no Dexterity of a fighter already down", async () => {
    const combat = await setUpTeamCombat(world.fake, 2, whenIdle);
    const [down] = membersOf(combat, "Friendly");
    await update(down, {
      "system.attributes.dex": 18,
      "system.health.value": 0,
      "system.life": "dying",
    });
    await combat.startCombat();
    await whenIdle();
    const [card] = world.cardsOf(combat, "orderRolls");
    const friendly =
      /Friendly<\/span> <strong class="fray-order-value">(\d+)<\/strong> <span class="fray-order-dice">1d8 \((\d)\)/.exec(
        card?.content ?? "",
      );
    // The d8 alone: the other member's Dexterity 10 adds nothing, the fallen one's 18 is not counted.
    expect(friendly?.[1]).toBe(friendly?.[2]);
  });
});
