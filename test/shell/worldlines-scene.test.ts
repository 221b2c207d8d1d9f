/**
 * What the Worldlines referee measures on the scene and keeps in its ledger, as a table sees it:
 * flanking and range bands from the tokens, a grenade's blast around where it lands, whom an
 * actor may reach, and the round's interruption and Defensive Posture recorded by the GM and
 * given back by the combat's phases. Tokens stand on a 5 ft grid.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { installTableFakes } from "../fake-foundry/table.ts";
import { boardOf, clearScenes } from "../fake-foundry/tokens.ts";
import type { ClientDocument } from "../fake-foundry/documents.ts";
import type * as AttackCard from "../../src/foundry/rulesets/worldlines/cards/attack-card.ts";
import type * as Budget from "../../src/foundry/rulesets/worldlines/budget.ts";
import type * as Protocol from "../../src/foundry/cards/protocol.ts";
import type * as Hooks from "../../src/foundry/combat/ruleset-hooks.ts";
import { EFFECT_MODES } from "../fake-foundry/effects.ts";
import { queuedDice } from "./boot.support.ts";
import { combatOnTurn, gmCreatesActor, itemOf, worldlinesActions } from "./worldlines.support.ts";
import type { WorldlinesActions } from "./worldlines.support.ts";

let fake: FakeFoundry;
let table: ReturnType<typeof installTableFakes>;
let actions: WorldlinesActions;
let cards: typeof AttackCard;
let budget: typeof Budget;
let protocol: typeof Protocol;
let hooks: typeof Hooks;
let whenIdle: () => Promise<void>;

const dice = queuedDice<[number, number]>(([sides, face]) => (face - 0.5) / sides);

beforeAll(async () => {
  fake = installFakeFoundry({ random: dice.random });
  table = installTableFakes(fake);
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  actions = await worldlinesActions();
  cards = await import("../../src/foundry/rulesets/worldlines/cards/attack-card.ts");
  budget = await import("../../src/foundry/rulesets/worldlines/budget.ts");
  protocol = await import("../../src/foundry/cards/protocol.ts");
  hooks = await import("../../src/foundry/combat/ruleset-hooks.ts");
  whenIdle = (await import("../../src/foundry/combat/actions.ts")).whenIdle;
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
  a.system as unknown as { health: { value: number }; energy: { value: number; max: number } };

const PISTOL = {
  name: "Pistol",
  type: "weapon",
  system: { damage: "1d6+1", skill: "firearms", kind: "ranged" },
};

/** Maya, the player's: d8 Combat, Firearms 2, a pistol and a frag grenade (2d6, 10 ft). */
function maya() {
  return create({
    name: "Maya",
    type: "character",
    ownership: { [PLAYER.id]: 3 },
    prototypeToken: { disposition: 1 },
    system: { energy: { value: 6, max: 6 }, skills: { firearms: 2 } },
    items: [
      PISTOL,
      { name: "Frag", type: "gear", system: { kind: "grenade", quantity: 3, damage: "2d6" } },
    ],
  });
}

const npc = (name: string, disposition = -1) =>
  create({ name, type: "npc", prototypeToken: { disposition } });

/** The player attacks `target` with Maya's pistol; the Combat die shows 4. */
async function shoot(m: Actor.Implementation, target: Actor.Implementation, situation = {}) {
  fake.setUser(PLAYER.id);
  table.target(target);
  dice.set([8, 4]);
  return actions.attack(m, itemOf(m, "Pistol"), situation);
}

