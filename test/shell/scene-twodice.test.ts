/**
 * The scene decides the two-dice situation (issue 25), on a grid of 1 m squares of 100 px: a
 * target a wall hides from sight is hiding (no shot at it, whatever the player sends), the attack
 * dialog says so and what cover the walls give, and a shooter who moved this turn is a moving
 * shooter (it fires with its weapon's Defense). The walls' cover takes the world's cover table
 * off a player's shot (light 3, heavy 6 by default: the book's table is not in the seed).
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { boardOf, clearScenes } from "../fake-foundry/tokens.ts";
import { WALL_MOVEMENT_TYPES } from "../fake-foundry/walls.ts";
import type * as Dialog from "../../src/foundry/rulesets/twodice/attack/dialog.ts";
import type * as Declare from "../../src/foundry/rulesets/twodice/attack/declare.ts";
import type * as Cards from "../../src/foundry/rulesets/twodice/cards/attack-card.ts";
import { sceneCallLines } from "./scene-calls.support.ts";
import { twodiceWorld } from "./twodice.support.ts";
import type { TwodiceWorld } from "./twodice.support.ts";

let world: TwodiceWorld;
let fake: FakeFoundry;
let dialog: typeof Dialog;
let declare: typeof Declare;
let cards: typeof Cards;

beforeAll(async () => {
  world = await twodiceWorld();
  fake = world.fake;
  dialog = await import("../../src/foundry/rulesets/twodice/attack/dialog.ts");
  declare = await import("../../src/foundry/rulesets/twodice/attack/declare.ts");
  cards = await import("../../src/foundry/rulesets/twodice/cards/attack-card.ts");
});

beforeEach(() => {
  world.reset();
  fake.dialogs.asked.length = 0;
});

afterEach(() => {
  clearScenes(fake);
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

async function dialogAt(gunner: Actor.Implementation, target: Actor.Implementation) {
  fake.setUser(PLAYER.id);
  world.table.target(target);
  expect(await dialog.openTwodiceAttack(gunner, world.item(gunner, "Rifle"), "single")).toBeNull();
  return fake.dialogs.asked.at(-1)?.content ?? "";
}

describe("sight and cover from the scene", () => {
  it("a target a wall hides from sight is hiding: the dialog says so, the GM refuses the shot", async () => {
    const { gunner, target, board } = await pair();
    board.wall({ col: 3, row: 0 }, { col: 3, row: 9 }, { move: WALL_MOVEMENT_TYPES.NONE });
    const content = await dialogAt(gunner, target);
    expect(content).toContain("Out of sight: a wall hides Vex from you");
    expect(content).toContain("No cover: nothing stands between you and Vex");
    fake.setUser(PLAYER.id);
    // A console's "not hidden" is a GM's call the GM drops; the scene hides the target.
    const id = await declare.declareTwodiceAttack(gunner, world.item(gunner, "Rifle"), target, {
      hidden: false,
    });
    expect(id).toBeNull();
    expect(world.warnings().at(-1)).toBe("Vex is hiding: there is no line of sight.");
  });

  it("in plain sight the shot goes, and the dialog names the walls' cover for the GM", async () => {
    const { gunner, target, board } = await pair();
    board.wall({ col: 5.9, row: 4.5 }, { col: 5.9, row: 9 });
    const content = await dialogAt(gunner, target);
    expect(content).toContain("You see Vex");
    expect(content).toContain(
      "Light cover: a wall between you hides part of Vex (2 of 4 lines blocked)",
    );
    fake.setUser(PLAYER.id);
    world.dice(5, 3);
    const id = await declare.declareTwodiceAttack(gunner, world.item(gunner, "Rifle"), target);
    const message = fake.game.messages.get(id ?? "") as unknown as ChatMessage.Implementation;
    expect(cards.twodiceCardOf(message)?.situation.hidden).toBe(false);
  });
});

describe("the GM's card shows what the scene said and what was claimed", () => {
  it("a claimed move the token never made is the scene's call: the card shows both; sight and cover too", async () => {
    const { gunner, target, board } = await pair();
    board.wall({ col: 5.9, row: 4.5 }, { col: 5.9, row: 9 });
    fake.setUser(PLAYER.id);
    world.dice(5, 3);
    const id = await declare.declareTwodiceAttack(gunner, world.item(gunner, "Rifle"), target, {
      moved: true,
    });
    const message = fake.game.messages.get(id ?? "") as unknown as ChatMessage.Implementation;
    expect(sceneCallLines(message.content)).toEqual([
      "≠ Moved: no scene: You have not moved this turn claimed by Player: yes The claim differs from the scene: the scene's call is played.",
      "Target hidden: no scene: You see Vex",
      "Cover: 3 off the attack scene: Light cover: a wall between you hides part of Vex (2 of 4 lines blocked)",
    ]);
  });
});

describe("the cover table (a world setting where the book is silent)", () => {
  /** The player shoots Vex; the cover on the GM's card. */
  async function coverOnCard(gunner: Actor.Implementation, target: Actor.Implementation) {
    fake.setUser(PLAYER.id);
    world.dice(5, 3);
    const id = await declare.declareTwodiceAttack(gunner, world.item(gunner, "Rifle"), target);
    const message = fake.game.messages.get(id ?? "") as unknown as ChatMessage.Implementation;
    return cards.twodiceCardOf(message)?.situation.cover ?? [];
  }

  it("light cover from a wall takes 3 off a player's shot; the GM's setting changes it", async () => {
    const { gunner, target, board } = await pair();
    expect(await coverOnCard(gunner, target)).toEqual([]);
    board.wall({ col: 5.9, row: 4.5 }, { col: 5.9, row: 9 }); // hides part of Vex
    expect(await coverOnCard(gunner, target)).toEqual([3]);
    fake.setUser(GM.id);
    await fake.as(GM.id, () => fake.game.settings.set("fray", "twodiceSceneCoverLight", 5));
    try {
      expect(await coverOnCard(gunner, target)).toEqual([5]);
    } finally {
      fake.setUser(GM.id);
      await fake.as(GM.id, () => fake.game.settings.set("fray", "twodiceSceneCoverLight", 3));
    }
  });
});

