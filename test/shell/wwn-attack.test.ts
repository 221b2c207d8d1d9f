/**
 * The WWN attack at the table, in the fake Foundry with the world set to WWN: the card a hit roll
 * posts (hit or miss against AC, damage, Shock on a miss and its floor on a hit), Apply, and who
 * writes what. Every die is fixed through CONFIG.Dice.randomUniform.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { installTableFakes } from "../fake-foundry/table.ts";
import type { ClientDocument } from "../fake-foundry/documents.ts";
import { queuedDice } from "./boot.support.ts";
import { nextStepLine, resultText } from "./card-next.support.ts";
import { wwnScene, wwnShell } from "./wwn.support.ts";
import type { WwnShell } from "./wwn.support.ts";

let fake: FakeFoundry;
let table: ReturnType<typeof installTableFakes>;
let actions: WwnShell;
let scene: ReturnType<typeof wwnScene>;
let whenIdle: () => Promise<void>;

const rolls = queuedDice<[number, number]>(([sides, face]) => (face - 0.5) / sides);
function dice(...values: [number, number][]): void {
  rolls.set(...values);
}

beforeAll(async () => {
  fake = installFakeFoundry({
    settings: { "fray.ruleset": "wwn" },
    random: rolls.random,
  });
  table = installTableFakes(fake);
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  actions = await wwnShell();
  scene = wwnScene(fake);
  whenIdle = (await import("../../src/foundry/combat/actions.ts")).whenIdle;
});

beforeEach(() => {
  fake.setUser(GM.id);
  fake.notifications.length = 0;
  rolls.set();
});

type Doc = ClientDocument & { items: { contents: ClientDocument[] } };

/** Creates an actor (as the GM) with a token on the tests' scene. */
async function createActor(source: Record<string, unknown>): Promise<Actor.Implementation> {
  const Actor = fake.CONFIG["Actor"]?.documentClass;
  const actor = await fake.as(GM.id, () => Actor?.create(source));
  if (!actor) throw new Error("actor not created");
  scene.place(actor);
  return actor as unknown as Actor.Implementation;
}

type FrayCombat = Combat.Implementation & {
  activateCombatant(id: string): Promise<unknown>;
  endCombatantTurn(id: string): Promise<unknown>;
};

/** A started combat of `actors` (the first one's side acts first), run by the GM. */
async function startedCombat(actors: readonly Actor.Implementation[]) {
  const Combat = fake.CONFIG["Combat"]?.documentClass;
  const combat = (await fake.as(GM.id, () => Combat?.create({}))) as unknown as FrayCombat;
  await fake.as(GM.id, () =>
    combat.createEmbeddedDocuments("Combatant", actors.map((a) => ({ actorId: a.id })) as never),
  );
  await whenIdle();
  rolls.set([8, 8], [8, 1]);
  await fake.as(GM.id, () => combat.startCombat());
  await whenIdle();
  const idOf = (actor: Actor.Implementation) =>
    combat.combatants.contents.find((c) => c.actorId === actor.id)?.id ?? "";
  return { combat, idOf };
}

const hp = (actor: Actor.Implementation) =>
  ((actor as unknown as Doc).system as unknown as { health: { value: number } }).health.value;

/** A spear: 1d6, Str or Dex, Stab, Shock 2/AC 13. */
const SPEAR = {
  name: "Spear",
  type: "weapon",
  system: {
    damage: "1d6",
    skill: "stab",
    attributes: { str: true, dex: true },
    shock: { enabled: true, damage: 2, ac: 13 },
    throwable: true,
  },
};

/** Kara: Str 14 (+1), Stab-1, attack bonus +1: hits at +3; her spear's Shock is 2 + 1 = 3. */
function kara(name = "Kara") {
  return createActor({
    name,
    type: "character",
    prototypeToken: { disposition: 1 },
    ownership: { [PLAYER.id]: 3 },
    system: {
      health: { value: 10, max: 10 },
      attackBonus: 1,
      attributes: { str: 14 },
      skills: { stab: 1 },
    },
    items: [SPEAR],
  });
}

/** A GM-run bandit with 8 hit points and the given natural AC. */
function bandit(ac: number) {
  return createActor({
    name: "Bandit",
    type: "npc",
    prototypeToken: { disposition: -1 },
    system: { health: { value: 8, max: 8 }, ac: { natural: ac, bonus: 0 } },
  });
}

function weapon(actor: Actor.Implementation, name: string): Item.Implementation {
  const item = (actor as unknown as Doc).items.contents.find((i) => i.name === name);
  if (!item) throw new Error(`no ${name}`);
  return item as unknown as Item.Implementation;
}

