/**
 * The fake's movement (test/fake-foundry/movement.ts) does what core v13 does for the shell:
 * a square grid measures paths space by space with a cost function, tokens move by `move()` or
 * `update({x, y})`, `preMoveToken` runs on the mover's client only and may cancel, `moveToken`
 * runs on every connected client with the mover, history is recorded only in combat and the
 * last recorded move can be reverted.
 */
import { describe, expect, it } from "vitest";
import { GM, PLAYER, PLAYER2, installFakeFoundry } from "../fake-foundry/index.ts";
import { installMovementFakes } from "../fake-foundry/movement.ts";

async function world() {
  const fake = installFakeFoundry({ users: [GM, PLAYER, PLAYER2] });
  const moves = installMovementFakes(fake, { size: 100, distance: 5, units: "ft" });
  const Actor = fake.CONFIG["Actor"]?.documentClass;
  const [ana] = (await Actor?.createDocuments([
    { name: "Ana", type: "base", ownership: { [PLAYER.id]: 3 } },
  ])) as unknown as { id: string }[];
  if (ana === undefined) throw new Error("no actor");
  const scene = moves.scene("Road");
  const token = moves.place(scene, ana, { col: 0, row: 0 });
  return { fake, moves, token, ana };
}

describe("the fake's grid and moving tokens", () => {
  it("measures space by space, a diagonal step one space, and prices each step", async () => {
    const { moves } = await world();
    const grid = moves.canvas.grid;
    expect(grid.measurePath([moves.at(0, 0), moves.at(3, 1)])).toEqual({
      distance: 15,
      cost: 15,
      spaces: 3,
      diagonals: 1,
    });
    expect(grid.measurePath([moves.at(0, 0), moves.at(2, 0)], { cost: () => 7 }).cost).toBe(14);
    expect(grid.getOffset({ x: 250, y: 120 })).toEqual({ i: 1, j: 2 });
    expect(grid.testAdjacency({ i: 0, j: 0 }, { i: 1, j: 1 })).toBe(true);
  });

  it("keeps a token's rotation (0 unless set); turning it is an update, not a move", async () => {
    const { fake, token } = await world();
    expect(token.rotation).toBe(0);
    const moves: unknown[] = [];
    fake.hooks.on("moveToken", (doc) => moves.push(doc));
    await fake.as(PLAYER.id, () => token.update({ rotation: 135 }));
    expect(token.rotation).toBe(135);
    expect([token.x, token.y]).toEqual([0, 0]);
    expect(moves).toEqual([]);
  });

  it("runs preMoveToken on the mover's client only; false cancels and nothing moves", async () => {
    const { fake, moves, token } = await world();
    const seen: string[] = [];
    fake.hooks.on("preMoveToken", () => {
      seen.push(fake.game.user.id);
      return false;
    });
    const moved = await fake.as(PLAYER.id, () => token.move([moves.at(2, 0)]));
    expect(moved).toBe(false);
    expect(seen).toEqual([PLAYER.id]);
    expect([token.x, token.y]).toEqual([0, 0]);
  });

  it("runs moveToken on every connected client with the mover; update({x, y}) is a move", async () => {
    const { fake, token } = await world();
    const seen: string[] = [];
    fake.hooks.on("moveToken", (_doc, movement, _operation, user) => {
      const m = movement as { passed: { spaces: number }; method: string };
      seen.push(`${fake.game.user.id}:${(user as { id: string }).id}:${String(m.passed.spaces)}`);
    });
    fake.setActive(PLAYER2.id, false);
    await fake.as(PLAYER.id, () => token.update({ x: 200, y: 100 }));
    expect([token.x, token.y]).toEqual([200, 100]);
    expect(seen).toEqual([`${GM.id}:${PLAYER.id}:2`, `${PLAYER.id}:${PLAYER.id}:2`]);
  });

  it("refuses a user who does not own the token, and records history only in combat", async () => {
    const { fake, moves, token } = await world();
    expect(await fake.as(PLAYER2.id, () => token.move([moves.at(1, 0)]))).toBe(false);
    await fake.as(PLAYER.id, () => token.move([moves.at(1, 0)]));
    expect(token.movementHistory).toEqual([]);
  });

  it("skips preMoveToken for a console's move, and reverts the last recorded move", async () => {
    const { fake, moves, token } = await world();
    let pre = 0;
    fake.hooks.on("preMoveToken", () => {
      pre += 1;
      return false;
    });
    Object.defineProperty(token, "inCombat", { value: true });
    await moves.consoleMove(PLAYER.id, token, [moves.at(1, 0), moves.at(3, 0)], 0);
    expect(pre).toBe(0);
    expect([token.x, token.movementHistory.length]).toEqual([300, 2]);
    expect((token.movement as { passed: { cost: number } }).passed.cost).toBe(0);
    expect(await fake.as(GM.id, () => token.revertRecordedMovement())).toBe(true);
    expect([token.x, token.y, token.movementHistory.length]).toEqual([0, 0, 0]);
  });
});

