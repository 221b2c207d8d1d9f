/**
 * Turning to fire, as the GM measures it on the map (rules/twodice/facing.ts): a fighter faces the
 * way its token is rotated (core's `TokenDocument#rotation`). When a round starts (the book's
 * turn), the referee writes down each fighter's rotation in the fight's ledger, which only the GM
 * writes; a shot then compares the shooter's rotation now, and the bearing to its target, with
 * that one. A shooter that turned, or must turn, more than 90° shoots with its weapon's Defense,
 * whatever its player ticked. With no token, or none written down, nothing is measured.
 */
import { turnsToFire } from "../../../../rules/twodice/facing.ts";
import { actorLedgerEntry } from "../../../combat/ledger.ts";
import type { EventCombatant } from "../../../combat/events.ts";
import type { ActorChange } from "../../../combat/events.ts";
import type { CombatLike } from "../../../combat/state.ts";
import { centerOf, tokenOf } from "../../../shared/scene.ts";
import type { SceneToken } from "../../../shared/scene.ts";

/** The ledger key of a fighter's rotation when the round began. */
export const TWODICE_FACING = "twodiceFacing";

/** A token's rotation in degrees (core's field; 0 when it holds none). */
function rotationOf(token: SceneToken): number {
  const r = (token as unknown as { rotation?: unknown }).rotation;
  return typeof r === "number" && Number.isFinite(r) ? r : 0;
}

/** Each fighter's rotation as the round starts, as ledger entries (with the round's others). */
export function facingAtRoundStart(
  combat: CombatLike,
  combatants: readonly EventCombatant[],
): ActorChange[] {
  const out: ActorChange[] = [];
  for (const c of combatants) {
    const actor = combat.combatants.get(c.combatantId)?.actor ?? null;
    const token = actor === null ? null : tokenOf(actor);
    if (token === null) continue;
    out.push({
      combatantId: c.combatantId,
      changes: {},
      ledger: { [TWODICE_FACING]: { rotation: rotationOf(token) } },
    });
  }
  return out;
}

/**
 * Whether the shooter turned more than 90° this round, or must to face the target (false with no
 * tokens on one scene, or with nothing written down: then the round's start is now).
 */
export function turnedToFire(shooter: Actor.Implementation, target: Actor.Implementation): boolean {
  const from = tokenOf(shooter);
  const to = tokenOf(target);
  if (from === null || to === null || from.parent?.id !== to.parent?.id) return false;
  const stored = actorLedgerEntry(shooter, TWODICE_FACING) as { rotation?: unknown } | undefined;
  const now = rotationOf(from);
  const start = typeof stored?.rotation === "number" ? stored.rotation : now;
  const turned = turnsToFire({ atTurnStart: start, now }, centerOf(from), centerOf(to));
  return turned.ok && turned.value;
}
