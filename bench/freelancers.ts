/**
 * Freelancers figures for `npm run bench`: attacks resolved per second, and the time for one
 * exact odds computation (plain, and with two-dice edges on both sides).
 */
import { seededRandom } from "../src/rules/core/random.ts";
import { FRESH_ACTIONS } from "../src/rules/freelancers/actions.ts";
import { resolveAttack } from "../src/rules/freelancers/attack.ts";
import type { AttackInput } from "../src/rules/freelancers/attack.ts";
import { makeFreelancer, makeFreelancersWeapon } from "../src/rules/freelancers/factory.ts";
import { freelancersAttackOdds } from "../src/rules/freelancers/odds.ts";

function timeIt(run: () => void): number {
  const start = performance.now();
  run();
  return (performance.now() - start) / 1000;
}

const plain: AttackInput = {
  attacker: makeFreelancer({ id: "ace", attributes: { agility: 8 }, skills: { finesse: 4 } }),
  defender: makeFreelancer({ id: "rook", attributes: { agility: 10 }, armor: 2, health: 1000 }),
  weapon: makeFreelancersWeapon({ id: "dagger", skill: "finesse", damage: "1d6+1" }),
};
const edged: AttackInput = {
  ...plain,
  defender: { ...plain.defender, actions: { ...FRESH_ACTIONS, dodging: true } },
  weapon: makeFreelancersWeapon({
    id: "rifle",
    kind: "ranged",
    skill: "finesse",
    damage: "3d6+2",
    range: { nominal: 30, max: 90 },
  }),
  situation: { distance: 60, cover: "light" },
};

let sink = 0;
const ATTACKS = 200_000;
const rng = seededRandom("bench-freelancers");
const attackSeconds = timeIt(() => {
  for (let i = 0; i < ATTACKS; i++) {
    const r = resolveAttack(plain, rng);
    if (r.ok) sink += r.value.hit ? 1 : 0;
  }
});

const oddsLines = (
  [
    ["dagger, no edge", plain],
    ["3d6+2 rifle at long range, light cover, dodging defender", edged],
  ] as const
).map(([label, input]) => {
  const runs = 2000;
  const seconds = timeIt(() => {
    for (let i = 0; i < runs; i++) {
      const r = freelancersAttackOdds(input);
      if (r.ok) sink += r.value.hit;
    }
  });
  return `  exact odds (${label}): ${((seconds / runs) * 1e6).toFixed(1)} µs each`;
});

console.log("Freelancers rules engine");
console.log(
  `  attacks resolved: ${Math.round(ATTACKS / attackSeconds).toLocaleString("en")}/s (${ATTACKS.toLocaleString("en")} attacks)`,
);
console.log(oddsLines.join("\n"));
if (Number.isNaN(sink)) console.log("(unreachable)");
