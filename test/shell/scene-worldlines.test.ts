/**
 * The scene decides the Worldlines situation (issue 25), on a 5 ft grid of 100 px spaces: walls
 * give cover and hide, allies on opposite sides flank, the attack dialog opens with what the scene
 * says and why, the GM refuses a player's claim the scene contradicts, a target in darkness (no
 * light reaches it) is in poor visibility, and a grenade's blast hits exactly the tokens standing
 * in it.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { installTableFakes } from "../fake-foundry/table.ts";
import { boardOf, clearScenes } from "../fake-foundry/tokens.ts";
import { WALL_MOVEMENT_TYPES } from "../fake-foundry/walls.ts";
import type * as AttackCard from "../../src/foundry/rulesets/worldlines/cards/attack-card.ts";
import type * as Situation from "../../src/foundry/scene/situation.ts";
import type * as Areas from "../../src/foundry/scene/areas.ts";
import { queuedDice } from "./boot.support.ts";
import { sceneCallLines } from "./scene-calls.support.ts";
import { gmCreatesActor, itemOf, worldlinesActions } from "./worldlines.support.ts";
import type { WorldlinesActions } from "./worldlines.support.ts";

let fake: FakeFoundry;
let table: ReturnType<typeof installTableFakes>;
let actions: WorldlinesActions;
let cards: typeof AttackCard;
let situation: typeof Situation;
let areas: typeof Areas;

const dice = queuedDice<[number, number]>(([sides, face]) => (face - 0.5) / sides);

beforeAll(async () => {
  fake = installFakeFoundry({ random: dice.random });
  table = installTableFakes(fake);
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  actions = await worldlinesActions();
  cards = await import("../../src/foundry/rulesets/worldlines/cards/attack-card.ts");
  situation = await import("../../src/foundry/scene/situation.ts");
  areas = await import("../../src/foundry/scene/areas.ts");
});

beforeEach(() => {
  fake.setUser(GM.id);
  fake.notifications.length = 0;
  fake.dialogs.asked.length = 0;
  dice.set();
});

afterEach(() => {
  clearScenes(fake);
});

const create = (data: Record<string, unknown>) => gmCreatesActor(fake, data);

const sys = (a: Actor.Implementation) =>
  a.system as unknown as { health: { value: number }; energy: { value: number } };

/** Maya, the player's: a pistol and a frag grenade (2d6, 10 ft blast). */
function maya() {
  return create({
    name: "Maya",
    type: "character",
    ownership: { [PLAYER.id]: 3 },
    prototypeToken: { disposition: 1 },
    system: { energy: { value: 6, max: 6 }, skills: { firearms: 2 } },
    items: [
      {
        name: "Pistol",
        type: "weapon",
        system: { damage: "1d6+1", skill: "firearms", kind: "ranged" },
      },
      { name: "Frag", type: "gear", system: { kind: "grenade", quantity: 3, damage: "2d6" } },
    ],
  });
}

const npc = (name: string, disposition = -1) =>
  create({ name, type: "npc", prototypeToken: { disposition } });

/** The player opens the attack dialog at `target` and closes it: what did it open with? */
async function dialogAt(m: Actor.Implementation, target: Actor.Implementation): Promise<string> {
  fake.setUser(PLAYER.id);
  table.target(target);
  expect(await actions.attack(m, itemOf(m, "Pistol"))).toBeNull();
  return fake.dialogs.asked.at(-1)?.content ?? "";
}

/** The player attacks with these choices; the Combat die shows 4. */
async function shoot(m: Actor.Implementation, target: Actor.Implementation, chosen = {}) {
  fake.setUser(PLAYER.id);
  table.target(target);
  dice.set([8, 4]);
  return actions.attack(m, itemOf(m, "Pistol"), chosen);
}

/** Maya at (0, 4), Vex at (4, 4); a wall before the lower half of Vex: two of four lines blocked. */
async function behindLowWall() {
  const m = await maya();
  const vex = await npc("Vex");
  const board = boardOf(fake);
  board.place(m, { col: 0, row: 4 });
  board.place(vex, { col: 4, row: 4 });
  board.wall({ col: 3.9, row: 4.5 }, { col: 3.9, row: 9 });
  return { m, vex, board };
}

