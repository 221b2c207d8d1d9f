/**
 * Issue 27's Worldlines rows at the table: what a player and the GM do from the sheet, a card or
 * the tracker, and what the referee (the active GM) writes in answer.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { installTableFakes } from "../fake-foundry/table.ts";
import { boardOf, clearScenes } from "../fake-foundry/tokens.ts";
import type * as Protocol from "../../src/foundry/cards/protocol.ts";
import type * as State from "../../src/foundry/combat/state.ts";
import type * as AttackCard from "../../src/foundry/rulesets/worldlines/cards/attack-card.ts";
import { combatOnTurn, gmCreatesActor, itemOf, worldlinesActions } from "./worldlines.support.ts";
import type { WorldlinesActions } from "./worldlines.support.ts";
import { queuedDice } from "./boot.support.ts";

let fake: FakeFoundry;
let actions: WorldlinesActions;
let protocol: typeof Protocol;
let state: typeof State;
let cards: typeof AttackCard;
let table: ReturnType<typeof installTableFakes>;

const dice = queuedDice<[number, number]>(([sides, face]) => (face - 0.5) / sides);

beforeAll(async () => {
  fake = installFakeFoundry({ users: [GM, PLAYER], random: dice.random });
  table = installTableFakes(fake);
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  actions = await worldlinesActions();
  protocol = await import("../../src/foundry/cards/protocol.ts");
  state = await import("../../src/foundry/combat/state.ts");
  cards = await import("../../src/foundry/rulesets/worldlines/cards/attack-card.ts");
});

beforeEach(() => {
  fake.setUser(GM.id);
  fake.notifications.length = 0;
  dice.set();
});

afterEach(() => {
  clearScenes(fake);
});

const create = (data: Record<string, unknown>) => gmCreatesActor(fake, data);

const sys = (a: Actor.Implementation) =>
  a.system as unknown as { health: { value: number }; energy: { value: number } };
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

/** The GM ends the running turn and plays the phases until `actor` takes its turn. */
async function turnOf(combat: Combat.Implementation, actor: Actor.Implementation) {
  const c = combat as Combat.Implementation & {
    endPhase(): Promise<unknown>;
    activateCombatant(id: string): Promise<unknown>;
  };
  const id = combatantOf(combat, actor) ?? "";
  const team = () => {
    const turn = state.turnStateOf(combat);
    const phase = turn.plan[turn.phaseIndex];
    return phase?.kind === "team" ? phase.teamId : null;
  };
  const combatant = combat.combatants.get(id);
  if (combatant === undefined) throw new Error("not in the combat");
  const { whenIdle } = await import("../../src/foundry/combat/actions.ts");
  for (let i = 0; i < 6 && team() !== state.teamIdOf(combatant); i++) {
    await c.endPhase();
    await whenIdle();
  }
  await c.activateCombatant(id);
  await whenIdle();
}

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

/** Vex, the GM's raider, with a pistol that makes its target bleed. */
function vexWithBleeder() {
  return create({
    name: "Vex",
    type: "npc",
    prototypeToken: { disposition: -1 },
    system: { energy: { value: 6, max: 6 }, traits: { combat: 8 }, skills: { firearms: 2 } },
    items: [
      {
        name: "Pistol",
        type: "weapon",
        system: {
          damage: "1d6+1",
          skill: "firearms",
          kind: "ranged",
          drawn: true,
          onHit: { bleeding: true },
        },
      },
    ],
  });
}

const bleeds = (a: Actor.Implementation) =>
  (a as unknown as { effects: { contents: { statuses: Set<string> }[] } }).effects.contents.some(
    (e) => e.statuses.has("bleeding"),
  );

