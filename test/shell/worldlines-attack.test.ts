/**
 * The Worldlines attack at the table, in the fake Foundry: dialog-free declarations (the situation
 * given directly), the chat card through its stages, and who may write what. Every die is fixed
 * through CONFIG.Dice.randomUniform, so each test shows the numbers a table would see.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { installTableFakes } from "../fake-foundry/table.ts";
import type { ClientDocument } from "../fake-foundry/documents.ts";
import type * as Workflow from "../../src/foundry/rulesets/worldlines/cards/attack-card.ts";
import type * as Protocol from "../../src/foundry/cards/protocol.ts";
import type * as Budget from "../../src/foundry/rulesets/worldlines/budget.ts";
import type * as Ledger from "../../src/foundry/combat/ledger.ts";
import { combatOnTurn, worldlinesActions, worldlinesBoard } from "./worldlines.support.ts";
import type { WorldlinesActions } from "./worldlines.support.ts";
import { queuedDice } from "./boot.support.ts";
import { refusedByModel } from "./refused.support.ts";
import { nextStepLine, resultText, targetLine } from "./card-next.support.ts";

let fake: FakeFoundry;
let spots: ReturnType<typeof worldlinesBoard>;
let table: ReturnType<typeof installTableFakes>;
let actions: WorldlinesActions;
let workflow: typeof Workflow;
let protocol: typeof Protocol;
let budget: typeof Budget;
let ledger: typeof Ledger;

/** The dice still to come, as [faces, value]; each Roll die takes the next one. */
const queued = queuedDice<[number, number]>(([sides, face]) => (face - 0.5) / sides);

function dice(...values: [number, number][]): void {
  queued.set(...values);
}

beforeAll(async () => {
  fake = installFakeFoundry({
    random: queued.random,
  });
  table = installTableFakes(fake);
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  spots = worldlinesBoard(fake);
  actions = await worldlinesActions();
  workflow = await import("../../src/foundry/rulesets/worldlines/cards/attack-card.ts");
  protocol = await import("../../src/foundry/cards/protocol.ts");
  budget = await import("../../src/foundry/rulesets/worldlines/budget.ts");
  ledger = await import("../../src/foundry/combat/ledger.ts");
});

beforeEach(() => {
  fake.setUser(GM.id);
  fake.notifications.length = 0;
  queued.set();
});

type Doc = ClientDocument & {
  items: { contents: ClientDocument[] };
  effects: { contents: (ClientDocument & { statuses: Set<string> })[] };
};

async function createActor(source: Record<string, unknown>): Promise<Actor.Implementation> {
  const Actor = fake.CONFIG["Actor"]?.documentClass;
  // The GM makes the world's actors (players lack core's ACTOR_CREATE permission).
  const actor = await fake.as(GM.id, () => Actor?.create(source));
  if (!actor) throw new Error("actor not created");
  return spots.place(actor as unknown as Actor.Implementation);
}

const sys = (actor: Actor.Implementation) =>
  (actor as unknown as Doc).system as unknown as {
    health: { value: number };
    energy: { value: number };
    life: string;
    unconsciousMinutes: number | null;
  };

const PISTOL = {
  name: "Pistol",
  type: "weapon",
  system: { damage: "1d6+1", skill: "firearms", kind: "ranged" },
};
const BATON = {
  name: "Stun baton",
  type: "weapon",
  system: { damage: "1d6", skill: "melee", kind: "melee", nonLethal: true },
};

/** Maya: d8 Combat (crits on 8), Firearms 2, 6 Energy; owned by the player. */
function maya(extra: Record<string, unknown> = {}) {
  return createActor({
    name: "Maya",
    type: "character",
    ownership: { [PLAYER.id]: 3 },
    system: {
      health: { value: 20, max: 20 },
      energy: { value: 6, max: 6 },
      traits: { combat: 8, spirit: 6, mind: 6 },
      skills: { firearms: 2, melee: 1, medicine: 2 },
    },
    items: [PISTOL, BATON],
    ...extra,
  });
}

