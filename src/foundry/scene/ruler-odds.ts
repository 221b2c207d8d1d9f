/**
 * Odds on the ruler (issue 25): while a token is dragged and its user targets one token, each
 * waypoint's label also says the chance to hit that target from there ("Hit 62 % vs Bandit"). The
 * chance is the ruleset's own exact odds (its API's `odds`, handed to the ruler at registration)
 * with the dialog's defaults (the range band, cover, flanking and the rest as the scene decides
 * them), for the weapon the "Attack my target" key would use (the actor's first weapon), measured
 * as if the token stood at the waypoint (shared/scene.ts `asIfStandingAt`): the token document is
 * not moved. A waypoint from which the weapon cannot reach the target by the ruleset's own range
 * rules (its API's `outOfReach` reads its odds' refusal: a melee weapon's reach, a shot's longest
 * range) says so ("Out of reach of Vex", "Out of range of Vex") instead of a chance; any other
 * refusal says there is no shot. No target, several targets, or no weapon: no odds line.
 */
import type { RulesetApi } from "../api/types.ts";
import { targetedActors } from "../shared/actors.ts";
import { i18n } from "../shared/env.ts";
import { asIfStandingAt } from "../shared/scene.ts";
import type { Point, SceneToken } from "../shared/scene.ts";

/**
 * The ruleset's exact odds of an attack and what its refusals say of range (its API's `odds` and
 * `outOfReach`, through the seam).
 */
export interface AttackOdds {
  readonly odds: NonNullable<RulesetApi["odds"]>;
  readonly outOfReach?: RulesetApi["outOfReach"];
}

/** The ruler's part of a ruleset's API, when it has odds. */
export function attackOddsOf(api: RulesetApi | undefined): AttackOdds | undefined {
  const odds = api?.odds;
  if (odds === undefined) return undefined;
  return api?.outOfReach === undefined ? { odds } : { odds, outOfReach: api.outOfReach };
}

/** The chance as the label shows it: a whole percent. */
export function percentOf(hit: number): number {
  return Number.isFinite(hit) ? Math.round(Math.min(1, Math.max(0, hit)) * 100) : 0;
}

/**
 * The odds line of a waypoint: the token's actor attacking the user's one target with its first
 * weapon as if the token's top-left stood at `at` (pixels), or null when there is nothing to say.
 */
export function rulerOdds(api: AttackOdds, token: SceneToken, at: Point): string | null {
  const attacker = token.actor;
  if (attacker === null) return null;
  const targets = targetedActors();
  const target = targets[0];
  if (target === undefined || targets.length > 1 || target.id === attacker.id) return null;
  // The weapon of the "Attack my target" key (api/index.ts attackTarget): the first one.
  const weapon = attacker.items.find((i) => i.type === "weapon");
  if (weapon === undefined) return null;
  const found = asIfStandingAt(token, at, () =>
    api.odds({ attacker, weapon, target, choices: {} }),
  );
  const loc = i18n();
  const who = { target: target.name };
  if (found.ok)
    return loc.format("FRAY.Scene.Odds.Hit", { ...who, chance: percentOf(found.value.hit) });
  const reach = api.outOfReach?.(found.reason) ?? null;
  if (reach === "reach") return loc.format("FRAY.Scene.Odds.OutOfReach", who);
  if (reach === "range") return loc.format("FRAY.Scene.Odds.OutOfRange", who);
  return loc.format("FRAY.Scene.Odds.NoShot", who);
}
