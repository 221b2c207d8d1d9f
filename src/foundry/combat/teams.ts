/**
 * Teams as CombatantGroup documents of type `team`: joining one by token disposition, and the
 * GM's changes (create, rename, recolour, move a combatant). The choices are the pure functions
 * of src/rules/combat/teams.ts; this file reads and writes the documents.
 */
import {
  checkTeamColor,
  checkTeamName,
  dispositionFromNumber,
  moveToTeam,
  teamForDisposition,
} from "../../rules/combat/teams.ts";
import type { Disposition, NewTeam, TeamData } from "../../rules/combat/teams.ts";
import type { ActionOutcome } from "./actions.ts";
import { rosterOf, teamIdOf, teamsOf } from "./state.ts";
import type { CombatLike, CombatantLike, TeamLike } from "./state.ts";

const DISPOSITION_NUMBERS: Record<Disposition, number> = {
  friendly: 1,
  hostile: -1,
  neutral: 0,
  secret: -2,
};

/** Foundry's ColorField gives a Color object whose string form is "#rrggbb". */
function colorText(value: unknown): string {
  if (typeof value === "object" && value !== null && "css" in value) {
    return String(value.css);
  }
  return typeof value === "number" ? `#${value.toString(16).padStart(6, "0")}` : "";
}

/** A team document as the pure team rules see it. */
export function teamData(team: TeamLike): TeamData {
  const system = team.system as unknown as {
    color?: unknown;
    disposition?: unknown;
    playerSide?: unknown;
  };
  return {
    id: team.id ?? "",
    name: team.name ?? "",
    color: typeof system.color === "string" ? system.color : colorText(system.color),
    isPlayerSide: system.playerSide === true,
    disposition:
      typeof system.disposition === "number" ? dispositionFromNumber(system.disposition) : null,
  };
}

/** The disposition a combatant joins by: its token's, else its actor's prototype token's. */
export function dispositionOf(combatant: CombatantLike): Disposition {
  const token = combatant.token as { disposition?: unknown } | null;
  if (typeof token?.disposition === "number") return dispositionFromNumber(token.disposition);
  const prototype = combatant.actor?.prototypeToken as { disposition?: unknown } | undefined;
  if (typeof prototype?.disposition === "number") {
    return dispositionFromNumber(prototype.disposition);
  }
  return "neutral";
}

function newTeamSource(team: NewTeam) {
  return {
    type: "team",
    name: game.i18n?.localize(team.name) ?? team.name,
    system: {
      color: team.color,
      playerSide: team.isPlayerSide,
      disposition: team.disposition === null ? null : DISPOSITION_NUMBERS[team.disposition],
    },
  };
}

/**
 * Puts every combatant without a team into the team of its disposition, creating the missing
 * default teams first. Two writes at most, whatever the number of combatants.
 */
export async function assignTeams(combat: CombatLike): Promise<void> {
  const loose = combat.combatants.contents.filter((c) => teamIdOf(c) === "");
  if (loose.length === 0) return;
  const byDisposition = new Map<Disposition, CombatantLike[]>();
  for (const c of loose) {
    const disposition = dispositionOf(c);
    byDisposition.set(disposition, [...(byDisposition.get(disposition) ?? []), c]);
  }
  const existing = teamsOf(combat).map(teamData);
  const toCreate: Disposition[] = [];
  for (const disposition of byDisposition.keys()) {
    const choice = teamForDisposition(existing, disposition);
    if (choice.kind === "create") toCreate.push(disposition);
  }
  if (toCreate.length > 0) {
    const sources = toCreate.map((d) => {
      const choice = teamForDisposition([], d);
      if (choice.kind !== "create") throw new Error("a default team always exists");
      return newTeamSource(choice.team);
    });
    await combat.createEmbeddedDocuments("CombatantGroup", sources as never);
  }
  const teams = teamsOf(combat).map(teamData);
  const updates: { _id: string; group: string }[] = [];
  for (const [disposition, members] of byDisposition) {
    const choice = teamForDisposition(teams, disposition);
    if (choice.kind !== "existing") continue;
    for (const c of members) updates.push({ _id: c.id ?? "", group: choice.teamId });
  }
  if (updates.length > 0) await combat.updateEmbeddedDocuments("Combatant", updates);
}

/** The GM moves a combatant to another team. */
export async function moveCombatant(
  combat: CombatLike,
  combatantId: string,
  teamId: string,
): Promise<ActionOutcome> {
  if (game.user?.isGM !== true) return { ok: false, reason: "notGM" };
  const moved = moveToTeam(rosterOf(combat), teamsOf(combat).map(teamData), combatantId, teamId);
  if (!moved.ok) return moved;
  await combat.updateEmbeddedDocuments("Combatant", [{ _id: combatantId, group: teamId }] as never);
  return { ok: true };
}

/** The GM adds a team of their own (it collects no disposition). */
export async function createTeam(
  combat: CombatLike,
  name: string,
  color: string,
): Promise<ActionOutcome> {
  if (game.user?.isGM !== true) return { ok: false, reason: "notGM" };
  const checkedName = checkTeamName(name);
  if (!checkedName.ok) return checkedName;
  const checkedColor = checkTeamColor(color);
  if (!checkedColor.ok) return checkedColor;
  await combat.createEmbeddedDocuments("CombatantGroup", [
    {
      type: "team",
      name: checkedName.name,
      system: { color: checkedColor.color, playerSide: false, disposition: null },
    },
  ] as never);
  return { ok: true };
}

/** The GM renames or recolours a team. */
export async function editTeam(
  combat: CombatLike,
  teamId: string,
  name: string,
  color: string,
): Promise<ActionOutcome> {
  if (game.user?.isGM !== true) return { ok: false, reason: "notGM" };
  if (!teamsOf(combat).some((team) => team.id === teamId)) {
    return { ok: false, reason: "unknownTeam" };
  }
  const checkedName = checkTeamName(name);
  if (!checkedName.ok) return checkedName;
  const checkedColor = checkTeamColor(color);
  if (!checkedColor.ok) return checkedColor;
  await combat.updateEmbeddedDocuments("CombatantGroup", [
    { _id: teamId, name: checkedName.name, "system.color": checkedColor.color },
  ] as never);
  return { ok: true };
}