/** Vex: a GM-run NPC with d6 Combat, Evasion 1, a d4 vest on the torso. */
function vex(rank = "elite", health = 20, torso: number | null = 4) {
  return createActor({
    name: "Vex",
    type: "npc",
    system: {
      health: { value: health, max: 20 },
      energy: { value: 4, max: 6 },
      traits: { combat: 6, spirit: 6, mind: 6 },
      skills: { evasion: 1 },
      rank,
    },
    items: [{ name: "Vest", type: "armor", system: { zones: { torso }, equipped: true } }],
  });
}

function weapon(actor: Actor.Implementation, name: string): Item.Implementation {
  const item = (actor as unknown as Doc).items.contents.find((i) => i.name === name);
  if (!item) throw new Error(`no ${name}`);
  return item as unknown as Item.Implementation;
}

type Card = NonNullable<ReturnType<typeof Workflow.attackCardOf>>;
function card(message: ChatMessage.Implementation): Card {
  const state = workflow.attackCardOf(message);
  if (state === null) throw new Error("not an attack card");
  return state;
}
const content = (message: ChatMessage.Implementation) =>
  (message as unknown as { content: string }).content;

async function attackAs(
  userId: string,
  attacker: Actor.Implementation,
  target: Actor.Implementation,
  weaponName: string,
  situation: Parameters<WorldlinesActions["attack"]>[2] = {},
) {
  fake.setUser(userId);
  table.target(target);
  return actions.attack(attacker, weapon(attacker, weaponName), situation);
}

describe("an attack that hits", () => {
  it("rolls, spends 2 Energy, waits for the defender, then applies damage after armor", async () => {
    const a = await maya();
    const v = await vex();
    dice([8, 6]); // attack die: 6 + Firearms 2 = 8
    const message = await attackAs(PLAYER.id, a, v, "Pistol");
    if (message === null) throw new Error("refused");
    expect(sys(a).energy.value).toBe(4);
    expect(card(message)).toMatchObject({
      stage: "awaitingDefense",
      attack: { natural: 6, total: 8, critical: false },
    });
    expect(content(message)).toContain("Evade (1 Energy)");
    expect(content(message)).toContain("Take it");

    fake.setUser(GM.id);
    dice([6, 4], [4, 2]); // damage 1d6+1: 4 → 5; Armor d4: 2
    await protocol.pressCard(message, "take");
    expect(card(message).result).toMatchObject({
      hit: true,
      damage: { weapon: 5, armorDie: 4, armorRoll: 2, armor: 2, dealt: 3 },
      health: { before: 20, after: 17 },
    });
    expect(sys(v).health.value).toBe(20); // not applied yet
    expect(content(message)).toContain("d4: 2");

    await protocol.pressCard(message, "apply");
    expect(sys(v).health.value).toBe(17);
    expect(card(message).stage).toBe("applied");
    expect(content(message)).toContain("Applied to the target.");
    // A second press changes nothing.
    await protocol.pressCard(message, "apply");
    expect(sys(v).health.value).toBe(17);
    expect(fake.notifications.at(-1)?.message).toBe("This attack has already been applied.");
  });
});

describe("an evaded attack", () => {
  it("costs the defender 1 Energy and nothing else", async () => {
    const a = await maya();
    const v = await vex();
    dice([8, 3]); // 3 + 2 = 5
    const message = await attackAs(PLAYER.id, a, v, "Pistol");
    if (message === null) throw new Error("refused");
    fake.setUser(GM.id);
    dice([6, 5]); // Evasion d6: 5 + 1 = 6 ≥ 5
    await protocol.pressCard(message, "evade");
    expect(card(message).result).toMatchObject({ hit: false, healthLost: 0 });
    expect(card(message).stage).toBe("applied");
    expect(sys(v).energy.value).toBe(3);
    expect(sys(v).health.value).toBe(20);
    expect(content(message)).toContain("Evaded");
    expect(content(message)).not.toContain('data-fray-step="apply"');
  });
});

