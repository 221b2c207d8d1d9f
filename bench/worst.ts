/**
 * The worst case of every ruleset's exact odds (part of `npm run bench`), against the 50 ms an
 * attack dialog may take: each ruleset's odds of the largest input its checks accept.
 *
 * What "largest" means, from the bounds on main (a ruleset that tightens its bounds changes
 * what these build):
 * - Worldlines and WWN: the one formula limit (core/formula.ts: MAX_DICE dice of MAX_FACES faces)
 *   as the weapon's damage; Worldlines on its heaviest path (a head shot that triples damage).
 * - Freelancers: the same largest formula, MAX_EDGE favorable dice on the attack and as many on
 *   a dodging defender's roll (its Dodge adds one: freelancers/checks.ts bounds the edge).
 * - The dice pool: two pools of DICEPOOL_LIMITS.pool dice each, the largest maxPool accepts.
 * - The two-dice game: the largest die its options check accepts (1000 faces: the bound inside
 *   checkTwodiceOptions on main; no constant names it yet).
 */
import { MAX_DICE, MAX_FACES } from "../src/rules/core/formula.ts";
import * as dicepool from "../src/rules/dicepool/index.ts";
import { MAX_EDGE } from "../src/rules/freelancers/checks.ts";
import { FRESH_ACTIONS } from "../src/rules/freelancers/actions.ts";
import { makeFreelancer, makeFreelancersWeapon } from "../src/rules/freelancers/factory.ts";
import { freelancersAttackOdds } from "../src/rules/freelancers/odds.ts";
import { attackOdds as twodiceAttackOdds } from "../src/rules/twodice/odds.ts";
import { makeTwodiceCombatant, makeTwodiceWeapon } from "../src/rules/twodice/factory.ts";
import { withTwodiceOptions } from "../src/rules/twodice/options.ts";
import { attackOdds as worldlinesAttackOdds } from "../src/rules/worldlines/odds.ts";
import { makeCombatant } from "../src/rules/worldlines/factory.ts";
import { makeWwnCombatant, makeWwnWeapon } from "../src/rules/wwn/factory.ts";
import { wwnAttackOdds } from "../src/rules/wwn/odds.ts";

/** The most one exact odds computation may take in an attack dialog. */
export const WORST_ODDS_TARGET_MS = 50;

/** The largest die the two-dice options accept on main (checkTwodiceOptions: whole, 2..1000). */
const TWODICE_LARGEST_DIE = 1000;

const largest = `${MAX_DICE}d${MAX_FACES}`;

function timeMs(run: () => void): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

/** The median and slowest of 7 runs once warm (a shared machine is noisy). */
function measure(run: () => void): { median: number; slowest: number } {
  run();
  const times = Array.from({ length: 7 }, () => timeMs(run)).sort((a, b) => a - b);
  return { median: times[3] ?? NaN, slowest: times[6] ?? NaN };
}

