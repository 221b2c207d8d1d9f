/**
 * The scene decides the Freelancers situation (issue 25), on a grid of 1 m squares of 100 px:
 * walls give cover (light, heavy; full cannot be targeted), a target in melee with the
 * attacker's side is engaged (attacking into melee), a wall that stops sight keeps the defender
 * from seeing the attack; the attack dialog opens with what the scene says and why, and the GM
 * refuses a player's claim the scene contradicts.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PLAYER } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { boardOf, clearScenes } from "../fake-foundry/tokens.ts";
import { WALL_MOVEMENT_TYPES } from "../fake-foundry/walls.ts";
import type * as Dialog from "../../src/foundry/rulesets/freelancers/attack/dialog.ts";
import type * as Cards from "../../src/foundry/rulesets/freelancers/cards/attack-card.ts";
import { flWorld } from "./freelancers.support.ts";
import { sceneCallLines } from "./scene-calls.support.ts";
import type { FlWorld } from "./freelancers.support.ts";

let world: FlWorld;
let fake: FakeFoundry;
let dialog: typeof Dialog;
let cards: typeof Cards;

beforeAll(async () => {
  world = await flWorld();
  fake = world.fake;
  dialog = await import("../../src/foundry/rulesets/freelancers/attack/dialog.ts");
  cards = await import("../../src/foundry/rulesets/freelancers/cards/attack-card.ts");
});

beforeEach(() => {
  world.reset();
  fake.dialogs.asked.length = 0;
});

afterEach(() => {
  clearScenes(fake);
});

const board = () => boardOf(fake, { distance: 1, units: "m" });

/** Kara (the player's): Agility 8, Firearms 3, a pistol. */
const kara = () =>
  world.createActor({
    name: "Kara",
    type: "character",
    ownership: { [PLAYER.id]: 3 },
    prototypeToken: { disposition: 1 },
    system: { attributes: { agility: 8 }, skills: { firearms: 3 } },
    items: [
      {
        name: "Pistol",
        type: "weapon",
        system: {
          kind: "ranged",
          skill: "firearms",
          attribute: "agility",
          damage: "1d6",
          range: { nominal: 20, max: 40 },
        },
      },
    ],
  });

const npc = (name: string, disposition: number, items: unknown[] = []) =>
  world.createActor({ name, type: "npc", prototypeToken: { disposition }, items });

/** The player opens the dialog at `target` and closes it: what did it open with? */
async function dialogAt(k: Actor.Implementation, target: Actor.Implementation) {
  fake.setUser(PLAYER.id);
  world.table.target(target);
  expect(await dialog.flAttack(k, world.item(k, "Pistol"))).toBeNull();
  return fake.dialogs.asked.at(-1)?.content ?? "";
}

/** The player shoots with these choices. */
function shoot(k: Actor.Implementation, target: Actor.Implementation, chosen = {}) {
  fake.setUser(PLAYER.id);
  world.table.target(target);
  world.dice([20, 5], [20, 15], [20, 15], [6, 2]);
  return dialog.flAttack(k, world.item(k, "Pistol"), {
    cover: "none",
    as: "base",
    targetEngaged: false,
    ...chosen,
  });
}

describe("cover from walls", () => {
  async function behindLowWall() {
    const k = await kara();
    const rook = await npc("Rook", -1);
    const b = board();
    b.place(k, { col: 0, row: 4 });
    b.place(rook, { col: 4, row: 4 });
    b.wall({ col: 3.9, row: 4.5 }, { col: 3.9, row: 9 });
    return { k, rook, b };
  }

  it("a wall between gives light cover: the dialog opens with it and says why", async () => {
    const { k, rook } = await behindLowWall();
    const content = await dialogAt(k, rook);
    expect(content).toContain('<option value="light" selected>');
    expect(content).toContain(
      "Light cover: a wall between you hides part of Rook (2 of 4 lines blocked)",
    );
  });

  it("the GM refuses a claim of less cover than the walls give, and plays the scene's", async () => {
    const { k, rook } = await behindLowWall();
    expect(await shoot(k, rook, { cover: "none" })).toBeNull();
    expect(fake.notifications.at(-1)?.message).toBe(
      "The scene says otherwise: Light cover: a wall between you hides part of Rook (2 of 4 lines blocked). Nothing happened.",
    );
    const message = await shoot(k, rook, { cover: "light" });
    if (message === null) throw new Error(world.warnings().join("; "));
    expect(cards.flCardOf(message)?.situation.cover).toBe("light");
    // More cover than the walls give (a crate the map does not draw) stays the player's word.
    const more = await shoot(k, rook, { cover: "heavy" });
    expect(more && cards.flCardOf(more)?.situation.cover).toBe("heavy");
  });

  it("a wall across the whole line leaves no line of attack", async () => {
    const { k, rook, b } = await behindLowWall();
    b.wall({ col: 2.5, row: 0 }, { col: 2.5, row: 9 });
    expect(await shoot(k, rook)).toBeNull();
    expect(fake.notifications.at(-1)?.message).toBe(
      "No line of attack: Full cover: a wall stands between you and Rook. Nothing happened.",
    );
  });
});

