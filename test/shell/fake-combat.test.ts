/**
 * The fake's Combat against core v13's behaviour (test/fake-foundry/documents.ts): shell tests of
 * the team combat are only worth what this fake is, so each core behaviour the shell leans on is
 * checked here on the fake alone, without Fray.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import type { Combat, Combatant } from "../fake-foundry/documents.ts";

let fake: FakeFoundry;

beforeEach(() => {
  fake = installFakeFoundry({ users: [GM, PLAYER] });
});

async function combatOf(initiatives: (number | null)[]): Promise<Combat> {
  const cls = fake.CONFIG["Combat"]?.documentClass;
  if (!cls) throw new Error("no Combat class");
  const combat = (await cls.create({})) as unknown as Combat;
  await combat.createEmbeddedDocuments(
    "Combatant",
    initiatives.map((initiative, i) => ({ name: `c${String(i)}`, initiative })),
  );
  return combat;
}

const ids = (turns: readonly Combatant[]) => turns.map((c) => c.name);

describe("the fake Combat sorts turns when core does", () => {
  it("sorts by initiative when combatants are created, and records current from that sort", async () => {
    const combat = await combatOf([3, 9, 5]);
    expect(ids(combat.turns)).toEqual(["c1", "c2", "c0"]);
    await combat.update({ round: 1, turn: 0 });
    expect(combat.current.combatantId).toBe(combat.turns[0]?.id);
  });

  it("does not re-sort on a flag update nor on a group change, only on a combatant change", async () => {
    const combat = await combatOf([3, 9, 5]);
    const before = ids(combat.turns);
    // A system sorting by a flag would want a new order here: core keeps the old one.
    const sorted = combat.setupTurns.bind(combat);
    let calls = 0;
    combat.setupTurns = () => {
      calls += 1;
      return sorted();
    };
    await combat.update({ "flags.fray.order": ["x"] });
    await combat.createEmbeddedDocuments("CombatantGroup", [{ name: "team" }]);
    expect(calls).toBe(0);
    expect(ids(combat.turns)).toEqual(before);
    const c0 = combat.combatants.contents[0];
    await combat.updateEmbeddedDocuments("Combatant", [{ _id: c0?.id ?? "", initiative: 20 }]);
    expect(calls).toBe(1);
    expect(ids(combat.turns)).toEqual(["c0", "c1", "c2"]);
  });

  it("keeps a connected client's order while a reloaded client sorts afresh", async () => {
    const combat = await combatOf([3, 9, 5]);
    const connected = fake.connectClient(PLAYER.id, combat).combat as Combat;
    // Core sorts turns on the copy the client builds at load.
    expect(ids(connected.turns)).toEqual(["c1", "c2", "c0"]);
    // A system's sort that reads a flag: the connected client never re-runs it for a flag.
    const bySlot = (c: Combat) => () => {
      const slots = (c.flags["test"] as { slots?: string[] } | undefined)?.slots ?? [];
      c.turns = [...c.combatants.contents].sort(
        (a, b) => slots.indexOf(a.name) - slots.indexOf(b.name),
      );
      return c.turns;
    };
    connected.setupTurns = bySlot(connected);
    await combat.update({ "flags.test.slots": ["c2", "c0", "c1"] });
    expect(ids(connected.turns)).toEqual(["c1", "c2", "c0"]);
    fake.disconnectClient(fake.connectClient(PLAYER.id, combat));
    const reloaded = fake.connectClient(PLAYER.id, combat).combat as Combat;
    reloaded.turns = [];
    reloaded.setupTurns = bySlot(reloaded);
    reloaded.prepareData();
    expect(ids(reloaded.turns)).toEqual(["c2", "c0", "c1"]);
  });
});

describe("the fake Combat's turn events", () => {
  it("counts every turn between the old and the new index as skipped, on the active GM only", async () => {
    const combat = await combatOf([9, 8, 7, 6]);
    await combat.update({ round: 1, turn: 0 });
    await combat.turnEventsDone;
    fake.turnEvents.length = 0;
    await combat.update({ turn: 3 });
    await combat.turnEventsDone;
    expect(fake.turnEvents.map((e) => [e.event, e.turn, e.skipped])).toEqual([
      ["endTurn", 0, false],
      ["startTurn", 1, true],
      ["endTurn", 1, true],
      ["startTurn", 2, true],
      ["endTurn", 2, true],
      ["startTurn", 3, false],
    ]);
    expect(new Set(fake.turnEvents.map((e) => e.userId))).toEqual(new Set([GM.id]));
  });

  it("runs them for every combatant when a null turn jumps to the next round", async () => {
    const combat = await combatOf([9, 8, 7]);
    await combat.update({ round: 1, turn: null });
    await combat.turnEventsDone;
    fake.turnEvents.length = 0;
    await combat.update({ round: 2, turn: null });
    await combat.turnEventsDone;
    const skipped = fake.turnEvents.filter((e) => e.skipped);
    // Three skipped turns in round 1 and three more in round 2.
    expect(skipped.filter((e) => e.event === "startTurn")).toHaveLength(6);
    expect(fake.turnEvents.map((e) => e.event)).toContain("endRound");
  });

  it("runs none with turnEvents: false, nor going back, nor on a player's client", async () => {
    const combat = await combatOf([9, 8, 7]);
    await combat.update({ round: 1, turn: 0 });
    await combat.turnEventsDone;
    fake.turnEvents.length = 0;
    await combat.update({ turn: 2 }, { turnEvents: false });
    await combat.update({ turn: 1 });
    fake.setUser(PLAYER.id);
    await combat.update({ turn: 2 });
    await combat.turnEventsDone;
    expect(fake.turnEvents).toEqual([]);
  });
});

describe("the fake Combat's hooks, sound and world time", () => {
  it("fires combatStart, combatTurn and combatRound with core's arguments and advances time", async () => {
    const combat = await combatOf([9, 8]);
    fake.CONFIG["time"] = { turnTime: 0, roundTime: 6 } as never;
    await combat.startCombat();
    await combat.nextTurn();
    await combat.nextTurn();
    const fired = fake.hooks.fired.filter((f) => f.hook.startsWith("combat"));
    expect(fired.map((f) => f.hook)).toEqual([
      "combatStart",
      "combatTurnChange",
      "combatTurn",
      "combatTurnChange",
      "combatRound",
      "combatTurnChange",
    ]);
    expect(fired[0]?.args).toEqual([combat, { round: 1, turn: 0 }]);
    expect(fired[2]?.args[2]).toEqual({ direction: 1, worldTime: { delta: 0 } });
    expect(fired[4]?.args.slice(1)).toEqual([
      { round: 2, turn: 0 },
      { direction: 1, worldTime: { delta: 6 } },
    ]);
    expect(fake.game.time.worldTime).toBe(6);
    expect(fake.sounds).toEqual(["startEncounter"]);
  });
});

describe("the fake Combat renders what core renders", () => {
  it("re-renders the sidebar for combatants but only the Combat's own apps for groups", async () => {
    const combat = await combatOf([1]);
    const { CombatTracker } = await import("../fake-foundry/applications.ts");
    const sidebar = new CombatTracker();
    (globalThis as unknown as { ui: { combat: unknown } }).ui.combat = sidebar;
    let ownRenders = 0;
    combat.apps["sheet"] = {
      render: () => {
        ownRenders += 1;
      },
    };
    await combat.createEmbeddedDocuments("CombatantGroup", [{ name: "team" }]);
    expect(sidebar.renders).toEqual([]);
    expect(ownRenders).toBe(1);
    await combat.createEmbeddedDocuments("Combatant", [{ name: "late" }]);
    expect(sidebar.renders).toEqual([GM.id]);
  });
});

describe("the fake Combatant's defeat", () => {
  it("counts the DEFEATED status on the actor as defeated, as core's isDefeated does", async () => {
    const actorClass = fake.CONFIG["Actor"]?.documentClass;
    if (!actorClass) throw new Error("no Actor");
    const actor = await actorClass.create({ name: "a" });
    const combat = await combatOf([]);
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: actor?.id }]);
    const combatant = combat.combatants.contents[0];
    expect(combatant?.isDefeated).toBe(false);
    await actor?.createEmbeddedDocuments("ActiveEffect", [{ name: "Dead", statuses: ["dead"] }]);
    expect(combatant?.defeated).toBe(false);
    expect(combatant?.isDefeated).toBe(true);
  });
});

describe("the fake Combat's end", () => {
  it("asks to confirm, as core's endCombat does, and deletes the encounter only on Yes", async () => {
    const combat = await combatOf([1]);
    fake.dialogs.answer = false;
    await combat.endCombat();
    expect(fake.game.combats.get(combat.id)).toBeDefined();
    fake.dialogs.answer = null;
    await combat.endCombat();
    expect(fake.game.combats.get(combat.id)).toBeDefined();
    fake.dialogs.answer = true;
    await combat.endCombat();
    expect(fake.game.combats.get(combat.id)).toBeUndefined();
    expect(fake.dialogs.asked.map((d) => d.title)).toEqual([
      "COMBAT.EndTitle",
      "COMBAT.EndTitle",
      "COMBAT.EndTitle",
    ]);
  });
});

describe("the fake ChatMessage's roll modes", () => {
  it("whispers as core's applyRollMode does", () => {
    const cls = fake.CONFIG["ChatMessage"]?.documentClass as unknown as {
      applyRollMode(data: object, mode: string): Record<string, unknown>;
    };
    expect(cls.applyRollMode({}, "publicroll")).toEqual({ whisper: [], blind: false });
    expect(cls.applyRollMode({}, "gmroll")).toEqual({ whisper: [GM.id], blind: false });
    expect(cls.applyRollMode({}, "blindroll")).toEqual({ whisper: [GM.id], blind: true });
    fake.setUser(PLAYER.id);
    expect(cls.applyRollMode({}, "selfroll")).toEqual({ whisper: [PLAYER.id], blind: false });
  });
});

describe("the fake stores what the server stores", () => {
  it("an object written under two keys is two stored values (the change travels as JSON)", async () => {
    const combat = await combatOf([1, 2]);
    const shared = { acted: false, moving: false };
    await combat.update({ "flags.fray.ledger.a.turn": shared, "flags.fray.ledger.b.turn": shared });
    await combat.update({ "flags.fray.ledger.a.turn": { acted: true, moving: true } });
    const ledger = (combat.flags as { fray: { ledger: Record<string, { turn: unknown }> } }).fray
      .ledger;
    expect(ledger["a"]?.turn).toEqual({ acted: true, moving: true });
    expect(ledger["b"]?.turn).toEqual({ acted: false, moving: false });
  });
});
