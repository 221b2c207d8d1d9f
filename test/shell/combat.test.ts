import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { documentClass, phaseTeamOf, setUpTeamCombat } from "./team-combat.support.ts";
import type { TestCombat } from "./team-combat.support.ts";
import type { FakeUser } from "../fake-foundry/world.ts";
import type { TurnState } from "../../src/rules/combat/types.ts";
import { gameWrites } from "./referee.support.ts";

/** A second player, who owns nobody in these fights. */
const OTHER: FakeUser = { id: "pl0000000000000c", name: "Other", isGM: false, active: true };

let fake: FakeFoundry;
let shell: {
  whenIdle: () => Promise<void>;
  turnStateOf: (combat: Combat.Implementation) => TurnState;
};

beforeAll(async () => {
  fake = installFakeFoundry({ users: [GM, PLAYER, OTHER] });
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  const actions = await import("../../src/foundry/combat/actions.ts");
  const state = await import("../../src/foundry/combat/state.ts");
  shell = { whenIdle: actions.whenIdle, turnStateOf: state.turnStateOf };
});

beforeEach(async () => {
  fake.setUser(GM.id);
  await fake.game.settings.set("fray", "ruleset", "worldlines");
  fake.notifications.length = 0;
});

type FrayCombat = TestCombat;

const docClass = (name: string) => documentClass(fake, name);
const setUpCombat = (perTeam: number) => setUpTeamCombat(fake, perTeam, shell.whenIdle);

const state = (combat: FrayCombat) => shell.turnStateOf(combat);
const phaseTeam = (combat: FrayCombat) => phaseTeamOf(state(combat));
const membersOf = (combat: FrayCombat, teamId: string) =>
  combat.combatants.contents.filter((c) => (c as unknown as { group: string }).group === teamId);
const energyOf = (combatant: Combatant.Implementation) =>
  (combatant.actor?.system as unknown as { energy: { value: number; max: number } }).energy;

async function spendAllEnergy(combat: FrayCombat) {
  const updates = combat.combatants.contents.map((c) => ({
    _id: c.actor?.id ?? "",
    "system.energy.value": 1,
  }));
  await docClass("Actor").updateDocuments(updates);
}

