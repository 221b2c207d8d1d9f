/**
 * Freelancers touch effects as ActiveEffects (issue 28): a Touch weapon's effect (an ActiveEffect
 * on the weapon that does not transfer to its wielder) lands on the target as an ActiveEffect
 * document when the hit is applied, written by the GM, even when the damage does not get through
 * the armor; a miss lands nothing, and the wielder never gets it.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER, PLAYER2 } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import type * as Declare from "../../src/foundry/rulesets/freelancers/attack/declare.ts";
import type * as Dialog from "../../src/foundry/rulesets/freelancers/attack/dialog.ts";
import type * as Cards from "../../src/foundry/rulesets/freelancers/cards/attack-card.ts";
import { flWorld } from "./freelancers.support.ts";
import type { FlWorld } from "./freelancers.support.ts";

let world: FlWorld;
let fake: FakeFoundry;
let attack: typeof Declare & typeof Dialog;
let cards: typeof Cards;

beforeAll(async () => {
  world = await flWorld();
  fake = world.fake;
  attack = {
    ...(await import("../../src/foundry/rulesets/freelancers/attack/declare.ts")),
    ...(await import("../../src/foundry/rulesets/freelancers/attack/dialog.ts")),
  };
  cards = await import("../../src/foundry/rulesets/freelancers/cards/attack-card.ts");
});

beforeEach(() => {
  world.reset();
});

const CHOICES = { cover: "none", as: "base", targetEngaged: false } as const;

type EffectLike = { name: string; transfer: boolean; _source: Record<string, unknown> };
const effectsOf = (actor: Actor.Implementation) =>
  (actor as unknown as { effects: { contents: EffectLike[] } }).effects.contents;

/** Mira (PLAYER's): a venom needle with Touch, its effect Venom, and a Grip that transfers. */
async function mira() {
  const actor = await world.createActor({
    name: "Mira",
    type: "character",
    ownership: { [PLAYER.id]: 3 },
    system: { attributes: { agility: 8 }, skills: { finesse: 3 } },
    items: [
      {
        name: "Needle",
        type: "weapon",
        system: { skill: "finesse", attribute: "agility", damage: "1", reach: 1, touch: true },
        effects: [
          {
            name: "Venom",
            transfer: false,
            changes: [{ key: "system.attributes.agility", mode: 2, value: "-2" }],
            duration: { rounds: 3 },
          },
          { name: "Grip", transfer: true, changes: [] },
        ],
      },
    ],
  });
  world.placeAt(actor, 0);
  return actor;
}

/** Rook (PLAYER2's) in heavy armor: 1 damage never gets through. */
async function armoredRook() {
  const rook = await world.rook();
  await fake.as(GM.id, () => rook.update({ "system.armor": 5 } as never));
  world.placeAt(rook, 1);
  return rook;
}

describe("a Touch weapon's effect", () => {
  it("lands on the target as an ActiveEffect the GM writes, though the hit does not penetrate", async () => {
    const m = await mira();
    const r = await armoredRook();
    fake.setUser(PLAYER.id);
    world.table.target(r);
    world.dice([20, 3]); // the attack: 3 under 11
    const message = await attack.flAttack(m, world.item(m, "Needle"), CHOICES);
    if (message === null) throw new Error(world.warnings().join("; "));
    fake.setUser(PLAYER2.id);
    world.dice([20, 9]); // Rook's defense 9 under 7 fails: a hit
    expect(await attack.requestFlStep(message, "defend")).toEqual({ ok: true });
    expect(cards.flCardOf(message)).toMatchObject({
      result: { hit: true, damage: { dealt: 0, penetrated: false } },
    });
    expect(effectsOf(r)).toEqual([]);

    fake.setUser(PLAYER.id);
    const mark = fake.db.calls.length;
    expect(await attack.requestFlStep(message, "apply")).toEqual({ ok: true });
    const landed = effectsOf(r);
    expect(landed.map((e) => e.name)).toEqual(["Venom"]);
    expect(landed[0]?._source).toMatchObject({
      origin: world.item(m, "Needle").uuid,
      transfer: false,
      duration: { rounds: 3 },
    });
    const writes = fake.db.since(mark, { documentName: "ActiveEffect" });
    expect(writes.map((w) => w.userId)).toEqual([GM.id]);
    expect(world.lastMessage()).toContain("Touch effect on Rook: Venom.");
    expect(effectsOf(m)).toEqual([]);
  });

  it("lands nothing on a miss", async () => {
    const m = await mira();
    const r = await armoredRook();
    fake.setUser(PLAYER.id);
    world.table.target(r);
    world.dice([20, 15]); // 15 over 11: a miss
    const message = await attack.flAttack(m, world.item(m, "Needle"), CHOICES);
    if (message === null) throw new Error(world.warnings().join("; "));
    fake.setUser(PLAYER2.id);
    world.dice([20, 3]);
    await attack.requestFlStep(message, "defend");
    expect(cards.flCardOf(message)).toMatchObject({ stage: "applied", result: { hit: false } });
    expect(effectsOf(r)).toEqual([]);
  });
});