/** One computation per ruleset: it throws when its input is refused (the bench is then wrong). */
const CASES: readonly (readonly [label: string, input: string, run: () => void])[] = [
  [
    "Worldlines",
    `${largest} rifle, head shot on an elite`,
    () => {
      const r = worldlinesAttackOdds(
        {
          attacker: makeCombatant({ id: "maya", skills: { firearms: 2 } }),
          defender: makeCombatant({
            id: "rook",
            rank: "elite",
            skills: { evasion: 1 },
            armor: { head: 4, torso: 6, arms: 4 },
            disabledLimbs: { arms: false, legs: true },
          }),
          weapon: { id: "w", name: "W", kind: "ranged", skill: "firearms", damage: largest },
          situation: { zone: "head", range: "long" },
        },
        { evade: true, extraEvasion: true },
      );
      if (!r.ok) throw new Error(`Worldlines refused ${largest}: ${r.reason}`);
    },
  ],
  [
    "WWN",
    `${largest} weapon`,
    () => {
      const r = wwnAttackOdds({
        attacker: makeWwnCombatant({ id: "a" }),
        defender: makeWwnCombatant({ id: "b" }),
        weapon: makeWwnWeapon({ id: "w", damage: largest }),
      });
      if (!r.ok) throw new Error(`WWN refused ${largest}: ${r.reason}`);
    },
  ],
  [
    "Freelancers",
    `${largest} rifle, ${MAX_EDGE} favorable dice to the attack, ${MAX_EDGE} to the dodge`,
    () => {
      const r = freelancersAttackOdds({
        attacker: makeFreelancer({ id: "ace", attributes: { agility: 8 }, skills: { finesse: 4 } }),
        defender: {
          ...makeFreelancer({ id: "rook", attributes: { agility: 10 }, health: 1000 }),
          actions: { ...FRESH_ACTIONS, dodging: true },
        },
        weapon: makeFreelancersWeapon({
          id: "rifle",
          kind: "ranged",
          skill: "finesse",
          damage: largest,
          range: { nominal: 30, max: 90 },
        }),
        situation: {
          distance: 10,
          attacker: { favorable: MAX_EDGE },
          defender: { favorable: MAX_EDGE - 1 },
        },
      });
      if (!r.ok) {
        throw new Error(
          `Freelancers refused the largest attack: ${r.reason} ${JSON.stringify(r.detail)}`,
        );
      }
    },
  ],
  [
    "dice pool",
    `${dicepool.DICEPOOL_LIMITS.pool} dice against ${dicepool.DICEPOOL_LIMITS.pool}`,
    () => {
      const L = dicepool.DICEPOOL_LIMITS;
      const hero = dicepool.makeDicepoolCombatant({
        id: "hero",
        physical: L.rating,
        skills: { closeCombat: L.rating, mobility: L.rating },
      });
      const rest = { source: "gm", value: L.pool - 2 * L.rating };
      const input = dicepool.checkAttackInput({
        attacker: hero,
        defender: hero,
        weapon: dicepool.makeDicepoolWeapon({ id: "w", damage: L.rating }),
        intent: "damage",
        defense: "dodge",
        situation: { attackModifiers: [rest], defenseModifiers: [rest] },
      });
      if (!input.ok) throw new Error(`the dice pool refused the largest attack: ${input.reason}`);
      const r = dicepool.attackOdds(input.value, dicepool.withDicepoolOptions({ maxPool: L.pool }));
      if (!r.ok) throw new Error(`the dice pool refused the largest pools: ${r.reason}`);
    },
  ],
  [
    "two-dice",
    `a ${TWODICE_LARGEST_DIE}-sided die`,
    () => {
      const r = twodiceAttackOdds(
        {
          attacker: makeTwodiceCombatant({ id: "ann" }),
          defender: makeTwodiceCombatant({
            id: "bo",
            armor: [{ id: "vest", name: "Vest", coverage: 14, protection: 4 }],
          }),
          weapon: makeTwodiceWeapon({
            id: "rifle",
            kind: "ranged",
            attack: 15,
            damage: 3,
            range: 7,
          }),
          situation: { distance: 60, rollWithIt: true },
        },
        withTwodiceOptions({ dieSides: TWODICE_LARGEST_DIE }),
      );
      if (!r.ok)
        throw new Error(`two-dice refused a ${TWODICE_LARGEST_DIE}-sided die: ${r.reason}`);
    },
  ],
];

/**
 * The printed lines: each ruleset's worst case against the target. The verdict reads the median
 * (the slowest of 7 on a shared machine also counts other people's work).
 */
export function worstCaseOdds(): string[] {
  return [
    `Worst-case exact odds (the largest input each ruleset accepts; target ${WORST_ODDS_TARGET_MS} ms)`,
    ...CASES.map(([label, input, run]) => {
      const { median, slowest } = measure(run);
      const verdict = median <= WORST_ODDS_TARGET_MS ? "within" : "over";
      return (
        `  ${label} (${input}): ${median.toFixed(1)} ms, slowest ${slowest.toFixed(1)} ms` +
        ` (target ${WORST_ODDS_TARGET_MS} ms: ${verdict})`
      );
    }),
  ];
}
