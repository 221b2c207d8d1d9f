/**
 * Freelancers at the table, in the fake Foundry with the world set to Freelancers: an attack
 * between two players' actors through the GM referee and the card protocol (the attacker's owner
 * declares, the defender's owner rolls the defense, Apply writes the health), the distance
 * measured on the scene, the Upkeep's card with a stun counter and a recharge, a death check that
 * kills a dying NPC, the tracker's chips from the referee's ledger, Help and Medicine. Every die
 * is fixed through CONFIG.Dice.randomUniform.
 */
import { nextStepLine, resultText, targetLine } from "./card-next.support.ts";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER, PLAYER2 } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import type { ClientDocument } from "../fake-foundry/documents.ts";
import type * as Declare from "../../src/foundry/rulesets/freelancers/attack/declare.ts";
import type * as Care from "../../src/foundry/rulesets/freelancers/table/care.ts";
import type * as Dialog from "../../src/foundry/rulesets/freelancers/attack/dialog.ts";
import type * as Cards from "../../src/foundry/rulesets/freelancers/cards/attack-card.ts";
import type * as FlCombat from "../../src/foundry/rulesets/freelancers/combat.ts";
import type * as Data from "../../src/foundry/rulesets/freelancers/data.ts";
import { FRESH_ACTIONS } from "../../src/rules/freelancers/actions.ts";
import { clickSheet } from "./boot.support.ts";
import { flWorld } from "./freelancers.support.ts";
import type { FlWorld } from "./freelancers.support.ts";
import { fightOffScreen } from "./viewed.support.ts";

let world: FlWorld;
let fake: FakeFoundry;
let actions: typeof Dialog & typeof Care;
let workflow: typeof Declare & typeof Cards;
let combatHooks: typeof FlCombat;
let data: typeof Data;
let whenIdle: () => Promise<void>;

function dice(...values: [number, number][]): void {
  world.dice(...values);
}

beforeAll(async () => {
  world = await flWorld();
  fake = world.fake;
  const declare = await import("../../src/foundry/rulesets/freelancers/attack/declare.ts");
  actions = {
    ...(await import("../../src/foundry/rulesets/freelancers/attack/dialog.ts")),
    ...(await import("../../src/foundry/rulesets/freelancers/table/care.ts")),
  };
  workflow = {
    ...declare,
    ...(await import("../../src/foundry/rulesets/freelancers/cards/attack-card.ts")),
  };
  combatHooks = await import("../../src/foundry/rulesets/freelancers/combat.ts");
  data = await import("../../src/foundry/rulesets/freelancers/data.ts");
  ({ whenIdle } = await import("../../src/foundry/combat/actions.ts"));
});

beforeEach(() => {
  world.reset();
});

type Doc = ClientDocument & { items: { contents: ClientDocument[] } };
const sys = (doc: unknown) => (doc as Doc).system as unknown as Record<string, unknown>;
const health = (actor: Actor.Implementation) => (sys(actor)["health"] as { value: number }).value;
const content = (message: ChatMessage.Implementation) =>
  (message as unknown as { content: string }).content;
const createActor = (source: Record<string, unknown>) => world.createActor(source);
const item = (actor: Actor.Implementation, name: string) => world.item(actor, name);
const table = {
  target: (...actors: unknown[]) => {
    world.table.target(...actors);
  },
};

/** Kara (PLAYER's, a knife of reach 1 m), her token on the first square of the scene. */
async function kara() {
  const k = await world.kara();
  world.placeAt(k, 0);
  return k;
}

/** Rook (PLAYER2's), his token next to Kara's. */
async function rook() {
  const r = await world.rook();
  world.placeAt(r, 1);
  return r;
}

const CHOICES = { cover: "none", as: "base", targetEngaged: false } as const;

