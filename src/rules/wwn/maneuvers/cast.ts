/**
 * Cast a Spell (a Main Action). A caster may not cast in a round in which it has lost hit points,
 * drawn or stowed something with its casting hand, or been badly jostled (the GM's call); casting
 * spends one of its spell slots. The spell's own effect is its text, which the card shows for the
 * table to apply.
 *
 * Spell slots are one pool (`value` of `max`): the chapter only says a fizzled spell wastes its
 * slot; the count of slots is the class's, kept on the character. A caster with no slot at all
 * (max 0) is no caster.
 */
import { checkNumber, NUMBER_RULES } from "../../core/guard.ts";
import { ok, refuse } from "../../core/result.ts";
import type { Result } from "../../core/result.ts";
import { spendAction } from "../actions.ts";
import type { TurnContext } from "../actions.ts";
import { diffAll } from "../changes.ts";
import type { WwnUpdate } from "../changes.ts";
import type { WwnCombatant } from "../model.ts";
import { actionsOf } from "../valid.ts";
import { canAct, checkedActor, OWN_TURN, withActions } from "./common.ts";
import type { ManeuverRefusal } from "./common.ts";

/** Where the caster's spell slots are written. */
export const SPELL_SLOTS_PATH = "system.spellSlots.value";

/** What happened to the caster this round that stops a spell (read from the referee's record). */
export interface CastHindrance {
  /** It lost hit points this round. */
  readonly hurt: boolean;
  /** It drew or stowed an item (with its casting hand) this round. */
  readonly handBusy: boolean;
  /** The GM called it badly jostled. */
  readonly jostled: boolean;
}

export const UNHINDERED: CastHindrance = { hurt: false, handBusy: false, jostled: false };

export type CastRefusal =
  ManeuverRefusal | "notACaster" | "noSpellSlot" | "castHurt" | "castHandBusy" | "castJostled";

export interface CastOutcome {
  readonly actor: WwnCombatant;
  /** Spell slots left after this one. */
  readonly slotsLeft: number;
  readonly updates: readonly WwnUpdate[];
}

/**
 * Casts a spell: pays the Main Action and one spell slot of `slots`. Refused (changing nothing)
 * on a bad number, without a slot, when hindered this round, or without a Main Action left.
 */
export function castSpell(
  caster: WwnCombatant,
  slots: { readonly value: number; readonly max: number },
  hindrance: CastHindrance = UNHINDERED,
  turn: TurnContext = OWN_TURN,
): Result<CastOutcome, CastRefusal> {
  const me = checkedActor(caster);
  if (!me.ok) return me;
  const bad =
    checkNumber("slots.max", slots.max, NUMBER_RULES.count) ??
    checkNumber("slots.value", slots.value, { ...NUMBER_RULES.count, max: slots.max });
  if (bad) return bad;
  if (!canAct(caster)) return refuse("notActive");
  if (slots.max === 0) return refuse("notACaster");
  if (hindrance.hurt) return refuse("castHurt");
  if (hindrance.handBusy) return refuse("castHandBusy");
  if (hindrance.jostled) return refuse("castJostled");
  if (slots.value < 1) return refuse("noSpellSlot");
  const spent = spendAction(actionsOf(me.value), "main", turn);
  if (!spent.ok) return spent;
  const after = withActions(caster, spent.value);
  const slotsLeft = slots.value - 1;
  return ok({
    actor: after,
    slotsLeft,
    updates: [
      ...diffAll([[caster, after]]),
      { actorId: caster.id, changes: { [SPELL_SLOTS_PATH]: slotsLeft } },
    ],
  });
}