describe("the GM's calls on the scene", () => {
  it("a target engaged from opposite sides by the attacker's side is flanked, whatever the player says", async () => {
    const m = await maya();
    const vex = await npc("Vex");
    const board = boardOf(fake);
    board.place(m, { col: 0, row: 4 });
    board.place(vex, { col: 4, row: 4 });
    board.place(await npc("Ally A", 1), { col: 3, row: 4 }); // west of Vex
    board.place(await npc("Ally B", 1), { col: 5, row: 4 }); // east of Vex
    const message = await shoot(m, vex, { flanked: false });
    if (message === null) throw new Error(fake.notifications.at(-1)?.message);
    const card = cards.attackCardOf(message);
    expect(card?.situation).toMatchObject({ flanked: true, range: "short" });
    expect(card?.attack.modifiers.map((x) => [x.source, x.value])).toContainEqual(["flanked", 2]);
  });

  it("two allies side by side are not opposite: no flank, and a claimed one is refused", async () => {
    const m = await maya();
    const vex = await npc("Vex");
    const board = boardOf(fake);
    board.place(m, { col: 0, row: 4 });
    board.place(vex, { col: 4, row: 4 });
    board.place(await npc("Ally A", 1), { col: 3, row: 4 });
    board.place(await npc("Ally B", 1), { col: 3, row: 5 });
    expect(await shoot(m, vex, { flanked: true })).toBeNull();
    expect(fake.notifications.at(-1)?.message).toBe(
      "The scene says otherwise: Not flanked: no two of your side stand on opposite sides of Vex. Nothing happened.",
    );
    const message = await shoot(m, vex, {});
    expect(cards.attackCardOf(message as ChatMessage.Implementation)?.situation.flanked).not.toBe(
      true,
    );
  });

  it("refuses a target beyond the weapon's extreme band, with the distance, spending nothing", async () => {
    const m = await maya();
    const vex = await npc("Vex");
    const board = boardOf(fake);
    board.place(m, { col: 0, row: 0 });
    board.place(vex, { col: 50, row: 0 }); // 250 ft; the pistol reaches 240
    const before = fake.game.messages.size;
    expect(await shoot(m, vex, { range: "short" })).toBeNull();
    expect(fake.notifications.at(-1)?.message).toBe(
      "Out of range: 250 ft, and Pistol reaches 240 ft at most.",
    );
    expect(sys(m).energy.value).toBe(6);
    expect(fake.game.messages.size).toBe(before);
  });

  it("without tokens, a target in the attacker's running combat may be attacked as declared", async () => {
    const m = await maya();
    const vex = await npc("Vex");
    await combatOnTurn(fake, [m, vex], m, (faces) => {
      dice.set(...faces);
    });
    const message = await shoot(m, vex, { range: "medium" });
    if (message === null) throw new Error(fake.notifications.at(-1)?.message);
    expect(cards.attackCardOf(message)?.situation.range).toBe("medium");
  });

  it("First Aid on an actor out of reach (no token, no shared combat) is refused", async () => {
    const m = await maya();
    const far = await npc("Far");
    const board = boardOf(fake);
    board.place(m, { col: 0, row: 0 });
    fake.setUser(PLAYER.id);
    table.target(far);
    expect(await actions.firstAid(m)).toBe(false);
    expect(fake.notifications.at(-1)?.message).toBe(
      "Maya cannot reach Far: it is neither in Maya's combat nor on Maya's scene.",
    );
    expect(sys(m).energy.value).toBe(6);
  });
});

