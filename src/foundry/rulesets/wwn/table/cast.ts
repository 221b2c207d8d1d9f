/**
 * Cast a Spell at the table (a Main Action, from a spell's row on the sheet): the referee re-reads
 * the caster and the spell (a technique item marked as a spell, one of the caster's own), reads
 * from its ledger whether the caster lost hit points or readied or stowed something this round
 * (budget.ts markedThisRound), spends the Main Action there and one spell slot on the caster, and
 * posts the maneuver card with the spell's level and text for the table to apply.
 *
 * Being badly jostled is the GM's call the rules take (CastHindrance.jostled); no control sets it
 * yet. A spell fizzling under damage taken while casting needs a held attack to land mid-cast,
 * which the card flow does not interleave: both stay with the GM.
 */
import { refuse } from "../../../../rules/core/result.ts";
import { castSpell } from "../../../../rules/wwn/index.ts";
import { cardDeclaration, declareCard } from "../../../cards/protocol.ts";
import { postedCard, rollModeNow } from "../../../shared/attack.ts";
import { combatantId, refusalFor, warnWwnRefusal } from "../adapter.ts";
import { applyWwnOutcome, markedThisRound } from "../budget.ts";
import { maneuverKind, postManeuverCard, refereeManeuverFrame } from "./maneuver-card.ts";
import type { WwnManeuverIntent } from "./maneuver-card.ts";

const CAST = "cast" as const;

export interface WwnCastIntent extends WwnManeuverIntent {
  readonly spellId: string;
}

interface SpellSystem {
  spell?: boolean;
  spellLevel?: number;
  description?: string;
}

function parseCastIntent(raw: unknown): WwnCastIntent | null {
  if (typeof raw !== "object" || raw === null) return null;
  const { actorId, spellId, rollMode } = raw as Record<string, unknown>;
  if (typeof actorId !== "string" || typeof spellId !== "string") return null;
  return {
    actorId,
    spellId,
    rollMode: typeof rollMode === "string" ? rollMode : "publicroll",
  };
}

/** A spell's text as one plain line for the card (its HTML tags dropped; the card escapes it). */
function plainText(html: string): string {
  return html
    .replace(/<\/?(p|div|br|li|ul|ol|h\d)\b[^>]*>/gi, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

export const wwnCastDeclaration = cardDeclaration<WwnCastIntent>({
  kind: maneuverKind(CAST),
  parse: parseCastIntent,
  warn: warnWwnRefusal,
  referee: (intent, sender) =>
    refereeManeuverFrame(CAST, intent, sender, async (scene) => {
      const spell = scene.actor.items.get(intent.spellId);
      const system = spell?.system as SpellSystem | undefined;
      if (spell === undefined || spell.type !== "technique" || system?.spell !== true) {
        return refuse("notASpell");
      }
      const slots = (
        scene.actor.system as unknown as { spellSlots: { value: number; max: number } }
      ).spellSlots;
      const hindrance = {
        hurt: markedThisRound(scene.fight, "hurt"),
        handBusy: markedThisRound(scene.fight, "hand"),
        jostled: markedThisRound(scene.fight, "jostled"),
      };
      const out = castSpell(scene.me, slots, hindrance, scene.turn);
      if (!out.ok) return refusalFor(out, scene.actor);
      await applyWwnOutcome(out.value.updates, scene.fight?.combat ?? null);
      const effect = plainText(system.description ?? "");
      const card = {
        kind: CAST,
        actorName: scene.me.name,
        targetName: null,
        weaponName: spell.name,
        hit: null,
        checks: [],
        result: "FRAY.Wwn.Maneuver.Result.cast",
        resultData: {
          actor: scene.me.name,
          spell: spell.name,
          level: String(system.spellLevel ?? 1),
          slots: String(out.value.slotsLeft),
          effect,
        },
      };
      const message = await postManeuverCard(scene.actor, card, [], intent, sender);
      return message === null ? refuse("failed") : { ok: true, value: message.id };
    }),
});

/** Casts the spell (a Main Action); a refusal is a localized warning. Returns the card, or null. */
export async function wwnCastSpell(
  actor: Actor.Implementation,
  spell: Item.Implementation,
): Promise<ChatMessage.Implementation | null> {
  const intent: WwnCastIntent = {
    actorId: combatantId(actor),
    spellId: spell.id ?? "",
    rollMode: rollModeNow(),
  };
  return postedCard(await declareCard(maneuverKind(CAST), intent));
}
