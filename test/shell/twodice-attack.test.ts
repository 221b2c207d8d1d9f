/**
 * The two-dice attack at the table, in the fake Foundry with the world set to the two-dice game,
 * every request going through the active GM and the card protocol (cards/protocol.ts): a player
 * sends ids and choices, the GM rolls the black and the white die with core Roll, writes, and
 * authors the card. The actors' tokens stand on the viewed scene, a metre apart. Covers a
 * counterattack answered by the defender's owner, an armor layer bypassed by its Coverage, and
 * full Auto running dry. Every die is fixed through CONFIG.Dice.randomUniform.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER, PLAYER2 } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import type { ClientDocument } from "../fake-foundry/documents.ts";
import type * as Workflow from "../../src/foundry/rulesets/twodice/attack/declare.ts";
import { twodiceWorld } from "./twodice.support.ts";
import type { TwodiceWorld } from "./twodice.support.ts";
import { nextStepLine } from "./card-next.support.ts";

let world: TwodiceWorld;
let fake: FakeFoundry;
let workflow: typeof Workflow;

/** The next d20 faces, in the order they are rolled (black, white, black, white …). */
function dice(...faces: number[]): void {
  world.dice(...faces);
}

beforeAll(async () => {
  world = await twodiceWorld();
  fake = world.fake;
  workflow = await import("../../src/foundry/rulesets/twodice/attack/declare.ts");
});

beforeEach(() => {
  world.reset();
});

type Doc = ClientDocument & { items: { contents: ClientDocument[] } };
type System = {
  wounds: { marked: number[] };
  turn: { acted: boolean };
};

const createActor = (source: Record<string, unknown>) => world.createActor(source);

const system = (actor: Actor.Implementation) =>
  (actor as unknown as Doc).system as unknown as System;
const item = (actor: Actor.Implementation, name: string) => world.item(actor, name);
const messageOf = (id: string | null) => {
  const message = fake.game.messages.get(id ?? "");
  if (!message) throw new Error("no card");
  return message as unknown as ChatMessage.Implementation;
};
const warnings = () => world.warnings();

const SWORD = {
  name: "Sword",
  type: "weapon",
  system: { kind: "melee", attack: 12, defense: 6, damage: 2 },
};

describe("a melee attack met by a counterattack", () => {
  it("the defender's owner counterattacks; both attacks land, the GM rolls and writes", async () => {
    const kara = await createActor({
      name: "Kara",
      type: "character",
      ownership: { [PLAYER.id]: 3 },
      system: { traits: { toughness: 8 }, unarmedDefense: 4 },
      items: [SWORD],
    });
    const brute = await createActor({
      name: "Brute",
      type: "character",
      ownership: { [PLAYER2.id]: 3 },
      system: { traits: { toughness: 9 } },
      items: [
        { ...SWORD, name: "Club", system: { kind: "melee", attack: 14, defense: 5, damage: 1 } },
      ],
    });
    // Kara: Attack 12 against the Brute's Unarmed Defense 0: black 3 and white 11 both hit.
    world.place(kara, brute);
    dice(3, 11);
    fake.setUser(PLAYER.id);
    const id = await workflow.declareTwodiceAttack(kara, item(kara, "Sword"), brute);
    const card = messageOf(id);
    expect(card.author.id).toBe(GM.id);
    expect(card.content).toContain('data-fray-step="counter"');
    expect(card.content).toContain('data-die="black"');
    expect(nextStepLine(card.content)).toBe(
      "Waiting for Second player (Brute's player) to Roll with it, Counterattack or Apply",
    );

    // The attacker's owner may not answer for the defender: refused, nothing written.
    const before = fake.db.calls.length;
    const refused = await fake.as(PLAYER.id, () => workflow.pressTwodiceCard(card, "counter"));
    expect(refused).toMatchObject({ ok: false, reason: "notAllowed" });
    expect(fake.db.since(before, { documentName: "Actor" })).toEqual([]);

    // The Brute's club (Attack 14) against the Defense of Kara's own attack this turn (6):
    // black 13 hits, white 2 does not; the GM rolls these dice.
    dice(13, 2);
    const answer = await fake.as(PLAYER2.id, () => workflow.pressTwodiceCard(card, "counter"));
    expect(answer).toEqual({ ok: true });
    // Both hit: Kara's black 3 is the digit, 3 + 2 = 5; the Brute's white missed: 2 + 1 = 3.
    expect(system(brute).wounds.marked).toEqual([5]);
    expect(system(kara).wounds.marked).toEqual([3]);
    const resolved = messageOf(id);
    expect(resolved.content).toContain("Counterattack by");
    expect(resolved.content).not.toContain('data-fray-step="');
    // A second press is refused: the card is resolved once.
    const again = await fake.as(PLAYER2.id, () => workflow.pressTwodiceCard(card, "apply"));
    expect(again).toMatchObject({ ok: false });
    expect(system(brute).wounds.marked).toEqual([5]);
  });
});

