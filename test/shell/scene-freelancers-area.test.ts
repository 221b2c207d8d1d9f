/**
 * Freelancers effects with a shape (the book's cone, line and radius; issue 25), on a grid of
 * 1 m squares of 100 px: the player places the shape with the pointer, the GM attacks exactly the
 * tokens inside as the rules' shape code measures them, on one card, for one action, and marks
 * the area with a Region; a forged point beyond the shape's reach is refused by the GM.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PLAYER } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { installPlacementCanvas } from "../fake-foundry/regions.ts";
import { boardOf, clearScenes } from "../fake-foundry/tokens.ts";
import type * as Dialog from "../../src/foundry/rulesets/freelancers/attack/dialog.ts";
import type * as Protocol from "../../src/foundry/cards/protocol.ts";
import { flWorld } from "./freelancers.support.ts";
import type { FlWorld } from "./freelancers.support.ts";

let world: FlWorld;
let fake: FakeFoundry;
let dialog: typeof Dialog;
let protocol: typeof Protocol;
let pointer: ReturnType<typeof installPlacementCanvas>;

beforeAll(async () => {
  world = await flWorld();
  fake = world.fake;
  dialog = await import("../../src/foundry/rulesets/freelancers/attack/dialog.ts");
  protocol = await import("../../src/foundry/cards/protocol.ts");
  pointer = installPlacementCanvas();
});

beforeEach(() => {
  world.reset();
});

afterEach(() => {
  clearScenes(fake);
});

const board = () => boardOf(fake, { distance: 1, units: "m" });

/** Kara (the player's): Agility 8, Marksman 3; a weapon with this shape. */
const kara = (shape: { kind: string; range: number }) =>
  world.createActor({
    name: "Kara",
    type: "character",
    ownership: { [PLAYER.id]: 3 },
    prototypeToken: { disposition: 1 },
    system: { attributes: { agility: 8 }, skills: { marksman: 3 } },
    items: [
      {
        name: "Sprayer",
        type: "weapon",
        system: {
          kind: "ranged",
          skill: "marksman",
          attribute: "agility",
          damage: "1d6",
          range: { nominal: 10, max: 10 },
          shape,
        },
      },
    ],
  });

/** A static-defense raider (defense 10: Kara's roll under it hits). */
const raider = (name: string) =>
  world.createActor({
    name,
    type: "npc",
    prototypeToken: { disposition: -1 },
    system: { defense: "static" },
  });

const health = (a: Actor.Implementation) =>
  (a.system as unknown as { health: { value: number } }).health.value;
const lastCard = (): string =>
  (fake.game.messages.contents.at(-1) as { content?: string } | undefined)?.content ?? "";

/** Every attack hits: a 5 on the d20s, a 3 on the d6s. */
function hits(count: number) {
  const each: [number, number][] = [
    [20, 5],
    [6, 3],
  ];
  world.dice(...Array.from({ length: count }, () => each).flat());
}

async function four(shape: { kind: string; range: number }) {
  const k = await kara(shape);
  const [a, b, c, d] = await Promise.all([raider("A"), raider("B"), raider("C"), raider("D")]);
  const b1 = board();
  b1.place(k, { col: 0, row: 5 });
  return { k, a, b, c, d, board: b1 };
}

