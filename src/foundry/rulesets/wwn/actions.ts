/**
 * The WWN actions a sheet (or a macro) calls: attack, Total Defense, going prone and standing up,
 * readying or stowing a weapon. Each one checks with the rules, writes through the adapter and,
 * in a started combat, spends the action it costs (Main, Move, On Turn, Instant); a refusal is a
 * warning that changes nothing. Outside a combat the action economy is not tracked.
 */
import type { Result } from "../../../rules/core/result.ts";
import type { AttackSituation } from "../../../rules/wwn/attack.ts";
import type { WwnUpdate } from "../../../rules/wwn/changes.ts";
import {
  goProne,
  readyOrStow,
  standUp,
  totalDefense as totalDefenseRule,
} from "../../../rules/wwn/maneuvers.ts";
import { targetedActors } from "../../shared/actors.ts";
import { applyWwnUpdates, toWwnCombatant, toWwnWeapon } from "./adapter.ts";
import { promptWwnAttack } from "./attack/dialog.ts";
import {
  combatantNow,
  declareWwnAttack,
  inCombat,
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
