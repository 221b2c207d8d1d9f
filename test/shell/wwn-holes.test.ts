/**
 * Issue 23's WWN holes, tried from a player's client: the player owns Kara and nothing else, may
 * write any value to Kara and send any payload. Nothing they do may change another owner's actor
 * beyond what the rules give them, and a refused request says why.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { installTableFakes } from "../fake-foundry/table.ts";
import type * as Referee from "../../src/foundry/shared/referee.ts";
import { gameWrites } from "./referee.support.ts";
import { queuedDice } from "./boot.support.ts";
import { wwnScene, wwnShell } from "./wwn.support.ts";
import type { WwnShell } from "./wwn.support.ts";

let fake: FakeFoundry;
let table: ReturnType<typeof installTableFakes>;
let actions: WwnShell;
let referee: typeof Referee;
let scene: ReturnType<typeof wwnScene>;
let whenIdle: () => Promise<void>;
const faces = queuedDice<[number, number]>(([sides, face]) => (face - 0.5) / sides);

beforeAll(async () => {
  fake = installFakeFoundry({
    users: [GM, PLAYER],
    settings: { "fray.ruleset": "wwn" },
    random: faces.random,
  });
  table = installTableFakes(fake);
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  actions = await wwnShell();
  scene = wwnScene(fake);
  referee = await import("../../src/foundry/shared/referee.ts");
  whenIdle = (await import("../../src/foundry/combat/actions.ts")).whenIdle;
});

beforeEach(() => {
  fake.notifications.length = 0;
  faces.set();
});

type FrayCombat = Combat.Implementation & {
  activateCombatant(id: string): Promise<unknown>;
  endCombatantTurn(id: string): Promise<unknown>;
};
interface Sys {
  health: { value: number };
  life: string;
  wounds: number;
}
const sys = (actor: Actor.Implementation) => actor.system as unknown as Sys;
const docClass = (name: string) => {
  const cls = fake.CONFIG[name]?.documentClass;
  if (!cls) throw new Error(`no ${name} class`);
  return cls;
};
const item = (actor: Actor.Implementation, name: string) => {
  const found = actor.items.contents.find((i) => i.name === name);
  if (!found) throw new Error(`no ${name}`);
  return found;
};
const lastWarning = () => fake.notifications.at(-1)?.message;
/** The last card posted, past the GMs' notice that a side has nobody left able to act. */
const lastCard = () =>
  fake.game.messages.contents
    .filter((m) => (m.flags as { fray?: { sideDown?: unknown } }).fray?.sideDown === undefined)
    .at(-1) as unknown as ChatMessage.Implementation & { content: string };
/** The writes since `mark` to documents other than Kara's own (and her items). */
const othersWritten = (mark: number, kara: Actor.Implementation) =>
  gameWrites(fake, mark).filter(
    (c) =>
      !(c.documentName === "Actor" && c.data.every((d) => d["_id"] === kara.id)) &&
      !(c.documentName === "Item" && c.parent === kara.uuid) &&
      c.documentName !== "ChatMessage",
  );

/** Kara (her player's: Str 14, Punch-1, Stab-1) and an aware 40-hit-point ogre, in a started combat. */
async function fight() {
  fake.setUser(GM.id);
  const [kara, ogre] = (await docClass("Actor").createDocuments([
    {
      name: "Kara",
      type: "character",
      prototypeToken: { disposition: 1 },
      ownership: { [PLAYER.id]: 3 },
      system: {
        health: { value: 10, max: 10 },
        attributes: { str: 14 },
        skills: { punch: 1, stab: 1 },
      },
      items: [
        { name: "Fists", type: "weapon", system: { damage: "1d2", skill: "punch", unarmed: true } },
        { name: "Axe", type: "weapon", system: { damage: "1d8", skill: "stab", crushing: true } },
      ],
    },
    {
      name: "Ogre",
      type: "npc",
      prototypeToken: { disposition: -1 },
      system: {
        health: { value: 40, max: 40 },
        ac: { natural: 10, bonus: 0 },
        saves: { physical: 15, evasion: 15, mental: 15 },
      },
    },
  ])) as unknown as Actor.Implementation[];
  if (kara === undefined || ogre === undefined) throw new Error("no actors");
  const combat = (await docClass("Combat").create({})) as unknown as FrayCombat;
  await combat.createEmbeddedDocuments("Combatant", [
    { actorId: kara.id },
    { actorId: ogre.id },
  ] as never);
  await whenIdle();
  Object.defineProperty(fake.game, "combat", { configurable: true, get: () => combat });
  faces.set([8, 8], [8, 1]);
  await combat.startCombat();
  const idOf = (actor: Actor.Implementation) =>
    combat.combatants.contents.find((c) => c.actorId === actor.id)?.id ?? "";
  fake.setUser(PLAYER.id);
  await combat.activateCombatant(idOf(kara));
  await whenIdle();
  fake.notifications.length = 0;
  return { kara, ogre, combat, idOf };
}