describe("an attack between two players' actors, through the GM", () => {
  it("is declared by the attacker's owner, defended by the defender's, applied once", async () => {
    const k = await kara();
    const r = await rook();
    fake.setUser(PLAYER.id);
    table.target(r);
    dice([20, 4]); // the attack check: 4 under 11, a pass
    const message = await actions.flAttack(k, item(k, "Knife"), CHOICES);
    if (message === null) throw new Error("refused");
    const card = workflow.flCardOf(message);
    expect((message as unknown as { author: { id: string } }).author.id).toBe(GM.id);
    expect(card).toMatchObject({
      stage: "defend",
      attack: { natural: 4, target: 11, passed: true },
    });
    expect(content(message)).toContain("Roll defense");
    // Who must answer, and the number the defense must come in at (issue 29).
    expect(nextStepLine(content(message))).toBe(
      "Waiting for Second player (Rook's player) to Roll defense",
    );
    expect(targetLine(content(message))).toBe(
      "To beat it: Rook's Defense check must pass and roll 4 or less.",
    );

    // The attacker's owner may not roll the defender's defense: refused, nothing written.
    const mark = fake.db.calls.length;
    expect(await workflow.requestFlStep(message, "defend")).toMatchObject({ reason: "notAllowed" });
    expect(fake.db.since(mark, { documentName: "Actor" })).toEqual([]);

    // The defender's owner presses Roll defense: 6 under 7 passes, but 4 is lower: a hit.
    fake.setUser(PLAYER2.id);
    dice([20, 6], [6, 5]); // defense 6; damage 1d6 → 5, +2 = 7, −1 AR = 6
    expect(await workflow.requestFlStep(message, "defend")).toEqual({ ok: true });
    expect(workflow.flCardOf(message)).toMatchObject({
      stage: "resolved",
      result: { hit: true, defense: { roll: 6, passed: true }, damage: { rolled: 7, dealt: 6 } },
    });
    expect(content(message)).toContain("Both passed: 4 is lower than 6.");
    expect(content(message)).toContain("AR");
    expect(resultText(content(message))).toBe("Hit: Rook takes 6 damage.");
    expect(nextStepLine(content(message))).toBe("GM: Apply damage");
    expect(targetLine(content(message))).toBeNull();
    expect(health(r)).toBe(10);

    expect(await workflow.requestFlStep(message, "apply")).toEqual({ ok: true });
    expect(health(r)).toBe(4);
    expect(content(message)).toContain("Applied.");
    expect(nextStepLine(content(message))).toBe("Done: nothing left to do.");
    expect(await workflow.requestFlStep(message, "apply")).toMatchObject({ ok: false });
    expect(health(r)).toBe(4);
  });

  it("misses on an equal roll, and a miss has nothing to apply", async () => {
    const k = await kara();
    const r = await rook();
    fake.setUser(PLAYER.id);
    table.target(r);
    dice([20, 6]);
    const message = await actions.flAttack(k, item(k, "Knife"), CHOICES);
    if (message === null) throw new Error("refused");
    fake.setUser(PLAYER2.id);
    dice([20, 6]);
    await workflow.requestFlStep(message, "defend");
    expect(workflow.flCardOf(message)).toMatchObject({ stage: "applied", result: { hit: false } });
    expect(content(message)).toContain("Both passed: 6 is not lower than 6.");
    expect(content(message)).not.toContain('data-fray-step="apply"');
    expect(health(r)).toBe(10);
  });

  it("against a static defender is rolled whole at once, and a fumble costs integrity", async () => {
    const k = await kara();
    const wall = await createActor({ name: "Turret", type: "npc", system: { defense: "static" } });
    world.placeAt(wall, 1);
    fake.setUser(PLAYER.id);
    table.target(wall);
    dice([20, 20]); // a natural 20: a critical fumble and a miss
    const message = await actions.flAttack(k, item(k, "Knife"), CHOICES);
    if (message === null) throw new Error("refused");
    expect(workflow.flCardOf(message)).toMatchObject({
      stage: "applied",
      integrityLost: 1,
      result: { hit: false, defense: 10 },
    });
    expect(content(message)).toContain("Critical fumble: Knife loses 1 integrity.");
    expect((sys(item(k, "Knife"))["integrity"] as { value: number }).value).toBe(2);
  });

  it("in a fight on a scene nobody views: out of turn is refused, and the Base action counts", async () => {
    const k = await kara();
    const r = await rook();
    const combat = (await combatOf([k, r])) as Combat.Implementation & {
      startWith(choice: object): Promise<unknown>;
      activateCombatant(id: string): Promise<unknown>;
    };
    await whenIdle();
    await fake.as(GM.id, () => combat.startWith({}));
    await whenIdle();
    await fightOffScreen(fake, combat);
    const memberOf = (actor: Actor.Implementation) =>
      combat.combatants.contents.find((c) => c.actorId === actor.id)?.id ?? "";
    // Kara attacks before her turn: refused, nothing posted.
    fake.setUser(PLAYER.id);
    table.target(r);
    expect(await actions.flAttack(k, item(k, "Knife"), CHOICES)).toBeNull();
    expect(fake.notifications.at(-1)?.message).toBe("It is not Kara's turn.");
    await fake.as(GM.id, () => combat.activateCombatant(memberOf(k)));
    await whenIdle();

    // Kara attacks once with her Base action; the second Base attack of the turn is refused.
    dice([20, 4]);
    expect(await actions.flAttack(k, item(k, "Knife"), CHOICES)).not.toBeNull();
    const before = fake.db.calls.length;
    expect(await actions.flAttack(k, item(k, "Knife"), CHOICES)).toBeNull();
    expect(fake.notifications.at(-1)?.message).toBe("No Base action is left this turn.");
    expect(fake.db.since(before, { documentName: "ChatMessage" })).toEqual([]);
  });

  it("refuses a target out of reach, measured on the scene, with a localized message, and posts nothing", async () => {
    const k = await kara();
    const r = await rook();
    world.placeAt(r, 4);
    fake.setUser(PLAYER.id);
    table.target(r);
    const before = fake.db.calls.length;
    // The distance a player's console sends is not the GM's measure: 1 m is ignored.
    const message = await actions.flAttack(k, item(k, "Knife"), {
      ...CHOICES,
      distance: 1,
    });
    expect(message).toBeNull();
    expect(fake.notifications.at(-1)?.message).toBe("Out of reach: 4 m, the weapon reaches 1 m.");
    expect(fake.db.since(before, { documentName: "ChatMessage" })).toEqual([]);
  });
});