describe("the counterattack's dice", () => {
  it("join the card's rolls, and Dice So Nice throws them to whom the card is whispered", async () => {
    const thrown: { faces: number[]; whisper: unknown; blind: unknown }[] = [];
    const g = globalThis as unknown as { game: Record<string, unknown> };
    g.game["dice3d"] = {
      showForRoll(roll: { dice: { results: { result: number }[] }[] }, ...rest: unknown[]) {
        thrown.push({
          faces: roll.dice.flatMap((d) => d.results.map((r) => r.result)),
          whisper: rest[2],
          blind: rest[3],
        });
        return Promise.resolve(true);
      },
    };
    try {
      const kara = await createActor({
        name: "Kara",
        type: "character",
        ownership: { [PLAYER.id]: 3 },
        items: [SWORD],
      });
      const brute = await createActor({
        name: "Brute",
        type: "character",
        ownership: { [PLAYER2.id]: 3 },
        items: [{ ...SWORD, name: "Club" }],
      });
      world.place(kara, brute);
      dice(3, 11);
      fake.setUser(PLAYER.id);
      // Kara's player rolls as a GM roll: the card's dice go to the GMs and to her alone.
      await fake.settings.set("core", "rollMode", "gmroll");
      const id = await workflow.declareTwodiceAttack(kara, item(kara, "Sword"), brute);
      dice(13, 2);
      await fake.as(PLAYER2.id, () => workflow.pressTwodiceCard(messageOf(id), "counter"));
      const rolls = (messageOf(id) as unknown as { rolls: { total: number }[] }).rolls;
      // Under a GM roll Kara's dice went to their own whispered message; the card holds the
      // Brute's black and white, every die it shows.
      expect(rolls.map((r) => r.total)).toEqual([13, 2]);
      expect(thrown).toEqual([
        { faces: [13], whisper: [GM.id, PLAYER.id], blind: false },
        { faces: [2], whisper: [GM.id, PLAYER.id], blind: false },
      ]);
    } finally {
      await fake.as(PLAYER.id, () => fake.settings.set("core", "rollMode", "publicroll"));
      Reflect.deleteProperty(g.game, "dice3d");
    }
  });
});

describe("armor layers", () => {
  it("a white die above a layer's Coverage bypasses it; a sealed layer still protects", async () => {
    const kara = await createActor({
      name: "Kara",
      type: "character",
      ownership: { [PLAYER.id]: 3 },
      items: [{ ...SWORD, system: { kind: "melee", attack: 15, defense: 6, damage: 2 } }],
    });
    const guard = await createActor({
      name: "Guard",
      type: "npc",
      system: { unarmedDefense: 5, traits: { toughness: 10 } },
      items: [
        { name: "Mail", type: "armor", system: { coverage: 10, protection: 3 } },
        { name: "Gambeson", type: "armor", system: { coverage: 20, protection: 2 } },
      ],
    });
    // Black 3 succeeds but is not above Defense 5; white 12 hits. The digit is the missed black
    // die's: 3 + 2 = 5. White 12 is above the mail's Coverage 10 (bypassed) and within the sealed
    // gambeson's (−2): 3.
    world.place(kara, guard);
    dice(3, 12);
    fake.setUser(PLAYER.id);
    const id = await workflow.declareTwodiceAttack(kara, item(kara, "Sword"), guard);
    const card = messageOf(id);
    const outcome = await fake.as(PLAYER.id, () => workflow.pressTwodiceCard(card, "apply"));
    expect(outcome).toEqual({ ok: true });
    expect(system(guard).wounds.marked).toEqual([3]);
    const text = messageOf(id).content;
    expect(text).toContain("Mail bypassed (white 12 above Coverage 10)");
    expect(text).toContain("Gambeson struck (white 12 within Coverage 20): −2");
    expect(text).toContain("wound marked at 3");
  });
});

