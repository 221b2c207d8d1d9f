/**
 * Darkness on the scene (issue 25), on a 5 ft grid of 100 px spaces, with the Worldlines attack:
 * in a dark scene a target no light reaches is in poor visibility (the dialog opens with it and
 * says why, the GM refuses a claim otherwise); a lamp near it, or the scene's global light, lights
 * it.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { installTableFakes } from "../fake-foundry/table.ts";
import { boardOf, clearScenes } from "../fake-foundry/tokens.ts";
import type * as Situation from "../../src/foundry/scene/situation.ts";
import { queuedDice } from "./boot.support.ts";
import { gmCreatesActor, itemOf, worldlinesActions } from "./worldlines.support.ts";
import type { WorldlinesActions } from "./worldlines.support.ts";

let fake: FakeFoundry;
let table: ReturnType<typeof installTableFakes>;
let actions: WorldlinesActions;
let situation: typeof Situation;

const dice = queuedDice<[number, number]>(([sides, face]) => (face - 0.5) / sides);

beforeAll(async () => {
  fake = installFakeFoundry({ random: dice.random });
  table = installTableFakes(fake);
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  actions = await worldlinesActions();
  situation = await import("../../src/foundry/scene/situation.ts");
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

  it("daylight: nobody stands in darkness", async () => {
    const { m, vex, board } = await night();
    board.darkness(0);
    expect(situation.sceneSituation(m, vex)?.targetDark.value).toBe(false);
    expect(situation.sceneSituation(m, vex)?.attackerDark.value).toBe(false);
  });
});
