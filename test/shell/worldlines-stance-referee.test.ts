/**
 * A Worldlines stance in a fight is the referee's (issue 26): it settles what an attack against the
 * actor needs, so a player who writes their own actor's stance from the console changes nothing
 * the GM's attack resolution reads; the sheet's stance button in a fight goes through the referee,
 * which pays the Energy, writes the stance and records it. Outside a fight the stance stays the
 * actor's own, changed on its owner's client.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { installTableFakes } from "../fake-foundry/table.ts";
import { clearScenes } from "../fake-foundry/tokens.ts";
import type * as Protocol from "../../src/foundry/cards/protocol.ts";
import type { FrayApi } from "../../src/foundry/api/index.ts";
import {
  clickSheet,
  combatOnTurn,
  gmCreatesActor,
  itemOf,
  worldlinesBoard,
} from "./worldlines.support.ts";
import { queuedDice } from "./boot.support.ts";
import { actorWriters } from "./referee.support.ts";

let fake: FakeFoundry;
let api: FrayApi;
let protocol: typeof Protocol;
let spots: ReturnType<typeof worldlinesBoard>;

const dice = queuedDice<[number, number]>(([sides, face]) => (face - 0.5) / sides);

beforeAll(async () => {
  fake = installFakeFoundry({ users: [GM, PLAYER], random: dice.random });
  installTableFakes(fake);
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  api = (fake.game as unknown as { system: { api: FrayApi } }).system.api;
  protocol = await import("../../src/foundry/cards/protocol.ts");
  spots = worldlinesBoard(fake);
});

beforeEach(() => {
  fake.setUser(GM.id);
  fake.notifications.length = 0;
  dice.set();
});

afterEach(() => {
  clearScenes(fake);
});

const SYSTEM = {
  health: { value: 20, max: 20 },
  energy: { value: 6, max: 6 },
  traits: { combat: 8, spirit: 6, mind: 6 },
  skills: { firearms: 2, evasion: 1 },
};
const PISTOL = {
  name: "Pistol",
  type: "weapon",
  system: { damage: "1d6+1", skill: "firearms", kind: "ranged" },
};

async function fighters() {
  const maya = spots.place(
    await gmCreatesActor(fake, {
      name: "Maya",
      type: "character",
      ownership: { [PLAYER.id]: 3 },
      system: SYSTEM,
      items: [PISTOL],
    }),
  );
  const vex = spots.place(
    await gmCreatesActor(fake, { name: "Vex", type: "npc", system: SYSTEM, items: [PISTOL] }),
  );
  return { maya, vex };
}

const stance = (a: Actor.Implementation) => (a.system as unknown as { stance: string }).stance;
const energy = (a: Actor.Implementation) =>
  (a.system as unknown as { energy: { value: number } }).energy.value;

/** The chance Vex's pistol hits Maya, as the GM's attack reads it. */
function gmOdds(vex: Actor.Implementation, maya: Actor.Implementation): number {
  const odds = fake.as(GM.id, () =>
    api.odds({ attacker: vex, target: maya, weaponId: itemOf(vex, "Pistol").id ?? "" }),
  );
  if (!odds.ok) throw new Error(`no odds: ${odds.reason}`);
  return odds.value.hit;
}

async function fight(maya: Actor.Implementation, vex: Actor.Implementation) {
  await combatOnTurn(fake, [maya, vex], maya, (faces) => {
    dice.set(...faces);
  });
}

describe("a Worldlines stance in a fight", () => {
  it("written by the player on their own actor from the console changes nothing the GM's attack reads", async () => {
    const { maya, vex } = await fighters();
    await fight(maya, vex);
    const honest = gmOdds(vex, maya);
    // The server lets a player write any value to their own actor.
    await fake.as(PLAYER.id, () => maya.update({ "system.stance": "prone" } as never));
    expect(stance(maya)).toBe("prone");
    expect(gmOdds(vex, maya)).toBe(honest);
  });

  it("taken from the sheet goes through the referee: the GM's client pays and writes, the odds follow", async () => {
    const { maya, vex } = await fighters();
    await fight(maya, vex);
    const standing = gmOdds(vex, maya);
    const mark = fake.db.calls.length;
    await clickSheet(fake, PLAYER.id, maya, "stance", { dataset: { stance: "prone" } });
    const { whenIdle } = await import("../../src/foundry/combat/actions.ts");
    await whenIdle();
    expect(stance(maya)).toBe("prone");
    expect(energy(maya)).toBe(5);
    expect(actorWriters(fake, mark)).toEqual([GM.id]);
    expect(gmOdds(vex, maya)).not.toBe(standing);
    expect(fake.notifications).toEqual([]);
  });

  it("asked for someone else's actor from the console is refused, and nothing changes", async () => {
    const { maya, vex } = await fighters();
    await fight(maya, vex);
    const before = gmOdds(vex, maya);
    const outcome = await fake.as(PLAYER.id, () =>
      protocol.declareCard("worldlines.stance", { actorId: vex.id ?? "", stance: "prone" }),
    );
    expect(outcome.ok).toBe(false);
    expect(stance(vex)).toBe("standing");
    expect(gmOdds(vex, maya)).toBe(before);
  });
});

describe("a Worldlines stance outside a fight", () => {
  it("is the actor's own: its owner's client pays and writes it", async () => {
    const { maya } = await fighters();
    const mark = fake.db.calls.length;
    await clickSheet(fake, PLAYER.id, maya, "stance", { dataset: { stance: "crouched" } });
    expect(stance(maya)).toBe("crouched");
    expect(energy(maya)).toBe(5);
    expect(actorWriters(fake, mark)).toEqual([PLAYER.id]);
  });
});