function card(message: ChatMessage.Implementation) {
  const state = actions.wwnCardOf(message);
  if (state === null) throw new Error("not a WWN attack card");
  return state;
}
const content = (message: ChatMessage.Implementation) =>
  (message as unknown as { content: string }).content;

async function attackAs(
  userId: string,
  attacker: Actor.Implementation,
  target: Actor.Implementation,
  situation: Parameters<WwnShell["wwnAttack"]>[2] = {},
) {
  fake.setUser(userId);
  table.target(target);
  const message = await actions.wwnAttack(attacker, weapon(attacker, "Spear"), situation);
  if (message === null) throw new Error("refused");
  return message;
}

describe("Shock on a melee miss", () => {
  it("against AC at or under the Shock AC posts a card with the Shock, applied with Apply", async () => {
    const k = await kara();
    const b = await bandit(12);
    dice([20, 5]); // 5 + 3 = 8 < AC 12: a miss
    const message = await attackAs(PLAYER.id, k, b);
    expect(card(message)).toMatchObject({
      stage: "resolved",
      result: {
        hit: { natural: 5, total: 8, ac: 12, hit: false },
        shock: { value: 3, applies: true },
        dealt: 3,
      },
    });
    expect(content(message)).toContain("Miss");
    expect(content(message)).toContain("Shock 2/AC 13");
    expect(content(message)).toContain('data-fray-step="apply"');
    expect(hp(b)).toBe(8); // not applied yet

    fake.setUser(GM.id);
    await actions.press(message, "apply");
    expect(hp(b)).toBe(5);
    expect(card(message).stage).toBe("applied");
    expect(content(message)).toContain("Applied to the target.");
    await actions.press(message, "apply");
    expect(hp(b)).toBe(5);
    expect(fake.notifications.at(-1)?.message).toBe("This attack has already been applied.");
  });

  it("against AC above the Shock AC deals nothing, and says why", async () => {
    const k = await kara();
    const b = await bandit(15);
    dice([20, 5]);
    const message = await attackAs(PLAYER.id, k, b);
    expect(card(message)).toMatchObject({
      stage: "applied",
      result: { hit: { hit: false }, shock: { applies: false, blocked: "acTooHigh" }, dealt: 0 },
    });
    expect(content(message)).toContain(
      "No Shock: Bandit’s AC 15 is above the weapon’s Shock AC 13.",
    );
    expect(content(message)).toContain("No damage");
    expect(content(message)).not.toContain("data-fray-step");
    expect(hp(b)).toBe(8);
  });

  it("is blocked by Total Defense (which also raises AC by 2)", async () => {
    const k = await kara();
    const b = await bandit(11);
    const { combat, idOf } = await startedCombat([k, b]);
    await fake.as(PLAYER.id, () => combat.activateCombatant(idOf(k)));
    await whenIdle();
    // An Instant: the bandit takes it out of its turn, spending its Main Action.
    fake.setUser(GM.id);
    expect(await actions.wwnTotalDefense(b)).toBe(true);
    expect(actions.round(b)).toMatchObject({ mainUsed: true, totalDefense: true });
    dice([20, 9]); // 9 + 3 = 12 < AC 13 (11 + 2)
    const message = await attackAs(PLAYER.id, k, b);
    expect(card(message).result).toMatchObject({
      hit: { total: 12, ac: 13, hit: false },
      shock: { applies: false, blocked: "totalDefense" },
      dealt: 0,
    });
    expect(content(message)).toContain("No Shock: Bandit is in Total Defense.");
    expect(hp(b)).toBe(8);
  });

  it("from a Swarm lands even on AC above the Shock AC", async () => {
    const k = await kara();
    const mira = await kara("Mira");
    const b = await bandit(16);
    const { combat, idOf } = await startedCombat([k, mira, b]);
    // Kara, then Mira join the swarm against the bandit on their turns (each a Main Action).
    fake.setUser(PLAYER.id);
    table.target(b);
    for (const member of [k, mira]) {
      await combat.activateCombatant(idOf(member));
      await whenIdle();
      expect(await actions.wwnJoinSwarm(member)).toBe(true);
      await combat.endCombatantTurn(idOf(member));
      await whenIdle();
    }
    // Kara strikes the swarm's blow: the referee counts Mira, whatever the payload says.
    dice([20, 4]); // 4 + 3 + 2 (one other swarmer) = 9 < 16
    const message = await attackAs(PLAYER.id, k, b, { kind: { kind: "swarm", allies: 3 } });
    expect(card(message).result).toMatchObject({
      hit: { hit: false },
      shock: { value: 3, applies: true },
      dealt: 3,
    });
    expect(content(message)).toContain("a swarm’s Shock lands whatever the armor");
    fake.setUser(GM.id);
    await actions.press(message, "apply");
    expect(hp(b)).toBe(5);
    // The swarm has struck: no second blow this round.
    fake.setUser(PLAYER.id);
    expect(
      await actions.wwnAttack(mira, weapon(mira, "Spear"), { kind: { kind: "swarm", allies: 1 } }),
    ).toBeNull();
    expect(fake.notifications.at(-1)?.message).toBe("This swarm has already struck this round.");
  });
});

