/**
 * The fight's flow (issue 27), driven through the tracker's buttons and the chat in a Worldlines
 * world: the GM's "End phase" pressed just after the last member ended their turn does not skip
 * the next team; the defeated are passed over (a world setting keeps them in) and the tracker
 * says why; a side with nobody left able to act tells the GMs, whose card ends the combat; the
 * momentum dice go to the chat under the GM's roll mode.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { documentClass, phaseTeamOf, setUpTeamCombat } from "./team-combat.support.ts";
import type { TestCombat } from "./team-combat.support.ts";
import { renderCard, trackerDriver } from "./combat-flow.support.ts";
import type { TurnState } from "../../src/rules/combat/types.ts";
import { gameWrites } from "./referee.support.ts";

let fake: FakeFoundry;
let shell: {
  whenIdle: () => Promise<void>;
  turnStateOf: (combat: Combat.Implementation) => TurnState;
};

beforeAll(async () => {
  fake = installFakeFoundry({ users: [GM, PLAYER] });
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  const actions = await import("../../src/foundry/combat/actions.ts");
  const state = await import("../../src/foundry/combat/state.ts");
  shell = { whenIdle: actions.whenIdle, turnStateOf: state.turnStateOf };
});

beforeEach(async () => {
  fake.setUser(GM.id);
  await fake.game.settings.set("fray", "ruleset", "worldlines");
  await fake.game.settings.set("fray", "keepOutOfFight", false);
  await fake.game.settings.set("core", "rollMode", "publicroll");
  fake.notifications.length = 0;
  fake.dialogs.answer = true;
});

afterEach(async () => {
  const combats = fake.game.combats.contents.map((c) => c.id);
  const cls = fake.CONFIG["Combat"]?.documentClass;
  if (cls && combats.length > 0) await cls.deleteDocuments(combats);
  (globalThis as unknown as { ui: { combat?: unknown } }).ui.combat = undefined;
});

const state = (combat: TestCombat) => shell.turnStateOf(combat);
const phaseTeam = (combat: TestCombat) => phaseTeamOf(state(combat));

describe("End phase after the last member ended their turn", () => {
  it("is refused: the next team keeps its phase, nothing is written", async () => {
    const combat = await setUpTeamCombat(fake, 2, shell.whenIdle);
    await combat.startCombat();
    await shell.whenIdle();
    const tracker = trackerDriver(fake);
    // The GM's tracker shows the first team's phase with its End phase button.
    const before = await tracker.render();
    const first = before.blocks.find((block) => block.current);
    if (first === undefined || !first.canEndPhase) throw new Error("no End phase button");
    // Every member of that team ends their turn: the phase passes to the next team.
    for (const member of first.members)
      await tracker.press("frayEndTurn", { block: first, member });
    await shell.whenIdle();
    const next = phaseTeam(combat);
    expect(next).not.toBe(first.id);
    const writes = fake.db.calls.length;
    const turn = structuredClone(state(combat));
    // The GM presses the End phase button they were looking at.
    await tracker.press("frayEndPhase", { block: first, dataset: { phase: first.phaseRef } });
    await shell.whenIdle();
    expect(phaseTeam(combat)).toBe(next);
    expect(state(combat)).toEqual(turn);
    expect(gameWrites(fake, writes)).toEqual([]);
    expect(fake.notifications.map((n) => [n.level, n.message])).toEqual([
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
    await shell.whenIdle();
    expect(phaseTeam(combat)).not.toBe(next);
  });
});

const membersOf = (combat: TestCombat, teamId: string) =>
  combat.combatants.contents.filter((c) => (c as unknown as { group: string }).group === teamId);
const teamId = (combat: TestCombat, name: string) => combat.groups.getName(name)?.id ?? "";

/** The combat with the Friendly team's phase being played (the momentum dice decide who starts). */
async function friendlyPhase(perTeam: number): Promise<TestCombat> {
  const combat = await setUpTeamCombat(fake, perTeam, shell.whenIdle);
  await combat.startCombat();
  await shell.whenIdle();
  while (phaseTeam(combat) !== teamId(combat, "Friendly")) await combat.endPhase();
  await shell.whenIdle();
  return combat;
}

async function markDefeated(combatant: Combatant.Implementation | undefined, defeated = true) {
  await combatant?.update({ defeated });
  await shell.whenIdle();
}