describe("a grenade on the scene", () => {
  it("thrown at a point hits every token within its blast of that point, the thrower too", async () => {
    const m = await maya();
    const near = await npc("Near");
    const beside = await npc("Beside");
    const out = await npc("Out");
    const board = boardOf(fake);
    board.place(m, { col: 0, row: 0 });
    board.place(near, { col: 1, row: 0 }); // 5 ft from the point
    board.place(beside, { col: 2, row: 2 }); // 10 ft from the point (diagonals count one)
    board.place(out, { col: 3, row: 0 }); // 15 ft from the point
    dice.set([6, 3], [6, 3]); // 2d6 = 6; nobody wears armor
    const thrown = await fake.as(PLAYER.id, () =>
      protocol.declareCard("worldlines.throw", {
        actorId: m.id,
        itemId: itemOf(m, "Frag").id,
        aim: { point: board.center({ col: 0, row: 1 }) },
      }),
    );
    expect(thrown.ok).toBe(true);
    expect([sys(m), sys(near), sys(beside), sys(out)].map((s) => s.health.value)).toEqual([
      14, 14, 14, 20,
    ]);
    expect(sys(m).energy.value).toBe(4);
  });

  it("takes its blast radius from the item: 0 ft hits only whoever stands where it lands", async () => {
    const m = await maya();
    const target = await npc("Target");
    const next = await npc("Next");
    await fake.as(GM.id, () => itemOf(m, "Frag").update({ "system.blast": 0 } as never));
    const board = boardOf(fake);
    board.place(m, { col: 0, row: 0 });
    board.place(target, { col: 4, row: 0 });
    board.place(next, { col: 5, row: 0 });
    fake.setUser(PLAYER.id);
    table.target(target);
    dice.set([6, 3], [6, 3]);
    expect(await actions.throwGrenade(m, itemOf(m, "Frag"))).toBe(true);
    expect([sys(target).health.value, sys(next).health.value]).toEqual([14, 20]);
  });

  it("is refused past 45 ft to the point, without a token to throw from, and at a target off the scene", async () => {
    const m = await maya();
    const elsewhere = await npc("Elsewhere");
    const frag = () => ({ actorId: m.id, itemId: itemOf(m, "Frag").id });
    const throwAt = (aim: unknown) =>
      fake.as(PLAYER.id, () => protocol.declareCard("worldlines.throw", { ...frag(), aim }));
    expect(await throwAt({ targetId: elsewhere.id })).toMatchObject({
      ok: false,
      reason: "throwNeedsScene",
    });
    expect(fake.notifications.at(-1)?.message).toBe(
      "Maya has no token on a scene: a grenade lands on the map.",
    );
    const board = boardOf(fake);
    board.place(m, { col: 0, row: 0 });
    expect(await throwAt({ point: board.center({ col: 10, row: 0 }) })).toMatchObject({
      ok: false,
      reason: "outOfThrowRange",
    });
    expect(await throwAt({ targetId: elsewhere.id })).toMatchObject({
      ok: false,
      reason: "notATarget",
    });
    expect(await throwAt({ point: { x: "far", y: 0 } })).toMatchObject({ ok: false });
    expect([sys(m).energy.value, sys(elsewhere).health.value]).toEqual([6, 20]);
    const left = itemOf(m, "Frag").system as unknown as { quantity: number };
    expect(left.quantity).toBe(3);
  });
});

describe("the referee's ledger in the combat's phases", () => {
  it("Defensive Posture shows on the tracker and ends when the actor's next turn starts", async () => {
    const m = await maya();
    const vex = await npc("Vex");
    const combat = await combatOnTurn(fake, [m, vex], m, (faces) => {
      dice.set(...faces);
    });
    fake.setUser(PLAYER.id);
    expect(await actions.defensivePosture(m)).toBe(true);
    expect(budget.budgetOf(m).defensivePosture).toBe(true);
    const chips = hooks.combatHooks().memberChips?.(m, { active: true }) ?? [];
    expect(chips.map((c) => [c.label, c.on])).toEqual([
      ["FRAY.Worldlines.Tracker.Interrupt", true],
      ["FRAY.Worldlines.Tracker.Posture", true],
    ]);
    // The GM plays on to Maya's next turn.
    fake.setUser(GM.id);
    const round = combat.round;
    const frayCombat = combat as unknown as {
      endPhase(): Promise<unknown>;
      activateCombatant(id: string): Promise<unknown>;
    };
    for (let i = 0; i < 6 && combat.round === round; i++) {
      await frayCombat.endPhase();
      await whenIdle();
    }
    expect(budget.budgetOf(m).defensivePosture).toBe(true);
    const mine = combat.combatants.contents.find((c) => c.actorId === m.id);
    for (let i = 0; i < 4 && budget.budgetOf(m).defensivePosture; i++) {
      await frayCombat.activateCombatant(mine?.id ?? "");
      await whenIdle();
      if (budget.budgetOf(m).defensivePosture) {
        await frayCombat.endPhase();
        await whenIdle();
      }
    }
    expect(budget.budgetOf(m).defensivePosture).toBe(false);
  });

  it("the round's interruption comes back at Status Resolution", async () => {
    const m = await create({
      name: "Maya",
      type: "character",
      ownership: { [PLAYER.id]: 3 },
      system: { energy: { value: 6, max: 6 } },
      items: [{ name: "Snap", type: "technique", system: { energyCost: 1, interrupt: true } }],
    });
    const vex = await npc("Vex");
    const combat = await combatOnTurn(fake, [m, vex], m, (faces) => {
      dice.set(...faces);
    });
    fake.setUser(PLAYER.id);
    expect(await actions.useTechnique(m, itemOf(m, "Snap"))).toBe(true);
    expect(budget.budgetOf(m).interruptUsed).toBe(true);
    fake.setUser(GM.id);
    const round = combat.round;
    for (let i = 0; i < 6 && combat.round === round; i++) {
      await (combat as unknown as { endPhase(): Promise<unknown> }).endPhase();
      await whenIdle();
    }
    expect(combat.round).toBe(round + 1);
    expect(budget.budgetOf(m).interruptUsed).toBe(false);
  });
});

