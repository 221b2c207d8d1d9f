/**
 * Momentum changing hands in a running Worldlines fight (issue 27), driven through the GM's
 * tracker and the sheet: the GM's "Take momentum" (the dramatic shift) on a team, a player's press
 * of it refused, and a technique that steals the momentum. The team that takes it acts now: the
 * round is re-planned and the tracker shows it as the acting team.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { installTableFakes } from "../fake-foundry/table.ts";
import type * as StatusCard from "../../src/foundry/rulesets/worldlines/cards/status-card.ts";
import type * as State from "../../src/foundry/combat/state.ts";
import { clickSheet, combatOnTurn, gmCreatesActor } from "./worldlines.support.ts";
import { trackerDriver } from "./combat-flow.support.ts";
import { gameWrites } from "./referee.support.ts";
import { refusedByModel } from "./refused.support.ts";
import { queuedDice } from "./boot.support.ts";

let fake: FakeFoundry;
let status: typeof StatusCard;
let state: typeof State;
let whenIdle: () => Promise<void>;

const dice = queuedDice<[number, number]>(([sides, face]) => (face - 0.5) / sides);

beforeAll(async () => {
  fake = installFakeFoundry({ users: [GM, PLAYER], random: dice.random });
  installTableFakes(fake);
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  status = await import("../../src/foundry/rulesets/worldlines/cards/status-card.ts");
  state = await import("../../src/foundry/combat/state.ts");
  whenIdle = (await import("../../src/foundry/combat/actions.ts")).whenIdle;
});

beforeEach(() => {
  fake.setUser(GM.id);
  fake.notifications.length = 0;
  dice.set();
});

afterEach(async () => {
  const ids = fake.game.combats.contents.map((c) => c.id);
  const Combat = fake.CONFIG["Combat"]?.documentClass;
  if (Combat && ids.length > 0) await Combat.deleteDocuments(ids);
});

const SEIZE = {
  name: "Seize the Initiative",
  type: "technique",
  system: { use: "action", energyCost: 2, stealsMomentum: true },
};

function member(name: string, disposition: number, items: Record<string, unknown>[] = []) {
  const friendly = disposition === 1;
  return gmCreatesActor(fake, {
    name,
    type: friendly ? "character" : "npc",
    ownership: friendly ? { [PLAYER.id]: 3 } : {},
    prototypeToken: { disposition },
    system: { energy: { value: 6, max: 6 }, traits: { combat: 8 } },
    items,
  });
}

/**
 * The raiders (Rex first, then the rest of `raiders`) hold the momentum and Rex is mid-turn; the
 * crew (Kara, with Seize the Initiative, and the rest of `crew`) wait.
 */
async function raidersActing(crew = 1, raiders = 1) {
  const rex = await member("Rex", -1);
  const mob = await Promise.all(
    Array.from({ length: raiders - 1 }, (_, i) => member(`Raider ${String(i)}`, -1)),
  );
  const kara = await member("Kara", 1, [SEIZE]);
  const mates = await Promise.all(
    Array.from({ length: crew - 1 }, (_, i) => member(`Crew ${String(i)}`, 1)),
  );
  // combatOnTurn gives the actors listed first the highest momentum dice: the raiders hold it.
  const combat = await combatOnTurn(fake, [rex, ...mob, kara, ...mates], rex, (faces) => {
    dice.set(...faces);
  });
  const team = (name: string) => combat.groups.getName(name)?.id ?? "";
  return { kara, rex, combat, crew: team("Friendly"), raiders: team("Hostile") };
}

const phaseTeam = (combat: Combat.Implementation) => {
  const turn = state.turnStateOf(combat);
  const phase = turn.plan[turn.phaseIndex];
  return phase?.kind === "team" ? phase.teamId : null;
};
const idOf = (combat: Combat.Implementation, actor: Actor.Implementation) =>
  combat.combatants.contents.find((c) => c.actorId === actor.id)?.id ?? "";
