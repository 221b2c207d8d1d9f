/**
 * What the tracker shows, and what a player may see of it. The tracker renders these rows; it
 * adds health, Energy and statuses from the documents itself.
 */
import { currentPhase, isAble, isOut, membersOfPhase, takesTurns } from "./machine.ts";
import type { CombatantId, Phase, Roster, TeamId, TurnState } from "./types.ts";

export interface MemberView {
  readonly id: CombatantId;
  readonly teamId: TeamId;
  readonly acted: boolean;
  readonly active: boolean;
  readonly defeated: boolean;
  readonly hidden: boolean;
  /** Why the member is out of the fight by its ruleset's rules, or null (see RosterMember). */
  readonly outOfFight: string | null;
  /** Defeated or out, and the order passes over it (the world does not keep the out in). */
  readonly skipped: boolean;
}

export interface PhaseView {
  readonly phase: Phase;
  /** The phase being played. */
  readonly current: boolean;
  /** Already over this round. */
  readonly past: boolean;
  /** Nobody in it can act (all defeated or hidden): it will be passed over. */
  readonly skipped: boolean;
  readonly members: readonly MemberView[];
}

export interface TrackerView {
  readonly round: number;
  readonly phases: readonly PhaseView[];
  /** Combatants whose team has no phase this round (e.g. not in the surprise round). */
  readonly waiting: readonly MemberView[];
}

/**
 * The tracker's rows for a viewer. The GM sees everything; a player does not see hidden
 * combatants, nor a phase whose combatants are all hidden (which would betray them). `keepOut`:
 * the world keeps defeated and out members in the order (TurnOptions.keepOut).
 */
export function trackerView(
  state: TurnState,
  roster: Roster,
  viewer: "gm" | "player",
  keepOut = false,
): TrackerView {
  const current = currentPhase(state);
  // Lookups by id, so that the view of a large fight costs in proportion to its size.
  const visible = new Map(
    (viewer === "gm" ? roster : roster.filter((m) => !m.hidden)).map((m) => [m.id, m]),
  );
  const acted = new Set(state.acted);
  const view = (id: CombatantId): MemberView | null => {
    const m = visible.get(id);
    if (m === undefined) return null;
    const why = m.outOfFight ?? "";
    return {
      id: m.id,
      teamId: m.teamId,
      acted: acted.has(m.id),
      active: state.active === m.id,
      defeated: m.defeated,
      hidden: m.hidden,
      outOfFight: why === "" ? null : why,
      skipped: isOut(m) && !takesTurns(m, keepOut),
    };
  };
  const placed = new Set<CombatantId>();
  const phases: PhaseView[] = [];
  state.plan.forEach((phase, index) => {
    const all = membersOfPhase(phase, roster);
    all.forEach((m) => placed.add(m.id));
    const members = all.map((m) => view(m.id)).filter((m): m is MemberView => m !== null);
    if (phase.kind !== "event" && members.length === 0 && viewer === "player") return;
    const isCurrent = current !== null && index === state.phaseIndex;
    phases.push({
      phase,
      current: isCurrent,
      past: index < state.phaseIndex,
      skipped: phase.kind !== "event" && !all.some((m) => isAble(m, keepOut)) && !isCurrent,
      members,
    });
  });
  const waiting = roster
    .filter((m) => !placed.has(m.id))
    .map((m) => view(m.id))
    .filter((m): m is MemberView => m !== null);
  return { round: state.round, phases, waiting };
}
