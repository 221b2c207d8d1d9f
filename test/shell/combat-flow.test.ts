/**
 * The fight's flow (issue 27), driven through the tracker's buttons in a Worldlines world: the GM's
 * "End phase" pressed just after the last member ended their turn does not skip the next team.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { phaseTeamOf, setUpTeamCombat } from "./team-combat.support.ts";
import type { TestCombat } from "./team-combat.support.ts";
import { trackerDriver } from "./combat-flow.support.ts";
import type { TurnState } from "../../src/rules/combat/types.ts";
import { gameWrites } from "./referee.support.ts";

let fake: FakeFoundry;
let shell: {
  whenIdle: () => Promise<void>;
  turnStateOf: (combat: Combat.Implementation) => TurnState;
};

beforeAll(async () => {
  fake = installFakeFoundry({ users: [GM, PLAYER] });
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

afterEach(async () => {
  const combats = fake.game.combats.contents.map((c) => c.id);
  const cls = fake.CONFIG["Combat"]?.documentClass;
  if (cls && combats.length > 0) await cls.deleteDocuments(combats);
  (globalThis as unknown as { ui: { combat?: unknown } }).ui.combat = undefined;
});

const state = (combat: TestCombat) => shell.turnStateOf(combat);
const phaseTeam = (combat: TestCombat) => phaseTeamOf(state(combat));

describe("End phase after the last member ended their turn", () => {
  it("is refused: the next team keeps its phase, nothing is written", async () => {
    const combat = await setUpTeamCombat(fake, 2, shell.whenIdle);
    await combat.startCombat();
    await shell.whenIdle();
    const tracker = trackerDriver(fake);
    // The GM's tracker shows the first team's phase with its End phase button.
    const before = await tracker.render();
    const first = before.blocks.find((block) => block.current);
    if (first === undefined || !first.canEndPhase) throw new Error("no End phase button");
    // Every member of that team ends their turn: the phase passes to the next team.
    for (const member of first.members)
      await tracker.press("frayEndTurn", { block: first, member });
    await shell.whenIdle();
    const next = phaseTeam(combat);
    expect(next).not.toBe(first.id);
    const writes = fake.db.calls.length;
    const turn = structuredClone(state(combat));
    // The GM presses the End phase button they were looking at.
    await tracker.press("frayEndPhase", { block: first, dataset: { phase: first.phaseRef } });
    await shell.whenIdle();
    expect(phaseTeam(combat)).toBe(next);
    expect(state(combat)).toEqual(turn);
    expect(gameWrites(fake, writes)).toEqual([]);
    expect(fake.notifications.map((n) => [n.level, n.message])).toEqual([
      ["warn", "That phase is already over; the tracker has moved on. Nothing was skipped."],
    ]);
    // On the tracker as it stands now, End phase ends the next team's phase as asked.
    const now = await tracker.render();
    const current = now.blocks.find((block) => block.current);
    expect(current?.id).toBe(next);
    await tracker.press("frayEndPhase", {
      block: current,
      dataset: { phase: current?.phaseRef ?? "" },
    });
    await shell.whenIdle();
    expect(phaseTeam(combat)).not.toBe(next);
  });
});
