/**
 * Teams: which team a combatant joins by its token's disposition, moving a combatant to another
 * team, and the checks on a team's name and colour. The shell stores teams as CombatantGroup
 * documents; here they are plain data.
 */
import type { CombatantId, Roster, TeamId } from "./types.ts";

/** A token's disposition, as the shell reads it (Foundry: 1, -1, 0, -2). */
export type Disposition = "friendly" | "hostile" | "neutral" | "secret";

export interface TeamData {
  readonly id: TeamId;
  readonly name: string;
  /** A CSS colour, "#rrggbb". */
  readonly color: string;
  /** The players' side: wins ties where a ruleset says so. */
  readonly isPlayerSide: boolean;
  /** The disposition this team collects automatically, or null for a team the GM made. */
  readonly disposition: Disposition | null;
}

export type NewTeam = Omit<TeamData, "id">;

/**
 * The team each disposition starts in. Names are localization keys. Friendly tokens are the
 * players' side; secret tokens get a team of their own so that their allegiance stays hidden.
 */
export const DEFAULT_TEAMS: Readonly<Record<Disposition, NewTeam>> = {
  friendly: {
    name: "FRAY.Team.Friendly",
    color: "#2e86de",
    isPlayerSide: true,
    disposition: "friendly",
  },
  hostile: {
    name: "FRAY.Team.Hostile",
    color: "#c0392b",
    isPlayerSide: false,
    disposition: "hostile",
  },
  neutral: {
    name: "FRAY.Team.Neutral",
    color: "#b7950b",
    isPlayerSide: false,
    disposition: "neutral",
  },
  secret: {
    name: "FRAY.Team.Secret",
    color: "#7d3c98",
    isPlayerSide: false,
    disposition: "secret",
  },
};

/** Foundry's numeric token disposition to ours; anything unknown counts as neutral. */
export function dispositionFromNumber(value: number): Disposition {
  if (value === 1) return "friendly";
  if (value === -1) return "hostile";
  if (value === -2) return "secret";
  return "neutral";
}

export type TeamChoice =
  | { readonly kind: "existing"; readonly teamId: TeamId }
  | { readonly kind: "create"; readonly team: NewTeam };

/**
 * The team a new combatant joins: the existing team that collects its disposition, or, if there
 * is none yet, the default team to create for it.
 */
export function teamForDisposition(
  teams: readonly TeamData[],
  disposition: Disposition,
): TeamChoice {
  const existing = teams.find((team) => team.disposition === disposition);
  if (existing !== undefined) return { kind: "existing", teamId: existing.id };
  return { kind: "create", team: DEFAULT_TEAMS[disposition] };
}

export type TeamRefusal =
  "unknownCombatant" | "unknownTeam" | "sameTeam" | "emptyName" | "nameTooLong" | "invalidColor";

/**
 * Moves a combatant to another team. The turn machine then needs a `reconcile`: a combatant that
 * already acted this round stays acted, one in the middle of its turn stops being active when its
 * new team is not the one in phase.
 */
export function moveToTeam(
  roster: Roster,
  teams: readonly TeamData[],
  combatantId: CombatantId,
  teamId: TeamId,
):
  | { readonly ok: true; readonly roster: Roster }
  | { readonly ok: false; readonly reason: TeamRefusal } {
  const member = roster.find((m) => m.id === combatantId);
  if (member === undefined) return { ok: false, reason: "unknownCombatant" };
  if (!teams.some((team) => team.id === teamId)) return { ok: false, reason: "unknownTeam" };
  if (member.teamId === teamId) return { ok: false, reason: "sameTeam" };
  return { ok: true, roster: roster.map((m) => (m.id === combatantId ? { ...m, teamId } : m)) };
}

export const TEAM_NAME_MAX_LENGTH = 60;

/** A team's new name, trimmed; refused when empty or longer than 60 characters. */
export function checkTeamName(
  name: string,
):
  | { readonly ok: true; readonly name: string }
  | { readonly ok: false; readonly reason: TeamRefusal } {
  const trimmed = name.trim();
  if (trimmed === "") return { ok: false, reason: "emptyName" };
  if (trimmed.length > TEAM_NAME_MAX_LENGTH) return { ok: false, reason: "nameTooLong" };
  return { ok: true, name: trimmed };
}

/** A team's new colour, as "#rrggbb" in lower case; "#RGB" is expanded. */
export function checkTeamColor(
  color: string,
):
  | { readonly ok: true; readonly color: string }
  | { readonly ok: false; readonly reason: TeamRefusal } {
  const value = color.trim().toLowerCase();
  if (/^#[0-9a-f]{6}$/.test(value)) return { ok: true, color: value };
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(value);
  if (short !== null) {
    const [, r = "", g = "", b = ""] = short;
    return { ok: true, color: `#${r}${r}${g}${g}${b}${b}` };
  }
  return { ok: false, reason: "invalidColor" };
}
