/**
 * The WWN actions a sheet (or a macro) calls: attack, Total Defense, going prone and standing up,
 * readying or stowing a weapon, reloading, Fighting Withdrawal, Run, Hold and Delay. Each one
 * checks with the rules, writes through the adapter and, in a started combat, spends the action it
 * costs (Main, Move, On Turn, Instant); a refusal is a warning that changes nothing. Outside a
 * combat the action economy is not tracked (so Fighting Withdrawal, Run, Hold and Delay write
 * nothing there; standing up and reloading still do).
 */
import type { Result } from "../../../rules/core/result.ts";
import type { AttackSituation } from "../../../rules/wwn/attack.ts";
import type { WwnUpdate } from "../../../rules/wwn/changes.ts";
import {
  delay,
  dropItem,
  fightingWithdrawal,
  goProne,
  hold,
  joinSwarm,
  moveRate,
  pickUp,
  readyOrStow,
  refillAmmo,
  releaseGrapple,
  reload,
  run,
  screenAlly,
  standUp,
  totalDefense as totalDefenseRule,
} from "../../../rules/wwn/maneuvers.ts";
import type { Swarm } from "../../../rules/wwn/maneuvers.ts";
import { DEFAULT_WWN_OPTIONS } from "../../../rules/wwn/options.ts";
import { SYSTEM_ID } from "../../constants.ts";
import { turnStateOf } from "../../combat/state.ts";
import { ok, refuse } from "../../../rules/core/result.ts";
import { targetedActors } from "../../shared/actors.ts";
import { applyWwnUpdates, combatantId, toWwnCombatant, toWwnWeapon } from "./adapter.ts";
import { promptWwnAttack } from "./attack/dialog.ts";
import {
  combatantNow,
  declareWwnAttack,
  inCombat,
  startedCombatantOf,
  turnOf,
  warnWwnRefusal,
} from "./attack/workflow.ts";

/**
 * Attack with a weapon at the one targeted token: opens the dialog, then rolls and posts the card.
 * `situation` skips the dialog (macros, tests).
 */
export async function wwnAttack(
  actor: Actor.Implementation,
  weapon: Item.Implementation,
  situation?: AttackSituation,
): Promise<ChatMessage.Implementation | null> {
  const targets = targetedActors();
  let chosen = situation;
  const target = targets[0];
  if (chosen === undefined && target !== undefined && targets.length === 1) {
    const picked = await promptWwnAttack(
      combatantNow(actor),
      toWwnCombatant(target),
      toWwnWeapon(weapon),
    );
    if (picked === null) return null;
    chosen = picked;
  }
  return declareWwnAttack(actor, weapon, targets, chosen ?? {});
}

/** Writes a maneuver's outcome (without the action economy outside combat), or warns. */
async function perform(
  actor: Actor.Implementation,
  result: Result<{ updates: readonly WwnUpdate[] }>,
): Promise<boolean> {
  if (!result.ok) {
    warnWwnRefusal(result);
    return false;
  }
  const tracked = inCombat(actor);
  const updates = result.value.updates.map((u) =>
    tracked
      ? u
      : {
          ...u,
          changes: Object.fromEntries(
            Object.entries(u.changes).filter(
              ([path]) =>
                !path.startsWith("system.actions.") ||
                path === "system.actions.totalDefense" ||
                path === "system.actions.shockProof",
            ),
          ),
        },
  );
  await applyWwnUpdates(updates.filter((u) => Object.keys(u.changes).length > 0));
  return true;
}

/**
 * Total Defense (an Instant that costs the Main Action): +2 AC until the actor's next turn and no
 * Shock this round. Outside combat it holds until a combat's first round begins.
 */
export async function wwnTotalDefense(actor: Actor.Implementation): Promise<boolean> {
  return perform(actor, totalDefenseRule(combatantNow(actor)));
}

/** Go Prone (On Turn) or Stand Up (a Move action). */
export async function wwnToggleProne(actor: Actor.Implementation): Promise<boolean> {
  const me = combatantNow(actor);
  const turn = turnOf(actor);
  return perform(actor, me.prone ? standUp(me, turn) : goProne(me, turn));
}

/** Ready or Stow a weapon (a Main Action). */
export async function wwnToggleReadied(
  actor: Actor.Implementation,
  weapon: Item.Implementation,
): Promise<boolean> {
  const w = toWwnWeapon(weapon);
  return perform(actor, readyOrStow(combatantNow(actor), w, !w.readied, turnOf(actor)));
}