describe("a critical hit", () => {
  it("cannot be evaded: twice the formula's maximum (1d6+1 → 14) minus armor, at once", async () => {
    const a = await maya();
    const v = await vex();
    dice([8, 8], [4, 3]); // natural 8 crits on a d8; Armor d4: 3
    const message = await attackAs(PLAYER.id, a, v, "Pistol");
    if (message === null) throw new Error("refused");
    expect(card(message)).toMatchObject({
      stage: "resolved",
      attack: { natural: 8, critical: true },
      result: { damage: { weapon: 14, critical: true, armor: 3, dealt: 11 } },
    });
    expect(content(message)).toContain("Critical!");
    expect(content(message)).not.toContain('data-fray-step="evade"');
    fake.setUser(GM.id);
    await protocol.pressCard(message, "apply");
    expect(sys(v).health.value).toBe(9);
  });
});

describe("a headshot on a minor NPC", () => {
  it("kills outright on a natural 20", async () => {
    const a = await maya();
    const v = await vex("minor");
    dice([8, 7]); // 7 + 2 − 2 (head) = 7
    const message = await attackAs(PLAYER.id, a, v, "Pistol", { zone: "head" });
    if (message === null) throw new Error("refused");
    expect(card(message).attack.total).toBe(7);
    fake.setUser(GM.id);
    dice([20, 20]);
    await protocol.pressCard(message, "take");
    expect(card(message).result).toMatchObject({
      killed: true,
      headshot: { roll: 20, effect: "kill" },
    });
    expect(content(message)).toContain("Killed outright");
    await protocol.pressCard(message, "apply");
    expect(sys(v).health.value).toBe(0);
    expect(sys(v).life).toBe("dead");
  });
});

describe("armor", () => {
  it("can absorb the whole hit", async () => {
    const a = await maya();
    const v = await vex("elite", 20, 6);
    dice([8, 5]);
    const message = await attackAs(PLAYER.id, a, v, "Pistol");
    if (message === null) throw new Error("refused");
    fake.setUser(GM.id);
    dice([6, 1], [6, 5]); // damage 1 + 1 = 2; Armor d6: 5
    await protocol.pressCard(message, "take");
    expect(card(message).result).toMatchObject({
      damage: { total: 2, armor: 5, dealt: 0 },
      healthLost: 0,
    });
    expect(content(message)).toContain("armor absorbed it all");
    await protocol.pressCard(message, "apply");
    expect(sys(v).health.value).toBe(20);
  });
});

describe("a non-lethal takedown", () => {
  it("knocks the target out for 1d6 × 10 minutes instead of leaving it dying", async () => {
    const a = await maya();
    const v = await vex("minor", 3, null);
    dice([8, 4]); // 4 + Melee 1 = 5
    const message = await attackAs(PLAYER.id, a, v, "Stun baton", { nonLethal: true });
    if (message === null) throw new Error("refused");
    fake.setUser(GM.id);
    dice([6, 5], [6, 3]); // damage 5 (no armor) takes 3 → 0; out for 3 × 10 minutes
    await protocol.pressCard(message, "take");
    expect(card(message).result).toMatchObject({ downed: "unconscious", unconsciousMinutes: 30 });
    expect(content(message)).toContain("Vex is knocked out for 30 minutes.");
    await protocol.pressCard(message, "apply");
    expect(sys(v).life).toBe("unconscious");
    expect(sys(v).unconsciousMinutes).toBe(30);
  });
});

