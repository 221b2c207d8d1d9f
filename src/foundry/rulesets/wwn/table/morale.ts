/**
 * Morale checks the GM calls for NPCs (rules/wwn/morale.ts): from an NPC's sheet, for every
 * targeted NPC token at once (a group), or for the sheet's NPC when none is targeted. The referee
 * reads each NPC's Morale score from the stored actor, rolls 2d6 with core Roll for each and posts
 * one card. Only a GM may call them: a player's request is malformed (the declaration reads it as
 * the GM's only), and a player's button warns.
 */
import { cardHeader } from "../../../cards/parts.ts";
import { refuse } from "../../../../rules/core/result.ts";
import type { Result } from "../../../../rules/core/result.ts";
import type { DiceSource } from "../../../../rules/core/dice.ts";
import { MORALE_MODIFIER_MAX, moraleCheck } from "../../../../rules/wwn/index.ts";
import { SYSTEM_ID, SYSTEM_PATH } from "../../../constants.ts";
import { cardDeclaration, declareCard, postCard, reportCard } from "../../../cards/protocol.ts";
import { targetedActors } from "../../../shared/actors.ts";
import { postedCard, rollModeNow } from "../../../shared/attack.ts";
import { withDice } from "../../../shared/dice.ts";
import { currentUser, i18n } from "../../../shared/env.ts";
import { signed } from "../../../shared/format.ts";
import { combatantId, resolveActor, warnWwnRefusal } from "../adapter.ts";

const TEMPLATE = `${SYSTEM_PATH}/templates/wwn/chat/morale-card.hbs`;
export const WWN_MORALE = "wwn.morale";
const FLAG = "wwnMorale";
const MAX_TARGETS = 50;

export interface WwnMoraleIntent {
  readonly targetIds: readonly string[];
  readonly modifier: number;
  readonly rollMode: string;
}

function parseMoraleIntent(raw: unknown, fromGM: boolean): WwnMoraleIntent | null {
  if (!fromGM || typeof raw !== "object" || raw === null) return null;
  const { targetIds, modifier, rollMode } = raw as Record<string, unknown>;
  if (!Array.isArray(targetIds) || targetIds.length === 0 || targetIds.length > MAX_TARGETS) {
    return null;
  }
  if (!targetIds.every((id): id is string => typeof id === "string")) return null;
  if (typeof modifier !== "number" || !Number.isInteger(modifier)) return null;
  if (Math.abs(modifier) > MORALE_MODIFIER_MAX) return null;
  return {
    targetIds,
    modifier,
    rollMode: typeof rollMode === "string" ? rollMode : "publicroll",
  };
}

interface MoraleRow {
  readonly name: string;
  readonly faces: string;
  readonly total: number;
  readonly morale: number;
  readonly broken: boolean;
}

export interface WwnMoraleCard {
  readonly modifier: number;
  readonly rows: readonly MoraleRow[];
}

function rollAll(
  npcs: readonly Actor.Implementation[],
  modifier: number,
  dice: DiceSource,
): Result<MoraleRow[]> {
  const rows: MoraleRow[] = [];
  for (const npc of npcs) {
    const morale = (npc.system as unknown as { morale?: number }).morale ?? Number.NaN;
    const rolled = moraleCheck(morale, dice, modifier);
    if (!rolled.ok) return refuse(rolled.reason, { ...rolled.detail, name: npc.name });
    const { faces, total, broken } = rolled.value;
    rows.push({ name: npc.name, faces: faces.join(" + "), total, morale, broken });
  }
  return { ok: true, value: rows };
}

export function wwnMoraleCardContext(card: WwnMoraleCard) {
  const title = i18n().localize("FRAY.Wwn.Morale.Title");
  return {
    header: cardHeader(card.modifier === 0 ? title : `${title} (${signed(card.modifier)})`, null),
    rows: card.rows.map((row) => ({
      ...row,
      against: i18n().format("FRAY.Wwn.Morale.Against", { morale: String(row.morale) }),
    })),
  };
}

export const wwnMoraleDeclaration = cardDeclaration<WwnMoraleIntent>({
  kind: WWN_MORALE,
  parse: parseMoraleIntent,
  warn: warnWwnRefusal,
  referee: async (intent, sender) => {
    if (!sender.isGM) return refuse("notAllowed");
    const npcs: Actor.Implementation[] = [];
    for (const id of new Set(intent.targetIds)) {
      const actor = resolveActor(id);
      if (actor === null) return refuse("noTarget");
      if (actor.type !== "npc") return refuse("notAnNpc", { name: actor.name });
      npcs.push(actor);
    }
    const rolled = await withDice((dice) => rollAll(npcs, intent.modifier, dice));
    if (!rolled.value.ok) return rolled.value;
    const card: WwnMoraleCard = { modifier: intent.modifier, rows: rolled.value.value };
    const message = await postCard(WWN_MORALE, {
      speaker: ChatMessage.getSpeaker({}),
      content: await foundry.applications.handlebars.renderTemplate(
        TEMPLATE,
        wwnMoraleCardContext(card),
      ),
      flags: { [SYSTEM_ID]: { [FLAG]: card } },
      rolls: rolled.rolls,
      rollMode: intent.rollMode,
      roller: sender.id ?? "",
    });
    return message === null ? refuse("failed") : { ok: true, value: message.id };
  },
});

/** The Morale card: settled when posted, no button. */
export const wwnMoraleCard = reportCard(WWN_MORALE, FLAG, warnWwnRefusal);

/**
 * The GM calls a Morale check for every targeted token (a group), or for `actor` when none is
 * targeted. A player is told only the GM may. Returns the card, or null.
 */
export async function wwnCallMorale(
  actor: Actor.Implementation,
  modifier = 0,
): Promise<ChatMessage.Implementation | null> {
  if (!currentUser().isGM) {
    warnWwnRefusal(refuse("gmCallsMorale"));
    return null;
  }
  const targets = targetedActors();
  const intent: WwnMoraleIntent = {
    targetIds: (targets.length === 0 ? [actor] : targets).map((t) => combatantId(t)),
    modifier,
    rollMode: rollModeNow(),
  };
  return postedCard(await declareCard(WWN_MORALE, intent));
}
