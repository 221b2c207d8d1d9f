/**
 * A side with nobody left able to act: the GMs hear of it once, in a chat card whispered to them,
 * with an "End combat" button that runs core's Combat#endCombat (which asks to confirm, then
 * deletes the encounter), the way a GM ends a fight from the tracker. Able: neither defeated nor
 * out of the fight by the ruleset's rules, even one that keeps its turns (out-of-fight.ts); a
 * hidden member is still in the fight.
 *
 * The active GM checks after every turn transition and reconciliation; a side is told of when it
 * goes down, not again while it stays down (remembered on this client, and after a reload read
 * from the cards already in the chat), and again if it rises and falls once more.
 */
import { SYSTEM_ID } from "../constants.ts";
import { chatMessages, currentUser, i18n, worldUsers } from "../shared/env.ts";
import { ableToFight } from "./out-of-fight.ts";
import { teamIdOf, teamsOf, turnStateOf } from "./state.ts";
import type { CombatLike } from "./state.ts";

/** What a side-down card carries in `flags.fray.sideDown`. */
export interface SideDownFlag {
  readonly combatId: string;
  readonly teamIds: readonly string[];
}

/** The teams with members of whom none is able to fight, in the combat's order of teams. */
export function sidesDown(combat: CombatLike): string[] {
  const combatants = combat.combatants.contents;
  return teamsOf(combat)
    .map((team) => team.id ?? "")
    .filter((teamId) => {
      const members = combatants.filter((c) => teamIdOf(c) === teamId);
      return members.length > 0 && !members.some(ableToFight);
    });
}

export function sideDownOf(message: ChatMessage.Implementation): SideDownFlag | null {
  const flags = message.flags as Record<string, { sideDown?: unknown } | undefined>;
  const flag = flags[SYSTEM_ID]?.sideDown;
  if (typeof flag !== "object" || flag === null) return null;
  const { combatId, teamIds } = flag as Record<string, unknown>;
  if (typeof combatId !== "string" || !Array.isArray(teamIds)) return null;
  return { combatId, teamIds: teamIds.filter((id): id is string => typeof id === "string") };
}

/** The sides this client last saw down, by combat. */
const seenDown = new Map<string, Set<string>>();

/** The sides a card in the chat already told of (what a reloaded GM has seen). */
function toldInChat(combatId: string): Set<string> {
  const told = new Set<string>();
  for (const message of chatMessages().contents) {
    const flag = sideDownOf(message);
    if (flag?.combatId === combatId) for (const id of flag.teamIds) told.add(id);
  }
  return told;
}

/**
 * The active GM's check: tells the GMs of each side that went down since the last check, in one
 * card. Writes nothing when no side newly went down.
 */
export async function noticeSidesDown(combat: CombatLike): Promise<void> {
  if (game.users?.activeGM?.isSelf !== true || turnStateOf(combat).round < 1) return;
  const combatId = combat.id ?? "";
  const down = sidesDown(combat);
  const seen = seenDown.get(combatId) ?? toldInChat(combatId);
  seenDown.set(combatId, new Set(down));
  const fresh = down.filter((id) => !seen.has(id));
  if (fresh.length === 0) return;
  const loc = i18n();
  const escape = foundry.utils.escapeHTML;
  const lines = fresh.map((teamId) => {
    const name = combat.groups.get(teamId)?.name ?? teamId;
    return `<p>${loc.format("FRAY.Combat.SideDown.Line", { team: escape(name) })}</p>`;
  });
  const button = `<button type="button" data-fray-end-combat>${escape(loc.localize("FRAY.Combat.SideDown.EndCombat"))}</button>`;
  const flag: SideDownFlag = { combatId, teamIds: fresh };
  await ChatMessage.create({
    author: currentUser().id,
    content: `<div class="fray-side-down">${lines.join("")}${button}</div>`,
    whisper: worldUsers()
      .filter((user) => user.isGM)
      .map((user) => user.id),
    flags: { [SYSTEM_ID]: { sideDown: flag } },
  } as never);
}

/**
 * Wires a side-down card's button as it renders (`renderChatMessageHTML`, every client): it stays
 * for a GM on a card a GM posted while its combat exists, and ends that combat the core way.
 */
export function wireSideDownCard(message: ChatMessage.Implementation, html: HTMLElement): void {
  const flag = sideDownOf(message);
  if (flag === null) return;
  const author = message.author as { isGM?: boolean } | null;
  const combat = game.combats?.get(flag.combatId);
  for (const button of html.querySelectorAll<HTMLButtonElement>("button[data-fray-end-combat]")) {
    if (game.user?.isGM !== true || author?.isGM !== true || combat === undefined) {
      button.remove();
      continue;
    }
    button.addEventListener("click", (event) => {
      event.preventDefault();
      void combat.endCombat();
    });
  }
}
