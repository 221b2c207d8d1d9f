/**
 * The order's dice in the chat. When the GM starts a combat, the dice every ruleset rolls for its
 * order (momentum, side initiative, initiative pools, team d20s: order-kit.ts keeps them) are
 * posted in one chat message with the order they settled, under the GM's roll mode, core's way:
 * the message carries the rolls (so Dice So Nice rolls them for whoever may see it) and
 * `ChatMessage.applyRollMode` whispers it. Whatever is hidden from the players (a hidden
 * combatant, a team of hidden combatants) goes to a second message whispered to the GMs, so a
 * public roll never betrays it.
 */
import type { SettledOrder } from "../../rules/combat/order.ts";
import { SYSTEM_ID } from "../constants.ts";
import { rollModeNow, withRollMode } from "../shared/cards.ts";
import { currentUser, i18n, worldUsers } from "../shared/env.ts";
import type { OrderRoll } from "./order-kit.ts";
import { teamIdOf } from "./state.ts";
import type { CombatLike } from "./state.ts";

/** What the value next to a team or combatant means, by ruleset (a localization key, or ""). */
export const ORDER_LABELS: Readonly<Record<string, string>> = {
  worldlines: "FRAY.Combat.Order.momentum",
  wwn: "FRAY.Combat.Order.initiative",
  dicepool: "FRAY.Combat.Order.initiative",
  twodice: "FRAY.Combat.Order.total",
  freelancers: "",
};

/** One line of the card: a team or combatant, its value, and the dice rolled for it. */
export interface OrderCardRow {
  readonly name: string;
  readonly value: number | null;
  readonly dice: string;
  readonly ties: string;
}

/** The card's words, localized. */
export interface OrderCardWords {
  readonly title: string;
  readonly valueLabel: string;
  readonly dice: string;
  readonly ties: string;
}

/** A roll as the card shows it: its formula and each die's face ("2d6 (5, 3)"). */
export function diceText(roll: Roll): string {
  const faces = roll.dice.flatMap((term) => term.results.map((result) => result.result));
  const shown = faces.length > 0 ? faces.join(", ") : String(roll.total);
  return `${roll.formula} (${shown})`;
}

/** The card's HTML; every name is escaped with `escape`. */
export function orderCardHtml(
  rows: readonly OrderCardRow[],
  loose: string,
  words: OrderCardWords,
  escape: (text: string) => string,
): string {
  const items = rows.map((row) => {
    const value =
      row.value === null ? "" : ` <strong class="fray-order-value">${row.value}</strong>`;
    const dice = row.dice === "" ? "" : ` <span class="fray-order-dice">${escape(row.dice)}</span>`;
    const ties =
      row.ties === ""
        ? ""
        : ` <span class="fray-order-ties">${escape(words.ties)} ${escape(row.ties)}</span>`;
    return `<li><span class="fray-order-name">${escape(row.name)}</span>${value}${dice}${ties}</li>`;
  });
  const label = words.valueLabel === "" ? "" : ` <span>${escape(words.valueLabel)}</span>`;
  const rest =
    loose === "" ? "" : `<p class="fray-order-dice">${escape(words.dice)} ${escape(loose)}</p>`;
  return (
    `<div class="fray-order-card"><header>${escape(words.title)}${label}</header>` +
    `<ol>${items.join("")}</ol>${rest}</div>`
  );
}

interface Entry {
  readonly id: string;
  readonly name: string;
  readonly hidden: boolean;
}

/** The order's entries (teams, or combatants in individual mode), and which players cannot see. */
function entriesOf(combat: CombatLike, order: SettledOrder): Entry[] {
  return order.order.map((id) => {
    if (order.mode === "individual") {
      const c = combat.combatants.get(id);
      return { id, name: c?.name ?? id, hidden: c?.hidden ?? false };
    }
    const members = combat.combatants.contents.filter((c) => teamIdOf(c) === id);
    const hidden = members.length > 0 && members.every((c) => c.hidden);
    return { id, name: combat.groups.get(id)?.name ?? id, hidden };
  });
}

function joined(rolls: readonly OrderRoll[]): string {
  return rolls.map((r) => diceText(r.roll)).join(" · ");
}

async function post(
  combat: CombatLike,
  order: SettledOrder,
  entries: readonly Entry[],
  rolls: readonly OrderRoll[],
  valueLabel: string,
  whisper: ((data: Record<string, unknown>) => Record<string, unknown>) | null,
): Promise<void> {
  if (entries.length === 0 && rolls.length === 0) return;
  const loc = i18n();
  const rows = entries.map((entry) => {
    const own = rolls.filter((r) => r.whose === entry.id);
    return {
      name: entry.name,
      value: order.values[entry.id] ?? null,
      dice: joined(own.filter((r) => !r.reroll)),
      ties: joined(own.filter((r) => r.reroll)),
    };
  });
  const words: OrderCardWords = {
    title: loc.localize("FRAY.Combat.OrderCard.Title"),
    valueLabel: valueLabel === "" ? "" : loc.localize(valueLabel),
    dice: loc.localize("FRAY.Combat.OrderCard.Dice"),
    ties: loc.localize("FRAY.Combat.OrderCard.Ties"),
  };
  const loose = joined(rolls.filter((r) => r.whose === null || !order.order.includes(r.whose)));
  const data: Record<string, unknown> = {
    author: currentUser().id,
    content: orderCardHtml(rows, loose, words, foundry.utils.escapeHTML),
    rolls: rolls.map((r) => r.roll),
    flags: { [SYSTEM_ID]: { orderRolls: { combatId: combat.id ?? "" } } },
  };
  await ChatMessage.create(whisper === null ? data : whisper(data));
}

/**
 * Posts the rolls of a settled order (nothing when no die was rolled). Under a public roll what
 * the players cannot see goes to the GMs alone; under any other roll mode one message, whispered
 * as that mode says.
 */
export async function postOrderRolls(
  combat: CombatLike,
  order: SettledOrder,
  rolls: readonly OrderRoll[],
  valueLabel: string,
): Promise<void> {
  if (rolls.length === 0) return;
  // The GM's roll mode, as core's chat selector sets it.
  const mode = rollModeNow();
  const entries = entriesOf(combat, order);
  const hiddenIds = new Set(entries.filter((e) => e.hidden).map((e) => e.id));
  const applyMode = (data: Record<string, unknown>) => withRollMode(data, mode);
  if (mode !== "publicroll" || hiddenIds.size === 0) {
    await post(combat, order, entries, rolls, valueLabel, mode === "publicroll" ? null : applyMode);
    return;
  }
  const secret = (r: OrderRoll) => r.whose !== null && hiddenIds.has(r.whose);
  await post(
    combat,
    order,
    entries.filter((e) => !e.hidden),
    rolls.filter((r) => !secret(r)),
    valueLabel,
    null,
  );
  const gms = worldUsers()
    .filter((user) => user.isGM)
    .map((user) => user.id);
  await post(
    combat,
    order,
    entries.filter((e) => e.hidden),
    rolls.filter(secret),
    valueLabel,
    (data) => ({ ...data, whisper: gms }),
  );
}
