/**
 * A dice-pool combat's start orders everybody by the hits of their own initiative pool (Mental +
 * Awareness), not by the faces' sum nor by the pool's size: the test hands each die its
 * face, so a large pool of misses acts after a small pool of hits.
 */
import { beforeAll, expect, it } from "vitest";
import type { FakeFoundry } from "../fake-foundry/index.ts";
import { bootWorld, faceOf, queuedDice } from "./boot.support.ts";
import { combatOf } from "./combat-order.support.ts";

let fake: FakeFoundry;
const faces = queuedDice(faceOf(6));

beforeAll(async () => {
  fake = await bootWorld("dicepool", faces.random);
});

it("orders the combatants by the hits of their initiative pools", async () => {
  const { whenIdle } = await import("../../src/foundry/combat/actions.ts");
  const { turnStateOf } = await import("../../src/foundry/combat/state.ts");
  const pool = (mental: number, physical: number, awareness: number) => ({
    attributes: { mental, physical },
    skills: { awareness },
  });
  const combat = await combatOf(fake, [
    // Six dice, every one a miss (3s): the largest pool and the largest sum, no hit.
    { name: "Big", type: "npc", prototypeToken: { disposition: -1 }, system: pool(4, 3, 2) },
    // Two dice, both hits (4s).
    { name: "Small", type: "npc", prototypeToken: { disposition: -1 }, system: pool(1, 1, 1) },
    // Two dice, one hit (6) and one miss (1).
    { name: "Mixed", type: "character", prototypeToken: { disposition: 1 }, system: pool(1, 1, 1) },
  ]);
  faces.set(3, 3, 3, 3, 3, 3, 4, 4, 6, 1);
  await combat.startCombat();
  await whenIdle();
  expect(faces.left()).toEqual([]);
  const byName = (name: string) => combat.combatants.find((c) => c.name === name);
  expect(["Big", "Small", "Mixed"].map((name) => byName(name)?.initiative)).toEqual([0, 2, 1]);
  expect(turnStateOf(combat).active).toBe(byName("Small")?.id);
});
