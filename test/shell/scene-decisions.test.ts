/**
 * The scene's product decisions where the books are silent (issue 25), each a world setting:
 * the two-dice cover table (light cover 3, heavy 6 off the attack, from the walls, for a player's
 * shot) and how dark a scene must be before an unlit token stands in darkness (0.5).
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { boardOf, clearScenes } from "../fake-foundry/tokens.ts";
import type * as Declare from "../../src/foundry/rulesets/twodice/attack/declare.ts";
import type * as Cards from "../../src/foundry/rulesets/twodice/cards/attack-card.ts";
import type * as Situation from "../../src/foundry/scene/situation.ts";
import { twodiceWorld } from "./twodice.support.ts";
import type { TwodiceWorld } from "./twodice.support.ts";

let world: TwodiceWorld;
let fake: FakeFoundry;
let declare: typeof Declare;
let cards: typeof Cards;
let situation: typeof Situation;

beforeAll(async () => {
  world = await twodiceWorld();
  fake = world.fake;
  declare = await import("../../src/foundry/rulesets/twodice/attack/declare.ts");
  cards = await import("../../src/foundry/rulesets/twodice/cards/attack-card.ts");
  situation = await import("../../src/foundry/scene/situation.ts");
});

beforeEach(() => {
  world.reset();
});

afterEach(async () => {
  clearScenes(fake);
  fake.setUser(GM.id);
  await fake.game.settings.set("fray", "twodiceSceneCoverLight", 3);
  await fake.game.settings.set("fray", "sceneDarkness", 0.5);
});

const RIFLE = {
  name: "Rifle",
  type: "weapon",
  system: { kind: "ranged", attack: 14, defense: 8, damage: 3, range: 6 },
};

async function pair() {
  const gunner = await world.createActor({
    name: "Gunner",
    type: "character",
    ownership: { [PLAYER.id]: 3 },
    prototypeToken: { disposition: 1 },
    items: [RIFLE],
  });
  const target = await world.createActor({
    name: "Vex",
    type: "npc",
    prototypeToken: { disposition: -1 },
  });
  const board = boardOf(fake, { distance: 1, units: "m" });
  board.place(gunner, { col: 0, row: 4 });
  board.place(target, { col: 6, row: 4 });
  return { gunner, target, board };
}

/** The player shoots Vex; the cover on the GM's card. */
async function coverOnCard(gunner: Actor.Implementation, target: Actor.Implementation) {
  fake.setUser(PLAYER.id);
  world.dice(5, 3);
  const id = await declare.declareTwodiceAttack(gunner, world.item(gunner, "Rifle"), target);
  const message = fake.game.messages.get(id ?? "") as unknown as ChatMessage.Implementation;
  return cards.twodiceCardOf(message)?.situation.cover;
}

describe("the two-dice cover table", () => {
  it("light cover from a wall takes 3 off a player's shot; the GM's setting changes it", async () => {
    const { gunner, target, board } = await pair();
    board.wall({ col: 5.9, row: 4.5 }, { col: 5.9, row: 9 }); // hides part of Vex
    expect(await coverOnCard(gunner, target)).toEqual([3]);
    fake.setUser(GM.id);
    await fake.game.settings.set("fray", "twodiceSceneCoverLight", 5);
    expect(await coverOnCard(gunner, target)).toEqual([5]);
  });

  it("in the open there is no cover penalty", async () => {
    const { gunner, target } = await pair();
    expect((await coverOnCard(gunner, target)) ?? []).toEqual([]);
  });
});

describe("how dark is darkness", () => {
  it("at dusk (darkness 0.3) an unlit token is not in darkness, unless the GM sets the threshold lower", async () => {
    const { gunner, target, board } = await pair();
    board.darkness(0.3);
    expect(situation.sceneSituation(gunner, target)?.targetDark.value).toBe(false);
    board.darkness(0.6);
    expect(situation.sceneSituation(gunner, target)?.targetDark.value).toBe(true);
    board.darkness(0.3);
    fake.setUser(GM.id);
    await fake.game.settings.set("fray", "sceneDarkness", 0);
    expect(situation.sceneSituation(gunner, target)?.targetDark.value).toBe(true);
  });
});
