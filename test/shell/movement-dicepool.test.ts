/**
 * Dragging a token in the dice-pool game (issue 24): the player drags Ana's token through the
 * fake's canvas; a move costs a Simple action of the turn (the ledger), the second a sprint's
 * Energy too; a move the rules refuse does not start and says why; a console move that skipped
 * `preMoveToken` is put back by the GM with a chat note and costs nothing.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { GM, PLAYER } from "../fake-foundry/index.ts";
import { installMovementFakes } from "../fake-foundry/movement.ts";
import type { FakeTokenDocument, MovementFakes } from "../fake-foundry/movement.ts";
import { useDicepoolTable } from "./dicepool.support.ts";

const t = useDicepoolTable();
let moves: MovementFakes;

beforeAll(() => {
  moves = installMovementFakes(t.fake, { size: 100, distance: 5, units: "ft" });
});

async function setting() {
  const { ana, brute } = await t.fighters();
  await t.gmSets(ana, { "system.energy.value": 3, "system.speed": 2 });
  const scene = moves.scene("Warehouse");
  const token = moves.place(scene, ana, { col: 0, row: 0 });
  moves.place(scene, brute, { col: 6, row: 6 });
  const combat = await t.fight(ana, brute);
  return { ana, brute, token, combat };
}

async function drag(token: FakeTokenDocument, col: number, row: number): Promise<boolean> {
  const moved = await t.fake.as(PLAYER.id, () => token.move([moves.at(col, row)]));
  await t.referee.refereeIdle();
  return moved;
}

async function turnOf(actor: Actor.Implementation) {
  const budget = await import("../../src/foundry/rulesets/dicepool/budget.ts");
  return budget.turnActionsOf(actor);
}

describe("dragging a token in the dice-pool game", () => {
  it("pays a Simple action per move at speed, then a sprint's Energy; a third is refused", async () => {
    const { ana, token } = await setting();
    expect(await drag(token, 2, 0)).toBe(true);
    expect(await turnOf(ana)).toMatchObject({ simpleUsed: 1, moves: 1 });
    expect(t.sys(ana).energy.value).toBe(3);

    expect(await drag(token, 3, 1)).toBe(true);
    expect(await turnOf(ana)).toMatchObject({ simpleUsed: 2, moves: 2 });
    expect(t.sys(ana).energy.value).toBe(2);

    t.fake.notifications.length = 0;
    expect(await drag(token, 4, 1)).toBe(false);
    expect([token.x, token.y]).toEqual([300, 100]);
    expect(t.fake.notifications.at(-1)?.message).toMatch(/not allowed/i);
    expect(await turnOf(ana)).toMatchObject({ simpleUsed: 2, moves: 2 });
  });

  it("refuses a path longer than two moves with the reason, and a move out of turn", async () => {
    const { token, combat } = await setting();
    t.fake.notifications.length = 0;
    expect(await drag(token, 5, 0)).toBe(false);
    expect(t.fake.notifications.at(-1)?.message).toContain("This move is not allowed");
    expect(token.x).toBe(0);
    await t.endTurn(combat);
    expect(await drag(token, 1, 0)).toBe(false);
  });

  it("the GM puts back a console's move that skipped preMoveToken, with a note; nothing is paid", async () => {
    const { ana, token } = await setting();
    const notes = t.fake.game.messages.contents.length;
    await moves.consoleMove(PLAYER.id, token, [moves.at(5, 0)], 0);
    await t.referee.refereeIdle();
    expect([token.x, token.y]).toEqual([0, 0]);
    expect(await turnOf(ana)).toMatchObject({ simpleUsed: 0, moves: 0 });
    const note = t.fake.game.messages.contents.slice(notes).at(-1) as unknown as {
      content: string;
      author: string;
    };
    expect(note.content).toContain("Ana");
    expect(note.content).toMatch(/put back/);
    expect((note.author as unknown as { id: string }).id).toBe(GM.id);
  });

  it("a legal console move is paid once, at the GM's own measure, not the forged cost", async () => {
    const { ana, token } = await setting();
    await moves.consoleMove(PLAYER.id, token, [moves.at(2, 0)], 0);
    await t.referee.refereeIdle();
    expect(token.x).toBe(200);
    expect(await turnOf(ana)).toMatchObject({ simpleUsed: 1, moves: 1 });
  });
});

describe("the dice-pool token ruler", () => {
  it("labels each planned waypoint with its cost and what is left, coloured by budget", async () => {
    const { token } = await setting();
    const Ruler = (
      t.fake.CONFIG["Token"] as unknown as {
        rulerClass: new (token: unknown) => {
          labels(
            w: object[],
          ): { context: { fray?: { text: string; band: string } }; style: { color: number } }[];
        };
      }
    ).rulerClass;
    const ruler = new Ruler({ document: token });
    const at = (distance: number, stage = "planned") => ({
      stage,
      action: "walk",
      measurement: { distance },
    });
    const [start, one, sprint, far] = ruler.labels([at(0, "passed"), at(10), at(15), at(25)]);
    expect(start?.context.fray?.text).toBeUndefined();
    expect(one?.context.fray).toMatchObject({
      band: "within",
      text: "2 spaces · 0 of 2 left · Move 1 of 2",
    });
    expect(one?.style.color).toBe(0x33bc4e);
    expect(sprint?.context.fray).toMatchObject({
      band: "next",
      text: "3 spaces · 1 of 4 left · Move 2 of 2 · +1 Energy",
    });
    expect(sprint?.style.color).toBe(0xf1d836);
    expect(far?.context.fray?.band).toBe("impossible");
    expect(far?.style.color).toBe(0xe72124);
  });
});

describe("a move straight up or down in the dice-pool game", () => {
  it("is a climb: a Simple action at speed − 1, 1 Energy to go up, no climbing Energy down", async () => {
    const { ana, token } = await setting();
    const rise = async (elevation: number) => {
      const moved = await t.fake.as(PLAYER.id, () =>
        token.move([{ x: token.x, y: token.y, elevation }]),
      );
      await t.referee.refereeIdle();
      return moved;
    };
    // Speed 2 climbs 1 space a Simple action: 2 spaces up is too far for one.
    t.fake.notifications.length = 0;
    expect(await rise(5)).toBe(true);
    expect(await turnOf(ana)).toMatchObject({ simpleUsed: 1, moves: 1 });
    expect(t.sys(ana).energy.value).toBe(2);
    // Climbing holds her up: she does not fall.
    expect(t.falling(ana)).toBeNull();
    expect(await rise(0)).toBe(true);
    expect(await turnOf(ana)).toMatchObject({ simpleUsed: 2, moves: 2 });
    // Coming down costs no climbing Energy: only the second move's sprint (1).
    expect(t.sys(ana).energy.value).toBe(1);
    expect(await rise(5)).toBe(false);
    expect(token.elevation).toBe(0);
    expect(t.fake.notifications.at(-1)?.message).toMatch(/not allowed/i);
  });
});
