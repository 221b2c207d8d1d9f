/**
 * A headless Worldlines fight with its log: momentum once, then rounds of team phases, Energy
 * refresh and status resolution, with every fighter following a simple tactic. For `npm run demo`,
 * balance checks and tests; the same dice always give the same fight and the same log.
 *
 * The fight itself is the encounter simulator's Worldlines arena (src/rules/sim/worldlines.ts),
 * played once with its log switched on: one runner for the demo and the simulator.
 */
import type { DiceSource } from "../core/dice.ts";
import { checkedFaces, checkNumber, NUMBER_RULES } from "../core/guard.ts";
import { ok } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { checkWorldlinesFighters, worldlinesArena } from "../sim/worldlines.ts";
import type { WorldlinesSimFighter } from "../sim/worldlines.ts";
import type { SimTeam } from "../sim/types.ts";
import type { WorldlinesCombatant } from "./model.ts";
import { DEFAULT_OPTIONS } from "./options.ts";
import type { WorldlinesOptions } from "./options.ts";

export type EncounterTeam = SimTeam;

/**
 * A fighter: its combatant, weapon, how it attacks (`situation`) and its tactic (target rule,
 * whether it evades, the Energy it keeps back; default: the weakest foe, evade, keep 1).
 */
export type EncounterFighter = WorldlinesSimFighter;

export interface EncounterResult {
  readonly log: readonly string[];
  readonly rounds: number;
  /** The team left standing, or null (a draw, or the round limit). */
  readonly winner: string | null;
  readonly fighters: readonly WorldlinesCombatant[];
}

/**
 * Plays the fight to the end (one team left standing) or to `maxRounds`. Refused, with nothing
 * played, when a fighter carries a number the engine refuses or `maxRounds` is not a count; and
 * when the dice source hands out a face its die lacks.
 */
export function runEncounter(
  setup: {
    readonly teams: readonly EncounterTeam[];
    readonly fighters: readonly EncounterFighter[];
    readonly maxRounds?: number;
  },
  source: DiceSource,
  options: WorldlinesOptions = DEFAULT_OPTIONS,
): Result<EncounterResult> {
  const bad =
    checkWorldlinesFighters(setup.fighters, options) ??
    (setup.maxRounds === undefined
      ? undefined
      : checkNumber("maxRounds", setup.maxRounds, NUMBER_RULES.count));
  if (bad) return bad;
  const dice = checkedFaces(source);
  const played = play(setup, dice, options);
  return dice.refusal ?? ok(played);
}

function play(
  setup: Parameters<typeof runEncounter>[0],
  dice: DiceSource,
  options: WorldlinesOptions,
): EncounterResult {
  const log: string[] = [];
  const arena = worldlinesArena(setup.teams, setup.fighters, { options, log });
  const maxRounds = setup.maxRounds ?? 10;
  arena.start(dice);
  let round = 0;
  while (arena.standingTeams().length > 1 && round < maxRounds) {
    round++;
    arena.playRound(dice, round);
  }
  const left = arena.standingTeams();
  const only = left.length === 1 ? setup.teams[left[0] ?? -1] : undefined;
  const winner = only?.id ?? null;
  log.push(
    "",
    only === undefined
      ? `No winner after ${round} rounds.`
      : `${only.name} win after ${round} round${round === 1 ? "" : "s"}.`,
  );
  for (const c of arena.fighters) {
    log.push(`  ${c.name}: ${c.health.value}/${c.health.max} HP, ${c.life}`);
  }
  return { log, rounds: round, winner, fighters: [...arena.fighters] };
}