const combatOf = (actors: readonly Actor.Implementation[]) => world.combatOf(actors);
const lastMessage = () => world.lastMessage();

describe("the Upkeep", () => {
  it("removes a stun counter, rolls a recharge and reports both on one card", async () => {
    const k = await createActor({
      name: "Kara",
      type: "character",
      system: { counters: { stun: 1, stress: 2 } },
      items: [{ name: "Overdrive", type: "technique", system: { recharge: 5, charged: false } }],
    });
    const combat = await combatOf([k]);
    dice([10, 7]); // the recharge d10: 7, needs 5+
    const upkeep = combatHooks.FL_COMBAT_HOOKS.roundEvents?.upkeep;
    if (upkeep === undefined) throw new Error("no Upkeep");
    const changes = await fake.as(GM.id, () => upkeep(combat, []));
    expect(changes).toEqual([
      {
        combatantId: expect.any(String) as string,
        changes: { "system.counters.stun": 0, "system.counters.stress": 1 },
        // The counters the rules read in the fight from now on (the GM's record).
        ledger: { flCounters: { stun: 0, stress: 1 } },
      },
    ]);
    expect(sys(item(k, "Overdrive"))["charged"]).toBe(true);
    const card = lastMessage();
    expect(card).toContain("Upkeep");
    expect(card).toContain("Stun: 1 &rarr; 0");
    expect(card).toContain("Overdrive: d10 7 (needs 5+): recharged");
  });

  it("rolls a dying NPC's death check, and a failure is counted (three kill)", async () => {
    const npc = await createActor({
      name: "Bandit",
      type: "npc",
      system: { health: { value: 0, max: 8 }, life: "dying", attributes: { fortitude: 4 } },
    });
    const combat = await combatOf([npc]);
    dice([20, 15]); // Fortitude 4: 15 fails
    const upkeep = combatHooks.FL_COMBAT_HOOKS.roundEvents?.upkeep;
    if (upkeep === undefined) throw new Error("no Upkeep");
    const changes = await fake.as(GM.id, () => upkeep(combat, []));
    expect(changes[0]?.changes).toEqual({ "system.deathFailures": 1 });
    expect(lastMessage()).toContain("Death check: 15 under 4");
    expect(lastMessage()).toContain("Dying");
  });
});