describe("who may write", () => {
  it("a player who does not own the target cannot defend for it, and applies through the GM", async () => {
    const a = await maya();
    const v = await vex();
    dice([8, 6]);
    const message = await attackAs(PLAYER.id, a, v, "Pistol");
    if (message === null) throw new Error("refused");
    // The player may not answer for Vex.
    await protocol.pressCard(message, "take");
    expect(fake.notifications.at(-1)).toEqual({
      level: "warn",
      message: "You may not press that button on this card.",
    });
    expect(card(message).stage).toBe("awaitingDefense");

    fake.setUser(GM.id);
    dice([6, 6], [4, 1]); // 7 − 1 = 6
    await protocol.pressCard(message, "take");

    const writers: string[] = [];
    fake.hooks.on("updateActor", () => {
      writers.push(fake.game.user.id);
    });
    fake.setUser(PLAYER.id);
    const sent = fake.users.queries.length;
    const outcome = await protocol.pressCard(message, "apply");
    expect(outcome).toEqual({ ok: true });
    expect(fake.users.queries.slice(sent)).toMatchObject([
      { from: PLAYER.id, to: GM.id, name: "fray.referee" },
    ]);
    expect(writers).toEqual([GM.id]);
    expect(sys(v).health.value).toBe(14);
  });
});

describe("refusals", () => {
  it("say why and change nothing", async () => {
    const a = await maya();
    const v = await vex();
    fake.setUser(PLAYER.id);
    table.target();
    expect(await actions.attack(a, weapon(a, "Pistol"), {})).toBeNull();
    expect(fake.notifications.at(-1)?.message).toBe(
      "Target one token first: the attack needs a target.",
    );

    const tired = await maya({ system: { energy: { value: 1, max: 6 } } });
    expect(await attackAs(PLAYER.id, tired, v, "Pistol")).toBeNull();
    expect(fake.notifications.at(-1)?.message).toBe(
      "Not enough Energy: the attack costs 2, Maya has 1.",
    );
    expect(sys(tired).energy.value).toBe(1);
    expect(fake.game.messages.size).toBeGreaterThanOrEqual(0);
  });

  it("refuses a damage formula the rules cannot roll, whether stored or attacked with", async () => {
    const a = await maya();
    const v = await vex();
    const pistol = weapon(a, "Pistol");
    expect(
      await refusedByModel(fake, () => pistol.update({ "system.damage": "1d6+" } as never)),
    ).toMatch(/1d6\+/);
    expect((pistol.system as unknown as { damage: string }).damage).toBe("1d6+1");
    // A formula that slipped past validation (an old world, an edited database) still cannot roll.
    (pistol.system as unknown as { damage: string }).damage = "2d";
    const before = fake.game.messages.size;
    expect(await attackAs(PLAYER.id, a, v, "Pistol")).toBeNull();
    expect(fake.notifications.at(-1)?.message).toBe(
      "The weapon's damage formula “2d” cannot be rolled. Fix it on the weapon.",
    );
    expect(sys(a).energy.value).toBe(6);
    expect(fake.game.messages.size).toBe(before);
  });
});

describe("the one formula limit in the attack flow", () => {
  it("refuses a stored 100d1000 with the limit, rolling nothing and spending nothing", async () => {
    const a = await maya();
    const v = await vex();
    // Slipped past validation (an old world, an edited database).
    (weapon(a, "Pistol").system as unknown as { damage: string }).damage = "100d1000";
    const before = fake.game.messages.size;
    expect(await attackAs(PLAYER.id, a, v, "Pistol")).toBeNull();
    expect(fake.notifications.at(-1)?.message).toBe(
      "The damage formula “100d1000” is too large: a formula may roll at most 40 dice in all, each of at most 100 faces, and add at most 10000.",
    );
    expect(sys(a).energy.value).toBe(6);
    expect(fake.game.messages.size).toBe(before);
  });
});

