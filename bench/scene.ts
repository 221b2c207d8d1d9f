/**
 * The scene decides the situation, for `npm run bench`: one attack's scene measured (reach,
 * flanking, foes at hand, cover and sight through walls, elevation: rules/scene measureScene) on a
 * 100 × 100 space map with 200 tokens and 1,000 wall segments, and who stands in a 4-space blast
 * among them (issue 25's target: ≤ 2 ms each). Attacker and target stand at opposite corners, so
 * every wall lies in the box the rays cross (the slowest case).
 */
import { seededRandom } from "../src/rules/core/random.ts";
import { measureScene, tokensInShape } from "../src/rules/scene/index.ts";
import type { Bystander, SceneInput, Segment } from "../src/rules/scene/index.ts";

const rng = seededRandom("scene");
const cell = () => rng.roll(100) - 1;
export const tokens: Bystander[] = Array.from({ length: 200 }, (_, i) => ({
  id: `t${String(i)}`,
  footprint: { x: cell(), y: cell(), width: 1, height: 1 },
  side: i % 2 === 0 ? "ally" : "foe",
  fights: true,
}));
const walls: Segment[] = Array.from({ length: 1000 }, () => {
  const x0 = cell() + 0.5;
  const y0 = cell() + 0.5;
  return { x0, y0, x1: x0 + (rng.roll(5) - 3), y1: y0 + (rng.roll(5) - 3) };
});
export const input: SceneInput = {
  attacker: {
    id: "me",
    footprint: { x: 0, y: 0, width: 1, height: 1 },
    side: "ally",
    fights: true,
    elevation: 0,
  },
  target: { id: "it", footprint: { x: 99, y: 99, width: 1, height: 1 }, elevation: 10 },
  others: tokens,
  coverWalls: walls,
  sightWalls: walls,
};

function time(run: () => number): number {
  let sink = 0;
  for (let i = 0; i < 50; i++) sink += run(); // warm up
  const runs = 500;
  const start = performance.now();
  for (let i = 0; i < runs; i++) sink += run();
  const each = (performance.now() - start) / runs;
  return sink < 0 ? Number.NaN : each;
}

/** The printed lines. */
export function sceneBench(): string[] {
  const attack = time(() => {
    const r = measureScene(input);
    return r.ok ? r.value.cover.blocked : 0;
  });
  const blast = time(() => {
    const r = tokensInShape({ kind: "circle", x: 50, y: 50, radius: 4 }, tokens);
    return r.ok ? r.value.length : 0;
  });
  return [
    "Scene situation: 200 tokens, 1,000 wall segments (target ≤ 2 ms)",
    `  one attack's scene (reach, flank, cover, sight, elevation): ${(attack * 1000).toFixed(1)} µs`,
    `  who stands in a 4-space blast: ${(blast * 1000).toFixed(1)} µs`,
  ];
}
