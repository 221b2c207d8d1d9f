/**
 * The encounter simulator in Foundry: the GM's entry points. `openSimulator(combat, teamId?)`
 * reads the combat as it stands through the ruleset's adapter, plays it with each fighter's
 * tactic (as last chosen for this combat, tactics.ts) in a Web Worker with a progress bar and
 * Cancel, and shows the results window, where the GM can change the tactics and run again.
 *
 * The tracker wires it (see the report of issue 17): a header button and a team's context menu
 * entry call `simulateAction` / `simulateContextOption`, labelled SIMULATE_LABEL.
 */
import { activeRuleset } from "../settings.ts";
import { teamIdOf, teamsOf } from "../combat/state.ts";
import type { CombatLike } from "../combat/state.ts";
import { teamData } from "../combat/teams.ts";
import { currentUser, i18n } from "../shared/env.ts";
import { simAdapterInfo } from "../../rules/sim/simulate.ts";
import { SimulatorApp } from "./app.ts";
import {
  DEFAULT_FIGHTS,
  defaultSeed,
  fighterNames,
  setupFighters,
  simulationRequest,
} from "./request.ts";
import { runSimulation, spawnSimulatorWorker } from "./runner.ts";
import { draftOf, storedTactics, tacticsUpdate } from "./tactics.ts";
import type { WorkerLike } from "./runner.ts";

export { SimulatorApp } from "./app.ts";
export { fighterNames, simulationRequest } from "./request.ts";

/** The label of the Simulate button and menu entry. */
export const SIMULATE_LABEL = "FRAY.Simulator.Simulate";
/** Its icon (Font Awesome, as core's buttons). */
export const SIMULATE_ICON = '<i class="fa-solid fa-chart-simple"></i>';

export interface OpenOptions {
  readonly fights?: number;
  readonly seed?: string;
  /** Where the worker comes from (a fake in tests). */
  readonly createWorker?: () => WorkerLike;
}

/**
 * Plays `combat` from where it stands and shows how it is likely to go; `teamId` puts that team's
 * chance first. GM only: anyone else is told so and nothing runs. Resolves to the window (already
 * showing the outcome) or null.
 */
export async function openSimulator(
  combat: CombatLike,
  teamId?: string,
  options: OpenOptions = {},
): Promise<SimulatorApp | null> {
  if (!currentUser().isGM) {
    ui.notifications?.warn(i18n().localize("FRAY.Simulator.GmOnly"));
    return null;
  }
  const ruleset = activeRuleset();
  const teams = teamsOf(combat).map(teamData);
  const colors = Object.fromEntries(teams.map((team) => [team.id, team.color]));
  const fighters = setupFighters(combat);
  const info = simAdapterInfo(ruleset.id);
  const fights = options.fights ?? DEFAULT_FIGHTS;
  const seed = options.seed ?? defaultSeed(combat);
  const createWorker = options.createWorker ?? spawnSimulatorWorker;
  const stored = info === undefined ? {} : storedTactics(combat, fighters, info);
  const app = new SimulatorApp({
    colors,
    ...(teamId === undefined ? {} : { focus: teamId }),
    ...(info === undefined
      ? {}
      : {
          tactics: {
            ruleset: ruleset.id,
            info,
            fighters,
            teams: teams.map((team) => ({ id: team.id, name: team.name })),
            draft: draftOf(stored, fights, seed),
          },
        }),
    names: fighterNames(combat),
    start: async (choice, onProgress) => {
      // The GM's tactics stay with the combat: one update, only when they changed.
      const update =
        info === undefined ? null : tacticsUpdate(combat, fighters, info, choice.tactics);
      if (update !== null) await combat.update(update);
      const request = simulationRequest(
        combat,
        ruleset,
        choice.fights,
        choice.seed,
        choice.tactics,
      );
      return runSimulation(request, onProgress, createWorker);
    },
  });
  await app.play({ tactics: stored, fights, seed });
  return app;
}

/** What the tracker hands the handlers: its viewed combat. */
export interface TrackerLike {
  readonly frayCombat: CombatLike | null;
}

/**
 * The Simulate button's handler, for the tracker's `actions` (data-action="fraySimulate"). A
 * button inside a team block (data-team-id) simulates from that team's side.
 */
export async function simulateAction(
  this: TrackerLike,
  _event: Event,
  target: HTMLElement,
): Promise<void> {
  const combat = this.frayCombat;
  if (combat === null) return;
  const teamId = target.closest<HTMLElement>("[data-team-id]")?.dataset["teamId"];
  await openSimulator(combat, teamId === "" ? undefined : teamId);
}

/**
 * The context-menu entry for a combatant's row: "Simulate" from the side of that row's team.
 * Shown to the GM only.
 */
export function simulateContextOption(tracker: TrackerLike): {
  name: string;
  icon: string;
  condition: () => boolean;
  callback: (li: HTMLElement) => void;
} {
  return {
    name: SIMULATE_LABEL,
    icon: SIMULATE_ICON,
    condition: () => game.user?.isGM === true,
    callback: (li: HTMLElement) => {
      const combat = tracker.frayCombat;
      if (combat === null) return;
      const combatant = combat.combatants.get(li.dataset["combatantId"] ?? "");
      const teamId = combatant === undefined ? "" : teamIdOf(combatant);
      void openSimulator(combat, teamId === "" ? undefined : teamId);
    },
  };
}