describe("Evade again after a failed Evasion", () => {
  // The round's interruption is the referee's to record (budget.ts): in the running combat.
  const interrupted = (actor: Actor.Implementation) => budget.budgetOf(actor).interruptUsed;
  /** A combat of the two in which the attacker takes its turn. */
  const fight = (attacker: Actor.Implementation, target: Actor.Implementation) =>
    combatOnTurn(fake, [attacker, target], attacker, (faces) => {
      dice(...faces);
    });

  it("offers a second Evasion; through the GM for the defender's player, it spends 1 Energy and the interruption, and the hit misses", async () => {
    // The GM attacks the player's Maya with another pistol-armed actor.
    const attacker = await maya();
    const target = await maya();
    await fight(attacker, target);
    dice([8, 4]); // 4 + Firearms 2 = 6
    const message = await attackAs(GM.id, attacker, target, "Pistol");
    if (message === null) throw new Error("refused");

    fake.setUser(PLAYER.id);
    dice([8, 3]); // Evasion d8: 3 + 0 = 3, short of 6; no damage die yet
    await protocol.pressCard(message, "evade");
    expect(queued.left()).toEqual([]);
    expect(card(message).stage).toBe("awaitingExtraEvasion");
    expect(sys(target).energy.value).toBe(5);
    expect(content(message)).toContain("Evade again (1 Energy)");
    expect(content(message)).toContain('data-fray-step="take"');
    expect(content(message)).not.toContain('data-fray-step="apply"');

    const sent = fake.users.queries.length;
    dice([8, 7]); // second Evasion: 7 ≥ 6
    expect(await protocol.pressCard(message, "evadeAgain")).toEqual({ ok: true });
    expect(fake.users.queries.slice(sent)).toMatchObject([
      { from: PLAYER.id, to: GM.id, name: "fray.referee" },
    ]);
    expect(card(message)).toMatchObject({ stage: "applied", result: { hit: false } });
    expect(card(message).result?.evasions.map((e) => [e.total, e.success, e.extra])).toEqual([
      [3, false, false],
      [7, true, true],
    ]);
    expect(sys(target).energy.value).toBe(4);
    expect(interrupted(target)).toBe(true);
    expect(sys(target).health.value).toBe(20);
    expect(content(message)).toContain("Second Evasion");
    expect(content(message)).toContain("Evaded");
  });

  it("after a second Evasion that fails too, damage is applied as usual and nothing more is paid", async () => {
    const a = await maya();
    const v = await vex();
    await fight(a, v);
    dice([8, 6]); // 8
    const message = await attackAs(PLAYER.id, a, v, "Pistol");
    if (message === null) throw new Error("refused");
    fake.setUser(GM.id);
    dice([6, 2]); // 2 + 1 = 3
    await protocol.pressCard(message, "evade");
    dice([6, 4], [6, 3], [4, 1]); // 4 + 1 = 5 fails; damage 3 + 1 = 4; Armor d4: 1
    await protocol.pressCard(message, "evadeAgain");
    expect(card(message)).toMatchObject({ stage: "resolved", result: { hit: true } });
    expect(sys(v).energy.value).toBe(2);
    await protocol.pressCard(message, "apply");
    expect(sys(v).health.value).toBe(17);
    expect(sys(v).energy.value).toBe(2);
    expect(interrupted(v)).toBe(true);
  });

  it("Take it after a failed Evasion rolls the damage and keeps the interruption", async () => {
    const a = await maya();
    const v = await vex();
    await fight(a, v);
    dice([8, 6]);
    const message = await attackAs(PLAYER.id, a, v, "Pistol");
    if (message === null) throw new Error("refused");
    fake.setUser(GM.id);
    dice([6, 2]);
    await protocol.pressCard(message, "evade");
    dice([6, 5], [4, 2]); // damage 5 + 1 = 6; Armor d4: 2
    await protocol.pressCard(message, "take");
    expect(card(message).result?.evasions).toHaveLength(1);
    await protocol.pressCard(message, "apply");
    expect(sys(v).health.value).toBe(16);
    expect(sys(v).energy.value).toBe(3);
    expect(interrupted(v)).toBe(false);
  });

  it("is not offered when the first Evasion used the last Energy: damage follows at once", async () => {
    const a = await maya();
    const v = await vex();
    await fight(a, v);
    await v.update({ "system.energy.value": 1 } as never);
    dice([8, 6]);
    const message = await attackAs(PLAYER.id, a, v, "Pistol");
    if (message === null) throw new Error("refused");
    fake.setUser(GM.id);
    dice([6, 2], [6, 5], [4, 2]);
    await protocol.pressCard(message, "evade");
    expect(card(message).stage).toBe("resolved");
    expect(content(message)).not.toContain("Evade again");
    expect(sys(v).energy.value).toBe(0);
  });

  it("is refused when the defender already interrupted this round: a warning, nothing written", async () => {
    const a = await maya();
    const v = await vex();
    const combat = await fight(a, v);
    dice([8, 6]);
    const message = await attackAs(PLAYER.id, a, v, "Pistol");
    if (message === null) throw new Error("refused");
    fake.setUser(GM.id);
    dice([6, 2]);
    await protocol.pressCard(message, "evade");
    expect(card(message).stage).toBe("awaitingExtraEvasion");
    // Meanwhile Vex spent the round's interruption elsewhere (the referee records it).
    const vexId = combat.combatants.contents.find((c) => c.actorId === v.id)?.id ?? "";
    await combat.update(
      ledger.ledgerChanges([{ combatantId: vexId, key: "interruptUsed", value: true }]),
    );

    const calls = fake.db.count();
    fake.notifications.length = 0;
    const outcome = await protocol.pressCard(message, "evadeAgain");
    expect(outcome).toMatchObject({ ok: false, reason: "evadeInterruptUsed" });
    expect(fake.notifications).toEqual([
      { level: "warn", message: "Already interrupted this round." },
    ]);
    expect(fake.db.count()).toBe(calls);
    expect(card(message).stage).toBe("awaitingExtraEvasion");
    expect(sys(v).energy.value).toBe(3);
  });
});

