/**
 * Saving throws the GM calls (issue 27): with one or more tokens targeted, the GM picks the save
 * (Physical, Evasion, Mental) and a modifier; the referee rolls a d20 for each target with core
 * Roll against the save it stores and posts one card listing every result. Only a GM may call
 * them: a player's request is malformed (the declaration reads it as the GM's only).
 *
 * Each save target is read from the stored actor and re-checked by the rules (checkedSaveUser):
 * a value no sheet could store is refused by name and nothing is rolled.
 */
import { cardHeader } from "../../../cards/parts.ts";
import { refuse } from "../../../../rules/core/result.ts";
import type { Result } from "../../../../rules/core/result.ts";
import { checkedSaveUser, rollSave } from "../../../../rules/wwn/checks.ts";
import type { SaveKind, SaveRoll } from "../../../../rules/wwn/checks.ts";
import { SYSTEM_ID, SYSTEM_PATH } from "../../../constants.ts";
import { cardDeclaration, declareCard, postCard, reportCard } from "../../../cards/protocol.ts";
import { targetedActors } from "../../../shared/actors.ts";
import { postedCard, rollModeNow } from "../../../shared/attack.ts";
import { withDice } from "../../../shared/dice.ts";
import { currentUser, i18n } from "../../../shared/env.ts";
import { signed } from "../../../shared/format.ts";
import { combatantId, resolveActor, warnWwnRefusal } from "../adapter.ts";
import { fighterOf } from "../budget.ts";

export const WWN_SAVE_CARD_TEMPLATE = `${SYSTEM_PATH}/templates/wwn/chat/save-card.hbs`;
/** The card protocol's kind of the saves card, and its flag (under flags.fray). */
export const WWN_SAVES = "wwn.saves";
const WWN_SAVES_FLAG = "wwnSaves";
/** The most targets one call rolls for, and the largest modifier a GM may give. */
const MAX_TARGETS = 50;
const MAX_MODIFIER = 20;
const SAVE_KINDS: readonly SaveKind[] = ["physical", "evasion", "mental"];

export interface WwnSaveIntent {
  readonly kind: SaveKind;
  readonly targetIds: readonly string[];
  readonly modifier: number;
  readonly rollMode: string;
}

/** The GM's intent from a payload; null when it is malformed or not the GM's. */
export function parseSaveIntent(raw: unknown, fromGM: boolean): WwnSaveIntent | null {
  if (!fromGM || typeof raw !== "object" || raw === null) return null;
  const r = raw as Record<string, unknown>;
  const { kind, targetIds, modifier } = r;
  if (!SAVE_KINDS.includes(kind as SaveKind)) return null;
  if (!Array.isArray(targetIds) || targetIds.length === 0 || targetIds.length > MAX_TARGETS) {
    return null;
  }
  if (!targetIds.every((id): id is string => typeof id === "string")) return null;
  if (typeof modifier !== "number" || !Number.isInteger(modifier)) return null;
  if (Math.abs(modifier) > MAX_MODIFIER) return null;
  return {
    kind: kind as SaveKind,
    targetIds,
    modifier,
    rollMode: typeof r["rollMode"] === "string" ? r["rollMode"] : "publicroll",
  };
}

/** One row of the card: who saved, the die, the target number and the outcome. */
interface SaveRow {
  readonly name: string;
  readonly natural: number;
  readonly target: number;
  readonly success: boolean;
}

export interface WwnSaveCard {
  readonly kind: SaveKind;
  readonly modifier: number;
  readonly rows: readonly SaveRow[];
}

function rollAll(
  targets: readonly Actor.Implementation[],
  intent: WwnSaveIntent,
  dice: Parameters<typeof rollSave>[2],
): Result<SaveRow[]> {
  const rows: SaveRow[] = [];
  for (const actor of targets) {
    const user = checkedSaveUser("target", fighterOf(actor));
    if (!user.ok) return refuse(user.reason, { ...user.detail, name: actor.name });
    const rolled: Result<SaveRoll> = rollSave(user.value, intent.kind, dice, intent.modifier);
    if (!rolled.ok) return rolled;
    const { natural, target, success } = rolled.value;
    rows.push({ name: actor.name, natural, target, success });
  }
  return { ok: true, value: rows };
}

export function wwnSaveCardContext(card: WwnSaveCard) {
  const title = i18n().localize(`FRAY.Wwn.Save.${card.kind}`);
  return {
    ...card,
    header: cardHeader(card.modifier === 0 ? title : `${title} (${signed(card.modifier)})`, null),
    rows: card.rows.map((row) => ({
      ...row,
      needs: i18n().format("FRAY.Wwn.SaveCard.Needs", { target: String(row.target) }),
    })),
  };
}

export const wwnSaveDeclaration = cardDeclaration<WwnSaveIntent>({
  kind: WWN_SAVES,
  parse: parseSaveIntent,
  warn: warnWwnRefusal,
  referee: async (intent, sender) => {
    if (!sender.isGM) return refuse("notAllowed");
    const targets: Actor.Implementation[] = [];
    for (const id of new Set(intent.targetIds)) {
      const actor = resolveActor(id);
      if (actor === null) return refuse("noTarget");
      targets.push(actor);
    }
    const rolled = await withDice((dice) => rollAll(targets, intent, dice));
    if (!rolled.value.ok) return rolled.value;
    const card: WwnSaveCard = {
      kind: intent.kind,
      modifier: intent.modifier,
      rows: rolled.value.value,
    };
    const content = await foundry.applications.handlebars.renderTemplate(
      WWN_SAVE_CARD_TEMPLATE,
      wwnSaveCardContext(card),
    );
    const message = await postCard(WWN_SAVES, {
      speaker: ChatMessage.getSpeaker({}),
      content,
      flags: { [SYSTEM_ID]: { [WWN_SAVES_FLAG]: card } },
      rolls: rolled.rolls,
      rollMode: intent.rollMode,
      roller: sender.id ?? "",
    });
    return message === null ? refuse("failed") : { ok: true, value: message.id };
  },
});

/** The saves card: settled when posted, no button. */
export const wwnSaveCard = reportCard(WWN_SAVES, WWN_SAVES_FLAG, warnWwnRefusal);

/**
 * The GM calls a saving throw of `kind` for every targeted token (a modifier: a penalty is
 * negative). A player is told only the GM may; no target is refused. Returns the card, or null.
 */
export async function wwnCallSaves(
  kind: SaveKind,
  modifier = 0,
): Promise<ChatMessage.Implementation | null> {
  if (!currentUser().isGM) {
    warnWwnRefusal(refuse("gmCallsSaves"));
    return null;
  }
  const targets = targetedActors();
  if (targets.length === 0) {
    warnWwnRefusal(refuse("noSaveTargets"));
    return null;
  }
  const intent: WwnSaveIntent = {
    kind,
    targetIds: targets.map((t) => combatantId(t)),
    modifier,
    rollMode: rollModeNow(),
  };
  return postedCard(await declareCard(WWN_SAVES, intent));
}