describe("Energy a player wrote to their own actor", () => {
  it("buys no attack past the maximum: the console's 500 and an effect's +500 read as 6", async () => {
    const m = await maya();
    const vex = await npc("Vex");
    const board = boardOf(fake);
    board.place(m, { col: 0, row: 0 });
    board.place(vex, { col: 3, row: 0 });
    // Around their client: the server stores it as sent; each client's model refuses it.
    await fake.socketUpdate(PLAYER.id, m as never, { "system.energy.value": 500 });
    // An effect on their own actor: applied to the prepared data, brought back within bounds.
    await fake.as(PLAYER.id, () =>
      (m as unknown as ClientDocument).createEmbeddedDocuments("ActiveEffect", [
        {
          name: "Second wind",
          changes: [{ key: "system.energy.value", mode: EFFECT_MODES.ADD, value: "500" }],
        },
      ]),
    );
    expect(sys(m).energy).toEqual({ value: 6, max: 6 });
    const cardsBefore = fake.game.messages.size;
    for (let i = 0; i < 3; i++) expect(await shoot(m, vex)).not.toBeNull();
    expect(await shoot(m, vex)).toBeNull();
    expect(fake.notifications.at(-1)?.message).toBe(
      "Not enough Energy: the attack costs 2, Maya has 0.",
    );
    expect(fake.game.messages.size).toBe(cardsBefore + 3);
  });

  it("a health effect keeps nobody alive: each hit counts from what the last one left", async () => {
    const m = await maya();
    const vex = await create({
      name: "Vex",
      type: "npc",
      system: { skills: { firearms: 2 } },
      items: [PISTOL],
    });
    const board = boardOf(fake);
    board.place(m, { col: 0, row: 0 });
    board.place(vex, { col: 3, row: 0 });
    await fake.as(PLAYER.id, () =>
      (m as unknown as ClientDocument).createEmbeddedDocuments("ActiveEffect", [
        {
          name: "Iron skin",
          changes: [{ key: "system.health.value", mode: EFFECT_MODES.ADD, value: "500" }],
        },
      ]),
    );
    const hit = async () => {
      fake.setUser(GM.id);
      table.target(m);
      dice.set([8, 6]); // 6 + 2 = 8
      const message = await actions.attack(vex, itemOf(vex, "Pistol"), {});
      if (message === null) throw new Error(fake.notifications.at(-1)?.message);
      dice.set([6, 4]); // 4 + 1 = 5
      await fake.as(PLAYER.id, () => protocol.pressCard(message, "take"));
      await fake.as(PLAYER.id, () => protocol.pressCard(message, "apply"));
      return cards.attackCardOf(message)?.result?.health;
    };
    expect(await hit()).toMatchObject({ before: 20, after: 15 });
    expect(await hit()).toMatchObject({ before: 15, after: 10 });
  });
});
