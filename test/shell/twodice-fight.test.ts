/**
 * The two-dice fight at the table (issue 28): a counterattack with another weapon shows the
 * attack as it was read against that weapon's Defense; incapacitated characters are flagged on
 * the tracker and cannot attack; weapons start every fight reloaded. Through the card, the
 * tracker and the client's requests, the GM refereeing.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER, PLAYER2 } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import type * as Workflow from "../../src/foundry/rulesets/twodice/attack/declare.ts";
import type * as Cards from "../../src/foundry/rulesets/twodice/cards/attack-card.ts";
import type * as Combat from "../../src/foundry/rulesets/twodice/combat.ts";
import { twodiceWorld } from "./twodice.support.ts";
import type { TwodiceWorld } from "./twodice.support.ts";

let world: TwodiceWorld;
let fake: FakeFoundry;
let workflow: typeof Workflow;
let cards: typeof Cards;
let combat: typeof Combat;

beforeAll(async () => {
  world = await twodiceWorld();
  fake = world.fake;
  workflow = await import("../../src/foundry/rulesets/twodice/attack/declare.ts");
  cards = await import("../../src/foundry/rulesets/twodice/cards/attack-card.ts");
  combat = await import("../../src/foundry/rulesets/twodice/combat.ts");
});

beforeEach(() => {
  world.reset();
});

const messageOf = (id: string | null) => {
  const message = fake.game.messages.get(id ?? "");
  if (!message) throw new Error("no card");
  return message as unknown as ChatMessage.Implementation;
};
const wounds = (actor: Actor.Implementation) =>
  (actor.system as unknown as { wounds: { marked: number[] } }).wounds.marked;

const SWORD = {
  name: "Sword",
  type: "weapon",
  system: { kind: "melee", attack: 12, defense: 6, damage: 2 },
};

describe("a counterattack with another weapon", () => {
  it("the card shows the attack against that weapon's Defense: a miss, not the first read", async () => {
    const kara = await world.createActor({
      name: "Kara",
      type: "character",
      ownership: { [PLAYER.id]: 3 },
      system: { traits: { toughness: 8 } },
      items: [SWORD],
    });
    const brute = await world.createActor({
      name: "Brute",
      type: "character",
      ownership: { [PLAYER2.id]: 3 },
      system: { traits: { toughness: 9 }, unarmedDefense: 0 },
      items: [
        { name: "Club", type: "weapon", system: { kind: "melee", attack: 10, defense: 2 } },
        { name: "Spear", type: "weapon", system: { kind: "melee", attack: 14, defense: 8 } },
      ],
    });
    world.place(kara, brute);
    // Against the Brute's Unarmed Defense 0, Kara's black 3 and white 5 both hit.
    world.dice(3, 5);
    fake.setUser(PLAYER.id);
    const id = await workflow.declareTwodiceAttack(kara, world.item(kara, "Sword"), brute);
    const before = cards.twodiceCardOf(messageOf(id));
    expect(before?.setup.defense).toBe(0);
    expect(before?.reads[0]?.hit).toBe(true);

    // The Brute counterattacks with its Spear (Defense 8): Kara's 3 and 5 no longer hit.
    world.dice(13, 2);
    const spear = world.item(brute, "Spear").id ?? "";
    const answer = await fake.as(PLAYER2.id, () =>
      workflow.pressTwodiceCard(messageOf(id), "counter", spear),
    );
    expect(answer).toEqual({ ok: true });
    expect(wounds(brute)).toEqual([]);
    // The Spear: black 13 hits Kara (Defense 6), white 2 missed: its digit, Damage 0.
    expect(wounds(kara)).toEqual([2]);
    const after = cards.twodiceCardOf(messageOf(id));
    expect(after?.setup.defense).toBe(8);
    expect(after?.reads[0]?.hit).toBe(false);
    const content = messageOf(id).content;
    const attack = content.slice(
      content.indexOf('data-attack="1"'),
      content.indexOf("fray-td-counter"),
    );
    expect(attack).toContain("Miss");
    expect(attack).not.toContain(">Hit<");
    expect(content).toMatch(/Defense\s*<strong>8<\/strong>/);
  });
});

/** Kara (the player's) and a Brute of Toughness 5 (the second player's), side by side. */
async function karaAndBrute(marked: number[]) {
  const kara = await world.createActor({
    name: "Kara",
    type: "character",
    ownership: { [PLAYER.id]: 3 },
    items: [SWORD],
  });
  const brute = await world.createActor({
    name: "Brute",
    type: "character",
    ownership: { [PLAYER2.id]: 3 },
    system: { traits: { toughness: 5 }, wounds: { marked } },
    items: [{ ...SWORD, name: "Club" }],
  });
  world.place(kara, brute);
  return { kara, brute };
}

