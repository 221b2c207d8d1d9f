/**
 * What a dice-pool attack does to initiative (the Initiative Damage plugin), on the referee: the
 * initiative is the ledger's record (initiative.ts), never the actors' own field, so the rules'
 * changes to it are taken out of the actors' updates and written as ledger notes; a Finishing
 * Move that took its victim down has the attacker roll its initiative pool anew (core Roll).
 */
import type { Checked } from "../../../../rules/core/checked.ts";
import { DICEPOOL_FIELD_PATHS } from "../../../../rules/dicepool/changes.ts";
import type { DicepoolUpdate } from "../../../../rules/dicepool/changes.ts";
import type { AttackOutcome } from "../../../../rules/dicepool/attack.ts";
import { initiativePool } from "../../../../rules/dicepool/initiative.ts";
import type { DicepoolCombatant } from "../../../../rules/dicepool/model.ts";
import type { DicepoolOptions } from "../../../../rules/dicepool/options.ts";
import { scorePool } from "../../../../rules/dicepool/pool.ts";
import { fightOf } from "../../../combat/ledger.ts";
import { showDice } from "../../../shared/cards.ts";
import { withDice } from "../../../shared/dice.ts";
import { resolveActor, toDicepoolCombatant } from "../adapter.ts";
import type { LedgerNote } from "../budget.ts";
import type { DicepoolAttackCardState } from "../cards/attack-card.ts";
import { initiativeNote } from "../initiative.ts";

/** The updates without the actors' own initiative: the plugin's is the ledger's (initiative.ts). */
export function withoutInitiative(updates: readonly DicepoolUpdate[]): DicepoolUpdate[] {
  const path = DICEPOOL_FIELD_PATHS.initiative;
  return updates.flatMap(({ actorId, changes }) => {
    const kept = Object.fromEntries(Object.entries(changes).filter(([key]) => key !== path));
    return Object.keys(kept).length === 0 ? [] : [{ actorId, changes: kept }];
  });
}

/** The initiative an attack on initiative or a Finishing Move moved, as ledger notes. */
export function initiativeMoved(
  card: DicepoolAttackCardState,
  outcome: AttackOutcome,
  before: DicepoolCombatant,
): LedgerNote[] {
  const fightOfId = (id: string) => {
    const actor = resolveActor(id);
    return actor === null ? null : fightOf(actor);
  };
  return [
    ...(outcome.attacker.initiative === card.attacker.initiative
      ? []
      : initiativeNote(fightOfId(card.attackerId), outcome.attacker.initiative)),
    ...(outcome.defender.initiative === before.initiative
      ? []
      : initiativeNote(fightOfId(card.defenderId), outcome.defender.initiative)),
  ];
}

/**
 * A Finishing Move took its victim down: the attacker rolls its initiative pool as at a new
 * battle (core Roll, shown on the card's message); its hits are its initiative, in the ledger.
 */
export async function rerolledInitiative(
  message: ChatMessage.Implementation,
  card: DicepoolAttackCardState,
  options: Checked<DicepoolOptions>,
): Promise<LedgerNote[]> {
  const attackerActor = resolveActor(card.attackerId);
  const fight = attackerActor === null ? null : fightOf(attackerActor);
  if (attackerActor === null || fight === null) return [];
  const pool = initiativePool(toDicepoolCombatant(attackerActor), options);
  if (!pool.ok) return [];
  const rolled = await withDice((source) => scorePool(pool.value.dice, "rolled", source, options));
  if (!rolled.value.ok) return [];
  await showDice(message, rolled.rolls);
  return initiativeNote(fight, rolled.value.value.hits);
}