describe("the fake's walls stop movement (core Token#constrainMovementPath)", () => {
  it("a move stops before a wall; a door that is open lets it through; blocked at once: no move", async () => {
    const { fake, moves, token } = await world();
    const scene = token.parent;
    moves.addWall(scene, { col: 3, row: 0 }, { col: 3, row: 2 });
    const seen: boolean[] = [];
    fake.hooks.on("moveToken", (_doc, movement) => {
      seen.push((movement as { constrained: boolean }).constrained);
    });
    expect(await fake.as(PLAYER.id, () => token.move([moves.at(5, 0)]))).toBe(true);
    expect([token.x, token.y]).toEqual([200, 0]);
    expect(seen.at(-1)).toBe(true);
    // Pressed against the wall, a move through it changes nothing.
    expect(await fake.as(PLAYER.id, () => token.move([moves.at(5, 0)]))).toBe(false);
    expect(token.x).toBe(200);
    const [path, constrained] = token.object.constrainMovementPath(
      [moves.at(2, 0), moves.at(4, 0)],
      { ignoreWalls: true },
    );
    expect(constrained).toBe(false);
    expect(path.at(-1)).toMatchObject(moves.at(4, 0));
    // An open door stops nothing; a closed one does.
    moves.addWall(scene, { col: 0, row: 3 }, { col: 3, row: 3 }, { door: 1, ds: 1 });
    expect(await fake.as(PLAYER.id, () => token.move([moves.at(2, 5)]))).toBe(true);
    expect([token.x, token.y]).toEqual([200, 500]);
    expect(seen.at(-1)).toBe(false);
  });
});

describe("the fake's elevation", () => {
  it("update({elevation}) is a move as in core v13: stored, with moveToken, the space unchanged", async () => {
    const { fake, token } = await world();
    const seen: number[] = [];
    fake.hooks.on("moveToken", (_doc, movement) => {
      const m = movement as { passed: { waypoints: { elevation?: number }[]; spaces: number } };
      seen.push(m.passed.waypoints.at(-1)?.elevation ?? NaN, m.passed.spaces);
    });
    await fake.as(GM.id, () => token.update({ elevation: 10 }));
    expect(token.elevation).toBe(10);
    expect([token.x, token.y]).toEqual([0, 0]);
    expect(seen.slice(0, 2)).toEqual([10, 0]);
  });
});

describe("the fake's token targeting", () => {
  it("User#updateTokenTargets makes the canvas's tokens of those ids the user's targets", async () => {
    const { fake, moves, token, ana } = await world();
    const { installTableFakes } = await import("../fake-foundry/table.ts");
    installTableFakes(fake);
    type Targeting = {
      targets: Set<{ actor: unknown }>;
      updateTokenTargets(ids: string[]): void;
    };
    const user = fake.users.get(PLAYER2.id) as unknown as Targeting;
    fake.as(PLAYER2.id, () => {
      user.updateTokenTargets([token.id, "no-such-token"]);
    });
    expect([...user.targets].map((t) => (t.actor as { id: string }).id)).toEqual([ana.id]);
    // Another user's targets are their own; an empty list clears them.
    expect((fake.users.get(PLAYER.id) as unknown as Targeting).targets.size).toBe(0);
    const other = moves.place(moves.scene("Elsewhere"), ana, { col: 1, row: 1 });
    fake.as(PLAYER2.id, () => {
      user.updateTokenTargets([other.id]);
    });
    expect(user.targets.size).toBe(1);
    fake.as(PLAYER2.id, () => {
      user.updateTokenTargets([]);
    });
    expect(user.targets.size).toBe(0);
  });
});