describe("attacking into melee", () => {
  it("a target in melee with the attacker's side is engaged, whatever the player says", async () => {
    const k = await kara();
    const rook = await npc("Rook", -1);
    const ally = await npc("Mags", 1, [
      { name: "Blade", type: "weapon", system: { damage: "1d6", reach: 1 } },
    ]);
    const b = board();
    b.place(k, { col: 0, row: 0 });
    b.place(rook, { col: 6, row: 0 });
    b.place(ally, { col: 5, row: 0 });
    const content = await dialogAt(k, rook);
    expect(content).toMatch(/name="targetEngaged" checked/);
    expect(content).toContain("Engaged: Rook is in melee with Mags");
    // Unticked from a console: the GM plays what it measures.
    const message = await shoot(k, rook, { targetEngaged: false });
    if (message === null) throw new Error(world.warnings().join("; "));
    expect(cards.flCardOf(message)?.situation.targetEngaged).toBe(true);
  });

  it("nobody next to the target: not engaged, and the dialog says so", async () => {
    const k = await kara();
    const rook = await npc("Rook", -1);
    const b = board();
    b.place(k, { col: 0, row: 0 });
    b.place(rook, { col: 6, row: 0 });
    const content = await dialogAt(k, rook);
    expect(content).not.toMatch(/name="targetEngaged" checked/);
    expect(content).toContain("Not engaged: nobody of your side is in melee with Rook");
  });
});

describe("the GM's card shows what the scene said and what was claimed", () => {
  it("engaged unticked where the scene measures a melee: the scene's call, and the card shows both", async () => {
    const k = await kara();
    const rook = await npc("Rook", -1);
    const ally = await npc("Mags", 1, [
      { name: "Blade", type: "weapon", system: { damage: "1d6", reach: 1 } },
    ]);
    const b = board();
    b.place(k, { col: 0, row: 0 });
    b.place(rook, { col: 6, row: 0 });
    b.place(ally, { col: 5, row: 0 });
    const message = await shoot(k, rook, { targetEngaged: false });
    if (message === null) throw new Error(world.warnings().join("; "));
    expect(sceneCallLines(message.content)).toEqual([
      "Cover: No cover scene: No cover: nothing stands between you and Rook",
      "≠ Target engaged: yes scene: Engaged: Rook is in melee with Mags claimed by Player: no The claim differs from the scene: the scene's call is played.",
      "Defender sees the attack: yes scene: You see Rook",
    ]);
  });
});

describe("sight", () => {
  it("a wall that stops sight but not bodies: the defender does not see the attack", async () => {
    const k = await kara();
    const rook = await npc("Rook", -1);
    const b = board();
    b.place(k, { col: 0, row: 0 });
    b.place(rook, { col: 6, row: 0 });
    b.wall({ col: 3, row: -5 }, { col: 3, row: 5 }, { move: WALL_MOVEMENT_TYPES.NONE });
    expect(await dialogAt(k, rook)).toContain("Out of sight: a wall hides Rook from you");
    const message = await shoot(k, rook);
    if (message === null) throw new Error(world.warnings().join("; "));
    expect(cards.flCardOf(message)?.situation.defenderSees).toBe(false);
  });
});

describe("Hide (only while nobody has you in sight)", () => {
  async function hideFrom(wall: boolean) {
    const k = await kara();
    const rook = await npc("Rook", -1);
    const b = board();
    b.place(k, { col: 0, row: 4 });
    b.place(rook, { col: 4, row: 4 });
    if (wall) b.wall({ col: 2, row: 0 }, { col: 2, row: 9 });
    const { flStealth } = await import("../../src/foundry/rulesets/freelancers/table/stealth.ts");
    fake.setUser(PLAYER.id);
    world.dice([20, 6]);
    const before = fake.game.messages.contents.length;
    const card = await flStealth(k, "hide");
    return { card, posted: fake.game.messages.contents.length - before };
  }

  it("in a foe's sight the referee refuses it with the scene's sentence, posting nothing", async () => {
    const { card, posted } = await hideFrom(false);
    expect(card).toBeNull();
    expect(posted).toBe(0);
    expect(world.warnings().at(-1)).toBe(
      "The scene says otherwise: Rook sees Kara. Nothing happened.",
    );
  });

  it("behind a wall that stops sight the check is rolled for the GM to rule", async () => {
    const { card, posted } = await hideFrom(true);
    expect(posted).toBe(1);
    expect(card?.content).toContain('<span class="fray-card-actor">Kara</span>');
    expect(card?.content).toContain("GM: Rule whether anyone watches: Hidden or Seen");
  });
});
