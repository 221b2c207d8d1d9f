import {
  endCombatTurnAction,
  requestTurnAction,
  reconcileCombat,
  reconcileNow,
  serialized,
  startFrayCombat,
  warnRefusal,
} from "../combat/actions.ts";
import type { ActionOutcome } from "../combat/actions.ts";
import { frayTurnEventsOf } from "../combat/core-sync.ts";
import type { FrayTurnEvents } from "../combat/core-sync.ts";
import type { StartChoice } from "../combat/start.ts";
import { assignTeams } from "../combat/teams.ts";
import { frayTurns, turnStateOf } from "../combat/state.ts";
import { activeRuleset } from "../settings.ts";

function isActiveGM(): boolean {
  return game.users?.activeGM?.isSelf === true;
}

/**
 * Fray's team-based Combat. Where the combat is lives in `flags.fray.turn` (the turn machine's
 * state); the documents only apply what the machine says. Core's buttons keep working: next turn
 * ends the acting combatant's turn (or the phase), previous turn undoes the last step, next round
 * ends the round, previous round goes back a phase.
 *
 * `turns` is Fray's order, derived from stored data alone, and re-derived on every change that
 * feeds it (core re-sorts only for combatant changes): so every client, connected or reloaded,
 * reads the same combatant at the same `turn` index.
 */
export class FrayCombat extends Combat {
  /** Combatants in the order of the round's phases; `current` is recorded from this order. */
  override setupTurns(): Combatant.Implementation[] {
    const turns = frayTurns(this, activeRuleset().turnOrder);
    this.turns = turns;
    const combatant = this.turn === null ? undefined : turns[this.turn];
    this.current = this._getCurrentState(combatant);
    this.previous ??= this.current;
    return turns;
  }

  /** Re-derives the order before core records `previous`/`current` and runs its update work. */
  override _onUpdate(...args: Parameters<Combat["_onUpdate"]>): void {
    this.setupTurns();
    super._onUpdate(...args);
    const events = frayTurnEventsOf(args[1], args[2]);
    if (events !== null && isActiveGM()) void this.#runTurnEvents(events);
  }

  /**
   * Core's turn and round events for the turns Fray's transition really ended and started
   * (core's own run is switched off with `turnEvents: false`; see core-sync.ts).
   */
  async #runTurnEvents(events: FrayTurnEvents): Promise<void> {
    const ended = events.ended === null ? undefined : this.combatants.get(events.ended.combatantId);
    if (ended !== undefined && events.ended !== null) {
      await this._onEndTurn(ended, { ...turnContext(events.ended), skipped: false });
    }
    if (events.roundEnded !== null) {
      await this._onEndRound({ round: events.roundEnded, skipped: false });
    }
    if (events.roundStarted !== null) {
      await this._onStartRound({ round: events.roundStarted, skipped: false });
    }
    const started =
      events.started === null ? undefined : this.combatants.get(events.started.combatantId);
    if (started !== undefined && events.started !== null) {
      await this._onStartTurn(started, { ...turnContext(events.started), skipped: false });
    }
  }

  override async startCombat(): Promise<this> {
    await this.startWith({});
    return this;
  }

  /** Starts the combat with the GM's choice, and core's start-of-encounter sound. */
  async startWith(choice: StartChoice): Promise<ActionOutcome> {
    const outcome = await startFrayCombat(this, choice);
    if (outcome.ok) this._playCombatSound("startEncounter");
    return outcome;
  }

  override async nextTurn(): Promise<this> {
    await endCombatTurnAction(this);
    return this;
  }

  override async previousTurn(): Promise<this> {
    await requestTurnAction(this, { kind: "undo" });
    return this;
  }

  override async nextRound(): Promise<this> {
    await requestTurnAction(this, { kind: "nextRound" });
    return this;
  }

  override async previousRound(): Promise<this> {
    await requestTurnAction(this, { kind: "undoPhase" });
    return this;
  }

  /*
   * Core's initiative controls would write initiative and re-sort `turns` behind the turn
   * machine's back: the order is the ruleset's, settled when the combat starts.
   */
  override rollInitiative(..._args: Parameters<Combat["rollInitiative"]>): Promise<this> {
    warnRefusal("coreInitiative");
    return Promise.resolve(this);
  }

  override rollAll(): Promise<this> {
    warnRefusal("coreInitiative");
    return Promise.resolve(this);
  }

  override rollNPC(): Promise<this> {
    warnRefusal("coreInitiative");
    return Promise.resolve(this);
  }

  override resetAll(): Promise<this> {
    warnRefusal("coreInitiative");
    return Promise.resolve(this);
  }

  /** A combatant starts its turn (its owner, or the GM). */
  async activateCombatant(combatantId: string): Promise<this> {
    await requestTurnAction(this, { kind: "activate", combatantId });
    return this;
  }

  /** A combatant's turn is over (its owner, or the GM). */
  async endCombatantTurn(combatantId: string): Promise<this> {
    await requestTurnAction(this, { kind: "endTurn", combatantId });
    return this;
  }

  /** The GM ends the current team's phase. */
  async endPhase(): Promise<this> {
    await requestTurnAction(this, { kind: "endPhase" });
    return this;
  }

  /** Whether the turn machine has started this combat. */
  get frayStarted(): boolean {
    return turnStateOf(this).round > 0;
  }

  /**
   * A team changed (created, renamed, recoloured, new order value, deleted): core returns early
   * for groups, neither re-sorting nor rendering the sidebar, so Fray does both, on every client.
   */
  #teamsChanged(collection: string): void {
    if (collection !== "groups") return;
    this.setupTurns();
    renderTracker(this);
  }

  override _onCreateDescendantDocuments(
    ...args: Parameters<Combat["_onCreateDescendantDocuments"]>
  ): void {
    super._onCreateDescendantDocuments(...args);
    const collection: string = args[1];
    this.#teamsChanged(collection);
    if (!isActiveGM()) return;
    if (collection !== "combatants") {
      void reconcileCombat(this);
      return;
    }
    // New combatants join their team by disposition, then take their place in the order.
    void serialized(async () => {
      await assignTeams(this);
      await reconcileNow(this);
    });
  }

  override _onUpdateDescendantDocuments(
    ...args: Parameters<Combat["_onUpdateDescendantDocuments"]>
  ): void {
    super._onUpdateDescendantDocuments(...args);
    this.#teamsChanged(args[1]);
    if (isActiveGM()) void reconcileCombat(this);
  }

  override _onDeleteDescendantDocuments(
    ...args: Parameters<Combat["_onDeleteDescendantDocuments"]>
  ): void {
    super._onDeleteDescendantDocuments(...args);
    this.#teamsChanged(args[1]);
    if (isActiveGM()) void reconcileCombat(this);
  }
}

function turnContext(ref: { round: number; turn: number | null }) {
  return { round: ref.round, turn: ref.turn ?? 0 };
}

/** Renders this client's sidebar tracker when it shows this combat. */
function renderTracker(combat: FrayCombat): void {
  const tracker = (ui as { combat?: unknown }).combat as
    { viewed?: { id?: string | null } | null; render?: () => unknown } | undefined;
  if (tracker?.viewed?.id === combat.id && typeof tracker.render === "function") {
    void tracker.render();
  }
}

export class FrayCombatant extends Combatant {}

/** A team: core v13 CombatantGroup with `system` data from TeamData. */
export class FrayCombatantGroup extends CombatantGroup {}