describe("the fake's Token placeables", () => {
  it("Actor#getActiveTokens finds the actor's tokens on the canvas, each with its centre", async () => {
    const { token, ana } = await world();
    type Placeable = { document: unknown; center: { x: number; y: number } };
    const found = (ana as unknown as { getActiveTokens(): Placeable[] }).getActiveTokens();
    expect(found.map((p) => p.document)).toEqual([token]);
    expect(found[0]?.center).toEqual({ x: 50, y: 50 });
  });
});

describe("the fake's batched movement (core Scene#updateEmbeddedDocuments with `movement`)", () => {
  it("moves every token along its waypoints in one database call, preMoveToken and moveToken per token", async () => {
    const { fake, moves, token, ana } = await world();
    const other = moves.place(token.parent, ana, { col: 0, row: 3 });
    const pre: string[] = [];
    const moved: string[] = [];
    fake.hooks.on("preMoveToken", (doc, _movement, operation) => {
      pre.push(`${fake.game.user.id}:${(doc as { id: string }).id}`);
      // Core hands the update operation, its `movement` holding each token's movement.
      expect(Object.keys((operation as { movement: object }).movement)).toContain(
        (doc as { id: string }).id,
      );
      return true;
    });
    fake.hooks.on("moveToken", (doc, movement) => {
      const m = movement as { passed: { waypoints: unknown[] }; method: string };
      moved.push(
        `${fake.game.user.id}:${(doc as { id: string }).id}:${String(m.passed.waypoints.length)}`,
      );
    });
    const mark = fake.db.calls.length;
    await fake.as(GM.id, () =>
      token.parent.updateEmbeddedDocuments("Token", [{ _id: token.id }, { _id: other.id }], {
        movement: {
          [token.id]: { waypoints: [moves.at(2, 0), moves.at(2, 2)], method: "api" },
          [other.id]: { waypoints: [moves.at(1, 3)], method: "api" },
        },
      }),
    );
    expect(fake.db.since(mark, { documentName: "Token" })).toHaveLength(1);
    expect(fake.db.since(mark)[0]?.count).toBe(2);
    expect([token.x, token.y, other.x, other.y]).toEqual([200, 200, 100, 300]);
    expect(pre).toEqual([`${GM.id}:${token.id}`, `${GM.id}:${other.id}`]);
    expect(moved.filter((m) => m.startsWith(`${GM.id}:`))).toEqual([
      `${GM.id}:${token.id}:2`,
      `${GM.id}:${other.id}:1`,
    ]);
  });

  it("a token preMoveToken refuses stays, the others move; a non-owner's batch is refused", async () => {
    const { fake, moves, token, ana } = await world();
    const other = moves.place(token.parent, ana, { col: 0, row: 3 });
    fake.hooks.on("preMoveToken", (doc) => (doc as { id: string }).id !== other.id);
    await fake.as(PLAYER.id, () =>
      token.parent.updateEmbeddedDocuments("Token", [{ _id: token.id }, { _id: other.id }], {
        movement: {
          [token.id]: { waypoints: [moves.at(1, 0)] },
          [other.id]: { waypoints: [moves.at(1, 3)] },
        },
      }),
    );
    expect([token.x, other.x]).toEqual([100, 0]);
    await expect(
      fake.as(PLAYER2.id, () =>
        token.parent.updateEmbeddedDocuments("Token", [{ _id: token.id }], {
          movement: { [token.id]: { waypoints: [moves.at(3, 0)] } },
        }),
      ),
    ).rejects.toThrow();
    expect(token.x).toBe(100);
  });
});
