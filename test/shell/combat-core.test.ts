/**
 * Team combat as core v13 runs it around Fray (issue #12), against the fake's core behaviours
 * (test/shell/fake-combat.test.ts): every client agrees on whose turn it is, core's turn events run
 * only for the turns that start or end, the tracker hears about teams, core's hooks fire once with
 * the world time, the token HUD's defeat counts, and core's initiative controls cannot re-sort.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { documentClass, phaseTeamOf, setUpTeamCombat } from "./team-combat.support.ts";
import type { TestCombat } from "./team-combat.support.ts";
import type { CombatTracker as FakeTracker } from "../fake-foundry/applications.ts";
import type { TurnState } from "../../src/rules/combat/types.ts";

let fake: FakeFoundry;
let shell: {
  whenIdle: () => Promise<void>;
  turnStateOf: (combat: Combat.Implementation) => TurnState;
  frayFlags: (combat: Combat.Implementation) => { order?: { order: readonly string[] } };
  teamIdOf: (combatant: Combatant.Implementation) => string;
  moveCombatant: (combat: Combat.Implementation, id: string, team: string) => Promise<unknown>;
  editTeam: (
    combat: Combat.Implementation,
    id: string,
    name: string,
    color: string,
  ) => Promise<unknown>;
};

beforeAll(async () => {
  fake = installFakeFoundry({ users: [GM, PLAYER] });
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  const actions = await import("../../src/foundry/combat/actions.ts");
  const state = await import("../../src/foundry/combat/state.ts");
  const teams = await import("../../src/foundry/combat/teams.ts");
  shell = {
    whenIdle: actions.whenIdle,
    turnStateOf: state.turnStateOf,
    frayFlags: state.frayFlags,
    teamIdOf: state.teamIdOf,
    moveCombatant: teams.moveCombatant,
    editTeam: teams.editTeam,
  };
});

beforeEach(async () => {
  fake.setUser(GM.id);
  await fake.game.settings.set("fray", "ruleset", "worldlines");
  fake.notifications.length = 0;
});

afterEach(async () => {
  const combats = fake.game.combats.contents.map((c) => c.id);
  const cls = fake.CONFIG["Combat"]?.documentClass;
  if (cls && combats.length > 0) await cls.deleteDocuments(combats);
  (globalThis as unknown as { ui: { combat?: unknown } }).ui.combat = undefined;
});

type FrayCombat = TestCombat;

const docClass = (name: string) => documentClass(fake, name);
const setUpCombat = (perTeam: number) => setUpTeamCombat(fake, perTeam, shell.whenIdle);

const state = (combat: FrayCombat) => shell.turnStateOf(combat);
const phaseTeam = (combat: FrayCombat) => phaseTeamOf(state(combat));
const membersOf = (combat: FrayCombat, teamId: string) =>
  combat.combatants.contents.filter((c) => shell.teamIdOf(c) === teamId);

/** Waits for the writes the active GM queued and the turn events they started. */
async function settle(combat: FrayCombat) {
  await shell.whenIdle();
  await (combat as unknown as { turnEventsDone?: Promise<void> }).turnEventsDone;
  await shell.whenIdle();
}