describe("an incapacitated character", () => {
  it("is flagged on the tracker, passed over, and its attacks are refused", async () => {
    const { kara, brute } = await karaAndBrute([]);
    const fight = await world.startedCombat([kara, brute]);
    const hooks = (await import("../../src/foundry/combat/ruleset-hooks.ts")).combatHooks();
    const chipsOf = (actor: Actor.Implementation) =>
      (hooks.memberChips?.(actor, { active: false }) ?? []).map((c) => c.label);
    expect(chipsOf(brute)).not.toContain("FRAY.Twodice.Tracker.Incapacitated");

    // A wound of 7 against Toughness 5 takes the Brute out (written by the GM, as a card does).
    await fake.as(GM.id, () => brute.update({ "system.wounds.marked": [7] } as never));
    expect(chipsOf(brute)).toEqual(["FRAY.Twodice.Tracker.Incapacitated"]);
    const { outOfFightOf } = await import("../../src/foundry/combat/out-of-fight.ts");
    const member = fight.combatants.contents.find((c) => c.actorId === brute.id);
    expect(outOfFightOf(member as never)).toMatchObject({
      reason: "FRAY.Twodice.Tracker.Incapacitated",
    });

    const before = fake.game.messages.contents.length;
    world.dice(3, 4);
    fake.setUser(PLAYER2.id);
    expect(await workflow.declareTwodiceAttack(brute, world.item(brute, "Club"), kara)).toBeNull();
    expect(world.warnings()).toContain("Brute is incapacitated and cannot act.");
    expect(fake.game.messages.contents.length).toBe(before);
    expect(world.diceLeft()).toEqual([3, 4]);
    expect(combat.twodiceIncapacitated(brute)).toBe(true);
  });

  it("cannot counterattack", async () => {
    const { kara, brute } = await karaAndBrute([9]);
    world.dice(3, 4);
    fake.setUser(PLAYER.id);
    const id = await workflow.declareTwodiceAttack(kara, world.item(kara, "Sword"), brute);
    world.dice(13, 2);
    const answer = await fake.as(PLAYER2.id, () =>
      workflow.pressTwodiceCard(messageOf(id), "counter"),
    );
    expect(answer).toMatchObject({ ok: false, reason: "incapacitated" });
    expect(wounds(kara)).toEqual([]);
  });
});

describe("weapons at the start of a fight", () => {
  it("are reloaded: a spent C2 is full in a new fight, and stays as spent within it", async () => {
    const shooter = await world.createActor({
      name: "Shooter",
      type: "character",
      ownership: { [PLAYER.id]: 3 },
      items: [
        {
          name: "Shotgun",
          type: "weapon",
          system: {
            kind: "ranged",
            attack: 12,
            defense: 6,
            damage: 4,
            range: 4,
            type: "C2",
            ammo: { rounds: 0, empty: false, fresh: false },
          },
        },
      ],
    });
    const target = await world.createActor({ name: "Target", type: "npc" });
    world.place(shooter, target);
    const gun = () => world.item(shooter, "Shotgun");
    const rounds = () => (gun().system as unknown as { ammo: { rounds: number } }).ammo.rounds;
    // Outside a fight the empty shotgun must be reloaded.
    world.dice(20, 20);
    fake.setUser(PLAYER.id);
    expect(await workflow.declareTwodiceAttack(shooter, gun(), target)).toBeNull();
    expect(world.warnings()).toContain("Shotgun must be reloaded first.");

    // A fight starts: both barrels loaded, without a write (the sheet shows it too).
    const writes = fake.db.calls.length;
    await world.startedCombat([shooter, target]);
    expect(fake.db.since(writes, { documentName: "Item" })).toEqual([]);
    const sheet = await import("../../src/foundry/rulesets/twodice/sheets/actor-sheet.ts");
    const shown = await sheet.twodiceActorSheetContext(shooter, true);
    expect(shown.weapons[0]).toMatchObject({ ammo: "2/2", mustReload: false });
    world.dice(20, 20);
    fake.setUser(PLAYER.id);
    expect(await workflow.declareTwodiceAttack(shooter, gun(), target)).not.toBeNull();
    expect(rounds()).toBe(1);
    const after = await sheet.twodiceActorSheetContext(shooter, true);
    expect(after.weapons[0]).toMatchObject({ ammo: "1/2" });
  });
});