describe("tracker chips", () => {
  it("show the turn's Long, Base, Move, Quick and Reaction from the ledger; a spent Base dims two; a turn start resets", async () => {
    const k = await world.kara();
    const lit = () =>
      combatHooks.flMemberChips(k).map((chip) => [chip.label.split(".").at(-1), chip.on]);
    expect(lit()).toEqual([
      ["long", true],
      ["base", true],
      ["move", true],
      ["quick", true],
      ["reaction", true],
    ]);
    const combat = await world.startedCombat([k]);
    // A plain Base action and the reaction, as the referee records them (never on the actor).
    const turn = await import("../../src/foundry/rulesets/freelancers/table/self.ts");
    const mark = fake.db.calls.length;
    expect(await fake.as(PLAYER.id, () => turn.flSpend(k, "base"))).toBe(true);
    expect(await fake.as(PLAYER.id, () => turn.flSpend(k, "reaction"))).toBe(true);
    expect(fake.db.since(mark, { documentName: "Actor" })).toEqual([]);
    // Dodge from the sheet needs the whole turn: refused, with the reason.
    const { FlActorSheet } =
      await import("../../src/foundry/rulesets/freelancers/sheets/actor-sheet.ts");
    await fake.as(PLAYER.id, () => clickSheet(FlActorSheet, k, "dodge"));
    expect(world.warnings()).toContain(
      "A Long action needs the whole turn: an action was already used.",
    );
    expect(lit()).toEqual([
      ["long", false],
      ["base", false],
      ["move", true],
      ["quick", true],
      ["reaction", false],
    ]);
    const member = combat.combatants.contents[0];
    if (member === undefined) throw new Error("no combatant");
    expect(combatHooks.flTurnStart(combat, member)).toEqual([
      {
        combatantId: member.id,
        changes: {},
        ledger: { flActions: { ...FRESH_ACTIONS } },
      },
    ]);
  });
});

describe("stored data of another shape", () => {
  it("keeps what fits and lets the defaults fill the rest", () => {
    const out = data.migrateFlActor({
      health: 12,
      attributes: { agility: "fast", might: 6 },
      size: "gigantic",
      counters: { stun: -1 },
      ac: { natural: 10 },
    });
    expect(out).toMatchObject({ health: { value: 12, max: 12 }, attributes: { might: 6 } });
    expect(out).not.toHaveProperty("size");
    expect(out).not.toHaveProperty("counters");
  });

  it("refuses a value above its maximum", () => {
    expect(() => {
      data.FlCharacterData.validateJoint({ health: { value: 11, max: 10 } });
    }).toThrow("health: 11 is more than its maximum 10.");
  });
});

describe("surprise at the start of a combat", () => {
  it("gives every member of the surprised team a stun counter on its actor, and none to the others", async () => {
    const k = await createActor({
      name: "Kara",
      type: "character",
      prototypeToken: { disposition: 1 },
    });
    const b = await createActor({
      name: "Bandit",
      type: "npc",
      prototypeToken: { disposition: -1 },
    });
    const combat = await combatOf([k, b]);
    const { startFrayCombat, whenIdle } = await import("../../src/foundry/combat/actions.ts");
    const { teamsOf } = await import("../../src/foundry/combat/state.ts");
    await whenIdle();
    const kara = teamsOf(combat).find((team) => team.name === "Friendly");
    if (kara === undefined) throw new Error("no team for Kara");
    const outcome = await fake.as(GM.id, () =>
      startFrayCombat(combat, { surprising: [kara.id ?? ""] }),
    );
    expect(outcome).toEqual({ ok: true });
    await whenIdle();
    expect(sys(b)["counters"]).toEqual({ stun: 1 });
    expect(sys(k)["counters"]).toEqual({});
    // The stunned bandit can take no Base action: its tracker chips show the stun.
    expect(combatHooks.flMemberChips(b).map((chip) => chip.label)).toContain(
      "FRAY.Freelancers.Counter.stun",
    );
    await fake.as(GM.id, () => combat.delete());
  });
});