describe("teams", () => {
  it("puts combatants into a team per token disposition, named and coloured", async () => {
    const combat = await setUpCombat(2);
    const teams = combat.groups.contents;
    expect(teams.map((t) => t.name).sort()).toEqual(["Friendly", "Hostile", "Neutral"]);
    for (const team of teams) {
      expect(membersOf(combat, team.id ?? "")).toHaveLength(2);
      expect((team.system as unknown as { color: string }).color).toMatch(/^#[0-9a-f]{6}$/);
    }
  });
});

describe("a three-team Worldlines combat", () => {
  it("runs two full rounds: every team's phase, everybody once, Energy refreshed each round", async () => {
    const combat = await setUpCombat(2);
    await combat.startCombat();
    expect(state(combat).round).toBe(1);
    const order: string[] = [];
    for (let round = 1; round <= 2; round += 1) {
      await spendAllEnergy(combat);
      const acted = new Set<string>();
      for (let phase = 0; phase < 3; phase += 1) {
        const teamId = phaseTeam(combat);
        if (teamId === null) throw new Error("no team in phase");
        order.push(teamId);
        for (const member of membersOf(combat, teamId)) {
          await combat.activateCombatant(member.id ?? "");
          expect(state(combat).active).toBe(member.id);
          await combat.endCombatantTurn(member.id ?? "");
          acted.add(member.id ?? "");
        }
      }
      expect(acted.size).toBe(6);
      expect(state(combat).round).toBe(round + 1);
      expect(state(combat).acted).toEqual([]);
      for (const c of combat.combatants.contents) expect(energyOf(c).value).toBe(energyOf(c).max);
    }
    // The momentum order is kept: the same three teams, in the same order, both rounds.
    expect(new Set(order.slice(0, 3)).size).toBe(3);
    expect(order.slice(3)).toEqual(order.slice(0, 3));
    expect(fake.notifications).toEqual([]);
  });

  it("lets the player take their own combatant's turn through the active GM", async () => {
    const combat = await setUpCombat(1);
    await combat.startCombat();
    while (phaseTeam(combat) !== combat.groups.getName("Friendly")?.id) await combat.endPhase();
    const mine = membersOf(combat, phaseTeam(combat) ?? "")[0];
    fake.setUser(PLAYER.id);
    const sent = fake.queries.length;
    await combat.activateCombatant(mine?.id ?? "");
    expect(state(combat).active).toBe(mine?.id);
    await combat.endCombatantTurn(mine?.id ?? "");
    expect(state(combat).acted).toContain(mine?.id);
    expect(fake.queries.slice(sent).map((q) => [q.from, q.to, q.name])).toEqual([
      [PLAYER.id, GM.id, "fray.referee"],
      [PLAYER.id, GM.id, "fray.referee"],
    ]);
    expect(fake.notifications).toEqual([]);
  });

  it("refuses a player who does not own the combatant, with a warning, writing nothing", async () => {
    const combat = await setUpCombat(1);
    await combat.startCombat();
    const teamId = phaseTeam(combat) ?? "";
    const target = membersOf(combat, teamId)[0]?.id ?? "";
    const before = structuredClone(state(combat));
    const writes = fake.db.calls.length;
    fake.setUser(OTHER.id);
    await combat.activateCombatant(target);
    await combat.endCombatantTurn(target);
    await combat.endPhase();
    expect(state(combat)).toEqual(before);
    expect(gameWrites(fake, writes)).toEqual([]);
    expect(fake.notifications.map((n) => [n.level, n.message])).toEqual([
      ["warn", "You can only act for a combatant you own."],
      ["warn", "You can only act for a combatant you own."],
      ["warn", "Only the GM can do that."],
    ]);
  });

  it("undoes a turn with previous turn, acted mark included", async () => {
    const combat = await setUpCombat(2);
    await combat.startCombat();
    const first = membersOf(combat, phaseTeam(combat) ?? "")[0]?.id ?? "";
    await combat.activateCombatant(first);
    await combat.endCombatantTurn(first);
    expect(state(combat).acted).toEqual([first]);
    await combat.previousTurn();
    expect(state(combat).acted).toEqual([]);
    expect(state(combat).active).toBe(first);
    await combat.previousTurn();
    expect(state(combat).active).toBeNull();
  });

  it("takes a newcomer into its team without rerolling, and survives losing the acting one", async () => {
    const combat = await setUpCombat(2);
    await combat.startCombat();
    const values = () =>
      combat.groups.contents.map((t) => (t.system as unknown as { order: number }).order);
    const before = values();
    const teamId = phaseTeam(combat) ?? "";
    const [acting] = membersOf(combat, teamId);
    await combat.activateCombatant(acting?.id ?? "");
    const [late] = await docClass("Actor").createDocuments([
      { name: "Late", type: "npc", prototypeToken: { disposition: -1 } },
    ]);
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: late?.id }]);
    await shell.whenIdle();
    const newcomer = combat.combatants.find((c) => c.name === "Late");
    expect((newcomer as unknown as { group: string }).group).toBe(
      combat.groups.getName("Hostile")?.id,
    );
    expect(values()).toEqual(before);
    await combat.deleteEmbeddedDocuments("Combatant", [acting?.id ?? ""]);
    await shell.whenIdle();
    expect(state(combat).active).toBeNull();
    expect(phaseTeam(combat)).toBe(teamId);
    const rest = membersOf(combat, teamId)[0]?.id ?? "";
    await combat.activateCombatant(rest);
    await combat.endCombatantTurn(rest);
    expect(phaseTeam(combat)).not.toBe(teamId);
  });
});

describe("a dice-pool combat (individual initiative)", () => {
  it("gives each combatant its own turn in initiative order, marking who has gone", async () => {
    await fake.game.settings.set("fray", "ruleset", "dicepool");
    const combat = await setUpCombat(1);
    await combat.startCombat();
    const initiative = (id: string) => combat.combatants.get(id)?.initiative ?? 0;
    const seen: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const active = state(combat).active ?? "";
      seen.push(active);
      await combat.nextTurn();
    }
    expect(new Set(seen).size).toBe(3);
    const values = seen.map(initiative);
    expect([...values].sort((a, b) => b - a)).toEqual(values);
    expect(state(combat).round).toBe(2);
  });
});

describe("the cost of a round advance", () => {
  it("is the same number of database calls for 5, 50 and 500 combatants", async () => {
    const counts: Record<number, number> = {};
    for (const size of [5, 50, 500]) {
      const perTeam = Math.ceil(size / 3);
      const combat = await setUpCombat(perTeam);
      const extra = combat.combatants.contents.slice(size).map((c) => c.id ?? "");
      if (extra.length > 0) await combat.deleteEmbeddedDocuments("Combatant", extra);
      expect(combat.combatants.size).toBe(size);
      await combat.startCombat();
      await spendAllEnergy(combat);
      await shell.whenIdle();
      fake.db.clear();
      await combat.nextRound();
      await shell.whenIdle();
      counts[size] = fake.db.calls.length;
      expect(state(combat).round).toBe(2);
      for (const c of combat.combatants.contents) expect(energyOf(c).value).toBe(energyOf(c).max);
      const actorWrites = fake.db.calls.filter((call) => call.documentName === "Actor");
      expect(actorWrites.map((call) => call.count)).toEqual([size]);
    }
    console.info(`database calls for one round advance: ${JSON.stringify(counts)}`);
    expect(counts[5]).toBe(2);
    expect(counts[50]).toBe(counts[5]);
    expect(counts[500]).toBe(counts[5]);
  });
});