describe("a hit the armor stops", () => {
  async function stoppedShot(statusesWhenAbsorbed: boolean) {
    await fake.game.settings.set("fray", "worldlinesStatusesWhenAbsorbed", statusesWhenAbsorbed);
    const k = await kara({}, [
      { name: "Vest", type: "armor", system: { zones: { torso: 4 }, equipped: true } },
    ]);
    const vex = await vexWithBleeder();
    await fight([k, vex], vex);
    fake.setUser(GM.id);
    table.target(k);
    dice.set([8, 6]); // 6 + 2 = 8
    const message = await actions.attack(vex, itemOf(vex, "Pistol"), {});
    if (message === null) throw new Error(fake.notifications.at(-1)?.message ?? "refused");
    dice.set([6, 1], [4, 4]); // damage 1 + 1 = 2; the vest's d4 shows 4: nothing gets through
    expect(await fake.as(PLAYER.id, () => protocol.pressCard(message, "take"))).toEqual({
      ok: true,
    });
    const card = cards.attackCardOf(message);
    expect(card?.result).toMatchObject({ hit: true, damage: { dealt: 0 } });
    expect(await protocol.pressCard(message, "apply")).toEqual({ ok: true });
    return k;
  }

  it("puts no Bleeding on by default", async () => {
    const k = await stoppedShot(false);
    expect(sys(k).health.value).toBe(20);
    expect(bleeds(k)).toBe(false);
  });

  it("bleeds anyway when the GM's setting says so", async () => {
    const k = await stoppedShot(true);
    expect(sys(k).health.value).toBe(20);
    expect(bleeds(k)).toBe(true);
    await fake.game.settings.set("fray", "worldlinesStatusesWhenAbsorbed", false);
  });
});

describe("Exhaustion points", () => {
  async function tiredShot(penalty: number) {
    await fake.game.settings.set("fray", "worldlinesExhaustionPenalty", penalty);
    const k = await kara({ exhaustion: 3 });
    const r = await raider("Raider");
    await fight([k, r], k);
    dice.set([8, 5]);
    const outcome = await consoleAttack(k, r);
    await fake.game.settings.set("fray", "worldlinesExhaustionPenalty", 1);
    if (!outcome.ok) throw new Error(fake.notifications.at(-1)?.message ?? "refused");
    const message = fake.game.messages.get(String(outcome.value)) as unknown as {
      content: string;
    };
    return cards.attackCardOf(message as never);
  }

  it("take 1 per point off the attack by default, shown on the card", async () => {
    const card = await tiredShot(1);
    expect(card?.attack.modifiers).toContainEqual({ source: "exhausted", value: -3 });
    expect(card?.attack.total).toBe(5 + 2 - 3);
  });

  it("take the setting's penalty per point, none at 0", async () => {
    expect((await tiredShot(2))?.attack.total).toBe(5 + 2 - 6);
    const none = await tiredShot(0);
    expect(none?.attack.modifiers.map((m) => m.source)).not.toContain("exhausted");
    expect(none?.attack.total).toBe(5 + 2);
  });
});

describe("the throw's reach", () => {
  async function thrower(combat: number) {
    const k = await kara({ traits: { combat, spirit: 6, mind: 6 } }, [
      { name: "Frag", type: "gear", system: { kind: "grenade", quantity: 2, damage: "2d6" } },
    ]);
    const r = await raider("Raider");
    const board = boardOf(fake);
    board.place(k, { col: 0, row: 0 });
    board.place(r, { col: 7, row: 0 }); // 35 ft away
    await combatOnTurn(fake, [k, r], k, (faces) => {
      dice.set(...faces);
    });
    return { k, r };
  }

  const consoleThrow = (k: Actor.Implementation, r: Actor.Implementation) =>
    fake.as(PLAYER.id, () =>
      protocol.declareCard("worldlines.throw", {
        actorId: idOf(k),
        itemId: idOf(itemOf(k, "Frag")),
        aim: { targetId: idOf(r) },
      }),
    );

  it("is 30 ft for a d6 thrower: 35 ft is refused with the limit", async () => {
    const { k, r } = await thrower(6);
    const outcome = await consoleThrow(k, r);
    expect(outcome).toMatchObject({ ok: false, reason: "outOfThrowRange" });
    expect(fake.notifications.at(-1)?.message).toBe("Too far to throw: 35 ft, the limit is 30 ft.");
    expect(sys(k).energy.value).toBe(6);
  });

  it("is 40 ft for a d10 thrower: the same throw lands", async () => {
    const { k, r } = await thrower(10);
    dice.set([6, 3], [6, 4]);
    const outcome = await consoleThrow(k, r);
    expect(outcome).toMatchObject({ ok: true });
    expect(sys(k).energy.value).toBe(4);
  });
});