describe("the card's next step (issue 29)", () => {
  // What a table reads at the foot of the card at each stage: who must act, and on what number.
  const lines = (message: ChatMessage.Implementation) => ({
    next: nextStepLine(content(message)),
    target: targetLine(content(message)),
  });
  const fight = (attacker: Actor.Implementation, target: Actor.Implementation) =>
    combatOnTurn(fake, [attacker, target], attacker, (faces) => {
      dice(...faces);
    });

  it("names the defender's player and the Evasion to reach, then the GM's Apply, then Done", async () => {
    const attacker = await maya();
    const target = await maya();
    await target.update({ name: "Mara" });
    await fight(attacker, target);
    dice([8, 4]); // 4 + Firearms 2 = 6
    const message = await attackAs(GM.id, attacker, target, "Pistol");
    if (message === null) throw new Error("refused");
    expect(lines(message)).toEqual({
      next: "Waiting for Player (Mara's player) to Evade or Take it",
      target: "To beat it: Mara's Evasion needs 6 or more.",
    });

    fake.setUser(PLAYER.id);
    dice([8, 3]); // Evasion 3, short of 6
    await protocol.pressCard(message, "evade");
    expect(lines(message)).toEqual({
      next: "Waiting for Player (Mara's player) to Evade again or Take it",
      target: "To beat it: Mara's Evasion needs 6 or more.",
    });

    dice([6, 3]); // damage 3 + 1 = 4; Mara wears no armor
    await protocol.pressCard(message, "take");
    expect(lines(message)).toEqual({ next: "GM: Apply damage", target: null });
    expect(resultText(content(message))).toBe("Hit: Mara takes 4 damage.");

    fake.setUser(GM.id);
    await protocol.pressCard(message, "apply");
    expect(lines(message)).toEqual({ next: "Done: nothing left to do.", target: null });
  });

  it("puts a defender no player owns in the GM's hands, and an evaded attack is done at once", async () => {
    const a = await maya();
    const v = await vex();
    dice([8, 3]); // 3 + 2 = 5
    const message = await attackAs(PLAYER.id, a, v, "Pistol");
    if (message === null) throw new Error("refused");
    expect(lines(message)).toEqual({
      next: "GM, for Vex: Evade or Take it",
      target: "To beat it: Vex's Evasion needs 5 or more.",
    });
    fake.setUser(GM.id);
    dice([6, 5]); // Evasion 5 + 1 = 6 ≥ 5
    await protocol.pressCard(message, "evade");
    expect(lines(message).next).toBe("Done: nothing left to do.");
    expect(resultText(content(message))).toBe("Vex evades: no damage.");
  });
});
