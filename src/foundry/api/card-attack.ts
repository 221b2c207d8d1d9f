/**
 * The public API's attack for a ruleset whose attack is a declaration of the card protocol with
 * the shared attack intent (shared/attack.ts: ids, the ruleset's choices, the roll mode): the
 * macro's choices go over the dialog's defaults and are read by the referee's own parser (so a
 * player's GM calls are dropped here as the referee drops them), the sheet's check runs on this
 * client (a refusal is the ruleset's warning and nothing is sent), then the same declaration as
 * the sheet's button. The referee checks again, including that the sender owns the attacker.
 */
import { ok, refuse } from "../../rules/core/result.ts";
import type { Refusal, Result } from "../../rules/core/result.ts";
import { declareCard } from "../cards/protocol.ts";
import { declareIntent } from "../shared/attack.ts";
import type { SituationParser } from "../shared/attack.ts";
import { currentUser } from "../shared/env.ts";
import type { RefereeOutcome } from "../shared/referee.ts";
import type { AttackOddsData, AttackRequest, RulesetApi } from "./types.ts";

/** How a ruleset's attack is declared: what its sheet's button does after the dialog. */
export interface CardAttack<S> {
  /** The card protocol's kind of the attack's declaration. */
  readonly kind: string;
  /** The referee's own reading of the choices (null: malformed). */
  readonly parse: SituationParser<S>;
  /** The dialog's defaults for this attack (what the scene pre-fills); none by default. */
  readonly defaults?: (request: AttackRequest, weapon: Item.Implementation) => object;
  /** The sheet's check on this client, before anything is sent. */
  readonly check: (
    attacker: Actor.Implementation,
    weapon: Item.Implementation,
    targets: readonly Actor.Implementation[],
    situation: S,
  ) => { readonly ok: true } | Refusal;
  /** Shows the ruleset's refusal in the user's language. */
  readonly warn: (refusal: Refusal, attacker: Actor.Implementation) => void;
}

/** The request's weapon; bare hands and other items are not attacks with a weapon here. */
export function weaponOf(request: AttackRequest): Result<Item.Implementation> {
  const weapon = request.weapon;
  return weapon === null || weapon.type !== "weapon" ? refuse("notAWeapon") : ok(weapon);
}

/**
 * The situation of an attack request: the macro's choices over the dialog's defaults, read as
 * the referee reads them from this user; `badChoices` when the referee would not read them.
 */
export function situationOf<S>(
  spec: CardAttack<S>,
  request: AttackRequest,
  weapon: Item.Implementation,
): Result<S> {
  const raw = { ...spec.defaults?.(request, weapon), ...request.choices };
  const parsed = spec.parse(raw, currentUser().isGM);
  return parsed === null ? refuse("badChoices") : ok(parsed);
}

/** Declares the attack as the sheet's button does; `value` is the card's message id. */
export async function declareCardAttack<S>(
  spec: CardAttack<S>,
  request: AttackRequest,
): Promise<RefereeOutcome> {
  const weapon = weaponOf(request);
  if (!weapon.ok) {
    spec.warn(weapon, request.attacker);
    return weapon;
  }
  // A malformed choice is the API's own refusal (the API shows it).
  const situation = situationOf(spec, request, weapon.value);
  if (!situation.ok) return situation;
  const { attacker, target } = request;
  const checked = spec.check(attacker, weapon.value, [target], situation.value);
  if (!checked.ok) {
    spec.warn(checked, attacker);
    return checked;
  }
  return declareCard(spec.kind, declareIntent(attacker, weapon.value, target, situation.value));
}

/**
 * The odds of an attack request: the weapon and the situation read as for the declaration, then
 * the ruleset's exact odds of them (`odds`), as the API reports them (`pick`), or the first refusal.
 */
export function cardAttackOdds<S, O>(
  spec: CardAttack<S>,
  request: AttackRequest,
  odds: (weapon: Item.Implementation, situation: S) => Result<O>,
  pick: (odds: O) => AttackOddsData,
): Result<AttackOddsData> {
  const weapon = weaponOf(request);
  if (!weapon.ok) return weapon;
  const situation = situationOf(spec, request, weapon.value);
  if (!situation.ok) return situation;
  const found = odds(weapon.value, situation.value);
  return found.ok ? ok(pick(found.value)) : found;
}

/**
 * A ruleset's API on the card protocol: its attack declared like the sheet's button, and its odds
 * (`odds`: the rules' exact odds for the request's weapon and situation) as the API reports them
 * (`pick`).
 */
export function cardAttackApi<S, O>(
  spec: CardAttack<S>,
  odds: (request: AttackRequest, weapon: Item.Implementation, situation: S) => Result<O>,
  pick: (odds: O) => AttackOddsData,
): RulesetApi {
  return {
    attack: (request) => declareCardAttack(spec, request),
    odds: (request) =>
      cardAttackOdds(spec, request, (weapon, situation) => odds(request, weapon, situation), pick),
  };
}
