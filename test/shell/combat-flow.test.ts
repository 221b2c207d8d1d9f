/**
 * The fight's flow (issue 27), driven through the tracker's buttons and the chat in a Worldlines
 * world: the GM's "End phase" pressed just after the last member ended their turn does not skip
 * the next team; the defeated are passed over (a world setting keeps them in) and the tracker
 * says why; a side with nobody left able to act tells the GMs, whose card ends the combat; the
 * momentum dice go to the chat under the GM's roll mode.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER } from "../fake-foundry/index.ts";
import { documentClass, setUpTeamCombat } from "./team-combat.support.ts";
import type { TestCombat } from "./team-combat.support.ts";
import { flowWorld, renderCard, trackerDriver } from "./combat-flow.support.ts";
import { gameWrites } from "./referee.support.ts";

const world = flowWorld("worldlines");
const { state, phaseTeam, teamId, whenIdle } = world;

beforeEach(async () => {
  await world.fake.game.settings.set("fray", "keepOutOfFight", false);
});

afterEach(async () => {
  const combats = world.fake.game.combats.contents.map((c) => c.id);
  const cls = world.fake.CONFIG["Combat"]?.documentClass;
  if (cls && combats.length > 0) await cls.deleteDocuments(combats);
  (globalThis as unknown as { ui: { combat?: unknown } }).ui.combat = undefined;
});

describe("End phase after the last member ended their turn", () => {
  it("is refused: the next team keeps its phase, nothing is written", async () => {
    const combat = await setUpTeamCombat(world.fake, 2, whenIdle);
    await combat.startCombat();
    await whenIdle();
    const tracker = trackerDriver(world.fake);
    // The GM's tracker shows the first team's phase with its End phase button.
    const before = await tracker.render();
    const first = before.blocks.find((block) => block.current);
    if (first === undefined || !first.canEndPhase) throw new Error("no End phase button");
    // Every member of that team ends their turn: the phase passes to the next team.
    for (const member of first.members)
      await tracker.press("frayEndTurn", { block: first, member });
    await whenIdle();
    const next = phaseTeam(combat);
    expect(next).not.toBe(first.id);
    const writes = world.fake.db.calls.length;
    const turn = structuredClone(state(combat));
    // The GM presses the End phase button they were looking at.
    await tracker.press("frayEndPhase", { block: first, dataset: { phase: first.phaseRef } });
    await whenIdle();
    expect(phaseTeam(combat)).toBe(next);
    expect(state(combat)).toEqual(turn);
    expect(gameWrites(world.fake, writes)).toEqual([]);
    expect(world.fake.notifications.map((n) => [n.level, n.message])).toEqual([
      ["warn", "That phase is already over; the tracker has moved on. Nothing was skipped."],
    ]);
    // On the tracker as it stands now, End phase ends the next team's phase as asked.
    const now = await tracker.render();
    const current = now.blocks.find((block) => block.current);
    expect(current?.id).toBe(next);
    await tracker.press("frayEndPhase", {
      block: current,
      dataset: { phase: current?.phaseRef ?? "" },
    });
    await whenIdle();
    expect(phaseTeam(combat)).not.toBe(next);
  });
});

const membersOf = (combat: TestCombat, id: string) =>
  combat.combatants.contents.filter((c) => (c as unknown as { group: string }).group === id);

/** The combat with the Friendly team's phase being played (the momentum dice decide who starts). */
async function friendlyPhase(perTeam: number): Promise<TestCombat> {
  const combat = await setUpTeamCombat(world.fake, perTeam, whenIdle);
  await combat.startCombat();
  await whenIdle();
  while (phaseTeam(combat) !== teamId(combat, "Friendly")) await combat.endPhase();
  await whenIdle();
  return combat;
}

async function markDefeated(combatant: Combatant.Implementation | undefined, defeated = true) {
  await combatant?.update({ defeated });
  await whenIdle();
}

const sideDownCards = (combat: TestCombat) => world.cardsOf(combat, "sideDown");

describe("defeated combatants", () => {
  it("are passed over by the order, and the tracker says why", async () => {
    const combat = await friendlyPhase(2);
    const [down, up] = membersOf(combat, teamId(combat, "Friendly"));
    await markDefeated(down);
    const tracker = trackerDriver(world.fake);
    const block = (await tracker.render()).blocks.find((b) => b.current);
    const rows = block?.members ?? [];
    const downRow = rows.find((m) => m.id === down?.id);
    expect(downRow).toMatchObject({
      out: true,
      skipped: true,
      outText: "skipped: defeated",
      outHint: "defeated: the turn order passes over them.",
      canActivate: false,
      canEnd: false,
    });
    expect(rows.find((m) => m.id === up?.id)).toMatchObject({ out: false, canActivate: true });
    // The one still standing ends their turn: the phase is over, nobody waits for the defeated.
    const upRow = rows.find((m) => m.id === up?.id);
    await tracker.press("frayActivate", { block, member: upRow });
    await tracker.press("frayEndTurn", { block, member: upRow });
    await whenIdle();
    expect(phaseTeam(combat)).not.toBe(teamId(combat, "Friendly"));
    // Asked a turn for the defeated, the GM is refused, saying why.
    await combat.activateCombatant(down?.id ?? "");
    expect(world.fake.notifications.at(-1)?.message).toBe("A defeated combatant cannot act.");
  });

  it("keep their turns when the world says so, and the tracker says they are out", async () => {
    await world.fake.game.settings.set("fray", "keepOutOfFight", true);
    const combat = await friendlyPhase(2);
    const [down, up] = membersOf(combat, teamId(combat, "Friendly"));
    await markDefeated(down);
    const tracker = trackerDriver(world.fake);
    const block = (await tracker.render()).blocks.find((b) => b.current);
    const downRow = block?.members.find((m) => m.id === down?.id);
    expect(downRow).toMatchObject({
      out: true,
      skipped: false,
      outText: "defeated",
      outHint: "defeated: out of the fight, but this world keeps their turns.",
      canActivate: true,
    });
    await tracker.press("frayEndTurn", {
      block,
      member: block?.members.find((m) => m.id === up?.id),
    });
    await whenIdle();
    // The defeated one still has a turn to take.
    expect(phaseTeam(combat)).toBe(teamId(combat, "Friendly"));
    await tracker.press("frayActivate", { block, member: downRow });
    await whenIdle();
    expect(state(combat).active).toBe(down?.id);
  });

  it("when a defeat comes mid-phase, the order moves on at once", async () => {
    const combat = await friendlyPhase(2);
    const [first, last] = membersOf(combat, teamId(combat, "Friendly"));
    await combat.activateCombatant(first?.id ?? "");
    await combat.endCombatantTurn(first?.id ?? "");
    await combat.activateCombatant(last?.id ?? "");
    await markDefeated(last);
    expect(state(combat).active).toBeNull();
    expect(phaseTeam(combat)).not.toBe(teamId(combat, "Friendly"));
  });
});

