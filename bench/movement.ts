/**
 * Moving on the map, for `npm run bench`: pricing a 30-space path and writing its ruler label
 * (issue 24's target: ≤ 2 ms), per ruleset. It times what the ruler does for one waypoint: core's
 * per-step cost function over the 30 steps, the ruleset's price of the whole path, and the
 * label's words. The words come from lang/en.json through a small stand-in for `game.i18n`
 * (the bench runs without Foundry).
 */
import { provokedBy } from "../src/rules/movement/reactions.ts";
import { difficultSpaces } from "../src/rules/movement/terrain.ts";
import type { RegionShape } from "../src/rules/movement/terrain.ts";
import { readFileSync } from "node:fs";
import { FRESH_TURN } from "../src/rules/dicepool/actions.ts";
import { makeDicepoolCombatant } from "../src/rules/dicepool/factory.ts";
import { dicepoolMoveCost } from "../src/rules/dicepool/move-cost.ts";
import type { MovePath, MovePrice } from "../src/rules/movement/types.ts";
import { makeCombatant } from "../src/rules/worldlines/factory.ts";
import { worldlinesMoveCost } from "../src/rules/worldlines/move-cost.ts";
import { makeWwnCombatant } from "../src/rules/wwn/factory.ts";
import { wwnMoveCost } from "../src/rules/wwn/move-cost.ts";

const lang = JSON.parse(
  readFileSync(new URL("../lang/en.json", import.meta.url), "utf8"),
) as Record<string, unknown>;
const lookup = (key: string): string | undefined => {
  let at: unknown = lang;
  for (const part of key.split(".")) at = (at as Record<string, unknown> | undefined)?.[part];
  return typeof at === "string" ? at : undefined;
};
(globalThis as { game?: unknown }).game = {
  i18n: {
    has: (key: string) => lookup(key) !== undefined,
    localize: (key: string) => lookup(key) ?? key,
    format: (key: string, data: Record<string, string>) =>
      (lookup(key) ?? key).replace(/\{(\w+)\}/g, (_, k: string) => data[k] ?? ""),
  },
};
const { priceText } = await import("../src/foundry/movement/ruler.ts");

const SPACES = 30;
/** Core calls the action's cost function once per grid step of the path. */
function steps(perSpace: number): number {
  const cost = (base: number, distance: number) =>
    distance > 0 ? (base / distance) * perSpace : 0;
  let total = 0;
  for (let i = 0; i < SPACES; i++) total += cost(5, 5);
  return total;
}

function label(price: { ok: boolean; value?: { price: MovePrice } }): string {
  return price.ok && price.value ? priceText(price.value.price) : "refused";
}

const walk = (distance: number): MovePath => ({ distance, mode: "walk" });
const cases: [string, () => string][] = [
  [
    "Worldlines, 30 spaces crouched (Energy)",
    () => {
      const me = makeCombatant({ id: "a", stance: "crouched", energy: 99 });
      return label(worldlinesMoveCost(me, walk(SPACES))) + String(steps(2));
    },
  ],
  [
    "WWN, 30 spaces = 150 ft at speed 90 (two Moves)",
    () => {
      const me = makeWwnCombatant({ id: "a", speed: 90 });
      return (
        label(wwnMoveCost(me, walk(SPACES * 5), { turn: { ownTurn: true } })) + String(steps(5))
      );
    },
  ],
  [
    "dice pool, 30 spaces at speed 15 (a sprint)",
    () => {
      const me = makeDicepoolCombatant({ id: "a", speed: 15 });
      return (
        label(dicepoolMoveCost(me, FRESH_TURN, walk(SPACES), { ownTurn: true })) + String(steps(1))
      );
    },
  ],
];

/** The printed lines. */
export function movementBench(): string[] {
  const lines = ["Movement: a 30-space path priced and labelled (target ≤ 2 ms)"];
  for (const [name, run] of cases) {
    let sink = 0;
    for (let i = 0; i < 200; i++) sink += run().length; // warm up
    const runs = 2000;
    const start = performance.now();
    for (let i = 0; i < runs; i++) sink += run().length;
    const each = (performance.now() - start) / runs;
    lines.push(`  ${name}: ${(each * 1000).toFixed(1)} µs each${sink < 0 ? "" : ""}`);
  }
  lines.push(reactionBench());
  lines.push(fullLabelBench());
  return lines;
}

/**
 * What the ruler does for one planned waypoint with everything on: the price and its words, the
 * reactions the 30-space path provokes among 200 tokens, and the difficult ground of 5 Regions
 * under its spaces (target ≤ 2 ms, the label's).
 */
function fullLabelBench(): string {
  const path = Array.from({ length: SPACES + 1 }, (_, j) => [{ i: 10, j }]);
  const centres = path.map(([s]) => ({
    x: ((s?.j ?? 0) + 0.5) * 100,
    y: ((s?.i ?? 0) + 0.5) * 100,
  }));
  const threats = Array.from({ length: 200 }, (_, k) => ({
    id: `t${String(k)}`,
    spaces: [{ i: (k * 7) % 40, j: (k * 13) % 40 }],
    reach: 1,
  }));
  const patches: RegionShape[][] = Array.from({ length: 5 }, (_, k) => [
    {
      type: "polygon",
      points: [k * 600, 900, k * 600 + 300, 900, k * 600 + 300, 1200, k * 600, 1200],
    },
  ]);
  const me = makeCombatant({ id: "a", stance: "crouched", energy: 99 });
  const run = () =>
    label(worldlinesMoveCost(me, walk(SPACES))).length +
    provokedBy(path, threats, "enter").length +
    difficultSpaces(centres, patches);
  let sink = 0;
  for (let i = 0; i < 50; i++) sink += run();
  const runs = 500;
  const start = performance.now();
  for (let i = 0; i < runs; i++) sink += run();
  const each = (performance.now() - start) / runs;
  return `Ruler label with reactions (200 tokens) and 5 difficult Regions, 30 spaces (target ≤ 2 ms): ${(each * 1000).toFixed(1)} µs each${sink < 0 ? "" : ""}`;
}

/** The reaction check for one 30-space move on a scene of 200 tokens (target ≤ 5 ms). */
function reactionBench(): string {
  const steps = Array.from({ length: SPACES + 1 }, (_, j) => [{ i: 10, j }]);
  const threats = Array.from({ length: 200 }, (_, k) => ({
    id: `t${String(k)}`,
    spaces: [{ i: (k * 7) % 40, j: (k * 13) % 40 }],
    reach: 1,
  }));
  let sink = 0;
  for (let i = 0; i < 50; i++) sink += provokedBy(steps, threats, "enter").length;
  const runs = 500;
  const start = performance.now();
  for (let i = 0; i < runs; i++) sink += provokedBy(steps, threats, "leave").length;
  const each = (performance.now() - start) / runs;
  return `Reactions: one 30-space move among 200 tokens (target ≤ 5 ms): ${(each * 1000).toFixed(1)} µs each${sink < 0 ? "" : ""}`;
}
