/**
 * What a player's console can try against the two-dice referee, and what the GM does about it:
 * play a copy of an attack card they posted themselves (another defender, Damage 20, dice of
 * their choosing) and press it again after resetting its step; take a second action in a round by
 * writing their own actor; attack an actor that is neither in their fight nor on their scene.
 * Each is refused with a localized message and no other owner's document changes.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER, PLAYER2 } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import type * as Workflow from "../../src/foundry/rulesets/twodice/attack/declare.ts";
import { twodiceWorld } from "./twodice.support.ts";
import type { TwodiceWorld } from "./twodice.support.ts";

let world: TwodiceWorld;
let fake: FakeFoundry;
let workflow: typeof Workflow;
let whenIdle: () => Promise<void>;

beforeAll(async () => {
  world = await twodiceWorld();
  fake = world.fake;
  workflow = await import("../../src/foundry/rulesets/twodice/attack/declare.ts");
  ({ whenIdle } = await import("../../src/foundry/combat/actions.ts"));
});

beforeEach(() => {
  world.reset();
});

const SWORD = {
  name: "Sword",
  type: "weapon",
  system: { kind: "melee", attack: 12, defense: 6, damage: 2 },
};

const wounds = (actor: Actor.Implementation) =>
  (actor.system as unknown as { wounds: { marked: number[] } }).wounds.marked;
const messages = () => fake.game.messages.contents as unknown as ChatMessage.Implementation[];

/** Kara (PLAYER's, a sword), a Brute (the GM's) and Ally (PLAYER2's). */
async function cast() {
  const kara = await world.createActor({
    name: "Kara",
    type: "character",
    ownership: { [PLAYER.id]: 3 },
    prototypeToken: { disposition: 1 },
    items: [SWORD],
  });
  const brute = await world.createActor({ name: "Brute", type: "npc" });
  const ally = await world.createActor({
    name: "Ally",
    type: "character",
    ownership: { [PLAYER2.id]: 3 },
    system: { traits: { toughness: 10 } },
  });
  return { kara, brute, ally };
}

/** A card button pressed from the player's client. */
function press(message: ChatMessage.Implementation, step: "apply" | "rollWithIt" | "counter") {
  return workflow.pressTwodiceCard(message, step);
}

describe("a card the player posted themselves", () => {
  it("is never played: another defender, Damage 20 and chosen dice wound nobody, even after a reset", async () => {
    const { kara, brute, ally } = await cast();
    world.place(kara, brute, ally);
    world.dice(3, 11);
    fake.setUser(PLAYER.id);
    const id = await workflow.declareTwodiceAttack(kara, world.item(kara, "Sword"), brute);
    const real = fake.game.messages.get(id ?? "") as unknown as ChatMessage.Implementation;
    const flags = structuredClone(real.flags) as { fray: Record<string, unknown> };
    // The console copies the card: another defender, a weapon of Damage 20, two hits.
    for (const [key, value] of Object.entries(flags.fray)) {
      if (typeof value !== "object" || value === null || !("defenderId" in value)) continue;
      const card = value as Record<string, unknown>;
      flags.fray[key] = {
        ...card,
        stage: "pending",
        defenderId: ally.id,
        defenderName: "Ally",
        defender: { ...(card["defender"] as object), id: ally.id },
        weapon: { ...(card["weapon"] as object), damage: 20 },
        shots: [{ black: 12, white: 11 }],
      };
    }
    delete flags.fray["steps"];
    const ChatMessage = fake.CONFIG["ChatMessage"]?.documentClass;
    const forged = (await fake.as(PLAYER.id, () =>
      ChatMessage?.create({ author: PLAYER.id, content: real.content, flags }),
    )) as unknown as ChatMessage.Implementation;
    const mark = fake.db.calls.length;

    const outcome = await fake.as(PLAYER.id, () => press(forged, "apply"));
    expect(outcome).toMatchObject({ ok: false, reason: "notRefereeCard" });
    expect(wounds(ally)).toEqual([]);
    expect(fake.notifications.at(-1)?.message).toBe(
      "This card was not made by the GM's client, so it cannot be played. Act again to get a card.",
    );

    // The player resets the step on their own message and presses again: still nothing.
    await fake.as(PLAYER.id, () =>
      forged.update({ "flags.fray.steps": null, "flags.fray.cardKind": "twodice.attack" } as never),
    );
    await fake.as(PLAYER.id, () => press(forged, "apply"));
    expect(wounds(ally)).toEqual([]);
    expect(wounds(brute)).toEqual([]);
    const actorWrites = fake.db.since(mark, { documentName: "Actor" });
    expect(actorWrites).toEqual([]);
  });
});

describe("the one action of a round", () => {
  it("cannot be given back by the player writing their own actor", async () => {
    const { kara, brute } = await cast();
    await world.startedCombat([kara, brute]);
    world.dice(20, 20);
    fake.setUser(PLAYER.id);
    const sword = world.item(kara, "Sword");
    expect(await workflow.declareTwodiceAttack(kara, sword, brute)).not.toBeNull();
    // The console writes the spent action back onto the player's own actor.
    await kara.update({ "system.turn.acted": false } as never);
    const before = messages().length;
    world.dice(20, 20);
    expect(await workflow.declareTwodiceAttack(kara, sword, brute)).toBeNull();
    expect(messages().length).toBe(before);
    expect(world.warnings()).toContain("That character has already taken its action this turn.");
  });

  it("comes back with the next round, as the referee's ledger entry (no actor write)", async () => {
    const { kara, brute } = await cast();
    const combat = await world.startedCombat([kara, brute]);
    world.dice(20, 20);
    fake.setUser(PLAYER.id);
    const sword = world.item(kara, "Sword");
    expect(await workflow.declareTwodiceAttack(kara, sword, brute)).not.toBeNull();
    const mark = fake.db.calls.length;
    await fake.as(GM.id, () => combat.nextRound());
    await whenIdle();
    expect(fake.db.since(mark, { documentName: "Actor" })).toEqual([]);
    const karaId = combat.combatants.contents.find((c) => c.actorId === kara.id)?.id ?? "";
    await fake.as(GM.id, () => combat.activateCombatant(karaId));
    await whenIdle();
    world.dice(20, 20);
    expect(await workflow.declareTwodiceAttack(kara, sword, brute)).not.toBeNull();
  });
});

describe("the target", () => {
  it("must be in the attacker's fight or on its scene: any other actor id is refused", async () => {
    const { kara, brute } = await cast();
    const stranger = await world.createActor({ name: "Stranger", type: "npc" });
    await world.startedCombat([kara, brute]);
    fake.setUser(PLAYER.id);
    const before = messages().length;
    world.dice(3, 11);
    expect(
      await workflow.declareTwodiceAttack(kara, world.item(kara, "Sword"), stranger),
    ).toBeNull();
    expect(messages().length).toBe(before);
    expect(wounds(stranger)).toEqual([]);
    expect(world.warnings()).toContain("Stranger is neither in this fight nor on this scene.");
  });
});
