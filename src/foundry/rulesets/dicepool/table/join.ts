/**
 * Joining a fight already under way ("dicepool.join", a declaration of the one card protocol):
 * one added to a started combat has rolled no initiative, so the order would put it last. Its
 * owner (or the GM) presses _Roll in_ on the sheet; the referee rolls its initiative pool as at
 * the start of a battle (rules/dicepool/initiative.ts, core Roll) and writes the hits as the
 * combatant's initiative; the order takes it in its place without anybody rerolling (the combat
 * reconciles on the update). With the Initiative Damage plugin on, the ledger's initiative starts
 * there too. One roll: a combatant with an initiative is refused.
 */
import { refuse } from "../../../../rules/core/result.ts";
import type { Result } from "../../../../rules/core/result.ts";
import { initiativePool } from "../../../../rules/dicepool/initiative.ts";
import { scorePool } from "../../../../rules/dicepool/pool.ts";
import { cardDeclaration, declareCard } from "../../../cards/protocol.ts";
import { fightOf } from "../../../combat/ledger.ts";
import { turnStateOf } from "../../../combat/state.ts";
import { owns, showDice } from "../../../shared/cards.ts";
import { withDice } from "../../../shared/dice.ts";
import { currentUser, i18n } from "../../../shared/env.ts";
import type { Fight } from "../budget.ts";
import { writeLedger } from "../budget.ts";
import { postLines } from "../cards/line-card.ts";
import { combatantId, resolveActor, toDicepoolCombatant, warnDicepoolRefusal } from "../adapter.ts";
import { initiativeNote } from "../initiative.ts";
import { dicepoolOptions } from "../settings.ts";

export const DICEPOOL_JOIN = "dicepool.join";

interface JoinRequest {
  readonly actorId: string;
}

/** Whether the actor fights in a started combat and has rolled no initiative there. */
export function mayRollIn(actor: Actor.Implementation): boolean {
  return joinCheck(actor, currentUser()).ok;
}

function joinCheck(actor: Actor.Implementation | null, user: User.Implementation): Result<Fight> {
  if (actor === null) return refuse("noSuchTarget");
  if (!(user.isGM || owns(actor, user))) return refuse("notAllowed");
  const fight = fightOf(actor);
  if (fight === null || turnStateOf(fight.combat).round < 1) return refuse("needsCombat");
  if (typeof fight.combatant.initiative === "number") return refuse("alreadyRolledIn");
  return { ok: true, value: fight };
}

export const joinDeclaration = cardDeclaration<JoinRequest>({
  kind: DICEPOOL_JOIN,
  parse: (raw) => {
    const actorId = (raw as { actorId?: unknown } | null)?.actorId;
    return typeof actorId === "string" ? { actorId } : null;
  },
  referee: async ({ actorId }, sender) => {
    const actor = resolveActor(actorId);
    const checked = joinCheck(actor, sender);
    if (!checked.ok || actor === null) return checked.ok ? refuse("noSuchTarget") : checked;
    const options = dicepoolOptions();
    const pool = initiativePool(toDicepoolCombatant(actor), options);
    if (!pool.ok) return pool;
    const rolled = await withDice((dice) => scorePool(pool.value.dice, "rolled", dice, options));
    if (!rolled.value.ok) return rolled.value;
    const hits = rolled.value.value.hits;
    await fightOf(actor)?.combatant.update({ initiative: hits });
    if (options.initiativeDamage) await writeLedger(initiativeNote(checked.value, hits));
    const line = i18n().format("FRAY.Dicepool.Act.RolledIn", { name: actor.name, hits });
    const message = await postLines(actor, [line], "fray-dp-act");
    if (message !== null) await showDice(message, rolled.rolls);
    return { ok: true, value: message?.id };
  },
  warn: warnDicepoolRefusal,
});

/** The sheet's _Roll in_: checked here first, then declared to the referee. */
export async function rollIn(actor: Actor.Implementation): Promise<boolean> {
  const checked = joinCheck(actor, currentUser());
  if (!checked.ok) {
    warnDicepoolRefusal(checked);
    return false;
  }
  return (await declareCard(DICEPOOL_JOIN, { actorId: combatantId(actor) })).ok;
}
