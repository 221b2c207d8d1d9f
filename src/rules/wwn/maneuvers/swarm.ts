/**
 * Swarming: joining a swarm against one target, and counting the swarmers for its final blow.
 */
import { ok, refuse } from "../../core/result.ts";
import type { Result } from "../../core/result.ts";
import { spendAction } from "../actions.ts";
import type { ActionRefusal, TurnContext } from "../actions.ts";
import type { WwnCombatant } from "../model.ts";
import { DEFAULT_WWN_OPTIONS } from "../options.ts";
import type { WwnOptions } from "../options.ts";
import { actionsOf, checkWwnOptions } from "../valid.ts";
import type { InputRefusalReason } from "../valid.ts";
import { canAct, checkedActor, OWN_TURN, simple, withActions } from "./common.ts";
import type { SimpleOutcome } from "./common.ts";

/** A swarm forming against one target: who has joined, in order. */
export interface Swarm {
  readonly targetId: string;
  readonly members: readonly string[];
}

export type SwarmRefusal =
  ActionRefusal | InputRefusalReason | "notActive" | "swarmFull" | "alreadyInSwarm";

/** Joins a swarm (a Main Action). Up to options.swarmSize may join. */
export function joinSwarm(
  swarm: Swarm,
  actor: WwnCombatant,
  turn: TurnContext = OWN_TURN,
  options: WwnOptions = DEFAULT_WWN_OPTIONS,
): Result<{ swarm: Swarm } & SimpleOutcome, SwarmRefusal> {
  const bad = checkWwnOptions(options);
  if (bad) return bad;
  const me = checkedActor(actor);
  if (!me.ok) return me;
  if (!canAct(actor)) return refuse("notActive");
  if (swarm.members.includes(actor.id)) return refuse("alreadyInSwarm");
  if (swarm.members.length >= options.swarmSize) return refuse("swarmFull");
  const spent = spendAction(actionsOf(me.value), "main", turn);
  if (!spent.ok) return spent;
  return ok({
    swarm: { ...swarm, members: [...swarm.members, actor.id] },
    ...simple(actor, withActions(actor, spent.value)),
  });
}

/** The other swarmers still standing, for the final blow's `{ kind: "swarm", allies }`. */
export function swarmAllies(
  swarm: Swarm,
  strikerId: string,
  standing: (id: string) => boolean,
): number {
  return swarm.members.filter((id) => id !== strikerId && standing(id)).length;
}