describe("grapples are the referee's record, not the grappler's actor", () => {
  // Seen red before the fix: the round end dealt Kara's fists to the ogre every round.
  it("a grapple written on the player's own actor deals no damage at the round's end", async () => {
    const { kara, ogre, combat } = await fight();
    await kara.update({ "system.grappling": ogre.id } as never);
    expect(actions.grappling(kara)).toBeNull();
    const mark = fake.db.calls.length;
    fake.setUser(GM.id);
    faces.set([2, 2], [2, 2], [2, 2]);
    await combat.nextRound();
    await whenIdle();
    expect(sys(ogre).health.value).toBe(40);
    expect(othersWritten(mark, kara).filter((c) => c.documentName === "Actor")).toEqual([]);
  });

  it("a grapple the referee settled holds, and hurts the captive at the round's end", async () => {
    const { kara, ogre, combat } = await fight();
    table.target(ogre);
    // d20 19 hits; Kara's 6+6 (+1 Str, +1 Punch) beats the ogre's 1+1 (untrained −1).
    faces.set([20, 19], [6, 6], [6, 6], [6, 1], [6, 1]);
    expect(
      await actions.declareWwnManeuver(kara, "grapple", {}, item(kara, "Fists")),
    ).not.toBeNull();
    expect(actions.grappling(kara)).toBe(ogre.id);
    fake.setUser(GM.id);
    faces.set([2, 2]); // her fists: 1d2 shows 2, +1 Str
    await combat.nextRound();
    await whenIdle();
    expect(sys(ogre).health.value).toBe(37);
  });
});

describe("the Execution Attack is the GM's call", () => {
  // Seen red before the fix: the payload's prepared / targetUnaware killed the aware ogre.
  it("a player's payload saying prepared and unaware does not kill an aware ogre", async () => {
    const { kara, ogre } = await fight();
    const mark = fake.db.calls.length;
    faces.set([20, 3], [20, 3]); // a failed save, were it rolled
    const outcome = await actions.protocol.declareCard("wwn.execution", {
      actorId: kara.id,
      weaponId: item(kara, "Axe").id,
      targetId: ogre.id,
      range: "melee",
      prepared: true,
      targetUnaware: true,
    });
    expect(outcome.ok).toBe(true);
    expect(sys(ogre).life).toBe("active");
    expect(sys(ogre).health.value).toBe(40);
    expect(othersWritten(mark, kara)).toEqual([]);
    // The card waits for the GM: its player may not press Confirm.
    const card = lastCard();
    expect(card.content).toContain("The GM confirms the minute of preparation");
    expect(await actions.press(card, "confirm")).toMatchObject({ ok: false, reason: "notAllowed" });
    expect(lastWarning()).toBe("You may not press that button on this card.");
    const forged = await referee.sendIntent(actions.protocol.CARD_PRESS, {
      messageId: card.id,
      step: "confirm",
    });
    expect(forged).toMatchObject({ ok: false, reason: "notAllowed" });
    expect(sys(ogre).life).toBe("active");
    expect(othersWritten(mark, kara)).toEqual([]);
  });

  it("the GM confirms it: the ogre saves or dies; or calls it off and nothing happens", async () => {
    const { kara, ogre } = await fight();
    table.target(ogre);
    await actions.declareWwnManeuver(kara, "execution", { range: "melee" }, item(kara, "Axe"));
    const card = lastCard();
    fake.setUser(GM.id);
    faces.set([20, 3]); // the save: 3 − Stab-1 = 2 < 15
    expect(await actions.press(card, "confirm")).toEqual({ ok: true });
    expect(sys(ogre).life).toBe("dead");
    expect(lastCard().content).toContain("Ogre dies on the spot.");
    expect(await actions.press(card, "callOff")).toMatchObject({ ok: false });

    const other = await fight();
    table.target(other.ogre);
    await actions.declareWwnManeuver(
      other.kara,
      "execution",
      { range: "melee" },
      item(other.kara, "Axe"),
    );
    const mark = fake.db.calls.length;
    fake.setUser(GM.id);
    expect(await actions.press(lastCard(), "callOff")).toEqual({ ok: true });
    expect(lastCard().content).toContain("The GM calls the Execution Attack off");
    expect(sys(other.ogre).life).toBe("active");
    expect(othersWritten(mark, other.kara).filter((c) => c.documentName === "Actor")).toEqual([]);
  });
});

describe("swarm allies are counted by the GM", () => {
  // Seen red before the fix: the payload's `allies: 3` gave +6 to hit with nobody swarming.
  it("a swarm blow with no swarm behind it is refused with a message, and writes nothing", async () => {
    const { kara, ogre } = await fight();
    table.target(ogre);
    const mark = fake.db.calls.length;
    faces.set([20, 4], [8, 8]);
    const card = await actions.wwnAttack(kara, item(kara, "Axe"), {
      kind: { kind: "swarm", allies: 3 },
    });
    expect(card).toBeNull();
    expect(lastWarning()).toBeDefined();
    expect(othersWritten(mark, kara)).toEqual([]);
    expect(sys(ogre).health.value).toBe(40);
  });
});

