import {
  endCombatTurnAction,
  requestTurnAction,
  reconcileCombat,
  reconcileNow,
  serialized,
  startFrayCombat,
} from "../combat/actions.ts";
import { assignTeams } from "../combat/teams.ts";
import { currentOrder, teamIdOf, turnStateOf } from "../combat/state.ts";
import { activeRuleset } from "../settings.ts";

/**
 * Fray's team-based Combat. Where the combat is lives in `flags.fray.turn` (the turn machine's
 * state); the documents only apply what the machine says. Core's buttons keep working: next turn
 * ends the acting combatant's turn (or the phase), previous turn undoes the last step, next round
 * ends the round, previous round goes back a phase.
 */
export class FrayCombat extends Combat {
  /** Combatants in the order of the round's phases: team by team, or by initiative. */
  override setupTurns(): Combatant.Implementation[] {
    const turns = super.setupTurns();
    const order = currentOrder(this, activeRuleset().turnOrder);
    const rank = (c: Combatant.Implementation) => {
      const key = order.mode === "team" ? teamIdOf(c) : (c.id ?? "");
      const at = order.order.indexOf(key);
      return at < 0 ? order.order.length : at;
    };
    const sorted = turns
      .map((c, index) => ({ c, index }))
      .sort((a, b) => rank(a.c) - rank(b.c) || a.index - b.index)
      .map((entry) => entry.c);
    this.turns = sorted;
    return sorted;
  }

  override async startCombat(): Promise<this> {
    await startFrayCombat(this);
    return this;
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

  override _onCreateDescendantDocuments(
    ...args: Parameters<Combat["_onCreateDescendantDocuments"]>
  ): void {
    super._onCreateDescendantDocuments(...args);
    if (game.users?.activeGM?.isSelf !== true) return;
    const collection: string = args[1];
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
    void reconcileCombat(this);
  }

  override _onDeleteDescendantDocuments(
    ...args: Parameters<Combat["_onDeleteDescendantDocuments"]>
  ): void {
    super._onDeleteDescendantDocuments(...args);
    void reconcileCombat(this);
  }
}

export class FrayCombatant extends Combatant {}

/** A team: core v13 CombatantGroup with `system` data from TeamData. */
export class FrayCombatantGroup extends CombatantGroup {}
