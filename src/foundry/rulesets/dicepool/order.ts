/**
 * The dice-pool game's order at the start of a combat: individual initiative. Every combatant
 * rolls its initiative pool (`initiativePool`: Mental + Awareness by default, less the wound
 * penalty) with core Roll, once, even when ambushed; its initiative is the pool's hits
 * (`initiativeFromDice`), and the rules (`dicepoolInitiative`) order everybody by them, a tie
 * settled as the world's setting says (the larger pool, then the players' side, by default; or
 * the players' side; or a reroll of the tied). A combatant without an actor rolls no dice.
 */
import {
  dicepoolInitiative,
  initiativeFromDice,
  initiativePool,
} from "../../../rules/dicepool/initiative.ts";
import type {
  DicepoolInitiativeRoll,
  DicepoolTieRule,
} from "../../../rules/dicepool/initiative.ts";
import type { DicepoolOptions } from "../../../rules/dicepool/options.ts";
import { isPlayerSide, rollOrderDice, settleTies } from "../../combat/order-kit.ts";
import type { Settled } from "../../combat/order-kit.ts";
import { teamIdOf, teamsOf } from "../../combat/state.ts";
import type { CombatLike, CombatantLike } from "../../combat/state.ts";
import { toDicepoolCombatant } from "./adapter.ts";
import { dicepoolOptions, dicepoolTieRule } from "./settings.ts";

/** How many dice the combatant's initiative pool has (0 without an actor or a pool). */
function poolSize(combatant: CombatantLike, options: DicepoolOptions): number {
  if (combatant.actor === null) return 0;
  const pool = initiativePool(toDicepoolCombatant(combatant.actor), options);
  return pool.ok ? pool.value.dice : 0;
}

/** Rolls `dice` dice of the pool's size with one core Roll (to the chat) and returns their faces. */
async function rollFaces(dice: number, options: DicepoolOptions, whose: string): Promise<number[]> {
  if (dice <= 0) return [];
  const roll = await rollOrderDice(`${String(dice)}d${String(options.dieSides)}`, whose);
  return roll.dice.flatMap((term) => term.results.map((result) => result.result));
}

export async function dicepoolRollOrder(
  combat: CombatLike,
  options: DicepoolOptions = dicepoolOptions(),
  tieRule: DicepoolTieRule = dicepoolTieRule(),
): Promise<Settled> {
  const teams = teamsOf(combat);
  const playerSide = (c: CombatantLike) => {
    const team = teams.find((t) => t.id === teamIdOf(c));
    return team !== undefined && isPlayerSide(team);
  };
  const hitsOf = async (c: CombatantLike) => {
    const faces = await rollFaces(poolSize(c, options), options, c.id ?? "");
    return initiativeFromDice(c.id ?? "", faces, playerSide(c), options);
  };
  const rolls: DicepoolInitiativeRoll[] = [];
  for (const c of combat.combatants.contents) {
    const roll = await hitsOf(c);
    if (!roll.ok) return roll;
    rolls.push(roll.value);
  }
  return settleTies(dicepoolInitiative(rolls, tieRule), async (id) => {
    const c = combat.combatants.get(id);
    const roll = c === undefined ? null : await hitsOf(c);
    return roll?.ok === true ? roll.value.result : 0;
  });
}
