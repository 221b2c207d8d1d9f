/**
 * Odds on the ruler (issue 25): while a token is dragged and its user targets one token, each
 * waypoint's label also says the chance to hit that target from there ("Hit 62 % vs Bandit"). The
 * chance is the ruleset's own exact odds (its API's `odds`, handed to the ruler at registration)
 * with the dialog's defaults (the range band, cover, flanking and the rest as the scene decides
 * them), for the weapon the "Attack my target" key would use (the actor's first weapon), measured
 * as if the token stood at the waypoint (shared/scene.ts `asIfStandingAt`): the token document is
 * not moved. A waypoint the ruleset's odds refuse from there says there is no shot. No target,
 * several targets, or no weapon: no odds line.
 */
import type { RulesetApi } from "../api/types.ts";
import { targetedActors } from "../shared/actors.ts";
import { i18n } from "../shared/env.ts";
import { asIfStandingAt } from "../shared/scene.ts";
import type { Point, SceneToken } from "../shared/scene.ts";

/** The ruleset's exact odds of an attack (its API's `odds`, through the seam). */
export type AttackOdds = NonNullable<RulesetApi["odds"]>;

/** The chance as the label shows it: a whole percent. */
export function percentOf(hit: number): number {
  return Number.isFinite(hit) ? Math.round(Math.min(1, Math.max(0, hit)) * 100) : 0;
}

/**
 * The odds line of a waypoint: the token's actor attacking the user's one target with its first
 * weapon as if the token's top-left stood at `at` (pixels), or null when there is nothing to say.
 */
export function rulerOdds(odds: AttackOdds, token: SceneToken, at: Point): string | null {
  const attacker = token.actor;
  if (attacker === null) return null;
  const targets = targetedActors();
  const target = targets[0];
  if (target === undefined || targets.length > 1 || target.id === attacker.id) return null;
  // The weapon of the "Attack my target" key (api/index.ts attackTarget): the first one.
  const weapon = attacker.items.find((i) => i.type === "weapon");
  if (weapon === undefined) return null;
  const found = asIfStandingAt(token, at, () => odds({ attacker, weapon, target, choices: {} }));
  const loc = i18n();
  const who = { target: target.name };
  if (found.ok)
    return loc.format("FRAY.Scene.Odds.Hit", { ...who, chance: percentOf(found.value.hit) });
  return loc.format("FRAY.Scene.Odds.NoShot", who);
}