describe("every client derives the same order", () => {
  it("agrees on the current combatant through a round with a join, a team change and a reload", async () => {
    const combat = await setUpCombat(2);
    const connected = fake.connectClient(PLAYER.id, combat).combat as unknown as FrayCombat;
    await combat.startCombat();
    await settle(combat);
    let reloaded = fake.connectClient(PLAYER.id, combat);
    const clients = () => ({
      gm: combat,
      connected,
      reloaded: reloaded.combat as unknown as FrayCombat,
    });
    const agree = (step: string) => {
      const active = state(combat).active;
      const teamOrder = shell.frayFlags(combat).order?.order ?? [];
      for (const [name, copy] of Object.entries(clients())) {
        expect(copy.combatant?.id ?? null, `${step}: ${name}'s combatant`).toBe(active);
        expect(copy.current.combatantId, `${step}: ${name}'s current`).toBe(active);
        // Turns run team by team in the settled order.
        const ranks = copy.turns.map((c) => teamOrder.indexOf(shell.teamIdOf(c)));
        expect(ranks, `${step}: ${name}'s turns`).toEqual([...ranks].sort((a, b) => a - b));
      }
    };
    agree("start");
    let steps = 0;
    while (state(combat).round === 1) {
      const teamId = phaseTeam(combat) ?? "";
      const next = membersOf(combat, teamId).find((c) => !state(combat).acted.includes(c.id ?? ""));
      if (next === undefined) throw new Error("a phase with nobody left to act");
      await combat.activateCombatant(next.id ?? "");
      await settle(combat);
      agree(`activate ${next.name}`);
      if (steps === 1) {
        // Someone joins mid-turn.
        const [late] = await docClass("Actor").createDocuments([
          { name: "Late", type: "npc", prototypeToken: { disposition: 0 } },
        ]);
        await combat.createEmbeddedDocuments("Combatant", [{ actorId: late?.id }]);
        await settle(combat);
        agree("join");
      }
      if (steps === 2) {
        // The GM moves a waiting combatant of the last team into the first one.
        const order = shell.frayFlags(combat).order?.order ?? [];
        const mover = membersOf(combat, order[order.length - 1] ?? "")[0];
        await shell.moveCombatant(combat, mover?.id ?? "", order[0] ?? "");
        await settle(combat);
        agree("team change");
        fake.disconnectClient(reloaded);
        reloaded = fake.connectClient(PLAYER.id, combat);
        agree("reload");
      }
      await combat.endCombatantTurn(next.id ?? "");
      await settle(combat);
      agree(`end ${next.name}`);
      steps += 1;
    }
    expect(steps).toBeGreaterThanOrEqual(6);
  });
});

describe("core's turn events", () => {
  it("run only for the combatants whose turns start or end, round advance included", async () => {
    const combat = await setUpCombat(2);
    await combat.startCombat();
    await settle(combat);
    fake.turnEvents.length = 0;
    const started: string[] = [];
    while (state(combat).round === 1) {
      const teamId = phaseTeam(combat) ?? "";
      const next = membersOf(combat, teamId).find((c) => !state(combat).acted.includes(c.id ?? ""));
      await combat.activateCombatant(next?.id ?? "");
      await settle(combat);
      started.push(next?.id ?? "");
      const turn = combat.turns.findIndex((c) => c.id === next?.id);
      expect(fake.turnEvents.at(-1)).toMatchObject({
        event: "startTurn",
        combatantId: next?.id,
        turn,
        skipped: false,
      });
      await combat.endCombatantTurn(next?.id ?? "");
      await settle(combat);
    }
    expect(fake.turnEvents.filter((e) => e.skipped)).toEqual([]);
    const starts = fake.turnEvents.filter((e) => e.event === "startTurn").map((e) => e.combatantId);
    const ends = fake.turnEvents.filter((e) => e.event === "endTurn").map((e) => e.combatantId);
    expect(starts).toEqual(started);
    expect(ends).toEqual(started);
    // The last turn's end, then the round's end and the next round's start: nothing else.
    expect(fake.turnEvents.slice(-3).map((e) => [e.event, e.round])).toEqual([
      ["endTurn", 1],
      ["endRound", 1],
      ["startRound", 2],
    ]);
    // The GM's "next round" with nobody acting: the round events alone.
    fake.turnEvents.length = 0;
    await combat.nextRound();
    await settle(combat);
    expect(fake.turnEvents.map((e) => [e.event, e.round])).toEqual([
      ["endRound", 2],
      ["startRound", 3],
    ]);
  });
});

describe("the tracker and teams", () => {
  it("re-renders for the GM and a player when a team is renamed", async () => {
    const combat = await setUpCombat(1);
    const Tracker = (fake.CONFIG as unknown as { ui: { combat: new () => FakeTracker } }).ui.combat;
    const sidebar = new Tracker();
    (globalThis as unknown as { ui: { combat: unknown } }).ui.combat = sidebar;
    fake.connectClient(PLAYER.id, combat);
    const team = combat.groups.contents[0];
    await shell.editTeam(combat, team?.id ?? "", "Wolves", "#112233");
    expect(sidebar.renders).toEqual(expect.arrayContaining([GM.id, PLAYER.id]));
    await sidebar.rendering;
    const blocks = (sidebar.partContexts["tracker"]?.["fray"] as { blocks: { name: string }[] })
      .blocks;
    expect(blocks.map((b) => b.name)).toContain("Wolves");
  });
});