describe("a cone (as wide as it is long at its end)", () => {
  it("hits exactly the tokens inside it, on one card, and marks it with a Region", async () => {
    const { k, a, b, c, d, board: b1 } = await four({ kind: "cone", range: 4 });
    b1.place(a, { col: 2, row: 5 }); // straight ahead, 2 m
    b1.place(b, { col: 3, row: 6 }); // 18° off the aim: inside the cone's 26.6°
    b1.place(c, { col: 2, row: 7 }); // 45° off: outside
    b1.place(d, { col: 5, row: 5 }); // 5 m: beyond its 4 m
    fake.setUser(PLAYER.id);
    world.table.target();
    const attacked = dialog.flAttack(k, world.item(k, "Sprayer"));
    pointer.move(b1.center({ col: 4, row: 5 }));
    const drawn = pointer.previews()[0]?.drawn[0];
    expect(drawn?.kind).toBe("polygon");
    pointer.click(b1.center({ col: 4, row: 5 }));
    hits(2);
    const messagesBefore = fake.game.messages.size;
    expect(await attacked).not.toBeNull();
    expect([a, b, c, d].map(health)).toEqual([7, 7, 10, 10]);
    expect(fake.game.messages.size - messagesBefore).toBe(1);
    expect(lastCard()).toContain("Kara: Sprayer, Cone");
    expect(lastCard()).toContain("<strong>A</strong>: hit, 3 damage (health 10 → 7)");
    expect(lastCard()).toContain("<strong>B</strong>: hit, 3 damage");
    expect(lastCard()).not.toContain("<strong>C</strong>");
    expect(b1.scene.regions.contents.map((r) => r.name)).toEqual(["Sprayer"]);
  });
});

describe("a line (the world's line width, 1.5 m)", () => {
  it("hits everyone in its path and nobody beside it", async () => {
    const { k, a, b, c, board: b1 } = await four({ kind: "line", range: 6 });
    b1.place(a, { col: 2, row: 5 });
    b1.place(b, { col: 5, row: 5 });
    b1.place(c, { col: 3, row: 6 }); // a metre beside the line's middle: outside its 0.75 m
    fake.setUser(PLAYER.id);
    world.table.target();
    const attacked = dialog.flAttack(k, world.item(k, "Sprayer"));
    pointer.click(b1.center({ col: 6, row: 5 }));
    hits(2);
    expect(await attacked).not.toBeNull();
    expect([a, b, c].map(health)).toEqual([7, 7, 10]);
  });
});

describe("a radius (around the point it lands on, within the weapon's range)", () => {
  it("hits everyone within it, the wielder left out; a wall's full cover shields", async () => {
    const { k, a, b, c, board: b1 } = await four({ kind: "radius", range: 1 });
    b1.place(a, { col: 6, row: 5 }); // where it lands
    b1.place(b, { col: 7, row: 6 }); // a diagonal step: 1 m as the grid counts
    b1.place(c, { col: 5, row: 4 }); // also a step away, but walled in (a closet)
    b1.wall({ col: 5, row: 4 }, { col: 6, row: 4 });
    b1.wall({ col: 6, row: 4 }, { col: 6, row: 5 });
    b1.wall({ col: 6, row: 5 }, { col: 5, row: 5 });
    b1.wall({ col: 5, row: 5 }, { col: 5, row: 4 });
    fake.setUser(PLAYER.id);
    world.table.target();
    const attacked = dialog.flAttack(k, world.item(k, "Sprayer"));
    pointer.click(b1.center({ col: 6, row: 5 }));
    hits(2);
    expect(await attacked).not.toBeNull();
    expect([a, b, c].map(health)).toEqual([7, 7, 10]);
    expect(lastCard()).toContain("<strong>C</strong>: full cover: a wall shields them");
  });

  it("the GM refuses a point placed beyond the weapon's range, forged from the console", async () => {
    const { k, a, board: b1 } = await four({ kind: "radius", range: 1 });
    b1.place(a, { col: 15, row: 5 }); // 15 m: beyond its 10 m
    fake.setUser(PLAYER.id);
    const outcome = await protocol.declareCard("freelancers.area", {
      attackerId: k.id,
      weaponId: world.item(k, "Sprayer").id,
      point: b1.center({ col: 15, row: 5 }),
    });
    expect(outcome.ok).toBe(false);
    expect(fake.notifications.at(-1)?.message).toBe(
      "The area lands 15 m away, beyond its range of 10 m. Nothing happened.",
    );
    expect(health(a)).toBe(10);
    expect(b1.scene.regions.size).toBe(0);
  });
});
