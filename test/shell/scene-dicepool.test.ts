/**
 * The scene decides the dice-pool cover (issue 25), on a 5 ft grid of 100 px spaces: walls give
 * light, medium or full cover as they hide the target; the attack dialog opens with the scene's
 * cover and its sentence and the spaces to the target, and the GM refuses a player's claim of less
 * cover than the walls give.
 */
import { afterEach, describe, expect, it } from "vitest";
import { PLAYER } from "../fake-foundry/index.ts";
import { boardOf, clearScenes } from "../fake-foundry/tokens.ts";
import { useDicepoolTable } from "./dicepool.support.ts";
import { sceneCallLines } from "./scene-calls.support.ts";

const t = useDicepoolTable();

afterEach(() => {
  clearScenes(t.fake);
});

/** Ana shoots at Brute four spaces away, behind the walls given as [from, to] squares. */
async function shootingScene(...walls: [[number, number], [number, number]][]) {
  const { ana, brute } = await t.fighters({ kind: "ranged" });
  const board = boardOf(t.fake);
  board.place(ana, { col: 0, row: 4 });
  board.place(brute, { col: 4, row: 4 });
  t.board.place(brute, { col: 4, row: 0 });
  for (const [[c0, r0], [c1, r1]] of walls) board.wall({ col: c0, row: r0 }, { col: c1, row: r1 });
  return { ana, brute };
}

async function dialogAt(ana: Actor.Implementation, brute: Actor.Implementation) {
  t.fake.setUser(PLAYER.id);
  t.table.target(brute);
  t.fake.dialogs.asked.length = 0;
  expect(await t.attack.dicepoolAttack(ana, t.itemOf(ana))).toBeNull();
  return t.fake.dialogs.asked.at(-1)?.content ?? "";
}

describe("cover from walls", () => {
  it("a low wall gives light cover: the dialog opens with it, says why, and counts the spaces", async () => {
    const { ana, brute } = await shootingScene([
      [3.9, 4.5],
      [3.9, 9],
    ]);
    const content = await dialogAt(ana, brute);
    expect(content).toContain('<option value="light" selected>');
    expect(content).toContain(
      "Light cover: a wall between you hides part of Brute (2 of 4 lines blocked)",
    );
    expect(content).toContain('name="distance" type="number" min="0" step="1" value="4"');
  });

  it("a wall hiding most of the target is medium cover; the GM refuses a claim of light", async () => {
    const { ana, brute } = await shootingScene(
      [
        [3.95, 3],
        [3.95, 4.5],
      ],
      [
        [4.5, 4.5],
        [4.5, 6],
      ],
    );
    expect(await dialogAt(ana, brute)).toContain('<option value="medium" selected>');
    t.fake.setUser(PLAYER.id);
    const refused = await t.attack.declareDicepoolAttack(ana, t.itemOf(ana), [brute], {
      ...t.DEFAULT_CHOICE,
      distance: 4,
      cover: "light",
    });
    expect(refused).toBeNull();
    expect(t.fake.notifications.at(-1)?.message).toBe(
      "The scene says otherwise: Heavy cover: a wall between you hides most of Brute (3 of 4 lines blocked). Nothing happened.",
    );
    t.dice(6, 5, 4);
    const message = await t.playerAttacks(ana, brute, { distance: 4, cover: "medium" });
    expect(t.cardState(message).situation.cover).toBe("medium");
  });

  it("a wall across the whole line is full cover: the attacker may still fire blindly", async () => {
    const { ana, brute } = await shootingScene([
      [2.5, 0],
      [2.5, 9],
    ]);
    expect(await dialogAt(ana, brute)).toContain('<option value="full" selected>');
    t.dice(6, 5, 4);
    const message = await t.playerAttacks(ana, brute, { distance: 4, cover: "full" });
    expect(t.cardState(message).situation.cover).toBe("full");
  });
});

describe("the GM's card shows what the scene said and what was claimed", () => {
  it("full cover claimed behind a low wall: it stands, and the card shows the scene's light cover beside it", async () => {
    const { ana, brute } = await shootingScene([
      [3.9, 4.5],
      [3.9, 9],
    ]);
    t.dice(6, 5, 4);
    const message = await t.playerAttacks(ana, brute, { distance: 4, cover: "full" });
    expect(sceneCallLines(message.content)).toEqual([
      "≠ Cover: Full cover scene: Light cover: a wall between you hides part of Brute (2 of 4 lines blocked) claimed by Player: Full cover The claim differs from the scene: it stands, the book leaves it to judgement.",
    ]);
  });
});