describe("a hit", () => {
  it("never deals less than the Shock: the floor rule is shown", async () => {
    const k = await kara();
    const b = await bandit(12);
    dice([20, 15], [6, 1]); // 15 + 3 = 18 hits; 1d6: 1 + 1 = 2, raised to the Shock 3
    const message = await attackAs(PLAYER.id, k, b);
    expect(card(message).result).toMatchObject({
      hit: { hit: true },
      damage: { rolled: 1, total: 2 },
      dealt: 3,
      byShock: true,
    });
    expect(content(message)).toContain(
      "The roll gave 2; a hit never deals less than its Shock, so it deals 3.",
    );
  });

  it("drops an NPC to 0: it dies", async () => {
    const k = await kara();
    const b = await bandit(10);
    dice([20, 12], [6, 6]); // 6 + 1 = 7 … the bandit has 8
    const first = await attackAs(PLAYER.id, k, b);
    fake.setUser(GM.id);
    await actions.press(first, "apply");
    dice([20, 12], [6, 2]);
    const second = await attackAs(PLAYER.id, k, b);
    expect(content(second)).toContain("Bandit is dead.");
    fake.setUser(GM.id);
    await actions.press(second, "apply");
    expect(hp(b)).toBe(0);
    expect(((b as unknown as Doc).system as unknown as { life: string }).life).toBe("dead");
  });
});

describe("who may write", () => {
  it("a player applies to a target they do not own through the active GM", async () => {
    const k = await kara();
    const b = await bandit(12);
    dice([20, 5]);
    const message = await attackAs(PLAYER.id, k, b);
    const writers: string[] = [];
    fake.hooks.on("updateActor", () => {
      writers.push(fake.game.user.id);
    });
    fake.setUser(PLAYER.id);
    const sent = fake.users.queries.length;
    expect(await actions.press(message, "apply")).toMatchObject({ ok: true });
    expect(fake.users.queries.slice(sent)).toMatchObject([
      { from: PLAYER.id, to: GM.id, name: "fray.referee" },
    ]);
    expect(writers).toEqual([GM.id]);
    expect(hp(b)).toBe(5);
  });
});

describe("refusals", () => {
  it("say why and change nothing", async () => {
    const k = await kara();
    const b = await bandit(12);
    fake.setUser(PLAYER.id);
    table.target();
    expect(await actions.wwnAttack(k, weapon(k, "Spear"), {})).toBeNull();
    expect(fake.notifications.at(-1)?.message).toBe(
      "Target one token first: the attack needs a target.",
    );
    await weapon(k, "Spear").update({ "system.readied": false } as never);
    table.target(b);
    const before = fake.game.messages.size;
    expect(await actions.wwnAttack(k, weapon(k, "Spear"), {})).toBeNull();
    expect(fake.notifications.at(-1)?.message).toBe(
      "The weapon is not readied: ready it first (a Main Action).",
    );
    expect(fake.game.messages.size).toBe(before);
  });
});

describe("the card's next step (issue 29)", () => {
  it("says what the roll came to and asks the GM to apply it, then is done", async () => {
    const k = await kara();
    const b = await bandit(12);
    dice([20, 5]); // 5 + 3 = 8 < AC 12: a miss, but the spear's Shock lands
    const missed = await attackAs(PLAYER.id, k, b);
    expect(resultText(content(missed))).toBe("Miss, but Shock: Bandit takes 3 damage.");
    expect(nextStepLine(content(missed))).toBe("GM: Apply damage");
    fake.setUser(GM.id);
    await actions.press(missed, "apply");
    expect(nextStepLine(content(missed))).toBe("Done: nothing left to do.");

    const b2 = await bandit(18);
    dice([20, 2]); // 2 + 3 = 5 < AC 18: a miss, and AC 18 is past the Shock's AC 13
    const clean = await attackAs(PLAYER.id, k, b2);
    // Nothing to write: the card is settled as posted.
    expect(resultText(content(clean))).toBe("Miss: Bandit takes no damage.");
    expect(nextStepLine(content(clean))).toBe("Done: nothing left to do.");
  });
});