describe("cover from walls", () => {
  it("a wall between gives cover: the dialog opens with half cover and says why", async () => {
    const { m, vex } = await behindLowWall();
    const content = await dialogAt(m, vex);
    expect(content).toContain('<option value="half" selected>');
    expect(content).toContain(
      "Light cover: a wall between you hides part of Vex (2 of 4 lines blocked)",
    );
  });

  it("the GM refuses a claim of less cover than the walls give, and takes the cover the scene gives", async () => {
    const { m, vex } = await behindLowWall();
    expect(await shoot(m, vex, { cover: "none" })).toBeNull();
    expect(fake.notifications.at(-1)?.message).toBe(
      "The scene says otherwise: Light cover: a wall between you hides part of Vex (2 of 4 lines blocked). Nothing happened.",
    );
    expect(sys(m).energy.value).toBe(6);
    const message = await shoot(m, vex, {});
    if (message === null) throw new Error(fake.notifications.at(-1)?.message);
    const card = cards.attackCardOf(message);
    expect(card?.situation.cover).toBe("half");
    expect(card?.attack.modifiers.map((x) => [x.source, x.value])).toContainEqual(["cover", -2]);
  });

  it("more cover than the walls give is the player's call (a crate the map does not draw)", async () => {
    const { m, vex } = await behindLowWall();
    const message = await shoot(m, vex, { cover: "full" });
    expect(message && cards.attackCardOf(message)?.situation.cover).toBe("full");
  });

  it("a wall across every line leaves no line of attack: refused, nothing spent", async () => {
    const m = await maya();
    const vex = await npc("Vex");
    const board = boardOf(fake);
    board.place(m, { col: 0, row: 4 });
    board.place(vex, { col: 4, row: 4 });
    board.wall({ col: 2, row: 0 }, { col: 2, row: 9 });
    expect(await shoot(m, vex, {})).toBeNull();
    expect(fake.notifications.at(-1)?.message).toBe(
      "No line of attack: Full cover: a wall stands between you and Vex. Nothing happened.",
    );
    expect(sys(m).energy.value).toBe(6);
  });

  it("a window (stops movement, not sight) covers; an open door does not", async () => {
    const m = await maya();
    const vex = await npc("Vex");
    const board = boardOf(fake);
    board.place(m, { col: 0, row: 4 });
    board.place(vex, { col: 4, row: 4 });
    const door = board.wall({ col: 2, row: 0 }, { col: 2, row: 9 }, { door: 1, ds: 1 });
    expect(situation.sceneSituation(m, vex)?.cover.value).toBe("none");
    door.ds = 0;
    door.sight = 0;
    const closed = situation.sceneSituation(m, vex);
    expect([closed?.cover.value, closed?.seen.value]).toEqual(["full", true]);
  });
});

describe("sight and elevation", () => {
  it("a token behind a wall that stops sight cannot be seen; the attack is in poor visibility", async () => {
    const m = await maya();
    const vex = await npc("Vex");
    const board = boardOf(fake);
    board.place(m, { col: 0, row: 4 });
    board.place(vex, { col: 4, row: 4 }, { elevation: 10 });
    // A curtain: stops sight, not movement.
    board.wall({ col: 2, row: 0 }, { col: 2, row: 9 }, { move: WALL_MOVEMENT_TYPES.NONE });
    const seen = situation.sceneSituation(m, vex);
    expect(seen?.seen).toEqual({ value: false, source: "Out of sight: a wall hides Vex from you" });
    expect(seen?.elevation).toEqual({ value: 10, source: "Vex stands 10 ft higher" });
    const content = await dialogAt(m, vex);
    expect(content).toMatch(/name="poorVisibility" checked/);
    expect(await shoot(m, vex, { poorVisibility: false })).toBeNull();
    expect(fake.notifications.at(-1)?.message).toBe(
      "The scene says otherwise: Out of sight: a wall hides Vex from you. Nothing happened.",
    );
  });
});

describe("flanking", () => {
  it("an ally on the opposite side flanks: the dialog opens with it checked and says who", async () => {
    const m = await maya();
    const vex = await npc("Vex");
    const board = boardOf(fake);
    board.place(m, { col: 3, row: 4 }); // west of Vex
    board.place(vex, { col: 4, row: 4 });
    board.place(await npc("Ally", 1), { col: 5, row: 4 }); // east of Vex
    const content = await dialogAt(m, vex);
    expect(content).toMatch(/name="flanked" checked/);
    expect(content).toContain("Flanked: Maya, Ally stand on opposite sides of Vex");
    const message = await shoot(m, vex, {});
    expect(message && cards.attackCardOf(message)?.situation.flanked).toBe(true);
  });

  it("an ally beside rather than opposite gives no flank, and a claimed one is refused", async () => {
    const m = await maya();
    const vex = await npc("Vex");
    const board = boardOf(fake);
    board.place(m, { col: 3, row: 4 });
    board.place(vex, { col: 4, row: 4 });
    board.place(await npc("Ally", 1), { col: 4, row: 3 }); // north of Vex: at a right angle
    expect(await dialogAt(m, vex)).not.toMatch(/name="flanked" checked/);
    expect(await shoot(m, vex, { flanked: true })).toBeNull();
    expect(fake.notifications.at(-1)?.message).toContain("The scene says otherwise: Not flanked");
  });
});