const sideDownCards = (combat: TestCombat) =>
  fake.game.messages.contents.filter(
    (m) =>
      (m.flags as { fray?: { sideDown?: { combatId: string } } }).fray?.sideDown?.combatId ===
      combat.id,
  );

describe("defeated combatants", () => {
  it("are passed over by the order, and the tracker says why", async () => {
    const combat = await friendlyPhase(2);
    const [down, up] = membersOf(combat, teamId(combat, "Friendly"));
    await markDefeated(down);
    const tracker = trackerDriver(fake);
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
    await shell.whenIdle();
    expect(phaseTeam(combat)).not.toBe(teamId(combat, "Friendly"));
    // Asked a turn for the defeated, the GM is refused, saying why.
    await combat.activateCombatant(down?.id ?? "");
    expect(fake.notifications.at(-1)?.message).toBe("A defeated combatant cannot act.");
  });

  it("keep their turns when the world says so, and the tracker says they are out", async () => {
    await fake.game.settings.set("fray", "keepOutOfFight", true);
    const combat = await friendlyPhase(2);
    const [down, up] = membersOf(combat, teamId(combat, "Friendly"));
    await markDefeated(down);
    const tracker = trackerDriver(fake);
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
    await shell.whenIdle();
    // The defeated one still has a turn to take.
    expect(phaseTeam(combat)).toBe(teamId(combat, "Friendly"));
    await tracker.press("frayActivate", { block, member: downRow });
    await shell.whenIdle();
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
    await shell.whenIdle();
    expect(sideDownCards(combat)).toHaveLength(1);
    // A player (were it shown to one) gets no button; the GM's ends the combat once confirmed.
    const BUTTON = "button[data-fray-end-combat]";
    fake.setUser(PLAYER.id);
    expect(renderCard(fake, card, [BUTTON]).buttons(BUTTON)).toEqual([]);
    fake.setUser(GM.id);
    fake.dialogs.answer = false;
    renderCard(fake, card, [BUTTON]).buttons(BUTTON)[0]?.click();
    await shell.whenIdle();
    expect(fake.game.combats.get(combat.id ?? "")).toBeDefined();
    fake.dialogs.answer = true;
    renderCard(fake, card, [BUTTON]).buttons(BUTTON)[0]?.click();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await shell.whenIdle();
    expect(fake.game.combats.get(combat.id ?? "")).toBeUndefined();
    expect(fake.dialogs.asked.at(-1)?.title).toBe("COMBAT.EndTitle");
  });

  it("tells again when the side rises and falls once more; a card a player posted ends nothing", async () => {
    const combat = await friendlyPhase(1);
    const [foe] = membersOf(combat, teamId(combat, "Hostile"));
    await markDefeated(foe);
    await markDefeated(foe, false);
    await markDefeated(foe);
    expect(sideDownCards(combat)).toHaveLength(2);
    const forged = await fake.as(PLAYER.id, () =>
      documentClass(fake, "ChatMessage").create({
        content: "<button data-fray-end-combat>End</button>",
        flags: { fray: { sideDown: { combatId: combat.id, teamIds: [] } } },
      }),
    );
    const BUTTON = "button[data-fray-end-combat]";
    expect(renderCard(fake, forged, [BUTTON]).buttons(BUTTON)).toEqual([]);
  });
});

describe("the order's dice", () => {
  const orderCards = () =>
    fake.game.messages.contents.filter(
      (m) => (m.flags as { fray?: { orderRolls?: unknown } }).fray?.orderRolls !== undefined,
    ) as unknown as { whisper: string[]; rolls: { total: number }[]; content: string }[];

  it("go to the chat with the momentum they made, every member's die, publicly", async () => {
    const before = orderCards().length;
    const combat = await setUpTeamCombat(fake, 2, shell.whenIdle);
    await combat.startCombat();
    await shell.whenIdle();
    const cards = orderCards().slice(before);
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
    await fake.game.settings.set("core", "rollMode", "gmroll");
    const before = orderCards().length;
    const combat = await setUpTeamCombat(fake, 1, shell.whenIdle);
    await combat.startCombat();
    await shell.whenIdle();
    const [card] = orderCards().slice(before);
    expect(card?.whisper).toEqual([GM.id]);
    expect(card?.rolls.length).toBeGreaterThanOrEqual(3);
  });
});