describe("full Auto", () => {
  it("the book's A13: a black 17 empties the magazine after the first attack; no second", async () => {
    const gunner = await createActor({
      name: "Gunner",
      type: "character",
      ownership: { [PLAYER.id]: 3 },
      items: [
        {
          name: "Carbine",
          type: "weapon",
          system: {
            kind: "ranged",
            attack: 14,
            defense: 8,
            damage: 3,
            range: 4,
            type: "A13",
            // Its second turn of Auto: the magazine is no longer fresh.
            ammo: { rounds: 0, empty: false, fresh: false },
          },
        },
      ],
    });
    const target = await createActor({
      name: "Target",
      type: "npc",
      system: { traits: { toughness: 10 } },
    });
    world.place(gunner, target);
    dice(17, 2);
    fake.setUser(PLAYER.id);
    const carbine = item(gunner, "Carbine");
    const id = await workflow.declareTwodiceAttack(gunner, carbine, target, { mode: "auto" });
    expect(world.diceLeft()).toEqual([]);
    const card = messageOf(id);
    expect(card.content).toContain("black 17 is above 13, the magazine is empty");
    expect(card.content.match(/data-attack="/g)).toHaveLength(1);
    expect(card.content).toContain("The magazine ran dry");
    expect(
      ((carbine as unknown as Doc).system as unknown as { ammo: { empty: boolean } }).ammo.empty,
    ).toBe(true);

    // The next burst is refused with the reason, and nothing is rolled or written.
    const before = fake.db.calls.length;
    const again = await workflow.declareTwodiceAttack(gunner, carbine, target, { mode: "auto" });
    expect(again).toBeNull();
    expect(warnings()).toContain("Carbine must be reloaded first.");
    expect(fake.db.since(before, { documentName: "Item" })).toEqual([]);
  });

  it("a fresh magazine skips the check: two attacks whatever the black dice", async () => {
    const gunner = await createActor({
      name: "Gunner",
      type: "character",
      ownership: { [PLAYER.id]: 3 },
      items: [
        {
          name: "Carbine",
          type: "weapon",
          system: { kind: "ranged", attack: 14, defense: 8, damage: 3, range: 4, type: "A13" },
        },
      ],
    });
    const target = await createActor({ name: "Target", type: "npc" });
    world.place(gunner, target);
    dice(19, 20, 18, 20);
    fake.setUser(PLAYER.id);
    const id = await workflow.declareTwodiceAttack(gunner, item(gunner, "Carbine"), target, {
      mode: "auto",
    });
    const card = messageOf(id);
    expect(card.content.match(/data-attack="/g)).toHaveLength(2);
    expect(card.content).toContain("Fresh magazine: no ammunition check this turn.");
  });
});

describe("two shots sent at once", () => {
  it("a C weapon with one round fires once: the second sees what the first spent", async () => {
    const shooter = await createActor({
      name: "Shooter",
      type: "character",
      ownership: { [PLAYER.id]: 3 },
      items: [
        {
          name: "Flare gun",
          type: "weapon",
          system: {
            kind: "ranged",
            attack: 12,
            defense: 6,
            damage: 1,
            type: "C",
            ammo: { rounds: 1 },
          },
        },
      ],
    });
    const target = await createActor({ name: "Target", type: "npc" });
    world.place(shooter, target);
    dice(20, 20, 20, 20);
    fake.setUser(PLAYER.id);
    const gun = item(shooter, "Flare gun");
    const cards = await Promise.all([
      workflow.declareTwodiceAttack(shooter, gun, target),
      workflow.declareTwodiceAttack(shooter, gun, target),
    ]);
    expect(cards.filter((id) => id !== null)).toHaveLength(1);
    expect(warnings()).toContain("Flare gun must be reloaded first.");
  });
});

describe("a player's attack carries no numbers for the target", () => {
  it("a target modifier, unawareness or a distance sent by a player are ignored", async () => {
    const kara = await createActor({
      name: "Kara",
      type: "character",
      ownership: { [PLAYER.id]: 3 },
      items: [SWORD],
    });
    const guard = await createActor({ name: "Guard", type: "npc", system: { unarmedDefense: 6 } });
    world.place(kara, guard);
    dice(10, 10);
    fake.setUser(PLAYER.id);
    const forged = { targetModifier: 50, awareness: "unaware", distance: 3 } as never;
    const id = await workflow.declareTwodiceAttack(kara, item(kara, "Sword"), guard, forged);
    const { twodiceCardOf } =
      await import("../../src/foundry/rulesets/twodice/cards/attack-card.ts");
    const card = twodiceCardOf(messageOf(id));
    expect(card?.setup).toMatchObject({ value: 12, defense: 6 });
  });
});