describe("an arm hit", () => {
  /** Vex shoots Kara's arm on his turn; she fails her Spirit check and drops her pistol. */
  async function armHit() {
    const k = await kara();
    const vex = await vexWithBleeder();
    const combat = await fight([k, vex], vex);
    fake.setUser(GM.id);
    table.target(k);
    dice.set([8, 6]); // 6 + 2 − 1 (arms) = 7
    const message = await actions.attack(vex, itemOf(vex, "Pistol"), { zone: "arms" });
    if (message === null) throw new Error(fake.notifications.at(-1)?.message ?? "refused");
    // Damage 4 + 1 = 5 (no arm armor), then Kara's Spirit d6 shows 2 against TD 6: she drops it.
    dice.set([6, 4], [6, 2]);
    expect(await fake.as(PLAYER.id, () => protocol.pressCard(message, "take"))).toEqual({
      ok: true,
    });
    expect(cards.attackCardOf(message)?.result?.limbCheck).toMatchObject({ effect: "droppedItem" });
    expect(await protocol.pressCard(message, "apply")).toEqual({ ok: true });
    return { k, vex, combat };
  }

  const pistol = (k: Actor.Implementation) =>
    itemOf(k, "Pistol").system as unknown as { drawn: boolean };

  /** On Kara's turn: the dropped pistol is refused, drawing it costs 1 Energy, then it attacks. */
  async function refusedUntilDrawn(
    combat: Combat.Implementation,
    k: Actor.Implementation,
    vex: Actor.Implementation,
  ) {
    fake.setUser(GM.id);
    await turnOf(combat, k);
    const refused = await consoleAttack(k, vex);
    expect(refused).toMatchObject({ ok: false, reason: "weaponDropped" });
    expect(fake.notifications.at(-1)?.message).toBe(
      "Kara dropped the Pistol: draw it again first.",
    );
    const energy = sys(k).energy.value;
    expect(await fake.as(PLAYER.id, () => actions.drawWeapon(k, itemOf(k, "Pistol")))).toBe(true);
    expect(pistol(k).drawn).toBe(true);
    expect(sys(k).energy.value).toBe(energy - 1);
    dice.set([8, 5]);
    const again = await consoleAttack(k, vex);
    expect(again, fake.notifications.at(-1)?.message).toMatchObject({ ok: true });
  }

  it("makes the defender drop its drawn weapon; it attacks again only once drawn", async () => {
    const { k, vex, combat } = await armHit();
    expect(pistol(k).drawn).toBe(false);
    await refusedUntilDrawn(combat, k, vex);
  });

  it("stays dropped when its owner clears the mark on their own weapon from the console", async () => {
    const { k, vex, combat } = await armHit();
    // The player writes their own item through the server, which runs no DataModel.
    await fake.as(PLAYER.id, () =>
      itemOf(k, "Pistol").update({ "system.dropped": false, "system.drawn": true } as never),
    );
    await refusedUntilDrawn(combat, k, vex);
  });
});

describe("a disabled arm", () => {
  it("refuses reloading and First Aid with a message, writing nothing", async () => {
    const k = await kara(
      { disabledLimbs: { arms: true, legs: false }, health: { value: 20, max: 20 } },
      [{ name: "Medkit", type: "gear", system: { kind: "firstAidKit", quantity: 2 } }],
    );
    await fake.as(GM.id, () =>
      itemOf(k, "Pistol").update({ "system.ammo": { value: 1, max: 6 } } as never),
    );
    fake.notifications.length = 0;
    expect(await fake.as(PLAYER.id, () => actions.reload(k, itemOf(k, "Pistol")))).toBe(false);
    expect(fake.notifications.at(-1)?.message).toBe(
      "Kara's arm is disabled: that needs both hands.",
    );
    expect(sys(k).energy.value).toBe(6);
    await fake.as(GM.id, () =>
      k.createEmbeddedDocuments("ActiveEffect", [{ name: "Bleeding", statuses: ["bleeding"] }]),
    );
    fake.notifications.length = 0;
    expect(await fake.as(PLAYER.id, () => actions.firstAid(k))).toBe(false);
    expect(fake.notifications.at(-1)?.message).toBe(
      "Kara's arm is disabled: that needs both hands.",
    );
    expect(sys(k).energy.value).toBe(6);
  });
});