describe("the GM's card shows what the scene said and what was claimed", () => {
  it("each factor names where it came from; more cover than the walls give stands, marked", async () => {
    const { m, vex } = await behindLowWall();
    const message = await shoot(m, vex, { cover: "full", flanked: false, poorVisibility: false });
    if (message === null) throw new Error(fake.notifications.at(-1)?.message);
    expect(sceneCallLines(message.content)).toEqual([
      "≠ Cover: Full cover scene: Light cover: a wall between you hides part of Vex (2 of 4 lines blocked) claimed by Player: Full cover The claim differs from the scene: it stands, the book leaves it to judgement.",
      "Flanked: no scene: Not flanked: no two of your side stand on opposite sides of Vex",
      "Poor visibility: no scene: Vex stands in light",
    ]);
  });

  it("a flank the player leaves unticked is the scene's: played, and the card shows both", async () => {
    const m = await maya();
    const vex = await npc("Vex");
    const board = boardOf(fake);
    board.place(m, { col: 3, row: 4 });
    board.place(vex, { col: 4, row: 4 });
    board.place(await npc("Ally", 1), { col: 5, row: 4 });
    const message = await shoot(m, vex, { flanked: false });
    if (message === null) throw new Error(fake.notifications.at(-1)?.message);
    expect(cards.attackCardOf(message)?.situation.flanked).toBe(true);
    expect(sceneCallLines(message.content)).toContain(
      "≠ Flanked: yes scene: Flanked: Maya, Ally stand on opposite sides of Vex claimed by Player: no The claim differs from the scene: the scene's call is played.",
    );
  });
});

describe("a grenade's area", () => {
  it("hits exactly the tokens with a space in its 10 ft blast, a large one by its near space", async () => {
    const m = await maya();
    const [target, diagonal, out, ogre, far] = await Promise.all([
      npc("Target"),
      npc("Diagonal"),
      npc("Out"),
      npc("Ogre"),
      npc("Far"),
    ]);
    const board = boardOf(fake);
    board.place(m, { col: 0, row: 0 });
    board.place(target, { col: 5, row: 5 }); // where it lands
    board.place(diagonal, { col: 7, row: 7 }); // two diagonal steps: 10 ft on this grid
    board.place(out, { col: 8, row: 5 }); // 15 ft
    board.place(ogre, { col: 6, row: 2 }, { size: 2 }); // its lower spaces are 10 ft away
    board.place(far, { col: 9, row: 9 });
    fake.setUser(PLAYER.id);
    table.target(target);
    dice.set([6, 3], [6, 3]); // 2d6 = 6; nobody wears armor
    expect(await actions.throwGrenade(m, itemOf(m, "Frag"))).toBe(true);
    const hurt = [target, diagonal, out, ogre, far].map((a) => sys(a).health.value < 20);
    expect(hurt).toEqual([true, true, false, true, false]);
  });

  it("a Region the GM draws is measured by the rules' shapes: inside its shapes, not its holes", async () => {
    const [a, b, c] = await Promise.all([npc("A"), npc("B"), npc("C")]);
    const board = boardOf(fake);
    board.place(a, { col: 1, row: 1 });
    board.place(b, { col: 2, row: 1 });
    board.place(c, { col: 6, row: 1 });
    const region = board.region("Smoke", [
      { type: "circle", x: 200, y: 150, radius: 160 },
      { type: "rectangle", x: 200, y: 100, width: 100, height: 100, hole: true },
    ]);
    const names = areas
      .tokensInRegion(board.scene as never, region)
      .map((t) => (t.actor as unknown as { name: string }).name);
    expect(names).toEqual(["A"]);
    const shapes = areas.regionShapesOf({ kind: "circle", x: 2, y: 1.5, radius: 1.6 }, 100);
    expect(shapes).toEqual([{ type: "circle", hole: false, x: 200, y: 150, radius: 160 }]);
  });
});