const momentumOf = (combat: Combat.Implementation, teamId: string) =>
  (combat.groups.get(teamId)?.system as unknown as { order: number | null }).order;
const lastLines = () =>
  status.statusCardOf(fake.game.messages.contents.at(-1) as unknown as ChatMessage.Implementation)
    ?.lines ?? [];
const warnings = () => fake.notifications.map((n) => n.message);

/** The GM's (or a player's) tracker, and a press of a team's Take momentum button on it. */
async function pressTakeMomentum(userId: string, teamId: string) {
  fake.setUser(userId);
  const tracker = trackerDriver(fake);
  const shown = await tracker.render();
  const block = shown.blocks.find((b) => b.id === teamId);
  await tracker.press("frayTeamControl", { block, dataset: { control: "momentum" } });
  await whenIdle();
  fake.setUser(GM.id);
  return shown;
}

describe("the GM's dramatic shift on the tracker", () => {
  it("hands the waiting team the momentum: it acts now, Rex's turn ends, the rest follows", async () => {
    const { kara, rex, combat, crew, raiders } = await raidersActing(1, 2);
    const held = momentumOf(combat, raiders);
    const waited = momentumOf(combat, crew);
    expect(phaseTeam(combat)).toBe(raiders);
    const shown = await pressTakeMomentum(GM.id, crew);
    expect(shown.blocks.find((b) => b.id === crew)?.controls).toEqual([
      {
        id: "momentum",
        label: "FRAY.Worldlines.Tracker.TakeMomentum",
        hint: "FRAY.Worldlines.Tracker.TakeMomentumHint",
      },
    ]);
    expect(warnings()).toEqual([]);
    // The tracker now shows the crew as the acting team, with its momentum.
    const now = await trackerDriver(fake).render();
    const current = now.blocks.find((b) => b.current);
    expect(current?.id).toBe(crew);
    expect(now.phaseName).toBe("Friendly");
    expect([momentumOf(combat, crew), momentumOf(combat, raiders)]).toEqual([held, waited]);
    expect(now.blocks.map((b) => b.id).slice(0, 2)).toEqual([crew, raiders]);
    // Rex's turn ended where it stood; the other raider has not acted.
    const turn = state.turnStateOf(combat);
    expect(turn.active).toBeNull();
    expect(turn.acted).toEqual([idOf(combat, rex)]);
    expect(turn.round).toBe(1);
    expect(lastLines()).toEqual([
      "A dramatic shift (the GM's call).",
      "Friendly takes the momentum from Hostile: Friendly acts now and first each round, Hostile where Friendly did.",
    ]);
    // Kara plays the crew's phase; then the raider who had not acted plays the raiders'.
    const c = combat as Combat.Implementation & { endCombatantTurn(id: string): Promise<unknown> };
    await c.endCombatantTurn(idOf(combat, kara));
    await whenIdle();
    expect(phaseTeam(combat)).toBe(raiders);
    const left = (await trackerDriver(fake).render()).blocks
      .find((b) => b.id === raiders)
      ?.members.filter((m) => !m.acted)
      .map((m) => m.name);
    expect(left).toEqual(["Raider 0"]);
    // Round 2 opens with the crew.
    await (combat as unknown as { endPhase(): Promise<unknown> }).endPhase();
    await whenIdle();
    expect(state.turnStateOf(combat).round).toBe(2);
    expect(phaseTeam(combat)).toBe(crew);
  });

  it("writes as many documents for four members a team as for one", async () => {
    const count = async (perTeam: number) => {
      // The tracker shows the one combat of the world.
      const Combat = fake.CONFIG["Combat"]?.documentClass;
      await Combat?.deleteDocuments(fake.game.combats.contents.map((c) => c.id));
      const { crew } = await raidersActing(perTeam, perTeam);
      const mark = fake.db.calls.length;
      await pressTakeMomentum(GM.id, crew);
      return gameWrites(fake, mark).map((c) => `${c.operation} ${c.documentName}`);
    };
    const one = await count(1);
    expect(one.length).toBeGreaterThan(0);
    expect(await count(4)).toEqual(one);
  });

  it("is refused for the team that already holds it, writing nothing", async () => {
    const { combat, raiders } = await raidersActing();
    const before = structuredClone(state.turnStateOf(combat));
    const mark = fake.db.calls.length;
    await pressTakeMomentum(GM.id, raiders);
    expect(warnings()).toEqual(["That team already holds the momentum."]);
    expect(gameWrites(fake, mark)).toEqual([]);
    expect(state.turnStateOf(combat)).toEqual(before);
  });

  it("is not shown to a player, and a player's press is refused by the referee", async () => {
    const { combat, crew, raiders } = await raidersActing();
    const before = structuredClone(state.turnStateOf(combat));
    const momenta = [momentumOf(combat, crew), momentumOf(combat, raiders)];
    const mark = fake.db.calls.length;
    const shown = await pressTakeMomentum(PLAYER.id, crew);
    expect(shown.blocks.flatMap((b) => b.controls)).toEqual([]);
    expect(warnings()).toEqual(["Only a GM can shift the momentum."]);
    expect(gameWrites(fake, mark)).toEqual([]);
    expect(state.turnStateOf(combat)).toEqual(before);
    expect([momentumOf(combat, crew), momentumOf(combat, raiders)]).toEqual(momenta);
  });
});

