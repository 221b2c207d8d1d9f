/**
 * Swarm Attacks at the table. Each assailant joins the swarm against one target (a Main Action,
 * through the referee: table/self.ts); the referee records who joined in its ledger, on the
 * target's combatant, for the round (budget.ts). The blow that closes the swarm is an attack of
 * one of its members (attack/referee.ts): the referee counts its allies itself, the other members
 * still standing, and marks the swarm struck, so the blow comes once and its bonus never comes
 * from the player's payload.
 */
import { ok, refuse } from "../../../../rules/core/result.ts";
import type { Result } from "../../../../rules/core/result.ts";
import { DEFAULT_WWN_OPTIONS, joinSwarm, swarmAllies } from "../../../../rules/wwn/index.ts";
import type { Swarm, TurnContext, WwnCombatant, WwnUpdate } from "../../../../rules/wwn/index.ts";
import { fightOf } from "../../../combat/ledger.ts";
import { isDefeated } from "../../../combat/state.ts";
import { combatantId, resolveActor } from "../adapter.ts";
import { membersByRulesId, swarmAgainst, swarmWrite } from "../budget.ts";
import type { Fight, LedgerWrite, SwarmRecord } from "../budget.ts";

/**
 * The swarm forming against `targetId` (a rules id) in the actor's started combat this round: its
 * members in the order they joined. Null outside a started combat.
 */
export function wwnSwarmAgainst(actor: Actor.Implementation, targetId: string): Swarm | null {
  const fight = fightOf(actor);
  if (fight === null) return null;
  const target = membersByRulesId(fight.combat).get(targetId);
  const members = target === undefined ? [] : swarmAgainst(fight.combat, target).members;
  return { targetId, members };
}

/**
 * Joining the swarm against `targetId` (a Main Action): the actor's updates and the ledger entry
 * that records it. Only in a started combat, against a participant of it, up to the swarm's size.
 */
export function joinSwarmOutcome(
  me: WwnCombatant,
  fight: Fight | null,
  targetId: string,
  turn: TurnContext,
): Result<{ updates: readonly WwnUpdate[]; ledger: LedgerWrite[] }> {
  if (targetId === "") return refuse("noSwarmTarget");
  if (fight === null) return refuse("swarmNeedsCombat");
  const target = membersByRulesId(fight.combat).get(targetId);
  if (target === undefined) return refuse("noSwarmTarget");
  const record = swarmAgainst(fight.combat, target);
  if (record.struck) return refuse("swarmStruck");
  const joined = joinSwarm({ targetId, members: record.members }, me, turn);
  if (!joined.ok) {
    return joined.reason === "swarmFull"
      ? refuse("swarmFull", { size: DEFAULT_WWN_OPTIONS.swarmSize })
      : joined;
  }
  return ok({
    updates: joined.value.updates,
    ledger: [swarmWrite(target, { ...record, members: joined.value.swarm.members })],
  });
}

/** Whether the swarm member with this rules id still stands (acts, and is not out of the fight). */
function standing(fight: Fight, id: string): boolean {
  const actor = resolveActor(id);
  if (actor === null) return false;
  const member = fight.combat.combatants.contents.find(
    (c) => c.actor !== null && combatantId(c.actor) === id,
  );
  const life = (actor.system as unknown as { life?: unknown }).life;
  return life === "active" && (member === undefined || !isDefeated(member));
}

/** The swarm against `target` the striker may close: the fight, its record and the allies. */
function closingSwarm(
  attacker: Actor.Implementation,
  target: Actor.Implementation,
  strikerId: string,
): Result<{ targetCombatant: string; record: SwarmRecord; allies: number }> {
  const fight = fightOf(attacker);
  if (fight === null) return refuse("swarmNeedsCombat");
  const targetCombatant = membersByRulesId(fight.combat).get(combatantId(target));
  if (targetCombatant === undefined) return refuse("notInSwarm");
  const record = swarmAgainst(fight.combat, targetCombatant);
  if (!record.members.includes(strikerId)) return refuse("notInSwarm");
  if (record.struck) return refuse("swarmStruck");
  const swarm = { targetId: combatantId(target), members: record.members };
  const allies = swarmAllies(swarm, strikerId, (id) => standing(fight, id));
  return ok({ targetCombatant, record, allies });
}

/**
 * The blow that closes the swarm against `target`, struck by `strikerId` (the attacker's rules
 * id): how many allies it counts (the other members still standing) and the ledger entry that
 * marks the swarm struck. Refused outside a started combat, for an attacker who did not join, or
 * once the swarm has struck this round.
 */
export function swarmBlow(
  attacker: Actor.Implementation,
  target: Actor.Implementation,
  strikerId: string,
): Result<{ allies: number; write: LedgerWrite }> {
  const closing = closingSwarm(attacker, target, strikerId);
  if (!closing.ok) return closing;
  const { targetCombatant, record, allies } = closing.value;
  return ok({ allies, write: swarmWrite(targetCombatant, { ...record, struck: true }) });
}

/**
 * The allies the attacker's swarm blow against `target` would count now, as the attack dialog
 * shows them (read from the referee's ledger, never typed); null when the attacker has no swarm
 * against it to close.
 */
export function swarmAlliesFor(
  attacker: Actor.Implementation,
  target: Actor.Implementation,
): number | null {
  const closing = closingSwarm(attacker, target, combatantId(attacker));
  return closing.ok ? closing.value.allies : null;
}
