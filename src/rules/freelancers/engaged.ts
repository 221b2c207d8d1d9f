/**
 * Who engages an entity in melee: the opponents within whose melee reach it stands. The book makes
 * a ranged attack from there (at anyone but that opponent) a target of opportunity for each of
 * them (attack.ts `provokedBy`), and each may take one attack as its reaction.
 *
 * Where the book is silent: an opponent engages with its longest melee reach among its weapons
 * that are not broken (an opponent with none engages nobody); only an active opponent engages (a
 * Dying, Stable or dead one takes no reaction). The shell measures the distances on the scene.
 */
import { checkNumber } from "../core/guard.ts";
import { checkChoice, checkName } from "../core/names.ts";
import { ok } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import type { FlCheckReason } from "./guard.ts";
import { FL_LIMITS, FL_MAX_DISTANCE } from "./limits.ts";
import { FL_LIFE_STATES } from "./model.ts";
import type { FreelancersLife } from "./model.ts";

/** An opponent near the entity: how far it stands, how far it reaches in melee, its life. */
export interface NearbyOpponent {
  readonly id: string;
  /** Meters from the entity. */
  readonly distance: number;
  /** Its longest melee reach, in meters; null when it has no melee weapon to attack with. */
  readonly reach: number | null;
  readonly life: FreelancersLife;
}

/** The ids of the opponents that engage the entity, in the order given. */
export function engagedBy(
  nearby: readonly NearbyOpponent[],
): Result<readonly string[], FlCheckReason> {
  for (let i = 0; i < nearby.length; i++) {
    const o = nearby[i];
    if (o === undefined) continue;
    const bad =
      checkName(`nearby.${String(i)}.id`, o.id) ??
      checkNumber(`nearby.${String(i)}.distance`, o.distance, { min: 0, max: FL_MAX_DISTANCE }) ??
      (o.reach === null
        ? undefined
        : checkNumber(`nearby.${String(i)}.reach`, o.reach, { min: 0, max: FL_LIMITS.meters })) ??
      checkChoice(`nearby.${String(i)}.life`, o.life, FL_LIFE_STATES);
    if (bad) return bad;
  }
  return ok(
    nearby
      .filter((o) => o.life === "active" && o.reach !== null && o.distance <= o.reach)
      .map((o) => o.id),
  );
}