/** The player presses Use on Kara's technique on her sheet. */
async function useSeize(kara: Actor.Implementation) {
  const itemId = kara.items.contents.find((i) => i.name === SEIZE.name)?.id ?? "";
  await clickSheet(fake, PLAYER.id, kara, "useTechnique", { itemId });
  await whenIdle();
}

const energyOf = (actor: Actor.Implementation) =>
  (actor.system as unknown as { energy: { value: number } }).energy.value;

describe("a technique that steals the momentum", () => {
  it("used by Kara in the raiders' phase, hands the crew the momentum: they act now", async () => {
    const { kara, combat, crew } = await raidersActing();
    await useSeize(kara);
    expect(warnings()).toEqual([]);
    expect(energyOf(kara)).toBe(4);
    expect(phaseTeam(combat)).toBe(crew);
    const messages = fake.game.messages.contents.slice(
      -2,
    ) as unknown as ChatMessage.Implementation[];
    expect(messages.map((m) => status.statusCardOf(m)?.lines[0])).toEqual([
      "Kara uses Seize the Initiative",
      "2 Energy spent.",
    ]);
    expect(status.statusCardOf(messages[0] as ChatMessage.Implementation)?.lines[1]).toBe(
      "Friendly takes the momentum from Hostile: Friendly acts now and first each round, Hostile where Friendly did.",
    );
  });

  it("is refused once the crew holds the momentum, and outside a fight; no Energy is spent", async () => {
    const { kara } = await raidersActing();
    await useSeize(kara);
    fake.notifications.length = 0;
    await useSeize(kara);
    expect(warnings()).toEqual(["That team already holds the momentum."]);
    expect(energyOf(kara)).toBe(4);
    const loner = await member("Lone", 1, [SEIZE]);
    fake.notifications.length = 0;
    await useSeize(loner);
    expect(warnings()).toEqual([
      "Lone fights in no running combat: there is no momentum to steal.",
    ]);
    expect(energyOf(loner)).toBe(6);
  });
});

describe("the technique's 'steals the momentum' field", () => {
  it("is refused on a technique used with an attack, and the stored value stays", async () => {
    const kara = await member("Kara", 1, [
      { name: "Feint", type: "technique", system: { use: "attack", energyCost: 1 } },
    ]);
    const feint = kara.items.contents.find((i) => i.name === "Feint");
    if (feint === undefined) throw new Error("no Feint");
    expect(
      await refusedByModel(fake, () =>
        fake.as(GM.id, () => feint.update({ "system.stealsMomentum": true } as never)),
      ),
    ).toContain("Only a technique used on its own can steal the momentum.");
    expect((feint.system as unknown as { stealsMomentum: boolean }).stealsMomentum).toBe(false);
  });
});