/**
 * Reload a weapon: a crossbow takes the Main Action, a bow a Move action (On Turn with Shoot-1),
 * each drawing one of its counted ammunition (refused when none is left); a weapon with a counted
 * magazine is filled back (a Main Action). Ammunition a weapon does not count is taken to be
 * readied.
 */
export async function wwnReload(
  actor: Actor.Implementation,
  weapon: Item.Implementation,
): Promise<boolean> {
  return perform(actor, reload(combatantNow(actor), toWwnWeapon(weapon), true, turnOf(actor)));
}

/** Ready a fresh quiver or case for a bow or crossbow (a Main Action): its count back to full. */
export async function wwnRefill(
  actor: Actor.Implementation,
  weapon: Item.Implementation,
): Promise<boolean> {
  return perform(actor, refillAmmo(combatantNow(actor), toWwnWeapon(weapon), turnOf(actor)));
}

/**
 * Fighting Withdrawal (a Main Action): the actor may leave melee this round without free attacks.
 * Pressing the button is the player saying the actor is in melee.
 */
export async function wwnFightingWithdrawal(actor: Actor.Implementation): Promise<boolean> {
  return perform(actor, fightingWithdrawal(combatantNow(actor), true, turnOf(actor)));
}

/** Whether someone in the actor's started combat is holding it in a grapple. */
function grappledNow(actor: Actor.Implementation): boolean {
  const started = startedCombatantOf(actor);
  if (started === null) return false;
  const id = combatantId(actor);
  return started.combat.combatants.contents.some(
    (c) => c.actor !== null && toWwnCombatant(c.actor).grappling === id,
  );
}

/**
 * Run (a Move action): `feet` (default the actor's full move rate, halved when prone). A shorter
 * run leaves the rest of the Move for later, as long as no Main Action comes between.
 */
export async function wwnRun(actor: Actor.Implementation, feet?: number): Promise<boolean> {
  const me = combatantNow(actor);
  const rate = feet === undefined ? moveRate(me) : ok(feet);
  if (!rate.ok) return perform(actor, rate);
  return perform(actor, run(me, rate.value, { grappled: grappledNow(actor), turn: turnOf(actor) }));
}

/** Whether someone in the actor's started combat is grappling it (the sheet offers Break free). */
export function wwnGrappled(actor: Actor.Implementation): boolean {
  return grappledNow(actor);
}

/**
 * Screen an Ally (a Move action, moving `feet` towards it first): until the actor's next turn,
 * attacks on the ally may be turned onto it (the referee rolls that when the attack comes).
 */
export async function wwnScreen(
  actor: Actor.Implementation,
  allyId: string,
  feet = 0,
): Promise<boolean> {
  if (allyId === "") return perform(actor, refuse("noScreenTarget"));
  return perform(actor, screenAlly(combatantNow(actor), allyId, feet, turnOf(actor)));
}

/** Lets go of the grappled captive. */
export async function wwnRelease(actor: Actor.Implementation): Promise<boolean> {
  return perform(actor, releaseGrapple(combatantNow(actor)));
}

/** Drop an item (an Instant): the weapon is no longer readied. */
export async function wwnDrop(
  actor: Actor.Implementation,
  weapon: Item.Implementation,
): Promise<boolean> {
  const w = toWwnWeapon(weapon);
  if (!w.readied) return perform(actor, refuse("alreadyThatWay"));
  return perform(actor, dropItem(combatantNow(actor), w));
}

/** Pick up an item (a Move action): the weapon ends up readied in hand. */
export async function wwnPickUp(
  actor: Actor.Implementation,
  weapon: Item.Implementation,
): Promise<boolean> {
  const w = toWwnWeapon(weapon);
  if (w.readied) return perform(actor, refuse("alreadyThatWay"));
  return perform(actor, pickUp(combatantNow(actor), w, turnOf(actor)));
}

/** Hold an Action (a Move action on its own turn): the rest may be used later, as Instants. */
export async function wwnHold(actor: Actor.Implementation): Promise<boolean> {
  return perform(actor, hold(combatantNow(actor), turnOf(actor)));
}

