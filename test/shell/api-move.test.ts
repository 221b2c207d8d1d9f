/**
 * The public API's move (`game.system.api.move`, src/foundry/api/move.ts): the token moves as a
 * drag moves it (core's TokenDocument#move, through Fray's movement checks and referee); what
 * the API cannot move is refused with a message and nothing written: no actor, an actor without a
 * token, a path that is not points; a move the rules refuse (not the mover's turn) answers
 * `notCarriedOut` with the rules' own warning.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GM, PLAYER } from "../fake-foundry/index.ts";
import type { FrayApi } from "../../src/foundry/api/index.ts";
import { moveWorld } from "./movement.support.ts";
import type { MoveWorld } from "./movement.support.ts";

let w: MoveWorld;
const api = () => (w.fake.game.system as { api: FrayApi }).api;

beforeAll(async () => {
  w = await moveWorld("wwn", { size: 100, distance: 5, units: "ft" });
});

beforeEach(() => {
  w.fake.setUser(GM.id);
  w.fake.notifications.length = 0;
});

const KARA = {
  name: "Kara",
  type: "character",
  ownership: { [PLAYER.id]: 3 },
  system: { health: { value: 10, max: 10 } },
};

describe("game.system.api.move", () => {
  it("refuses what it cannot move, with a message, writing nothing", async () => {
    const [kara] = await w.actors([KARA]);
    if (kara === undefined) throw new Error("no actor");
    const calls = w.fake.db.calls.length;
    const moveAs = (call: () => Promise<unknown>) => w.fake.as(PLAYER.id, call);
    // No token selected and no character: no actor.
    expect(await moveAs(() => api().move({ x: 100, y: 0 }))).toEqual({
      ok: false,
      reason: "noActor",
    });
    expect(await moveAs(() => api().move({ x: 100, y: 0 }, { actor: kara }))).toEqual({
      ok: false,
      reason: "noToken",
      detail: { actor: "Kara" },
    });
    const token = w.moves.place(w.moves.scene("Yard"), kara, { col: 0, row: 0 });
    for (const bad of [
      { x: Number.NaN, y: 0 },
      [],
      [{ x: 0, y: Infinity }],
      { x: 1, y: 1, action: 3 },
    ]) {
      expect(await moveAs(() => api().move(bad as never, { actor: kara }))).toEqual({
        ok: false,
        reason: "badPath",
      });
    }
    expect(w.fake.notifications.map((n) => n.message)).toEqual([
      "Select your token, or have your GM assign you a character.",
      "Kara has no token on the map to move.",
      ...Array<string>(4).fill(
        "A move needs one or more points, each with a finite x and y (and, if given, a movement action).",
      ),
    ]);
    expect(w.fake.db.calls.slice(calls).filter((c) => c.documentName === "Token")).toEqual([]);
    expect([token.x, token.y]).toEqual([0, 0]);
  });

  it("moves the actor's token on the map; a move the rules refuse is the drag's refusal", async () => {
    const [kara, bandit] = await w.actors([
      KARA,
      { name: "Bandit", type: "npc", system: { health: { value: 8, max: 8 } } },
    ]);
    if (kara === undefined || bandit === undefined) throw new Error("no actors");
    // The bandit's turn: Kara may not move.
    const { tokens } = await w.fight(
      [bandit, kara],
      [
        { col: 9, row: 9 },
        { col: 0, row: 0 },
      ],
    );
    const token = tokens[1];
    if (token === undefined) throw new Error("no token");
    const outcome = await w.fake.as(PLAYER.id, () => api().move(w.moves.at(2, 0), { actor: kara }));
    await w.idle();
    expect(outcome).toEqual({ ok: false, reason: "notCarriedOut" });
    expect(w.fake.notifications.length).toBe(1);
    expect([token.x, token.y]).toEqual([0, 0]);
  });
});
