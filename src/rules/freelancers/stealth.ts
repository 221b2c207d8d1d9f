/**
 * Hide and Search, each a Move-action of the book. Hide: a Stealth check to hide, allowed only
 * while nobody has the hider in sight, which is the GM's call (the shell's card asks the GM).
 * Search: an Investigation check to find something or someone specific; whom it finds is the GM's
 * call too. Both are non-combat skills, so each makes its user a target of opportunity.
 *
 * What being hidden does in a fight, as the book has it: a defender can only dodge an attack it
 * sees (attack.ts: Dodge's favorable needs `defenderSees`), so an attack from a hidden attacker
 * is unseen (the shell's referee sets it from the GM's record of who is hidden). Where the book is silent (options.attackRevealsHidden): the attack gives the
 * attacker away.
 */
import { checkedAs } from "../core/checked.ts";
import type { DiceSource } from "../core/dice.ts";
import { checkChoice } from "../core/names.ts";
import { ok, refuse } from "../core/result.ts";
import type { Result } from "../core/result.ts";
import { provokes, spendAction } from "./actions.ts";
import type { ActionRefusal } from "./actions.ts";
import { checkOptions, checkSpecNumbers, rollCheckSpec } from "./checks.ts";
import type { CheckRoll } from "./checks.ts";
import { checkFreelancer } from "./guard.ts";
import type { FlCheckReason } from "./guard.ts";
import { checkBase } from "./health.ts";
import type { ActionState, FreelancersActor } from "./model.ts";
import { DEFAULT_FREELANCERS_OPTIONS } from "./options.ts";
import type { FreelancersOptions } from "./options.ts";

export type StealthKind = "hide" | "search";
export const STEALTH_KINDS: readonly StealthKind[] = ["hide", "search"];

export interface StealthOutcome {
  readonly kind: StealthKind;
  readonly roll: CheckRoll;
  /** The actor's actions with the Move spent (a Base traded down when the Move is gone). */
  readonly actions: ActionState;
  /** Using a non-combat skill makes the user a target of opportunity. */
  readonly provokes: boolean;
}

/** Hide or Search: the Move-action spent and the check rolled (the GM rules on what it finds). */
export function stealthAction(
  actor: FreelancersActor,
  kind: StealthKind,
  dice: DiceSource,
  options: FreelancersOptions = DEFAULT_FREELANCERS_OPTIONS,
): Result<StealthOutcome, FlCheckReason | ActionRefusal> {
  const spec = kind === "search" ? options.searchCheck : options.hideCheck;
  const bad =
    checkOptions(options) ??
    checkFreelancer(actor, "actor") ??
    checkChoice("kind", kind, STEALTH_KINDS) ??
    checkSpecNumbers(kind, { base: checkBase(actor, spec) });
  if (bad) return bad;
  const actions = spendAction(actor, "move");
  if (!actions.ok) return refuse(actions.reason, { name: actor.name });
  const rolled = rollCheckSpec(
    checkedAs({ base: checkBase(actor, spec) }),
    dice,
    checkedAs(options),
    kind,
  );
  if (!rolled.ok) return rolled;
  return ok({
    kind,
    roll: rolled.value,
    actions: actions.value,
    provokes: provokes({ kind: "nonCombatSkill" }, actions.value, options),
  });
}