describe("Help and Medicine on a dying ally, through the GM", () => {
  /** Rook, PLAYER2's, dying at 0 health, his token on the scene. */
  async function dyingRook() {
    const r = await createActor({
      name: "Rook",
      type: "character",
      ownership: { [PLAYER2.id]: 3 },
      system: { health: { value: 0, max: 10 }, life: "dying" },
    });
    world.placeAt(r, 1);
    return r;
  }

  /** Doc, PLAYER's: Intellect 6 + Medicine 4 = 10, his token next to Rook's. */
  async function doc() {
    const d = await createActor({
      name: "Doc <b>",
      type: "character",
      ownership: { [PLAYER.id]: 3 },
      system: { attributes: { intellect: 6 }, skills: { medicine: 4 } },
    });
    world.placeAt(d, 0);
    return d;
  }

  it("Help stabilizes another player's dying actor: the GM writes it, and one card says so", async () => {
    const d = await doc();
    const r = await dyingRook();
    fake.setUser(PLAYER.id);
    table.target(r);
    const mark = fake.db.calls.length;
    const message = await actions.flHelp(d);
    if (message === null) throw new Error("refused");
    expect(sys(r)["life"]).toBe("stable");
    const writes = fake.db.since(mark, { documentName: "Actor" });
    expect(writes.length).toBeGreaterThan(0);
    expect(writes.every((call) => call.userId === GM.id)).toBe(true);
    expect(content(message)).toContain("Doc &lt;b&gt; helps Rook.");
    expect(content(message)).toContain("Rook is stable");
    // A second Help finds it stable: refused, nothing written.
    const again = fake.db.calls.length;
    expect(await actions.flHelp(d)).toBeNull();
    expect(fake.notifications.at(-1)?.message).toBe(
      "Only a dying entity makes death checks or needs stabilizing.",
    );
    expect(fake.db.since(again, { documentName: "Actor" })).toEqual([]);
  });

  it("Medicine rolls Intellect + Medicine: an 11 fails and the ally stays dying", async () => {
    const d = await doc();
    const r = await dyingRook();
    fake.setUser(PLAYER.id);
    table.target(r);
    dice([20, 11]);
    const message = await actions.flMedicine(d);
    if (message === null) throw new Error("refused");
    expect(sys(r)["life"]).toBe("dying");
    expect(content(message)).toContain("Medicine: 11 against 10: failed.");
    expect(content(message)).toContain("Rook is still dying.");
    expect(content(message)).toContain("target of opportunity");
    dice([20, 10]);
    await actions.flMedicine(d);
    expect(sys(r)["life"]).toBe("stable");
  });

  it("refuses a helper the sender does not own at the referee, and a missing target at once", async () => {
    const d = await doc();
    const r = await dyingRook();
    fake.setUser(PLAYER2.id);
    table.target(r);
    const { declareCard } = await import("../../src/foundry/cards/protocol.ts");
    const mark = fake.db.calls.length;
    // A forged intent naming PLAYER's Doc as the helper.
    expect(
      await declareCard(actions.FL_CARE, { helperId: d.id, patientId: r.id, kind: "help" }),
    ).toMatchObject({ ok: false, reason: "notAllowed" });
    expect(sys(r)["life"]).toBe("dying");
    expect(fake.db.since(mark, { documentName: "Actor" })).toEqual([]);

    fake.setUser(PLAYER.id);
    table.target();
    expect(await actions.flHelp(d)).toBeNull();
    expect(fake.notifications.at(-1)?.message).toBe(
      "Target one dying ally first: Help and Medicine need a target.",
    );
  });
});

describe("world settings", () => {
  it("are registered, localized, and change the rules: a static defense base of 15", async () => {
    const settings = await import("../../src/foundry/rulesets/freelancers/settings.ts");
    for (const option of settings.FL_OPTION_SETTINGS) {
      const id = `fray.${settings.flSettingKey(option.key)}`;
      const config = fake.game.settings.settings.get(id) as { name: string } | undefined;
      expect(config, id).toBeDefined();
      expect(fake.i18n.localize(config?.name ?? "")).not.toBe(config?.name);
    }
    await fake.as(GM.id, () => fake.game.settings.set("fray", "freelancersStaticDefenseBase", 15));
    try {
      const k = await kara();
      const wall = await createActor({
        name: "Turret",
        type: "npc",
        system: { defense: "static" },
      });
      world.placeAt(wall, 1);
      fake.setUser(PLAYER.id);
      table.target(wall);
      dice([20, 14]); // 14 under 15: a hit now (under the default 10 it would miss)
      const message = await actions.flAttack(k, item(k, "Knife"), CHOICES);
      if (message === null) throw new Error("refused");
      expect(workflow.flCardOf(message)).toMatchObject({ result: { defense: 15 } });
    } finally {
      await fake.as(GM.id, () =>
        fake.game.settings.set("fray", "freelancersStaticDefenseBase", 10),
      );
    }
  });
});
