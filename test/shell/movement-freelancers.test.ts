/**
 * Dragging a token in Freelancers (issue 24), on a grid of 1.5 m squares: a path costs metres of
 * the Move action (6 m), a longer one trades the Base for a second Move, one beyond both is
 * refused with the reason; Disengage takes the whole turn for a double move; an immobilized
 * teammate cannot move; the GM puts back a console's move the turn cannot pay.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { PLAYER } from "../fake-foundry/index.ts";
import { moveWorld } from "./movement.support.ts";
import type { MoveWorld } from "./movement.support.ts";

let w: MoveWorld;

beforeAll(async () => {
  w = await moveWorld("freelancers", { size: 100, distance: 1.5, units: "m" });
});

async function setting(system: Record<string, unknown> = {}) {
  const [kara, rook] = await w.actors([
    { name: "Kara", type: "character", ownership: { [PLAYER.id]: 3 }, system },
    { name: "Rook", type: "npc" },
  ]);
  if (kara === undefined || rook === undefined) throw new Error("no actors");
  const { combat, tokens } = await w.fight(
    [kara, rook],
    [
      { col: 0, row: 0 },
      { col: 19, row: 19 },
    ],
  );
  const token = tokens[0];
  if (token === undefined) throw new Error("no token");
  const { actionsIn } = await import("../../src/foundry/rulesets/freelancers/budget.ts");
  const id = combat.combatants.contents.find((c) => c.actorId === kara.id)?.id ?? "";
  return { token, actions: () => actionsIn(combat, id) };
}

describe("dragging a token in Freelancers", () => {
  it("spends the Move, keeps what is left open, then trades the Base; beyond is refused", async () => {
    const { token, actions } = await setting();
    expect(await w.drag(token, { col: 2, row: 0 })).toBe(true);
    expect(actions()).toMatchObject({ move: 0, base: 1 });
    expect(await w.drag(token, { col: 4, row: 0 })).toBe(true);
    expect(actions()).toMatchObject({ move: 0, base: 1 });
    expect(await w.drag(token, { col: 8, row: 0 })).toBe(true);
    expect(actions()).toMatchObject({ move: 0, base: 0 });
    w.fake.notifications.length = 0;
    expect(await w.drag(token, { col: 12, row: 0 })).toBe(false);
    expect(w.fake.notifications.at(-1)?.message).toContain("Kara cannot go that far");
    expect([token.x, token.y]).toEqual([800, 0]);
  });

  it("a Move goes as far as the world's setting says: 9 m is one Move for six squares", async () => {
    const { GM } = await import("../fake-foundry/index.ts");
    await w.fake.as(GM.id, () =>
      game.settings.set("fray", "freelancersMoveMeters" as never, 9 as never),
    );
    try {
      const { token, actions } = await setting();
      expect(await w.drag(token, { col: 6, row: 0 })).toBe(true);
      expect(actions()).toMatchObject({ move: 0, base: 1 });
    } finally {
      await w.fake.as(GM.id, () =>
        game.settings.set("fray", "freelancersMoveMeters" as never, 6 as never),
      );
    }
  });

  it("Disengage is the whole turn for twice the Move", async () => {
    const { token, actions } = await setting();
    expect(await w.drag(token, { col: 8, row: 0 }, "disengage")).toBe(true);
    expect(actions()).toMatchObject({ long: true, disengaging: true, base: 0, move: 0 });
  });

  it("an immobilized teammate cannot move", async () => {
    const { token, actions } = await setting({ immobilized: true });
    w.fake.notifications.length = 0;
    expect(await w.drag(token, { col: 1, row: 0 })).toBe(false);
    expect(w.fake.notifications.at(-1)?.message).toContain("Kara is immobilized and cannot move");
    expect(actions()).toMatchObject({ move: 1, base: 1 });
  });

  it("the GM puts back a console's move too long for the turn, with a note", async () => {
    const { token, actions } = await setting();
    const before = w.fake.game.messages.contents.length;
    await w.moves.consoleMove(PLAYER.id, token, [w.moves.at(15, 0)], 1);
    await w.idle();
    expect([token.x, token.y]).toEqual([0, 0]);
    expect(actions()).toMatchObject({ move: 1, base: 1 });
    expect(w.messagesSince(before).at(-1)?.content).toMatch(/Kara.*put back/);
  });
});

describe("a readied Move in Freelancers", () => {
  it("is taken by dragging the token out of turn once its trigger fired, and only once", async () => {
    const { GM } = await import("../fake-foundry/index.ts");
    const ready = await import("../../src/foundry/rulesets/freelancers/table/ready.ts");
    const { pressCard } = await import("../../src/foundry/cards/protocol.ts");
    const [kara, rook] = await w.actors([
      { name: "Kara", type: "character", ownership: { [PLAYER.id]: 3 } },
      { name: "Rook", type: "npc" },
    ]);
    if (kara === undefined || rook === undefined) throw new Error("no actors");
    const { combat, tokens } = await w.fight(
      [kara, rook],
      [
        { col: 0, row: 0 },
        { col: 19, row: 19 },
      ],
    );
    const token = tokens[0];
    if (token === undefined) throw new Error("no token");
    w.fake.setUser(PLAYER.id);
    const card = await ready.flReady(kara, "move", "Rook breaks cover");
    if (card === null) throw new Error("not readied");
    // Rook's team acts: Kara's turn is over.
    const rookId = combat.combatants.contents.find((c) => c.actorId === rook.id)?.id ?? "";
    await w.fake.as(GM.id, () =>
      (combat as unknown as { endPhase(): Promise<unknown> }).endPhase(),
    );
    await w.idle();
    await w.fake.as(GM.id, () => combat.activateCombatant(rookId));
    await w.idle();
    w.fake.setUser(PLAYER.id);
    expect(await w.drag(token, { col: 2, row: 0 })).toBe(false);
    expect(await pressCard(card, "fire", {})).toEqual({ ok: true });
    expect(await w.drag(token, { col: 2, row: 0 })).toBe(true);
    expect([token.x, token.y]).toEqual([200, 0]);
    // The readied Move is spent: a second drag out of turn is refused.
    expect(await w.drag(token, { col: 4, row: 0 })).toBe(false);
    expect([token.x, token.y]).toEqual([200, 0]);
  });
});

describe("a move straight up or down in Freelancers", () => {
  it("is a climb, each metre counted twice; too high for the turn is refused", async () => {
    const { token, actions } = await setting();
    const rise = (elevation: number) => w.rise(token, elevation);
    expect(await rise(3)).toBe(true);
    expect(actions()).toMatchObject({ move: 0, base: 1 });
    w.fake.notifications.length = 0;
    expect(await rise(30)).toBe(false);
    expect(token.elevation).toBe(3);
    expect(w.fake.notifications.at(-1)?.message).toContain("Kara cannot go that far");
  });
});