describe("smoke, fog, debris (the book's poor visibility within an area)", () => {
  it("a target in a Region the GM marks as obscuring is in poor visibility; a claim of clear sight is refused", async () => {
    const m = await maya();
    const vex = await npc("Vex");
    const board = boardOf(fake);
    board.place(m, { col: 0, row: 4 });
    board.place(vex, { col: 6, row: 4 });
    const smoke = board.region("Smoke", [{ type: "circle", x: 650, y: 450, radius: 150 }]);
    expect(await dialogAt(m, vex)).not.toMatch(/name="poorVisibility" checked/);
    smoke.flags = { fray: { obscures: true } };
    const content = await dialogAt(m, vex);
    expect(content).toMatch(/name="poorVisibility" checked/);
    expect(content).toContain("Obscured: Vex stands in Smoke");
    expect(await shoot(m, vex, { poorVisibility: false })).toBeNull();
    expect(fake.notifications.at(-1)?.message).toBe(
      "The scene says otherwise: Obscured: Vex stands in Smoke. Nothing happened.",
    );
  });

  it("so is a shot from inside it, at a target in the clear", async () => {
    const m = await maya();
    const vex = await npc("Vex");
    const board = boardOf(fake);
    board.place(m, { col: 0, row: 4 });
    board.place(vex, { col: 6, row: 4 });
    board.region("Fog", [{ type: "rectangle", x: 0, y: 300, width: 200, height: 300 }]).flags = {
      fray: { obscures: true },
    };
    expect(situation.sceneSituation(m, vex)?.obscured).toEqual({
      value: true,
      source: "Obscured: Maya stands in Fog",
    });
  });
});

/** A night scene: Maya at (0, 4), Vex at (6, 4). */
async function night() {
  const m = await maya();
  const vex = await npc("Vex");
  const board = boardOf(fake);
  board.place(m, { col: 0, row: 4 });
  board.place(vex, { col: 6, row: 4 });
  board.darkness(1);
  return { m, vex, board };
}

describe("darkness", () => {
  it("a target no light reaches is in poor visibility; the GM refuses a claim of clear sight", async () => {
    const { m, vex } = await night();
    expect(situation.sceneSituation(m, vex)?.targetDark).toEqual({
      value: true,
      source: "In darkness: no light reaches Vex",
    });
    const content = await dialogAt(m, vex);
    expect(content).toMatch(/name="poorVisibility" checked/);
    expect(content).toContain("In darkness: no light reaches Vex");
    expect(await shoot(m, vex, { poorVisibility: false })).toBeNull();
    expect(fake.notifications.at(-1)?.message).toBe(
      "The scene says otherwise: In darkness: no light reaches Vex. Nothing happened.",
    );
  });

  it("a lamp near the target lights it, unless a wall stands between; the global light lights all", async () => {
    const { m, vex, board } = await night();
    board.light({ col: 8, row: 4 }, 15);
    expect(situation.sceneSituation(m, vex)?.targetDark.value).toBe(false);
    expect(await dialogAt(m, vex)).not.toMatch(/name="poorVisibility" checked/);
    // A wall between the lamp and Vex (a window: it stops light, not sight).
    board.wall({ col: 7.5, row: 0 }, { col: 7.5, row: 9 }, { sight: 0, move: 0 });
    expect(situation.sceneSituation(m, vex)?.targetDark.value).toBe(true);
    board.scene.environment.globalLight.enabled = true;
    expect(situation.sceneSituation(m, vex)?.targetDark.value).toBe(false);
  });

  it("at dusk (below the world's darkness threshold, 0.5) an unlit token is not in darkness", async () => {
    const { m, vex, board } = await night();
    board.darkness(0.3);
    expect(situation.sceneSituation(m, vex)?.targetDark.value).toBe(false);
    board.darkness(0.6);
    expect(situation.sceneSituation(m, vex)?.targetDark.value).toBe(true);
    board.darkness(0.3);
    await fake.game.settings.set("fray", "sceneDarkness", 0);
    try {
      expect(situation.sceneSituation(m, vex)?.targetDark.value).toBe(true);
    } finally {
      await fake.game.settings.set("fray", "sceneDarkness", 0.5);
    }
  });

  it("daylight: nobody stands in darkness", async () => {
    const { m, vex, board } = await night();
    board.darkness(0);
    expect(situation.sceneSituation(m, vex)?.targetDark.value).toBe(false);
    expect(situation.sceneSituation(m, vex)?.attackerDark.value).toBe(false);
  });
});