describe("a side with nobody left able to act", () => {
  it("tells the GMs once, whispered, with an End combat button that ends the combat", async () => {
    const combat = await friendlyPhase(2);
    const hostile = membersOf(combat, teamId(combat, "Hostile"));
    await markDefeated(hostile[0]);
    expect(sideDownCards(combat)).toEqual([]);
    await markDefeated(hostile[1]);
    const [card] = sideDownCards(combat);
    if (card === undefined) throw new Error("no side-down card");
    expect(sideDownCards(combat)).toHaveLength(1);
    expect((card as unknown as { whisper: string[] }).whisper).toEqual([GM.id]);
    expect((card as unknown as { author: { isGM: boolean } }).author.isGM).toBe(true);
    expect((card as unknown as { content: string }).content).toContain(
      "Hostile has nobody left able to act.",
    );
    // Turns go on; the card is not posted again.
    await combat.endPhase();
    await whenIdle();
    expect(sideDownCards(combat)).toHaveLength(1);
    // A player (were it shown to one) gets no button; the GM's ends the combat once confirmed.
    const BUTTON = "button[data-fray-end-combat]";
    world.fake.setUser(PLAYER.id);
    expect(renderCard(world.fake, card, [BUTTON]).buttons(BUTTON)).toEqual([]);
    world.fake.setUser(GM.id);
    world.fake.dialogs.answer = false;
    renderCard(world.fake, card, [BUTTON]).buttons(BUTTON)[0]?.click();
    await whenIdle();
    expect(world.fake.game.combats.get(combat.id ?? "")).toBeDefined();
    world.fake.dialogs.answer = true;
    renderCard(world.fake, card, [BUTTON]).buttons(BUTTON)[0]?.click();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await whenIdle();
    expect(world.fake.game.combats.get(combat.id ?? "")).toBeUndefined();
    expect(world.fake.dialogs.asked.at(-1)?.title).toBe("COMBAT.EndTitle");
  });

  it("tells again when the side rises and falls once more; a card a player posted ends nothing", async () => {
    const combat = await friendlyPhase(1);
    const [foe] = membersOf(combat, teamId(combat, "Hostile"));
    await markDefeated(foe);
    await markDefeated(foe, false);
    await markDefeated(foe);
    expect(sideDownCards(combat)).toHaveLength(2);
    const forged = await world.fake.as(PLAYER.id, () =>
      documentClass(world.fake, "ChatMessage").create({
        content: "<button data-fray-end-combat>End</button>",
        flags: { fray: { sideDown: { combatId: combat.id, teamIds: [] } } },
      }),
    );
    const BUTTON = "button[data-fray-end-combat]";
    expect(renderCard(world.fake, forged, [BUTTON]).buttons(BUTTON)).toEqual([]);
  });
});

describe("the order's dice", () => {
  it("go to the chat with the momentum they made, every member's die, publicly", async () => {
    const combat = await setUpTeamCombat(world.fake, 2, whenIdle);
    await combat.startCombat();
    await whenIdle();
    const cards = world.cardsOf(combat, "orderRolls");
    expect(cards).toHaveLength(1);
    const [card] = cards;
    // Six members, one Combat die each (no tie here, or its reroll would be one more).
    expect(card?.rolls.length).toBeGreaterThanOrEqual(6);
    expect(card?.whisper).toEqual([]);
    for (const team of combat.groups.contents) {
      const momentum = (team.system as unknown as { order: number }).order;
      expect(card?.content).toContain(
        `${team.name ?? ""}</span> <strong class="fray-order-value">${momentum}</strong>`,
      );
    }
    expect(card?.content).toContain("Momentum");
  });

  it("follow the GM's roll mode: a GM roll is whispered to the GMs", async () => {
    await world.fake.game.settings.set("core", "rollMode", "gmroll");
    const combat = await setUpTeamCombat(world.fake, 1, whenIdle);
    await combat.startCombat();
    await whenIdle();
    const [card] = world.cardsOf(combat, "orderRolls");
    expect(card?.whisper).toEqual([GM.id]);
    expect(card?.rolls.length).toBeGreaterThanOrEqual(3);
  });
});
