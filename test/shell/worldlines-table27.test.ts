/**
 * Issue 27's Worldlines rows at the table: what a player and the GM do from the sheet, a card or
 * the tracker, and what the referee (the active GM) writes in answer.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { installTableFakes } from "../fake-foundry/table.ts";
import { boardOf, clearScenes } from "../fake-foundry/tokens.ts";
import type { ClientDocument } from "../fake-foundry/documents.ts";
import type * as Protocol from "../../src/foundry/cards/protocol.ts";
import type * as State from "../../src/foundry/combat/state.ts";
import { combatOnTurn, worldlinesActions } from "./worldlines.support.ts";
import type { WorldlinesActions } from "./worldlines.support.ts";
import { queuedDice } from "./boot.support.ts";

let fake: FakeFoundry;
let actions: WorldlinesActions;
let protocol: typeof Protocol;
let state: typeof State;

const dice = queuedDice<[number, number]>(([sides, face]) => (face - 0.5) / sides);

beforeAll(async () => {
  fake = installFakeFoundry({ users: [GM, PLAYER], random: dice.random });
  installTableFakes(fake);
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  actions = await worldlinesActions();
  protocol = await import("../../src/foundry/cards/protocol.ts");
  state = await import("../../src/foundry/combat/state.ts");
});

beforeEach(() => {
  fake.setUser(GM.id);
  fake.notifications.length = 0;
  dice.set();
});

afterEach(() => {
  clearScenes(fake);
});

type Doc = ClientDocument & { items: { contents: ClientDocument[] } };

async function create(data: Record<string, unknown>): Promise<Actor.Implementation> {
  const Actor = fake.CONFIG["Actor"]?.documentClass;
  const created = await fake.as(GM.id, () => Actor?.create(data));
  if (!created) throw new Error("actor not created");
  return created as unknown as Actor.Implementation;
}

const sys = (a: Actor.Implementation) =>
  a.system as unknown as { health: { value: number }; energy: { value: number } };
const itemOf = (a: Actor.Implementation, name: string) =>
  (a as unknown as Doc).items.contents.find(
    (i) => i.name === name,
  ) as unknown as Item.Implementation;
const idOf = (d: { id: string | null }) => d.id ?? "";

function kara(system: Record<string, unknown> = {}, items: Record<string, unknown>[] = []) {
  return create({
    name: "Kara",
    type: "character",
    ownership: { [PLAYER.id]: 3 },
    prototypeToken: { disposition: 1 },
    system: {
      energy: { value: 6, max: 6 },
      traits: { combat: 8, spirit: 6, mind: 6, body: 6 },
      skills: { firearms: 2, evasion: 0 },
      ...system,
    },
    items: [
      {
        name: "Pistol",
        type: "weapon",
        system: { damage: "1d6+1", skill: "firearms", kind: "ranged", drawn: true },
      },
      ...items,
    ],
  });
}

function raider(name: string, system: Record<string, unknown> = {}) {
  return create({
    name,
    type: "npc",
    prototypeToken: { disposition: -1 },
    system: { energy: { value: 6, max: 6 }, traits: { combat: 8 }, ...system },
    items: [
      {
        name: "Pistol",
        type: "weapon",
        system: { damage: "1d6+1", skill: "firearms", kind: "ranged", drawn: true },
      },
    ],
  });
}

/** Places the actors on one scene, three spaces apart, and starts `active`'s turn. */
async function fight(actors: Actor.Implementation[], active: Actor.Implementation) {
  const board = boardOf(fake);
  actors.forEach((a, i) => {
    board.place(a, { col: i * 3, row: 0 });
  });
  return combatOnTurn(fake, actors, active, (faces) => {
    dice.set(...faces);
  });
}

const activeOf = (combat: Combat.Implementation) => state.turnStateOf(combat).active;
const combatantOf = (combat: Combat.Implementation, actor: Actor.Implementation) =>
  combat.combatants.contents.find((c) => c.actorId === actor.id)?.id ?? null;

function consoleAttack(attacker: Actor.Implementation, target: Actor.Implementation) {
  return fake.as(PLAYER.id, () =>
    protocol.declareCard("worldlines.attack", {
      attackerId: idOf(attacker),
      weaponId: idOf(itemOf(attacker, "Pistol")),
      targetId: idOf(target),
      situation: {},
      rollMode: "publicroll",
    }),
  );
}

describe("Defensive Posture", () => {
  it("ends the player's turn: the referee ends it, and a second attack is refused", async () => {
    const k = await kara();
    const r = await raider("Raider");
    const combat = await fight([k, r], k);
    expect(activeOf(combat)).toBe(combatantOf(combat, k));
    const taken = await fake.as(PLAYER.id, () => actions.defensivePosture(k));
    expect(taken).toBe(true);
    expect(sys(k).energy.value).toBe(3);
    expect(activeOf(combat)).toBeNull();
    expect(state.turnStateOf(combat).acted).toContain(combatantOf(combat, k));
    const again = await consoleAttack(k, r);
    expect(again).toMatchObject({ ok: false, reason: "notYourTurn" });
    expect(sys(k).energy.value).toBe(3);
  });
});
