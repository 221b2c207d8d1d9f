/**
 * Cast a Spell at the table (a Main Action, from a spell's row on the sheet): the referee re-reads
 * the caster and the spell (a technique item marked as a spell, one of the caster's own), reads
 * from its ledger whether the caster lost hit points or readied or stowed something this round
 * (budget.ts markedThisRound), spends the Main Action there and one spell slot on the caster, and
 * posts the maneuver card with the spell's level and text for the table to apply.
 *
 * Being badly jostled is the GM's call (the sheet's Jostled button, marks.ts). A spell fizzles when
 * the caster loses hit points while casting, as when someone who held an action strikes at that
 * moment: so while anyone else in the caster's combat holds an action, the card waits ("casting")
 * with a Complete button (the caster's owner or the GM), and the holder may Act now first
 * (held.ts). Complete reads the ledger: hit points lost since the cast began (marks.ts) and the
 * spell fizzles, its slot and the Main Action spent; else the card shows the spell's text. With
 * nobody holding, nothing can land mid-cast, and the card shows the spell at once.
 */
import { refuse } from "../../../../rules/core/result.ts";
import { castSpell } from "../../../../rules/wwn/index.ts";
import { SYSTEM_ID } from "../../../constants.ts";
import { cardDeclaration, cardStrategy, declareCard } from "../../../cards/protocol.ts";
import type { Press } from "../../../cards/protocol.ts";
import { fightOf } from "../../../combat/ledger.ts";
import { turnStateOf } from "../../../combat/state.ts";
import { postedCard, rollModeNow } from "../../../shared/attack.ts";
import { cardStepUpdate } from "../../../shared/cards.ts";
import { combatMembers } from "../../../shared/combat-members.ts";
import { serializedBy } from "../../../shared/referee.ts";
import type { RefereeOutcome } from "../../../shared/referee.ts";
import { combatantId, refusalFor, resolveActor, warnWwnRefusal } from "../adapter.ts";
import { applyWwnOutcome, budgetOf, markedSince, markedThisRound } from "../budget.ts";
import type { Fight } from "../budget.ts";
import {
  WWN_MANEUVER_FLAG,
  ownerOrGm,
  stagedCardOf,
  maneuverKind,
  postManeuverCard,
  refereeManeuverFrame,
  renderWwnManeuverCard,
} from "./maneuver-card.ts";
import type { WwnManeuverCard, WwnManeuverIntent } from "./maneuver-card.ts";

const CAST = "cast" as const;
const KIND = maneuverKind(CAST);
/** The message flag (under flags.fray) of a spell being cast that waits to be completed. */
const CAST_FLAG = "wwnCast";

type CastStage = "casting" | "cast" | "fizzled";

/** A spell being cast: who casts, since which round, and where it stands. */
export interface WwnCastCard {
  readonly stage: CastStage;
  /** The caster's rules id. */
  readonly actorId: string;
  readonly round: number;
  readonly view: WwnManeuverCard;
}

/** The card of a spell at a stage (its data: actor, spell, level, slots left, effect). */
function castView(
  stage: CastStage,
  data: Readonly<Record<string, string>>,
  actorId: string,
): WwnManeuverCard {
  return {
    kind: CAST,
    actorName: data["actor"] ?? "",
    targetName: null,
    weaponName: data["spell"] ?? null,
    hit: null,
    checks: [],
    result: stage === "cast" ? "FRAY.Wwn.Maneuver.Result.cast" : `FRAY.Wwn.Cast.${stage}`,
    resultData: data,
    buttons: stage === "casting" ? [{ step: "complete", label: "FRAY.Wwn.Cast.Complete" }] : [],
    actorId,
  };
}

/** Whether anyone else in the fight holds an action (who might strike while the spell is cast). */
function othersHold(fight: Fight): boolean {
  const me = fight.combatant.id;
  return combatMembers(fight.combat).some(
    ({ combatantId: id }) => id !== me && budgetOf(fight.combat, id).holding,
  );
}

const castCardOf = (message: ChatMessage.Implementation) =>
  stagedCardOf(message, CAST_FLAG) as WwnCastCard | null;

/** Complete: the spell goes off, or fizzles if the caster lost hit points since it began. */
function complete(press: Press<WwnCastCard>): Promise<RefereeOutcome> {
  const { card } = press;
  const caster = resolveActor(card.actorId);
  if (caster === null) return Promise.resolve(refuse("notAllowed"));
  return serializedBy(`${SYSTEM_ID}.attacker.${card.actorId}`, async () => {
    const fight = fightOf(caster);
    const stage: CastStage =
      fight !== null && markedSince(fight, "hurt", card.round) ? "fizzled" : "cast";
    const view = castView(stage, card.view.resultData, card.actorId);
    await press.message.update({
      ...cardStepUpdate(WWN_MANEUVER_FLAG, view, await renderWwnManeuverCard(view), press.claim),
      [`flags.${SYSTEM_ID}.${CAST_FLAG}.stage`]: stage,
    } as never);
    return { ok: true };
  });
}

/** The card of a spell being cast while someone holds an action: it waits for Complete. */
export const wwnCastCard = cardStrategy<WwnCastCard>({
  kind: KIND,
  cardOf: castCardOf,
  warn: warnWwnRefusal,
  steps: {
    complete: {
      mayPress: ownerOrGm,
      closed: (card) => (card.stage === "casting" ? null : refuse("alreadyHandled")),
      resolve: complete,
    },
  },
});

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
  kind: KIND,
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
      const data = {
        actor: scene.me.name,
        spell: spell.name,
        level: String(system.spellLevel ?? 1),
        slots: String(out.value.slotsLeft),
        effect: plainText(system.description ?? ""),
      };
      const fight = scene.fight;
      const message =
        fight !== null && othersHold(fight)
          ? await postManeuverCard(
              scene.actor,
              castView("casting", data, intent.actorId),
              [],
              intent,
              sender,
              KIND,
              {
                [CAST_FLAG]: {
                  stage: "casting",
                  actorId: intent.actorId,
                  round: turnStateOf(fight.combat).round,
                },
              },
            )
          : await postManeuverCard(
              scene.actor,
              castView("cast", data, intent.actorId),
              [],
              intent,
              sender,
            );
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
  return postedCard(await declareCard(KIND, intent));
}
