/**
 * The GM's team dialogs of the tracker: a team's name and colour (create, edit), and moving a
 * combatant to another team, asked from the combatant's own button (reachable by Tab) or its
 * context menu. A move goes through `moveCombatant`, the same action a drag onto a team takes.
 */
import { warnRefusal } from "./actions.ts";
import type { ActionOutcome } from "./actions.ts";
import { teamIdOf, teamsOf } from "./state.ts";
import type { CombatLike } from "./state.ts";
import { moveCombatant } from "./teams.ts";
import { moveForm, readMoveForm, readTeamForm, teamForm } from "./tracker-dom.ts";

export function report(outcome: ActionOutcome): void {
  if (!outcome.ok) warnRefusal(outcome.reason);
}

const localize = (key: string) => game.i18n?.localize(key) ?? key;

/** Asks the GM for a team's name and colour. */
export async function teamDialog(title: string, name: string, color: string) {
  const content = teamForm(
    { name: localize("FRAY.Team.Name"), color: localize("FRAY.Team.Color") },
    name,
    color,
    foundry.utils.escapeHTML,
  );
  const result: unknown = await foundry.applications.api.DialogV2.prompt({
    window: { title: localize(title) },
    content,
    ok: {
      callback: (_event: unknown, button: HTMLButtonElement) => readTeamForm(button.form),
    },
  });
  return (result ?? null) as { name: string; color: string } | null;
}

/**
 * Asks the GM which team the combatant moves to (every team but its own), then moves it there;
 * closed, nothing moves.
 */
export async function moveDialog(combat: CombatLike, combatantId: string): Promise<void> {
  const combatant = combat.combatants.get(combatantId);
  if (combatant === undefined) return;
  const own = teamIdOf(combatant);
  const teams = teamsOf(combat)
    .map((team) => ({ id: team.id ?? "", name: team.name ?? "" }))
    .filter((team) => team.id !== own);
  const teamId: unknown = await foundry.applications.api.DialogV2.prompt({
    window: {
      title: game.i18n?.format("FRAY.Tracker.MoveTo", { name: combatant.name ?? "" }) ?? "",
    },
    content: moveForm(localize("FRAY.Team.Label"), teams, foundry.utils.escapeHTML),
    ok: {
      callback: (_event: unknown, button: HTMLButtonElement) => readMoveForm(button.form),
    },
  });
  if (typeof teamId !== "string" || teamId === "") return;
  report(await moveCombatant(combat, combatantId, teamId));
}
