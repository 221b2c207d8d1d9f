/**
 * Dragging a token in WWN (issue 24): Kara's player drags her token through the fake's canvas in
 * a started combat; a path costs feet of her Move action (the ledger's round), a longer one the
 * Main Action as a second Move, and one beyond both is refused with the reason; prone she may
 * only crawl, at half the feet; a console move that skipped `preMoveToken` is put back by the GM.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { GM, PLAYER, installFakeFoundry } from "../fake-foundry/index.ts";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { installMovementFakes } from "../fake-foundry/movement.ts";
import { installTableFakes } from "../fake-foundry/table.ts";
import type { FakeTokenDocument, MovementFakes } from "../fake-foundry/movement.ts";

let fake: FakeFoundry;
let moves: MovementFakes;
let whenIdle: () => Promise<void>;
let refereeIdle: () => Promise<void>;

beforeAll(async () => {
  fake = installFakeFoundry({
    settings: { "fray.ruleset": "wwn" },
    random: () => 0.999,
  });
  installTableFakes(fake);
  moves = installMovementFakes(fake, { size: 100, distance: 5, units: "ft" });
  await import("../../src/fray.ts");
  await fake.hooks.callAsync("init");
  whenIdle = (await import("../../src/foundry/combat/actions.ts")).whenIdle;
  refereeIdle = (await import("../../src/foundry/shared/referee.ts")).refereeIdle;
});

const docClass = (name: string) => {
  const cls = fake.CONFIG[name]?.documentClass;
  if (!cls) throw new Error(`no ${name} class`);
  return cls;
};

type FrayCombat = Combat.Implementation & { activateCombatant(id: string): Promise<unknown> };

async function setting(system: Record<string, unknown> = {}) {
  fake.setUser(GM.id);
  const [kara, bandit] = (await docClass("Actor").createDocuments([
    {
      name: "Kara",
      type: "character",
      ownership: { [PLAYER.id]: 3 },
      system: { health: { value: 10, max: 10 }, ...system },
    },
    { name: "Bandit", type: "npc", system: { health: { value: 10, max: 10 } } },
  ])) as unknown as Actor.Implementation[];
  if (kara === undefined || bandit === undefined) throw new Error("no actors");
  const scene = moves.scene("Road");
  const token = moves.place(scene, kara, { col: 0, row: 0 });
  moves.place(scene, bandit, { col: 9, row: 9 });
  const combat = (await docClass("Combat").create({})) as unknown as FrayCombat;
  await combat.createEmbeddedDocuments(
    "Combatant",
    [kara, bandit].map((a) => ({ actorId: a.id })),
  );
  await whenIdle();
  await combat.startCombat();
  await whenIdle();
  const karaId = combat.combatants.contents.find((c) => c.actorId === kara.id)?.id ?? "";
  const { turnStateOf } = await import("../../src/foundry/combat/state.ts");
  if (turnStateOf(combat).active !== karaId) {
    await combat.activateCombatant(karaId);
    await whenIdle();
  }
  const budget = await import("../../src/foundry/rulesets/wwn/budget.ts");
  const round = () => budget.budgetOf(combat, karaId);
  return { kara, token, round };
}

async function drag(token: FakeTokenDocument, col: number, action?: string) {
  const moved = await fake.as(PLAYER.id, () =>
    token.move([{ ...moves.at(col, 0), ...(action === undefined ? {} : { action }) }]),
  );
  await refereeIdle();
  return moved;
}

describe("dragging a token in WWN", () => {
  it("spends feet of the Move, then the Main as a second Move; beyond that it is refused", async () => {
    const { token, round } = await setting();
    expect(await drag(token, 4)).toBe(true);
    expect(round()).toMatchObject({ movesUsed: 1, moveFeet: 20, moveLimit: 30, mainUsed: false });
    expect(await drag(token, 10)).toBe(true);
    expect(round()).toMatchObject({ movesUsed: 2, mainAsMove: true, mainUsed: true });
    fake.notifications.length = 0;
    expect(await drag(token, 18)).toBe(false);
    expect(token.x).toBe(1000);
    expect(fake.notifications.at(-1)?.message).toContain("This move is not allowed");
  });

  it("a prone fighter cannot walk; crawling goes at half the feet", async () => {
    const { token, round } = await setting({ prone: true });
    const actions = (
      fake.CONFIG["Token"] as unknown as {
        movement: { actions: Record<string, { canSelect: (t: unknown) => boolean }> };
      }
    ).movement.actions;
    expect(actions["walk"]?.canSelect(token)).toBe(false);
    expect(actions["crawl"]?.canSelect(token)).toBe(true);
    expect(await drag(token, 3, "crawl")).toBe(true);
    expect(round()).toMatchObject({ moveFeet: 15, moveLimit: 15 });
  });

  it("difficult ground from a Region halves the Move, by Fray's flag or core's movement cost", async () => {
    const { makeRegion } = await import("../fake-foundry/walls.ts");
    const flagged = await setting();
    const patch = { type: "rectangle" as const, x: 100, y: 0, width: 300, height: 100 };
    moves.addRegion(
      flagged.token.parent,
      makeRegion("Mud", [patch], { flags: { fray: { difficult: true } } }),
    );
    expect(await drag(flagged.token, 3)).toBe(true);
    expect(flagged.round()).toMatchObject({ movesUsed: 1, moveFeet: 15, moveLimit: 15 });
    const costly = await setting();
    const region = makeRegion("Scree", [patch]);
    region.behaviors.set("b1", {
      type: "modifyMovementCost",
      disabled: false,
      system: { difficulties: { walk: 2 } },
    });
    moves.addRegion(costly.token.parent, region);
    expect(await drag(costly.token, 4)).toBe(true);
    expect(costly.round()).toMatchObject({ movesUsed: 2, mainAsMove: true });
    // Ground beside the patch is plain.
    const plain = await setting();
    moves.addRegion(
      plain.token.parent,
      makeRegion("Far mud", [{ ...patch, y: 500 }], { flags: { fray: { difficult: true } } }),
    );
    expect(await drag(plain.token, 3)).toBe(true);
    expect(plain.round()).toMatchObject({ moveFeet: 15, moveLimit: 30 });
  });

  it("the GM puts back a console's move too long for the round, with a note", async () => {
    const { token, round } = await setting();
    const before = fake.game.messages.contents.length;
    await moves.consoleMove(PLAYER.id, token, [moves.at(15, 0)], 5);
    await refereeIdle();
    expect([token.x, token.y]).toEqual([0, 0]);
    expect(round()).toMatchObject({ movesUsed: 0, mainUsed: false });
    const note = fake.game.messages.contents.slice(before).at(-1) as unknown as { content: string };
    expect(note.content).toMatch(/Kara.*put back/);
  });
});

describe("a move straight up or down in WWN", () => {
  it("is a climb at half rate: 10 ft up uses 10 of a 15 ft Move; too high is refused", async () => {
    const { token, round } = await setting();
    const rise = async (elevation: number) => {
      const moved = await fake.as(PLAYER.id, () =>
        token.move([{ x: token.x, y: token.y, elevation }]),
      );
      await refereeIdle();
      return moved;
    };
    expect(await rise(10)).toBe(true);
    expect(round()).toMatchObject({ movesUsed: 1, moveFeet: 10, moveLimit: 15 });
    fake.notifications.length = 0;
    expect(await rise(60)).toBe(false);
    expect(token.elevation).toBe(10);
    expect(fake.notifications.at(-1)?.message).toContain("This move is not allowed");
  });
});