describe("the tracker and team membership", () => {
  it("re-renders for the GM and a player when a team is created and when a member moves", async () => {
    const combat = await setUpCombat(1);
    const Tracker = (fake.CONFIG as unknown as { ui: { combat: new () => FakeTracker } }).ui.combat;
    const sidebar = new Tracker();
    (globalThis as unknown as { ui: { combat: unknown } }).ui.combat = sidebar;
    fake.connectClient(PLAYER.id, combat);
    const { createTeam } = await import("../../src/foundry/combat/teams.ts");
    await createTeam(combat, "Wolves", "#112233");
    expect(sidebar.renders).toEqual(expect.arrayContaining([GM.id, PLAYER.id]));
    sidebar.renders.length = 0;
    const wolves = combat.groups.getName("Wolves");
    const mover = combat.combatants.contents[0];
    await shell.moveCombatant(combat, mover?.id ?? "", wolves?.id ?? "");
    expect(sidebar.renders).toEqual(expect.arrayContaining([GM.id, PLAYER.id]));
    await sidebar.rendering;
    const blocks = (
      sidebar.partContexts["tracker"]?.["fray"] as {
        blocks: { name: string; members: { id: string }[] }[];
      }
    ).blocks;
    expect(blocks.find((b) => b.name === "Wolves")?.members.map((m) => m.id)).toEqual([mover?.id]);
  });
});

describe("core's hooks and the world time", () => {
  it("fires combatStart once and combatRound once per round with the round's seconds", async () => {
    const combat = await setUpCombat(1);
    const time = fake.game.time.worldTime;
    await combat.startCombat();
    await settle(combat);
    await combat.nextRound();
    await settle(combat);
    await combat.nextRound();
    await settle(combat);
    const fired = (hook: string) =>
      fake.hooks.fired.filter((f) => f.hook === hook && f.args[0] === combat);
    expect(fired("combatStart").map((f) => f.args[1])).toEqual([{ round: 1, turn: null }]);
    expect(fired("combatRound").map((f) => f.args.slice(1))).toMatchObject([
      [
        { round: 2, turn: null },
        { direction: 1, worldTime: { delta: 6 } },
      ],
      [
        { round: 3, turn: null },
        { direction: 1, worldTime: { delta: 6 } },
      ],
    ]);
    expect(fake.game.time.worldTime - time).toBe(12);
    expect(fake.sounds).toContain("startEncounter");
  });

  it("takes the seconds per round from the world setting", async () => {
    await fake.game.settings.set("fray", "secondsPerRound", 10);
    const combat = await setUpCombat(1);
    await combat.startCombat();
    await settle(combat);
    const time = fake.game.time.worldTime;
    await combat.nextRound();
    await settle(combat);
    expect(fake.game.time.worldTime - time).toBe(10);
    await fake.game.settings.set("fray", "secondsPerRound", 6);
  });
});

describe("defeat from the token HUD", () => {
  it("treats a combatant with the DEFEATED status as defeated: its team's phase does not wait for it", async () => {
    const combat = await setUpCombat(2);
    await combat.startCombat();
    await settle(combat);
    const teamId = phaseTeam(combat) ?? "";
    const [down, standing] = membersOf(combat, teamId);
    await down?.actor?.createEmbeddedDocuments("ActiveEffect", [
      { name: "Dead", statuses: ["dead"] },
    ] as never);
    await settle(combat);
    expect(down?.defeated).toBe(false);
    await combat.activateCombatant(standing?.id ?? "");
    await combat.endCombatantTurn(standing?.id ?? "");
    await settle(combat);
    expect(phaseTeam(combat)).not.toBe(teamId);
  });
});

describe("core's initiative controls", () => {
  it("are refused, re-sorting nothing, and gone from the context menu", async () => {
    const combat = await setUpCombat(1);
    await combat.startCombat();
    await settle(combat);
    const writes = fake.db.calls.length;
    const turns = combat.turns.map((c) => c.id);
    await combat.rollAll();
    await combat.rollNPC();
    await combat.resetAll();
    await combat.rollInitiative([combat.combatants.contents[0]?.id ?? ""]);
    expect(fake.db.calls.length).toBe(writes);
    expect(combat.turns.map((c) => c.id)).toEqual(turns);
    expect(fake.notifications.map((n) => n.level)).toEqual(["warn", "warn", "warn", "warn"]);
    const Tracker = (fake.CONFIG as unknown as { ui: { combat: new () => FakeTracker } }).ui.combat;
    const names = (new Tracker()._getEntryContextOptions() as { name: string }[]).map(
      (o) => o.name,
    );
    expect(names).not.toContain("COMBAT.CombatantReroll");
    expect(names).not.toContain("COMBAT.CombatantClear");
    expect(names).toContain("FRAY.Combat.MoveToTeam");
  });
});