describe("sneaking past an observer the walls blind", () => {
  /** Sly (Stealth 4) sneaks past the Guard (Perception 12) 6 m away on the board. */
  async function sneakers() {
    const sly = await world.createActor({
      name: "Sly",
      type: "character",
      ownership: { [PLAYER.id]: 3 },
      prototypeToken: { disposition: 1 },
      system: { traits: { stealth: 4 } },
    });
    const guard = await world.createActor({
      name: "Guard",
      type: "npc",
      prototypeToken: { disposition: -1 },
      system: { traits: { perception: 12 } },
    });
    const board = boardOf(fake, { distance: 1, units: "m" });
    board.place(sly, { col: 0, row: 4 });
    board.place(guard, { col: 6, row: 4 });
    const checks = await import("../../src/foundry/rulesets/twodice/table/checks.ts");
    return { sly, guard, board, sneak: checks.twodiceSneak };
  }
  const last = () => fake.game.messages.contents.at(-1) as unknown as ChatMessage.Implementation;

  it("behind a wall that stops sight the observer cannot see it: no die, the card says why", async () => {
    const { sly, guard, board, sneak } = await sneakers();
    board.wall({ col: 3, row: 0 }, { col: 3, row: 9 }, { move: WALL_MOVEMENT_TYPES.NONE });
    // Dice that would spot the sneaker at once, were the Guard to look.
    world.dice(1, 1, 1, 1);
    const outcome = await fake.as(PLAYER.id, () => sneak(sly, guard, 2));
    expect(outcome).toEqual({ ok: true, value: { noticed: false, located: false } });
    expect(last().content).toContain("A wall hides Sly from Guard");
    expect((last() as unknown as { rolls: unknown[] }).rolls).toEqual([]);
  });

  it("in the observer's sight the check is rolled as before", async () => {
    const { sly, guard, sneak } = await sneakers();
    // Perception 12 − Stealth 4 = 8 at 6 m (step 2): black 7 is seen; the second look finds it.
    world.dice(7, 15, 3, 18);
    const outcome = await fake.as(PLAYER.id, () => sneak(sly, guard, 2));
    expect(outcome).toMatchObject({ ok: true, value: { noticed: true } });
    expect(last().content).toContain("Guard sees Sly");
  });
});