describe("only a token in the attacker's combat or on its scene can be attacked", () => {
  // Seen red before the fix: any actor id got a card.
  it("an actor outside the combat and on no scene is refused by name", async () => {
    const { kara } = await fight();
    const [hermit] = (await fake.as(GM.id, () =>
      docClass("Actor").createDocuments([
        { name: "Hermit", type: "npc", system: { health: { value: 5, max: 5 } } },
      ]),
    )) as unknown as Actor.Implementation[];
    if (hermit === undefined) throw new Error("no hermit");
    const mark = fake.db.calls.length;
    faces.set([20, 20], [8, 8]);
    const outcome = await actions.protocol.declareCard("wwn.attack", {
      attackerId: kara.id,
      weaponId: item(kara, "Axe").id,
      targetId: hermit.id,
      situation: {},
    });
    expect(outcome).toMatchObject({ ok: false, reason: "targetNotHere" });
    expect(lastWarning()).toBe("Hermit is neither in this combat nor on this scene.");
    expect(sys(hermit).health.value).toBe(5);
    expect(othersWritten(mark, kara)).toEqual([]);
  });

  it("outside a combat, a token on the attacker's scene may be attacked, one elsewhere not", async () => {
    fake.setUser(GM.id);
    const [ana, wolf, bear] = (await docClass("Actor").createDocuments([
      {
        name: "Ana",
        type: "character",
        ownership: { [PLAYER.id]: 3 },
        items: [{ name: "Axe", type: "weapon", system: { damage: "1d8", skill: "stab" } }],
      },
      { name: "Wolf", type: "npc" },
      { name: "Bear", type: "npc" },
    ])) as unknown as Actor.Implementation[];
    if (ana === undefined || wolf === undefined || bear === undefined) throw new Error("none");
    scene.place(ana, wolf);
    fake.setUser(PLAYER.id);
    table.target(bear);
    expect(await actions.wwnAttack(ana, item(ana, "Axe"), {})).toBeNull();
    expect(lastWarning()).toBe("Bear is neither in this combat nor on this scene.");
    table.target(wolf);
    faces.set([20, 2]);
    expect(await actions.wwnAttack(ana, item(ana, "Axe"), {})).not.toBeNull();
  });
});

describe("the action budget is the referee's record, not the player's actor", () => {
  // Seen red before the fix: resetting mainUsed from the console allowed a second attack.
  it("a Main Action reset on the player's own actor does not buy a second attack", async () => {
    const { kara, ogre } = await fight();
    table.target(ogre);
    faces.set([20, 2]);
    expect(await actions.wwnAttack(kara, item(kara, "Axe"), {})).not.toBeNull();
    await kara.update({ "system.actions.mainUsed": false, "system.actions.movesUsed": 0 } as never);
    const mark = fake.db.calls.length;
    faces.set([20, 20], [8, 8]);
    expect(await actions.wwnAttack(kara, item(kara, "Axe"), {})).toBeNull();
    expect(lastWarning()).toBe("The Main Action of this round is already spent.");
    expect(othersWritten(mark, kara)).toEqual([]);
  });

  // Seen red before the fix: Total Defense written on the player's actor raised its AC by 2.
  it("Total Defense written on the player's own actor does not raise its AC", async () => {
    const { kara, ogre, combat, idOf } = await fight();
    await kara.update({
      "system.actions.totalDefense": true,
      "system.actions.shockProof": true,
    } as never);
    await combat.endCombatantTurn(idOf(kara));
    await whenIdle();
    fake.setUser(GM.id);
    await combat.activateCombatant(idOf(ogre));
    await whenIdle();
    await ogre.createEmbeddedDocuments("Item", [
      { name: "Club", type: "weapon", system: { damage: "1d6", skill: "stab" } },
    ] as never);
    table.target(kara);
    faces.set([20, 2]);
    const message = await actions.wwnAttack(ogre, item(ogre, "Club"), {});
    if (message === null) throw new Error("refused");
    expect(actions.wwnCardOf(message)?.result.hit.ac).toBe(10);
  });
});

describe("a maneuver on an actor itself goes through the referee in a fight", () => {
  it("is refused for an actor the sender does not own, and for a participant that is not one", async () => {
    const { kara, ogre } = await fight();
    const mark = fake.db.calls.length;
    // Kara's player makes the ogre hold its action, then delays Kara for a stranger.
    const forged = await referee.sendIntent("wwn.self", { kind: "hold", actorId: ogre.id });
    expect(forged).toMatchObject({ ok: false, reason: "notAllowed" });
    const stranger = await referee.sendIntent("wwn.self", {
      kind: "delay",
      actorId: kara.id,
      otherId: "nobody",
    });
    expect(stranger).toMatchObject({ ok: false, reason: "noDelayTarget" });
    expect(actions.round(ogre).holding).toBe(false);
    expect(actions.round(kara).delayingFor).toBeNull();
    expect(gameWrites(fake, mark)).toEqual([]);
  });
});