/**
 * Delay an Action (On Turn) until the participant `afterId` (an actor's combatant id, as
 * `combatantId` gives it) has acted; the combat hands the actions back when that one's turn ends.
 * In a started combat a participant to wait for is needed.
 */
export async function wwnDelay(actor: Actor.Implementation, afterId: string): Promise<boolean> {
  if (afterId === "" && inCombat(actor)) return perform(actor, refuse("noDelayTarget"));
  return perform(actor, delay(combatantNow(actor), afterId, turnOf(actor)));
}

/** The other participants of the actor's started combat it may delay for: id and name. */
export function wwnDelayTargets(actor: Actor.Implementation): { id: string; name: string }[] {
  const started = startedCombatantOf(actor);
  if (started === null) return [];
  const me = combatantId(actor);
  return started.combat.combatants.contents.flatMap((c) => {
    if (c.actor === null) return [];
    const id = combatantId(c.actor);
    return id === me ? [] : [{ id, name: c.name ?? c.actor.name }];
  });
}

/** The actor flag (under flags.fray) naming the swarm it joined: target, combat and round. */
const SWARM_FLAG = "wwnSwarm";

/** The swarm an actor joined, read defensively from its flag (null when none or malformed). */
function swarmMarkOf(
  actor: Actor.Implementation,
): { targetId: string; combatId: string; round: number } | null {
  const flags = (actor as { flags?: Record<string, unknown> }).flags;
  const ours = flags?.[SYSTEM_ID] as Record<string, unknown> | undefined;
  const mark: unknown = ours?.[SWARM_FLAG];
  if (typeof mark !== "object" || mark === null) return null;
  const { targetId, combatId, round } = mark as Record<string, unknown>;
  if (typeof targetId !== "string" || typeof combatId !== "string") return null;
  if (typeof round !== "number") return null;
  return { targetId, combatId, round };
}

/**
 * The swarm forming against `targetId` in the actor's started combat: the participants who joined
 * it this round, in the combat's order (a swarm does not outlast its round). Null outside combat.
 */
export function wwnSwarmAgainst(actor: Actor.Implementation, targetId: string): Swarm | null {
  const started = startedCombatantOf(actor);
  if (started === null) return null;
  const { combat } = started;
  const round = turnStateOf(combat).round;
  const members = combat.combatants.contents.flatMap((c) => {
    if (c.actor === null) return [];
    const mark = swarmMarkOf(c.actor);
    return mark !== null &&
      mark.targetId === targetId &&
      mark.combatId === combat.id &&
      mark.round === round
      ? [combatantId(c.actor)]
      : [];
  });
  return { targetId, members };
}

/**
 * Join a Swarm (a Main Action) against the one targeted token: up to four assailants join in a
 * round; the last one then makes the swarm's blow from the attack dialog. Only in a started combat.
 */
export async function wwnJoinSwarm(actor: Actor.Implementation): Promise<boolean> {
  const targets = targetedActors();
  const target = targets.length === 1 ? targets[0] : undefined;
  if (target === undefined) return perform(actor, refuse("noSwarmTarget"));
  const started = startedCombatantOf(actor);
  if (started === null) return perform(actor, refuse("swarmNeedsCombat"));
  const targetId = combatantId(target);
  const swarm = wwnSwarmAgainst(actor, targetId) ?? { targetId, members: [] };
  const joined = joinSwarm(swarm, combatantNow(actor), turnOf(actor));
  if (!joined.ok) {
    const size = DEFAULT_WWN_OPTIONS.swarmSize;
    return perform(actor, joined.reason === "swarmFull" ? refuse("swarmFull", { size }) : joined);
  }
  const me = combatantId(actor);
  const prefix = `flags.${SYSTEM_ID}.${SWARM_FLAG}`;
  const mark = {
    [`${prefix}.targetId`]: targetId,
    [`${prefix}.combatId`]: started.combat.id ?? "",
    [`${prefix}.round`]: turnStateOf(started.combat).round,
  };
  const own = joined.value.updates.some((u) => u.actorId === me && u.itemId === undefined);
  const updates = own
    ? joined.value.updates.map((u) =>
        u.actorId === me && u.itemId === undefined
          ? { ...u, changes: { ...u.changes, ...mark } }
          : u,
      )
    : [...joined.value.updates, { actorId: me, changes: mark }];
  return perform(actor, ok({ updates }));
}
